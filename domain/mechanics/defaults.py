"""What a seat does when its time runs out without an answer."""

from __future__ import annotations

from grimoire.domain.events import Action, Decision
from grimoire.domain.rng import Rng


def timed_out(decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
    """The first of the seat's decisions that has a default: a wolf's attack falls at random on one
    of its targets, a vote abstains, a speech or last words pass (none: the seat does nothing)."""
    for decision in decisions:
        if decision.kind == "attack" and decision.targets:
            return Action(kind="attack", target=rng.choice(decision.targets))
        if decision.kind in ("vote", "speak", "last_words"):
            return Action(kind=decision.kind)
    return None
