"""Deployments of earlier versions: the code as it ran when a released version of a ruleset (and of the
engine) was its latest, so that a test (or a recorded corpus) creates games pinned to that version."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from grimoire.domain import engine
from grimoire.domain.catalog import RULESETS


@contextmanager
def deployed(ruleset: str, version: str, engine_version: str | None = None) -> Iterator[None]:
    """While inside, `version` is the ruleset's latest release (and `engine_version`, when given, the
    engine's): new games are pinned to them. Every game, old or new, is decided by the rules of the
    versions it is pinned to, inside or out."""
    rs = RULESETS[ruleset]
    released, engines = rs.versions, engine.ENGINE_VERSIONS
    rs.versions = released[: released.index(version) + 1]
    if engine_version is not None:
        engine.ENGINE_VERSIONS = engines[: engines.index(engine_version) + 1]
    try:
        yield
    finally:
        rs.versions = released
        engine.ENGINE_VERSIONS = engines
