"""langrensha's flow: the steps it declares, how each one's answers resolve and what comes next.

The night is a `RoleSequence` over the night steps of `night.py`, in the order of `data.NIGHT`: each
step plays until its deadline whether its role lives or not (option `early_close` closes a step as
soon as its living actors have answered), and the dawn follows the last. Each day step is declared
with the rule that resolves it (`DAY_STEPS`), and the rule returns what follows as a `Next`, which
`go` plays through `FOLLOWS` until a step is open. What follows a round of speeches is declared by
its kind (`AFTER_SPEECHES`), and what follows the duties of the dead by what today's deaths
interrupted (`after_dying`).
"""

from __future__ import annotations

from collections.abc import Callable

from grimoire.domain.events import MODERATOR, Action
from grimoire.domain.ruleset import RoleSequence, Ruleset, StepSpec, Table
from grimoire.domain.rulesets.langrensha.data import night_plan
from grimoire.domain.rulesets.langrensha.dying import DUTIES, closure, die, pass_badge, shoot
from grimoire.domain.rulesets.langrensha.facts import DutyTaken, LState, Speeches
from grimoire.domain.rulesets.langrensha.night import NIGHT_STEPS, actors, dawn, deal, tell_pack
from grimoire.domain.rulesets.langrensha.sheriff import (
    after_campaign,
    close_candidacy,
    close_sheriff_vote,
    close_withdraw,
    open_candidacy,
    sheriff_vote,
)
from grimoire.domain.rulesets.langrensha.speaking import discussion, turn_left
from grimoire.domain.rulesets.langrensha.then import Next
from grimoire.domain.rulesets.langrensha.votes import (
    close_duel,
    close_exile_vote,
    close_impeach,
    exile_vote,
    open_duel,
    pre_vote,
)
from grimoire.domain.state import GameState

Rule = Callable[[Table[LState], dict[int, Action]], Next]


def go(g: Table[LState], then: Next) -> None:
    """Play what follows until a step is open (or the game is over)."""
    while then is not Next.NOTHING:
        then = FOLLOWS[then](g)


def start(g: Table[LState]) -> None:
    deal(g)
    tell_pack(g)
    begin_night(g, 1)


def begin_night(g: Table[LState], night: int) -> Next:
    g.phase("night", night)  # tonight's state starts afresh (see `facts._on_phase`)
    NIGHT_SEQUENCE.begin(g.rs, g)
    return Next.NOTHING


def begin_day(g: Table[LState]) -> Next:
    """The dawn after the night's last step: the night's deaths, then their duties."""
    deaths = dawn(g)
    state = g.state
    if not deaths:
        g.notice("morning.none")
        return Next.DUTIES
    # night 1: every death leaves last words, those who die with the dead (heartbreak, charm) too
    words = sorted(closure(state, deaths)) if state.day == 1 and state.options["last_words"] != "none" else []
    return Next.NOTHING if die(g, deaths, "morning", words) else Next.DUTIES


def run_duties(g: Table[LState]) -> Next:
    """Take up the duties of the dead in order; when none is left, what the dying interrupted goes on."""
    while g.state.x.queue:
        owed = g.state.x.queue[0]
        g.emit(DutyTaken(at=g.at, to=MODERATOR, kind=owed.kind.value, seats=owed.seats))
        if DUTIES[owed.kind](g, owed.seats):
            return Next.NOTHING
    return after_dying(g.state)


def after_dying(state: GameState[LState]) -> Next:
    """The day goes on from where today's deaths stopped it: an exile ends the day, a knight's duel
    leads to the vote, and the night's deaths to the day's opening."""
    if state.x.executed_day == state.day:
        return Next.NIGHT
    if state.x.dueled == state.day:
        return Next.PRE_VOTE
    return Next.DAY


def open_day(g: Table[LState]) -> Next:
    """The first day opens with the sheriff election, the others with the discussion."""
    return open_candidacy(g) if g.state.day == 1 else Next.DISCUSSION


def next_speech(g: Table[LState]) -> Next:
    """The next turn of the round of speeches under way; after its last, what follows the round."""
    if turn_left(g):
        return Next.NOTHING
    speeches = g.state.x.speeches
    assert speeches is not None, "every speaking order follows the start of a round of speeches"
    return AFTER_SPEECHES[speeches](g)


# What follows each round of speeches once its last turn is spoken.
AFTER_SPEECHES: dict[Speeches, Callable[[Table[LState]], Next]] = {
    Speeches.CAMPAIGN: after_campaign,
    Speeches.SHERIFF_PK: lambda g: sheriff_vote(g, 2),
    Speeches.EXILE_PK: lambda g: exile_vote(g, 2, g.state.x.candidates),
    Speeches.DISCUSSION: open_duel,
}


FOLLOWS: dict[Next, Callable[[Table[LState]], Next]] = {
    Next.SPEECH: next_speech,
    Next.DAY: open_day,
    Next.DISCUSSION: discussion,
    Next.DUTIES: run_duties,
    Next.PRE_VOTE: pre_vote,
    Next.NIGHT: lambda g: begin_night(g, g.state.day + 1),
}


def _resolve(rule: Rule) -> StepSpec[Ruleset[LState]]:
    """A day step: its rule resolves the answers and names what follows."""
    return StepSpec(lambda rs, g, answers: go(g, rule(g, answers)))


def _shot(g: Table[LState], answers: dict[int, Action]) -> Next:
    return Next.NOTHING if shoot(g, answers) else Next.DUTIES


def _badge(g: Table[LState], answers: dict[int, Action]) -> Next:
    pass_badge(g, answers)
    return Next.DUTIES


DAY_STEPS: dict[str, StepSpec[Ruleset[LState]]] = {
    "last_words": _resolve(lambda g, answers: Next.DUTIES),
    "speech": _resolve(lambda g, answers: Next.SPEECH),
    "shot": _resolve(_shot),
    "badge": _resolve(_badge),
    "candidacy": _resolve(close_candidacy),
    "withdraw": _resolve(close_withdraw),
    "sheriff_vote": _resolve(close_sheriff_vote),
    "duel": _resolve(close_duel),
    "impeach": _resolve(close_impeach),
    "exile_vote": _resolve(close_exile_vote),
}

NIGHT_SEQUENCE = RoleSequence(
    prefix="night.",
    plan=lambda rs, state: night_plan(state.setup_roles, state.day == 1, state.day % 2 == 1),
    steps=NIGHT_STEPS,
    actors=actors,
    finish=lambda rs, g: go(g, begin_day(g)),
)

STEPS: dict[str, StepSpec[Ruleset[LState]]] = {**DAY_STEPS, **NIGHT_SEQUENCE.specs()}
