"""witch_trial's flow: the deal, then the day's steps, each declared with how it opens, how its
answers resolve and the step that follows it.

The day: dawn (deaths, loot) → morning → noon (talk and trades) → evening (imprisonment vote) →
night (card use), whose resolution (`night.STAGES`) announces the dawn's deaths or the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from enum import StrEnum
from functools import partial
from typing import NamedTuple

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import StepSpec, Table
from grimoire.domain.rulesets.witch_trial.cards import night_decisions
from grimoire.domain.rulesets.witch_trial.data import HAND_CAP, READY_DECISION, VOTE, WK, talk
from grimoire.domain.rulesets.witch_trial.facts import CardsDealt, Imprisoned, WitchState
from grimoire.domain.rulesets.witch_trial.looting import first_finders, prompt_looter
from grimoire.domain.rulesets.witch_trial.night import resolve_night
from grimoire.domain.rulesets.witch_trial.trading import close_offers, offer_decisions


class Step(StrEnum):
    """The day's steps, by the name each opens with."""

    MORNING = "morning"
    NOON = "noon"
    VOTE = "vote"
    NIGHT = "night"
    LOOT = "loot"


class DayStep(NamedTuple):
    """A step of the day: `opens` opens it (its phase and prompts); once it closes, `resolve`
    applies its answers and, unless the game has ended, the step `then` opens."""

    opens: Callable[[Table[WitchState]], None]
    resolve: Callable[[Table[WitchState], dict[int, Action]], None]
    then: Step


def deal(g: Table[WitchState]) -> None:
    """Four cards a seat, from the shuffled pool (or in its order); then the first morning."""
    pool = g.state.setup_roles if g.state.options["deal_in_order"] else g.rng.shuffled(g.state.setup_roles)
    for seat in range(1, g.state.seats + 1):
        cards = tuple(pool[HAND_CAP * (seat - 1) : HAND_CAP * seat])
        g.emit(CardsDealt(at=g.at, to=(seat,), seat=seat, cards=cards))
        if WK in cards:
            g.notice("witch.cursed", to=(seat,))
    open_morning(g, 1)


def open_morning(g: Table[WitchState], day: int) -> None:
    g.phase("morning", day)
    g.open_step(
        Step.MORNING.value,
        "morning_seconds",
        seats=g.state.living(),
        decisions=(talk(g.state), READY_DECISION),
        extend=False,
    )


def open_noon(g: Table[WitchState]) -> None:
    g.phase("noon", g.state.day)
    living = g.state.living()
    offers = {s: d for s in living if (d := offer_decisions(g.state, s))}
    public = (talk(g.state), READY_DECISION)
    g.open_step(Step.NOON.value, "noon_seconds", seats=living, decisions=public, private=offers, extend=False)


def open_vote(g: Table[WitchState]) -> None:
    g.phase("evening", g.state.day)
    living = g.state.living()
    g.open_step(
        Step.VOTE.value,
        "vote_seconds",
        seats=living,
        decisions=(Decision(kind=VOTE, targets=tuple(living), optional=True),),
    )


def imprison(g: Table[WitchState], answers: dict[int, Action]) -> None:
    """The imprisonment vote: a single leader of more than half the living's ballots."""
    living = g.state.living()
    ballots: dict[int, int | None] = dict.fromkeys(living)
    for seat, a in answers.items():
        ballots[seat] = a.target
    tally = Counter(t for t in ballots.values() if t is not None)
    valid = sum(tally.values()) * 2 > len(living)
    leaders = g.vote_result("imprison", tally, ballots, valid)
    chosen = leaders[0] if len(leaders) == 1 else None
    if chosen is not None:
        g.emit(Imprisoned(at=g.at, to=MODERATOR, seat=chosen))
        g.notice("imprison.done", seat=chosen)
    else:
        g.notice("imprison.tie" if valid else "imprison.invalid")


def open_night(g: Table[WitchState]) -> None:
    g.phase("night", g.state.day)
    prompts = {s: night_decisions(g.state, s) for s in g.state.living()}
    g.open_step(Step.NIGHT.value, "night_seconds", private=prompts)


def open_loot(g: Table[WitchState]) -> None:
    """The loot window (its looters queued by the night): the first looter of each body is prompted."""
    g.open_step(Step.LOOT.value, "loot_seconds", extend=False, hold=True)
    for corpse, queue in sorted(g.state.x.loot.items()):
        prompt_looter(g, queue[0], corpse)


def talk_over(g: Table[WitchState], answers: dict[int, Action]) -> None:
    """The morning is talk: nothing to apply."""


FLOW: dict[Step, DayStep] = {
    Step.MORNING: DayStep(lambda g: open_morning(g, g.state.day), talk_over, then=Step.NOON),
    Step.NOON: DayStep(open_noon, close_offers, then=Step.VOTE),
    Step.VOTE: DayStep(open_vote, imprison, then=Step.NIGHT),
    Step.NIGHT: DayStep(open_night, resolve_night, then=Step.LOOT),
    Step.LOOT: DayStep(open_loot, first_finders, then=Step.MORNING),
}


def close(step: Step, rs: object, g: Table[WitchState], answers: dict[int, Action]) -> None:
    """The step closed: resolve it, then open the step it names next (none once the game ended)."""
    declared = FLOW[step]
    declared.resolve(g, answers)
    if g.state.status != "ended":
        FLOW[declared.then].opens(g)


STEPS = {step.value: StepSpec(partial(close, step)) for step in Step}
