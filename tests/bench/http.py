"""HTTP benchmark: the real server (uvicorn) on SQLite or PostgreSQL, bots in another process.

    python tests/bench/http.py --backend sqlite --games 50
    python tests/bench/http.py --backend postgres --games 50 [--database-url postgresql://…]

Each game's bots are woken by the game's feed (one server-sent event stream a game) and each seat
acts from its own view when it owes a decision. The
last line printed is one JSON object: actions/s, latency percentiles of an action, the raw append
rate through eventsourcing on the same backend with as many events per append as the service made
(the ceiling), and the time of a view read at event 20 and at event 2,000 of one game.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file's own folder must not shadow the standard library's `http` package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import tempfile
import time
import uuid

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(url: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "GRIMOIRE_DATABASE_URL": url}
    proc = subprocess.Popen(
        [sys.executable, "-m", "grimoire.service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    import httpx

    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health/ready", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


# --- the bots (run in their own process) -----------------------------------------------------------


def prompted(item: dict) -> set[int] | None:
    """The seats a moderator's feed item may have given a decision to (None: every seat)."""
    kind, data = item["type"], item.get("data", {})
    if kind == "step_opened":
        return set(data.get("seats", ())) or None
    if kind == "prompt":
        return {data["seat"]}
    if kind == "deadline_extended":
        return None
    return set()


async def call(client, method: str, url: str, **kw):
    """One request, sent again when a kept-alive connection was closed under it (actions carry an
    Idempotency-Key, so a repeated action is answered once)."""
    import httpx

    for attempt in range(5):
        try:
            return await client.request(method, url, **kw)
        except (httpx.RemoteProtocolError, httpx.ConnectError, httpx.ReadError):
            if attempt == 4:
                raise
            await asyncio.sleep(0.05 * (attempt + 1))


async def act_seat(client, base: str, game_id: str, token: str, rng: random.Random, latencies: list[float]) -> int:
    """One seat's turn: it reads its own view and acts while the view says it owes a decision."""
    import msgspec

    from grimoire.projections.view import View
    from grimoire.service.bots import pick

    headers = {"Authorization": "Bearer " + token}
    acted = 0
    reply = (await call(client, "GET", f"{base}/games/{game_id}/view", headers=headers)).json()
    while True:
        view = msgspec.convert(reply["view"], View, strict=False)
        owed = [d for d in view.decisions if not d.repeatable]
        if view.status != "running" or not owed or view.answered is not None:
            return acted
        body = msgspec.to_builtins(pick(rng.choice(owed), rng, view.seat))
        key = {**headers, "Idempotency-Key": f"{view.step}-{acted}-{rng.random()}"}
        started = time.perf_counter()
        r = await call(client, "POST", f"{base}/games/{game_id}/actions", json=body, headers=key)
        latencies.append(time.perf_counter() - started)
        if r.status_code != 200:
            return acted
        acted += 1
        reply = r.json()  # the reply carries the seat's view after its action


async def play_game(client, base: str, game: dict, seed: int, latencies: list[float]) -> int:
    """The game's seats, woken by the game's moderator feed: a seat looks at its own view when an
    event may have given it a decision (one stream a game instead of one a seat)."""
    import httpx

    gid = game["game_id"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    rngs = {seat: random.Random(f"{seed}:{gid}:{seat}") for seat in tokens}
    headers = {"Authorization": "Bearer " + game["moderator_token"]}
    cursor, acted = 0, 0
    while True:
        try:
            async with contextlib.aclosing(follow(client, f"{base}/games/{gid}/stream", cursor, headers)) as items:
                async for item in items:
                    cursor = item["n"]
                    if item["type"] == "game_ended":
                        return acted
                    seats = prompted(item)
                    if seats is None:
                        seats = set(tokens)
                    results = await asyncio.gather(
                        *(act_seat(client, base, gid, tokens[s], rngs[s], latencies) for s in sorted(seats))
                    )
                    acted += sum(results)
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.ConnectError):
            pass  # the stream broke: follow again from the cursor


async def follow(client, url: str, cursor: int, headers: dict):
    """The items of a server-sent event stream after `cursor`."""
    async with client.stream("GET", url, params={"after": cursor}, headers=headers) as stream:
        data: list[str] = []
        async for line in stream.aiter_lines():
            if line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
                continue
            if line or not data:
                continue
            text, data = "\n".join(data).strip(), []  # a blank line ends one server-sent event
            if text:
                yield json.loads(text)


async def own_client(play, *args) -> int:
    """A game's bots get a connection pool of their own: one large pool costs time per request
    that grows with its number of connections."""
    import httpx

    async with httpx.AsyncClient(timeout=60) as client:
        return await play(client, *args)


async def bots_main(base: str, games: int, ruleset: str, preset: str | None, seed: int) -> dict:
    import httpx

    limits = httpx.Limits(max_connections=2000, max_keepalive_connections=2000)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        created = []
        for _ in range(games):
            body = {
                "ruleset": ruleset,
                "names": [f"P{i}" for i in range(1, 10 if ruleset == "jinro9" else 14)],
                "options": {"time_scale": 1},
                "moderator": True,
            }
            if preset:
                body["preset"] = preset
            r = await client.post(f"{base}/games", json=body)
            r.raise_for_status()
            created.append(r.json())
        latencies: list[float] = []
        started = time.perf_counter()
        for game in created:
            await client.post(
                f"{base}/games/{game['game_id']}/start", headers={"Authorization": "Bearer " + game["host_token"]}
            )
        actions = sum(await asyncio.gather(*(own_client(play_game, base, game, seed, latencies) for game in created)))
        elapsed = time.perf_counter() - started
        events = 0
        for game in created:
            audit = (await client.get(f"{base}/games/{game['game_id']}/audit")).json()
            events += len(audit["events"])
    latencies.sort()
    return {"actions": actions, "elapsed": elapsed, "latencies": latencies, "events": events}


