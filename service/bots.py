"""Random-legal players: each picks from nothing but its own view's pending decisions."""

from __future__ import annotations

import random

from grimoire.domain.events import Action, Decision
from grimoire.projections.view import View

WORDS = ("I trust", "I doubt", "Let us vote", "I am a villager", "Think about", "No comment")


def say(rng: random.Random, limit: int) -> str:
    return f"{rng.choice(WORDS)} #{rng.randrange(1, 100)}"[:limit]


def pick(decision: Decision, rng: random.Random, seat: int | None = None) -> Action:
    """A random legal answer to one decision."""
    target = None
    targets: tuple[int, ...] = ()
    if decision.count > 1:
        targets = tuple(rng.sample(decision.targets, decision.count))
    elif decision.targets and not (decision.optional and rng.random() < 0.1):
        target = rng.choice(decision.targets)
    option = rng.choice(decision.options) if decision.options else None
    text = (
        say(rng, decision.text)
        if (decision.text and decision.kind != "last_words") or decision.kind == "whisper"
        else None
    )
    if text is not None and decision.exact_text:
        text = decision.exact_text
    elif text is not None and decision.text_suffix:
        text = text[: max(0, decision.text - len(decision.text_suffix))] + decision.text_suffix
    return Action(kind=decision.kind, target=target, targets=targets, option=option, text=text)


def owed_action(view: View, rng: random.Random) -> Action | None:
    """What this seat answers now, or None when it owes nothing (or has answered)."""
    if view.answered is not None:
        return None
    owed = [d for d in view.decisions if not d.repeatable]
    if not owed:
        return None
    return pick(rng.choice(owed), rng, view.seat)


def may(view: View, kind: str) -> Decision | None:
    for decision in view.decisions:
        if decision.kind == kind:
            return decision
    return None
