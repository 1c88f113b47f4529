"""The fallback the test fixtures use on a machine without a PostgreSQL server: a temporary cluster."""

from __future__ import annotations

import uuid

import psycopg

from grimoire.domain.events import CreateGame
from grimoire.domain.violations import RuleViolation
from grimoire.service.commands import Commands
from grimoire.service.games import Games
from grimoire.service.store import Store
from tests.support.harness import seed_for
from tests.support.pg import TempCluster


def test_a_temporary_cluster_starts_holds_a_game_and_stops():
    cluster = TempCluster()
    url = cluster.start()
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE DATABASE grimoire")
        store = Store(url.rsplit("/", 1)[0] + "/grimoire")
        try:
            gid = uuid.uuid4()
            _, out = Commands(Games(store)).create(
                gid, CreateGame(game_id=str(gid), ruleset="jinro9", seats=9, preset="9A", seed=seed_for(3))
            )
            assert not isinstance(out, RuleViolation)
            assert [r.topic for r in store.load(gid)] == ["create_game", "game_created"]
        finally:
            store.close()
    finally:
        cluster.stop()
    assert not cluster.dir.exists()
