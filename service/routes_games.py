"""Games: create, the lobby, join a seat, and the host's commands (start, force a deadline, abort)."""

from __future__ import annotations

from typing import Annotated, Literal

import anyio
import structlog
from litestar import Controller, Request, get, post
from litestar.params import JSONBody, QueryParameter

from service.auth import caller
from service.problems import responses
from service.schemas import Ack, CreateGameRequest, GameCreatedReply, JoinReply, JoinRequest, Lobby
from service.web import BEARER, GameId, LangQuery, RouteDoc, entry_of, games_of, language

HOST_DOC = RouteDoc(tags=["host"], security=BEARER, status_code=200, responses=responses(400, 401, 403, 404, 409, 422))


async def host_command(request: Request, game_id: GameId, lang: str | None, command: str) -> Ack:
    """Run `Games.start`, `Games.force_deadline` or `Games.abort` for the caller."""
    games = games_of(request)
    entry = await entry_of(games, game_id)
    who = await caller(games, entry, request, required=True)
    run = {"start": games.start, "deadline": games.force_deadline, "abort": games.abort}[command]
    return await anyio.to_thread.run_sync(run, entry, who, language(request, lang, entry.state.lang))


class GameRoutes(Controller):
    path = "/games"

    @post("/", tags=["games"], summary="Create a game", status_code=201, responses=responses(400, 409, 413, 422))
    async def create_game(self, request: Request, data: JSONBody[CreateGameRequest],
                          lang: LangQuery = None) -> GameCreatedReply:
        games = games_of(request)
        reply = await anyio.to_thread.run_sync(games.create_game, data, language(request, lang, data.lang or "en"))
        structlog.contextvars.bind_contextvars(game_id=reply.game_id)
        return reply

    @get("/", tags=["games"], summary="The lobby: games with public information only", responses=responses(400))
    async def list_games(
        self,
        request: Request,
        status: Annotated[Literal["lobby", "running", "ended", "aborted"] | None, QueryParameter(name="status")] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=200)] = 50,
        offset: Annotated[int, QueryParameter(ge=0, le=1_000_000)] = 0,
    ) -> Lobby:
        return await anyio.to_thread.run_sync(games_of(request).lobby, status or "", limit, offset)

    @post("/{game_id:uuid}/seats", tags=["games"], summary="Join an open seat", status_code=201,
          responses=responses(400, 404, 409, 413, 422))
    async def join_game(self, request: Request, game_id: GameId, data: JSONBody[JoinRequest],
                        lang: LangQuery = None) -> JoinReply:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        reply = await anyio.to_thread.run_sync(games.join, entry, data.name, language(request, lang, entry.state.lang))
        structlog.contextvars.bind_contextvars(seat=reply.seat)
        return reply

    @post("/{game_id:uuid}/start", summary="Start the game (host)", **HOST_DOC)
    async def start_game(self, request: Request, game_id: GameId, lang: LangQuery = None) -> Ack:
        return await host_command(request, game_id, lang, "start")

    @post("/{game_id:uuid}/deadline", summary="Force the current deadline (host)", **HOST_DOC)
    async def force_deadline(self, request: Request, game_id: GameId, lang: LangQuery = None) -> Ack:
        return await host_command(request, game_id, lang, "deadline")

    @post("/{game_id:uuid}/abort", summary="Abort the game (host)", **HOST_DOC)
    async def abort_game(self, request: Request, game_id: GameId, lang: LangQuery = None) -> Ack:
        return await host_command(request, game_id, lang, "abort")
