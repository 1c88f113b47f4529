"""The commands on games (`Commands`): create, join, leave, start, force a deadline, abort, act, and a
passed deadline's input. Each decides one input and appends its outcome; an action sent with an
idempotency key is applied at most once and answered with a receipt. A refusal is raised as one of
the service's errors (service.errors).
"""

from __future__ import annotations

import functools
import os
import uuid
from collections.abc import Callable
from uuid import UUID

import msgspec

from grimoire.domain import catalog as rulesets
from grimoire.domain.events import (
    MODERATOR,
    Abort,
    Act,
    Action,
    CreateGame,
    GameCreated,
    Handover,
    Input,
    Join,
    Leave,
    Start,
    Timeout,
)
from grimoire.domain.violations import RuleViolation
from grimoire.projections.view import View, project
from grimoire.service import metrics
from grimoire.service.chain import Record
from grimoire.service.entry import HOST, Applied, Conflict, Entry, Principal, token_hash
from grimoire.service.errors import Forbidden, Invalid, NotNow, Refused
from grimoire.service.games import Games
from grimoire.service.reads import now_ms, position
from grimoire.service.schemas import (
    Ack,
    ActionReply,
    ActionRequest,
    ClaimRequest,
    CreateGameRequest,
    GameCreatedReply,
    JoinReply,
    SeatToken,
    TransferReply,
)


@functools.cache
def preset_seats(ruleset_id: str) -> dict[str, int]:
    return rulesets.RULESETS[ruleset_id].preset_seats()


