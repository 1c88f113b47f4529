"""The Litestar app: rulesets, games, seats, views, actions, feeds, audit, host commands, health."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import os
import re
import time
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

import anyio
import msgspec
import structlog
from litestar import Litestar, Request, Response, get, post
from litestar.exceptions import HTTPException
from litestar.middleware.rate_limit import RateLimitConfig
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.plugins import ScalarRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components, OpenAPIType, Schema, SecurityScheme, Tag
from litestar.params import FromPath, HeaderParameter, JSONBody, QueryParameter
from litestar.response import ServerSentEvent
from litestar.response.sse import ServerSentEventMessage

from domain import rulesets
from domain.engine import unsupported_version, verify
from domain.events import MODERATOR, PUBLIC, Abort, Act, Action, CreateGame, GameCreated, Join, Start, Timeout, sees
from domain.messages import name_of, role_name
from domain.violations import RuleViolation
from projections.render import render
from projections.view import SPECTATOR, project
from service import metrics
from service.directory import Follower, due, lobby
from service.games import HOST, Conflict, Entry, Games, Principal, events_of, token_hash
from service.logs import configure_logging, observe
from service.problems import PROBLEM_JSON, VERSION_CONFLICT, ApiError, Problem, UnsupportedVersion, problem, responses
from service.problems import violation
from service.schemas import (
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
    Health,
    JoinReply,
    JoinRequest,
    Lang,
    Lobby,
    LobbyGame,
    OptionInfo,
    RoleInfo,
    RulesetInfo,
    SeatToken,
    ViewReply,
)
from service.store import GENESIS, Store, link

log = structlog.get_logger("grimoire")

MAX_BODY = 64 * 1024
WAIT_MAX = 30
PAGE_MAX = 500
BEARER = [{"BearerToken": []}]
OPTIONAL_BEARER = [{}, {"BearerToken": []}]
GameId = FromPath[uuid.UUID]
LangQuery = Annotated[Lang | None, QueryParameter(name="lang", description="Language of texts and messages.")]


class Settings(msgspec.Struct, kw_only=True):
    database_url: str | None = None
    wait_cap: float = WAIT_MAX  # longest long-poll the service holds
    stream_seconds: float = 300.0  # longest SSE connection before the client reconnects
    deadline_poll: float = 0.25
    background: bool = True  # follower and deadline task
    evict_after: float = 600.0  # seconds a game stays in memory unused
    rate_limit: int = int(os.environ.get("GRIMOIRE_RATE_LIMIT", "2000"))  # requests per second per client
    log_level: str = os.environ.get("GRIMOIRE_LOG_LEVEL", "info")


class Service:
    """Everything a request needs: the store, the game cache and the settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.games: Games | None = None
        self.follower: Follower | None = None
        self.deadline_task: asyncio.Task | None = None
        self.stopping = asyncio.Event()

    def open(self) -> None:
        if self.store is None:
            self.store = Store(self.settings.database_url)
            self.games = Games(self.store)

    async def start(self) -> None:
        await anyio.to_thread.run_sync(self.open)
        if self.settings.background and self.follower is None:
            self.follower = Follower(self.store, self.games.heard)
            self.follower.start()
            self.stopping.clear()
            self.deadline_task = asyncio.create_task(self.deadlines())

    async def stop(self) -> None:
        # The deadline task is asked to stop, never cancelled: a cancelled task would leave its
        # worker thread querying the store while we close it.
        if self.deadline_task is not None:
            self.stopping.set()
            await self.deadline_task
            self.deadline_task = None
        if self.follower is not None:
            await anyio.to_thread.run_sync(self.follower.stop)
            self.follower = None
        if self.store is not None:
            self.store.close()
            self.store = None

    async def deadlines(self) -> None:
        """Fire every passed deadline the directory lists; the version check and the engine's
        `stale_deadline` refusal make a second firing (by us or another replica) harmless."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), self.settings.deadline_poll)
            if self.stopping.is_set():
                return
            try:
                self.games.evict(self.settings.evict_after)
                now = int(time.time() * 1000)
                for game_id, step, deadline in await anyio.to_thread.run_sync(due, self.store, now):
                    if self.stopping.is_set():
                        return
                    await anyio.to_thread.run_sync(self.fire, uuid.UUID(game_id), step, deadline)
            except Exception:
                log.exception("deadline_task_failed")

    def fire(self, game_id: uuid.UUID, step: int, deadline: int) -> None:
        """Append the passed deadline's input, timed at the deadline itself (the directory may lag
        the game: the cached state has the step's current deadline)."""
        entry = self.games.load(game_id)
        if entry is None:
            return

        def timeout(e: Entry) -> Timeout:
            current = e.state.step
            due_at = current.deadline if current is not None and current.no == step and current.deadline else deadline
            return Timeout(at=max(due_at, e.last_at), step=step)

        current = entry.state.step
        if current is None or current.no != step or (current.deadline or 0) > time.time() * 1000:
            return
        out = entry.submit(self.store, timeout)
        metrics.DEADLINES.inc("fired" if not isinstance(out, RuleViolation) else "stale")


