"""Audit: the whole log with seed and hash chain, its verification, and replay at any event."""

from __future__ import annotations

from typing import Annotated

import anyio
from litestar import Controller, Request, get
from litestar.params import QueryParameter

from projections.view import SPECTATOR
from service.auth import caller
from service.problems import VERSION_CONFLICT, responses
from service.schemas import Audit, AuditCheck, ViewReply
from service.web import OPTIONAL_BEARER, GameId, RouteDoc, entry_of, games_of

AUDIT_DOC = RouteDoc(tags=["audit"], security=OPTIONAL_BEARER, responses=responses(400, 401, 403, 404))


class AuditRoutes(Controller):
    path = "/games/{game_id:uuid}"

    @get("/audit", summary="The whole log with seed and hash chain", **AUDIT_DOC)
    async def get_audit(self, request: Request, game_id: GameId) -> Audit:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        return games.audit(entry, await caller(games, entry, request))

    @get("/audit/verify", summary="Recompute every outcome from the inputs; check the chain",
         tags=["audit"], security=OPTIONAL_BEARER, responses={**responses(400, 401, 403, 404), 409: VERSION_CONFLICT})
    async def verify_audit(self, request: Request, game_id: GameId) -> AuditCheck:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        games.audit_access(entry, await caller(games, entry, request))
        return await anyio.to_thread.run_sync(games.verify, game_id)

    @get("/replay", tags=["audit"], summary="Any viewer's view at any event of a finished game",
         responses={**responses(400, 404, 422), 409: VERSION_CONFLICT})
    async def replay(
        self,
        request: Request,
        game_id: GameId,
        at: Annotated[int, QueryParameter(name="at", ge=0, le=10_000_000, description="How many events.")],
        as_: Annotated[str, QueryParameter(name="as", pattern="^(spectator|moderator|[1-9][0-9]?)$")] = SPECTATOR,
    ) -> ViewReply:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        viewer: int | str = int(as_) if as_.isdigit() else as_
        return games.replay(entry, viewer, at)
