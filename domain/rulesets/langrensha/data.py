"""langrensha's data: its roles, the night's order, the boards (its presets), its options and seat range.

Roles are data (`ROLES`): team, whether the role is a werewolf, whether the elder's penalty takes
its power, the night steps it acts in and the causes of death on which it shoots. The night order is
`NIGHT`, the document's priority table with the rulings' rows (magician 99, guardian_wolf 85,
wolf_beauty's charm 80 after the pack).

Automatic role lists (`AUTO`, also the presets "6".."20"): the wolves are about a third of the
table — 2 at 6–7 players, 3 at 8–11, 4 at 12–14, 5 at 15–17, 6 at 18–20 — the usual proportion of
the game's boards, where the wolves' night kill is worth about one extra seat. The village powers
enter in the order of the standard boards (seer, witch, then huntsman, guard, idiot, knight, elder,
graveyard_keeper, raven, magician), and from 10 players on, each new village power is answered by
a wolf power (alpha_wolf, white_wolf, wolf_beauty, hidden_wolf, nightmare, guardian_wolf,
blood_moon) so neither side's information or firepower runs ahead; the rest are plain villagers,
at least two and about four from 12 players on, so that a wolf can hide among them. The cupid
(whose mixed couple is a third side) joins at 17, and the thief at 20, with the two extra cards its
deck needs: a villager and a werewolf.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

import msgspec

from grimoire.domain.ruleset import Option, seconds
from grimoire.domain.violations import RuleViolation, refusal


class LRole(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    team: str  # "village" | "wolves" | "neutral"
    wolf: bool = False  # takes part in the pack's kill and is seen as a werewolf
    special: bool = False  # a village power: lost when the elder is exiled
    steps: tuple[str, ...] = ()  # the night steps it acts in
    shoots: tuple[str, ...] = ()  # the causes of death on which it shoots
    seen_good: bool = False  # the seer sees it as good


def _wolf(rid: str, *steps: str, **kw: Any) -> LRole:
    return LRole(id=rid, team="wolves", wolf=True, steps=(*steps, "wolves"), **kw)


def _god(rid: str, *steps: str, **kw: Any) -> LRole:
    return LRole(id=rid, team="village", special=True, steps=steps, **kw)


ROLES: dict[str, LRole] = {
    r.id: r
    for r in (
        _wolf("werewolf"),
        _wolf("alpha_wolf", shoots=("exile", "hunter_shot")),
        _wolf("white_wolf", "white_wolf"),
        _wolf("wolf_beauty", "charm"),
        _wolf("guardian_wolf", "guardian_wolf"),
        _wolf("hidden_wolf", seen_good=True),
        _wolf("nightmare", "nightmare"),
        LRole(id="blood_moon", team="wolves", steps=("wolves",), seen_good=True),
        LRole(id="villager", team="village"),
        _god("seer", "seer"),
        _god("witch", "witch"),
        _god("huntsman", shoots=("attack", "exile")),
        _god("guard", "guard"),
        _god("idiot"),
        _god("elder"),
        _god("knight"),
        _god("magician", "magician"),
        _god("cupid", "cupid"),
        _god("raven", "raven"),
        _god("graveyard_keeper", "graveyard"),
        LRole(id="thief", team="neutral", steps=("thief",)),
    )
}


class NightStep(NamedTuple):
    priority: int
    nights: str  # "all" | "first" | "odd"


# The document's night order (its priority table) with the rulings' rows; equal priorities keep this order.
NIGHT: dict[str, NightStep] = {
    "cupid": NightStep(100, "first"),
    "magician": NightStep(99, "all"),
    "nightmare": NightStep(98, "all"),
    "thief": NightStep(95, "first"),
    "guard": NightStep(90, "all"),
    "guardian_wolf": NightStep(85, "all"),
    "wolves": NightStep(80, "all"),
    "charm": NightStep(80, "all"),
    "white_wolf": NightStep(75, "odd"),
    "witch": NightStep(70, "all"),
    "seer": NightStep(60, "all"),
    "graveyard": NightStep(50, "all"),
    "raven": NightStep(40, "all"),
}


@lru_cache(maxsize=512)
def night_plan(setup: tuple[str, ...], first: bool, odd: bool) -> tuple[str, ...]:
    """Tonight's steps in order: those of the roles in the game's role list that act on this night."""
    names = {name for role in set(setup) for name in ROLES[role].steps}
    order = list(NIGHT)
    tonight = {"all": True, "first": first, "odd": odd}
    steps = [n for n in names if tonight[NIGHT[n].nights]]
    return tuple(sorted(steps, key=lambda n: (-NIGHT[n].priority, order.index(n))))


W, V = "werewolf", "villager"
_GODS = ("seer", "witch", "huntsman", "guard", "idiot", "knight", "elder", "graveyard_keeper", "raven", "magician")


def _board(wolves: tuple[str, ...], gods: int, villagers: int, *extra: str) -> tuple[str, ...]:
    return (*wolves, *_GODS[:gods], *extra, *(V,) * villagers)


AUTO: dict[int, tuple[str, ...]] = {
    6: _board((W, W), 2, 2),
    7: _board((W, W), 3, 2),
    8: _board((W, W, W), 3, 2),
    9: _board((W, W, W), 3, 3),
    10: _board((W, W, "alpha_wolf"), 4, 3),
    11: _board((W, W, "alpha_wolf"), 4, 4),
    12: _board((W, W, W, "white_wolf"), 4, 4),
    13: _board((W, W, "alpha_wolf", "wolf_beauty"), 5, 4),
    14: _board((W, W, "alpha_wolf", "hidden_wolf"), 6, 4),
    15: _board((W, W, W, "alpha_wolf", "white_wolf"), 6, 4),
    16: _board((W, W, "alpha_wolf", "white_wolf", "nightmare"), 7, 4),
    17: _board((W, W, "alpha_wolf", "wolf_beauty", "guardian_wolf"), 7, 4, "cupid"),
    18: _board((W, W, "alpha_wolf", "white_wolf", "hidden_wolf", "nightmare"), 8, 3, "cupid"),
    19: _board((W, W, "alpha_wolf", "wolf_beauty", "guardian_wolf", "blood_moon"), 9, 3, "cupid"),
    20: _board((W, W, "alpha_wolf", "white_wolf", "wolf_beauty", "nightmare", W), 10, 3, "cupid", "thief"),
}

MIN_SEATS = 6
MAX_SEATS = 20


def deal_list(seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | RuleViolation:
    """The role list to deal (a thief's two spare cards included), or why the host's setup is refused."""
    if preset is not None:
        if preset != str(seats):
            return refusal("unknown_preset")
        return AUTO[seats]
    if not roles:
        return AUTO[seats]
    unknown = sorted(set(roles) - ROLES.keys())
    if unknown:
        return refusal("bad_roles", reason="unknown", ids=", ".join(unknown))
    thieves = roles.count("thief")
    if thieves > 1 or roles.count("cupid") > 1:
        return refusal("bad_roles", reason="thief_cupid")
    if len(roles) != seats + 2 * thieves:
        return refusal("bad_roles", reason="count_spare" if thieves else "count", dealt=len(roles), players=seats)
    if sum(ROLES[r].wolf for r in roles) < 1 + thieves:
        return refusal("bad_roles", reason="few_wolves", needed=1 + thieves)
    return roles


def _bool(default: bool) -> Option:
    return Option(type="bool", default=default)


def _choice(choices: tuple[str, ...]) -> Option:
    """A choice whose default is its first value."""
    return Option(type="choice", default=choices[0], choices=choices)


OPTIONS = {
    "night_step_seconds": seconds(30),
    "speech_seconds": seconds(60),
    "vote_seconds": seconds(30),
    "candidacy_seconds": seconds(20),
    "withdraw_seconds": seconds(15),
    "last_words_seconds": seconds(60),
    "shot_seconds": seconds(20),
    "badge_seconds": seconds(20),
    "duel_seconds": seconds(15),
    "impeach_seconds": seconds(20),
    "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000),
    "early_close": _bool(False),
    "witch_self_save": _choice(("always", "first_night", "never")),
    "witch_sees_target": _choice(("always", "while_antidote")),
    "guard_and_save_kills": _bool(False),
    "guard_self": _choice(("any", "first_night")),
    "exile_tie": _choice(("none", "pk")),
    "sheriff_rules": _choice(("document", "standard")),
    "last_words": _choice(("night1_and_exile", "none")),
    "impeachment": _bool(False),
}

ACTION_KINDS = frozenset(
    {
        "speak",
        "whisper",
        "vote",
        "attack",
        "divine",
        "guard",
        "last_words",
        "link",
        "swap",
        "skip",
        "block",
        "pick",
        "shield",
        "charm",
        "white_kill",
        "save",
        "poison",
        "inspect",
        "mark",
        "stand",
        "withdraw",
        "duel",
        "impeach",
        "shoot",
        "badge",
    }
)
