"""The API's request and response bodies."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain.messages import LANGS
from projections.view import View

Lang = Literal["ja", "zh-Hans", "zh-Hant", "en"]
assert set(Lang.__args__) == set(LANGS)  # type: ignore[attr-defined]

Name = Annotated[str, Meta(min_length=1, max_length=40)]
Id = Annotated[str, Meta(min_length=1, max_length=40)]
Seat = Annotated[int, Meta(ge=1, le=99)]


class Strict(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    pass


class CreateGameRequest(Strict):
    ruleset: Id
    preset: Id | None = None
    roles: Annotated[list[Id], Meta(max_length=99)] = []
    seats: Seat | None = None
    names: Annotated[list[Name], Meta(max_length=99)] = []
    options: dict[str, Any] = {}
    lang: Lang | None = None
    moderator: bool = False
    seed: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")] | None = None


class SeatToken(msgspec.Struct, kw_only=True):
    seat: int
    name: str
    token: str


class GameCreatedReply(msgspec.Struct, kw_only=True):
    game_id: str
    host_token: str
    moderator_token: str | None = None
    seats: list[SeatToken]
    open_seats: int
    seed_sha256: str


class JoinRequest(Strict):
    name: Name


class JoinReply(msgspec.Struct, kw_only=True):
    seat: int
    name: str
    token: str


class Ack(msgspec.Struct, kw_only=True):
    accepted: bool = True
    status: str


class ActionRequest(Strict):
    kind: Id
    target: Seat | None = None
    targets: Annotated[list[Seat], Meta(max_length=99)] = []
    text: Annotated[str, Meta(max_length=10000)] | None = None
    option: Id | None = None
    seat: Seat | None = None  # optional: when given it must be the caller's own seat


class ViewReply(msgspec.Struct, kw_only=True):
    view: View
    seen: int  # how many events the caller's feed holds: its cursor (its own numbering)
    now: int = 0  # the server's time (ms) when it answered: place `view.deadline` against it, not the local clock


class ActionReply(msgspec.Struct, kw_only=True):
    accepted: bool
    seen: int  # the caller's feed position after the action (its own numbering)
    view: View
    now: int = 0  # the server's time (ms) when it answered


class FeedItem(msgspec.Struct, kw_only=True):
    n: int  # the viewer's own number for this event
    type: str
    at: int
    private: bool  # not public: only some viewers received it
    text: str | None = None
    data: dict[str, Any] = {}


class Feed(msgspec.Struct, kw_only=True):
    events: list[FeedItem]
    next: int  # the cursor to pass as `after` next time
    more: bool  # more events are waiting beyond this page
    status: str


class LobbyGame(msgspec.Struct, kw_only=True):
    game_id: str
    ruleset: str
    preset: str | None
    lang: str
    status: str
    seats: int
    open_seats: int
    created_at: int  # ms; the lobby lists games in this order, oldest first
    names: list[str]  # the seats taken so far, in seat order


class Lobby(msgspec.Struct, kw_only=True):
    games: list[LobbyGame]


class RoleInfo(msgspec.Struct, kw_only=True):
    id: str
    name: str
    team: str | None = None


class OptionInfo(msgspec.Struct, kw_only=True):
    type: str
    default: Any
    choices: list[str] = []
    minimum: float | None = None
    maximum: float | None = None
    doc: str = ""


class RulesetInfo(msgspec.Struct, kw_only=True):
    id: str
    name: str
    version: str
    min_seats: int
    max_seats: int
    roles: list[RoleInfo]
    presets: dict[str, list[str]]
    preset_seats: dict[str, int]  # how many seats each preset is for
    options: dict[str, OptionInfo]


class AuditEvent(msgspec.Struct, kw_only=True):
    version: int
    topic: str
    prev: str
    hash: str
    event: dict[str, Any]


class Audit(msgspec.Struct, kw_only=True):
    game_id: str
    status: str
    seed: str | None
    head: str
    events: list[AuditEvent]


class AuditCheck(msgspec.Struct, kw_only=True):
    ok: bool
    chain_ok: bool
    replay_ok: bool
    events: int
    inputs: int
    head: str
    problems: list[str]


class Health(msgspec.Struct, kw_only=True):
    status: str
