"""One game in memory (`Entry`): full state, every viewer's view and feed index, kept current per event.

A viewer's feed index maps its own numbering 1..k to positions in the stream, so an action or a
view read costs the same at event 20 and at event 2,000. Appends carry the expected version; on a
conflict the entry catches up from the store and decides again, unless what the store holds at
those versions is our own append (its commit succeeded but its answer was lost) or the action's
idempotency key is already in the log: an input is never decided twice. Everything here that
touches the store runs in worker threads; waiting for events is done with futures on the event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any
from uuid import UUID

import msgspec

from grimoire.domain import catalog
from grimoire.domain.catalog import evolve, initial_state, run
from grimoire.domain.engine import Decider
from grimoire.domain.events import MODERATOR, PUBLIC, GameCreated, Input, Join, Leave, sees
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation
from grimoire.projections.view import SPECTATOR, View, apply, deliver, new_view
from grimoire.service import chain
from grimoire.service.chain import GENESIS, Record
from grimoire.service.store import RecordConflictError, Store

Viewer = int | str
HOST = "host"
RETRIES = 20


class Conflict(Exception):
    """The game kept changing under us: every retry found a newer version."""


class Applied(Exception):
    """The log already holds the input's idempotency key: it was applied, ending with `record`."""

    def __init__(self, record: Record) -> None:
        super().__init__(record.key)
        self.record = record


class Principal(msgspec.Struct, frozen=True):
    """Who a token stands for. A seat's token is stored with the seat's join number (its place in the
    order seats were taken, never reused); `Entry.seat_of` turns that into the seat it holds now, which
    differs only when a seat before it left the lobby."""

    role: str  # "host" | "moderator" | "seat"
    seat: int | None = None

    @property
    def seat_number(self) -> int:
        """The seat of a seat's principal."""
        if self.seat is None:
            raise ValueError(f"a {self.role} principal holds no seat")
        return self.seat

    @property
    def viewer(self) -> Viewer:
        if self.role == "seat":
            return self.seat_number
        return MODERATOR if self.role == MODERATOR else SPECTATOR


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_slot(p: Principal) -> int:
    """The version a token's hash is stored under in the game's token stream."""
    return {HOST: 1, MODERATOR: 2}.get(p.role, 2 + (p.seat or 0))


