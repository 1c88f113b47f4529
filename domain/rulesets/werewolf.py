"""The werewolf names magic_city builds on: `Werewolf` is the village (`rulesets/village.py`),
whose flow it extends by overriding its methods (`is_wolf`, `winning_team`, `check_win`, ...), and
`EVOLVE` is the village's fold with magic_city's generic night record.
"""

from __future__ import annotations

from typing import Any

from grimoire.domain.events import Resolved
from grimoire.domain.mechanics.speaking import next_living
from grimoire.domain.ruleset import Ruleset
from grimoire.domain.rulesets.village import EVOLVE as VILLAGE_EVOLVE
from grimoire.domain.rulesets.village import SLEEP, NightResolved, Role, Village, WolfState, count_whispers, with_x
from grimoire.domain.state import GameState

__all__ = [
    "EVOLVE",
    "SLEEP",
    "NightResolved",
    "Role",
    "Werewolf",
    "WolfState",
    "count_whispers",
    "next_living",
    "with_x",
]

Werewolf = Village


def _on_resolved(rs: Ruleset, state: GameState, e: Resolved) -> GameState:
    """magic_city's night still records its guards in a generic `Resolved`."""
    if e.what == "night":
        return with_x(state, last_guard=dict(e.data["guards"]))
    return state


EVOLVE: dict[type, Any] = {**VILLAGE_EVOLVE, Resolved: _on_resolved}