def bots_process(base, games, ruleset, preset, seed, queue) -> None:
    queue.put(asyncio.run(bots_main(base, games, ruleset, preset, seed)))


# --- the ceiling and the view reads ------------------------------------------------------------------


def raw_appends_per_s(url: str, events_per_append: int, seconds: float = 3.0) -> float:
    """Sequential appends through eventsourcing's recorder, each of `events_per_append` events."""
    from eventsourcing.persistence import InfrastructureFactory, StoredEvent

    from grimoire.service.store import environment

    env = environment(url)
    factory = InfrastructureFactory.construct(env={**env, "TRANSCODER_TOPIC": "grimoire.service.store:NoTranscoder"})
    recorder = factory.application_recorder()
    payload = (
        b'{"prev":"' + b"0" * 64 + b'","event":{"type":"act","at":1700000000000,"to":"public","seat":3,'
        b'"action":{"kind":"speak","text":"I doubt #42"}}}'
    )
    count, started = 0, time.perf_counter()
    stream, version = uuid.uuid4(), 0
    while time.perf_counter() - started < seconds:
        batch = [
            StoredEvent(originator_id=stream, originator_version=version + k + 1, topic="act", state=payload)
            for k in range(events_per_append)
        ]
        recorder.insert_events(batch)
        version += events_per_append
        count += 1
    rate = count / (time.perf_counter() - started)
    factory.close()
    return rate


def view_ms(base: str, events_target: int) -> float:
    """The median time of a view read once a game holds about `events_target` events."""
    import httpx

    with httpx.Client(base_url=base, timeout=30) as c:
        r = c.post(
            "/games",
            json={"ruleset": "ultimate13", "names": [f"P{i}" for i in range(1, 14)], "options": {"time_scale": 100}},
        )
        game = r.json()
        gid = game["game_id"]
        c.post(f"/games/{gid}/start", headers={"Authorization": "Bearer " + game["host_token"]})
        tokens = [s["token"] for s in game["seats"]]
        for token in tokens:  # night 0: everyone sleeps
            c.post(f"/games/{gid}/actions", json={"kind": "sleep"}, headers={"Authorization": "Bearer " + token})
        spoken = 0
        count = 40  # events before the discussion, roughly
        while count < events_target:
            token = tokens[spoken % len(tokens)]
            c.post(
                f"/games/{gid}/actions",
                json={"kind": "speak", "text": f"speech {spoken}"},
                headers={"Authorization": "Bearer " + token},
            )
            spoken += 1
            count += 1
        headers = {"Authorization": "Bearer " + tokens[0]}
        for _ in range(20):
            c.get(f"/games/{gid}/view", headers=headers)
        samples = []
        for _ in range(200):
            started = time.perf_counter()
            c.get(f"/games/{gid}/view", headers=headers).raise_for_status()
            samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), required=True)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--ruleset", default="jinro9")
    parser.add_argument("--preset", default="9A")
    parser.add_argument("--database-url", default=os.environ.get("GRIMOIRE_BENCH_DATABASE_URL"))
    args = parser.parse_args()

    cleanup = []
    if args.backend == "sqlite":
        tmp = tempfile.mkdtemp(prefix="grimoire-bench-")
        url = os.path.join(tmp, "bench.db")
    else:
        from tests.support.pg import Database

        db = Database()
        url = db.url
        cleanup.append(db.drop)
    port = free_port()
    server = start_server(url, port)
    base = f"http://127.0.0.1:{port}"
    try:
        queue: multiprocessing.Queue = multiprocessing.Queue()
        bots = multiprocessing.Process(
            target=bots_process, args=(base, args.games, args.ruleset, args.preset, 1, queue)
        )
        bots.start()
        result = None
        while result is None:
            try:
                result = queue.get(timeout=1)
            except Exception:
                if not bots.is_alive():
                    raise SystemExit("the bots failed") from None
        bots.join()
        at_20 = view_ms(base, 20)
        at_2000 = view_ms(base, 2000)
    finally:
        server.terminate()
        server.wait(10)
    lat = result["latencies"]
    per_append = max(1, round(result["events"] / max(1, result["actions"] + args.games * 2)))
    ceiling = raw_appends_per_s(url if args.backend == "postgres" else url + ".raw", per_append)
    for fn in cleanup:
        fn()
    print(
        json.dumps(
            {
                "backend": args.backend,
                "games": args.games,
                "actions_per_s": round(result["actions"] / result["elapsed"], 1),
                "p50_ms": round(lat[len(lat) // 2] * 1000, 2),
                "p99_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000, 2),
                "store_appends_per_s": round(ceiling, 1),
                "events_per_append": per_append,
                "view_ms_at_20": round(at_20, 2),
                "view_ms_at_2000": round(at_2000, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