# --- helpers -----------------------------------------------------------------------------------


def service_of(request: Request) -> Service:
    return request.app.state.service


def language(request: Request, given: str | None, default: str = "en") -> str:
    if given:
        return given
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("ja"):
            return "ja"
        if tag in ("zh-hant", "zh-tw", "zh-hk", "zh-mo") or tag.startswith("zh-hant"):
            return "zh-Hant"
        if tag.startswith("zh"):
            return "zh-Hans"
        if tag.startswith("en"):
            return "en"
    return default


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization")
    if not auth:
        return None
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token")
    return token.strip()


async def entry_of(svc: Service, game_id: GameId) -> Entry:
    entry = svc.games.cached(game_id) or await anyio.to_thread.run_sync(svc.games.load, game_id)
    if entry is None:
        raise ApiError(404, "game_not_found")
    structlog.contextvars.bind_contextvars(game_id=str(game_id))
    return entry


async def caller(svc: Service, entry: Entry, request: Request, required: bool = False) -> Principal | None:
    token = bearer(request)
    if token is None:
        if required:
            raise ApiError(401, "token_required")
        return None
    found = entry.tokens.get(token_hash(token)) or await anyio.to_thread.run_sync(svc.games.principal, entry, token)
    if found is None:
        raise ApiError(401, "bad_token")
    if found.seat is not None:
        structlog.contextvars.bind_contextvars(seat=found.seat)
    return found


def viewer_of(p: Principal | None) -> int | str:
    return SPECTATOR if p is None else p.viewer


async def submit(svc: Service, entry: Entry, make: Any) -> list | RuleViolation:
    try:
        out = await anyio.to_thread.run_sync(entry.submit, svc.store, make)
    except Conflict:
        raise ApiError(409, "busy") from None
    metrics.INPUTS.inc("refused" if isinstance(out, RuleViolation) else "accepted")
    return out


def refuse(v: RuleViolation, lang: str, entry: Entry) -> ApiError:
    p = violation(v, lang, entry.state.names)
    return ApiError(p.status, v.code, problem=p)


def feed_items(entry: Entry, viewer: int | str, after: int, limit: int, lang: str) -> list[FeedItem]:
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
                type=type(event).__struct_config__.tag,
                at=event.at,
                private=event.to != PUBLIC,
                text=render(event, lang, names, entry.state.ruleset),
                data=data,
            )
        )
    return items


# --- rulesets ----------------------------------------------------------------------------------


@functools.cache
def preset_seats(ruleset_id: str) -> dict[str, int]:
    return rulesets.get(ruleset_id).preset_seats()


def ruleset_info(rs: Any, lang: str) -> RulesetInfo:
    return RulesetInfo(
        id=rs.id,
        name=name_of("ruleset", rs.id, lang),
        version=rs.version,
        min_seats=rs.min_seats,
        max_seats=rs.max_seats,
        roles=[RoleInfo(id=r, name=role_name(r, lang, rs.id), team=getattr(role, "team", None)) for r, role in rs.roles.items()],
        presets={k: list(v) for k, v in rs.presets.items()},
        preset_seats=preset_seats(rs.id),
        options={
            k: OptionInfo(type=o.type, default=o.default, choices=list(o.choices), minimum=o.minimum,
                          maximum=o.maximum, doc=o.doc)
            for k, o in rs.all_options().items()
        },
    )


@get("/rulesets", tags=["rulesets"], summary="List the rulesets", responses=responses(400))
async def list_rulesets(request: Request, lang: LangQuery = None) -> list[RulesetInfo]:
    lang = language(request, lang)
    return [ruleset_info(rs, lang) for rs in rulesets.RULESETS.values()]


