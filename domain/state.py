"""The full state of a game: what `evolve` folds the event stream into.

State, events and views are immutable trees that never form reference cycles, so they are kept
out of the cyclic garbage collector (`gc=False`): folding allocates many of them.
"""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

import msgspec

from grimoire.domain.events import Action, Decision


class Step(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The open step: who owes or may take which decisions, and the answers so far."""

    no: int
    name: str
    opened_at: int
    deadline: int | None
    length: int
    retries_left: int
    extend: bool
    hold: bool
    public: tuple[int, ...]
    prompts: dict[int, tuple[Decision, ...]]
    answers: dict[int, Action] = {}

    def decision(self, seat: int, kind: str) -> Decision | None:
        for decision in self.prompts.get(seat, ()):
            if decision.kind == kind:
                return decision
        return None

    def owes(self, seat: int) -> bool:
        return seat not in self.answers and any(not d.repeatable for d in self.prompts.get(seat, ()))

    def owing(self) -> list[int]:
        return [seat for seat in sorted(self.prompts) if self.owes(seat)]

    def complete(self) -> bool:
        """Every owed answer is in."""
        answers = self.answers
        for seat, decisions in self.prompts.items():
            if seat not in answers:
                for d in decisions:
                    if not d.repeatable:
                        return False
        return True


Status = Literal["new", "lobby", "running", "ended"]  # a game's life: new → lobby → running → ended


# The ruleset's own state, a msgspec Struct; code that serves every ruleset (the engine, the catalog,
# the service) writes `GameState[Any]`. Not bound to Struct: a shared mechanic names the fields it reads
# by a Protocol, which cannot also require a Struct.
X = TypeVar("X")


class GameState(msgspec.Struct, Generic[X], frozen=True, kw_only=True, gc=False):
    game_id: str = ""
    ruleset: str = ""
    ruleset_version: str = ""  # the version of its ruleset the game is pinned to (its `GameCreated`)
    engine_version: str = ""  # the version of the engine the game is pinned to
    status: Status = "new"
    seats: int = 0
    names: tuple[str, ...] = ()
    left: int = 0  # seats given up in the lobby (those after them moved up)
    preset: str | None = None
    setup_roles: tuple[str, ...] = ()
    options: dict[str, Any] = {}
    lang: str = "en"
    seed: str = ""
    moderator: bool = False
    roles: tuple[str, ...] = ()
    alive: tuple[bool, ...] = ()
    phase: str = ""
    day: int = 0
    step: Step | None = None
    steps: int = 0
    shown: int = 0  # public events so far: what keys the random stream
    x: X = None  # type: ignore[assignment]  # the ruleset's own state, set by its fold of GameCreated
    winners: tuple[int, ...] = ()

    def open_step(self) -> Step:
        """The open step, where one must be open (an answer, a prompt, a step closing)."""
        step = self.step
        if step is None:
            raise LookupError("no step is open")
        return step

    def role(self, seat: int) -> str:
        return self.roles[seat - 1]

    def is_alive(self, seat: int) -> bool:
        return self.alive[seat - 1]

    def living(self) -> list[int]:
        return [seat for seat, alive in enumerate(self.alive, 1) if alive]

    def others(self, seat: int) -> tuple[int, ...]:
        """The living seats but `seat`: the usual targets of an ability."""
        return tuple([s for s, alive in enumerate(self.alive, 1) if alive and s != seat])


def with_x(state: GameState[X], **changes: Any) -> GameState[X]:
    """The state with `changes` made to its ruleset's own state `x`."""
    return msgspec.structs.replace(state, x=msgspec.structs.replace(state.x, **changes))  # type: ignore[type-var]
