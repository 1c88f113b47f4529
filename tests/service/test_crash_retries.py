"""A real server process killed (`kill -9`) while actions with Idempotency-Keys are in flight, then
started again on the same store: a retry of every key gets the original outcome (a 200 answered
before the crash comes back as it was, apart from `now`) or has the action applied then, and the log
holds each action exactly once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from tests.support.pg import free_port

ROOT = Path(__file__).resolve().parents[2]
NAMES13 = [f"P{i}" for i in range(1, 14)]
ACTIONS = 120
CRASH_AFTER = 30  # answers received before the kill


def serve(database_url: str, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "grimoire.service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "GRIMOIRE_DATABASE_URL": database_url},
        stdout=log.open("a"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()
        try:
            if httpx.get(base + "/health/ready", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start: " + log.read_text())


def auth(token: str) -> dict[str, str]:
    return {"Authorization": "Bearer " + token}


def wolf_game(http: httpx.Client) -> tuple[dict, list[str]]:
    r = http.post(
        "/games",
        json={
            "ruleset": "ultimate13",
            "preset": "13",
            "names": NAMES13,
            "moderator": True,
            "options": {"time_scale": 100},
        },
    )
    assert r.status_code == 201, r.text
    game = r.json()
    gid = game["game_id"]
    assert http.post(f"/games/{gid}/start", headers=auth(game["host_token"])).status_code == 200
    wolves = []
    for s in game["seats"]:
        view = http.get(f"/games/{gid}/view", headers=auth(s["token"])).json()["view"]
        if any(d["kind"] == "whisper" for d in view["decisions"]):
            wolves.append(s["token"])
    assert wolves
    return game, wolves


def test_a_retry_of_every_key_after_a_crash_gets_the_original_outcome_and_each_action_is_applied_once(
    database_url, tmp_path
):
    log = tmp_path / "server.log"
    proc, base = serve(database_url, log)
    try:
        with httpx.Client(base_url=base, timeout=30) as http:
            game, wolves = wolf_game(http)
        gid = game["game_id"]

        def post(http: httpx.Client, i: int) -> httpx.Response:
            return http.post(
                f"/games/{gid}/actions",
                json={"kind": "whisper", "text": f"w{i}"},
                headers={**auth(wolves[i % len(wolves)]), "Idempotency-Key": f"k{i}"},
            )

        first: dict[int, httpx.Response | None] = {}
        answered = threading.Semaphore(0)

        def send(http: httpx.Client, i: int) -> None:
            try:
                first[i] = post(http, i)
                answered.release()
            except httpx.HTTPError:
                first[i] = None

        with httpx.Client(base_url=base, timeout=10) as http, ThreadPoolExecutor(max_workers=8) as pool:
            for i in range(ACTIONS):
                pool.submit(send, http, i)
            for _ in range(CRASH_AFTER):
                assert answered.acquire(timeout=30)
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
        lost = [i for i in range(ACTIONS) if first[i] is None]
        assert lost, "the crash interrupted nothing"
        assert all(r.status_code == 200 for r in first.values() if r is not None)

        proc, base = serve(database_url, log)
        with httpx.Client(base_url=base, timeout=30) as http:
            for i in range(ACTIONS):
                again = post(http, i)
                assert again.status_code == 200, (i, again.text)
                assert again.json()["accepted"] is True
                original = first[i]
                if original is not None:
                    assert {**again.json(), "now": 0} == {**original.json(), "now": 0}
            audit = http.get(f"/games/{gid}/audit", headers=auth(game["moderator_token"]))
            assert audit.status_code == 200, audit.text
            texts = Counter(
                e["event"]["action"]["text"]
                for e in audit.json()["events"]
                if e["event"]["type"] == "act" and e["event"]["action"]["kind"] == "whisper"
            )
            assert texts == Counter(f"w{i}" for i in range(ACTIONS))
            verify = http.get(f"/games/{gid}/audit/verify", headers=auth(game["moderator_token"]))
            assert verify.json()["ok"] is True, verify.text
    finally:
        proc.kill()
        proc.wait(10)
