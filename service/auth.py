"""Who calls: the bearer token of a request and the game's principal it stands for."""

from __future__ import annotations

from typing import Literal, overload

import structlog

from grimoire.projections.view import SPECTATOR
from grimoire.service.entry import Entry, Principal, Viewer, token_hash
from grimoire.service.games import Games
from grimoire.service.guards import HttpRequest
from grimoire.service.problems import ApiError
from grimoire.service.web import blocking


def bearer(request: HttpRequest) -> str | None:
    auth = request.headers.get("authorization")
    if not auth:
        return None
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token")
    return token.strip()


def required_bearer(request: HttpRequest) -> str:
    token = bearer(request)
    if token is None:
        raise ApiError(401, "token_required")
    return token


@overload
async def caller(games: Games, entry: Entry, request: HttpRequest, required: Literal[True]) -> Principal: ...


@overload
async def caller(games: Games, entry: Entry, request: HttpRequest, required: bool = False) -> Principal | None: ...


async def caller(games: Games, entry: Entry, request: HttpRequest, required: bool = False) -> Principal | None:
    token = required_bearer(request) if required else bearer(request)
    if token is None:
        return None
    found = entry.tokens.get(token_hash(token)) or await blocking(games.store, games.principal, entry, token)
    if found is None:
        raise ApiError(401, "bad_token")
    if found.role == "seat":
        seat = entry.seat_of(found.seat_number)
        if seat is None:  # the seat was given up
            raise ApiError(401, "bad_token")
        found = Principal("seat", seat)
        structlog.contextvars.bind_contextvars(seat=found.seat)
    if found.seat is not None:
        structlog.contextvars.bind_contextvars(seat=found.seat)
    return found


def viewer_of(p: Principal | None) -> Viewer:
    return SPECTATOR if p is None else p.viewer
