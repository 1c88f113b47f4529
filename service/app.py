"""The Litestar app: its routes, errors as problem+json, middleware and OpenAPI document."""

from __future__ import annotations

import asyncio
import re

import msgspec
import structlog
from litestar import Litestar, Response
from litestar.config.cors import CORSConfig
from litestar.enums import ScopeType
from litestar.exceptions import HTTPException
from litestar.routes import HTTPRoute
from litestar.types import ASGIApp, ControllerRouterHandler, Message, Receive, Scope, Send

from grimoire.service import guards, metrics
from grimoire.service.aiwolf.gateway import Gateway, aiwolf_socket
from grimoire.service.errors import ServiceError
from grimoire.service.faults import FAULT_STATUS
from grimoire.service.guards import GuardedRequest, HttpRequest, RateLimiter, bounded_body, networks
from grimoire.service.lifecycle import Service
from grimoire.service.logs import REQUEST_ID, configure_logging, observe
from grimoire.service.openapi import finish_openapi, openapi_config
from grimoire.service.problems import (
    PROBLEM_JSON,
    RETRY_AFTER,
    STORE_FAULTS,
    ApiError,
    Problem,
    bad_request,
    problem,
)
from grimoire.service.refusals import problem_of
from grimoire.service.routes_audit import AuditRoutes, list_keys
from grimoire.service.routes_feeds import FeedRoutes
from grimoire.service.routes_games import GameRoutes
from grimoire.service.routes_health import HealthRoutes
from grimoire.service.routes_landing import LandingRoutes, static_assets
from grimoire.service.routes_play import PlayRoutes
from grimoire.service.routes_rulesets import RulesetRoutes
from grimoire.service.routes_seats import SeatRoutes
from grimoire.service.routes_table import TableRoutes
from grimoire.service.settings import Settings
from grimoire.service.web import hold_games, language

log = structlog.get_logger("grimoire")

MAX_BODY = 64 * 1024
CORS_HEADERS = [
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "If-None-Match",
    "Last-Event-ID",
    "X-Request-Id",
    "Accept-Language",
]
CORS_EXPOSED = [
    "ETag",
    "X-Request-Id",
    "Retry-After",
    "WWW-Authenticate",
    "Location",
]
ROUTES: list[ControllerRouterHandler] = [
    RulesetRoutes,
    GameRoutes,
    SeatRoutes,
    PlayRoutes,
    FeedRoutes,
    AuditRoutes,
    list_keys,
    HealthRoutes,
    LandingRoutes,
    TableRoutes,
    static_assets,
    aiwolf_socket,
]

# --- errors ------------------------------------------------------------------------------------

STATUS_CODES = {
    400: "bad_request",
    401: "token_required",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    409: "busy",
    413: "body_too_large",
    429: "rate_limited",
    503: "unavailable",
}


# RFC 6750: a missing token gets the bare challenge, a token that is not valid names the error
CHALLENGES = {
    "token_required": 'Bearer realm="grimoire"',
    "bad_token": 'Bearer realm="grimoire", error="invalid_token"',
    "creation_token_required": 'X-Creation-Token realm="grimoire"',
}


def problem_response(request: HttpRequest, p: Problem, headers: dict[str, str] | None = None) -> Response[Problem]:
    """A problem (RFC 9457) whose `instance` names the request (its `X-Request-Id`), with the headers
    its status calls for: `WWW-Authenticate` with a 401, `Retry-After` with a 429."""
    headers = dict(headers or {})
    if REQUEST_ID.get():
        p = msgspec.structs.replace(p, instance="urn:request:" + REQUEST_ID.get())
    if p.status == 401:
        headers["WWW-Authenticate"] = CHALLENGES.get(p.code, CHALLENGES["token_required"])
    if p.status == 429:
        headers.setdefault("Retry-After", "1")
    if p.status in STORE_FAULTS:
        headers["Retry-After"] = str(RETRY_AFTER)
    return Response(content=p, status_code=p.status, media_type=PROBLEM_JSON, headers=headers)


def on_api_error(request: HttpRequest, exc: ApiError) -> Response[Problem]:
    return problem_response(request, exc.render(language(request, request.query_params.get("lang"))))


