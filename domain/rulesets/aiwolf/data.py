"""aiwolf's data: the roles, the two standard tables (presets), the options of `default_13.yml` and
`default_5.yml`, the action kinds and the seat range (`aiwolf-protocol.md` §3.2).

Every setting of the reference's configuration files is an option with the 13-player file's value as
its default; the preset "5" carries the 5-player file's values (`PRESET_OPTIONS`). An int option whose
value -1 means "not set" (a length limit, `max_day`) says so in its help.
"""

from __future__ import annotations

from typing import Any

import msgspec

from grimoire.domain.ruleset import Option, seconds


class ARole(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    team: str  # "village" | "wolves"
    wolf: bool = False  # a werewolf: whispers, attacks, and is seen as one


ROLES: dict[str, ARole] = {
    r.id: r
    for r in (
        ARole(id="villager", team="village"),
        ARole(id="seer", team="village"),
        ARole(id="bodyguard", team="village"),
        ARole(id="medium", team="village"),
        ARole(id="werewolf", team="wolves", wolf=True),
        ARole(id="possessed", team="wolves"),
    )
}

V, S, B, M, W, P = "villager", "seer", "bodyguard", "medium", "werewolf", "possessed"
PRESETS: dict[str, tuple[str, ...]] = {
    "13": (W, W, W, P, S, B, M, V, V, V, V, V, V),
    "5": (W, P, S, V, V),
}
MIN_SEATS = 5
MAX_SEATS = 13

ACTION_KINDS = frozenset({"talk", "whisper", "vote", "divine", "guard", "attack"})

TEXT_CAP = 10000  # the longest reply a talk or whisper decision takes; the ruleset cuts it to the limits itself


def _int(default: int, minimum: int = -1, maximum: int = 10000) -> Option:
    return Option(type="int", default=default, minimum=minimum, maximum=maximum)


def _bool(default: bool) -> Option:
    return Option(type="bool", default=default)


def _channel(prefix: str, per_agent: int, per_day: int) -> dict[str, Option]:
    """A talk or whisper setting's nine options: `max_count`, `max_length`, `max_skip`."""
    return {
        f"{prefix}_per_agent": _int(per_agent, 0, 10),
        f"{prefix}_per_day": _int(per_day, 0, 100),
        f"{prefix}_base_length": _int(50),
        f"{prefix}_mention_length": _int(50),
        f"{prefix}_per_talk": _int(-1),
        f"{prefix}_per_agent_length": _int(-1),
        f"{prefix}_count_in_word": _bool(False),
        f"{prefix}_count_spaces": _bool(False),
        f"{prefix}_max_skip": _int(0, 0, 10),
    }


OPTIONS: dict[str, Option] = {
    "max_day": _int(-1, -1, 1000),
    "vote_visibility": _bool(True),
    **_channel("talk", 4, 52),
    **_channel("whisper", 4, 12),
    "vote_max_count": _int(1, 0, 10),
    "vote_allow_self": _bool(True),
    "attack_max_count": _int(1, 0, 10),
    "attack_allow_self": _bool(True),
    "attack_allow_no_target": _bool(False),
    "action_timeout": seconds(60),
    "acceptable_timeout": seconds(5),
    "response_timeout": seconds(120),
    "max_continue_error_ratio": Option(type="float", default=0.2, minimum=0, maximum=1),
}

# default_5.yml where it differs from default_13.yml
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "5": {"talk_per_day": 20, "whisper_per_agent": 0, "whisper_per_day": 0},
}
