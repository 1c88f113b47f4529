"""The API's request and response bodies.

A field's description in the OpenAPI document is the comment on its line (service.openapi reads it),
so the code and the document say the same thing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

import grimoire.domain.catalog  # noqa: F401  every ruleset's own events are defined before AnyEvent is
from grimoire.domain.events import Event, Input, event_types
from grimoire.domain.state import Status
from grimoire.domain.texts import LANGS
from grimoire.projections.view import View

Lang = Literal["ja", "zh-Hans", "zh-Hant", "en"]
assert set(Lang.__args__) == set(LANGS)  # type: ignore[attr-defined]
LobbyStatus = Literal["lobby", "running", "ended", "aborted"]  # the lobby tells an aborted game from an ended one

Name = Annotated[str, Meta(min_length=1, max_length=40)]
Id = Annotated[str, Meta(min_length=1, max_length=40)]
Seat = Annotated[int, Meta(ge=1, le=99)]

# every event on the wire, tagged by `type` (`Input` is the abstract base of the inputs); the union is built
# from the catalog at import, which a type checker cannot follow, so it reads their base class
if TYPE_CHECKING:
    AnyEvent = Event
else:
    AnyEvent = Union[tuple(t for t in event_types() if t is not Input)]  # noqa: UP007


class Strict(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    pass


class CreateGameRequest(Strict):
    """A new game: the ruleset, its roles (a preset or a list) and the seats named now."""

    ruleset: Id  # the ruleset's id (`GET /rulesets`)
    preset: Id | None = None  # one of the ruleset's presets; default: its first for the seat count
    roles: Annotated[list[Id], Meta(max_length=99)] = []  # role ids dealt instead of a preset
    seats: Seat | None = None  # how many seats; default: the preset's, or as many as names or roles
    names: Annotated[list[Name], Meta(max_length=99)] = []  # the players seated now, in seat order
    options: dict[str, Any] = {}  # the ruleset's options by id (`GET /rulesets/{ruleset_id}`), e.g. time_scale
    lang: Lang | None = None  # the game's language for texts; default: en
    moderator: bool = False  # issue a moderator token, which sees everything
    seed: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")] | None = None  # 64 hex digits to fix the draws


class SeatToken(msgspec.Struct, kw_only=True):
    """A seat named at creation and its token."""

    seat: int  # the seat's number, from 1
    name: str  # the player's name
    token: str  # the seat's bearer token: keep it secret


class GameCreatedReply(msgspec.Struct, kw_only=True):
    """The new game and its tokens (shown once)."""

    game_id: str  # the game's id
    host_token: str  # the host's bearer token: start, force a deadline, abort
    moderator_token: str | None = None  # the moderator's bearer token, when asked for
    seats: list[SeatToken]  # each seat named at creation with its token
    open_seats: int  # seats still to be joined before the game can start
    seed_sha256: str  # SHA-256 of the secret seed, revealed at the end
    join_link: str = ""  # the link players open to join: the public address, then /play/{game_id}
    join_link_loopback: bool = False  # the join link is this machine's own (127.0.0.1, localhost): no phone opens it


class JoinRequest(Strict):
    """A player taking the next open seat."""

    name: Name  # the player's name, unique in the game


class JoinReply(msgspec.Struct, kw_only=True):
    """The seat taken and its token."""

    seat: int  # the seat's number, from 1
    name: str  # the player's name
    token: str  # the seat's bearer token: keep it secret


class ClaimRequest(Strict):
    """A seat claimed on this device: by the transfer code its holder showed, or a seat the host released."""

    code: Annotated[str, msgspec.Meta(min_length=1, max_length=64)] | None = None  # a transfer code
    seat: Annotated[int, msgspec.Meta(ge=1, le=100)] | None = None  # a released seat's number


class TransferReply(msgspec.Struct, kw_only=True):
    """A one-time code that moves the caller's seat to another device."""

    code: str  # claim it with POST /games/{id}/claim; keep it out of addresses (a link's fragment only)
    expires_at: int  # when it stops working, ms since the epoch (two minutes after it was made)


class Ack(msgspec.Struct, kw_only=True):
    """A host command done."""

    accepted: bool = True  # always true: a refusal is a problem instead
    status: Status  # the game's status after the command


class ActionRequest(Strict):
    """The caller's answer to one of its view's decisions: `kind` names it, and the fields its decision asks for
    carry the choice (`target` from its `targets`, `targets` when its `count` is above 1, `text` up to its
    `text` length, `option` from its `options`)."""

    kind: Id  # the `kind` of the decision answered
    target: Seat | None = None  # the chosen seat, from the decision's `targets`
    targets: Annotated[list[Seat], Meta(max_length=99)] = []  # the chosen seats, when the decision's `count` is above 1
    text: Annotated[str, Meta(max_length=10000)] | None = None  # the words said, when the decision takes a text
    option: Id | None = None  # the chosen value, from the decision's `options`
    seat: Seat | None = None  # the caller's own seat; optional, and refused when it is another


