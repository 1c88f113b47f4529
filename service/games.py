"""The service's one command API (`Games`), used by the HTTP routes and the command line alike: create,
join, start, force a deadline, abort, act (with the idempotency-key protocol), read views and feeds,
the lobby, audit, verify and replay. Refusals are `ApiError`s with stable codes; games are kept in
memory as `Entry`s (service.entry).
"""

from __future__ import annotations

import bisect
import contextvars
import functools
import itertools
import json
import os
import threading
import time
import uuid
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable
from uuid import UUID

import msgspec
import structlog

from grimoire.domain import catalog as rulesets
from grimoire.domain.catalog import unsupported_version, verify
from grimoire.domain.engine import AuditReport
from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Abort,
    Act,
    Action,
    CreateGame,
    Event,
    GameCreated,
    GameEnded,
    Input,
    Join,
    Leave,
    Start,
    Timeout,
    sees,
    type_id,
)
from grimoire.domain.violations import RuleViolation
from grimoire.projections.render import render
from grimoire.projections.view import View, project
from grimoire.service import chain, keys, metrics
from grimoire.service.chain import Record
from grimoire.service.directory import listed_status, lobby
from grimoire.service.entry import (
    HOST,
    Applied,
    Conflict,
    Entry,
    Principal,
    Viewer,
    new_token,
    token_hash,
    token_slot,
)
from grimoire.service.problems import ApiError, UnsupportedVersion, violation
from grimoire.service.schemas import (
    Ack,
    ActionReply,
    ActionRequest,
    Audit,
    AuditCheck,
    AuditEvent,
    CreateGameRequest,
    Feed,
    FeedItem,
    GameCreatedReply,
    JoinReply,
    Lobby,
    LobbyGame,
    Receipt,
    ReceiptCheck,
    ReceiptsCheck,
    SeatToken,
    ViewReply,
)
from grimoire.service.store import Store

log = structlog.get_logger("grimoire")


@functools.cache
def preset_seats(ruleset_id: str) -> dict[str, int]:
    return rulesets.RULESETS[ruleset_id].preset_seats()


def refusal(v: RuleViolation, lang: str, entry: Entry) -> ApiError:
    p = violation(v, lang, entry.state.names)
    return ApiError(p.status, v.code, problem=p)


# The games a request holds in the cache until it ends (set per request by web.hold_games).
HELD: contextvars.ContextVar[list[UUID] | None] = contextvars.ContextVar("held", default=None)


