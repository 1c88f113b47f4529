"""Deployments of earlier versions: the code as it ran when a released version of a ruleset was its
latest, so that a test (or a recorded corpus) creates games pinned to that version."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from grimoire.domain.catalog import RULESETS


@contextmanager
def deployed(ruleset: str, version: str) -> Iterator[None]:
    """While inside, `version` is the ruleset's latest release: new games are pinned to it. Every
    game, old or new, is decided by the rules of the version it is pinned to, inside or out."""
    rs = RULESETS[ruleset]
    released = rs.versions
    rs.versions = released[: released.index(version) + 1]
    try:
        yield
    finally:
        rs.versions = released
