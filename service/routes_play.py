"""Play: the caller's view and its seat's actions."""

from __future__ import annotations

from typing import Annotated

import anyio
from litestar import Controller, Request, Response, get, post
from litestar.params import HeaderParameter, JSONBody

from service.auth import caller, required_bearer, viewer_of
from service.games import Reply
from service.problems import PROBLEM_JSON, responses
from service.schemas import ActionReply, ActionRequest, ViewReply
from service.web import BEARER, OPTIONAL_BEARER, GameId, LangQuery, entry_of, games_of, language


class PlayRoutes(Controller):
    path = "/games/{game_id:uuid}"

    @get("/view", tags=["play"], summary="The caller's view (no token: spectator)",
         security=OPTIONAL_BEARER, responses=responses(400, 401, 404))
    async def get_view(self, request: Request, game_id: GameId) -> ViewReply:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        return games.view(entry, viewer_of(await caller(games, entry, request)))

    @post("/actions", tags=["play"], summary="One action by the caller's seat",
          security=BEARER, status_code=200, responses=responses(400, 401, 403, 404, 409, 413, 422))
    async def post_action(
        self,
        request: Request,
        game_id: GameId,
        data: JSONBody[ActionRequest],
        lang: LangQuery = None,
        idempotency_key: Annotated[
            str | None, HeaderParameter(name="Idempotency-Key", min_length=1, max_length=200, required=False)
        ] = None,
    ) -> Response[ActionReply]:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        who = await caller(games, entry, request, required=True)
        text_lang = language(request, lang, entry.state.lang)
        reply = await anyio.to_thread.run_sync(games.act, entry, who, data, text_lang, required_bearer(request),
                                               idempotency_key)
        if isinstance(reply, Reply):  # the stored reply to the first request with this key
            media = PROBLEM_JSON if reply.status >= 400 else "application/json"
            body = bytes(reply.body)
            # the stored bytes of that reply, success or problem; the route's annotation documents the ActionReply
            return Response(content=body, status_code=reply.status, media_type=media)  # type: ignore[arg-type]
        return Response(reply, status_code=200)
