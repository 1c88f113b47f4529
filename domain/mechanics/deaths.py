"""Deaths: the morning's dead announced, the executed's last words, and deaths that bring others."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

from grimoire.domain.events import Decision, Died
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.state import GameState, X, with_x


class DeathsState(Protocol):
    """A ruleset's own state that keeps this morning's dead and the last execution (`fold_died`)."""

    @property
    def morning_dead(self) -> tuple[int, ...]: ...
    @property
    def executed(self) -> int | None: ...
    @property
    def executed_day(self) -> int: ...


D = TypeVar("D", bound=DeathsState)


def announce_morning(g: Table[X], deaths: dict[int, str]) -> None:
    """The night's dead with their causes, or the notice that nobody died."""
    if deaths:
        g.kill(deaths, "morning")
    else:
        g.notice("morning.none")


def open_last_words(g: Table[X], seat: int) -> None:
    """The seat's last words: one speech, which it may pass."""
    words = Decision(kind="last_words", text=g.state.options["speech_max_chars"], optional=True)
    g.open_step("last_words", "last_words_seconds", seats=(seat,), decisions=(words,))


def fold_died(rs: Ruleset[D], state: GameState[D], e: Died) -> GameState[D]:
    """The fold of `Died` for a ruleset state that keeps `morning_dead` (this morning's dead) and
    `executed`, `executed_day` (the first seat of the last execution's dead, and its day)."""
    if e.when == "morning":
        return with_x(state, morning_dead=e.seats)
    if e.when == "execution":
        return with_x(state, executed=e.seats[0], executed_day=state.day)
    return state


def chained(first: Mapping[int, str], brings: Callable[[int, str], Mapping[int, str]]) -> dict[int, str]:
    """Deaths with those they bring: `brings(seat, cause)` names who dies with a dead seat and why;
    each seat dies once, of the first cause found (the first deaths', then in the order brought)."""
    deaths = dict(first)
    todo = list(first.items())
    while todo:
        seat, cause = todo.pop(0)
        for other, why in brings(seat, cause).items():
            if other not in deaths:
                deaths[other] = why
                todo.append((other, why))
    return deaths
