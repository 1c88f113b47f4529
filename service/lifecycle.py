"""The running service: the store and games it opens (with their commands, reads and audit), the
follower of the log, the deadline task."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import Callable
from typing import TypeVar

import anyio
import structlog

from grimoire.service.audit import Audits
from grimoire.service.commands import Commands
from grimoire.service.directory import Follower, due
from grimoire.service.games import Games
from grimoire.service.reads import Reads
from grimoire.service.settings import Settings
from grimoire.service.store import Store

log = structlog.get_logger("grimoire")
T = TypeVar("T")


LOOKAHEAD_MS = 24 * 3600 * 1000  # deadlines scheduled ahead: those within a day (the soonest 200)


class Schedule:
    """Pending deadlines, each waited on with the monotonic clock. A deadline is stamped in its event
    with wall time (epoch ms); when first scheduled it becomes a monotonic due time, so a wall-clock
    step afterwards (backwards or forwards) neither delays nor hastens it. Clocks are injectable for tests."""

    def __init__(self, wall: Callable[[], float] = time.time, mono: Callable[[], float] = time.monotonic) -> None:
        self.wall, self.mono = wall, mono
        self.due: dict[tuple[str, int, int], float] = {}  # (game id, step, deadline ms) -> monotonic due time

    def now_ms(self) -> int:
        return int(self.wall() * 1000)

    def add(self, game_id: str, step: int, deadline_ms: int) -> None:
        key = (game_id, step, deadline_ms)
        if key not in self.due:
            self.due[key] = self.mono() + max(0.0, deadline_ms / 1000 - self.wall())

    def sync(self, pending: list[tuple[str, int, int]]) -> None:
        """Schedule the deadlines the directory lists; a game's earlier entries with another step or
        deadline are dropped (its step moved on or its deadline changed)."""
        listed = {game_id: (game_id, step, deadline) for game_id, step, deadline in pending}
        for key in [k for k in self.due if k[0] in listed and listed[k[0]] != k]:
            del self.due[key]
        for game_id, step, deadline in pending:
            self.add(game_id, step, deadline)

    def passed(self) -> list[tuple[str, int, int]]:
        """The deadlines whose wait is over, taken off the schedule, soonest first."""
        now = self.mono()
        ready = sorted((k for k, due in self.due.items() if due <= now), key=self.due.__getitem__)
        for key in ready:
            del self.due[key]
        return ready


class Service:
    """Everything a request needs: the store, the game cache and the settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.games: Games | None = None
        self.commands: Commands | None = None
        self.reads: Reads | None = None
        self.audits: Audits | None = None
        self.follower: Follower | None = None
        self.deadline_task: asyncio.Task[None] | None = None
        self.stopping = asyncio.Event()
        self.owns_store = False  # whether `stop` closes it: a store opened by someone else stays theirs
        self.schedule = Schedule()

    def open(self) -> None:
        if self.store is None:
            self.store = Store(self.settings.database_url, self.settings.db_timeout)
            self.games = Games(self.store, self.settings.cache_games)
            self.games.keyring  # noqa: B018  read (or made) now, off the event loop
            self.commands, self.reads, self.audits = Commands(self.games), Reads(self.games), Audits(self.games)

    def opened(self) -> Games:
        """The games (and through them the store) of an open service."""
        return opened(self.games)

    async def start(self) -> None:
        self.owns_store = self.store is None
        await anyio.to_thread.run_sync(self.open)
        if self.settings.background and self.follower is None:
            games = self.opened()
            self.follower = Follower(games.store, games.heard, wants=games.behind, also=games.heard_revocations)
            self.follower.start()
            self.stopping.clear()
            self.deadline_task = asyncio.create_task(self.deadlines())

    async def stop(self) -> None:
        # The deadline task is asked to stop, never cancelled: a cancelled task would leave its
        # worker thread querying the store while we close it.
        if self.deadline_task is not None:
            self.stopping.set()
            await self.deadline_task
            self.deadline_task = None
        if self.follower is not None:
            stopped = await anyio.to_thread.run_sync(self.follower.stop)
            self.follower = None
            if not stopped:
                # Closing the store under a query still running in that thread would crash SQLite.
                log.warning("follower_still_running_store_left_open")
                return
        if self.store is not None and self.owns_store:
            self.store.close()
            self.store = None

    async def deadlines(self) -> None:
        """Fire every passed deadline (see `Commands.fire`): the directory's pending deadlines are read each
        poll and their waits measured by `Schedule`."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), self.settings.deadline_poll)
            if self.stopping.is_set():
                return
            try:
                games = self.opened()
                games.evict(self.settings.evict_after)
                schedule = self.schedule
                schedule.sync(await anyio.to_thread.run_sync(due, games.store, schedule.now_ms() + LOOKAHEAD_MS))
                for game_id, step, deadline in schedule.passed():
                    if self.stopping.is_set():
                        return
                    await anyio.to_thread.run_sync(opened(self.commands).fire, uuid.UUID(game_id), step, deadline)
            except Exception as exc:
                log.exception("deadline_task_failed", message=str(exc))


def opened(part: T | None) -> T:
    """A part of the service that exists once it is open."""
    if part is None:
        raise RuntimeError("the service is not open")
    return part
