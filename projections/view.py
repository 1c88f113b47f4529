"""One viewer's picture of a game, folded from the events whose audience includes it.

`apply(view, event)` is pure and cheap (one event, one viewer), so a service keeps every view
current as events arrive instead of re-folding the stream on each read. The view is the current
picture — seats and who lives, phase and day, the viewer's own secrets, and the decisions it owes
or may take now with their legal choices and deadline — and never the growing record, which is
read through the viewer's feed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from grimoire.domain.events import (
    MODERATOR,
    Act,
    Action,
    DeadlineExtended,
    Decision,
    Defaulted,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Join,
    Leave,
    Notice,
    PhaseStarted,
    Prompt,
    RoleChanged,
    RoleDealt,
    SpeakingOrder,
    Start,
    StepOpened,
    sees,
)

replace = msgspec.structs.replace

SPECTATOR = "spectator"


class View(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What one viewer may see now.

    `decisions` are everything the seat may send in the open step. `answered` is its answer to the
    owed (non-`repeatable`) decisions so far; they stay listed after it, because sending one again
    changes the answer until the step closes, except a `final` decision's (see `Decision`).
    """

    viewer: str  # "seat:N" | "spectator" | "moderator"
    seat: int | None = None  # the viewer's seat, when it is one
    game_id: str = ""  # the game's id (empty only before the game's first event, as a replay at 0 shows)
    ruleset: str = ""  # the ruleset's id
    lang: str = "en"  # the game's language
    status: str = "new"  # the game's status
    seats: int = 0  # how many seats
    names: tuple[str, ...] = ()  # the players' names in seat order
    alive: tuple[bool, ...] = ()  # whether each seat lives, in seat order
    phase: str = ""  # the current phase (`day`, `night`…)
    day: int = 0  # the current day's number
    role: str | None = None  # the viewer's own role's id
    roles: dict[int, str] = {}  # seat -> role id, for the seats whose roles the viewer knows
    knowledge: dict[int, str] = {}  # seat -> what the viewer has learned of it (a result, a label)
    step: int = 0  # the current step's number
    step_name: str = ""  # what the current step is
    deadline: int | None = None  # when the current step closes, milliseconds since the epoch
    acting: tuple[int, ...] = ()  # the seats a public step names (a speaker, the voters)
    order: tuple[int, ...] = ()  # today's speaking order
    decisions: tuple[Decision, ...] = ()  # what the viewer owes or may do now, with the legal choices
    answered: Action | None = None  # the viewer's answer in the current step, if any
    private: dict[str, Any] = {}  # a ruleset's own secrets for this viewer (a hand of cards)
    winners: tuple[int, ...] = ()  # the seats that won, at the end
    result: str | None = None  # how the game ended: the winning side, or `aborted`, `draw`…


def new_view(viewer: int | str) -> View:
    if isinstance(viewer, int):
        return View(viewer=f"seat:{viewer}", seat=viewer)
    return View(viewer=viewer)


def viewer_key(view: View) -> int | str:
    return view.seat if view.seat is not None else view.viewer


