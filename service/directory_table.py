"""The directory's table on SQLite and on PostgreSQL: eventsourcing tracking recorders that create it,
write a batch of row changes in the transaction that tracks their notifications, query it, and probe
the database with a test write. Its rows are `service.directory`'s to write and query.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteTrackingRecorder
from psycopg.sql import SQL, Identifier

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
