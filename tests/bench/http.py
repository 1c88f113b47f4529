"""HTTP benchmark: what the server spends, measured on the server.

    python tests/bench/http.py --backend both --games 40 --procs 2
    python tests/bench/http.py --backend both --ref 61cdfbf        # that commit measured beside this checkout
    python tests/bench/http.py --backend sqlite --games 0 --sse 2000
    python tests/bench/http.py --backend postgres --games 0 --fanout 200
    python tests/bench/http.py --backend sqlite --games 20 --profile  # the server's top functions to stderr

Each server is its own process (`grimoire serve`), on a new SQLite file or a new PostgreSQL database
(created on `--database-url`, default 127.0.0.1:5432, and dropped afterwards). Bots in `--procs`
processes create `--games` games through the API and play every seat with random legal actions from
its own view (service.bots), woken by each game's moderator stream, until the games end.

For each backend and each build measured (this checkout, `new`; with `--ref`, that commit, `ref`, run
on the libraries its own pyproject.toml declared, or with `--ref-env shared` on this checkout's):
actions/s, the latency of action POSTs (p50/p99), and the server process's own CPU time (user +
system, its descendants too, from /proc) per accepted action, sampled just before the bots start
their games and just after the last game ends, so startup and game creation are left out.
`--sse N` holds N streams open on one server and times `/health/live` meanwhile; `--fanout N` times N
public speeches from the POST to each seat's stream, on one server and (PostgreSQL) across two
sharing the database, while `--fanout-games` games are played beside it.

Progress goes to stderr; the last line on stdout is one JSON object of every figure.
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
import re
import resource
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.reference import extract, link_tree

QUIET = 2.0  # seconds a game may go without a moderator item before every seat looks at its view

SERVER_ENV = {
    "GRIMOIRE_RATE_LIMIT": "1000000",  # every bot calls from 127.0.0.1: measure the work, not the limiter
    "GRIMOIRE_LOG_LEVEL": "warning",
    "GRIMOIRE_CACHE_GAMES": "10000",
}

# `python -c` wrapper for --profile: every thread of the server (the event loop and the workers the
# handlers hand their store work to) under its own cProfile, timed by the thread's CPU clock (so
# waiting costs nothing); SIGUSR1 clears what they hold (the window opens), SIGUSR2 writes them,
# merged, to the file named first (the window closes).
PROFILED = """
import cProfile, marshal, os, pstats, signal, sys, threading, time
out = sys.argv[1]
profiles = [cProfile.Profile(time.thread_time)]
run = threading.Thread.run
def profiled(self):
    p = cProfile.Profile(time.thread_time)
    profiles.append(p)
    p.enable()
    run(self)
threading.Thread.run = profiled
def opened(*_):
    for p in profiles:
        p.clear()
def closed(*_):
    try:  # a signal handler runs inside whatever the main thread was doing: raise nothing into it
        parts = []
        for i, p in enumerate(profiles):
            p.snapshot_stats()  # without disabling it from another thread
            if p.stats:  # pstats refuses an empty profile
                parts.append(f"{out}.{i}")
                with open(parts[-1], "wb") as f:
                    marshal.dump(p.stats, f)
        pstats.Stats(*parts).dump_stats(out + ".tmp")
        os.replace(out + ".tmp", out)
    except Exception:
        import traceback
        traceback.print_exc()
