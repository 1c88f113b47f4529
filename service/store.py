"""The event store: eventsourcing recorders holding each game's stream (sealed into the hash chain
by `service.chain`), token hashes and the directory table."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse
from uuid import UUID

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
from eventsourcing.sqlite import SQLiteTrackingRecorder
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


def environment(url: str | None) -> dict[str, str]:
    """eventsourcing settings for a database URL (`postgresql://…`) or a SQLite file path."""
    url = url or os.environ.get("GRIMOIRE_DATABASE_URL") or "grimoire.db"
    env = {"CREATE_TABLE": "y", "TRANSCODER_TOPIC": "grimoire.service.store:NoTranscoder"}
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
        )
        if "schema" in query:
            env["POSTGRES_SCHEMA"] = query["schema"][0]
    else:
        path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
        env.update(PERSISTENCE_MODULE="eventsourcing.sqlite", SQLITE_DBNAME=path)
    return env


# The directory table (its rows are `service.directory`'s to write and query) ------------------------


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
        ]

    def record(self, ch: tuple[str, tuple[Any, ...]], tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute(ch[0].format(t=self.table), ch[1])
            self._insert_tracking(c, tracking)

    def query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(sql.format(t=self.table), params)
            return [tuple(row) for row in c.fetchall()]


class PostgresDirectory(PostgresTrackingRecorder):
    table = "grimoire_lobby"

    def __init__(self, datastore: Any, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
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

    def _sql(self, sql: str) -> Any:
        table = SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(self.table))
        return SQL(sql.replace("?", "%s").replace("{t}", "{0}")).format(table)

    def record(self, ch: tuple[str, tuple[Any, ...]], tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute(self._sql(ch[0]), ch[1])
            self._insert_tracking(c, tracking)

    def query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(self._sql(sql), params)
            return [tuple(row.values()) for row in c.fetchall()]


class Store:
    """The recorders: game streams, token hashes, and the directory view."""

    def __init__(self, url: str | None = None) -> None:
        self.env = environment(url)
        self.postgres = self.env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
        # parameterised by the directory's recorder class, so `self.directory` is typed as one
        self.factory = InfrastructureFactory[PostgresDirectory | SQLiteDirectory].construct(env=self.env)
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

        self.committer = Committer(self)

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

    def ping(self) -> None:
        self.recorder.max_notification_id()

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


class Committer:
    """Group commit: one thread writes every waiting append in one transaction. When a batch
    conflicts (some game's version is taken), its appends are retried one by one so only the stale
    one fails."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.cond = threading.Condition()
        self.pending: list[list[Any]] = []
        self.stopping = False
        self.thread = threading.Thread(target=self.run, name="grimoire-commit", daemon=True)
        self.thread.start()

    def append(self, records: Sequence[Record]) -> None:
        slot: list[Any] = [records, threading.Event(), None]
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
        while True:
            with self.cond:
                while not self.pending and not self.stopping:
                    self.cond.wait()
                if not self.pending:
                    return
                batch, self.pending = self.pending, []
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
            for slot in batch:
                slot[1].set()


__all__ = ["RecordConflictError", "Store", "environment"]
