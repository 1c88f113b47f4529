"""Feeds: the caller's events after its cursor, by long-poll or as a stream (server-sent events or NDJSON)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from typing import Annotated

import msgspec
from litestar import Controller, get
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import Stream
from litestar.response.sse import ServerSentEventMessage

from grimoire.service import metrics
from grimoire.service.auth import bearer, caller, viewer_of
from grimoire.service.entry import Entry, Viewer, token_hash
from grimoire.service.guards import HttpRequest
from grimoire.service.problems import STORE_FAULTS, responses
from grimoire.service.schemas import Feed, FeedItem
from grimoire.service.settings import WAIT_MAX
from grimoire.service.web import (
    ANYONE,
    PAGE_MAX,
    PRIVATE,
    VARY,
    GameId,
    LangQuery,
    entry_of,
    games_of,
    language,
    reads_of,
    service_of,
)

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"


def wants_ndjson(request: HttpRequest) -> bool:
    """NDJSON when `Accept` names it and does not name SSE first (SSE is the default)."""
    accept = request.headers.get("accept", "")
    if NDJSON not in accept:
        return False
    sse = accept.find("text/event-stream")
    return sse < 0 or accept.find(NDJSON) < sse


async def reader(
    request: HttpRequest, game_id: uuid.UUID, lang: str | None
) -> tuple[Entry, Viewer, str, Callable[[], bool]]:
    """The game, who reads (by the token, if any), in which language, and whether its token still works."""
    games = games_of(request)
    entry = await entry_of(games, game_id)
    viewer = viewer_of(await caller(games, entry, request))
    token = bearer(request)
    digest = token_hash(token) if token else None
    return entry, viewer, language(request, lang, entry.state.lang), lambda: digest is None or digest in entry.tokens


async def counted(chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    """A stream's chunks, counted among the open streams while it runs."""
    metrics.STREAMS.inc()
    try:
        async for chunk in chunks:
            yield chunk
    finally:
        metrics.STREAMS.dec()


def sse(item: FeedItem) -> bytes:
    return ServerSentEventMessage(data=msgspec.json.encode(item).decode(), id=str(item.n), event=item.type).encode()


KEEP_ALIVE = {NDJSON: b"\n", SSE: ServerSentEventMessage(comment="keep-alive").encode()}


class FeedRoutes(Controller):
    path = "/games/{game_id:uuid}"
    cache_control = PRIVATE
    response_headers = VARY

    @get(
        "/events",
        operation_id="getEvents",
        tags=["play"],
        summary="The caller's feed after its cursor (long-poll)",
        description="The events the caller may see after its cursor `after`, numbered in its own feed; with `wait`, "
        "the call waits that many seconds for a first new event. Pass `next` as `after` to read on. " + ANYONE,
        responses=responses(400, 401, 404, 409, *STORE_FAULTS),
    )
    async def get_events(
        self,
        request: HttpRequest,
        game_id: GameId,
        after: Annotated[int, QueryParameter(ge=0, le=10_000_000, description="The caller's own cursor.")] = 0,
        limit: Annotated[int, QueryParameter(ge=1, le=PAGE_MAX, description="The most events to return.")] = 100,
        wait: Annotated[float, QueryParameter(ge=0, le=WAIT_MAX, description="Seconds to wait for a new event.")] = 0,
        lang: LangQuery = None,
    ) -> Feed:
        entry, viewer, lang, valid = await reader(request, game_id, lang)
        wait = min(wait, service_of(request).settings.wait_cap)
        return await reads_of(request).feed(entry, viewer, after, limit, wait, lang, valid)

    @get(
        "/stream",
        operation_id="streamEvents",
        tags=["play"],
        summary="The caller's feed as server-sent events or NDJSON",
        description="The caller's feed after its cursor (`after`, else `Last-Event-ID`) as it grows, one message an "
        "event, until the game ends or the stream's time is up. Server-sent events by default, whose `id` is the "
        "caller's own number of the event: reconnect with the last id to read on. With `Accept: "
        "application/x-ndjson`, one feed item a line and an empty line as keep-alive: resume with `after` set to "
        "the last `n` read. " + ANYONE,
        responses=responses(400, 401, 404, 409, *STORE_FAULTS),
    )
    async def stream_events(
        self,
        request: HttpRequest,
        game_id: GameId,
        after: Annotated[
            int | None, QueryParameter(ge=0, le=10_000_000, description="The caller's own cursor.")
        ] = None,
        last_event_id: Annotated[
            str | None,
            HeaderParameter(
                name="Last-Event-ID",
                required=False,
                pattern="^[0-9]{1,9}$",
                description="The last id received, to resume.",
            ),
        ] = None,
        lang: LangQuery = None,
    ) -> Stream:
        entry, viewer, lang, valid = await reader(request, game_id, lang)
        cursor = after if after is not None else int(last_event_id or 0)
        batches = reads_of(request).follow(
            entry, viewer, cursor, service_of(request).settings.stream_seconds, PAGE_MAX, lang, valid
        )
        media_type = NDJSON if wants_ndjson(request) else SSE

        async def chunks() -> AsyncIterator[bytes]:
            """The items ready at once in one chunk: one write for them all."""
            async for items in batches:
                if items is None:
                    yield KEEP_ALIVE[media_type]
                elif media_type == NDJSON:
                    yield b"".join(msgspec.json.encode(item) + b"\n" for item in items)
                else:
                    yield b"".join(sse(item) for item in items)

        # server-sent events get the headers litestar's ServerSentEvent sets
        headers = {"Cache-Control": "no-cache", "Connection": "keep-alive", "X-Accel-Buffering": "no"}
        return Stream(counted(chunks()), media_type=media_type, headers=headers if media_type == SSE else None)
