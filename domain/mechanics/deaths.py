"""Deaths: the morning's dead announced, the executed's last words, and deaths that bring others."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from grimoire.domain.events import Decision, Died
from grimoire.domain.ruleset import Table


def announce_morning(g: Table, deaths: dict[int, str]) -> None:
    """The night's dead with their causes, or the notice that nobody died."""
    if deaths:
        g.kill(deaths, "morning")
    else:
        g.notice("morning.none")


def remembered(day: int, died: Died) -> dict[str, Any]:
    """What a ruleset's state keeps of a death on `day`: this morning's dead (`morning_dead`), or the
    executed and the day of the execution (`executed`, `executed_day`); nothing of other deaths."""
    if died.when == "morning":
        return {"morning_dead": died.seats}
    if died.when == "execution":
        return {"executed": died.seats[0], "executed_day": day}
    return {}


def open_last_words(g: Table, seat: int) -> None:
    """The seat's last words: one speech, which it may pass."""
    words = Decision(kind="last_words", text=g.state.options["speech_max_chars"], optional=True)
    g.open_step("last_words", "last_words_seconds", seats=(seat,), decisions=(words,))


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