@get("/rulesets/{ruleset_id:str}", tags=["rulesets"], summary="One ruleset: roles, presets, options",
     responses=responses(400, 404))
async def get_ruleset(request: Request, ruleset_id: FromPath[str], lang: LangQuery = None) -> RulesetInfo:
    rs = rulesets.get(ruleset_id)
    if rs is None:
        raise ApiError(404, "ruleset_not_found")
    return ruleset_info(rs, language(request, lang))


# --- games -------------------------------------------------------------------------------------


@post("/games", tags=["games"], summary="Create a game", status_code=201, responses=responses(400, 409, 413, 422))
async def create_game(request: Request, data: JSONBody[CreateGameRequest], lang: LangQuery = None) -> GameCreatedReply:
    svc = service_of(request)
    lang = language(request, lang, data.lang or "en")
    seats, preset = data.seats, data.preset
    rs = rulesets.get(data.ruleset)
    if rs is not None and preset is None and not data.roles:  # the first preset for this many seats
        wanted = seats or len(data.names) or None
        preset = next((p for p, n in preset_seats(rs.id).items() if wanted in (None, n)), None)
    if seats is None and rs is not None:
        fallback = len(data.names) or len(data.roles) or rs.min_seats
        seats = preset_seats(rs.id).get(preset, rs.min_seats) if preset else fallback
    game_id = uuid.uuid4()
    supplied = data.seed is not None
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
        seed_supplied=supplied,
        moderator=data.moderator,
    )
    entry, out = await anyio.to_thread.run_sync(svc.games.create, game_id, inp)
    if isinstance(out, RuleViolation):
        raise refuse(out, lang, entry)
    structlog.contextvars.bind_contextvars(game_id=str(game_id))

    def tokens() -> tuple[str, str | None, list[SeatToken]]:
        host = svc.games.save_token(entry, Principal(HOST))
        mod = svc.games.save_token(entry, Principal(MODERATOR)) if data.moderator else None
        seats_ = [SeatToken(seat=i, name=name, token=svc.games.save_token(entry, Principal("seat", i)))
                  for i, name in enumerate(data.names, 1)]
        return host, mod, seats_

    host, mod, seat_tokens = await anyio.to_thread.run_sync(tokens)
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


@get("/games", tags=["games"], summary="The lobby: games with public information only", responses=responses(400))
async def list_games(
    request: Request,
    status: Annotated[Literal["lobby", "running", "ended", "aborted"] | None, QueryParameter(name="status")] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=200)] = 50,
    offset: Annotated[int, QueryParameter(ge=0, le=1_000_000)] = 0,
) -> Lobby:
    svc = service_of(request)
    rows = await anyio.to_thread.run_sync(lobby, svc.store, status or "", limit, offset)
    return Lobby(
        games=[
            LobbyGame(game_id=r[0], ruleset=r[1], preset=r[2], lang=r[3], status=r[4], seats=r[5],
                      open_seats=max(0, r[5] - r[6]))
            for r in rows
        ]
    )


@post("/games/{game_id:uuid}/seats", tags=["games"], summary="Join an open seat", status_code=201,
      responses=responses(400, 404, 409, 413, 422))
async def join_game(request: Request, game_id: GameId, data: JSONBody[JoinRequest], lang: LangQuery = None) -> JoinReply:
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    lang = language(request, lang, entry.state.lang)
    out = await submit(svc, entry, lambda e: Join(at=e.now(), name=data.name))
    if isinstance(out, RuleViolation):
        raise refuse(out, lang, entry)
    seat = next(i for i, r in enumerate(entry.state.names, 1) if r == data.name)
    token = await anyio.to_thread.run_sync(svc.games.save_token, entry, Principal("seat", seat))
    structlog.contextvars.bind_contextvars(seat=seat)
    return JoinReply(seat=seat, name=data.name, token=token)


async def host_command(request: Request, game_id: GameId, lang: str | None, make: Any) -> Ack:
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    who = await caller(svc, entry, request, required=True)
    if who.role != HOST:
        raise ApiError(403, "host_only")
    lang = language(request, lang, entry.state.lang)
    out = await submit(svc, entry, make)
    if isinstance(out, RuleViolation):
        raise refuse(out, lang, entry)
    return Ack(status=entry.state.status)


HOST_DOC = dict(tags=["host"], security=BEARER, status_code=200, responses=responses(400, 401, 403, 404, 409, 422))


