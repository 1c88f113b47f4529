"""What the routes share: the service and game of a request, the caller's language, documented parameters."""

from __future__ import annotations

import uuid
from typing import Annotated, TypedDict

import anyio
import structlog
from litestar import Request
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import SecurityRequirement
from litestar.params import FromPath, QueryParameter

from service.entry import Entry
from service.games import Games
from service.lifecycle import Service
from service.schemas import Lang

PAGE_MAX = 500


class RouteDoc(TypedDict, total=False):
    """Documentation a group of routes shares: keyword arguments of Litestar's route decorators."""

    tags: list[str]
    security: list[SecurityRequirement]
    status_code: int
    responses: dict[int, ResponseSpec]


BEARER: list[SecurityRequirement] = [{"BearerToken": []}]
OPTIONAL_BEARER: list[SecurityRequirement] = [{}, {"BearerToken": []}]
GameId = FromPath[uuid.UUID]
LangQuery = Annotated[Lang | None, QueryParameter(name="lang", description="Language of texts and messages.")]


def service_of(request: Request) -> Service:
    return request.app.state.service


def games_of(request: Request) -> Games:
    return request.app.state.service.games


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


async def entry_of(games: Games, game_id: uuid.UUID) -> Entry:
    entry = games.cached(game_id)
    if entry is None:
        entry = await anyio.to_thread.run_sync(games.game, game_id)
    structlog.contextvars.bind_contextvars(game_id=str(game_id))
    return entry
