"""What a seat is: a werewolf or a human (the possessed is human), living and not failed."""

from __future__ import annotations

from grimoire.domain.rulesets.aiwolf.data import ROLES
from grimoire.domain.rulesets.aiwolf.facts import AState
from grimoire.domain.state import GameState


def is_wolf(role: str) -> bool:
    return ROLES[role].wolf


def species(state: GameState[AState], seat: int) -> str:
    """What the seer and the medium learn of a seat: `werewolf` or `human` (the possessed is human)."""
    return "werewolf" if is_wolf(state.role(seat)) else "human"


def wolves(state: GameState[AState]) -> list[int]:
    """The living werewolves."""
    return [s for s in state.living() if is_wolf(state.role(s))]


def active(state: GameState[AState], seat: int) -> bool:
    """The seat lives and has not failed: it is asked for what it owes."""
    return state.is_alive(seat) and seat not in state.x.failed


def holders(state: GameState[AState], role: str) -> list[int]:
    """The seats of a role that are asked tonight: living, not failed."""
    return [s for s in state.living() if state.role(s) == role and active(state, s)]


def step_seconds(state: GameState[AState]) -> float:
    """A request's time: the action timeout plus the acceptable delay (`time_scale` applies)."""
    return float(state.options["action_timeout"] + state.options["acceptable_timeout"])