class Games:
    """The games of this process, loaded from the store on first use, and every command on them.
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
            raise ApiError(404, "game_not_found")
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

    # --- commands -------------------------------------------------------------------------------

    def create(self, game_id: UUID, inp: CreateGame) -> tuple[Entry, list[Record] | RuleViolation]:
        entry = Entry(game_id)
        out = entry.submit(self.store, lambda e: msgspec.structs.replace(inp, at=e.now()))
        if not isinstance(out, RuleViolation):
            self.keep(entry)
        return entry, out

    def create_game(self, data: CreateGameRequest, lang: str) -> GameCreatedReply:
        """A new game with a token for the host, the moderator if asked for, and each seat named now.
        Without a preset or roles it takes the ruleset's first preset for its seats."""
        seats, preset = data.seats, data.preset
        if preset is not None and data.roles:
            raise ApiError(422, "bad_roles", reason="a preset or roles, not both")
        rs = rulesets.get(data.ruleset)
        if rs is not None and preset is None and not data.roles:
            wanted = seats or len(data.names) or None
            preset = next((p for p, n in preset_seats(rs.id).items() if wanted in (None, n)), None)
        if seats is None and rs is not None:
            fallback = len(data.names) or len(data.roles) or rs.min_seats
            seats = preset_seats(rs.id).get(preset, rs.min_seats) if preset else fallback
        game_id = uuid.uuid4()
        inp = CreateGame(
            game_id=str(game_id),
            ruleset=data.ruleset,
            seats=seats or 0,
            names=tuple(data.names),
            preset=preset,
            roles=tuple(data.roles),
            options=data.options,
            lang=data.lang,
            seed=data.seed or os.urandom(32).hex(),
            seed_supplied=data.seed is not None,
            moderator=data.moderator,
            key_id=self.keyring.key_id,
        )
        entry, out = self.create(game_id, inp)
        if isinstance(out, RuleViolation):
            raise refusal(out, lang, entry)
        host = self.save_token(entry, Principal(HOST))
        mod = self.save_token(entry, Principal(MODERATOR)) if data.moderator else None
        seat_tokens = [
            SeatToken(seat=i, name=name, token=self.save_token(entry, Principal("seat", i)))
            for i, name in enumerate(data.names, 1)
        ]
        metrics.GAMES.inc("created")
        created = next(r.event for r in entry.records if isinstance(r.event, GameCreated))
        return GameCreatedReply(
            game_id=str(game_id),
            host_token=host,
            moderator_token=mod,
            seats=seat_tokens,
            open_seats=entry.state.seats - len(entry.state.names),
            seed_sha256=created.seed_sha256,
        )

    def submit(
        self,
        entry: Entry,
        make: Callable[[Entry], Input],
        lang: str,
        key: str = "",
        then: Callable[[Entry], object] | None = None,
    ) -> list[Record]:
        """Decide and append one input (see `Entry.submit` for `key` and `then`); a refusal is raised in
        `lang`, `Applied` when the log holds the key."""
        try:
            out = entry.submit(self.store, make, key=key, then=then)
        except Conflict:
            raise ApiError(409, "busy") from None
        metrics.INPUTS.inc("refused" if isinstance(out, RuleViolation) else "accepted")
        if isinstance(out, RuleViolation):
            raise refusal(out, lang, entry)
        return out

    def join(self, entry: Entry, name: str, lang: str) -> JoinReply:
        self.submit(entry, lambda e: Join(at=e.now(), name=name), lang)
        with entry.lock:
            seat = entry.state.names.index(name) + 1
            number = entry.joined[seat - 1]
        return JoinReply(seat=seat, name=name, token=self.save_token(entry, Principal("seat", number)))

    def leave(self, entry: Entry, token: str, lang: str) -> None:
        """The seat of `token` gives up its place before the start; the token stops working, and the
        seats after it move up one (their tokens follow them)."""
        who = self.principal(entry, token)
        if who is None or who.role != "seat":
            raise ApiError(403, "not_a_seat")
        self.submit(entry, lambda e: Leave(at=e.now(), seat=e.seat_of(who.seat_number) or 0), lang)

    def host_command(self, entry: Entry, who: Principal, make: Callable[[Entry], Input], lang: str) -> Ack:
        if who.role != HOST:
            raise ApiError(403, "host_only")
        self.submit(entry, make, lang)
        return Ack(status=entry.state.status)

    def start(self, entry: Entry, who: Principal, lang: str) -> Ack:
        return self.host_command(entry, who, lambda e: Start(at=e.now()), lang)

    def force_deadline(self, entry: Entry, who: Principal, lang: str) -> Ack:
        return self.host_command(
            entry, who, lambda e: Timeout(at=e.now(), step=e.state.step.no if e.state.step else 0, forced=True), lang
        )

    def abort(self, entry: Entry, who: Principal, lang: str) -> Ack:
        return self.host_command(entry, who, lambda e: Abort(at=e.now()), lang)

    def fire(self, game_id: UUID, step: int, deadline: int) -> None:
        """Append a passed deadline's input, timed at the deadline itself (the directory may lag the
        game: the cached state has the step's current deadline). The version check and the engine's
        `stale_deadline` refusal make a second firing (by us or another replica) harmless."""
        entry = self.load(game_id)
        if entry is None or entry.damage is not None:
            return

        def timeout(e: Entry) -> Timeout:
            current = e.state.step
            due_at = current.deadline if current is not None and current.no == step and current.deadline else deadline
            return Timeout(at=max(due_at, e.last_at), step=step)

        current = entry.state.step
        if current is None or current.no != step or (current.deadline or 0) > deadline:
            return  # the step moved on, or its deadline was extended (the new one is scheduled in its turn)
        out = entry.submit(self.store, timeout)
        metrics.DEADLINES.inc("fired" if not isinstance(out, RuleViolation) else "stale")

    def act(
        self,
        entry: Entry,
        who: Principal,
        data: ActionRequest,
        lang: str,
        token: str,
        idempotency_key: str | None = None,
    ) -> ActionReply:
        """One action by the caller's seat. With an idempotency key it is applied at most once, and
        every request with that key (per game and token) and the same action learns that it was applied;
        another action under a key already applied gets `idempotency_key_reused`.

        The game's log is the only record: the action's last record carries the key's digest, in the
        same append (and group commit) as its events, and `Entry.submit` never decides an input whose
        key the log holds. A repeat finds the key in the log (a request with the key on another replica
        meets the version conflict and then the key) and its reply is rebuilt as of the action. A refusal
        leaves nothing in the log: a repeat is decided again."""
        if who.role != "seat":
            raise ApiError(403, "not_a_seat")
        if data.seat is not None and data.seat != who.seat:
            raise ApiError(403, "not_your_seat")
        seat = who.seat_number
        make = self.action_input(seat, data)
        taken: list[tuple[View, int, str]] = []

        def as_of(e: Entry) -> None:  # under the game's lock, as our action is appended
            taken.append((e.views[seat], *self.position(e, seat, e.version)))

        if idempotency_key is None:
            last = self.submit(entry, make, lang, then=as_of)[-1]
        else:
            key = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{entry.id}:{token_hash(token)}:{idempotency_key}"))
            try:
                last = self.submit(entry, make, lang, key=key, then=as_of)[-1]
            except Applied as applied:
                if acted(entry, applied.record) != self.action(data):
                    raise ApiError(422, "idempotency_key_reused") from None
                last = applied.record
        return self.action_reply(entry, seat, last, taken[0] if taken else None)

    @staticmethod
    def action(data: ActionRequest) -> Action:
        return Action(
            kind=data.kind, target=data.target, targets=tuple(data.targets), text=data.text, option=data.option
        )

    @classmethod
    def action_input(cls, seat: int, data: ActionRequest) -> Callable[[Entry], Input]:
        action = cls.action(data)
        return lambda e: Act(at=e.now(), seat=seat, action=action)

    def action_reply(
        self, entry: Entry, seat: int, last: Record, taken: tuple[View, int, str] | None = None
    ) -> ActionReply:
        """The reply to an accepted action whose last record is `last`: the one place it is built. It holds
        the seat's view, its number of events and a receipt as of `last`: `taken` as the action was
        appended, or, for a repeat, projected from the seat's events up to it. Every answer to one
        action is the same, `now` aside."""
        if taken is None:
            with entry.lock:
                events = [r.event for r in entry.records[: last.version]]
                seen, chain_hash = self.position(entry, seat, last.version)
            view = project(events, seat)
        else:
            view, seen, chain_hash = taken
        receipt = self.keyring.receipt(str(entry.id), seat, seen, chain_hash)
        return ActionReply(accepted=True, seen=seen, view=view, now=now_ms(), receipt=receipt)

    @staticmethod
    def position(entry: Entry, seat: int, version: int) -> tuple[int, str]:
        """The seat's number of events among the first `version` and the chain hash at the last of them
        (under the game's lock): what its receipt there is signed over."""
        feed = entry.feeds[seat]
        n = bisect.bisect_left(feed, version)
        return n, entry.records[feed[n - 1]].digest()

    def receipt_for(self, entry: Entry, seat: int, index: int) -> Receipt:
        """The receipt of the event at `index` (0-based) of the stream, for `seat`: signed over the seat's
        feed number of the last event it sees up to there (its own action's event) and the chain hash at
        that event. The same arguments give the same receipt, so a retried action can be answered again."""
        with entry.lock:
            n, chain_hash = self.position(entry, seat, index + 1)
        return self.keyring.receipt(str(entry.id), seat, n, chain_hash)

    def check_receipts(self, entry: Entry, receipts: list[Receipt]) -> ReceiptsCheck:
        """Kept receipts against the published log of an ended game: each one's key and signature, and the
        chain hash at the event its seat's feed number points to."""
        if entry.state.status != "ended":
            raise ApiError(409, "game_not_ended")
        checks = []
        for r in receipts:
            signed = self.keyring.signature_ok(r)
            feed = entry.feeds.get(r.seat) if r.game_id == str(entry.id) else None
            published = entry.records[feed[r.n - 1]].digest() if feed is not None and r.n <= len(feed) else None
            problem = ""
            if r.game_id != str(entry.id):
                problem = "the receipt is for another game"
            elif signed is None:
                problem = f"key {r.key_id} is not one of the service's keys"
            elif not signed:
                problem = "the signature does not hold"
            elif published is None:
                problem = f"seat {r.seat}'s feed has no event {r.n} in the published log"
            elif published != r.hash:
                problem = f"the published log's hash at seat {r.seat}'s event {r.n} is not the receipt's"
            checks.append(
                ReceiptCheck(
                    ok=not problem,
                    key_known=signed is not None,
                    signature_ok=bool(signed),
                    hash_ok=published == r.hash,
                    problem=problem,
                )
            )
        return ReceiptsCheck(ok=all(c.ok for c in checks), receipts=checks)

    # --- reads ----------------------------------------------------------------------------------

    def lobby(self, status: str, limit: int, offset: int) -> Lobby:
        rows = lobby(self.store, status, limit, offset)
        return Lobby(
            games=[
                LobbyGame(
                    game_id=r[0],
                    ruleset=r[1],
                    preset=r[2],
                    lang=r[3],
                    status=r[4],
                    seats=r[5],
                    open_seats=max(0, r[5] - r[6]),
                    created_at=r[9] or 0,
                    names=json.loads(r[10] or "[]"),
                )
                for r in rows
            ]
        )

    def view(self, entry: Entry, viewer: Viewer) -> ViewReply:
        return ViewReply(view=entry.views[viewer], seen=len(entry.feed(viewer)), now=now_ms())

    def feed_items(self, entry: Entry, viewer: Viewer, after: int, limit: int, lang: str) -> list[FeedItem]:
        """`viewer`'s events numbered after its cursor `after`, rendered in `lang`."""
        positions = entry.feed(viewer)[after : after + limit]
        names = entry.state.names
        items = []
        for n, index in enumerate(positions, after + 1):
            event = entry.records[index].event
            data = msgspec.to_builtins(event)
            for key in ("at", "to", "type"):
                data.pop(key, None)
            items.append(
                FeedItem(
                    n=n,
                    type=type_id(event),
                    at=event.at,
                    private=event.to != PUBLIC,
                    text=render(event, lang, names, entry.state.ruleset),
                    data=data,
                )
            )
        return items

    async def feed(self, entry: Entry, viewer: Viewer, after: int, limit: int, wait: float, lang: str) -> Feed:
        """A page of `viewer`'s feed after its cursor, waiting up to `wait` seconds for a first new event."""
        if len(entry.feed(viewer)) <= after and entry.state.status != "ended":
            await entry.wait(viewer, after, wait)
        items = self.feed_items(entry, viewer, after, limit, lang)
        total = len(entry.feed(viewer))
        cursor = items[-1].n if items else min(after, total)
        return Feed(events=items, next=cursor, more=total > cursor, status=entry.state.status)

    async def follow(
        self, entry: Entry, viewer: Viewer, cursor: int, seconds: float, page: int, lang: str
    ) -> AsyncIterator[list[FeedItem] | None]:
        """`viewer`'s events after `cursor` as they come, for `seconds` or until the game ends, those
        ready at once together (a stream writes them in one chunk); None after a quiet wait (a keep-alive)."""
        end = time.monotonic() + seconds
        while True:
            items = self.feed_items(entry, viewer, cursor, page, lang)
            if items:
                cursor = items[-1].n
                yield items
            if len(entry.feed(viewer)) > cursor:
                continue
            remaining = end - time.monotonic()
            if entry.state.status == "ended" or remaining <= 0:
                return
            await entry.wait(viewer, cursor, min(remaining, 15))
            if len(entry.feed(viewer)) <= cursor:
                yield None

    # --- audit, verify, replay ------------------------------------------------------------------

    def audit_access(self, entry: Entry, who: Principal | None) -> None:
        """Anyone may audit an ended game; before the end only its moderator."""
        if entry.state.status == "ended" or entry.listed_ended:
            return
        if who is None:
            raise ApiError(401, "token_required")
        if who.role != MODERATOR:
            raise ApiError(403, "moderator_only")

    def audit(self, entry: Entry, who: Principal | None) -> Audit:
        self.audit_access(entry, who)
        records = list(entry.records)
        return Audit(
            game_id=str(entry.id),
            status=entry.state.status,
            seed=entry.state.seed,
            head=records[-1].digest() if records else "",
            events=[
                AuditEvent(version=r.version, topic=r.topic, prev=r.prev, hash=r.digest(), event=r.event)
                for r in records
            ],
        )

    def verify(self, game_id: UUID) -> AuditCheck:
        """Re-read the stream from the store, check the chain over the stored bytes and replay the inputs
        (up to the first missing or unreadable event), and compare the log's end with the directory's."""
        rows = self.store.recorder.select_events(game_id)
        checked = chain.check(game_id, rows)
        try:
            # a log with a hole is not replayed: every outcome after the hole would be one more finding
            report = verify(checked.events) if checked.whole else AuditReport(ok=False, events=0, inputs=0)
        except Exception as exc:  # a damaged log the engine cannot even fold
            report = AuditReport(
                ok=False, events=len(checked.events), inputs=0, problems=(f"the replay failed: {exc!r}",)
            )
        if report.unsupported is not None:
            raise UnsupportedVersion(report.unsupported, chain_ok=checked.ok)
        problems = [*checked.problems, *report.problems]
        ended = any(isinstance(e, GameEnded) for e in checked.events)
        listed = listed_status(self.store, game_id)
        if checked.whole and not ended and listed in ("ended", "aborted"):
            problems.append(
                f"the directory lists the game as {listed}, but its log stops at event {len(rows)} "
                "without an end: events are missing from its end"
            )
        return AuditCheck(
            ok=not problems,
            chain_ok=checked.ok,
            replay_ok=report.ok and checked.whole,
            events=len(rows),
            inputs=report.inputs,
            head=checked.head,
            problems=problems,
        )

    def replay(self, entry: Entry, viewer: Viewer, at: int) -> ViewReply:
        """Any viewer's view after the first `at` events of a finished game."""
        if entry.state.status != "ended":
            raise ApiError(409, "game_not_ended")
        events = events_of(entry)
        unsupported = unsupported_version(events)
        if unsupported is not None:
            raise UnsupportedVersion(unsupported)
        if isinstance(viewer, int) and viewer > entry.state.seats:
            raise ApiError(422, "unknown_seat")
        if at > len(entry.records):
            raise ApiError(422, "bad_replay_point")
        events = events[:at]
        return ViewReply(view=project(events, viewer), seen=sum(1 for e in events if sees(e.to, viewer)), now=now_ms())

    def history(self, game_id: UUID) -> list[Event]:
        """The stored events of a game, read from the store as they are (empty when there is none);
        `log_damaged` when one is missing."""
        records = self.store.load(game_id)
        for i, r in enumerate(records, 1):
            if r.version != i:
                raise ApiError(409, "log_damaged", version=i)
        return [r.event for r in records]


def now_ms() -> int:
    return int(time.time() * 1000)


def acted(entry: Entry, last: Record) -> Action | None:
    """The action whose outcome ends with `last`: the input recorded first among the action's records."""
    with entry.lock:
        for rec in reversed(entry.records[: last.version]):
            if isinstance(rec.event, Act):
                return rec.event.action
    return None


def events_of(entry: Entry) -> list[Event]:
    return [r.event for r in entry.records]
