"""The catalog: every ruleset by its stable id, and the engine of each.

The engine itself knows no catalog (it is given its ruleset); callers that hold a game's state or
its stored events use the functions here, which pick the engine by the game's ruleset id.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib.resources import files
from typing import Any

from grimoire.domain import audit, texts
from grimoire.domain.audit import AuditReport
from grimoire.domain.engine import Decider, initial_state, is_terminal
from grimoire.domain.events import CreateGame, Event, GameCreated, Input
from grimoire.domain.ruleset import ABORTED, Ruleset
from grimoire.domain.rulesets.aiwolf import AIWOLF
from grimoire.domain.rulesets.jinro9 import JINRO9
from grimoire.domain.rulesets.langrensha import LANGRENSHA
from grimoire.domain.rulesets.magic_city import MAGIC_CITY
from grimoire.domain.rulesets.ultimate13 import ULTIMATE13
from grimoire.domain.rulesets.witch_trial import WITCH_TRIAL
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation

RULESETS: dict[str, Ruleset[Any]] = {
    rs.id: rs for rs in (JINRO9, ULTIMATE13, WITCH_TRIAL, LANGRENSHA, MAGIC_CITY, AIWOLF)
}
ENGINES: dict[str, Decider] = {rs_id: Decider(rs) for rs_id, rs in RULESETS.items()}

# The texts: the shared catalog beside the kernel, and each ruleset's beside its rules.
texts.load(files(texts))
for _id in RULESETS:
    texts.load(files(f"grimoire.domain.rulesets.{_id}") / "texts", _id)

__all__ = [
    "ENGINES",
    "RULESETS",
    "decide",
    "end_reasons",
    "engine",
    "evolve",
    "fold",
    "get",
    "initial_state",
    "is_terminal",
    "run",
    "unsupported_version",
    "verify",
]


def end_reasons() -> list[str]:
    """Every reason a game may end with (`GameEnded.reason`, `View.result`): the kernel's and each ruleset's."""
    return sorted({ABORTED, *(reason for rs in RULESETS.values() for reason in rs.end_reasons)})


def get(ruleset_id: str) -> Ruleset[Any] | None:
    return RULESETS.get(ruleset_id)


def engine(ruleset_id: str) -> Decider | None:
    return ENGINES.get(ruleset_id)


def _for_input(state: GameState[Any], inp: Input) -> Decider | RuleViolation:
    ruleset_id = inp.ruleset if isinstance(inp, CreateGame) else state.ruleset
    found = ENGINES.get(ruleset_id)
    return found if found is not None else RuleViolation(code="unknown_ruleset")


def run(state: GameState[Any], inp: Input) -> tuple[list[Event], GameState[Any]] | RuleViolation:
    d = _for_input(state, inp)
    return d if isinstance(d, RuleViolation) else d.run(state, inp)


def decide(state: GameState[Any], inp: Input) -> list[Event] | RuleViolation:
    d = _for_input(state, inp)
    return d if isinstance(d, RuleViolation) else d.decide(state, inp)


def evolve(state: GameState[Any], event: Event) -> GameState[Any]:
    ruleset_id = event.ruleset if isinstance(event, GameCreated) else state.ruleset
    d = ENGINES.get(ruleset_id)
    return d.evolve(state, event) if d is not None else _KERNEL.evolve(state, event)


def fold(events: Iterable[Event], state: GameState[Any] | None = None) -> GameState[Any]:
    state = state or initial_state()
    for event in events:
        state = evolve(state, event)
    return state


def _for_events(events: Sequence[Event]) -> Decider:
    first = events[0] if events else None
    d = ENGINES.get(first.ruleset) if isinstance(first, CreateGame) else None
    return d or _KERNEL


def verify(events: Sequence[Event]) -> AuditReport:
    """Replay a stored game through the engine of its ruleset (see `audit.verify`)."""
    return audit.verify(_for_events(events), events)


def unsupported_version(events: Sequence[Event]) -> RuleViolation | None:
    """Whether a stored game is pinned to a version of its ruleset or the engine that this code does not keep."""
    return audit.unsupported_version(_for_events(events), events)


# The bare kernel, for events before a game names its ruleset (a create input on its own).
_KERNEL = Decider(Ruleset())
