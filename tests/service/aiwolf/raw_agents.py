"""Raw WebSocket agents for the gateway's own tests: each answers NAME with its name, TALK and WHISPER
with a line (every third an Over), and VOTE, DIVINE, GUARD, ATTACK with a random living agent's name
from its packet's `status_map`; it keeps every packet it received, until the server closes the socket.
A test changes an agent's answers with `behave(ws, packet, answer)`, which sends what it likes (the
usual `answer`, none, a late one…)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import websockets

Behave = Callable[[Any, dict, "str | None"], Awaitable[None]]


async def usual(ws: Any, packet: dict, answer: str | None) -> None:
    if answer is not None:
        await ws.send(answer + "\n")


def answer_of(packet: dict, name: str, rng: random.Random, said: int) -> str | None:
    request = packet["request"]
    if request == "NAME":
        return name
    if request in ("TALK", "WHISPER"):
        return f"hello {said} from {packet['info']['agent']}" if said % 3 else "Over"
    if request in ("VOTE", "DIVINE", "GUARD", "ATTACK"):
        return rng.choice([a for a, s in packet["info"]["status_map"].items() if s == "ALIVE"])
    return None


async def agent(url: str, name: str, packets: list[dict], seed: int = 0, behave: Behave = usual) -> tuple[int, str]:
    """Play one connection to its close; the close code and reason the server sent."""
    rng = random.Random(seed)
    said = 0
    async with websockets.connect(url, ping_interval=None, max_size=None) as ws:
        try:
            async for message in ws:
                packet = json.loads(message)
                packets.append(packet)
                said += packet["request"] in ("TALK", "WHISPER")
                await behave(ws, packet, answer_of(packet, name, rng, said))
        except websockets.ConnectionClosed:
            pass
        rcvd = ws.protocol.close_rcvd
        return (rcvd.code, rcvd.reason) if rcvd is not None else (0, "")


async def table(
    url: str, team: str, players: int, seed: int = 0, behaviours: dict[int, Behave] | None = None
) -> tuple[list[list[dict]], list[tuple[int, str]]]:
    """`players` agents of `team` connecting one after the other (agent i, from 0, behaves as
    `behaviours[i]`, else as usual); each one's packets and the close it got."""
    behaviours = behaviours or {}
    packets: list[list[dict]] = [[] for _ in range(players)]
    tasks = []
    for i in range(players):
        play = agent(url, f"{team}{i + 1}", packets[i], seed + i, behaviours.get(i, usual))
        tasks.append(asyncio.create_task(play))
        await asyncio.sleep(0.01)  # they arrive in this order
    closes = await asyncio.gather(*tasks)
    return packets, list(closes)
