"""The directory read model: every game, its ruleset, status, open seats and next deadline.

Each change to a game's row is written in the same transaction as the notification id it came from,
so it is applied exactly once even when several replicas follow the same log (the one that loses the
tracking race rolls back). It is rebuildable from the log, so deadlines survive restarts.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg.sql import SQL, Identifier

from grimoire.domain.events import DeadlineExtended, GameCreated, GameEnded, Join, Leave, Start, StepOpened
from grimoire.service.chain import Record
from grimoire.service.directory_table import Changes, PostgresDirectory, Query, SQLiteDirectory
from grimoire.service.schemas import Lang, LobbyStatus
from grimoire.service.store import Store

NAME = "directory2"  # the projection's tracking name: a new one rebuilds the table from the log


class ListedGame(NamedTuple):
    """A row of the directory, its fields named as the table's columns."""

    game_id: str
    ruleset: str
    preset: str | None
    lang: Lang
    status: LobbyStatus
    seats: int
    joined: int  # seats taken
    step: int  # the step open now (0 before the first)
    deadline: int | None  # the open step's deadline, ms since the epoch
    created_at: int | None
    names: str | None  # the seats' names, a JSON list


COLUMNS = ", ".join(ListedGame._fields)


def change(rec: Record, names_of: Callable[[str], list[str]]) -> tuple[str, tuple[Any, ...]] | None:
    """The SQL (with {t} for the table) and parameters of the row change an event makes, if any.
    `names_of(game_id)` reads the seat names the row holds now (a join or a leave rewrites them)."""
    e, gid = rec.event, str(rec.game_id)
    if isinstance(e, GameCreated):
        return (
            "INSERT INTO {t} (" + COLUMNS + ") VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, NULL, ?, ?)",
            (gid, e.ruleset, e.preset, e.lang, e.seats, len(e.names), e.at, json.dumps(list(e.names))),
        )
    if isinstance(e, Join):
        names = json.dumps([*names_of(gid), e.name])
        return "UPDATE {t} SET joined = joined + 1, names = ? WHERE game_id = ?", (names, gid)
    if isinstance(e, Leave):
        kept = names_of(gid)
        names = json.dumps(kept[: e.seat - 1] + kept[e.seat :])
        return "UPDATE {t} SET joined = joined - 1, names = ? WHERE game_id = ?", (names, gid)
    if isinstance(e, Start):
        return "UPDATE {t} SET status = 'running' WHERE game_id = ?", (gid,)
    if isinstance(e, StepOpened):
        return "UPDATE {t} SET step = ?, deadline = ? WHERE game_id = ?", (e.step, e.deadline, gid)
    if isinstance(e, DeadlineExtended):
        return "UPDATE {t} SET deadline = ? WHERE game_id = ? AND step = ?", (e.deadline, gid, e.step)
    if isinstance(e, GameEnded):
        status = "aborted" if e.reason == "aborted" else "ended"
        return "UPDATE {t} SET status = ?, deadline = NULL WHERE game_id = ?", (status, gid)
    return None


# the topics of the events `change` acts on: the follower decodes no other event for the directory
CHANGES = frozenset(
    cls.__struct_config__.tag for cls in (GameCreated, Join, Leave, Start, StepOpened, DeadlineExtended, GameEnded)
)

DUE = "SELECT game_id, step, deadline FROM {t} WHERE status = 'running' AND deadline <= ? ORDER BY deadline LIMIT 200"
LOBBY = "SELECT " + COLUMNS + " FROM {t} WHERE (? = '' OR status = ?) ORDER BY created_at, game_id LIMIT ? OFFSET ?"
NAMES = "SELECT names FROM {t} WHERE game_id = ?"


def names(rows: list[tuple[Any, ...]]) -> list[str]:
    return json.loads(rows[0][0]) if rows and rows[0][0] else []


def changes(batch: list[tuple[Record, int]]) -> Changes:
    """The row changes of (record, notification id) pairs, each tracked by its notification id."""

    def rows(query: Query) -> Iterator[tuple[str, tuple[Any, ...], Tracking]]:
        for rec, notification_id in batch:
            ch = change(rec, lambda game_id: names(query(NAMES, (game_id,))))
            if ch is not None:
                yield ch[0], ch[1], Tracking(NAME, notification_id)

    return rows