signal.signal(signal.SIGUSR1, opened)
signal.signal(signal.SIGUSR2, closed)
sys.argv = ["grimoire", *sys.argv[2:]]
from grimoire.service.cli import main
profiles[0].enable()
main()
"""


def log(*args: object) -> None:
    print(*args, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


# --- builds and servers ------------------------------------------------------------------------------


class Build:
    """The code a server runs and the Python it runs on: this checkout in this environment (`pythonpath`
    None), or a commit's tree, either in a virtualenv installed from that commit's own pyproject.toml
    (the libraries it declared, as it was deployed) or put first on this environment's path as the
    package `grimoire` (the same folders-to-package mapping as setuptools' package-dir)."""

    def __init__(self, name: str, pythonpath: str | None = None, label: str = "", python: str = sys.executable) -> None:
        self.name, self.pythonpath, self.label, self.python = name, pythonpath, label or name, python


def checkout(ref: str, into: Path, own_env: bool) -> Build:
    commit, src = extract(ref, into)
    if own_env:
        log(f"ref: installing {commit} and the libraries its pyproject.toml declares into a new virtualenv")
        subprocess.run([sys.executable, "-m", "venv", str(into / "venv")], check=True)
        python = str(into / "venv" / "bin" / "python")
        done = subprocess.run([python, "-m", "pip", "install", "-q", str(src)], capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"installing {commit} failed:\n{done.stderr[-3000:]}")
        build = Build("ref", None, commit, python)
    else:
        build = Build("ref", link_tree(src, into), commit)
    where = subprocess.run(
        [build.python, "-c", "import grimoire.service.cli as m; print(m.__file__)"],
        env={**os.environ, "PYTHONPATH": build.pythonpath or ""},
        cwd=into,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not where.startswith(str(into)):
        raise SystemExit(f"the reference build imports {where}, not its own tree")
    return build


class Server:
    """`grimoire serve` in its own process, on a free port."""

    def __init__(self, build: Build, url: str, workdir: Path, profile: Path | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.profile = profile
        env = {k: v for k, v in os.environ.items() if not k.startswith("GRIMOIRE_")}
        env.update(SERVER_ENV)
        if build.pythonpath:
            env["PYTHONPATH"] = build.pythonpath
        serve = ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--database-url", url]
        if profile is None:
            cmd = [build.python, "-m", "grimoire.service.cli", *serve]
        else:
            cmd = [build.python, "-c", PROFILED, str(profile), *serve]
        self.log = workdir / f"server-{self.port}.log"
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(cmd, cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT)
        self.wait_ready()

    def wait_ready(self) -> None:
        import httpx

        deadline = time.monotonic() + 180  # a busy machine starts a server slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                if httpx.get(f"{self.base}/health/ready", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise SystemExit(f"the server did not start:\n{self.log.read_text()[-3000:]}")

    def cpu(self) -> float:
        return cpu_seconds(self.proc.pid)

    def window(self, opened: bool) -> None:
        """Under --profile: the measured window opens (the profiles are cleared) or closes (written)."""
        if self.profile is None:
            return
        self.proc.send_signal(signal.SIGUSR1 if opened else signal.SIGUSR2)
        deadline = time.monotonic() + 60
        while not opened and not self.profile.exists() and time.monotonic() < deadline:
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (every thread) and of its live descendants."""
    stats: dict[int, tuple[int, float]] = {}  # pid: (parent, cpu)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()  # after "pid (comm) "; fields[0] is field 3
        stats[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, (0, 0.0))[1]
        todo.extend(child for child, (parent, _) in stats.items() if parent == p)
    return total


def print_profile(path: Path, title: str) -> None:
    import io
    import pstats

    if not path.exists():
        log(f"no profile written for {title}")
        return
    for order in ("cumulative", "tottime"):
        out = io.StringIO()
        pstats.Stats(str(path), stream=out).sort_stats(order).print_stats(25)
        log(f"--- profile of {title} (CPU time of every thread in the measured window), by {order} ---")
        log(out.getvalue().split("\n", 5)[-1] if "ncalls" in out.getvalue() else out.getvalue())


# --- databases ------------------------------------------------------------------------------------


@contextlib.contextmanager
def database(backend: str, admin: str, workdir: Path) -> Iterator[str]:
    """A new store: an SQLite file, or a PostgreSQL database created on `admin` and dropped after."""
    if backend == "sqlite":
        folder = Path(tempfile.mkdtemp(prefix="sqlite-", dir=workdir))
        yield str(folder / "bench.db")
        return
    import psycopg

    from tests.support.pg import with_db

    name = f"grimoire_bench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield with_db(admin, name)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- the bots (run in their own processes) ---------------------------------------------------------


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


async def act_seat(client, base: str, game_id: str, token: str, rng: random.Random, tally: dict) -> None:
    """One seat's turn: it reads its own view and acts while the view says it owes a decision."""
    import msgspec

    from grimoire.projections.view import View
    from grimoire.service.bots import owed_action

    headers = {"Authorization": "Bearer " + token}
    reply = (await call(client, "GET", f"{base}/games/{game_id}/view", headers=headers)).json()
    tally["view_reads"] += 1
    while True:
        view = msgspec.convert(reply["view"], View, strict=False)
        action = owed_action(view, rng) if view.status == "running" else None
        if action is None:
            return
        key = {**headers, "Idempotency-Key": uuid.uuid4().hex}
        started = time.perf_counter()
        r = await call(client, "POST", f"{base}/games/{game_id}/actions", json=msgspec.to_builtins(action), headers=key)
        tally["latencies"].append(time.perf_counter() - started)
        if r.status_code != 200:
            tally["refused"] += 1
            return
        tally["actions"] += 1
        reply = r.json()  # the reply carries the seat's view after its action


async def play_game(base: str, game: dict, seed: int, tally: dict) -> None:
    """The game's seats, woken by the game's moderator feed: a seat looks at its own view when an
    event may have given it a decision (one stream a game instead of one a seat), and every seat looks
    when the game has been quiet for QUIET seconds (a decision no moderator item announced; counted);
    when none owes anything then, the step waits for its deadline alone and the host forces it.
    Each game has a connection pool of its own: one large pool costs time per request that grows
    with its size."""
    import httpx

    gid = game["game_id"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    rngs = {seat: random.Random(f"{seed}:{gid}:{seat}") for seat in tokens}
    headers = {"Authorization": "Bearer " + game["moderator_token"]}
    items: asyncio.Queue = asyncio.Queue()

    async def read(client) -> None:
        cursor = 0
        while True:
            try:
                async with contextlib.aclosing(follow(client, f"{base}/games/{gid}/stream", cursor, headers)) as feed:
                    async for item in feed:
                        cursor = item["n"]
                        items.put_nowait(item)
            except (httpx.RemoteProtocolError, httpx.ReadError, httpx.ConnectError):
                pass  # the stream broke: follow again from the cursor
            await asyncio.sleep(0.1)

    async with httpx.AsyncClient(timeout=60) as client:
        reader = asyncio.ensure_future(read(client))
        try:
            while True:
                try:
                    item = await asyncio.wait_for(items.get(), QUIET)
                except TimeoutError:
                    tally["quiet"] += 1
                    seats: set[int] | None = set(tokens)
                    item = None
                else:
                    if item["type"] == "game_ended":
                        tally["ended"] += 1
                        return
                    seats = prompted(item)
                    seats = set(tokens) if seats is None else seats
                before = tally["actions"]
                await asyncio.gather(*(act_seat(client, base, gid, tokens[s], rngs[s], tally) for s in sorted(seats)))
                if item is None:
                    tally["unprompted"] += tally["actions"] - before
                    if tally["actions"] == before:  # the step waits for its deadline alone: the host ends it
                        host = {"Authorization": "Bearer " + game["host_token"]}
                        await call(client, "POST", f"{base}/games/{gid}/deadline", headers=host)
                        tally["forced"] += 1
        finally:
            reader.cancel()


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


def game_body(ruleset: str, preset: str | None, players: int, time_scale: float = 1) -> dict:
    body = {
        "ruleset": ruleset,
        "names": [f"P{i}" for i in range(1, players + 1)],
        "options": {"time_scale": time_scale},
        "moderator": True,
    }
    if preset:
        body["preset"] = preset
    return body


async def create_games(bases: list[str], count: int, body: dict) -> list[tuple[str, dict]]:
    import httpx

    created = []
    async with httpx.AsyncClient(timeout=60) as client:
        for i in range(count):
            base = bases[i % len(bases)]
            r = await client.post(f"{base}/games", json=body)
            r.raise_for_status()
            created.append((base, r.json()))
    return created


async def bots_main(bases: list[str], games: int, body: dict, seed: int, ready, go, timeout: float) -> dict:
    import httpx

    created = await create_games(bases, games, body)
    ready.put(len(created))
    while not go.wait(0.05):
        await asyncio.sleep(0)
    tally = {
        "actions": 0,
        "refused": 0,
        "ended": 0,
        "quiet": 0,
        "unprompted": 0,
        "forced": 0,
        "view_reads": 0,
        "latencies": [],
    }
    started = time.perf_counter()
    async with httpx.AsyncClient(timeout=60) as client:
        for base, game in created:
            r = await client.post(
                f"{base}/games/{game['game_id']}/start", headers={"Authorization": "Bearer " + game["host_token"]}
            )
            r.raise_for_status()
    plays = [play_game(base, game, seed, tally) for base, game in created]
    try:
        await asyncio.wait_for(asyncio.gather(*plays), timeout)
    except TimeoutError:
        log(f"bots: {games - tally['ended']} games had not ended after {timeout:.0f} s")
    tally["elapsed"] = time.perf_counter() - started
    return tally


def bots_process(bases, games, body, seed, ready, go, results, timeout) -> None:
    results.put(asyncio.run(bots_main(bases, games, body, seed, ready, go, timeout)))


class Bots:
    """`games` games created and played by bots in `procs` processes; `start()` returns once every
    game is created (nothing started), `finish()` once every game has ended."""

    def __init__(self, bases: list[str], games: int, procs: int, body: dict, seed: int, timeout: float) -> None:
        ctx = multiprocessing.get_context("fork")
        self.ready, self.results, self.go = ctx.Queue(), ctx.Queue(), ctx.Event()
        shares = [games // procs + (1 if i < games % procs else 0) for i in range(procs)]
        self.procs = [
            ctx.Process(
                target=bots_process,
                args=(bases, n, body, seed + i, self.ready, self.go, self.results, timeout),
                daemon=True,
            )
            for i, n in enumerate(shares)
            if n
        ]
        for p in self.procs:
            p.start()
        for _ in self.procs:
            self.get(self.ready)

    def get(self, queue):
        while True:
            try:
                return queue.get(timeout=1)
            except Exception:
                if any(p.exitcode not in (None, 0) for p in self.procs):
                    raise SystemExit("a bots process failed") from None

    def start(self) -> None:
        self.go.set()

    def finish(self) -> dict:
        tallies = [self.get(self.results) for _ in self.procs]
        for p in self.procs:
            p.join()
        latencies = sorted(x for t in tallies for x in t["latencies"])
        return {
            "actions": sum(t["actions"] for t in tallies),
            "refused": sum(t["refused"] for t in tallies),
            "ended": sum(t["ended"] for t in tallies),
            "quiet": sum(t["quiet"] for t in tallies),
            "unprompted": sum(t["unprompted"] for t in tallies),
            "forced": sum(t["forced"] for t in tallies),
            "view_reads": sum(t["view_reads"] for t in tallies),
            "elapsed": max(t["elapsed"] for t in tallies),
            "latencies": latencies,
        }


def measure_load(server: Server, args: argparse.Namespace, body: dict) -> dict:
    bots = Bots([server.base], args.games, args.procs, body, args.seed, args.timeout)
    server.window(opened=True)
    cpu_before, started = server.cpu(), time.perf_counter()
    bots.start()
    result = bots.finish()
    wall, cpu = time.perf_counter() - started, server.cpu() - cpu_before
    server.window(opened=False)
    lat, actions = result["latencies"], result["actions"]
    return {
        "games": args.games,
        "games_ended": result["ended"],
        "actions": actions,
        "refused": result["refused"],
        "quiet_rechecks": result["quiet"],  # a game quiet for QUIET seconds: every seat looked again
        "unprompted_actions": result["unprompted"],  # actions those looks found owed
        "view_reads": result["view_reads"],  # GET /view by the bots, part of the server's CPU per action
        "forced_deadlines": result["forced"],  # steps no seat could answer (e.g. a runoff among all alive)
        "seconds": round(wall, 2),
        "actions_per_s": round(actions / wall, 1),
        "p50_ms": ms(percentile(lat, 0.5)),
        "p99_ms": ms(percentile(lat, 0.99)),
        "server_cpu_s": round(cpu, 2),
        "server_cpu_share": round(cpu / wall, 2),  # 1.0: one core busy all along
        "cpu_ms_per_action": round(cpu * 1000 / max(1, actions), 3),
    }


# --- many open streams ---------------------------------------------------------------------------------


async def open_stream(port: int, path: str, token: str, ndjson: bool = False):
    """A feed stream over a plain socket (no client library between the bytes and the clock)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    accept = "application/x-ndjson" if ndjson else "text/event-stream"
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\nAccept: {accept}\r\n\r\n".encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        writer.close()
        raise RuntimeError(head.split(b"\r\n", 1)[0].decode())
    return reader, writer


async def hold_streams(port: int, feeds: list[tuple[str, str]], opened, stop) -> None:
    async def drain(reader) -> None:
        with contextlib.suppress(Exception):
            while await reader.read(65536):
                pass

    conns, failed = [], 0
    for i in range(0, len(feeds), 50):  # a few at a time, as clients arrive
        batch = await asyncio.gather(
            *(open_stream(port, f"/games/{gid}/stream", token) for gid, token in feeds[i : i + 50]),
            return_exceptions=True,
        )
        for c in batch:
            if isinstance(c, BaseException):
                failed += 1
            else:
                conns.append(c)
    drains = [asyncio.ensure_future(drain(r)) for r, _ in conns]
    opened.put((len(conns), failed))
    while not stop.wait(0.05):
        await asyncio.sleep(0.2)
    for _, w in conns:
        w.close()
    for d in drains:
        d.cancel()


def streams_process(port, feeds, opened, stop) -> None:
    asyncio.run(hold_streams(port, feeds, opened, stop))


def raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (hard if hard == resource.RLIM_INFINITY else min(hard, wanted), hard)
        )


def live_samples(server: Server, count: int, seconds: float) -> list[float]:
    """`count` calls of `/health/live`, one at a time, spread over `seconds`; sorted."""
    import httpx

    samples = []
    with httpx.Client(base_url=server.base, timeout=30) as c:
        for _ in range(10):
            c.get("/health/live")
        for _ in range(count):
            started = time.perf_counter()
            c.get("/health/live").raise_for_status()
            samples.append(time.perf_counter() - started)
            time.sleep(seconds / count)  # spread over the streams' keep-alive period
    return sorted(samples)


def measure_sse(server: Server, args: argparse.Namespace) -> dict:
    """`--sse` streams open on the seats' feeds of running games (a game's nine seats, as many games as
    needed), spread over the client processes; then `/health/live` timed one call at a time."""
    import httpx

    body = game_body("jinro9", "9A", 9)
    games = asyncio.run(create_games([server.base], -(-args.sse // 9), body))
    with httpx.Client(base_url=server.base, timeout=30) as c:
        for _, g in games:
            c.post(f"/games/{g['game_id']}/start", headers={"Authorization": "Bearer " + g["host_token"]})
    feeds = [(g["game_id"], s["token"]) for _, g in games for s in g["seats"]][: args.sse]
    idle = live_samples(server, args.sse_samples // 4, args.sse_seconds / 4)
    ctx = multiprocessing.get_context("fork")
    opened_q, stop = ctx.Queue(), ctx.Event()
    procs = [
        ctx.Process(target=streams_process, args=(server.port, feeds[i :: args.procs], opened_q, stop), daemon=True)
        for i in range(args.procs)
    ]
    for p in procs:
        p.start()
    counts = [opened_q.get(timeout=300) for _ in procs]
    opened, failed = sum(c[0] for c in counts), sum(c[1] for c in counts)
    log(f"sse: {opened} streams open ({failed} refused)")
    samples = live_samples(server, args.sse_samples, args.sse_seconds)
    stop.set()
    for p in procs:
        p.join(30)
    return {
        "streams": args.sse,
        "opened": opened,
        "failed": failed,
        "live_p50_ms": ms(percentile(samples, 0.5)),
        "live_p99_ms": ms(percentile(samples, 0.99)),
        "live_max_ms": ms(samples[-1]),
        "live_samples": len(samples),
        "idle_live_p50_ms": ms(percentile(idle, 0.5)),  # the same calls before any stream was opened
        "idle_live_p99_ms": ms(percentile(idle, 0.99)),
    }


# --- fan-out: one action to every seat -------------------------------------------------------------


MARK = re.compile(rb"fanout (\d+);")


async def fanout_probe(servers: list[Server], speeches: int, ndjson: bool) -> dict[int, list[float]]:
    """A 13-seat game in free discussion (ultimate13, long deadlines) with every seat's stream open,
    seats split over `servers` in turn; each speech is posted to the first server, and each seat's time
    from the POST to the speech on its stream is one sample, kept by the server the stream is on."""
    import httpx

    first = servers[0]
    (_, game), *_ = await create_games([first.base], 1, game_body("ultimate13", None, 13, time_scale=100))
    gid = game["game_id"]
    tokens = [s["token"] for s in game["seats"]]
    arrived: dict[int, dict[int, float]] = {}  # speech: {seat index: when}
    done, current = asyncio.Event(), [-1]  # the speech awaited
    async with httpx.AsyncClient(base_url=first.base, timeout=30) as client:
        await client.post(f"/games/{gid}/start", headers={"Authorization": "Bearer " + game["host_token"]})
        for token in tokens:  # night 0: everyone sleeps (a wolf says it is done); then the day's free discussion
            headers = {"Authorization": "Bearer " + token}
            slept = await client.post(f"/games/{gid}/actions", json={"kind": "sleep"}, headers=headers)
            if slept.status_code >= 400:
                await client.post(f"/games/{gid}/actions", json={"kind": "done"}, headers=headers)

        async def watch(seat: int, reader) -> None:
            tail = b""
            while chunk := await reader.read(65536):
                now = time.perf_counter()
                data = tail + chunk
                for m in MARK.finditer(data):  # a speech's mark is in its item twice (data and text)
                    k = int(m.group(1))
                    got = arrived.setdefault(k, {})
                    got.setdefault(seat, now)
                    if k == current[0] and len(got) == len(tokens):
                        done.set()
                tail = data[-32:]

        conns = [
            await open_stream(servers[i % len(servers)].port, f"/games/{gid}/stream", token, ndjson)
            for i, token in enumerate(tokens)
        ]
        watchers = [asyncio.ensure_future(watch(i, r)) for i, (r, _) in enumerate(conns)]
        await asyncio.sleep(0.5)
        samples: dict[int, list[float]] = {i: [] for i in range(len(servers))}
        try:
            for k in range(speeches):
                done.clear()
                current[0] = k
                headers = {"Authorization": "Bearer " + tokens[k % len(tokens)]}
                posted = time.perf_counter()
                r = await client.post(
                    f"/games/{gid}/actions", json={"kind": "speak", "text": f"fanout {k};"}, headers=headers
                )
                if r.status_code != 200:
                    log(f"fanout: speech {k} refused: {r.text[:200]}")
                    break
                try:
                    await asyncio.wait_for(done.wait(), 10)
                except TimeoutError:
                    log(f"fanout: speech {k} reached {len(arrived.get(k, {}))} of {len(tokens)} seats in 10 s")
                for seat, t in arrived.get(k, {}).items():
                    samples[seat % len(servers)].append(t - posted)
                await asyncio.sleep(0.02)
        finally:
            for w in watchers:
                w.cancel()
            for _, writer in conns:
                writer.close()
    return samples


def measure_fanout(servers: list[Server], args: argparse.Namespace, body: dict) -> dict:
    bots = None
    if args.fanout_games:
        bots = Bots([s.base for s in servers], args.fanout_games, args.procs, body, args.seed, args.timeout)
        bots.start()
    by_server = asyncio.run(fanout_probe(servers, args.fanout, args.ndjson))
    # whether the games were still being played when the probe ended (else part of it ran unloaded)
    loaded_throughout = bots is not None and all(p.is_alive() for p in bots.procs)
    if bots is not None:
        for p in bots.procs:  # the load has served its purpose
            p.kill()
    samples = sorted(x for xs in by_server.values() for x in xs)
    figures = {
        "replicas": len(servers),
        "speeches": args.fanout,
        "under_load_games": args.fanout_games,
        "loaded_throughout": loaded_throughout,
        "samples": len(samples),
        "p50_ms": ms(percentile(samples, 0.5)),
        "p99_ms": ms(percentile(samples, 0.99)),
        "max_ms": ms(samples[-1]) if samples else None,
    }
    if len(servers) > 1:  # the seats whose stream is on another replica than the one posted to
        remote = sorted(x for i, xs in by_server.items() if i for x in xs)
        figures.update(
            other_replica_p50_ms=ms(percentile(remote, 0.5)), other_replica_p99_ms=ms(percentile(remote, 0.99))
        )
    return figures


# --- the run ---------------------------------------------------------------------------------------------


def measure_build(out: dict, backend: str, build: Build, args: argparse.Namespace, body: dict, workdir: Path) -> None:
    """Every measurement asked for, of one build on one backend, into `out`: one server on a new store
    takes them in turn (the load first, its CPU window its own); a second joins it for the fan-out
    across replicas (PostgreSQL only: SQLite's store is one server's)."""
    where = f"{backend}/{build.name}"
    profile = workdir / f"{backend}-{build.name}.prof" if args.profile else None
    with database(backend, args.database_url, workdir) as url:
        server = Server(build, url, workdir, profile)
        try:
            if args.games:
                log(f"{where}: {args.games} games in {args.procs} processes")
                out[build.name] = measure_load(server, args, body)
                log(f"{where}: {out[build.name]}")
                if profile is not None:
                    print_profile(profile, where)
            if args.sse:
                out.setdefault("sse", {})[build.name] = measure_sse(server, args)
                log(f"{where} sse: {out['sse'][build.name]}")
            if args.fanout:
                fan = out.setdefault("fanout", {}).setdefault(build.name, {})
                fan["replicas_1"] = measure_fanout([server], args, body)
                log(f"{where} fanout: {fan['replicas_1']}")
                if backend == "postgres":
                    other = Server(build, url, workdir)
                    try:
                        fan["replicas_2"] = measure_fanout([server, other], args, body)
                        log(f"{where} fanout: {fan['replicas_2']}")
                    finally:
                        other.stop()
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--games", "--bots", type=int, default=40, help="games the bots play (0: no load run)")
    parser.add_argument("--procs", type=int, default=2, help="client processes the bots (and streams) run in")
    parser.add_argument("--ruleset", default="jinro9")
    parser.add_argument("--preset", default="9A")
    parser.add_argument("--players", type=int, default=13, help="seats of a game without a preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600, help="seconds the bots wait for their games to end")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("GRIMOIRE_BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"),
        help="the PostgreSQL server each measured server gets a new database on (dropped afterwards)",
    )
    parser.add_argument("--ref", help="a commit measured the same way beside this checkout (e.g. 61cdfbf)")
    parser.add_argument(
        "--ref-env",
        choices=("own", "shared"),
        default="own",
        help="the reference runs on the libraries its own pyproject.toml declares, installed into a new "
        "virtualenv (own), or on this checkout's environment (shared)",
    )
    parser.add_argument("--sse", type=int, default=0, help="streams held open while /health/live is timed")
    parser.add_argument("--sse-samples", type=int, default=400, help="/health/live calls timed")
    parser.add_argument("--sse-seconds", type=float, default=20, help="over how long (keep-alives come every 15 s)")
    parser.add_argument("--fanout", type=int, default=0, help="speeches whose fan-out to every seat is timed")
    parser.add_argument("--fanout-games", type=int, default=8, help="games played beside the fan-out probe")
    parser.add_argument("--ndjson", action="store_true", help="the fan-out seats read NDJSON streams, not SSE")
    parser.add_argument("--profile", action="store_true", help="the load runs' servers under cProfile (stderr)")
    args = parser.parse_args()

    from grimoire.domain.catalog import RULESETS

    players = RULESETS[args.ruleset].preset_seats()[args.preset] if args.preset else args.players
    body = game_body(args.ruleset, args.preset or None, players)
    backends = ("sqlite", "postgres") if args.backend == "both" else (args.backend,)
    raise_open_files(args.sse * 2 + 1024)  # the servers and stream processes inherit it
    workdir = Path(tempfile.mkdtemp(prefix="grimoire-bench-"))
    figures: dict = {
        "ruleset": args.ruleset,
        "preset": args.preset,
        "games": args.games,
        "procs": args.procs,
        "cpus": os.cpu_count(),
    }
    try:
        builds = [Build("new", None, "checkout")]
        if args.ref:
            builds.insert(0, checkout(args.ref, workdir / "ref", args.ref_env == "own"))
            figures["ref"] = builds[0].label
            figures["ref_env"] = args.ref_env
        for backend in backends:
            out = figures.setdefault(backend, {})
            for build in builds:
                measure_build(out, backend, build, args, body, workdir)
            if "ref" in out and "new" in out:
                old, new = out["ref"], out["new"]
                out["new_over_ref"] = {
                    k: round(new[k] / old[k], 3) if old[k] else None
                    for k in ("cpu_ms_per_action", "actions_per_s", "p50_ms", "p99_ms")
                }
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
