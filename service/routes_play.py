"""Play: the caller's view and its seat's actions."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.params import HeaderParameter, JSONBody

from grimoire.service.auth import caller, required_bearer, viewer_of
from grimoire.service.guards import HttpRequest
from grimoire.service.problems import STORE_FAULTS, responses
from grimoire.service.schemas import ActionReply, ActionRequest, ViewReply
from grimoire.service.web import (
    ANYONE,
    BEARER,
    ETAG,
    NOT_MODIFIED,
    PRIVATE,
    VARY,
    GameId,
    IfNoneMatch,
    LangQuery,
    blocking,
    commands_of,
    conditional,
    entry_of,
    games_of,
    language,
    reads_of,
    tag,
)


class PlayRoutes(Controller):
    path = "/games/{game_id:uuid}"
    cache_control = PRIVATE
    response_headers = VARY

    @get(
        "/view",
        operation_id="getView",
        tags=["play"],
        summary="The caller's view (no token: spectator)",
        description="What the caller may know now: seats and who lives, the phase, its own role and secrets, and "
        "`decisions`, what it owes or may do now with their legal choices and deadline. " + ANYONE + " The ETag "
        "is weak and names the viewer, its count of events seen and the language, so `If-None-Match` answers 304 "
        "until the caller has something new to see.",
        responses={**responses(400, 401, 404, 409, *STORE_FAULTS), 304: NOT_MODIFIED},
        response_headers=[*VARY, ETAG],
    )
    async def get_view(
        self, request: HttpRequest, game_id: GameId, if_none_match: IfNoneMatch = None
    ) -> Response[ViewReply]:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        viewer = viewer_of(await caller(games, entry, request))
        reply = reads_of(request).view(entry, viewer)
        lang = language(request, request.query_params.get("lang"), entry.state.lang)
        return conditional(request, reply, tag(entry.id, viewer, reply.seen, lang, weak=True))

    @post(
        "/actions",
        operation_id="postAction",
        tags=["play"],
        summary="One action by the caller's seat",
        description="Answers one of the seat's `decisions` (its `kind`, and a choice among its legal ones). A "
        "seat's token is required. Send an `Idempotency-Key` and repeat the request unchanged after a timeout, a "
        "lost connection or any 5xx: the action is applied at most once and every repeat gets its one outcome.",
        security=BEARER,
        status_code=200,
        responses=responses(400, 401, 403, 404, 408, 409, 413, 422, *STORE_FAULTS),
    )
    async def post_action(
        self,
        request: HttpRequest,
        game_id: GameId,
        data: JSONBody[ActionRequest],
        lang: LangQuery = None,
        idempotency_key: Annotated[
            str | None,
            HeaderParameter(
                name="Idempotency-Key",
                min_length=1,
                max_length=200,
                required=False,
                description="Makes a retry safe; new for each action, scoped to the game and the token. The action "
                "is applied at most once. A repeat with the same key and body gets the outcome: 200 with the first "
                "answer's body when it was applied (`now` aside; `seen` and `view` as of the action), or the action "
                "decided now when it was not applied (refused by the rules, or the first request ended before "
                "deciding). Another body under a key already applied: 422 `idempotency_key_reused`. The key's "
                "digest is stored with the action's event; no view shows it.",
            ),
        ] = None,
    ) -> Response[ActionReply]:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        who = await caller(games, entry, request, required=True)
        text_lang = language(request, lang, entry.state.lang)
        act = commands_of(request).act
        reply = await blocking(games.store, act, entry, who, data, text_lang, required_bearer(request), idempotency_key)
        return Response(reply, status_code=200)
