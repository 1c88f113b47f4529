"""witch_trial's flow: the deal, then the day's steps: how each opens, how its answers resolve.

The day: dawn (deaths, loot) → morning → noon (talk and trades) → evening (imprisonment vote) →
night (card use), whose resolution (`night`) announces the dawn's deaths or the end.
"""

from __future__ import annotations

from collections import Counter

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import StepSpec, Table
from grimoire.domain.rulesets.witch_trial.cards import night_decisions
from grimoire.domain.rulesets.witch_trial.data import HAND_CAP, READY_DECISION, VOTE, WK, talk
from grimoire.domain.rulesets.witch_trial.facts import CardsDealt, Imprisoned
from grimoire.domain.rulesets.witch_trial.looting import first_finders
from grimoire.domain.rulesets.witch_trial.night import resolve_night
from grimoire.domain.rulesets.witch_trial.trading import close_offers, offer_decisions


def deal(g: Table) -> None:
    """Four cards a seat, from the shuffled pool (or in its order); then the first morning."""
    pool = g.state.setup_roles if g.state.options["deal_in_order"] else g.rng.shuffled(g.state.setup_roles)
    for seat in range(1, g.state.seats + 1):
        cards = tuple(pool[HAND_CAP * (seat - 1) : HAND_CAP * seat])
        g.emit(CardsDealt, to=(seat,), seat=seat, cards=cards)
        if WK in cards:
            g.notice("witch.cursed", to=(seat,))
    open_morning(g, 1)


def open_morning(g: Table, day: int) -> None:
    g.phase("morning", day)
    g.open_step(
        "morning", "morning_seconds", seats=g.state.living(), decisions=(talk(g.state), READY_DECISION), extend=False
    )


def open_noon(g: Table) -> None:
    g.phase("noon", g.state.day)
    living = g.state.living()
    offers = {s: d for s in living if (d := offer_decisions(g.state, s))}
    public = (talk(g.state), READY_DECISION)
    g.open_step("noon", "noon_seconds", seats=living, decisions=public, private=offers, extend=False)


def open_vote(g: Table) -> None:
    g.phase("evening", g.state.day)
    living = g.state.living()
    g.open_step(
        "vote", "vote_seconds", seats=living, decisions=(Decision(kind=VOTE, targets=tuple(living), optional=True),)
    )


def close_noon(g: Table, answers: dict[int, Action]) -> None:
    close_offers(g, answers)
    open_vote(g)


def imprison(g: Table, answers: dict[int, Action]) -> None:
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
        g.emit(Imprisoned, to=MODERATOR, seat=chosen)
        g.notice("imprison.done", seat=chosen)
    else:
        g.notice("imprison.tie" if valid else "imprison.invalid")
    open_night(g)


def announce(g: Table, answers: dict[int, Action]) -> None:
    first_finders(g, answers)
    open_morning(g, g.state.day)


def open_night(g: Table) -> None:
    g.phase("night", g.state.day)
    prompts = {s: night_decisions(g.state, s) for s in g.state.living()}
    g.open_step("night", "night_seconds", private=prompts)


STEPS = {
    "morning": StepSpec(lambda rs, g, answers: open_noon(g)),
    "noon": StepSpec(lambda rs, g, answers: close_noon(g, answers)),
    "vote": StepSpec(lambda rs, g, answers: imprison(g, answers)),
    "night": StepSpec(lambda rs, g, answers: resolve_night(g, answers)),
    "loot": StepSpec(lambda rs, g, answers: announce(g, answers)),
}
