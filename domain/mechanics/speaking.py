"""Speaking turns: the order of the day's speakers, one turn after another, or free discussion."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from grimoire.domain.events import PUBLIC, Action, Audience, Decision, SpeakingOrder, StepOpened
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.state import GameState, X, with_x


class SpeakingState(Protocol):
    """A ruleset's own state that keeps the speaking order under way (`fold_order`, `fold_turn`)."""

    @property
    def order(self) -> tuple[int, ...]: ...
    @property
    def rounds(self) -> int: ...
    @property
    def turn(self) -> int: ...


S = TypeVar("S", bound=SpeakingState)


def next_living(state: GameState[X], after: int) -> int:
    """The first living seat after `after`, going round the table (`after` itself if nobody else lives)."""
    n = state.seats
    for k in range(1, n + 1):
        seat = (after - 1 + k) % n + 1
        if state.is_alive(seat):
            return seat
    return after


def first_speaker(
    g: Table[X], yesterday: tuple[int, ...], morning_dead: tuple[int, ...], executed_yesterday: int | None
) -> int:
    """Today's first speaker: at random on day 1 (or with no earlier order); else the living seat
    after the lowest of this morning's dead, or after yesterday's executed; else yesterday's first
    (or the living seat after it, if it has died since)."""
    state = g.state
    if state.day == 1 or not yesterday:
        return g.rng.choice(state.living())
    if morning_dead:
        after = min(morning_dead)
    elif executed_yesterday is not None:
        after = executed_yesterday
    elif state.is_alive(yesterday[0]):
        return yesterday[0]
    else:
        after = yesterday[0]
    return next_living(state, after)


def audience(state: GameState[X], seat: int, action: Action, pack: Callable[[GameState[X]], Sequence[int]]) -> Audience:
    """Who reads an action at the table: speeches, last words and readiness are public, a whisper
    reaches the living `pack(state)`, any other action only its actor."""
    if action.kind in ("speak", "last_words", "ready"):
        return PUBLIC
    if action.kind == "whisper":
        return tuple(pack(state))
    return (seat,)


def fold_order(rs: Ruleset[S], state: GameState[S], e: SpeakingOrder) -> GameState[S]:
    """The fold of `SpeakingOrder` for a ruleset state that keeps the order under way: its seats
    (`order`), `rounds`, and the turns opened so far (`turn`)."""
    return with_x(state, order=e.seats, rounds=e.rounds, turn=0)


def fold_turn(rs: Ruleset[S], state: GameState[S], e: StepOpened) -> GameState[S]:
    """The fold of `StepOpened`: a speaking turn opened (see `fold_order`)."""
    return with_x(state, turn=state.x.turn + 1) if e.name == "speech" else state


def announce_order(g: Table[X], living: Sequence[int], first: int, rounds: int) -> None:
    """The day's speaking order: the living from `first` on, round the table, `rounds` times."""
    i = living.index(first)
    g.emit(SpeakingOrder(at=g.at, seats=tuple(living[i:]) + tuple(living[:i]), rounds=rounds))


def turns_left(order: tuple[int, ...], rounds: int, turn: int) -> bool:
    return turn < len(order) * rounds


def open_turn(g: Table[X], order: tuple[int, ...], turn: int) -> None:
    """Open the speaking turn `turn` (counted over every round) of `order`; the speaker may pass."""
    speak = Decision(kind="speak", text=g.state.options["speech_max_chars"], optional=True)
    g.open_step("speech", "speech_seconds", seats=(order[turn % len(order)],), decisions=(speak,))


def open_free_discussion(g: Table[X], seats: Sequence[int]) -> None:
    """Free discussion: anyone speaks as often as they like until all are ready or the deadline."""
    decisions = (
        Decision(kind="speak", text=g.state.options["speech_max_chars"], repeatable=True),
        Decision(kind="ready"),
    )
    g.open_step("discussion", "discussion_seconds", seats=seats, decisions=decisions, extend=False)
