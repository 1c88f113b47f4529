"""What keeps callers from hurting the service or learning from each other: rate-limit buckets per token
(per client address only for calls without one), a time bound on reading a request's body, JSON bodies
that cannot be decoded as a 400, and the operator's and game creators' tokens."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import math
import time
from collections.abc import Iterable
from typing import Annotated, Any

import anyio
from litestar import Request
from litestar.connection import ASGIConnection
from litestar.datastructures import State
from litestar.enums import ScopeType
from litestar.exceptions import HTTPException, SerializationException
from litestar.handlers import BaseRouteHandler
from litestar.params import HeaderParameter
from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send

from grimoire.service.problems import ApiError

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
# A request to this app: it uses none of Litestar's users or auth (service.auth reads the tokens); its
# state holds the service.
HttpRequest = Request[None, None, State]


# --- who a request counts against ------------------------------------------------------------------


def networks(items: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or CIDRs (`10.0.0.0/8`, `::1`) as networks."""
    return tuple(ipaddress.ip_network(item, strict=False) for item in items)


def _within(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in trusted)


def client_address(scope: Scope, trusted: tuple[Network, ...]) -> str:
    """The address a request came from. `X-Forwarded-For` counts only when the peer is a trusted proxy:
    then the nearest address in it that is not a trusted proxy (each proxy appends the address it heard
    from, so anything to the left of that may be forged by the client)."""
    peer = (scope.get("client") or ("unknown",))[0]
    if not _within(peer, trusted):
        return peer
    hops = [
        hop.strip()
        for key, value in scope.get("headers", ())
        if key == b"x-forwarded-for"
        for hop in value.decode("latin-1").split(",")
        if hop.strip()
    ]
    for hop in reversed(hops):
        if not _within(hop, trusted):
            return hop
    return hops[0] if hops else peer


def rate_key(scope: Scope, trusted: tuple[Network, ...]) -> str:
    """The rate-limit bucket of a request: a digest of its bearer token, else its client address. Behind a
    proxy every seat shares one address; per token, a seat's 429 never depends on other seats' calls."""
    authorization = next((v for k, v in scope.get("headers", ()) if k == b"authorization"), b"")
    scheme, _, token = authorization.decode("latin-1").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return "token:" + hashlib.sha256(token.strip().encode()).hexdigest()[:32]
    return "address:" + client_address(scope, trusted)


SWEEP_EVERY = 10.0  # seconds between sweeps of the rate-limit buckets
UNLIMITED = ("/health", "/metrics", "/static")  # paths no caller is limited on


class RateLimiter:
    """A token bucket per caller (`rate_key`), in this process's memory: `rate` requests a second, up to
    `rate` at once. Each replica limits on its own."""

    def __init__(self, rate: int, trusted: tuple[Network, ...]) -> None:
        self.rate = rate
        self.trusted = trusted
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens left, when they were counted)

    def wait(self, key: str) -> float:
        """Take one request from the key's bucket: 0 when it may go now, else the seconds until it may."""
        now = time.monotonic()
        tokens, then = self.buckets.get(key, (self.rate, now))
        tokens = min(self.rate, tokens + (now - then) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate
        self.buckets[key] = (tokens - 1, now)
        return 0.0

    def sweep(self) -> None:
        """Drop the buckets that have filled up again (a second without calls): a caller sending a new
        token (or address) each time would otherwise grow them without end."""
        full = time.monotonic() - 1
        for key in [k for k, (_, then) in self.buckets.items() if then <= full]:
            del self.buckets[key]

    async def before_request(self, request: HttpRequest) -> None:
        """Litestar's hook before each handler: past its caller's rate a request is refused with 429 and
        `Retry-After` (before its body is read)."""
        scope = request.scope
        if not scope["path"].startswith(UNLIMITED):
            wait = self.wait(rate_key(scope, self.trusted))
            if wait:
                raise HTTPException(status_code=429, headers={"Retry-After": str(max(1, math.ceil(wait)))})


async def sweep_buckets(limiter: RateLimiter) -> None:
    """Forever: drop the rate-limit buckets of callers gone quiet."""
    while True:
        await anyio.sleep(SWEEP_EVERY)
        limiter.sweep()


# --- bodies ----------------------------------------------------------------------------------------


def bounded_body(app: ASGIApp, seconds: float) -> ASGIApp:
    """ASGI middleware: a request's body must arrive within `seconds` of the request's start, else 408 and
    the connection is closed. A body shorter than its Content-Length would otherwise hold the request (and
    its connection) open for as long as the client likes. Once the body is complete, `receive` is left
    unbounded (streams wait on it for the client to disconnect)."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or seconds <= 0 or not has_body(scope):
            await app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        complete = False

        async def bounded() -> ReceiveMessage:
            nonlocal complete
            if complete:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise HTTPException(status_code=408, headers={"Connection": "close"}) from None
            complete = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await app(scope, bounded, send)

    return middleware


def has_body(scope: Scope) -> bool:
    """Whether a request announces a body (HTTP/1.1 has none without Content-Length or Transfer-Encoding)."""
    return any(key in BODY_HEADERS for key, _ in scope.get("headers", ()))


BODY_HEADERS = (b"content-length", b"transfer-encoding")


class GuardedRequest(HttpRequest):
    """A request whose JSON body is refused as a client error (400) when it is not UTF-8 or nests deeper
    than the decoder goes, instead of failing the handler."""

    async def json(self) -> Any:
        try:
            return await super().json()
        except UnicodeDecodeError as exc:
            raise SerializationException(f"the body is not valid UTF-8 (byte {exc.start})") from None
        except RecursionError:
            raise SerializationException("the body nests too deeply") from None


# --- tokens ----------------------------------------------------------------------------------------

CREATION_TOKEN_HEADER = "X-Creation-Token"
# Documented as a header rather than a security scheme: where the operator sets none, a generated
# client creates games without one.
CreationToken = Annotated[
    str | None,
    HeaderParameter(
        name=CREATION_TOKEN_HEADER,
        required=False,
        max_length=1000,
        description="The operator's token for creating games, where the operator requires one "
        "(`GRIMOIRE_CREATION_TOKEN`).",
    ),
]


def same(given: str | None, expected: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())


def creation_token(connection: ASGIConnection[BaseRouteHandler, None, None, State], handler: BaseRouteHandler) -> None:
    """A route guard: where the operator requires one, the request carries the creation token (checked
    before the body is read)."""
    expected = connection.app.state.service.settings.creation_token
    if not expected:
        return
    given = connection.headers.get(CREATION_TOKEN_HEADER)
    if not given:
        raise ApiError(401, "creation_token_required")
    if not same(given, expected):
        raise ApiError(403, "bad_creation_token")


def is_operator(request: HttpRequest, expected: str | None) -> bool:
    """Whether the request carries the operator's token (`Authorization: Bearer`); never without one set."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return bool(expected) and scheme.lower() == "bearer" and same(token.strip(), expected or "")
