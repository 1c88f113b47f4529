"""A bare table for the mechanics: a game state with the seats, roles and options a test gives."""

from __future__ import annotations

from grimoire.domain.events import Event
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.state import GameState
from tests.support.harness import seed_for

OPTIONS = {
    "time_scale": 1.0,
    "speech_max_chars": 100,
    "speech_seconds": 60,
    "vote_seconds": 60,
    "discussion_seconds": 300,
    "last_words_seconds": 60,
    "dead_see_all": False,
}


def table(
    roles: tuple[str, ...], dead: tuple[int, ...] = (), day: int = 1, seed_tail: int = 0, **options: object
) -> Table:
    state = GameState(
        status="running",
        seats=len(roles),
        roles=roles,
        alive=tuple(s not in dead for s in range(1, len(roles) + 1)),
        day=day,
        options={**OPTIONS, **options},
        seed=seed_for(seed_tail),
    )
    return Table(state, 1000, Ruleset(), keep)


def keep(state: GameState, event: Event) -> GameState:
    return state
