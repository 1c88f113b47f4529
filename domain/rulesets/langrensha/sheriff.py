"""The sheriff election on the first day: candidacy, the campaign, withdrawing, the vote and its PK."""

from __future__ import annotations

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.langrensha.dying import badge
from grimoire.domain.rulesets.langrensha.facts import LState, Runoff, SheriffCandidates, Speeches, VoteRound, Withdrew
from grimoire.domain.rulesets.langrensha.speaking import speeches
from grimoire.domain.rulesets.langrensha.then import Next
from grimoire.domain.rulesets.langrensha.votes import count


def open_candidacy(g: Table[LState]) -> Next:
    stand = Decision(kind="stand", options=("stand", "pass"))
    g.open_step("candidacy", "candidacy_seconds", seats=g.state.living(), decisions=(stand,))
    return Next.NOTHING


def close_candidacy(g: Table[LState], answers: dict[int, Action]) -> Next:
    candidates = [s for s, a in sorted(answers.items()) if a.kind == "stand" and a.option == "stand"]
    g.notice("sheriff.candidates", seats=candidates)
    g.emit(SheriffCandidates(at=g.at, seats=tuple(candidates)))
    if len(candidates) < 2:
        return elect(g, candidates[0] if candidates else 0)
    return speeches(g, Speeches.CAMPAIGN, candidates)


def after_campaign(g: Table[LState]) -> Next:
    """Under the standard rules the candidates may withdraw before the vote."""
    if g.state.options["sheriff_rules"] == "standard":
        stay = Decision(kind="withdraw", options=("stay", "withdraw"))
        g.open_step("withdraw", "withdraw_seconds", seats=g.state.x.candidates, decisions=(stay,))
        return Next.NOTHING
    return sheriff_vote(g, 1)


def close_withdraw(g: Table[LState], answers: dict[int, Action]) -> Next:
    out = [s for s, a in sorted(answers.items()) if a.kind == "withdraw" and a.option == "withdraw"]
    stay = [s for s in g.state.x.candidates if s not in out]
    if out:
        g.notice("sheriff.withdrawn", seats=out)
        g.emit(Withdrew(at=g.at, to=MODERATOR, seats=tuple(out)))
    if len(stay) < 2:
        return elect(g, stay[0] if stay else 0)
    return sheriff_vote(g, 1)


def sheriff_vote(g: Table[LState], rnd: int) -> Next:
    state = g.state
    voters = state.living()
    if state.options["sheriff_rules"] == "standard":
        voters = [s for s in voters if s not in state.x.stood]
    if not voters:
        return elect(g, 0)
    g.emit(VoteRound(at=g.at, to=MODERATOR, vote="sheriff", round=rnd, candidates=state.x.candidates))
    ballot = Decision(kind="vote", targets=tuple(state.x.candidates), optional=True)
    g.open_step("sheriff_vote", "vote_seconds", seats=voters, decisions=(ballot,))
    return Next.NOTHING


def close_sheriff_vote(g: Table[LState], answers: dict[int, Action]) -> Next:
    leaders = count(g, "sheriff", answers, {})
    if len(leaders) == 1:
        return elect(g, leaders[0])
    if len(leaders) > 1 and g.state.x.round == 1:
        g.notice("vote.runoff", seats=leaders)
        g.emit(Runoff(at=g.at, to=MODERATOR, vote="sheriff", seats=tuple(leaders)))
        return speeches(g, Speeches.SHERIFF_PK, leaders)
    return elect(g, 0)


def elect(g: Table[LState], seat: int) -> Next:
    badge(g, seat, "sheriff.elected", "sheriff.none")
    return Next.DISCUSSION
