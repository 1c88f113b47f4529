"""What a seat does when its time runs out without an answer."""

from __future__ import annotations

from grimoire.domain.events import Action, Decision
from grimoire.domain.rng import Rng


def timed_out(decisions: tuple[Decision, ...], rng: Rng, wolf_defers: bool = False) -> Action | None:
    """The first of the seat's decisions that has a default: a vote abstains, a speech or last words
    pass (none: the seat does nothing). A wolf's attack has none where the silent wolf defers to the
    pack (`wolf_defers`, `pack.SILENT_WOLF_DEFERS`); else it falls at random on one of its targets."""
    for decision in decisions:
        if decision.kind == "attack" and decision.targets and not wolf_defers:
            return Action(kind="attack", target=rng.choice(decision.targets))
        if decision.kind in ("vote", "speak", "last_words"):
            return Action(kind=decision.kind)
    return None
