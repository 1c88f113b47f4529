"""The day: the morning and its announced rules, the discussion (and the cursed player's silence),
the ballots (the vote, `court` and `prison`, with their runoffs and formats), the execution and the marksman's
shot. A step's resolution returns what the flow opens next; None: the next step is open already, or
the game has ended."""

from __future__ import annotations

from collections import Counter

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.rulesets.magic_city.city import announce_awakening, check_win, die, mark
from grimoire.domain.rulesets.magic_city.data import AFTER_EXECUTION, FLIP, INCANTATION_MAX, Then
from grimoire.domain.rulesets.magic_city.facts import (
    BallotOpened,
    CityImprisoned,
    CityState,
    DayBegan,
    ShotAwaited,
    TodayShown,
)
from grimoire.domain.state import GameState


def dawn(rs: Ruleset[CityState], g: Table[CityState], deaths: dict[int, str]) -> None:
    """The morning: the night's deaths, the day's standing and announced rules, then the discussion."""
    state = g.state
    x: CityState = state.x
    g.phase("day", state.day + 1)
    yesterday = x.event_day == state.day
    today = x.event if yesterday else None
    altar = x.altar or today == "altar"
    if deaths:
        die(g, deaths, "morning", reveal=altar)
    else:
        g.notice("morning.none")
    curse = x.tonight.curse
    cursed = curse if curse is not None and x.eye_alive and g.state.is_alive(curse) and state.day >= 1 else None
    church = (x.drawer, *g.state.x.morning_dead) if today == "church" and x.drawer else ()
    g.emit(DayBegan(at=g.at, to=MODERATOR, today=today, altar=altar, cursed=cursed, church=tuple(sorted(set(church)))))
    if g.state.x.awakening_due and any(g.state.is_alive(s) for s in g.state.x.awakened):
        announce_awakening(g)
    if check_win(g):
        return
    if state.day >= 1 and "evil_eye" in state.setup_roles:
        g.notice("curse.on", seat=cursed) if cursed is not None else g.notice("curse.none")
    announce_today(g)
    show_today(g)
    begin_discussion(g)


def announce_today(g: Table[CityState]) -> None:
    state = g.state
    x: CityState = state.x
    today, p = x.today, x.today_params
    if today == "academy":
        g.notice("today.academy")
    elif today in ("library", "babel") and p.word:
        g.notice(f"today.{today}", word=p.word)
    elif today == "altar":
        g.notice("today.altar")
    elif today == "bathhouse" and p.minutes:
        g.notice("today.bathhouse", minutes=min(p.minutes, minutes(state) / 2))
    elif today == "church":
        g.notice("today.church", seats=x.church)
    elif today == "clock_tower":
        g.notice("today.clock_tower", minutes=minutes(state))
    elif today in ("bank", "thieves") and p.target is not None and state.is_alive(p.target):
        g.notice(f"today.{today}", seat=p.target)
    elif today == "parliament":
        g.notice("today.parliament", format=vote_format(state))


def show_today(g: Table[CityState]) -> None:
    """The day's announced rules, for every view: today's event and its word, the vote format, the cursed."""
    state = g.state
    x: CityState = state.x
    p = x.today_params
    g.emit(
        TodayShown(
            at=g.at,
            event=x.today,
            format=vote_format(state),
            cursed=x.cursed,
            word=p.word,
            minutes=p.minutes,
            target=p.target if x.today in ("bank", "thieves") else None,
        ),  # else the drawer's secret
    )


def minutes(state: GameState[CityState]) -> float:
    length = max(len(state.living()) - 4, 1)
    return length / 2 if state.x.today == "clock_tower" else length


def vote_format(state: GameState[CityState]) -> str:
    today, base = state.x.today, state.options["vote_format"]
    if today == "academy":
        return "free"
    return FLIP[base] if today == "parliament" else base


def speak_decision(state: GameState[CityState]) -> Decision:
    today, word = state.x.today, state.x.today_params.word or ""
    return Decision(
        kind="speak",
        text=state.options["speech_max_chars"],
        repeatable=True,
        exact_text=word if today == "babel" else "",
        text_suffix=word if today == "library" else "",
    )


def talk_lengths(state: GameState[CityState]) -> tuple[float, float]:
    """The day's discussion and the cursed player's silence at its start (seconds)."""
    total = minutes(state) * state.options["discussion_minute_seconds"]
    return total, min(state.options["curse_seconds"], total) if state.x.cursed is not None else 0


def begin_discussion(g: Table[CityState]) -> None:
    total, silence = talk_lengths(g.state)
    if silence:
        open_talk(g, "silence", silence, muted=g.state.x.cursed)
    else:
        open_talk(g, "discussion", total)


def open_talk(g: Table[CityState], name: str, length: float, muted: int | None = None) -> None:
    state = g.state
    speak, ready = speak_decision(state), Decision(kind="ready")
    seats = [s for s in state.living() if s != muted]
    private: dict[int, tuple[Decision, ...]] = {s: (speak,) for s in state.x.church if not state.is_alive(s)}
    if muted is not None:
        private[muted] = (ready,)
    g.open_step(name, length, seats=seats, decisions=(speak, ready), private=private, extend=False)


