"""What the routes share: the service and game of a request, the caller's language, documented parameters."""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any, TypedDict, TypeVar, get_args

import structlog
from litestar import Response
from litestar.datastructures import CacheControlHeader, ResponseHeader
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import SecurityRequirement
from litestar.params import FromPath, HeaderParameter, QueryParameter
from litestar.types import ASGIApp, Receive, Scope, Send

from grimoire.service.audit import Audits
from grimoire.service.commands import Commands
from grimoire.service.entry import Entry
from grimoire.service.errors import NotNow, ServiceError
from grimoire.service.faults import FAULT_STATUS
from grimoire.service.games import HELD, Games
from grimoire.service.guards import HttpRequest
from grimoire.service.lifecycle import Service, opened
from grimoire.service.problems import ApiError
from grimoire.service.reads import Reads
from grimoire.service.schemas import Lang
from grimoire.service.store import Store

PAGE_MAX = 500
# the threads requests' store work runs in (a plain executor: a third cheaper a call than anyio's workers)
WORKERS = ThreadPoolExecutor(max_workers=40, thread_name_prefix="grimoire-request")
T = TypeVar("T")
log = structlog.get_logger("grimoire")


class CacheDoc(TypedDict):
    """How a group of routes' replies may be cached: keyword arguments of Litestar's route decorators."""

    cache_control: CacheControlHeader
    response_headers: list[ResponseHeader]


class RouteDoc(CacheDoc, total=False):
    """Documentation a group of routes shares: keyword arguments of Litestar's route decorators."""

    tags: list[str]
    security: list[SecurityRequirement]
    status_code: int
    responses: dict[int, ResponseSpec]


BEARER: list[SecurityRequirement] = [{"BearerToken": []}]
# Operations a spectator may call declare no security (a generated client then calls them with or without a
# token); their descriptions say what a token changes.
ANYONE = (
    "With a seat's, the host's or the moderator's token (`Authorization: Bearer`) the caller reads as that; "
    "without one, as a spectator."
)
GameId = FromPath[uuid.UUID]
# Optional but never null (absent means Accept-Language, then the game's language): a string of the four
# languages, since Litestar would read the text "null" as None for an optional Literal.
LangQuery = Annotated[
    str | None,
    QueryParameter(
        name="lang", pattern="^(" + "|".join(get_args(Lang)) + ")$", description="Language of texts and messages."
    ),
]


def service_of(request: HttpRequest) -> Service:
    service: Service = request.app.state.service
    return service


def games_of(request: HttpRequest) -> Games:
    return opened(service_of(request).games)


def commands_of(request: HttpRequest) -> Commands:
    return opened(service_of(request).commands)


def reads_of(request: HttpRequest) -> Reads:
    return opened(service_of(request).reads)


def audits_of(request: HttpRequest) -> Audits:
    return opened(service_of(request).audits)


def language(request: HttpRequest, given: str | None, default: str = "en") -> str:
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


async def blocking(store: Store, fn: Callable[..., T], *args: Any, bound: float | None = None) -> T:
    """`fn(*args)`, a request's blocking store work, in a worker thread, within `bound` seconds (the
    store's timeout by default). A database fault is answered with its problem (503
    `database_unavailable` or `storage_read_only`, 507 `storage_full`) and logged with its message; past
    the bound the request is answered 503 while the thread is left to finish or fail on its own (a
    paused server keeps it waiting)."""
    try:
        async with asyncio.timeout(store.timeout if bound is None else bound):
            call = contextvars.copy_context().run  # the request's log context goes with it
            return await asyncio.get_running_loop().run_in_executor(WORKERS, call, fn, *args)
    except (ApiError, ServiceError):
        raise
    except Exception as exc:
        code = store.fault(exc)
        if code is None:
            raise
        log.error("database_fault", code=code, error=type(exc).__name__, message=str(exc) or "timed out")
        raise ApiError(FAULT_STATUS[code], code) from exc


async def entry_of(games: Games, game_id: uuid.UUID, damaged_ok: bool = False) -> Entry:
    """The game of a request; a damaged stored log is answered with its problem (`log_damaged`,
    `log_directory_mismatch`) unless the caller examines the damage itself (verify). The game is held
    in the cache until the request ends (see `hold_games`)."""
    entry = games.cached(game_id, hold=True)
    if entry is None:
        entry = await blocking(games.store, games.game, game_id, True)
    structlog.contextvars.bind_contextvars(game_id=str(game_id))
    if entry.damage is not None and not damaged_ok:
        raise NotNow(entry.damage[0], version=entry.damage[1])
    return entry


def hold_games(app: ASGIApp) -> ASGIApp:
    """ASGI middleware: the games a request reads or changes stay cached until its reply (a stream's too)
    is sent, so that it never waits on an entry the cache has dropped."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        held: list[uuid.UUID] = []
        token = HELD.set(held)
        try:
            await app(scope, receive, send)
        finally:
            HELD.reset(token)
            games = scope["app"].state.service.games
            if held and games is not None:
                games.release(held)

    return middleware


# --- caching -----------------------------------------------------------------------------------
# A reply that depends on the caller's token is private and revalidated each time; one that carries
# a token is never stored. Both vary by the token and the language.

PRIVATE = CacheControlHeader(private=True, no_cache=True)
NO_STORE = CacheControlHeader(no_store=True)
PUBLIC = CacheControlHeader(public=True, no_cache=True)
VARY = [
    ResponseHeader(
        name="Vary",
        value="Authorization, Accept-Language",
        description="The reply depends on the caller's token and language.",
    )
]
VARY_LANG = [ResponseHeader(name="Vary", value="Accept-Language", description="The reply depends on the language.")]


ETAG = ResponseHeader(
    name="ETag",
    documentation_only=True,
    description="The representation's tag: send it back as `If-None-Match` to get 304.",
)
IfNoneMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-None-Match", required=False, max_length=1000, description="ETags the caller holds (answered with 304)."
    ),
]
NOT_MODIFIED = ResponseSpec(
    data_container=None, description="Not Modified: the `If-None-Match` tag is current.", generate_examples=False
)


def tag(*parts: Any, weak: bool = False) -> str:
    """An entity tag over `parts`: opaque, and as secret as the parts (never a global version)."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()[:32]
    return f'W/"{digest}"' if weak else f'"{digest}"'


def not_modified(request: HttpRequest, etag: str) -> bool:
    """Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`."""
    given = request.headers.get("if-none-match")
    if not given:
        return False
    wanted = etag.removeprefix("W/")
    return any(t.strip() == "*" or t.strip().removeprefix("W/") == wanted for t in given.split(","))


def conditional(request: HttpRequest, content: T, etag: str, media_type: str = "application/json") -> Response[Any]:
    """`content` with its ETag, or 304 Not Modified when the caller holds that representation. (A 304 has
    no content: the reply is a `Response[T]` or a `Response[None]`, which the routes declare as the former.)"""
    if not_modified(request, etag):
        return Response(content=None, status_code=304, headers={"ETag": etag})
    return Response(content=content, headers={"ETag": etag}, media_type=media_type)