@post("/games/{game_id:uuid}/start", summary="Start the game (host)", **HOST_DOC)
async def start_game(request: Request, game_id: GameId, lang: LangQuery = None) -> Ack:
    return await host_command(request, game_id, lang, lambda e: Start(at=e.now()))


@post("/games/{game_id:uuid}/deadline", summary="Force the current deadline (host)", **HOST_DOC)
async def force_deadline(request: Request, game_id: GameId, lang: LangQuery = None) -> Ack:
    return await host_command(
        request, game_id, lang, lambda e: Timeout(at=e.now(), step=e.state.step.no if e.state.step else 0, forced=True)
    )


@post("/games/{game_id:uuid}/abort", summary="Abort the game (host)", **HOST_DOC)
async def abort_game(request: Request, game_id: GameId, lang: LangQuery = None) -> Ack:
    return await host_command(request, game_id, lang, lambda e: Abort(at=e.now()))


# --- views, actions and feeds ------------------------------------------------------------------


@get("/games/{game_id:uuid}/view", tags=["play"], summary="The caller's view (no token: spectator)",
     security=OPTIONAL_BEARER, responses=responses(400, 401, 404))
async def get_view(request: Request, game_id: GameId) -> ViewReply:
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    viewer = viewer_of(await caller(svc, entry, request))
    return ViewReply(view=entry.views[viewer], seen=len(entry.feed(viewer)))


class Reply(msgspec.Struct, frozen=True):
    """An idempotent reply as stored: its status and body."""

    status: int
    body: msgspec.Raw


@post("/games/{game_id:uuid}/actions", tags=["play"], summary="One action by the caller's seat",
      security=BEARER, status_code=200, responses=responses(400, 401, 403, 404, 409, 413, 422))
async def post_action(
    request: Request,
    game_id: GameId,
    data: JSONBody[ActionRequest],
    lang: LangQuery = None,
    idempotency_key: Annotated[
        str | None, HeaderParameter(name="Idempotency-Key", min_length=1, max_length=200, required=False)
    ] = None,
) -> Response[ActionReply]:
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    who = await caller(svc, entry, request, required=True)
    lang = language(request, lang, entry.state.lang)
    if who.role != "seat":
        raise ApiError(403, "not_a_seat")
    if data.seat is not None and data.seat != who.seat:
        raise ApiError(403, "not_your_seat")
    if idempotency_key is None:
        return await act(svc, entry, who.seat, data, lang)
    token = bearer(request)
    key = uuid.uuid5(uuid.NAMESPACE_URL, f"{game_id}:{token_hash(token)}:{idempotency_key}")
    body = hashlib.sha256(msgspec.json.encode(data)).hexdigest().encode()
    store = svc.store
    claimed = await anyio.to_thread.run_sync(store.put, store.replies, key, 1, "claim", body)
    if not claimed:
        rows = await anyio.to_thread.run_sync(store.get, store.replies, key)
        if rows[0].state != body:
            raise ApiError(422, "idempotency_key_reused")
        if len(rows) < 2:
            raise ApiError(409, "idempotency_in_progress")
        stored = msgspec.json.decode(rows[1].state, type=Reply)
        media = PROBLEM_JSON if stored.status >= 400 else "application/json"
        return Response(content=bytes(stored.body), status_code=stored.status, media_type=media)
    try:
        response = await act(svc, entry, who.seat, data, lang)
        status, content = 200, msgspec.json.encode(response.content)
    except ApiError as err:
        p = err.render(lang)
        status, content = p.status, msgspec.json.encode(p)
        response = Response(content=content, status_code=status, media_type=PROBLEM_JSON)
    stored = msgspec.json.encode(Reply(status=status, body=msgspec.Raw(content)))
    await anyio.to_thread.run_sync(store.put, store.replies, key, 2, "reply", stored)
    return response


async def act(svc: Service, entry: Entry, seat: int, data: JSONBody[ActionRequest], lang: str) -> Response[ActionReply]:
    action = Action(kind=data.kind, target=data.target, targets=tuple(data.targets), text=data.text, option=data.option)
    out = await submit(svc, entry, lambda e: Act(at=e.now(), seat=seat, action=action))
    if isinstance(out, RuleViolation):
        raise refuse(out, lang, entry)
    return Response(ActionReply(accepted=True, seen=len(entry.feed(seat)), view=entry.views[seat]), status_code=200)