class DirectoryWriter:
    """Writes the directory on its own thread: every change pending when it is free goes into one
    transaction, and a stalled write holds up nothing but the directory. A batch part of which another
    replica recorded first is rolled back and written again one change at a time, skipping those."""

    def __init__(self, view: PostgresDirectory | SQLiteDirectory) -> None:
        self.view = view
        self.cond = threading.Condition()
        self.pending: list[tuple[Record, int]] = []
        self.stopping = False
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self.run, name="grimoire-directory", daemon=True)

    def add(self, rec: Record, notification_id: int) -> None:
        with self.cond:
            self.pending.append((rec, notification_id))
            self.cond.notify()

    def stop(self, timeout: float) -> bool:
        """Write what is pending (unless the database fails), then end; False if still writing."""
        with self.cond:
            self.stopping = True
            self.cond.notify()
        self.thread.join(timeout=timeout)
        return not self.thread.is_alive()

    def write(self, batch: list[tuple[Record, int]]) -> None:
        try:
            self.view.record(changes(batch))
        except IntegrityError:
            for item in batch:
                with contextlib.suppress(IntegrityError):
                    self.view.record(changes([item]))

    def run(self) -> None:
        while True:
            with self.cond:
                while not self.pending and not self.stopping:
                    self.cond.wait()
                if not self.pending:
                    return
                batch = list(self.pending)
            try:
                self.write(batch)
            except Exception as exc:  # the database went away: retry (a restart resumes from the tracking)
                self.error = exc
                with self.cond:
                    if self.stopping:
                        return
                    self.cond.wait(0.5)
                continue
            with self.cond:
                del self.pending[: len(batch)]


class Follower:
    """One per process: follows the store's notification log (LISTEN/NOTIFY on PostgreSQL, polling
    on SQLite) from the directory's tracked position, feeds the directory projection, and tells `on_record`
    about every stored event so the games cached here catch up with appends made by any replica."""

    def __init__(
        self,
        store: Store,
        on_record: Callable[[Record], None],
        poll: float = 0.1,
        idle: float = 0.5,
        wants: Callable[[UUID, int], bool] = lambda game_id, version: True,
        also: Callable[[], None] = lambda: None,
    ) -> None:
        self.also = also  # called on every round, before the events are read (revoked tokens)
        self.store = store
        self.on_record = on_record
        self.wants = wants  # whether `on_record` wants the event at (game, version): others are not decoded
        self.poll, self.idle = poll, idle  # SQLite: seconds between reads, at least and when idle
        self.directory = DirectoryWriter(store.directory)
        self.stopping = threading.Event()
        self.position = store.directory.max_tracking_id(NAME) or 0
        self.thread = threading.Thread(target=self.run, name="grimoire-follower", daemon=True)
        self.error: BaseException | None = None

    def start(self) -> None:
        self.directory.thread.start()
        self.thread.start()

    def stop(self, timeout: float = 60) -> bool:
        """Ask the threads to stop and wait for them; False if one is still inside a database call."""
        self.stopping.set()
        self.store.written.set()  # wakes a wait for appends
        self.thread.join(timeout=timeout)
        return self.directory.stop(timeout) and not self.thread.is_alive()

    def handle(self, notification: Any) -> None:
        """One stored event, decoded only when the directory or `on_record` wants it (most are neither)."""
        rec = None
        if notification.topic in CHANGES:
            rec = self.store.mapper.to_domain_event(notification)
            self.directory.add(rec, notification.id)
        self.position = notification.id
        game_id = notification.originator_id
        if self.wants(game_id if isinstance(game_id, UUID) else UUID(str(game_id)), notification.originator_version):
            self.on_record(rec or self.store.mapper.to_domain_event(notification))

    def drain(self) -> bool:
        """Handle every notification after our position; whether there was any."""
        found = False
        self.also()
        while not self.stopping.is_set():
            batch = self.store.notifications(self.position)
            for notification in batch:
                self.handle(notification)
            if not batch:
                return found
            found = True
        return found

    def listen(self) -> None:
        """PostgreSQL: LISTEN first, then read what is already there, then wake on each NOTIFY (and
        at least every second), so an append made while we start is never missed."""
        recorder = self.store.recorder
        if not isinstance(recorder, PostgresApplicationRecorder):
            raise TypeError("LISTEN needs the PostgreSQL store")
        with recorder.datastore.get_connection() as conn:
            conn.execute(SQL("LISTEN {0}").format(Identifier(recorder.channel_name)))
            while not self.stopping.is_set():
                self.drain()
                for _ in conn.notifies(timeout=1.0, stop_after=1):
                    pass

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                if self.store.postgres:
                    self.listen()
                else:
                    # At most one read per `poll`; when the last found nothing, the next waits for an
                    # append of this process or `idle` seconds (another process's appends).
                    self.store.written.clear()
                    found = self.drain()
                    self.stopping.wait(self.poll)
                    if not found:
                        self.store.written.wait(self.idle)
            except Exception as exc:  # the database went away: retry
                if self.stopping.is_set():
                    return
                self.error = exc
                time.sleep(0.5)


def due(store: Store, now_ms: int) -> list[tuple[str, int, int]]:
    return [(r[0], r[1], r[2]) for r in store.directory.query(DUE, (now_ms,))]


def lobby(store: Store, status: str, limit: int, offset: int) -> list[ListedGame]:
    return [ListedGame(*row) for row in store.directory.query(LOBBY, (status, status, limit, offset))]


def listed_status(store: Store, game_id: UUID) -> str | None:
    """The game's status as the directory lists it (None: not listed)."""
    rows = store.directory.query("SELECT status FROM {t} WHERE game_id = ?", (str(game_id),))
    return rows[0][0] if rows else None
