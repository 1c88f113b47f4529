"""Seats that change hands: a seat moved to another device by a one-time transfer code, a seat the host
releases for a player who lost the device, and claiming either with a new token (the old one stops working).
"""

from __future__ import annotations

from typing import Annotated

import structlog
from litestar import Controller, post
from litestar.params import JSONBody, Parameter

from grimoire.service.auth import caller, required_bearer
from grimoire.service.guards import HttpRequest
from grimoire.service.problems import STORE_FAULTS, responses
from grimoire.service.routes_games import HOST_DOC, SECRET_DOC
from grimoire.service.schemas import Ack, ClaimRequest, JoinReply, TransferReply
from grimoire.service.web import BEARER, GameId, LangQuery, blocking, commands_of, entry_of, games_of, language


class SeatRoutes(Controller):
    path = "/games/{game_id:uuid}"

    @post(
        "/seats/me/transfer",
        operation_id="transferSeat",
        tags=["games"],
        summary="A one-time code that moves the caller's seat to another device",
        status_code=201,
        description="The seat's token. The code works once, for two minutes; claiming it gives the other device a "
        "new token and the caller's stops working. A new code replaces the last. Carry it in a link's fragment "
        "(`/play/{game_id}#transfer=CODE`), never in an address's path or query.",
        security=BEARER,
        responses=responses(400, 401, 403, 404, 409, *STORE_FAULTS),
        **SECRET_DOC,
    )
    async def transfer_seat(self, request: HttpRequest, game_id: GameId) -> TransferReply:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        await caller(games, entry, request, required=True)
        return await blocking(games.store, commands_of(request).transfer, entry, required_bearer(request))

    @post(
        "/seats/{seat:int}/release",
        operation_id="releaseSeat",
        summary="Release a seat whose player lost the device (host)",
        description="The seat's token stops working at once (its streams and waits end) and the seat may be "
        "claimed once, from the join link, with `POST /games/{game_id}/claim` and its number. The host never "
        "sees the seat's token or role; the feed gains a public line naming the seat (a `handover` event), as it "
        "does when the seat is claimed again. The host's token.",
        **HOST_DOC,
    )
    async def release_seat(
        self,
        request: HttpRequest,
        game_id: GameId,
        seat: Annotated[int, Parameter(ge=1, le=100)],
        lang: LangQuery = None,
    ) -> Ack:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        who = await caller(games, entry, request, required=True)
        text_lang = language(request, lang, entry.state.lang)
        return await blocking(games.store, commands_of(request).release, entry, who, seat, text_lang)

    @post(
        "/claim",
        operation_id="claimSeat",
        tags=["games"],
        summary="Claim a seat on this device",
        status_code=201,
        description="With a transfer code (`code`) or the number of a seat the host released (`seat`): the reply "
        "holds a new token for the seat, and its old token stops working. A code works once and for two minutes; "
        "a released seat is claimed once. No token is needed.",
        responses=responses(400, 404, 409, 413, 422, *STORE_FAULTS),
        **SECRET_DOC,
    )
    async def claim_seat(
        self, request: HttpRequest, game_id: GameId, data: JSONBody[ClaimRequest], lang: LangQuery = None
    ) -> JoinReply:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        text_lang = language(request, lang, entry.state.lang)
        reply = await blocking(games.store, commands_of(request).claim, entry, data, text_lang)
        structlog.contextvars.bind_contextvars(seat=reply.seat)
        return reply
