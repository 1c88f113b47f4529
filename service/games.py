"""The repository of the games loaded in this process (`Games`): each game's `Entry` (service.entry),
read from the store on first use and kept current, the cache that bounds them with the requests'
holds, the catch-up with appends by other replicas, and the seats' tokens. The commands, reads and
audit (service.commands, service.reads, service.audit) work on the games it hands out.
"""

from __future__ import annotations

import contextvars
import itertools
import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
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

    def __init__(
        self,
        store: Store,
        capacity: int = 1000,
        keyring: keys.Keyring | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.clock = clock  # the wall clock transfer codes expire by
        self.revocations = 0  # the last revocation heard (0: none read yet, -1: none stored then)
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
    # A game's token stream (store.tokens, keyed by the game) holds each token's hash at its principal's
    # slot (see `token_slot`); later rows, from `LEDGER` on, reissue a seat's token, offer a transfer code
    # or release the seat: the last row of a principal says which token of it works now. Every
    # revocation is also a row of the `REVOCATIONS` stream, naming the game, which every replica follows.

    def load_tokens(self, entry: Entry) -> None:
        ledger: dict[tuple[str, int | None], Slot] = {}
        last = 0
        for row in self.store.get(self.store.tokens, entry.id):
            r = msgspec.json.decode(row.topic.encode(), type=TokenRow)
            key, digest, last = (r.role, r.seat), row.state.decode(), row.originator_version
            if r.kind == "code":
                ledger[key] = msgspec.structs.replace(ledger.get(key, Slot()), code=digest, expires=r.expires)
            else:
                ledger[key] = Slot(token=digest) if r.kind == "token" else Slot(released=True)
        revoked = {d: p for d, p in entry.tokens.items() if ledger.get((p.role, p.seat), Slot()).token != d}
        entry.ledger, entry.ledger_at = ledger, last
        entry.tokens = {s.token: Principal(role, seat) for (role, seat), s in ledger.items() if s.token}
        entry.wake({p.viewer if p.role != "seat" else entry.seat_of(p.seat_number) or 0 for p in revoked.values()})

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

    def _write(self, entry: Entry, row: TokenRow, digest: str) -> bool:
        """Append a ledger row after the last one read; False when another row took its place first."""
        topic = msgspec.json.encode(row).decode()
        return self.store.put(self.store.tokens, entry.id, max(entry.ledger_at, LEDGER) + 1, topic, digest.encode())

    def _announce(self, entry: Entry) -> None:
        """Tell every replica that a token of this game stopped working."""
        for _ in range(RETRIES):
            rows = self.store.tokens.select_events(REVOCATIONS, desc=True, limit=1)
            version = (rows[0].originator_version if rows else 0) + 1
            if self.store.put(self.store.tokens, REVOCATIONS, version, "revoked", str(entry.id).encode()):
                return
        raise Conflict(str(entry.id))

    def transfer_code(self, entry: Entry, who: Principal) -> tuple[str, int]:
        """A one-time code that moves the seat of `who` (a stored seat principal) to another device, and
        when it expires (ms); a new code replaces the last one."""
        code = secrets.token_urlsafe(16)
        expires = int(self.clock() * 1000) + TRANSFER_MS
        for _ in range(RETRIES):
            self.load_tokens(entry)
            if self._write(entry, TokenRow(who.role, who.seat, "code", expires), token_hash(code)):
                self.load_tokens(entry)
                return code, expires
        raise Conflict(str(entry.id))

    def release_seat(self, entry: Entry, join_number: int) -> None:
        """The host releases a seat: its token stops working and the seat may be claimed once."""
        for _ in range(RETRIES):
            self.load_tokens(entry)
            if self._write(entry, TokenRow("seat", join_number, "released"), ""):
                break
        else:
            raise Conflict(str(entry.id))
        self._announce(entry)
        self.load_tokens(entry)

    def claim(self, entry: Entry, code: str | None, join_number: int | None) -> tuple[int, str] | None:
        """A new token for the seat whose live transfer code is `code`, or for the released seat of
        `join_number`; the seat's old token stops working. None: no such code or released seat now."""
        digest = token_hash(code) if code else None
        for _ in range(RETRIES):
            self.load_tokens(entry)
            now = int(self.clock() * 1000)
            found = next(
                (
                    key
                    for key, s in entry.ledger.items()
                    if (digest is not None and s.code == digest and s.expires > now)
                    or (digest is None and s.released and key == ("seat", join_number))
                ),
                None,
            )
            if found is None or found[1] is None:
                return None
            token = new_token()
            if self._write(entry, TokenRow("seat", found[1]), token_hash(token)):
                self._announce(entry)
                self.load_tokens(entry)
                return found[1], token
        raise Conflict(str(entry.id))

    def heard_revocations(self) -> None:
        """Reload the tokens of the cached games whose tokens were revoked since the last call (the
        follower calls it on every round), which ends the streams and waits that held them."""
        if self.revocations == 0:  # the first round: the games cached now read their tokens again, once
            last = self.store.tokens.select_events(REVOCATIONS, desc=True, limit=1)
            self.revocations = last[0].originator_version if last else -1
            for cached in list(self.entries.values()):
                self.load_tokens(cached)
        rows = self.store.tokens.select_events(REVOCATIONS, gt=max(self.revocations, 0) or None)
        for row in rows:
            self.revocations = row.originator_version
            revoked = self.entries.get(UUID(row.state.decode()))
            if revoked is not None:
                self.load_tokens(revoked)


REVOCATIONS = UUID(int=1)  # the stream of revocations, one row per revocation naming its game
LEDGER = 1_000_000  # a game's token rows past the first of each principal
TRANSFER_MS = 120_000  # a transfer code's life
RETRIES = 20


class TokenRow(msgspec.Struct, frozen=True, omit_defaults=True):
    """A row of a game's token stream: a principal's token (`kind` "token", stored as `Principal` was),
    a transfer code of a seat, expiring at `expires` (ms), or a seat released by the host."""

    role: str
    seat: int | None = None
    kind: str = "token"
    expires: int = 0


class Slot(msgspec.Struct, frozen=True):
    """What a principal's token rows say now: its working token's hash, a live transfer code's, or released."""

    token: str | None = None
    code: str | None = None
    expires: int = 0
    released: bool = False
