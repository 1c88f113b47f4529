"""The repository of the games loaded in this process (`Games`): each game's `Entry` (service.entry),
read from the store on first use and kept current, the cache that bounds them with the requests'
holds, the catch-up with appends by other replicas, and the seats' tokens. The commands, reads and
audit (service.commands, service.reads, service.audit) work on the games it hands out.
"""

from __future__ import annotations

import contextvars
import itertools
import threading
import time
from collections import Counter, OrderedDict
from uuid import UUID

import msgspec
import structlog

from grimoire.service import keys
from grimoire.service.chain import Record
from grimoire.service.directory import listed_status
from grimoire.service.entry import Conflict, Entry, Principal, new_token, token_hash, token_slot
from grimoire.service.errors import NotFound
from grimoire.service.store import Store

log = structlog.get_logger("grimoire")


# The games a request holds in the cache until it ends (set per request by web.hold_games).
HELD: contextvars.ContextVar[list[UUID] | None] = contextvars.ContextVar("held", default=None)


class Games:
    """The games of this process, loaded from the store on first use.
    Methods that touch the store block: the HTTP routes call them in worker threads.

    At most `capacity` games stay in memory: past it the least recently used leave first, except those a
    request holds or a reader waits on (a game in two entries would leave a waiter on the one nobody
    updates); they reload from the store on demand."""

    def __init__(self, store: Store, capacity: int = 1000, keyring: keys.Keyring | None = None) -> None:
        self.store = store
        self.entries: OrderedDict[UUID, Entry] = OrderedDict()
        self.capacity = capacity
        self.held: Counter[UUID] = Counter()  # requests holding each game
        self.lock = threading.Lock()
        self._keyring = keyring

    @property
    def keyring(self) -> keys.Keyring:
        """The keys that sign receipts (read or made on first use)."""
        if self._keyring is None:
            self._keyring = keys.keyring_for(self.store)
        return self._keyring

    # --- the cache ------------------------------------------------------------------------------

    def cached(self, game_id: UUID, hold: bool = False) -> Entry | None:
        with self.lock:
            entry = self.entries.get(game_id)
            if entry is not None:
                self._use(entry, hold)
        return entry

    def _use(self, entry: Entry, hold: bool) -> None:
        """Mark a cached game most recently used, and held by the request if `hold` (under the lock)."""
        entry.used = time.monotonic()
        self.entries.move_to_end(entry.id)
        held = HELD.get()
        if hold and held is not None:
            self.held[entry.id] += 1
            held.append(entry.id)

    def release(self, game_ids: list[UUID]) -> None:
        """A request that held these games ended."""
        with self.lock:
            for game_id in game_ids:
                self.held[game_id] -= 1
                if self.held[game_id] <= 0:
                    del self.held[game_id]

    def keep(self, entry: Entry, hold: bool = False) -> Entry:
        """Cache `entry` (or the entry already cached for its game, which is returned) as the most recently
        used, and drop the least recently used games past the capacity."""
        with self.lock:
            entry = self.entries.setdefault(entry.id, entry)
            self._use(entry, hold)
            excess = len(self.entries) - self.capacity
            if excess > 0:
                idle = list(itertools.islice((gid for gid, e in self.entries.items() if self._idle(e)), excess))
                for game_id in idle:
                    del self.entries[game_id]
            return entry

    def _idle(self, entry: Entry) -> bool:
        return not self.held[entry.id] and not any(entry.waiters.values())

    def evict(self, idle: float) -> None:
        """Drop games nobody has read, acted in or waited on for `idle` seconds (a lobby left open, a
        game whose steps wait forever); they reload from the store on demand. Runs on the event
        loop, as waits do, so no wait starts on an entry while it is dropped; every wait marks its
        entry used, so a stream that waits again and again keeps its game."""
        cutoff = time.monotonic() - idle
        with self.lock:
            for game_id, entry in list(self.entries.items()):
                if entry.used < cutoff and self._idle(entry):
                    del self.entries[game_id]

    def load(self, game_id: UUID, hold: bool = False) -> Entry | None:
        """The game's entry (from the cache or the store), None when no such game exists."""
        entry = self.cached(game_id, hold)
        if entry is not None:
            return entry
        entry = Entry(game_id)
        entry.catch_up(self.store)
        if entry.version == 0 and entry.damage is None:
            return None
        self.load_tokens(entry)
        if entry.state.status != "ended":
            entry.listed_ended = listed_status(self.store, game_id) in ("ended", "aborted")
            if entry.listed_ended and entry.damage is None:
                entry.damage = ("log_directory_mismatch", entry.version)
        if entry.damage is not None:
            log.error("log_damaged", game_id=str(game_id), code=entry.damage[0], version=entry.damage[1])
            return entry  # not kept: every request reads the store again, until the log is restored
        return self.keep(entry, hold)

    def game(self, game_id: UUID, hold: bool = False) -> Entry:
        entry = self.load(game_id, hold)
        if entry is None:
            raise NotFound("game_not_found")
        return entry

    def behind(self, game_id: UUID, version: int) -> bool:
        """Whether a cached game lacks the stored event at `version` (what `heard` is for)."""
        entry = self.entries.get(game_id)
        return entry is not None and version > entry.version

    def heard(self, rec: Record) -> None:
        """The follower saw a stored event: bring a cached game up to date (appends by any replica)."""
        entry = self.entries.get(rec.game_id)
        if entry is None or rec.version <= entry.version:
            return
        entry.take(rec)
        if entry.version < rec.version:
            entry.catch_up(self.store)

    # --- tokens ---------------------------------------------------------------------------------

    def load_tokens(self, entry: Entry) -> None:
        for row in self.store.get(self.store.tokens, entry.id):
            entry.tokens[row.state.decode()] = msgspec.json.decode(row.topic.encode(), type=Principal)

    def save_token(self, entry: Entry, principal: Principal) -> str:
        token = new_token()
        digest = token_hash(token)
        topic = msgspec.json.encode(principal).decode()
        if not self.store.put(self.store.tokens, entry.id, token_slot(principal), topic, digest.encode()):
            raise Conflict(str(entry.id))
        entry.tokens[digest] = principal
        return token

    def principal(self, entry: Entry, token: str) -> Principal | None:
        digest = token_hash(token)
        found = entry.tokens.get(digest)
        if found is None:
            self.load_tokens(entry)  # a seat joined through another replica
            found = entry.tokens.get(digest)
        return found