class ViewReply(msgspec.Struct, kw_only=True):
    """The caller's view and its feed position."""

    view: View  # what the caller may know now, and the decisions it owes
    seen: int  # how many events the caller's feed holds: its cursor (its own numbering)
    now: int = 0  # the server's time (ms) when it answered: place `view.deadline` against it, not the local clock


Hex64 = Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]


class Receipt(Strict):
    """The service's signature over an accepted action: the seat's own feed number `n` of the event its action
    made and the chain hash at that event. Kept by the seat, it proves after the end which log it was shown
    (`POST /games/{game_id}/audit/receipts`). The hash reveals nothing before the end: every event's hashed
    bytes hold a salt derived from the secret seed."""

    game_id: Annotated[str, Meta(max_length=36)]  # the game's id
    seat: Seat  # the seat whose action it was
    n: Annotated[int, Meta(ge=1)]  # the seat's own feed number of the event its action made
    hash: Hex64  # the chain hash at that event
    key_id: Annotated[str, Meta(pattern="^[0-9a-f]{16}$")]  # the id of the key that signed it (`GET /keys`)
    signature: Annotated[str, Meta(pattern="^[0-9a-f]{128}$")]  # Ed25519 signature (hex) over the receipt's message


class ActionReply(msgspec.Struct, kw_only=True):
    """An accepted action and the caller's view after it."""

    accepted: bool  # always true: a refusal is a problem instead
    seen: int  # the caller's feed position after the action (its own numbering)
    view: View  # the caller's view after the action
    now: int = 0  # the server's time (ms) when it answered: place `view.deadline` against it, not the local clock
    receipt: Receipt  # the signed receipt of the action: keep it to check the published log after the end


class PublicKey(msgspec.Struct, kw_only=True):
    """A key the service signs receipts with."""

    key_id: str  # its id: the first 16 hex digits of the SHA-256 of the raw public key
    algorithm: Literal["Ed25519"]  # the signature algorithm
    public_key: str  # the raw 32-byte public key, hex


class ReceiptCheck(msgspec.Struct, kw_only=True):
    """One kept receipt checked against the published log."""

    ok: bool  # the receipt holds: a known key, a valid signature, and the log has its hash at its event
    key_known: bool  # its key is one of the service's (`GET /keys`)
    signature_ok: bool  # its signature holds under that key
    hash_ok: bool  # the published chain hash at the seat's event `n` is the receipt's hash
    problem: str = ""  # what failed, if anything


class ReceiptsCheck(msgspec.Struct, kw_only=True):
    """Kept receipts checked against the published log, in the order given."""

    ok: bool  # every receipt holds
    receipts: list[ReceiptCheck]  # each receipt's check


class FeedItem(msgspec.Struct, kw_only=True):
    """One event of the caller's feed: its tag `type` says what `data` holds."""

    n: int  # the viewer's own number for this event
    type: str  # the event's tag
    at: int  # when it happened, milliseconds since the epoch
    private: bool  # not public: only some viewers received it
    text: str | None = None  # the event told in the language asked for, when it has words
    data: dict[str, Any] = {}  # the event's own fields


class Feed(msgspec.Struct, kw_only=True):
    """A page of the caller's feed."""

    events: list[FeedItem]  # the caller's events after its cursor, oldest first
    next: int  # the cursor to pass as `after` next time
    more: bool  # more events are waiting beyond this page
    status: Status  # the game's status


class PhaseMark(msgspec.Struct, kw_only=True):
    """Where a phase of the game begins in its log."""

    at: int  # the replay point at the phase's start (its announcement included): pass it as `at`
    phase: str  # the phase begun (`day`, `night`…)
    day: int  # the day's number, from 0 or 1 as the ruleset counts


class Replay(msgspec.Struct, kw_only=True):
    """A viewer's view at a point of an ended game, a page of its feed up to that point rendered in the
    language asked, and where each phase of the game begins."""

    view: View  # what the viewer knew at the point, and the decisions it owed
    seen: int  # how many events of the viewer's feed come before the point (its own numbering)
    now: int = 0  # the server's time (ms) when it answered
    events: list[FeedItem]  # the viewer's events after the cursor `after` and before the point, oldest first
    next: int  # the cursor to pass as `after` for the next page
    more: bool  # more of the viewer's events before the point lie beyond this page
    end: int  # how many events the game's log holds: the last point
    phases: list[PhaseMark]  # where each phase begins, in order, whatever the point


