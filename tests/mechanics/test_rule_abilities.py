"""Single-target night abilities (`domain/mechanics/abilities.py`): jinro9.md's seer and 連続護衛禁止,
ultimate13.md's guard options, what an actor learns, and from which night an ability acts."""

from __future__ import annotations

import msgspec

from grimoire.domain.events import Decision, Notice
from grimoire.domain.mechanics import abilities
from grimoire.domain.mechanics.abilities import Ability
from tests.mechanics.table import table

ROLES = ("villager", "werewolf", "seer", "hunter", "villager")


def test_rule_jinro9_the_seer_divines_any_other_living_seat():
    state = table(ROLES, dead=(5,)).state
    assert abilities.any_other("divine")(state, 3) == Decision(kind="divine", targets=(1, 2, 4))


def test_rule_jinro9_no_consecutive_guard_barred_only_while_last_nights_seat_lives():
    state = table(ROLES).state
    d = abilities.guard(state, 4, last=1, optional=False)
    assert (d.targets, d.barred) == ((2, 3, 5), ((1, "consecutive_guard"),))
    dead = table(ROLES, dead=(1,)).state
    assert abilities.guard(dead, 4, last=1, optional=False).barred == ()
    assert abilities.guard(state, 4, last=None, optional=True) == Decision(
        kind="guard", targets=(1, 2, 3, 5), optional=True
    )


def test_rule_jinro9_abilities_act_from_night_1_not_on_night_0():
    divine = Ability(abilities.any_other("divine"))
    assert abilities.decision(divine, table(ROLES, day=0).state, 3) is None
    assert abilities.decision(divine, table(ROLES, day=1).state, 3) == Decision(kind="divine", targets=(1, 2, 4, 5))
    early = divine._replace(first_night=0)
    assert abilities.decision(early, table(ROLES, day=0).state, 3) is not None


def test_rule_jinro9_the_seer_alone_learns_its_targets_label():
    g = table(ROLES)
    abilities.learn(g, "seer.result", 3, 2, "werewolf")
    (notice,) = g.events
    assert isinstance(notice, Notice)
    assert msgspec.structs.asdict(notice) == {
        "at": 1000,
        "to": (3,),
        "key": "seer.result",
        "args": {"target": 2, "label": "werewolf"},
        "learn": {2: "werewolf"},
    }
