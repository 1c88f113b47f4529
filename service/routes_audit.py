"""Audit: the whole log with seed and hash chain, its verification, and replay at any event."""

from __future__ import annotations

from typing import Annotated

import anyio
from litestar import Controller, Request, Response, get
from litestar.params import QueryParameter

from grimoire.projections.view import SPECTATOR
from grimoire.service.auth import caller
from grimoire.service.problems import VERSION_CONFLICT, responses
from grimoire.service.schemas import Audit, AuditCheck, ViewReply
from grimoire.service.web import (
    ETAG,
    NOT_MODIFIED,
    PRIVATE,
    VARY,
    GameId,
    IfNoneMatch,
    conditional,
    entry_of,
    games_of,
    tag,
)

AUDIT_RESPONSES = responses(400, 401, 403, 404)
ANYONE_AFTER_THE_END = (
    "Anyone may call it once the game has ended, without a token; before the end only with the "
    "moderator's token (`Authorization: Bearer`)."
)


class AuditRoutes(Controller):
    path = "/games/{game_id:uuid}"
    cache_control = PRIVATE
    response_headers = VARY

    @get(
        "/audit",
        operation_id="getAudit",
        summary="The whole log with seed and hash chain",
        description="Every stored event in order, each with its hash chain link, the seed and the chain's head. "
        + ANYONE_AFTER_THE_END
        + " A finished game's log never changes: its ETag is its head hash, and "
        "`If-None-Match` answers 304. Before the end it is still growing and carries none.",
        response_headers=[*VARY, ETAG],
        tags=["audit"],
        responses={**AUDIT_RESPONSES, 304: NOT_MODIFIED},
    )
    async def get_audit(self, request: Request, game_id: GameId, if_none_match: IfNoneMatch = None) -> Response[Audit]:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        audit = games.audit(entry, await caller(games, entry, request))
        if audit.status == "ended":
            return conditional(request, audit, tag(audit.head))
        return Response(audit)

    @get(
        "/audit/verify",
        operation_id="verifyAudit",
        summary="Recompute every outcome from the inputs; check the chain",
        description="Re-reads the stored stream, checks its hash chain and replays its inputs under the game's "
        "rules. " + ANYONE_AFTER_THE_END,
        tags=["audit"],
        responses={**AUDIT_RESPONSES, 409: VERSION_CONFLICT},
    )
    async def verify_audit(self, request: Request, game_id: GameId) -> AuditCheck:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        games.audit_access(entry, await caller(games, entry, request))
        return await anyio.to_thread.run_sync(games.verify, game_id)

    @get(
        "/replay",
        operation_id="replayView",
        tags=["audit"],
        summary="Any viewer's view at any event of a finished game",
        description="The view of `as` (a seat number, `spectator` or `moderator`) after the first `at` events of an "
        "ended game. No token is needed.",
        responses={**responses(400, 404, 422), 409: VERSION_CONFLICT},
    )
    async def replay(
        self,
        request: Request,
        game_id: GameId,
        at: Annotated[int, QueryParameter(name="at", ge=0, le=10_000_000, description="How many events.")],
        as_: Annotated[
            str,
            QueryParameter(
                name="as",
                pattern="^(spectator|moderator|[1-9][0-9]?)$",
                description="Whose view: a seat number, `spectator` or `moderator`.",
            ),
        ] = SPECTATOR,
    ) -> ViewReply:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        viewer: int | str = int(as_) if as_.isdigit() else as_
        return games.replay(entry, viewer, at)
