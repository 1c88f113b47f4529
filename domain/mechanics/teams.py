"""Teams: the game ends with one team winning, every seat of it among the winners."""

from __future__ import annotations

from collections.abc import Callable

from grimoire.domain.ruleset import Table
from grimoire.domain.state import X


def win(g: Table[X], team: str, team_of: Callable[[int], str], living_only: bool = False) -> None:
    """End the game won by `team`: its seats (`team_of(seat)`) win, only its living ones if `living_only`."""
    state = g.state
    winners = [s for s in range(1, state.seats + 1) if team_of(s) == team and (not living_only or state.is_alive(s))]
    g.end(team, winners, (team,))
