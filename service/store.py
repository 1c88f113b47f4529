"""The event store: eventsourcing recorders holding each game's stream (sealed into the hash chain
by `service.chain`), token hashes and the directory table (service.directory_table), on PostgreSQL or a
SQLite file; appends go through the group commit (service.group_commit), faults are told by
service.faults."""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse
from uuid import UUID

from eventsourcing.persistence import (
    InfrastructureFactory,
    IntegrityError,
    ProgrammingError,
    RecordConflictError,
    StoredEvent,
    Transcoder,
)
from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool, SQLiteDatastore

from grimoire.domain.events import Event
from grimoire.service.chain import Record, seal, unseal
from grimoire.service.directory_table import PostgresDirectory, SQLiteDirectory
from grimoire.service.faults import StorageFault, fault, filesystem_fault
from grimoire.service.group_commit import PG_LINGER, Committer


class NoTranscoder(Transcoder):
    """eventsourcing's transcoder setting: stored states are bytes already (`EventMapper` makes them)."""

    def encode(self, obj: bytes) -> bytes:
        return obj

    def decode(self, data: bytes) -> bytes:
        return data


class EventMapper:
    """Maps a `Record` to a `StoredEvent` and back with msgspec (eventsourcing's mapper needs `__dict__`)."""

    def seal(self, game_id: UUID, version: int, event: Event, prev: str, *, salt: str = "") -> Record:
        return seal(game_id, version, event, prev, salt=salt)

    def to_stored_event(self, rec: Record) -> StoredEvent:
        if not rec.state:
            rec = seal(rec.game_id, rec.version, rec.event, rec.prev, salt=rec.salt, key=rec.key)
        return StoredEvent(originator_id=rec.game_id, originator_version=rec.version, topic=rec.topic, state=rec.state)

    def to_domain_event(self, stored_event: StoredEvent) -> Record:
        game_id = stored_event.originator_id
        return unseal(
            game_id if isinstance(game_id, UUID) else UUID(str(game_id)),
            stored_event.originator_version,
            stored_event.topic,
            stored_event.state,
        )


DB_TIMEOUT = 5.0  # seconds any one database call may take (`GRIMOIRE_DB_TIMEOUT`)


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
        self.mapper = EventMapper()
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


__all__ = ["RecordConflictError", "Store", "environment"]
