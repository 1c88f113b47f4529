"""Audit: the whole log with seed and hash chain, its verification, kept receipts checked against it,
replay at any event, and the keys that sign receipts."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.params import QueryParameter
from msgspec import Meta

from grimoire.projections.view import SPECTATOR
from grimoire.service.auth import caller
from grimoire.service.guards import HttpRequest
from grimoire.service.problems import STORE_FAULTS, VERSION_CONFLICT, responses
from grimoire.service.schemas import Audit, AuditCheck, PublicKey, Receipt, ReceiptsCheck, Replay
from grimoire.service.web import (
    ETAG,
    NOT_MODIFIED,
    PAGE_MAX,
    PRIVATE,
    PUBLIC,
    VARY,
    GameId,
    IfNoneMatch,
    LangQuery,
    audits_of,
    blocking,
    conditional,
    entry_of,
    games_of,
    language,
    tag,
)

AUDIT_RESPONSES = responses(400, 401, 403, 404, *STORE_FAULTS)
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
        responses={**AUDIT_RESPONSES, **responses(409), 304: NOT_MODIFIED},
    )
    async def get_audit(
        self, request: HttpRequest, game_id: GameId, if_none_match: IfNoneMatch = None
    ) -> Response[Audit]:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        audit = audits_of(request).audit(entry, await caller(games, entry, request))
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
    async def verify_audit(self, request: HttpRequest, game_id: GameId) -> AuditCheck:
        games = games_of(request)
        entry = await entry_of(games, game_id, damaged_ok=True)
        audits = audits_of(request)
        audits.audit_access(entry, await caller(games, entry, request))
        return await blocking(games.store, audits.verify, game_id)

    @post(
        "/audit/receipts",
        operation_id="checkReceipts",
        summary="Check kept receipts against the published log",
        description="Each receipt a seat kept from its accepted actions, checked against the log published after "
        "the end: its key is one of the service's (`GET /keys`), its signature holds, and the chain hash at the "
        "event the seat's feed number `n` points to is the receipt's. A log rewritten after the fact fails the "
        "receipts of the events it changed. No token is needed; before the end the answer is `game_not_ended`.",
        tags=["audit"],
        status_code=200,
        responses=responses(400, 404, 409, 413, *STORE_FAULTS),
        request_max_body_size=1024 * 1024,  # up to 1,000 receipts of about 350 bytes each
    )
    async def check_receipts(
        self, request: HttpRequest, game_id: GameId, data: Annotated[list[Receipt], Meta(max_length=1000)]
    ) -> ReceiptsCheck:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        return audits_of(request).check_receipts(entry, data)

    @get(
        "/replay",
        operation_id="replayView",
        tags=["audit"],
        summary="Any viewer's view and feed at any event of a finished game",
        description="The view of `as` (a seat number, `spectator` or `moderator`) after the first `at` events of an "
        "ended game, and a page of that viewer's feed up to there: the items the live feed (`GET "
        "/games/{game_id}/events`) gave it, numbered and told in the language asked as it read them. Pass `next` "
        "as `after` to read the next page, while `more`. `phases` says where each phase begins, for any point. "
        "No token is needed.",
        responses={**responses(400, 404, 422, *STORE_FAULTS), 409: VERSION_CONFLICT},
    )
    async def replay(
        self,
        request: HttpRequest,
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
        after: Annotated[
            int, QueryParameter(ge=0, le=10_000_000, description="The viewer's own cursor in its feed.")
        ] = 0,
        limit: Annotated[int, QueryParameter(ge=1, le=PAGE_MAX, description="The most feed items to return.")] = 100,
        lang: LangQuery = None,
    ) -> Replay:
        games = games_of(request)
        entry = await entry_of(games, game_id)
        viewer: int | str = int(as_) if as_.isdigit() else as_
        lang = language(request, lang, entry.state.lang)
        return audits_of(request).replay(entry, viewer, at, after, limit, lang)


@get(
    "/keys",
    operation_id="listKeys",
    summary="The public keys that sign receipts",
    description="Every key whose receipts the service checks, the one signing now first. A game's "
    "`game_created` event names the key that signs its receipts (`key_id`).",
    tags=["audit"],
    cache_control=PUBLIC,
    responses=responses(),
)
async def list_keys(request: HttpRequest) -> list[PublicKey]:
    return games_of(request).keyring.public()