def open_ballot(
    rs: Ruleset[CityState], g: Table[CityState], purpose: str, candidates: tuple[int, ...] = ()
) -> Then | None:
    """A ballot of its purpose (`Then.VOTE`, `COURT` or `PRISON`), or a runoff among the `candidates`."""
    state = g.state
    x: CityState = state.x
    fmt = "simultaneous" if purpose == "prison" else vote_format(state)
    lend = x.lend if x.lend and x.lend[2] == state.day - 1 else ()
    robbed = {x.today_params.target} if x.today == "thieves" else set()
    robbed |= {lend[1]} if lend else set()
    voters = [s for s in state.living() if s not in candidates and s not in robbed]
    g.emit(
        BallotOpened(at=g.at, to=MODERATOR, purpose=purpose, format=fmt, candidates=candidates, voters=tuple(voters))
    )
    if not voters:
        return tally(rs, g)
    if fmt == "ordered":
        next_voter(g, first=True)
    else:
        name = purpose + ("_runoff" if candidates else "")
        hold = fmt == "free" and not state.options["early_close"]
        g.open_step(name, "vote_seconds", seats=voters, decisions=(ballot_decision(g.state),), hold=hold)
    return None


def ballot_decision(state: GameState[CityState]) -> Decision:
    candidates = state.x.ballot.candidates or tuple(state.living())
    text = INCANTATION_MAX if state.x.today == "academy" else 0
    return Decision(kind="vote", targets=candidates, optional=True, text=text)


def next_voter(g: Table[CityState], first: bool = False) -> None:
    ballot = g.state.x.ballot
    voters = ballot.voters
    if first:
        voter = voters[0]
    else:
        step = g.state.step
        assert step is not None, "the last voter's turn is closing"
        voter = voters[voters.index(step.public[0]) + 1]
    name = ballot.purpose + ("_runoff" if ballot.candidates else "")
    g.open_step(name, "vote_seconds", seats=(voter,), decisions=(ballot_decision(g.state),))


def collect_ballot(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> Then | None:
    ballot, step = g.state.x.ballot, g.state.step
    assert step is not None, "the ballot is closing"
    if ballot.format == "ordered" and step.public[0] != ballot.voters[-1]:
        next_voter(g)
        return None
    return tally(rs, g)


def weight(state: GameState[CityState], voter: int) -> int:
    x, votes = state.x, 1
    if x.today == "bank" and x.today_params.target == voter:
        votes += 1
    if x.lend and x.lend[2] == state.day - 1 and x.lend[0] == voter:
        votes += 1
    return votes


def tally(rs: Ruleset[CityState], g: Table[CityState]) -> Then | None:
    state, ballot = g.state, g.state.x.ballot
    purpose, runoff = ballot.purpose, bool(ballot.candidates)
    counts: Counter[int] = Counter()
    cast = sorted(g.state.x.cast.items())
    for voter, target in cast:
        if target is not None:
            counts[target] += weight(state, voter)
    leaders = g.vote_result(purpose + ("_runoff" if runoff else ""), counts, dict(cast))
    if len(leaders) == 1:
        return carry_out(rs, g, purpose, leaders[0])
    if len(leaders) > 1 and not runoff:
        g.notice("vote.runoff", seats=leaders)
        return open_ballot(rs, g, purpose, leaders)
    if len(leaders) > 1 and purpose != "prison" and state.options["tie_rule"] == "draw":
        g.end("draw", ())
        return None
    g.notice("prison.none" if purpose == "prison" else "vote.none")
    return Then.NIGHT


def carry_out(rs: Ruleset[CityState], g: Table[CityState], purpose: str, seat: int) -> Then | None:
    """The ballot's choice: the prisoner sits the night out; the executed dies (an executed marksman shoots)."""
    if purpose == "prison":
        mark(g, seat)
        g.emit(CityImprisoned(at=g.at, to=MODERATOR, seat=seat, day=g.state.day))
        g.notice("prison.chosen", seat=seat)
        return Then.NIGHT
    if purpose == "court":
        mark(g, seat)
    die(g, {seat: "execution"}, "execution" if purpose == "vote" else "court")
    if check_win(g):
        return None
    then = AFTER_EXECUTION[purpose]
    if g.state.role(seat) == "marksman":
        g.emit(ShotAwaited(at=g.at, to=MODERATOR, marksman=seat, then=then.value))
        g.notice("marksman.revealed", seat=seat)
        shoot = Decision(kind="shoot", targets=tuple(g.state.living()))
        g.open_step("shot", "shot_seconds", private={seat: (shoot,)})
        return None
    return then


def resolve_shot(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> Then | None:
    action = next(iter(answers.values()), None)
    if action is not None and action.target is not None:
        mark(g, action.target)
        die(g, {action.target: "shot"}, "shot")
        if check_win(g):
            return None
    return AFTER_EXECUTION[g.state.x.ballot.purpose]  # what follows the execution it answers


def close_silence(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> Then | None:
    g.notice("curse.lifted")
    total, silence = talk_lengths(g.state)
    step = g.state.step
    assert step is not None, "the silence is closing"
    if not step.owing() or total <= silence:
        return Then.VOTE
    open_talk(g, "discussion", total - silence)
    return None
