"""Database faults: what a failed database call means for the client (`database_unavailable`,
`storage_read_only`, `storage_full`, and the status each is answered with), told from the driver's errors
and, for a SQLite file, from its filesystem.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator

import psycopg

FREE_MIN = 1 << 20  # bytes a SQLite file's filesystem must have free for the store to count as writable


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
