"""Two service processes on one PostgreSQL (deploy/replicas.sh): live feeds cross replicas, and
concurrent actions on one game through both are each applied once or refused, never lost."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
NAMES = [f"P{i}" for i in range(1, 10)]


@pytest.fixture(scope="module")
def replicas():
    from tests.support.pg import free_port

    first = free_port()
    while True:
        second_free = True
        try:
            import socket

            with socket.socket() as s:
                s.bind(("127.0.0.1", first + 1))
        except OSError:
            second_free = False
        if second_free:
            break
        first = free_port()
    proc = subprocess.Popen(
        ["bash", str(ROOT / "deploy" / "replicas.sh"), str(first)],
        cwd=ROOT,
        env={**os.environ, "PYTHON": sys.executable},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        urls, ready = [], False
        for line in proc.stdout:
            if line.startswith("replica "):
                urls.append(line.split()[1])
            if line.strip() == "ready":
                ready = True
                break
        assert ready and len(urls) == 2, "the replicas did not start (see the captured stderr)"
        for url in urls:
            assert httpx.get(url + "/health/ready", timeout=5).status_code == 200
        yield urls
    finally:
        proc.terminate()
        proc.wait(30)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": "Bearer " + token}


def new_game(base: str) -> dict:
    r = httpx.post(
        base + "/games",
        json={"ruleset": "jinro9", "preset": "9A", "names": NAMES, "options": {"time_scale": 100}},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    game = r.json()
    assert (
        httpx.post(f"{base}/games/{game['game_id']}/start", headers=auth(game["host_token"]), timeout=30).status_code
        == 200
    )
    return game


def view(base: str, game: dict, seat: int) -> dict:
    token = next(s["token"] for s in game["seats"] if s["seat"] == seat)
    return httpx.get(f"{base}/games/{game['game_id']}/view", headers=auth(token), timeout=30).json()["view"]


def owed(base: str, gid: str, token: str) -> str:
    """The kind of the decision a seat owes now (night 0: a villager sleeps, a wolf is done whispering)."""
    decisions = httpx.get(f"{base}/games/{gid}/view", headers=auth(token), timeout=30).json()["view"]["decisions"]
    return next(d["kind"] for d in decisions if not d.get("repeatable"))


def test_an_action_on_one_replica_reaches_the_other_replicas_live_feed(replicas):
    a, b = replicas
    game = new_game(a)
    gid = game["game_id"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    cursor = httpx.get(f"{b}/games/{gid}/events", headers=auth(tokens[1]), timeout=30).json()["next"]
    got = {}

    def follow():
        started = time.perf_counter()
        r = httpx.get(
            f"{b}/games/{gid}/events", params={"after": cursor, "wait": 20}, headers=auth(tokens[1]), timeout=60
        )
        got["events"] = r.json()["events"]
        got["seconds"] = time.perf_counter() - started

    waiter = threading.Thread(target=follow)
    waiter.start()
    time.sleep(1.0)  # the long-poll on replica B is waiting
    speaker = view(a, game, 1)
    assert speaker["step_name"] == "night"
    # night 0: every seat answers through replica A; the day opens, a public event B's waiter may see
    for token in tokens.values():
        httpx.post(f"{a}/games/{gid}/actions", json={"kind": owed(a, gid, token)}, headers=auth(token), timeout=30)
    waiter.join(30)
    assert got["events"], "replica B's feed saw nothing"
    assert got["seconds"] < 10


def test_concurrent_actions_through_both_replicas_are_applied_once_or_refused(replicas):
    a, b = replicas
    game = new_game(a)
    gid = game["game_id"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    wolves = [seat for seat in tokens if view(a, game, seat)["role"] == "werewolf"]
    assert len(wolves) == 2

    def whisper(i: int) -> int:
        base = a if i % 2 else b
        seat = wolves[i % 2]
        r = httpx.post(
            f"{base}/games/{gid}/actions",
            json={"kind": "whisper", "text": f"w{i}"},
            headers=auth(tokens[seat]),
            timeout=60,
        )
        return r.status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(whisper, range(16)))
    assert statuses.count(200) == 10, statuses
    assert all(s in (200, 409, 422) for s in statuses), statuses

    def sleep(seat: int) -> int:
        base = a if seat % 2 else b
        kind = owed(base, gid, tokens[seat])
        return httpx.post(
            f"{base}/games/{gid}/actions", json={"kind": kind}, headers=auth(tokens[seat]), timeout=60
        ).status_code

    with ThreadPoolExecutor(max_workers=9) as pool:
        statuses = list(pool.map(sleep, tokens))
    assert statuses == [200] * 9

    host = auth(game["host_token"])
    assert httpx.post(f"{a}/games/{gid}/abort", headers=host, timeout=30).status_code == 200
    audit = httpx.get(f"{b}/games/{gid}/audit", timeout=30).json()
    events = [e.get("event", e) for e in audit["events"]]
    kinds = [(e.get("seat"), e["action"]["kind"]) for e in events if e.get("type") == "act"]
    assert sum(1 for _, k in kinds if k == "whisper") == 10
    assert sorted(s for s, k in kinds if k in ("sleep", "done")) == list(range(1, 10))
    assert httpx.get(f"{a}/games/{gid}/audit/verify", timeout=30).json()["ok"] is True