async def reader(request: Request, game_id: uuid.UUID, lang: str | None) -> tuple[Service, Entry, int | str, str]:
    """The service, the game, who reads (by the token, if any) and in which language."""
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    viewer = viewer_of(await caller(svc, entry, request))
    return svc, entry, viewer, language(request, lang, entry.state.lang)


@get("/games/{game_id:uuid}/events", tags=["play"], summary="The caller's feed after its cursor (long-poll)",
     security=OPTIONAL_BEARER, responses=responses(400, 401, 404))
async def get_events(
    request: Request,
    game_id: GameId,
    after: Annotated[int, QueryParameter(ge=0, le=10_000_000, description="The caller's own cursor.")] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=PAGE_MAX)] = 100,
    wait: Annotated[float, QueryParameter(ge=0, le=WAIT_MAX, description="Seconds to wait for a new event.")] = 0,
    lang: LangQuery = None,
) -> Feed:
    svc, entry, viewer, lang = await reader(request, game_id, lang)
    if len(entry.feed(viewer)) <= after and entry.state.status != "ended":
        await entry.wait(viewer, after, min(wait, svc.settings.wait_cap))
    items = feed_items(entry, viewer, after, limit, lang)
    total = len(entry.feed(viewer))
    cursor = items[-1].n if items else min(after, total)
    return Feed(events=items, next=cursor, more=total > cursor, status=entry.state.status)


@get("/games/{game_id:uuid}/stream", tags=["play"], summary="The caller's feed as server-sent events",
     media_type="text/event-stream", security=OPTIONAL_BEARER, responses=responses(400, 401, 404))
async def stream_events(
    request: Request,
    game_id: GameId,
    after: Annotated[int | None, QueryParameter(ge=0, le=10_000_000, description="The caller's own cursor.")] = None,
    last_event_id: Annotated[
        str | None, HeaderParameter(name="Last-Event-ID", required=False, pattern="^[0-9]{1,9}$")
    ] = None,
    lang: LangQuery = None,
) -> ServerSentEvent:
    svc, entry, viewer, lang = await reader(request, game_id, lang)
    cursor = after if after is not None else int(last_event_id or 0)
    limit = svc.settings.stream_seconds

    async def events() -> AsyncIterator[ServerSentEventMessage]:
        nonlocal cursor
        end = time.monotonic() + limit
        while True:
            for item in feed_items(entry, viewer, cursor, PAGE_MAX, lang):
                cursor = item.n
                yield ServerSentEventMessage(data=msgspec.json.encode(item).decode(), id=str(item.n), event=item.type)
            if len(entry.feed(viewer)) > cursor:
                continue
            remaining = end - time.monotonic()
            if entry.state.status == "ended" or remaining <= 0:
                return
            await entry.wait(viewer, cursor, min(remaining, 15))
            if len(entry.feed(viewer)) <= cursor:
                yield ServerSentEventMessage(comment="keep-alive")

    return ServerSentEvent(events())


# --- audit and replay --------------------------------------------------------------------------


async def audit_access(svc: Service, entry: Entry, request: Request) -> None:
    who = await caller(svc, entry, request)
    if entry.state.status == "ended":
        return
    if who is None:
        raise ApiError(401, "token_required")
    if who.role != MODERATOR:
        raise ApiError(403, "moderator_only")


AUDIT_DOC = dict(tags=["audit"], security=OPTIONAL_BEARER, responses=responses(400, 401, 403, 404))


@get("/games/{game_id:uuid}/audit", summary="The whole log with seed and hash chain", **AUDIT_DOC)
async def get_audit(request: Request, game_id: GameId) -> Audit:
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    await audit_access(svc, entry, request)
    records = list(entry.records)
    return Audit(
        game_id=str(game_id),
        status=entry.state.status,
        seed=entry.state.seed,
        head=records[-1].digest() if records else "",
        events=[
            AuditEvent(version=r.version, topic=r.topic, prev=r.prev, hash=r.digest(), event=msgspec.to_builtins(r.event))
            for r in records
        ],
    )


