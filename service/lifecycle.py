"""The running service: the store and games it opens, the follower of the log, the deadline task."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid

import anyio
import structlog

from grimoire.service.directory import Follower, due
from grimoire.service.games import Games
from grimoire.service.settings import Settings
from grimoire.service.store import Store

log = structlog.get_logger("grimoire")


class Service:
    """Everything a request needs: the store, the game cache and the settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.games: Games | None = None
        self.follower: Follower | None = None
        self.deadline_task: asyncio.Task | None = None
        self.stopping = asyncio.Event()
        self.owns_store = False  # whether `stop` closes it: a store opened by someone else stays theirs

    def open(self) -> None:
        if self.store is None:
            self.store = Store(self.settings.database_url)
            self.games = Games(self.store, self.settings.cache_games)
            self.games.keyring  # noqa: B018  read (or made) now, off the event loop

    def opened(self) -> Games:
        """The games (and through them the store) of an open service."""
        if self.games is None:
            raise RuntimeError("the service is not open")
        return self.games

    async def start(self) -> None:
        self.owns_store = self.store is None
        await anyio.to_thread.run_sync(self.open)
        if self.settings.background and self.follower is None:
            games = self.opened()
            self.follower = Follower(games.store, games.heard, wants=games.behind)
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
        """Fire every passed deadline the directory lists (see `Games.fire`)."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), self.settings.deadline_poll)
            if self.stopping.is_set():
                return
            try:
                games = self.opened()
                games.evict(self.settings.evict_after)
                now = int(time.time() * 1000)
                for game_id, step, deadline in await anyio.to_thread.run_sync(due, games.store, now):
                    if self.stopping.is_set():
                        return
                    await anyio.to_thread.run_sync(games.fire, uuid.UUID(game_id), step, deadline)
            except Exception:
                log.exception("deadline_task_failed")
