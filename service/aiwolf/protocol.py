"""The AIWolf NLP protocol's packets as `aiwolf-nlp-common` 0.7.0 reads them (snake_case JSON), mirroring
the reference server's Go structs: a pointer field tagged `omitempty` is left out when unset (`UNSET`
here), so `remain_count: 0` is sent while an empty `vote_list` is not; a history the packet carries is
sent even when empty (`[]`).

Everything here is built from what one seat may know: its view (`projections.view.View`) and the facts
its feed told it (`service.aiwolf.facts`), never from the game's state.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

UNSET = msgspec.UNSET
UnsetType = msgspec.UnsetType

# the requests of the turn-based protocol (group-chat requests are never sent: no game here has a duration)
NAME = "NAME"
INITIALIZE = "INITIALIZE"
DAILY_INITIALIZE = "DAILY_INITIALIZE"
TALK = "TALK"
WHISPER = "WHISPER"
DAILY_FINISH = "DAILY_FINISH"
DIVINE = "DIVINE"
GUARD = "GUARD"
VOTE = "VOTE"
ATTACK = "ATTACK"
FINISH = "FINISH"

# a decision's kind -> the request that asks for it
REQUESTS = {"talk": TALK, "whisper": WHISPER, "vote": VOTE, "divine": DIVINE, "guard": GUARD, "attack": ATTACK}
ROLES = ("BODYGUARD", "MEDIUM", "POSSESSED", "SEER", "VILLAGER", "WEREWOLF")


class Judge(msgspec.Struct, frozen=True, gc=False):
    """A divination's or the medium's result (`model/judge.go`)."""

    day: int
    agent: str
    target: str
    result: str  # "HUMAN" | "WEREWOLF"


class Vote(msgspec.Struct, frozen=True, gc=False):
    """One ballot of an execution vote or an attack vote (`model/vote.go`)."""

    day: int
    agent: str
    target: str


class Talk(msgspec.Struct, frozen=True, gc=False):
    """One utterance of a talk or whisper phase (`model/talk.go`)."""

    idx: int
    day: int
    turn: int
    agent: str
    text: str
    skip: bool
    over: bool


class Info(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """What an agent knows now (`model/info.go`; key order as v0.4.12 sends it)."""

    game_id: str
    day: int
    agent: str
    medium_result: Judge | UnsetType = UNSET
    divine_result: Judge | UnsetType = UNSET
    executed_agent: str | UnsetType = UNSET
    attacked_agent: str | UnsetType = UNSET
    vote_list: list[Vote] | UnsetType = UNSET
    attack_vote_list: list[Vote] | UnsetType = UNSET
    remain_count: int | UnsetType = UNSET
    remain_length: int | UnsetType = UNSET
    remain_skip: int | UnsetType = UNSET
    status_map: dict[str, str]  # always sent, as the two maps the parser requires
    role_map: dict[str, str]


class MaxCount(msgspec.Struct, frozen=True, gc=False):
    per_agent: int
    per_day: int


class MaxLength(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """Length limits: a field is present only when its limit is set (`NewSetting`)."""

    count_in_word: bool | UnsetType = UNSET
    count_spaces: bool | UnsetType = UNSET
    per_talk: int | UnsetType = UNSET
    mention_length: int | UnsetType = UNSET
    per_agent: int | UnsetType = UNSET
    base_length: int | UnsetType = UNSET


class TalkSetting(msgspec.Struct, frozen=True, gc=False):
    max_count: MaxCount
    max_length: MaxLength
    max_skip: int


class VoteSetting(msgspec.Struct, frozen=True, gc=False):
    max_count: int
    allow_self_vote: bool


class AttackVoteSetting(msgspec.Struct, frozen=True, gc=False):
    max_count: int
    allow_self_vote: bool
    allow_no_target: bool


class TimeoutSetting(msgspec.Struct, frozen=True, gc=False):
    action: int  # milliseconds
    response: int  # milliseconds


class Setting(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """The game's settings (`model/setting.go`), sent with INITIALIZE and DAILY_INITIALIZE."""

    agent_count: int
    max_day: int | UnsetType = UNSET  # left out when there is no limit
    vote_visibility: bool
    talk: TalkSetting
    whisper: TalkSetting
    vote: VoteSetting
    attack_vote: AttackVoteSetting
    timeout: TimeoutSetting
    role_num_map: dict[str, int]  # every role, zero counts too


