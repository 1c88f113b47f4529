"""Games: create, the lobby, join a seat, and the host's commands (start, force a deadline, abort)."""

from __future__ import annotations

from typing import Annotated

import msgspec
import structlog
from litestar import Controller, delete, get, post
from litestar.params import JSONBody, QueryParameter

from grimoire.service.auth import caller, required_bearer
from grimoire.service.guards import CreationToken, HttpRequest, creation_token
from grimoire.service.problems import STORE_FAULTS, responses
from grimoire.service.routes_table import is_loopback, join_link
from grimoire.service.schemas import Ack, CreateGameRequest, GameCreatedReply, JoinReply, JoinRequest, Lobby
from grimoire.service.web import (
    BEARER,
    NO_STORE,
    PRIVATE,
    VARY,
    CacheDoc,
    GameId,
    LangQuery,
    RouteDoc,
    blocking,
    commands_of,
    entry_of,
    games_of,
    language,
    reads_of,
)

HOST_DOC = RouteDoc(
    tags=["host"],
    security=BEARER,
    status_code=200,
    responses=responses(400, 401, 403, 404, 409, 422, *STORE_FAULTS),
    cache_control=PRIVATE,
    response_headers=VARY,
)
SECRET_DOC = CacheDoc(cache_control=NO_STORE, response_headers=VARY)  # replies that carry tokens


async def host_command(request: HttpRequest, game_id: GameId, lang: str | None, command: str) -> Ack:
    """Run `Commands.start`, `Commands.force_deadline` or `Commands.abort` for the caller."""
    games, commands = games_of(request), commands_of(request)
    entry = await entry_of(games, game_id)
    who = await caller(games, entry, request, required=True)
    run = {"start": commands.start, "deadline": commands.force_deadline, "abort": commands.abort}[command]
    return await blocking(games.store, run, entry, who, language(request, lang, entry.state.lang))


class GameRoutes(Controller):
    path = "/games"

    @post(
        "/",
        operation_id="createGame",
        tags=["games"],
        summary="Create a game",
        status_code=201,
        description="A new game in the lobby: its ruleset, its roles (a preset or a list of role ids), its options "
        "and the seats named now. The reply holds the host's token, each named seat's token and the moderator's "
        "if asked for; they are shown only once. Where the operator requires it, the creation token "
        "(`X-Creation-Token`). The reply's `join_link` is what players open (its QR code: `/play/{game_id}/qr.svg`); "
        "`join_link_loopback` says its host is this machine itself, which no phone can open: `grimoire serve` "
        "listens on 127.0.0.1 unless told otherwise (`--lan`, or `--host 0.0.0.0` with `GRIMOIRE_PUBLIC_URL`).",
        guards=[creation_token],
        responses=responses(400, 401, 403, 408, 409, 413, 422, *STORE_FAULTS),
        **SECRET_DOC,
    )
    async def create_game(
        self,
        request: HttpRequest,
        data: JSONBody[CreateGameRequest],
        lang: LangQuery = None,
        creation_token: CreationToken = None,  # checked by the route's guard, before the body is read
    ) -> GameCreatedReply:
        commands = commands_of(request)
        reply = await blocking(commands.store, commands.create_game, data, language(request, lang, data.lang or "en"))
        structlog.contextvars.bind_contextvars(game_id=reply.game_id)
        link = join_link(request, reply.game_id)
        return msgspec.structs.replace(reply, join_link=link, join_link_loopback=is_loopback(link))

    @get(
        "/",
        operation_id="listGames",
        tags=["games"],
        summary="The lobby: games with public information only",
        description="Games in the order they were created, oldest first, optionally only those with a status, "
        "a page at a time. No token is needed.",
        responses=responses(400, *STORE_FAULTS),
    )
    async def list_games(
        self,
        request: HttpRequest,
        status: Annotated[
            str | None,
            QueryParameter(
                name="status", pattern="^(lobby|running|ended|aborted)$", description="Only games with this status."
            ),
        ] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=200, description="The most games to return.")] = 50,
        offset: Annotated[int, QueryParameter(ge=0, le=1_000_000, description="How many games to skip.")] = 0,
    ) -> Lobby:
        reads = reads_of(request)
        return await blocking(reads.games.store, reads.lobby, status or "", limit, offset)

    @post(
        "/{game_id:uuid}/seats",
        operation_id="joinGame",
        tags=["games"],
        summary="Join an open seat",
        status_code=201,
        description="Takes the next open seat of a game in the lobby under a name; the reply holds "
        "the seat's token. No token is needed.",
        responses=responses(400, 404, 408, 409, 413, 422, *STORE_FAULTS),
        **SECRET_DOC,
    )
    async def join_game(
        self, request: HttpRequest, game_id: GameId, data: JSONBody[JoinRequest], lang: LangQuery = None
    ) -> JoinReply:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        join = commands_of(request).join
        reply = await blocking(games.store, join, entry, data.name, language(request, lang, entry.state.lang))
        structlog.contextvars.bind_contextvars(seat=reply.seat)
        return reply

    @delete(
        "/{game_id:uuid}/seats/me",
        operation_id="leaveGame",
        tags=["games"],
        summary="Give up the caller's seat before the start",
        description="A seat leaves a game in the lobby; its token stops working. The seats after it move up one "
        "and keep their tokens, so at the start the seats are numbered 1..N in the order they were taken; each "
        "reads its number in its view (`view.seat`), and when any seat left, a `seat.number` notice in its feed. "
        "The seat's token.",
        security=BEARER,
        responses=responses(400, 401, 403, 404, 409, 422, *STORE_FAULTS),
        cache_control=PRIVATE,
        response_headers=VARY,
    )
    async def leave_game(self, request: HttpRequest, game_id: GameId, lang: LangQuery = None) -> None:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        await caller(games, entry, request, required=True)
        leave = commands_of(request).leave
        await blocking(games.store, leave, entry, required_bearer(request), language(request, lang, entry.state.lang))

    @post(
        "/{game_id:uuid}/start",
        operation_id="startGame",
        summary="Start the game (host)",
        description="Deals the roles and opens the first step; every seat must be taken. The host's token.",
        **HOST_DOC,
    )
    async def start_game(self, request: HttpRequest, game_id: GameId, lang: LangQuery = None) -> Ack:
        return await host_command(request, game_id, lang, "start")

    @post(
        "/{game_id:uuid}/deadline",
        operation_id="forceDeadline",
        summary="Force the current deadline (host)",
        description="Ends the current step now, as if its deadline had passed: silent seats take their "
        "defaults. The host's token.",
        **HOST_DOC,
    )
    async def force_deadline(self, request: HttpRequest, game_id: GameId, lang: LangQuery = None) -> Ack:
        return await host_command(request, game_id, lang, "deadline")

    @post(
        "/{game_id:uuid}/abort",
        operation_id="abortGame",
        summary="Abort the game (host)",
        description="Ends the game without winners; its log, seed and chain become public. The host's token.",
        **HOST_DOC,
    )
    async def abort_game(self, request: HttpRequest, game_id: GameId, lang: LangQuery = None) -> Ack:
        return await host_command(request, game_id, lang, "abort")
