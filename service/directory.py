"""The directory read model: every game, its ruleset, status, open seats and next deadline.

An eventsourcing projection with tracking: each change to a game's row is written in the same
transaction as the notification id it came from, so it is applied exactly once even when several
replicas follow the same log (the one that loses the tracking race rolls back). It is rebuildable
from the log, so deadlines survive restarts.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.projection import Projection
from eventsourcing.sqlite import SQLiteTrackingRecorder
from psycopg.sql import SQL, Identifier

from domain.events import DeadlineExtended, GameCreated, GameEnded, Join, Start, StepOpened
from service.store import Record, Store

NAME = "directory"
COLUMNS = "game_id, ruleset, preset, lang, status, seats, joined, step, deadline"

# (sql with {t} for the table, params) for each event that changes a row
Change = tuple[str, tuple[Any, ...]]


def change(rec: Record) -> Change | None:
    e, gid = rec.event, str(rec.game_id)
    if isinstance(e, GameCreated):
        return (
            "INSERT INTO {t} (" + COLUMNS + ") VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, NULL)",
            (gid, e.ruleset, e.preset, e.lang, e.seats, len(e.names)),
        )
    if isinstance(e, Join):
        return "UPDATE {t} SET joined = joined + 1 WHERE game_id = ?", (gid,)
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


DUE = "SELECT game_id, step, deadline FROM {t} WHERE status = 'running' AND deadline <= ? ORDER BY deadline LIMIT 200"
LOBBY = "SELECT " + COLUMNS + " FROM {t} WHERE (? = '' OR status = ?) ORDER BY game_id LIMIT ? OFFSET ?"


class SQLiteDirectory(SQLiteTrackingRecorder):
    table = "grimoire_directory"

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {self.table} (game_id TEXT PRIMARY KEY, ruleset TEXT, preset TEXT, "
            "lang TEXT, status TEXT, seats INTEGER, joined INTEGER, step INTEGER, deadline INTEGER)",
            f"CREATE INDEX IF NOT EXISTS {self.table}_due ON {self.table} (status, deadline)",
        ]

    def record(self, ch: Change, tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute(ch[0].format(t=self.table), ch[1])
            self._insert_tracking(c, tracking)

    def query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(sql.format(t=self.table), params)
            return [tuple(row) for row in c.fetchall()]


class PostgresDirectory(PostgresTrackingRecorder):
    table = "grimoire_directory"

    def __init__(self, datastore: Any, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {0}.{1} (game_id text PRIMARY KEY, ruleset text, preset text, "
                "lang text, status text, seats integer, joined integer, step integer, deadline bigint)"
            ).format(Identifier(self.datastore.schema), Identifier(self.table))
        )
        self.sql_create_statements.append(
            SQL("CREATE INDEX IF NOT EXISTS {1} ON {0}.{2} (status, deadline)").format(
                Identifier(self.datastore.schema), Identifier(self.table + "_due"), Identifier(self.table)
            )
        )

    def _sql(self, sql: str) -> Any:
        table = SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(self.table))
        return SQL(sql.replace("?", "%s").replace("{t}", "{0}")).format(table)

    def record(self, ch: Change, tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute(self._sql(ch[0]), ch[1])
            self._insert_tracking(c, tracking)

    def query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(self._sql(sql), params)
            return [tuple(row.values()) for row in c.fetchall()]


def directory_recorder_class(postgres: bool) -> type:
    return PostgresDirectory if postgres else SQLiteDirectory


class Directory(Projection[Any]):
    """Folds the notification log into the directory table."""

    name = NAME

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        ch = change(domain_event)
        if ch is None:
            return
        try:
            self.view.record(ch, tracking)
        except IntegrityError:
            pass  # another replica recorded this notification first


class Follower:
    """One per process: follows the store's notification log (LISTEN/NOTIFY on PostgreSQL, polling
    on SQLite) from the directory's tracked position, feeds the directory projection, and tells `on_record` about every stored event so
    the games cached here catch up with appends made by any replica."""

    def __init__(self, store: Store, on_record: Callable[[Record], None], poll: float = 0.05) -> None:
        self.store = store
        self.on_record = on_record
        self.poll = poll
        self.projection = Directory(store.directory)
        self.stopping = threading.Event()
        self.position = store.directory.max_tracking_id(NAME) or 0
        self.thread = threading.Thread(target=self.run, name="grimoire-follower", daemon=True)
        self.error: BaseException | None = None

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def handle(self, notification: Any) -> None:
        rec = self.store.mapper.to_domain_event(notification)
        self.projection.process_event(rec, Tracking(NAME, notification.id))
        self.position = notification.id
        self.on_record(rec)

    def drain(self) -> None:
        while not self.stopping.is_set():
            batch = self.store.notifications(self.position)
            for notification in batch:
                self.handle(notification)
            if not batch:
                return

    def listen(self) -> None:
        """PostgreSQL: LISTEN first, then read what is already there, then wake on each NOTIFY (and
        at least every second), so an append made while we start is never missed."""
        recorder = self.store.recorder
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
                    self.drain()
                    self.stopping.wait(self.poll)
            except Exception as exc:  # the database went away: retry
                if self.stopping.is_set():
                    return
                self.error = exc
                time.sleep(0.5)


def due(store: Store, now_ms: int) -> list[tuple[str, int, int]]:
    return [(r[0], r[1], r[2]) for r in store.directory.query(DUE, (now_ms,))]


def lobby(store: Store, status: str, limit: int, offset: int) -> list[tuple[Any, ...]]:
    return store.directory.query(LOBBY, (status, status, limit, offset))
