"""The werewolf names langrensha builds on: `Werewolf` is the village
(`rulesets/village.py`), whose flow it extends by overriding its methods (`is_wolf`,
`begin_night`, `first_speaker`, `speeches_done`, `begin_discussion`, `dawn`, `winning_team`,
`check_win`, ...), and `EVOLVE` is the village's fold.
"""

from __future__ import annotations

from typing import Any

from grimoire.domain.mechanics.speaking import next_living
from grimoire.domain.rulesets.village import EVOLVE as VILLAGE_EVOLVE
from grimoire.domain.rulesets.village import SLEEP, NightResolved, Role, Village, WolfState, with_x

__all__ = [
    "EVOLVE",
    "SLEEP",
    "NightResolved",
    "Role",
    "Werewolf",
    "WolfState",
    "next_living",
    "with_x",
]

Werewolf = Village

EVOLVE: dict[type, Any] = VILLAGE_EVOLVE
