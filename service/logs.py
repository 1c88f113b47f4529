"""JSON logs with structlog: request id, game id and seat on every line; never a body or a token."""

from __future__ import annotations

import contextvars
import logging
import random
import re
import sys
import time
from collections.abc import Iterable
from email.utils import formatdate

import msgspec
import structlog
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from structlog.tracebacks import ExceptionDictTransformer

from grimoire.service import metrics

_configured = ""
_request_lines = True  # whether the level lets a request's line through (checked before the line is made)


def configure_logging(level: str = "info") -> None:
    global _configured, _request_lines
    if _configured == level:
        return
    _configured = level
    _request_lines = getattr(logging, level.upper(), logging.INFO) <= logging.INFO
    encoder = msgspec.json.Encoder()
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            # tracebacks without local variables: those hold request bodies and tokens
            structlog.processors.ExceptionRenderer(ExceptionDictTransformer(show_locals=False)),
            structlog.processors.JSONRenderer(serializer=lambda obj, **kw: encoder.encode(obj).decode()),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(getattr(logging, level.upper(), logging.INFO)),
        logger_factory=lambda *args: structlog.WriteLogger(sys.stderr),  # whatever stderr is now
        cache_logger_on_first_use=False,
    )


log = structlog.get_logger("grimoire.http")

REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
OWN_HEADERS = (b"x-request-id", b"date")
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")


_ids = random.Random()  # request ids need to be unique, not secret: no system call for each


def request_id(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """The caller's `X-Request-Id` when it is short and plain (letters, digits, `._:-`), else a new one."""
    for key, value in headers:
        if key == b"x-request-id":
            given = value.decode("latin-1")
            if SANE_REQUEST_ID.fullmatch(given):
                return given
            break
    return f"{_ids.getrandbits(128):032x}"


_date: tuple[int, bytes] = (0, b"")


def http_date() -> bytes:
    """`Date` for a reply: the current second as RFC 9110 formats it, made once a second."""
    global _date
    second = int(time.time())
    if _date[0] != second:
        _date = (second, formatdate(second, usegmt=True).encode())
    return _date[1]


def observe(app: ASGIApp) -> ASGIApp:
    """ASGI middleware: a request id (echoed as `X-Request-Id`), a `Date` on every reply (a 304 too, so a
    client can place the deadlines it holds on the server's clock), one log line per request (method,
    path, status, time), metrics. It wraps the whole app, so replies made from an error raised in a middleware
    (a 429) or by the router (a 404) are logged and counted with their own status."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        structlog.contextvars.clear_contextvars()
        rid = request_id(scope.get("headers", ()))
        REQUEST_ID.set(rid)
        structlog.contextvars.bind_contextvars(request_id=rid)
        status = 500
        t0 = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in OWN_HEADERS]
                headers += ((b"x-request-id", rid.encode()), (b"date", http_date()))
                message["headers"] = headers
            await send(message)

        try:
            await app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - t0
            route = scope.get("path_template") or "unmatched"
            metrics.observe_request(scope["method"], route, status, elapsed)
            if _request_lines:
                log.info(
                    "request", method=scope["method"], path=scope["path"], status=status, ms=round(elapsed * 1000, 2)
                )

    return middleware