def _own(view: View, decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """A public decision as this seat may take it: its own seat left out of the targets."""
    out = []
    for d in decisions:
        if view.seat in d.targets and not d.self_ok:
            d = replace(d, targets=tuple([t for t in d.targets if t != view.seat]))
        out.append(d)
    return tuple(out)


def _created(v: View, e: GameCreated) -> View:
    return replace(
        v,
        game_id=e.game_id,
        ruleset=e.ruleset,
        lang=e.lang,
        status="lobby",
        seats=e.seats,
        names=e.names,
        alive=(True,) * e.seats,
    )


def _step(v: View, e: StepOpened) -> View:
    mine = v.seat in e.seats if v.seat is not None else False
    return replace(
        v,
        step=e.step,
        step_name=e.name,
        deadline=e.deadline,
        acting=e.seats,
        decisions=_own(v, e.decisions) if mine else (),
        answered=None,
    )


def _prompt(v: View, e: Prompt) -> View:
    if e.seat != v.seat:
        return v
    if e.reset:
        return replace(v, decisions=e.decisions, answered=None)
    own = v.decisions
    if e.withdraw:
        own = tuple([d for d in own if d.kind not in e.withdraw])
    return replace(v, decisions=own + e.decisions)


def _acted(v: View, e: Act | Defaulted) -> View:
    if e.seat != v.seat:
        return v
    for d in v.decisions:
        if d.kind == e.action.kind and not d.repeatable:
            return replace(v, answered=e.action)
    return v


def _role(v: View, e: RoleDealt | RoleChanged) -> View:
    if e.seat == v.seat:
        return replace(v, role=e.role, roles={**v.roles, e.seat: e.role})
    return replace(v, roles={**v.roles, e.seat: e.role})


def _died(v: View, e: Died) -> View:
    alive = list(v.alive)
    for seat in e.seats:
        alive[seat - 1] = False
    return replace(v, alive=tuple(alive))


def _ended(v: View, e: GameEnded) -> View:
    return replace(
        v,
        status="ended",
        roles=e.roles,
        winners=e.winners,
        result=e.reason,
        decisions=(),
        deadline=None,
        acting=(),
        answered=None,
    )


_APPLY: dict[type, Callable[[View, Any], View]] = {
    GameCreated: _created,
    Join: lambda v, e: replace(v, names=(*v.names, e.name)),
    Leave: lambda v, e: replace(v, names=v.names[: e.seat - 1] + v.names[e.seat :]),
    Start: lambda v, e: replace(v, status="running"),
    RoleDealt: _role,
    RoleChanged: _role,
    Notice: lambda v, e: replace(v, knowledge={**v.knowledge, **e.learn}) if e.learn else v,
    PhaseStarted: lambda v, e: replace(v, phase=e.phase, day=e.day),
    StepOpened: _step,
    Prompt: _prompt,
    DeadlineExtended: lambda v, e: replace(v, deadline=e.deadline),
    Act: _acted,
    Defaulted: _acted,
    Died: _died,
    SpeakingOrder: lambda v, e: replace(v, order=e.seats),
    GameEnded: _ended,
}

# A ruleset's own events fold through the functions it registers here.
RULESET_APPLY = _APPLY

# ruleset id -> the Struct describing what its projection keeps in `View.private` (rulesets that keep
# nothing there are absent); the view holds the plain object, the document and the tests read these.
PRIVATE: dict[str, type[msgspec.Struct]] = {}


def _same(view: View, event: Event) -> View:
    return view


def apply(view: View, event: Event) -> View:
    """Fold one event the viewer may see into its view (unchanged events return the same view)."""
    return _APPLY.get(type(event), _same)(view, event)


# Events that change no view but the acting seat's own.
_ACTOR_ONLY = (Act, Defaulted)


def deliver(views: dict[int | str, View], event: Event) -> None:
    """Fold one event into each of `views` (keyed by seat, "spectator", "moderator") that may see it."""
    handler = _APPLY.get(type(event))
    if handler is None:
        return
    if isinstance(event, _ACTOR_ONLY):
        view = views.get(event.seat)
        if view is not None and sees(event.to, event.seat):
            views[event.seat] = handler(view, event)
        return
    to = event.to
    if to == "public":
        for key, view in views.items():
            views[key] = handler(view, event)
        return
    if MODERATOR in views:
        views[MODERATOR] = handler(views[MODERATOR], event)
    if to != MODERATOR:
        for seat in to:
            view = views.get(seat)
            if view is not None:
                views[seat] = handler(view, event)


def project(events: Iterable[Event], viewer: int | str) -> View:
    """The viewer's view after `events` (the whole stream; what it may not see is skipped)."""
    view = new_view(viewer)
    key = viewer_key(view)
    for event in events:
        if sees(event.to, key):
            view = apply(view, event)
    return view


__all__ = ["MODERATOR", "PRIVATE", "SPECTATOR", "View", "apply", "deliver", "new_view", "project", "viewer_key"]
