"""What the routes share: the service and game of a request, the caller's language, documented parameters."""

from __future__ import annotations

import uuid
from typing import Annotated, get_args

import anyio
import structlog
from litestar import Request
from litestar.params import FromPath, QueryParameter

from service.entry import Entry
from service.games import Games
from service.lifecycle import Service
from service.schemas import Lang

PAGE_MAX = 500
BEARER = [{"BearerToken": []}]
# Operations a spectator may call declare no security (a generated client then calls them with or without a
# token); their descriptions say what a token changes.
ANYONE = ("With a seat's, the host's or the moderator's token (`Authorization: Bearer`) the caller reads as that; "
          "without one, as a spectator.")
GameId = FromPath[uuid.UUID]
# Optional but never null (absent means Accept-Language, then the game's language): a string of the four
# languages, since Litestar would read the text "null" as None for an optional Literal.
LangQuery = Annotated[str | None, QueryParameter(name="lang", pattern="^(" + "|".join(get_args(Lang)) + ")$",
                                                 description="Language of texts and messages.")]


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
    entry = games.cached(game_id) or await anyio.to_thread.run_sync(games.game, game_id)
    structlog.contextvars.bind_contextvars(game_id=str(game_id))
    return entry