def check_stored(store: Store, game_id: uuid.UUID) -> AuditCheck:
    """Re-read the stream from the store, check the chain over the stored bytes and replay the inputs."""
    rows = store.recorder.select_events(game_id)
    problems: list[str] = []
    prev, chain_ok, events = GENESIS, True, []
    for i, row in enumerate(rows, 1):
        try:
            rec = store.mapper.to_domain_event(row)
        except Exception:
            problems.append(f"event {i} cannot be read")
            chain_ok = False
            break
        if rec.prev != prev or row.originator_version != i:
            problems.append(f"event {i} does not follow the hash of the event before it")
            chain_ok = False
        prev = link(prev, row.topic, row.originator_version, bytes(row.state))
        if row.topic != type(rec.event).__struct_config__.tag:
            problems.append(f"event {i} is stored under the wrong topic")
            chain_ok = False
        events.append(rec.event)
    report = verify(events)
    if report.unsupported is not None:
        raise UnsupportedVersion(report.unsupported, chain_ok=chain_ok)
    problems.extend(report.problems)
    return AuditCheck(ok=chain_ok and report.ok, chain_ok=chain_ok, replay_ok=report.ok, events=len(rows),
                      inputs=report.inputs, head=prev, problems=problems)


@get("/games/{game_id:uuid}/audit/verify", summary="Recompute every outcome from the inputs; check the chain",
     **{**AUDIT_DOC, "responses": {**responses(400, 401, 403, 404), 409: VERSION_CONFLICT}})
async def verify_audit(request: Request, game_id: GameId) -> AuditCheck:
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    await audit_access(svc, entry, request)
    return await anyio.to_thread.run_sync(check_stored, svc.store, game_id)


@get("/games/{game_id:uuid}/replay", tags=["audit"], summary="Any viewer's view at any event of a finished game",
     responses={**responses(400, 404, 422), 409: VERSION_CONFLICT})
async def replay(
    request: Request,
    game_id: GameId,
    at: Annotated[int, QueryParameter(name="at", ge=0, le=10_000_000, description="How many events.")],
    as_: Annotated[str, QueryParameter(name="as", pattern="^(spectator|moderator|[1-9][0-9]?)$")] = SPECTATOR,
) -> ViewReply:
    svc = service_of(request)
    entry = await entry_of(svc, game_id)
    if entry.state.status != "ended":
        raise ApiError(409, "game_not_ended")
    events = events_of(entry)
    unsupported = unsupported_version(events)
    if unsupported is not None:
        raise UnsupportedVersion(unsupported)
    viewer: int | str = int(as_) if as_.isdigit() else as_
    if isinstance(viewer, int) and viewer > entry.state.seats:
        raise ApiError(422, "unknown_seat")
    if at > len(entry.records):
        raise ApiError(422, "bad_replay_point")
    events = events[:at]
    return ViewReply(view=project(events, viewer), seen=sum(1 for e in events if sees(e.to, viewer)))


# --- operations --------------------------------------------------------------------------------


@get("/health/live", tags=["health"], summary="The process is up", include_in_schema=True)
async def live() -> Health:
    return Health(status="ok")


@get("/health/ready", tags=["health"], summary="The database answers",
     responses={503: ResponseSpec(data_container=Problem, media_type=PROBLEM_JSON,
                                  description="The database does not answer (`unavailable`).", generate_examples=False)})
async def ready(request: Request) -> Health:
    svc = service_of(request)
    try:
        await anyio.to_thread.run_sync(svc.store.ping)
    except Exception:
        raise ApiError(503, "unavailable") from None
    return Health(status="ready")


@get("/metrics", tags=["health"], summary="Prometheus metrics (no per-game detail)", media_type="text/plain")
async def get_metrics(request: Request) -> str:
    svc = service_of(request)
    return metrics.render(cached_games=len(svc.games.entries) if svc.games else 0)


# --- errors ------------------------------------------------------------------------------------

STATUS_CODES = {400: "bad_request", 401: "token_required", 403: "forbidden", 404: "not_found",
                405: "method_not_allowed", 409: "busy", 413: "body_too_large", 429: "rate_limited",
                503: "unavailable"}


def problem_response(request: Request, p: Problem, headers: dict[str, str] | None = None) -> Response:
    return Response(content=p, status_code=p.status, media_type=PROBLEM_JSON, headers=headers)


def on_api_error(request: Request, exc: ApiError) -> Response:
    return problem_response(request, exc.render(language(request, request.query_params.get("lang"))))


def on_http_error(request: Request, exc: HTTPException) -> Response:
    code = STATUS_CODES.get(exc.status_code, "internal")
    p = problem(exc.status_code, code, language(request, request.query_params.get("lang")))
    return problem_response(request, p, headers=getattr(exc, "headers", None))


