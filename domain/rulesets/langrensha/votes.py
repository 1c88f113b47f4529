"""The day after its discussion: the knight's duel, the impeachment, the exile vote and the exile."""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.langrensha.dying import badge, die
from grimoire.domain.rulesets.langrensha.facts import (
    IdiotRevealed,
    KnightDueled,
    LState,
    PowersLost,
    Runoff,
    Speeches,
    VoteRound,
)
from grimoire.domain.rulesets.langrensha.roles import early, is_wolf
from grimoire.domain.rulesets.langrensha.speaking import speeches
from grimoire.domain.rulesets.langrensha.then import Next


def open_duel(g: Table[LState]) -> Next:
    """After the discussion, a knight who has not dueled may challenge a seat."""
    state = g.state
    if "knight" not in state.setup_roles:
        return Next.PRE_VOTE
    prompts: dict[int, tuple[Decision, ...]] = {}
    for seat in state.living():
        if state.role(seat) == "knight" and "duel" not in state.x.flags[seat - 1] and not state.x.powerless:
            prompts[seat] = (Decision(kind="duel", targets=state.others(seat), optional=True),)
    if not prompts and early(state):
        return Next.PRE_VOTE
    g.open_step("duel", "duel_seconds", private=prompts, hold=not early(state), extend=False)
    return Next.NOTHING


def close_duel(g: Table[LState], answers: dict[int, Action]) -> Next:
    deaths: dict[int, str] = {}
    for seat, a in sorted(answers.items()):
        if a.kind == "duel" and a.target is not None and not deaths:
            g.emit(KnightDueled(at=g.at, to=MODERATOR, knight=seat, target=a.target))
            g.notice("knight.duel", learn={seat: "knight"}, seat=seat, target=a.target)
            deaths[a.target if is_wolf(g.state, a.target) else seat] = "duel"
    if not deaths:
        return Next.PRE_VOTE
    return Next.NOTHING if die(g, deaths, "day", []) else Next.DUTIES


def pre_vote(g: Table[LState]) -> Next:
    state = g.state
    if state.options["impeachment"] and state.x.sheriff and state.day >= 2:
        choice = Decision(kind="impeach", options=("keep", "impeach"))
        g.open_step("impeach", "impeach_seconds", seats=state.living(), decisions=(choice,))
        return Next.NOTHING
    return exile_vote(g, 1, [])


def close_impeach(g: Table[LState], answers: dict[int, Action]) -> Next:
    state = g.state
    ayes = sum(a.option == "impeach" for a in answers.values())
    g.notice("impeach.tally", count=ayes)
    if 2 * ayes > len(state.living()):
        badge(g, 0, "", "sheriff.impeached")
    return exile_vote(g, 1, [])


def exile_vote(g: Table[LState], rnd: int, tied: Sequence[int]) -> Next:
    state = g.state
    voters = [s for s in state.living() if s not in state.x.no_vote and s not in tied]
    g.emit(VoteRound(at=g.at, to=MODERATOR, vote="exile", round=rnd, candidates=tuple(tied)))
    if not voters:
        g.notice("vote.none")
        return Next.NIGHT
    ballot = Decision(kind="vote", targets=tuple(tied or state.living()), optional=True)
    g.open_step("exile_vote", "vote_seconds", seats=voters, decisions=(ballot,))
    return Next.NOTHING


def count(g: Table[LState], vote: str, answers: dict[int, Action], extra: dict[int, float]) -> list[int]:
    """Tally a ballot (the sheriff's vote counts 1.5), announce it, and return the leaders."""
    state = g.state
    ballots = {s: a.target for s, a in sorted(answers.items()) if a.kind == "vote"}
    tally: dict[int, float] = dict(extra)
    for voter, target in ballots.items():
        if target is not None:
            tally[target] = tally.get(target, 0.0) + (1.5 if voter == state.x.sheriff and vote == "exile" else 1.0)
    return list(g.vote_result(vote, tally, ballots))


def close_exile_vote(g: Table[LState], answers: dict[int, Action]) -> Next:
    state = g.state
    targets = state.x.candidates or state.living()
    marked = {t: 1.0 for t in state.x.raven if t in targets and state.is_alive(t)}
    leaders = count(g, "exile", answers, marked)
    if len(leaders) == 1:
        return exile(g, leaders[0])
    if len(leaders) > 1 and state.x.round == 1 and state.options["exile_tie"] == "pk":
        g.notice("vote.runoff", seats=leaders)
        g.emit(Runoff(at=g.at, to=MODERATOR, vote="exile", seats=tuple(leaders)))
        return speeches(g, Speeches.EXILE_PK, leaders)
    g.notice("vote.none")
    return Next.NIGHT


def exile(g: Table[LState], seat: int) -> Next:
    state = g.state
    role = state.role(seat)
    if role == "idiot" and seat not in state.x.no_vote and not state.x.powerless:
        g.notice("idiot.revealed", learn={seat: "idiot"}, seat=seat)
        g.emit(IdiotRevealed(at=g.at, seat=seat))
        return Next.NIGHT
    if role == "elder" and not state.x.powerless:
        g.notice("elder.penalty", learn={seat: "elder"}, seat=seat)
        g.emit(PowersLost(at=g.at, to=MODERATOR, elder=seat))
    words = [seat] if state.options["last_words"] != "none" else []
    return Next.NOTHING if die(g, {seat: "exile"}, "execution", words) else Next.DUTIES