class Entry:
    """One game in memory."""

    def __init__(self, game_id: UUID) -> None:
        self.id = game_id
        self.lock = threading.Lock()
        self.version = 0
        self.head = GENESIS
        self.state: GameState[Any] = initial_state()
        self.engine: Decider | None = None  # the game's ruleset's engine, once its first event names it
        self.records: list[Record] = []
        self.views: dict[Viewer, View] = {v: new_view(v) for v in (SPECTATOR, MODERATOR)}
        self.feeds: dict[Viewer, list[int]] = {SPECTATOR: [], MODERATOR: []}
        self.waiters: dict[Viewer, set[asyncio.Future[None]]] = {}
        self.tokens: dict[str, Principal] = {}  # the working tokens' hashes
        self.ledger: dict[tuple[str, int | None], Any] = {}  # each principal's token rows now (Games.load_tokens)
        self.ledger_at = 0  # the version of the last token row read
        self.joined: list[int] = []  # each seat's join number, in seat order
        self.issued = 0  # join numbers given so far
        self.last_at = 0
        self.used = time.monotonic()
        # why the stored log cannot be served: a problem code and the event it names (see `Games.load`)
        self.damage: tuple[str, int] | None = None
        self.listed_ended = False  # the directory lists the game as ended (whatever the log says)
        self.keys: dict[str, int] = {}  # idempotency key digest -> index of the record holding it

    # --- folding ------------------------------------------------------------------------------

    def _add_viewer(self, viewer: Viewer) -> None:
        view, feed = new_view(viewer), []
        for i, rec in enumerate(self.records):
            if sees(rec.event.to, viewer):
                view = apply(view, rec.event)
                feed.append(i)
        self.views[viewer], self.feeds[viewer] = view, feed

    def _apply(self, rec: Record, grew: set[Viewer], state: GameState[Any] | None = None) -> None:
        """Fold one stored event into the state (unless the caller has it), the views and the feeds."""
        event = rec.event
        if isinstance(event, GameCreated):
            self.engine = catalog.engine(event.ruleset)
            for seat in range(1, event.seats + 1):
                self._add_viewer(seat)
            self.issued = len(event.names)
            self.joined = list(range(1, self.issued + 1))
        elif isinstance(event, Join):
            self.issued += 1
            self.joined.append(self.issued)
        elif isinstance(event, Leave):
            del self.joined[event.seat - 1]
        if state is None:
            state = (self.engine.evolve if self.engine else evolve)(self.state, event)
        self.state = state
        index = len(self.records)
        self.records.append(rec)
        if rec.key:
            self.keys[rec.key] = index
        self.version = rec.version
        self.head = rec.digest()
        self.last_at = max(self.last_at, event.at)
        deliver(self.views, event)
        to = event.to
        readers = self.feeds if to == PUBLIC else (MODERATOR,) if to == MODERATOR else (MODERATOR, *to)
        for viewer in readers:
            feed = self.feeds.get(viewer)
            if feed is not None:
                feed.append(index)
                grew.add(viewer)

    def catch_up(self, store: Store) -> set[Viewer]:
        """Fold in whatever the store holds beyond our version (another replica's appends)."""
        grew: set[Viewer] = set()
        with self.lock:
            try:
                records = store.load(self.id, self.version)
            except (msgspec.DecodeError, msgspec.ValidationError):
                records = self._readable(store)
            for rec in records:
                if rec.version != self.version + 1:  # a deleted event; the chain is the audit's to check
                    self.damage = ("log_damaged", self.version + 1)
                    break
                self._apply(rec, grew)
        self.wake(grew)
        return grew

    def _readable(self, store: Store) -> list[Record]:
        """The stored rows beyond our version up to the first that cannot be read, which is the damage."""
        readable = []
        for row in store.recorder.select_events(self.id, gt=self.version or None):
            try:
                readable.append(store.mapper.to_domain_event(row))
            except (msgspec.DecodeError, msgspec.ValidationError):
                self.damage = ("log_damaged", row.originator_version)
                break
        return readable

    def take(self, rec: Record) -> None:
        """A stored event heard from the log: fold it in when it is the next one, else catch up later."""
        if rec.version <= self.version:
            return
        grew: set[Viewer] = set()
        with self.lock:
            if rec.version == self.version + 1 and rec.prev == self.head:
                self._apply(rec, grew)
        self.wake(grew)

    def seat_of(self, join_number: int) -> int | None:
        """The seat held now by the seat token stored with `join_number` (None: it left)."""
        try:
            return self.joined.index(join_number) + 1
        except ValueError:
            return None

    # --- deciding -------------------------------------------------------------------------------

    def now(self) -> int:
        return max(int(time.time() * 1000), self.last_at)

    def submit(
        self, store: Store, make: Callable[[Entry], Input], key: str = "", then: Callable[[Entry], object] | None = None
    ) -> list[Record] | RuleViolation:
        """Decide `make(self)` on the current state and append the outcome at the expected version.
        With an idempotency key's digest, the last record carries it; when the log already holds
        it, the input is not decided again: `Applied` names the record holding it. `then(self)` runs
        under the lock once our append is folded in, before any other input is."""
        self.used = time.monotonic()
        for _ in range(RETRIES):
            grew: set[Viewer] = set()
            with self.lock:
                if key in self.keys:
                    raise Applied(self.records[self.keys[key]])
                out = (self.engine.run if self.engine else run)(self.state, make(self))
                if isinstance(out, RuleViolation):
                    return out
                events, state = out
                records, prev, version = [], self.head, self.version
                seed = state.seed  # the outcome's state: a create input records it
                for i, event in enumerate(events, 1):
                    version += 1
                    salt = chain.salt_for(seed, version) if seed else ""
                    rec = chain.seal(self.id, version, event, prev, salt=salt, key=key if i == len(events) else "")
                    records.append(rec)
                    prev = rec.digest()
                try:
                    store.append(records)
                except RecordConflictError:
                    conflict = True
                else:
                    conflict = False
                    for rec in records[:-1]:
                        self._apply(rec, grew, self.state)  # the views need no state of their own
                    self._apply(records[-1], grew, state)
                    if then is not None:
                        then(self)
            if conflict:
                self.catch_up(store)
                with self.lock:
                    if self.holds(records):
                        return self.records[records[0].version - 1 : records[-1].version]
                continue
            self.wake(grew)
            return records
        raise Conflict(str(self.id))

    def holds(self, records: list[Record]) -> bool:
        """Whether the log holds exactly these sealed records: a conflict with our own write, when the
        store retried an insert whose commit had succeeded."""
        last = records[-1].version
        return last <= self.version and all(self.records[r.version - 1].state == r.state for r in records)

    # --- waiting --------------------------------------------------------------------------------

    def wake(self, grew: set[Viewer]) -> None:
        for viewer in grew:
            for fut in list(self.waiters.get(viewer, ())):
                fut.get_loop().call_soon_threadsafe(_resolve, fut)

    async def wait(self, viewer: Viewer, after: int, seconds: float) -> None:
        """Return once `viewer`'s feed is longer than `after`, or after `seconds`."""
        self.used = time.monotonic()
        if seconds <= 0:
            return
        fut = asyncio.get_running_loop().create_future()
        waiting = self.waiters.setdefault(viewer, set())
        waiting.add(fut)
        try:
            if len(self.feeds.get(viewer, ())) > after:
                return
            await asyncio.wait_for(fut, seconds)
        except TimeoutError:
            pass
        finally:
            waiting.discard(fut)

    def feed(self, viewer: Viewer) -> list[int]:
        return self.feeds.get(viewer, [])


def _resolve(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)