class Commands:
    """Every command on the games of `games`. Methods that touch the store block: the HTTP routes call them
    in worker threads."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.store = games.store

    def create(self, game_id: UUID, inp: CreateGame) -> tuple[Entry, list[Record] | RuleViolation]:
        entry = Entry(game_id)
        out = entry.submit(self.store, lambda e: msgspec.structs.replace(inp, at=e.now()))
        if not isinstance(out, RuleViolation):
            self.games.keep(entry)
        return entry, out

    def create_game(self, data: CreateGameRequest, lang: str) -> GameCreatedReply:
        """A new game with a token for the host, the moderator if asked for, and each seat named now.
        Without a preset or roles it takes the ruleset's first preset for its seats."""
        seats, preset = data.seats, data.preset
        if preset is not None and data.roles:
            raise Invalid("bad_roles", reason="preset_and_roles")
        rs = rulesets.get(data.ruleset)
        if rs is not None and preset is None and not data.roles:
            wanted = seats or len(data.names) or None
            preset = next((p for p, n in preset_seats(rs.id).items() if wanted in (None, n)), None)
        if seats is None and rs is not None:
            fallback = len(data.names) or len(data.roles) or rs.min_seats
            seats = preset_seats(rs.id).get(preset, rs.min_seats) if preset else fallback
        game_id = uuid.uuid4()
        form = PROTOCOL_NAMES.get(data.ruleset)
        names = tuple(form.format(i) for i in range(1, len(data.names) + 1)) if form else tuple(data.names)
        inp = CreateGame(
            game_id=str(game_id),
            ruleset=data.ruleset,
            seats=seats or 0,
            names=names,
            preset=preset,
            roles=tuple(data.roles),
            options=data.options,
            lang=data.lang,
            seed=data.seed or os.urandom(32).hex(),
            seed_supplied=data.seed is not None,
            moderator=data.moderator,
            key_id=self.games.keyring.key_id,
        )
        entry, out = self.create(game_id, inp)
        if isinstance(out, RuleViolation):
            raise Refused(out, lang, entry.state.names, data.ruleset if rulesets.get(data.ruleset) else None)
        host = self.games.save_token(entry, Principal(HOST))
        mod = self.games.save_token(entry, Principal(MODERATOR)) if data.moderator else None
        seat_tokens = [
            SeatToken(seat=i, name=name, token=self.games.save_token(entry, Principal("seat", i)))
            for i, name in enumerate(names, 1)
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
            raise NotNow("busy") from None
        metrics.INPUTS.inc("refused" if isinstance(out, RuleViolation) else "accepted")
        if isinstance(out, RuleViolation):
            raise Refused(out, lang, entry.state.names, entry.state.ruleset or None)
        return out

    def join(self, entry: Entry, name: str, lang: str) -> JoinReply:
        out = self.submit(entry, lambda e: Join(at=e.now(), name=seat_name(e, name)), lang)
        name = next(r.event.name for r in out if isinstance(r.event, Join))
        with entry.lock:
            seat = entry.state.names.index(name) + 1
            number = entry.joined[seat - 1]
        return JoinReply(seat=seat, name=name, token=self.games.save_token(entry, Principal("seat", number)))

    def leave(self, entry: Entry, token: str, lang: str) -> None:
        """The seat of `token` gives up its place before the start; the token stops working, and the
        seats after it move up one (their tokens follow them)."""
        who = self.games.principal(entry, token)
        if who is None or who.role != "seat":
            raise Forbidden("not_a_seat")
        self.submit(entry, lambda e: Leave(at=e.now(), seat=e.seat_of(who.seat_number) or 0), lang)

    def transfer(self, entry: Entry, token: str) -> TransferReply:
        """A one-time code that moves the seat of `token` to another device; the token works until it is used."""
        who = self.games.principal(entry, token)
        if who is None or who.role != "seat":
            raise Forbidden("not_a_seat")
        code, expires = self.games.transfer_code(entry, who)
        return TransferReply(code=code, expires_at=expires)

    def release(self, entry: Entry, who: Principal, seat: int, lang: str) -> Ack:
        """The host releases a seat whose player lost the device: its token stops working, and the seat may
        be claimed once. The host learns nothing of the seat's token or role; the table reads a public line
        naming the seat."""
        if who.role != HOST:
            raise Forbidden("host_only")
        number = join_number(entry, seat)
        if entry.state.status not in ("lobby", "running"):
            raise NotNow("game_not_running")
        self.games.release_seat(entry, number)
        self.submit(entry, lambda e: Handover(at=e.now(), seat=e.seat_of(number) or 0, how="released"), lang)
        return Ack(status=entry.state.status)

    def claim(self, entry: Entry, data: ClaimRequest, lang: str) -> JoinReply:
        """A new token for the seat of a live transfer code or a released seat; the old one stops working."""
        number = join_number(entry, data.seat) if data.seat is not None and data.code is None else None
        out = self.games.claim(entry, data.code, number) if data.code or number else None
        seat = entry.seat_of(out[0]) if out else None
        if out is None or seat is None:
            raise Invalid("seat_not_claimable")
        if number is not None:  # a released seat taken back: the table reads it as it read the release
            self.submit(entry, lambda e: Handover(at=e.now(), seat=e.seat_of(out[0]) or 0, how="claimed"), lang)
        return JoinReply(seat=seat, name=entry.state.names[seat - 1], token=out[1])

    def host_command(self, entry: Entry, who: Principal, make: Callable[[Entry], Input], lang: str) -> Ack:
        if who.role != HOST:
            raise Forbidden("host_only")
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
        entry = self.games.load(game_id)
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
            raise Forbidden("not_a_seat")
        if data.seat is not None and data.seat != who.seat:
            raise Forbidden("not_your_seat")
        seat = who.seat_number
        make = self.action_input(seat, data)
        taken: list[tuple[View, int, str]] = []

        def as_of(e: Entry) -> None:  # under the game's lock, as our action is appended
            taken.append((e.views[seat], *position(e, seat, e.version)))

        if idempotency_key is None:
            last = self.submit(entry, make, lang, then=as_of)[-1]
        else:
            key = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{entry.id}:{token_hash(token)}:{idempotency_key}"))
            try:
                last = self.submit(entry, make, lang, key=key, then=as_of)[-1]
            except Applied as applied:
                if acted(entry, applied.record) != self.action(data):
                    raise Invalid("idempotency_key_reused") from None
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
                seen, chain_hash = position(entry, seat, last.version)
            view = project(events, seat)
        else:
            view, seen, chain_hash = taken
        receipt = self.games.keyring.receipt(str(entry.id), seat, seen, chain_hash)
        return ActionReply(accepted=True, seen=seen, view=view, now=now_ms(), receipt=receipt)


# The seats of an aiwolf game carry the names the AIWolf protocol gives them, people's too (`Agent[07]`, by
# number): a name with spaces or `@` would break the mentions its talk is cut by, and an agent's own name
# would tell its team. A name asked for at the join or the creation is replaced by the seat's.
PROTOCOL_NAMES = {"aiwolf": "Agent[{:02d}]"}


def seat_name(entry: Entry, name: str) -> str:
    """The name a seat joining `entry` plays under: `name`, or its seat's protocol name (the one its number
    gives, else the first one free)."""
    form = PROTOCOL_NAMES.get(entry.state.ruleset)
    if form is None:
        return name
    taken, seats = entry.state.names, entry.state.seats
    wanted = (form.format(len(taken) + 1), *(form.format(i) for i in range(1, seats + 1)))
    return next((n for n in wanted if n not in taken), name)


def join_number(entry: Entry, seat: int) -> int:
    """The join number of the seat numbered `seat` now (its tokens are stored under it)."""
    with entry.lock:
        if not 1 <= seat <= len(entry.joined):
            raise Invalid("unknown_seat")
        return entry.joined[seat - 1]


def acted(entry: Entry, last: Record) -> Action | None:
    """The action whose outcome ends with `last`: the input recorded first among the action's records."""
    with entry.lock:
        for rec in reversed(entry.records[: last.version]):
            if isinstance(rec.event, Act):
                return rec.event.action
    return None
