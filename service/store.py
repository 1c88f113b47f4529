"""The event store: eventsourcing recorders holding each game's stream (sealed into the hash chain
by `service.chain`), token hashes and the directory table."""

from __future__ import annotations

import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse
from uuid import UUID

import psycopg
from eventsourcing.persistence import (
    InfrastructureFactory,
    IntegrityError,
    Mapper,
    ProgrammingError,
    RecordConflictError,
    StoredEvent,
    Tracking,
    Transcoder,
)
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool, SQLiteDatastore, SQLiteTrackingRecorder
from psycopg.sql import SQL, Identifier

from grimoire.domain.events import Event
from grimoire.service.chain import Record, seal, unseal


class NoTranscoder(Transcoder):
    """The mapper already makes bytes: pass them through."""

    def encode(self, obj: Any) -> bytes:
        return obj

    def decode(self, data: bytes) -> Any:
        return data


class EventMapper(Mapper):
    """Maps a `Record` to a `StoredEvent` and back with msgspec (the default mapper needs `__dict__`)."""

    def seal(self, game_id: UUID, version: int, event: Event, prev: str, *, salt: str = "") -> Record:
        return seal(game_id, version, event, prev, salt=salt)

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        rec: Record = domain_event
        if not rec.state:
            rec = seal(rec.game_id, rec.version, rec.event, rec.prev, salt=rec.salt, key=rec.key)
        return StoredEvent(
            originator_id=rec.game_id,
            originator_version=rec.version,
            topic=rec.topic,
            state=self.transcoder.encode(rec.state),
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        game_id = stored_event.originator_id
        return unseal(
            game_id if isinstance(game_id, UUID) else UUID(str(game_id)),
            stored_event.originator_version,
            stored_event.topic,
            self.transcoder.decode(stored_event.state),
        )


DB_TIMEOUT = 5.0  # seconds any one database call may take (`GRIMOIRE_DB_TIMEOUT`)
FREE_MIN = 1 << 20  # bytes a SQLite file's filesystem must have free for the store to count as writable


def environment(url: str | None, timeout: float = DB_TIMEOUT) -> dict[str, str]:
    """eventsourcing settings for a database URL (`postgresql://…`) or a SQLite file path, every wait
    (connecting, a lock, a pooled connection) bounded by `timeout` seconds."""
    url = url or os.environ.get("GRIMOIRE_DATABASE_URL") or "grimoire.db"
    env = {"CREATE_TABLE": "y", "TRANSCODER_TOPIC": "grimoire.service.store:NoTranscoder"}
    whole_seconds = str(max(1, math.ceil(timeout)))  # eventsourcing reads these as integers
    if url.startswith(("postgresql://", "postgres://")):
        u = urlparse(url)
        query = parse_qs(u.query)
        env.update(
            PERSISTENCE_MODULE="eventsourcing.postgres",
            POSTGRES_DBNAME=unquote(u.path.lstrip("/")) or "postgres",
            POSTGRES_HOST=u.hostname or "127.0.0.1",
            POSTGRES_PORT=str(u.port or 5432),
            POSTGRES_USER=unquote(u.username or "postgres"),
            POSTGRES_PASSWORD=unquote(u.password or ""),
            POSTGRES_POOL_SIZE=query.get("pool_size", ["10"])[0],
            POSTGRES_MAX_OVERFLOW=query.get("max_overflow", ["10"])[0],
            POSTGRES_CONNECT_TIMEOUT=whole_seconds,
            POSTGRES_LOCK_TIMEOUT=whole_seconds,
        )
        # No check before each use (POSTGRES_PRE_PING): the pool drops a connection that failed when it
        # is returned and the recorders retry on another, which measured faster under killed connections
        # (the check backs off a second after each dead connection it finds).
        if "schema" in query:
            env["POSTGRES_SCHEMA"] = query["schema"][0]
    else:
        path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
        env.update(PERSISTENCE_MODULE="eventsourcing.sqlite", SQLITE_DBNAME=path, SQLITE_LOCK_TIMEOUT=whole_seconds)
    return env


# Faults: what a failed database call means for the client --------------------------------------


class StorageFault(Exception):
    """A fault found without a database error: the SQLite file's filesystem is read-only or full."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


FAULT_STATUS = {"database_unavailable": 503, "storage_read_only": 503, "storage_full": 507}
# SQLSTATEs (PostgreSQL) and result codes (SQLite) that say the storage, not the request, is at fault
PG_STATES = {"25006": "storage_read_only", "53100": "storage_full"}
PG_CLASSES = ("08", "53", "57", "55P03", "58")  # connection, resources, operator (a timeout too), lock, system
SQLITE_FULL = "SQLITE_FULL"


def causes(exc: BaseException) -> Iterator[BaseException]:
    """The exception and those it was raised from or during (eventsourcing wraps the driver's)."""
    seen: set[int] = set()
    e: BaseException | None = exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        yield e
        e = e.__cause__ if e.__cause__ is not None else None if e.__suppress_context__ else e.__context__


def fault(exc: BaseException, path: str = "") -> str | None:
    """The problem code of a database fault (`database_unavailable`, `storage_read_only`, `storage_full`),
    or None when `exc` is not one. `path` is the SQLite file, to tell a read-only or full filesystem
    from other I/O errors (SQLite reports a read-only one as an I/O or an open error)."""
    for e in causes(exc):
        if isinstance(e, StorageFault):
            return e.code
        if isinstance(e, sqlite3.Error):
            name = getattr(e, "sqlite_errorname", "")
            if name == SQLITE_FULL:
                return "storage_full"
            if name.startswith("SQLITE_READONLY"):
                return "storage_read_only"
            if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_BUSY", "SQLITE_LOCKED")):
                return filesystem_fault(path) or "database_unavailable"
        if isinstance(e, psycopg.Error):
            state = e.sqlstate or ""
            if state in PG_STATES:
                return PG_STATES[state]
            if state.startswith(PG_CLASSES) or (
                not state and isinstance(e, (psycopg.OperationalError, psycopg.InterfaceError))
            ):
                return "database_unavailable"
        if isinstance(e, TimeoutError):  # a pool that gave no connection in time, or the request's bound
            return "database_unavailable"
    return None


def filesystem_fault(path: str) -> str | None:
    """`storage_read_only` or `storage_full` when the filesystem holding `path` is so, else None."""
    if not path:
        return None
    try:
        st = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except OSError:
        return "database_unavailable"
    if st.f_flag & os.ST_RDONLY:
        return "storage_read_only"
    if st.f_bavail * st.f_frsize < FREE_MIN:
        return "storage_full"
    return None


class SQLitePool(SQLiteConnectionPool):
    """Keeps no connection that may be unable to write: SQLite opens a file it cannot write read-only
    for good, and a connection a storage fault went through may keep failing after the fault has
    passed. Such connections are closed when returned, so the next call opens a fresh one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spoiled: set[int] = set()

    def _create_connection(self) -> SQLiteConnection:
        conn = super()._create_connection()
        if not self.writable():
            self.spoiled.add(id(conn))
        return conn

    def writable(self) -> bool:
        path = self.db_name if os.path.exists(self.db_name) else os.path.dirname(os.path.abspath(self.db_name))
        return os.access(path, os.W_OK) and filesystem_fault(self.db_name) != "storage_read_only"

    def spoil(self, conn: SQLiteConnection) -> None:
        """Close `conn` when it is returned, and every idle connection now."""
        self.spoiled.add(id(conn))
        self.close_idle()

    def close_idle(self) -> None:
        with self._put_condition:
            while self._pool:
                self._pool.popleft().close()

    def put_connection(self, conn: SQLiteConnection) -> None:
        if id(conn) in self.spoiled:
            self.spoiled.discard(id(conn))
            conn.close()
        super().put_connection(conn)


class SQLiteStoreDatastore(SQLiteDatastore):
    """eventsourcing's SQLite datastore with `SQLitePool`: a connection a fault went through is dropped."""

    def __init__(self, db_name: str, timeout: float) -> None:
        super().__init__(db_name)
        self.pool = SQLitePool(db_name=db_name, lock_timeout=timeout, pool_timeout=timeout)

    @contextmanager
    def get_connection(self, *, commit: bool) -> Iterator[SQLiteConnection]:
        pool: SQLitePool = self.pool  # type: ignore[assignment]
        conn = pool.get_connection(is_writer=commit)
        try:
            yield conn
        except Exception as exc:
            if fault(exc, self.pool.db_name):
                pool.spoil(conn)
            raise
        finally:
            pool.put_connection(conn)


# The directory table (its rows are `service.directory`'s to write and query) ------------------------


Query = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]
# the directory's row changes (SQL with {t} for the table, parameters, the notification tracked), made
# by a function that may read the table (within the same transaction) through the query it is given
Changes = Callable[[Query], Iterator[tuple[str, tuple[Any, ...], Tracking]]]

HEALTH = "grimoire_health"  # one row, rewritten by each readiness probe
PROBE = "INSERT INTO {t} (id, at) VALUES (1, {now}) ON CONFLICT (id) DO UPDATE SET at = excluded.at"


class SQLiteDirectory(SQLiteTrackingRecorder):
    table = "grimoire_lobby"

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {self.table} (game_id TEXT PRIMARY KEY, ruleset TEXT, preset TEXT, "
            "lang TEXT, status TEXT, seats INTEGER, joined INTEGER, step INTEGER, deadline INTEGER, "
            "created_at INTEGER, names TEXT)",
            f"CREATE INDEX IF NOT EXISTS {self.table}_due ON {self.table} (status, deadline)",
            f"CREATE INDEX IF NOT EXISTS {self.table}_created ON {self.table} (created_at)",
            f"CREATE TABLE IF NOT EXISTS {HEALTH} (id INTEGER PRIMARY KEY, at TEXT)",
        ]

    def probe(self, timeout: float) -> None:
        """The readiness test write (SQLite has no statement timeout: the caller bounds its wait)."""
        with self.datastore.transaction(commit=True) as c:
            c.execute(PROBE.format(t=HEALTH, now="CURRENT_TIMESTAMP"))

    def record(self, changes: Changes) -> None:
        """Write every row change `changes` yields, each with its notification's tracking, in one
        transaction; `changes` reads the rows as this transaction sees them through its argument."""
        with self.datastore.transaction(commit=True) as c:

            def query(sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
                c.execute(sql.format(t=self.table), params)
                return [tuple(row) for row in c.fetchall()]

            for sql, params, tracking in changes(query):
                c.execute(sql.format(t=self.table), params)
                self._insert_tracking(c, tracking)

    def query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(sql.format(t=self.table), params)
            return [tuple(row) for row in c.fetchall()]


class PostgresDirectory(PostgresTrackingRecorder):
    table = "grimoire_lobby"

    def __init__(self, datastore: Any, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self._rendered: dict[str, bytes] = {}
        # one tracking row per projection (eventsourcing's single-row tracking, which `environment` leaves on)
        tracking = SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(self.tracking_table_name))
        self.track_batch = SQL(
            "INSERT INTO {0} (application_name, notification_id) VALUES (%s, %s) ON CONFLICT (application_name) "
            "DO UPDATE SET notification_id = excluded.notification_id WHERE {0}.notification_id < %s "
            "RETURNING notification_id"
        ).format(tracking)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {0}.{1} (game_id text PRIMARY KEY, ruleset text, preset text, "
                "lang text, status text, seats integer, joined integer, step integer, deadline bigint, "
                "created_at bigint, names text)"
            ).format(Identifier(self.datastore.schema), Identifier(self.table))
        )
        self.sql_create_statements.append(
            SQL("CREATE INDEX IF NOT EXISTS {1} ON {0}.{2} (status, deadline)").format(
                Identifier(self.datastore.schema), Identifier(self.table + "_due"), Identifier(self.table)
            )
        )
        self.sql_create_statements.append(
            SQL("CREATE INDEX IF NOT EXISTS {1} ON {0}.{2} (created_at)").format(
                Identifier(self.datastore.schema), Identifier(self.table + "_created"), Identifier(self.table)
            )
        )
        self.sql_create_statements.append(
            SQL("CREATE TABLE IF NOT EXISTS {0}.{1} (id integer PRIMARY KEY, at timestamptz)").format(
                Identifier(self.datastore.schema), Identifier(HEALTH)
            )
        )

    def probe(self, timeout: float) -> None:
        health = SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(HEALTH))
        with self.datastore.transaction(commit=True) as c:
            c.execute(SQL("SET LOCAL statement_timeout = {0}").format(int(timeout * 1000)))
            c.execute(SQL(PROBE.replace("{t}", "{0}").replace("{now}", "now()")).format(health))

    def _sql(self, sql: str, conn: Any) -> bytes:
        """A directory statement (`?` parameters, `{t}` the table) as PostgreSQL text, rendered once."""
        rendered = self._rendered.get(sql)
        if rendered is None:
            table = SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(self.table))
            rendered = SQL(sql.replace("?", "%s").replace("{t}", "{0}")).format(table).as_bytes(conn)
            self._rendered[sql] = rendered
        return rendered

    def record(self, changes: Changes) -> None:
        """As `SQLiteDirectory.record`, with the batch's tracking in one statement: the tracking row moves
        to the batch's last notification id only if it stood before the batch's first, so a batch any part
        of which another replica recorded first is refused whole (as each change's own tracking would)."""
        with self.datastore.transaction(commit=True) as c:

            def query(sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
                c.execute(self._sql(sql, c.connection), params)
                return [tuple(row.values()) for row in c.fetchall()]

            tracked: list[Tracking] = []
            for sql, params, tracking in changes(query):
                c.execute(self._sql(sql, c.connection), params)
                tracked.append(tracking)
            if not tracked:
                return
            first, last = tracked[0], tracked[-1]
            c.execute(self.track_batch, (last.application_name, last.notification_id, first.notification_id))
            if c.fetchone() is None:
                raise IntegrityError(f"tracking of {last.application_name} is at or past {first.notification_id}")

    def query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(self._sql(sql, c.connection), params)
            return [tuple(row.values()) for row in c.fetchall()]


class Store:
    """The recorders: game streams, token hashes, and the directory view."""

    def __init__(self, url: str | None = None, timeout: float = DB_TIMEOUT) -> None:
        self.env = environment(url, timeout)
        self.timeout = timeout
        self.postgres = self.env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
        self.path = "" if self.postgres else self.env["SQLITE_DBNAME"]
        # parameterised by the directory's recorder class, so `self.directory` is typed as one
        self.factory = InfrastructureFactory[PostgresDirectory | SQLiteDirectory].construct(env=self.env)
        datastore = self.factory.datastore  # type: ignore[attr-defined]
        if self.postgres:
            # the server ends a statement past the bound; libpq gives up connecting past it; the pool
            # gives up waiting for a connection past it
            datastore.pool.kwargs.update(
                connect_timeout=max(2, math.ceil(timeout)), options=f"-c statement_timeout={int(timeout * 1000)}"
            )
            datastore.pool.timeout = timeout
        else:
            self.factory.datastore = SQLiteStoreDatastore(self.path, timeout)  # type: ignore[attr-defined]
        self.mapper = EventMapper(transcoder=NoTranscoder())
        for attempt in range(10):
            try:
                self.recorder = self.factory.application_recorder()
                self.tokens = self.factory.aggregate_recorder("tokens")
                self.directory = self.factory.tracking_recorder(PostgresDirectory if self.postgres else SQLiteDirectory)
                break
            except (IntegrityError, ProgrammingError):  # another process is creating the same tables now
                if attempt == 9:
                    raise
                time.sleep(0.2)

        self.written = threading.Event()  # set after each append this process commits (wakes the follower)
        self.committer = Committer(self, PG_LINGER if self.postgres else 0.0)

    def close(self) -> None:
        self.committer.stop()
        self.factory.close()

    def append(self, records: Sequence[Record]) -> None:
        """Insert one game's records; `RecordConflictError` when a version is taken. Appends made at
        the same moment by other games share the transaction (group commit); each returns after it."""
        self.committer.append(records)

    def insert(self, records: Sequence[Record]) -> None:
        self.recorder.insert_events([self.mapper.to_stored_event(r) for r in records])

    def load(self, game_id: UUID, after: int = 0) -> list[Record]:
        rows = self.recorder.select_events(game_id, gt=after or None)
        return [self.mapper.to_domain_event(row) for row in rows]

    def notifications(self, after: int, limit: int = 500) -> Sequence[Any]:
        return self.recorder.select_notifications(after, limit, inclusive_of_start=False)

    def max_notification(self) -> int:
        return self.recorder.max_notification_id() or 0

    def probe(self, timeout: float) -> None:
        """A test write within `timeout` seconds (one row of `grimoire_health` upserted): raises when
        writes cannot succeed now. A SQLite file's filesystem must also have `FREE_MIN` bytes free."""
        if not self.postgres:
            found = filesystem_fault(self.path)
            if found:
                state = "read-only" if found == "storage_read_only" else "full"
                raise StorageFault(found, f"the filesystem of {self.path} is {state}")
        self.directory.probe(timeout)

    def recover(self) -> None:
        """Close the idle pooled connections, so that the next calls open fresh ones (a connection that
        failed with a fault is never pooled again in any case)."""
        if self.postgres:
            self.factory.datastore.pool.check()  # type: ignore[attr-defined]
        else:
            self.factory.datastore.pool.close_idle()  # type: ignore[attr-defined]

    def fault(self, exc: BaseException) -> str | None:
        """The problem code of a database fault this store met (see `fault`), or None."""
        return fault(exc, self.path)

    # small keyed records beside the streams (token hashes) ------------------

    def put(self, recorder: Any, key: UUID, version: int, topic: str, data: bytes) -> bool:
        """Insert a keyed record; False when that (key, version) already holds another record. The
        same record already there counts as ours: a commit whose answer was lost (the connection
        died after it) is retried by the recorder and meets its own row."""
        try:
            recorder.insert_events(
                [StoredEvent(originator_id=key, originator_version=version, topic=topic, state=data)]
            )
        except RecordConflictError:
            rows = recorder.select_events(key, gt=version - 1, lte=version)
            return bool(rows) and rows[0].topic == topic and bytes(rows[0].state) == data
        return True

    def get(self, recorder: Any, key: UUID) -> list[StoredEvent]:
        return list(recorder.select_events(key))


# seconds a PostgreSQL commit waits for more appends while they arrive together (a transaction there costs a
# round trip and several statements; SQLite's cost little, so they do not wait)
PG_LINGER = 0.002


class Committer:
    """Group commit: one thread writes every waiting append in one transaction. While appends arrive
    together (the last batch held more than one), it lingers `linger` seconds before each transaction so
    that fewer, larger transactions carry them. When a batch conflicts (some game's version is taken), its
    appends are retried one by one so only the stale one fails."""

    def __init__(self, store: Store, linger: float = 0.0) -> None:
        self.store = store
        self.linger = linger
        self.cond = threading.Condition()
        self.pending: list[list[Any]] = []
        self.waiters = threading.local()
        self.stopping = False
        self.thread = threading.Thread(target=self.run, name="grimoire-commit", daemon=True)
        self.thread.start()

    def append(self, records: Sequence[Record]) -> None:
        done = getattr(self.waiters, "done", None)  # each calling thread's own event, reused
        if done is None:
            done = self.waiters.done = threading.Event()
        done.clear()
        slot: list[Any] = [records, done, None]
        with self.cond:
            if self.stopping:
                raise RuntimeError("the store is closed")
            self.pending.append(slot)
            self.cond.notify()
        slot[1].wait()
        if slot[2] is not None:
            raise slot[2]

    def stop(self) -> None:
        with self.cond:
            self.stopping = True
            self.cond.notify()
        self.thread.join(timeout=5)

    def run(self) -> None:
        crowded = False
        while True:
            with self.cond:
                while not self.pending and not self.stopping:
                    self.cond.wait()
                if not self.pending:
                    return
                crowded = crowded or len(self.pending) > 1
            if crowded and self.linger:  # appends are arriving together: let a few more join this transaction
                time.sleep(self.linger)
            with self.cond:
                batch, self.pending = self.pending, []
            crowded = len(batch) > 1
            try:
                self.store.insert([r for slot in batch for r in slot[0]])
            except RecordConflictError:
                for slot in batch:
                    try:
                        self.store.insert(slot[0])
                    except Exception as exc:
                        slot[2] = exc
            except Exception as exc:
                for slot in batch:
                    slot[2] = exc
            self.store.written.set()
            for slot in batch:
                slot[1].set()


__all__ = ["FAULT_STATUS", "RecordConflictError", "StorageFault", "Store", "environment", "fault"]
