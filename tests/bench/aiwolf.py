"""AIWolf benchmark: concurrent 13-player games through the gateway (`/aiwolf/ws`), measured on the server.

    python tests/bench/aiwolf.py 4              # 4 games at once
    python tests/bench/aiwolf.py 8 --rounds 2   # 8 at once, twice over (16 games)

`grimoire serve` runs in its own process on a new SQLite file (or `--database-url`). The agents, built
on aiwolf-nlp-common 0.7.0's packet classes (tests/support/aiwolf_agents.py), all run in this process
on one asyncio loop, a team of 13 per game (each team its own name, so the waiting room seats each team
at its own table), and answer every request at once: random lines, random living names.

Measured from the moment the first agent connects until the last socket is closed: games per minute,
and the server process's own CPU time (user + system, from /proc) per packet it sent and per game.
Progress goes to stderr; the last line on stdout is one JSON object of every figure.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file's own folder must not shadow the standard library's `http` package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import asyncio
import json
import os
import string
import tempfile
import time

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.http import SERVER_ENV, Build, Server, log
from tests.support.aiwolf_agents import PATH, Agent, by_game, play_all, team


def team_name(i: int) -> str:
    """A team name for game i with no trailing digits (the waiting room strips them)."""
    letters = string.ascii_lowercase
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = letters[r] + out
    return f"bench{out}"


async def play_games(url: str, games: int, seed: int) -> list[Agent]:
    teams = [team(team_name(g), 13, seed=seed + g) for g in range(games)]
    done = await asyncio.gather(*(play_all(t, url) for t in teams))
    return [a for t in done for a in t]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", type=int, nargs="?", default=4, help="13-player games played at once")
    parser.add_argument("--rounds", type=int, default=1, help="how many times to play that many games")
    parser.add_argument("--database-url", default="", help="the store (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=300, help="seconds a round may take")
    args = parser.parse_args()
    # every agent connects from 127.0.0.1: measure the work, not the cap on waiting connections per address
    SERVER_ENV["GRIMOIRE_AIWOLF_WAITING_PER_ADDRESS"] = str(13 * args.games + 100)

    with tempfile.TemporaryDirectory(prefix="aiwolf-bench-") as tmp:
        workdir = Path(tmp)
        url = args.database_url or str(workdir / "bench.db")
        server = Server(Build("new"), url, workdir)
        ws = f"ws://127.0.0.1:{server.port}{PATH}"
        try:
            agents: list[Agent] = []
            cpu_before, started = server.cpu(), time.perf_counter()
            for r in range(args.rounds):
                log(f"round {r + 1}: {args.games} games of 13 agents")
                coro = play_games(ws, args.games, args.seed + 1000 * r)
                agents += asyncio.run(asyncio.wait_for(coro, args.timeout))
            wall, cpu = time.perf_counter() - started, server.cpu() - cpu_before
        finally:
            server.stop()
    games = by_game(agents)
    finished = [g for g in games.values() if all(a.finished for a in g) and len(g) == 13]
    packets = sum(len(a.received) for a in agents)
    replies = sum(1 for a in agents for got in a.received if got.reply is not None)
    errors = [f"{a.name}: {a.error}" for a in agents if a.error]
    for e in errors[:10]:
        log(e)
    played = args.games * args.rounds
    figures = {
        "games": played,
        "concurrent": args.games,
        "games_finished": len(finished),
        "agent_errors": len(errors),
        "seconds": round(wall, 2),
        "games_per_min": round(len(finished) * 60 / wall, 2),
        "packets": packets,  # every packet the server sent, NAME included
        "replies": replies,  # every answer the agents sent
        "packets_per_game": round(packets / max(1, len(finished)), 1),
        "server_cpu_s": round(cpu, 2),
        "server_cpu_share": round(cpu / wall, 2),  # 1.0: one core busy all along
        "cpu_ms_per_packet": round(cpu * 1000 / max(1, packets), 3),
        "cpu_ms_per_game": round(cpu * 1000 / max(1, len(finished)), 1),
        "cpus": os.cpu_count(),
    }
    log(
        f"{len(finished)}/{played} games in {wall:.1f} s: {figures['games_per_min']} games/min, "
        f"{figures['cpu_ms_per_packet']} ms of server CPU per packet ({packets} packets)"
    )
    print(json.dumps(figures), flush=True)
    if len(finished) != played:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
