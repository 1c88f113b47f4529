"""What a seat is, read from the state: its role, whether it counts as a wolf, what the seer sees of it."""

from __future__ import annotations

from grimoire.domain.rulesets.langrensha.data import ROLES, LRole
from grimoire.domain.rulesets.langrensha.facts import LState
from grimoire.domain.state import GameState


def role_of(state: GameState[LState], seat: int) -> LRole:
    return ROLES[state.roles[seat - 1]]


def is_wolf(state: GameState[LState], seat: int) -> bool:
    role = ROLES[state.roles[seat - 1]]
    return role.wolf or (role.id == "blood_moon" and "turned" in state.x.flags[seat - 1])


def wolves(state: GameState[LState]) -> list[int]:
    return [s for s in state.living() if is_wolf(state, s)]


def seers_label(state: GameState[LState], seat: int) -> str:
    role = role_of(state, seat)
    if not is_wolf(state, seat) or (role.seen_good and role.id != "blood_moon"):
        return "good"
    return "werewolf"


def mixed(state: GameState[LState]) -> bool:
    """The lovers are a wolf and a non-wolf: a side of their own."""
    lovers = state.x.lovers
    return bool(lovers) and sum(role_of(state, s).team == "wolves" for s in lovers) == 1


def early(state: GameState[LState]) -> bool:
    early: bool = state.options["early_close"]
    return early


def acts_in(state: GameState[LState], seat: int, name: str) -> bool:
    if name == "wolves":
        return is_wolf(state, seat)
    return name in role_of(state, seat).steps


def can_shoot(state: GameState[LState], seat: int, cause: str) -> bool:
    role = role_of(state, seat)
    return cause in role.shoots and not (state.x.powerless and role.special)
