"""What a ruleset declares: roles, presets, options, and the small functions the engine calls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from domain.events import PUBLIC, Action, Audience, Decision, Event
from domain.state import GameState

if TYPE_CHECKING:
    from domain.engine import Table
    from domain.rng import Rng


class Option(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A per-game option: its type, default and (for choices) its legal values."""

    type: str  # "bool" | "int" | "float" | "choice"
    default: Any
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    doc: str = ""

    def accepts(self, value: Any) -> bool:
        if self.type == "bool":
            return isinstance(value, bool)
        if self.type == "choice":
            return value in self.choices
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.type == "int" and not isinstance(value, int):
            return False
        if self.minimum is not None and value < self.minimum:
            return False
        return self.maximum is None or value <= self.maximum


def seconds(default: float, doc: str) -> Option:
    return Option(type="float", default=default, minimum=0, maximum=86400, doc=doc + " Seconds; 0 waits forever.")


COMMON_OPTIONS: dict[str, Option] = {
    "time_scale": Option(type="float", default=1.0, minimum=0.001, maximum=100, doc="Multiplies every duration."),
    "retries": Option(type="int", default=2, minimum=0, maximum=10, doc="Reminders before a default applies."),
    "dead_see_all": Option(type="bool", default=False, doc="The dead see every role."),
}


class Ruleset:
    """The base every ruleset extends. Engine hooks have safe defaults."""

    id: str = ""
    version: str = "1"
    doc_lang: str = "en"
    name: dict[str, str] = {}
    roles: dict[str, Any] = {}
    presets: dict[str, tuple[str, ...]] = {}
    options: dict[str, Option] = {}
    action_kinds: frozenset[str] = frozenset()
    min_seats: int = 1
    max_seats: int = 30

    def all_options(self) -> dict[str, Option]:
        return {**COMMON_OPTIONS, **self.options}

    def preset_seats(self) -> dict[str, int]:
        """The seat count each preset deals for (a preset's card list may hold more cards than seats)."""
        found = {}
        for preset in self.presets:
            for seats in range(self.min_seats, self.max_seats + 1):
                if not isinstance(self.setup(seats, preset, ()), str):
                    found[preset] = seats
                    break
        return found

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | str:
        """The role list to deal, or the code (and reason after a colon) of why the setup is refused."""
        if preset is not None:
            if preset not in self.presets:
                return "unknown_preset"
            roles = self.presets[preset]
        if not roles:
            return "bad_roles:no roles"
        if len(roles) != seats:
            return f"bad_roles:{len(roles)} roles for {seats} seats"
        unknown = sorted(set(roles) - self.roles.keys())
        if unknown:
            return "bad_roles:unknown " + ",".join(unknown)
        return roles

    # engine hooks ------------------------------------------------------------------------------

    def start(self, g: Table) -> None:
        raise NotImplementedError

    def on_close(self, g: Table) -> None:
        """Every owed answer of the open step is in (or defaulted): resolve it and open the next."""
        raise NotImplementedError

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        """After an accepted action is recorded (repeatable actions: whispers, free talk)."""

    def check(self, state: GameState, seat: int, action: Action, decision: Decision) -> str | None:
        """A refusal code beyond the decision's own choices, from public or the seat's own knowledge."""
        return None

    def unavailable(self, state: GameState, seat: int, action: Action) -> str | None:
        """The refusal code for an action the seat has no decision for, when the ruleset names it."""
        return None

    def audience(self, state: GameState, seat: int, action: Action) -> Audience:
        return PUBLIC

    def default(self, state: GameState, seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        return None

    def evolve(self, state: GameState, event: Event) -> GameState:
        return state
