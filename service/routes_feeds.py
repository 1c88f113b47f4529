"""Feeds: the caller's events after its cursor, by long-poll or as server-sent events."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Annotated

import msgspec
from litestar import Controller, Request, get
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent
from litestar.response.sse import ServerSentEventMessage

from service.auth import caller, viewer_of
from service.entry import Entry, Viewer
from service.problems import responses
from service.schemas import Feed
from service.settings import WAIT_MAX
from service.web import OPTIONAL_BEARER, PAGE_MAX, GameId, LangQuery, entry_of, games_of, language, service_of


async def reader(request: Request, game_id: uuid.UUID, lang: str | None) -> tuple[Entry, Viewer, str]:
    """The game, who reads (by the token, if any) and in which language."""
    games = games_of(request)
    entry = await entry_of(games, game_id)
    viewer = viewer_of(await caller(games, entry, request))
    return entry, viewer, language(request, lang, entry.state.lang)


class FeedRoutes(Controller):
    path = "/games/{game_id:uuid}"

    @get("/events", tags=["play"], summary="The caller's feed after its cursor (long-poll)",
         security=OPTIONAL_BEARER, responses=responses(400, 401, 404))
    async def get_events(
        self,
        request: Request,
        game_id: GameId,
        after: Annotated[int, QueryParameter(ge=0, le=10_000_000, description="The caller's own cursor.")] = 0,
        limit: Annotated[int, QueryParameter(ge=1, le=PAGE_MAX)] = 100,
        wait: Annotated[float, QueryParameter(ge=0, le=WAIT_MAX, description="Seconds to wait for a new event.")] = 0,
        lang: LangQuery = None,
    ) -> Feed:
        entry, viewer, text_lang = await reader(request, game_id, lang)
        wait = min(wait, service_of(request).settings.wait_cap)
        return await games_of(request).feed(entry, viewer, after, limit, wait, text_lang)

    @get("/stream", tags=["play"], summary="The caller's feed as server-sent events",
         media_type="text/event-stream", security=OPTIONAL_BEARER, responses=responses(400, 401, 404))
    async def stream_events(
        self,
        request: Request,
        game_id: GameId,
        after: Annotated[
            int | None, QueryParameter(ge=0, le=10_000_000, description="The caller's own cursor.")
        ] = None,
        last_event_id: Annotated[
            str | None, HeaderParameter(name="Last-Event-ID", required=False, pattern="^[0-9]{1,9}$")
        ] = None,
        lang: LangQuery = None,
    ) -> ServerSentEvent:
        entry, viewer, text_lang = await reader(request, game_id, lang)
        cursor = after if after is not None else int(last_event_id or 0)
        items = games_of(request).follow(entry, viewer, cursor, service_of(request).settings.stream_seconds,
                                         PAGE_MAX, text_lang)

        async def events() -> AsyncIterator[ServerSentEventMessage]:
            async for item in items:
                if item is None:
                    yield ServerSentEventMessage(comment="keep-alive")
                else:
                    yield ServerSentEventMessage(data=msgspec.json.encode(item).decode(), id=str(item.n),
                                                 event=item.type)

        return ServerSentEvent(events())