def on_service_error(request: HttpRequest, exc: ServiceError) -> Response[Problem]:
    return problem_response(request, problem_of(exc, language(request, request.query_params.get("lang"))))


def on_http_error(request: HttpRequest, exc: HTTPException) -> Response[Problem]:
    code = STATUS_CODES.get(exc.status_code, "internal")
    lang = language(request, request.query_params.get("lang"))
    p = bad_request(lang, exc.extra, exc.__cause__) if exc.status_code == 400 else problem(exc.status_code, code, lang)
    return problem_response(request, p, headers=getattr(exc, "headers", None))


def on_error(request: HttpRequest, exc: Exception) -> Response[Problem]:
    store = request.app.state.service.store
    code = store.fault(exc) if store is not None else None
    lang = language(request, request.query_params.get("lang"))
    if code is not None:  # a database fault met outside `web.blocking`
        log.error("database_fault", code=code, error=type(exc).__name__, message=str(exc))
        return problem_response(request, problem(FAULT_STATUS[code], code, lang))
    log.error("unhandled", error=type(exc).__name__)
    return problem_response(request, problem(500, "internal", lang))


# --- the app -----------------------------------------------------------------------------------


def create_app(settings: Settings | None = None, service: Service | None = None) -> Litestar:
    settings = settings or Settings()
    svc = service or Service(settings)
    configure_logging(settings.log_level)

    sweeper: list[asyncio.Task[None]] = []
    limiter = RateLimiter(settings.rate_limit, networks(settings.trusted_proxies))

    async def startup(app: Litestar) -> None:
        await svc.start()
        sweeper.append(asyncio.create_task(guards.sweep_buckets(limiter)))

    async def shutdown(app: Litestar) -> None:
        while sweeper:
            sweeper.pop().cancel()
        await svc.stop()

    methods: dict[str, set[str]] = {}  # path template -> its methods, for OPTIONS answers
    app = Litestar(
        route_handlers=ROUTES,
        on_startup=[startup],
        on_shutdown=[shutdown],
        exception_handlers={
            ApiError: on_api_error,
            ServiceError: on_service_error,
            HTTPException: on_http_error,
            Exception: on_error,
        },
        request_max_body_size=MAX_BODY,
        request_class=GuardedRequest,
        cors_config=CORSConfig(
            allow_origins=list(settings.cors_origins),
            allow_headers=CORS_HEADERS,
            expose_headers=CORS_EXPOSED,
            allow_methods=["GET", "POST", "DELETE", "OPTIONS"],
        )
        if settings.cors_origins
        else None,
        before_request=limiter.before_request,
        openapi_config=openapi_config(),
        debug=False,
        logging_config=None,
    )
    for route in app.routes:
        if isinstance(route, HTTPRoute) and not route.path.startswith(("/docs", "/static")):
            for handler in route.route_handlers:
                methods.setdefault(_template(route.path), set()).update(handler.http_methods)
    # around everything Litestar does, so that every reply is logged and counted with its own status
    app.asgi_handler = observe(bounded_body(hold_games(allow_header(methods, app.asgi_handler)), settings.body_timeout))
    app.state.service = svc
    app.state.aiwolf = Gateway(svc, settings)
    app.state.rate_limiter = limiter
    metrics.CACHED_GAMES.set_function(lambda: len(svc.games.entries) if svc.games else 0)
    finish_openapi(app)
    return app


def allow_header(methods: dict[str, set[str]], app: ASGIApp) -> ASGIApp:
    """ASGI middleware: OPTIONS answers list every method of the path (Litestar lists one handler's when a
    path has two)."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope["method"] != "OPTIONS":
            await app(scope, receive, send)
            return

        async def send_allow(message: Message) -> None:
            allowed = methods.get(scope.get("path_template", ""), set())  # the router has matched the path
            if message["type"] == "http.response.start" and allowed:
                allow = ", ".join(sorted(allowed | {"OPTIONS"})).encode()
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"allow"]
                headers.append((b"allow", allow))
                message["headers"] = headers
            await send(message)

        await app(scope, receive, send_allow)

    return middleware


def _template(path: str) -> str:
    return re.sub(r"\{(\w+):\w+\}", r"{\1}", path)


__all__ = ["create_app"]
