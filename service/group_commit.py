"""Group commit: the appends of many games written in one transaction by one thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any, Protocol

from eventsourcing.persistence import RecordConflictError

from grimoire.service.chain import Record


class Inserts(Protocol):
    """What the committer writes through: the store's insert of records, and its event set after each commit."""

    written: threading.Event

    def insert(self, records: Sequence[Record]) -> None: ...


# seconds a PostgreSQL commit waits for more appends while they arrive together (a transaction there costs a
# round trip and several statements; SQLite's cost little, so they do not wait)
PG_LINGER = 0.002


class Committer:
    """Group commit: one thread writes every waiting append in one transaction. While appends arrive
    together (the last batch held more than one), it lingers `linger` seconds before each transaction so
    that fewer, larger transactions carry them. When a batch conflicts (some game's version is taken), its
    appends are retried one by one so only the stale one fails."""

    def __init__(self, store: Inserts, linger: float = 0.0) -> None:
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
