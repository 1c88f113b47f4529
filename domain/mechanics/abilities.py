"""Single-target night abilities as a table: who may target whom, from which night, and what the
actor learns of its target.

A ruleset maps each ability's kind (the action that answers it: `divine`, `guard`, `attack`, …)
to an `Ability`; `decision` is the prompt it gives a seat tonight, `learn` tells an actor what it
found. The target rules below are the usual ones; a ruleset writes its own as a function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Generic, NamedTuple

from grimoire.domain.events import Action, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.state import GameState, X


class Ability(NamedTuple, Generic[X]):
    """A single-target night ability.

    - `decision(state, seat)`: whom the seat may target tonight (its targets, the seats barred
      and why, whether it may pass);
    - `first_night`: the first night it acts (night 0 is the night before the first day);
    - `learns(state, target)`: the label its actor learns of the target (none: it learns nothing).
    """

    decision: Callable[[GameState[X], int], Decision]
    first_night: int = 1
    learns: Callable[[GameState[X], int], str] | None = None


def decision(ability: Ability[X], state: GameState[X], seat: int) -> Decision | None:
    """The seat's prompt for the ability tonight (none: not yet)."""
    return ability.decision(state, seat) if state.day >= ability.first_night else None


def any_other(kind: str) -> Callable[[GameState[X], int], Decision]:
    """Any living seat but the actor's own."""
    return lambda state, seat: Decision(kind=kind, targets=state.others(seat))


def guard(state: GameState[X], seat: int, last: int | None, optional: bool) -> Decision:
    """A guard: any other living seat but the one it guarded last night (barred as such while it lives)."""
    barred = ((last, "consecutive_guard"),) if last is not None and state.is_alive(last) else ()
    targets = tuple(s for s in state.living() if s != seat and s != last)
    return Decision(kind="guard", targets=targets, barred=barred, optional=optional)


def learn(g: Table[X], key: str, actor: int, target: int, label: str) -> None:
    """The actor learns `label` of its target, in the notice `key`."""
    g.notice(key, to=(actor,), learn={target: label}, target=target, label=label)


def named(answers: Mapping[int, Action], kind: str) -> Iterator[tuple[int, int]]:
    """Each actor, in seat order, that answered `kind` naming a target, with that target."""
    for seat, a in sorted(answers.items()):
        if a.kind == kind and a.target is not None:
            yield seat, a.target
