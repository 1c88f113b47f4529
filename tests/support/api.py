"""Helpers for driving the service in-process."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from litestar.testing import TestClient

from grimoire.service.app import create_app
from grimoire.service.lifecycle import Service
from grimoire.service.settings import Settings

NAMES9 = [f"P{i}" for i in range(1, 10)]


@contextlib.contextmanager
def client(database_url: str, **settings) -> Iterator[TestClient]:
    settings.setdefault("wait_cap", 2.0)
    settings.setdefault("stream_seconds", 1.0)
    settings.setdefault("log_level", "warning")
    app = create_app(Settings(database_url=database_url, **settings))
    with TestClient(app, timeout=30) as c:
        yield c


def service(c: TestClient) -> Service:
    return c.app.state.service


def auth(token: str) -> dict[str, str]:
    return {"Authorization": "Bearer " + token}


def new_game(
    c: TestClient, ruleset: str = "jinro9", preset: str = "9A", names=NAMES9, start: bool = True, **body
) -> dict:
    body.setdefault("options", {"time_scale": 100})  # deadlines far away unless a test wants them
    r = c.post("/games", json={"ruleset": ruleset, "preset": preset, "names": list(names), **body})
    assert r.status_code == 201, r.text
    game = r.json()
    game["host"] = auth(game["host_token"])
    game["seat"] = {s["seat"]: auth(s["token"]) for s in game["seats"]}
    if start:
        assert c.post(f"/games/{game['game_id']}/start", headers=game["host"]).status_code == 200
    return game


def stored_count(c: TestClient, game_id: str) -> int:
    """How many events the store holds for a game (read from the store, not the cache)."""
    import uuid

    return len(service(c).store.load(uuid.UUID(game_id)))
