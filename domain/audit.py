"""The audit: replay a stored game's inputs through its engine and check that they reproduce every
stored outcome, for a game pinned to a ruleset version and an engine version this code keeps (each
game is replayed under the rules of the versions it is pinned to)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from grimoire.domain import engine
from grimoire.domain.engine import Decider, initial_state
from grimoire.domain.events import Event, GameCreated, Input, type_id
from grimoire.domain.violations import RuleViolation

_encode = msgspec.json.encode


class AuditReport(msgspec.Struct, frozen=True, kw_only=True):
    ok: bool
    events: int
    inputs: int
    problems: tuple[str, ...] = ()
    unsupported: RuleViolation | None = None  # recorded under other versions: not replayed


def unsupported_version(d: Decider, events: Sequence[Event]) -> RuleViolation | None:
    """`unsupported_ruleset_version` when the game is pinned to a version of its ruleset or of the engine
    that this code does not keep (one never released as kept, such as a log from before pinning):
    replaying it here would hold it to rules it was not played by. Every released version is kept."""
    return _unsupported(d, _created(events))


def _created(events: Sequence[Event]) -> GameCreated | None:
    return next((e for e in events if isinstance(e, GameCreated)), None)


def _unsupported(d: Decider, created: GameCreated | None) -> RuleViolation | None:
    rs = d.ruleset
    if created is None or created.ruleset != rs.id:
        return None
    if created.ruleset_version in rs.versions and created.engine_version in engine.ENGINE_VERSIONS:
        return None
    return RuleViolation(
        code="unsupported_ruleset_version",
        args=dict(
            ruleset=rs.id,
            stored_ruleset_version=created.ruleset_version,
            ruleset_version=rs.version,
            stored_engine_version=created.engine_version,
            engine_version=engine.ENGINE_VERSIONS[-1],
        ),
    )


def verify(d: Decider, events: Sequence[Event]) -> AuditReport:
    """Replay the inputs through `decide` and check that they reproduce every stored outcome."""
    created = _created(events)
    unsupported = _unsupported(d, created)
    if unsupported is not None:
        a = unsupported.args
        problem = (
            f"recorded with {a['ruleset']} version {a['stored_ruleset_version']} "
            f"(engine {a['stored_engine_version']}); this code runs version {a['ruleset_version']} "
            f"(engine {a['engine_version']})"
        )
        return AuditReport(ok=False, events=len(events), inputs=0, problems=(problem,), unsupported=unsupported)
    if created is not None:  # its creation is re-decided under the versions it is pinned to
        d = Decider(d.ruleset, pin=(created.ruleset_version, created.engine_version))
    state = initial_state()
    problems: list[str] = []
    i = inputs = 0
    while i < len(events):
        event = events[i]
        if not isinstance(event, Input):
            problems.append(f"event {i + 1} ({type_id(event)}) follows no input")
            break
        inputs += 1
        result = d.run(state, event)
        if isinstance(result, RuleViolation):
            problems.append(f"input {i + 1} is refused on replay: {result.code}")
            break
        produced, state = result
        stored = list(events[i : i + len(produced)])
        if [_encode(e) for e in produced] != [_encode(e) for e in stored]:
            at = next((k for k, (a, b) in enumerate(zip(produced, stored)) if a != b), min(len(produced), len(stored)))
            problems.append(f"event {i + at + 1} differs from what its input produces on replay")
            break
        i += len(produced)
    return AuditReport(ok=not problems, events=len(events), inputs=inputs, problems=tuple(problems))