class Packet(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """One message from the server (`model/packet.go`)."""

    request: str
    info: Info | UnsetType = UNSET
    setting: Setting | UnsetType = UNSET
    talk_history: list[Talk] | UnsetType = UNSET
    whisper_history: list[Talk] | UnsetType = UNSET


ENCODER = msgspec.json.Encoder()
NAME_PACKET = ENCODER.encode(Packet(request=NAME)).decode()


def encode(packet: Packet) -> str:
    return ENCODER.encode(packet).decode()


def agent_name(seat: int) -> str:
    """The name agents know a seat by, as the reference names agents without custom profiles: its number."""
    return f"Agent[{seat:02d}]"


def seat_named(name: str, names: tuple[str, ...]) -> int | None:
    """The seat an agent names: exactly as its packets name it (`Agent[07]`), else None."""
    return names.index(name) + 1 if name in names else None


CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def game_ulid(game_id: str, created_at: int) -> str:
    """The game's id as a ULID (26 characters, Crockford base32), as agents log games under: its time
    part is the game's creation (ms, from its `game_created` event), its 80 random bits the first of
    SHA-256 over the game's id. The same game always gets the same ULID."""
    rand = int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:10], "big")
    value = ((created_at & (2**48 - 1)) << 80) | rand
    return "".join(CROCKFORD[(value >> shift) & 31] for shift in range(125, -1, -5))


def team_of(name: str) -> str:
    """An agent's team: its original name without trailing digits (`kanolab3` → `kanolab`)."""
    return name.rstrip("0123456789")


def clean(reply: str) -> str:
    """An agent's raw reply without its newlines (the client appends one; the reference removes them all)."""
    return reply.replace("\r", "").replace("\n", "")


# --- the setting ---------------------------------------------------------------------------------


def _length(options: dict[str, Any], prefix: str) -> MaxLength:
    """`max_length` as `NewSetting` fills it: each limit that is set (not -1) brings its fields."""
    per_talk, per_agent, base = (
        options.get(f"{prefix}_{k}", -1) for k in ("per_talk", "per_agent_length", "base_length")
    )
    if per_talk == -1 and per_agent == -1 and base == -1:
        return MaxLength()
    mention = options.get(f"{prefix}_mention_length", -1)
    return MaxLength(
        count_in_word=bool(options.get(f"{prefix}_count_in_word", False)),
        count_spaces=bool(options.get(f"{prefix}_count_spaces", False)),
        per_talk=per_talk if per_talk != -1 else UNSET,
        mention_length=mention if (per_agent != -1 or base != -1) and mention != -1 else UNSET,
        per_agent=per_agent if per_agent != -1 else UNSET,
        base_length=base if base != -1 else UNSET,
    )


def _talk(options: dict[str, Any], prefix: str) -> TalkSetting:
    return TalkSetting(
        max_count=MaxCount(
            per_agent=int(options.get(f"{prefix}_per_agent", 0)), per_day=int(options.get(f"{prefix}_per_day", 0))
        ),
        max_length=_length(options, prefix),
        max_skip=int(options.get(f"{prefix}_max_skip", 0)),
    )


def setting_of(options: dict[str, Any], roles: tuple[str, ...], seats: int) -> Setting:
    """The game's `setting` from its options and the roles dealt (both public, in `game_created`). The
    timeouts are the game's own: scaled by its `time_scale`, as the gateway waits them."""
    scale = float(options.get("time_scale", 1.0))
    counts = dict.fromkeys(ROLES, 0)
    for role in roles:
        counts[role.upper()] = counts.get(role.upper(), 0) + 1
    max_day = int(options.get("max_day", -1))
    return Setting(
        agent_count=seats,
        max_day=max_day if max_day != -1 else UNSET,
        vote_visibility=bool(options.get("vote_visibility", True)),
        talk=_talk(options, "talk"),
        whisper=_talk(options, "whisper"),
        vote=VoteSetting(
            max_count=int(options.get("vote_max_count", 1)), allow_self_vote=bool(options.get("vote_allow_self", True))
        ),
        attack_vote=AttackVoteSetting(
            max_count=int(options.get("attack_max_count", 1)),
            allow_self_vote=bool(options.get("attack_allow_self", True)),
            allow_no_target=bool(options.get("attack_allow_no_target", False)),
        ),
        timeout=TimeoutSetting(
            action=round(seconds(options, "action_timeout", 60) * scale * 1000),
            response=round(seconds(options, "response_timeout", 120) * scale * 1000),
        ),
        role_num_map=counts,
    )


def seconds(options: dict[str, Any], option: str, default: float) -> float:
    """An option holding seconds (unscaled)."""
    value = options.get(option, default)
    return float(value) if isinstance(value, int | float) else default
