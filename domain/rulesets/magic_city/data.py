"""magic_city's data: its 16 roles and the regulation that deals them, the 25 event cards, the presets,
the options and the seat range, and the names of what may follow a step."""

from __future__ import annotations

from collections import Counter
from enum import Enum

import msgspec

from grimoire.domain.ruleset import Option, seconds
from grimoire.domain.violations import RuleViolation, refusal


class Role(msgspec.Struct, frozen=True, kw_only=True):
    """A role as data: its team, and whether it counts as a werewolf at the deal."""

    id: str
    team: str  # "village" | "wolves" | "fox" | "demon"
    wolf: bool = False


ROLES = {
    "citizen": Role(id="citizen", team="village"),
    "prophet": Role(id="prophet", team="village"),
    "medium": Role(id="medium", team="village"),
    "knight": Role(id="knight", team="village"),
    "dragon": Role(id="dragon", team="village"),
    "spirit_caller": Role(id="spirit_caller", team="village"),
    "mason": Role(id="mason", team="village"),
    "moneylender": Role(id="moneylender", team="village"),
    "marksman": Role(id="marksman", team="village"),
    "golem": Role(id="golem", team="village"),
    "madman": Role(id="madman", team="wolves"),
    "werewolf": Role(id="werewolf", team="wolves", wolf=True),
    "evil_eye": Role(id="evil_eye", team="wolves", wolf=True),
    "chimera": Role(id="chimera", team="wolves"),
    "foxkin": Role(id="foxkin", team="fox"),
    "demon": Role(id="demon", team="demon"),
}
EVIL = ("werewolf", "evil_eye", "chimera", "madman", "foxkin", "demon")
REPEATABLE_ROLES = ("citizen", "werewolf", "mason")
MIN_SEATS, MAX_SEATS = 8, 20
END_REASONS = ("village", "wolves", "fox", "demon", "draw")

# The 25 event cards: resolved at once, at night, or announced the next morning.
IMMEDIATE = ("mages_guild", "babel", "court", "prison", "graveyard", "library", "airship", "vortex")
NIGHT = (
    "legend_tree",
    "illusion_garden",
    "guild",
    "thieves",
    "mirror_shop",
    "bank",
    "cult",
    "casino",
    "beast_forest",
    "slum",
    "arena",
)
ANNOUNCED = ("academy", "altar", "bathhouse", "church", "clock_tower", "parliament")
EVENTS = IMMEDIATE + NIGHT + ANNOUNCED
DRAWER_NIGHT = ("legend_tree", "illusion_garden", "guild", "thieves", "mirror_shop", "bank", "casino")
# What the executed drawer decides: the card, and the chosen event's parameters.
EVENT_KINDS = ("event", "event_target", "event_targets", "event_word", "event_minutes", "event_direction", "event_card")
WORD_MAX = 5
INCANTATION_MAX = 100
FLIP = {"simultaneous": "ordered", "ordered": "simultaneous", "free": "simultaneous"}
ACTION_KINDS = frozenset(
    {
        "speak",
        "ready",
        "whisper",
        "vote",
        "attack",
        "divine",
        "guard",
        "curse",
        "predict",
        "lend",
        "shoot",
        *EVENT_KINDS,
    }
)


class Then(Enum):
    """What follows a step, where its resolution does not open the next step itself."""

    NIGHT = "night"  # nightfall
    EVENT = "event"  # the executed player draws an event card
    CHECK = "check"  # the role check (after the `vortex` redeal)
    VOTE = "vote"  # the ballots, by their purpose: the day's execution,
    COURT = "court"  # the `court` event's execution,
    PRISON = "prison"  # the `prison` event's prisoner


# What follows the execution a ballot decides (and the executed marksman's shot, when it shoots).
AFTER_EXECUTION = {"vote": Then.EVENT, "court": Then.NIGHT}


def recommended(n: int) -> tuple[str, ...]:
    """The recommended list for n players: the regulation's shape, filled in a fixed order."""
    evil = (n - 1) // 2 - 2
    bad = ("werewolf", "evil_eye", "madman", "foxkin", "chimera", "demon", "werewolf")[:evil]
    village = ["prophet", "medium", "knight"]
    if n - 2 * evil - 2 == 4:
        village.append("marksman" if n <= 12 else "golem" if n <= 16 else "spirit_caller")
    return ("citizen",) * (evil + 2) + tuple(village) + bad


PRESETS = {str(n): recommended(n) for n in range(MIN_SEATS, MAX_SEATS + 1)}


def regulation_error(roles: tuple[str, ...]) -> RuleViolation | None:
    """Why a list breaks the regulation's shape for its number of players (None: it keeps it)."""
    n = len(roles)
    evil = (n - 1) // 2 - 2
    count = Counter(roles)
    bad = sum(count[r] for r in EVIL)
    if bad != evil:
        return refusal("bad_roles", reason="evil", players=n, needed=evil, dealt=bad)
    if count["citizen"] != evil + 2:
        return refusal("bad_roles", reason="citizens", players=n, needed=evil + 2, dealt=count["citizen"])
    if not count["werewolf"] + count["evil_eye"]:
        return refusal("bad_roles", reason="no_werewolf")
    if count["mason"] not in (0, 2):
        return refusal("bad_roles", reason="masons")
    twice = sorted(r for r, k in count.items() if k > 1 and r not in REPEATABLE_ROLES)
    return refusal("bad_roles", reason="twice", roles=twice, count=len(twice)) if twice else None


def _options() -> dict[str, Option]:
    opts = {
        "first_seer": Option(type="bool", default=True),
        "consecutive_guard": Option(type="bool", default=True),
        "night_talk": Option(type="bool", default=True),
        "vote_format": Option(type="choice", default="simultaneous", choices=("simultaneous", "ordered", "free")),
        "tie_rule": Option(type="choice", default="no_execution", choices=("no_execution", "draw")),
        "early_close": Option(type="bool", default=False),
        "role_check_seconds": seconds(15),
        "night_step_seconds": seconds(30),
        "discussion_minute_seconds": seconds(60),
        "curse_seconds": seconds(60),
        "vote_seconds": seconds(60),
        "event_seconds": seconds(60),
        "shot_seconds": seconds(60),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000),
    }
    for card in EVENTS:
        opts[f"event_{card}"] = Option(type="bool", default=True)
    return opts


OPTIONS = _options()
