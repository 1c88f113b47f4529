"""The moderator's words for an event, in the reader's language (None: the event has no text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.events import (
    Act,
    DeadlineExtended,
    Defaulted,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Notice,
    PhaseStarted,
    RoleChanged,
    RoleDealt,
    VoteResult,
)
from domain.messages import render_text

Names = tuple[str, ...]


def _died(e: Died, lang: str, names: Names) -> str:
    key = {"execution": "executed", "morning": "morning.dead"}.get(e.when, "died." + e.when)
    return render_text(key, lang, {"seats": e.seats, "seat": e.seats[0]}, names)


def _vote(e: VoteResult, lang: str, names: Names) -> str:
    return render_text("vote.tally", lang, {"tally": e.tally}, names)


def _ended(e: GameEnded, lang: str, names: Names) -> str:
    if e.reason == "aborted":
        return render_text("game.aborted", lang, {}, names)
    return render_text("game.ended", lang, {"seats": e.winners}, names)


def _act(e: Act | Defaulted, lang: str, names: Names) -> str | None:
    text = e.action.text
    return None if text is None else f"{names[e.seat - 1] if e.seat <= len(names) else e.seat}: {text}"


RENDER: dict[type, Callable[[Any, str, Names], str | None]] = {
    GameCreated: lambda e, lang, names: render_text("game.created", lang, {"ruleset": e.ruleset, "count": e.seats}),
    RoleDealt: lambda e, lang, names: render_text("role.dealt", lang, {"role": e.role}),
    RoleChanged: lambda e, lang, names: render_text("role.changed", lang, {"role": e.role}),
    Notice: lambda e, lang, names: render_text(e.key, lang, e.args, names),
    PhaseStarted: lambda e, lang, names: render_text("phase." + e.phase, lang, {"day": e.day}),
    DeadlineExtended: lambda e, lang, names: render_text("deadline.extended", lang, {}),
    Died: _died,
    VoteResult: _vote,
    GameEnded: _ended,
    Act: _act,
    Defaulted: _act,
}


def render(event: Event, lang: str, names: Names) -> str | None:
    """Rulesets add their own events' renderers to RENDER."""
    handler = RENDER.get(type(event))
    return handler(event, lang, names) if handler else None
