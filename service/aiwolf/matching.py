"""The waiting room: agents that answered NAME wait here, by team and table size, until their team has
enough of them for a game (the reference's self-match, its default).

A team is the agent's original name without its trailing digits. Matching runs on each arrival: when
one team has `players` connections waiting for a table of that size, the first `players` of them, in
the order they arrived, leave the room together; that order gives their seats (Agent[01], …).

The room lives in this process alone: agents of one team that reach different replicas of the
service never meet (behind a load balancer, send one team's agents to one replica, e.g. by the
client's address or a route per replica).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import NamedTuple
from uuid import UUID


class Seat(NamedTuple):
    """What a waiting connection is given when its game is made (None: it could not be made): the game, and
    its seat's token."""

    game_id: UUID
    token: str


class Waiting:
    """One connection in the room."""

    __slots__ = ("address", "matched", "name", "players", "team")

    def __init__(self, name: str, team: str, players: int, address: str) -> None:
        self.name = name
        self.team = team
        self.players = players
        self.address = address
        self.matched: asyncio.Future[Seat | None] = asyncio.get_running_loop().create_future()


class WaitingRoom:
    """The connections waiting for a game, and those still answering NAME, counted per client address."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.teams: dict[tuple[int, str], list[Waiting]] = {}
        self.addresses: Counter[str] = Counter()  # connections not yet in a game, per address

    def admit(self, address: str) -> bool:
        """Count a new connection from `address`, unless its address or the room is full."""
        if self.addresses[address] >= self.per_address or self.addresses.total() >= self.total:
            return False
        self.addresses[address] += 1
        return True

    def release(self, address: str) -> None:
        """A connection counted by `admit` left the room (its game began, or it went away)."""
        self.addresses[address] -= 1
        if self.addresses[address] <= 0:
            del self.addresses[address]

    def add(self, waiting: Waiting) -> list[Waiting] | None:
        """Seat `waiting` in the room; when its team now has a table's worth, take the first of them out
        and return them in arrival order."""
        key = (waiting.players, waiting.team)
        queue = self.teams.setdefault(key, [])
        queue.append(waiting)
        if len(queue) < waiting.players:
            return None
        group, rest = queue[: waiting.players], queue[waiting.players :]
        if rest:
            self.teams[key] = rest
        else:
            del self.teams[key]
        return group

    def remove(self, waiting: Waiting) -> None:
        """A waiting connection went away before its game was made."""
        key = (waiting.players, waiting.team)
        queue = self.teams.get(key, [])
        if waiting in queue:
            queue.remove(waiting)
            if not queue:
                del self.teams[key]

    def waiting(self) -> int:
        return sum(len(q) for q in self.teams.values())