def on_error(request: Request, exc: Exception) -> Response:
    log.error("unhandled", error=type(exc).__name__)
    return problem_response(request, problem(500, "internal"))


# --- the app -----------------------------------------------------------------------------------

HANDLERS = [list_rulesets, get_ruleset, create_game, list_games, join_game, start_game, force_deadline, abort_game,
            get_view, post_action, get_events, stream_events, get_audit, verify_audit, replay, live, ready, get_metrics]


def create_app(settings: Settings | None = None, service: Service | None = None) -> Litestar:
    settings = settings or Settings()
    svc = service or Service(settings)
    configure_logging(settings.log_level)

    async def startup(app: Litestar) -> None:
        await svc.start()

    async def shutdown(app: Litestar) -> None:
        await svc.stop()

    app = Litestar(
        route_handlers=HANDLERS,
        on_startup=[startup],
        on_shutdown=[shutdown],
        exception_handlers={ApiError: on_api_error, HTTPException: on_http_error, Exception: on_error},
        request_max_body_size=MAX_BODY,
        middleware=[observe, allow_header, RateLimitConfig(rate_limit=("second", settings.rate_limit),
                                             exclude=["/health", "/metrics"]).middleware],
        openapi_config=OpenAPIConfig(
            title="Grimoire",
            version="1.0.0",
            description="A game-master service for hidden-role games. Every error is application/problem+json "
            "with a stable `code`. Cursors and ids are the caller's own numbering of the events it may see.",
            path="/docs",
            render_plugins=[ScalarRenderPlugin(), SwaggerRenderPlugin(path="/swagger")],
            components=Components(
                security_schemes={"BearerToken": SecurityScheme(type="http", scheme="bearer",
                                                                description="A host, seat or moderator token.")}
            ),
            tags=[Tag(name=t) for t in ("rulesets", "games", "host", "play", "audit", "health")],
        ),
        debug=False,
        logging_config=None,
    )
    app.state.service = svc
    finish_openapi(app)
    return app


def allow_header(app: Any) -> Any:
    """OPTIONS answers list every method of the path (Litestar lists one handler's when a path has two)."""

    async def middleware(scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "OPTIONS":
            await app(scope, receive, send)
            return
        methods = {m for h in HANDLERS for path in h.paths if _template(path) == scope.get("path_template")
                   for m in h.http_methods}

        async def send_allow(message: dict) -> None:
            if message["type"] == "http.response.start" and methods:
                allow = ", ".join(sorted(methods | {"OPTIONS"})).encode()
                message["headers"] = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"allow"]
                message["headers"].append((b"allow", allow))
            await send(message)

        await app(scope, receive, send_allow)

    return middleware


def _template(path: str) -> str:
    return re.sub(r"\{(\w+):\w+\}", r"{\1}", path)


STRICT_BODIES = ("CreateGameRequest", "JoinRequest", "ActionRequest")


def finish_openapi(app: Litestar) -> None:
    """What Litestar leaves out: closed request bodies, constraints on list items, plain string headers."""
    doc = app.openapi_schema
    schemas = doc.components.schemas
    for name in STRICT_BODIES:
        schemas[name].additional_properties = False
    seat = Schema(type=OpenAPIType.INTEGER, minimum=1, maximum=99)
    schemas["ActionRequest"].properties["targets"].items = seat
    for field in ("names", "roles"):
        schemas["CreateGameRequest"].properties[field].items = Schema(type=OpenAPIType.STRING, min_length=1,
                                                                      max_length=40)
    for item in doc.paths.values():
        for op in (item.get, item.post):
            for param in (op.parameters or []) if op else []:
                sch = param.schema
                if param.param_in == "header":
                    param.schema = Schema(type=OpenAPIType.STRING, min_length=sch.min_length,
                                          max_length=sch.max_length, pattern=sch.pattern)
                elif param.param_in == "query" and sch.maximum is not None:  # Litestar drops `ge=0`
                    kind = OpenAPIType.NUMBER if sch.type == OpenAPIType.NUMBER else OpenAPIType.INTEGER
                    param.schema = Schema(type=kind, minimum=sch.minimum or 0, maximum=sch.maximum,
                                          description=sch.description)


__all__ = ["Service", "Settings", "check_stored", "create_app"]