class LobbyGame(msgspec.Struct, kw_only=True):
    """A game as anyone may see it in the lobby."""

    game_id: str  # the game's id
    ruleset: str  # the ruleset's id
    preset: str | None  # the preset dealt, if any
    lang: Lang  # the game's language
    status: LobbyStatus  # where the game is
    seats: int  # how many seats
    open_seats: int  # seats still open to join
    created_at: int  # when the game was created (ms); the lobby lists games in this order, oldest first
    names: list[str]  # the names of the seats taken so far, in seat order


class Lobby(msgspec.Struct, kw_only=True):
    """Games, oldest first."""

    games: list[LobbyGame]  # a page of games


class RoleInfo(msgspec.Struct, kw_only=True):
    """A role of a ruleset."""

    id: str  # the role's stable id
    name: str  # its name in the language asked for
    team: str | None = None  # the side it plays for, when fixed
    card: str  # its role card in the language asked for: what it does and when, its side and how it wins


class OptionInfo(msgspec.Struct, kw_only=True):
    """An option a game may set at creation."""

    type: Literal["bool", "int", "float", "choice"]  # the value's type
    default: Any  # the value when the game sets none
    choices: list[str] = []  # the legal values of a choice
    minimum: float | None = None  # the smallest legal number
    maximum: float | None = None  # the largest legal number
    doc: str = ""  # what the option does
    name: str  # its name in the language asked for
    help: str  # what it does, in the language asked for
    choice_names: dict[str, str] = {}  # each legal value of a choice, named in the language asked for


class Labels(msgspec.Struct, kw_only=True):
    """Display names in the language asked for, by the ids a game's views and feeds carry: a client shows every
    decision, choice, card, phase, step, side and result from these, with no table of its own."""

    actions: dict[str, str]  # a decision's `kind` -> its name
    choices: dict[str, str]  # a value of a decision's `options` (a card, a role, yes/no…) -> its name
    cards: dict[str, str]  # a card's id (a hand, an offer, the event in force) -> its name
    phases: dict[str, str]  # `view.phase` -> its name
    steps: dict[str, str]  # `view.step_name` up to its first dot -> its name
    teams: dict[str, str]  # a side's id -> its name
    results: dict[str, str]  # `view.result` (how the game ended) -> its words
    knowledge: dict[str, str]  # a value of `view.knowledge` (a result, a label, a role) -> its name
    barred: dict[str, str]  # a reason code of a decision's `barred` -> its words
    formats: dict[str, str]  # a vote format (magic_city's `today.format`) -> its name
    items: dict[str, str]  # an item the view's `private` facts name by id (langrensha's potions) -> its name


class RulesetInfo(msgspec.Struct, kw_only=True):
    """A ruleset: its roles, presets and options."""

    id: str  # the ruleset's id
    name: str  # its name in the language asked for
    note: str  # what a host should know before creating a game of it, in the language asked for (often empty)
    version: str  # the version of its rules; raised whenever the same inputs would give other events
    min_seats: int  # the fewest seats a game may have
    max_seats: int  # the most seats a game may have
    roles: list[RoleInfo]  # every role it deals
    states: list[RoleInfo]  # the states a player may be in besides a role, with their cards (witch_trial's)
    presets: dict[str, list[str]]  # each preset's role ids, one a seat
    preset_seats: dict[str, int]  # how many seats each preset is for
    preset_options: dict[str, dict[str, Any]]  # the option values each preset plays with: its games' defaults
    options: dict[str, OptionInfo]  # its options by id
    labels: Labels  # display names in the language asked for, by the ids its games' views and feeds carry


class AuditEvent(msgspec.Struct, kw_only=True):
    """One stored event with its place in the hash chain."""

    version: int  # its position in the game's stream, from 1
    topic: str  # its stored type
    prev: str  # the hash of the event before it
    hash: str  # the chain hash over `prev` and the stored bytes
    event: AnyEvent  # the event itself, every field, tagged by `type`


class Audit(msgspec.Struct, kw_only=True):
    """A game's whole log, its seed and the head of its hash chain."""

    game_id: str  # the game's id
    status: Status  # the game's status
    seed: str | None  # the seed, revealed at the end (its SHA-256 was published at creation)
    head: str  # the hash of the last event
    events: list[AuditEvent]  # every event, in order


class AuditCheck(msgspec.Struct, kw_only=True):
    """The result of verifying a game."""

    ok: bool  # both checks passed
    chain_ok: bool  # every stored event hashes to the chain
    replay_ok: bool  # replaying the inputs gives every stored outcome
    events: int  # how many events were checked
    inputs: int  # how many of them were inputs
    head: str  # the hash of the last event
    problems: list[str]  # what failed, if anything


class Health(msgspec.Struct, kw_only=True):
    """The service's health."""

    status: Literal["ok", "ready"]  # `ok`: the process is up; `ready`: the database answers too
