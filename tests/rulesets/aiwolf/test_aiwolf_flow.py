"""aiwolf's declared flow: every part of a day opens or is passed over, every declared step is reached and
names what follows it, and no other ruleset's flow is reachable."""

from __future__ import annotations

from typing import Generic

from grimoire.domain.events import StepOpened
from grimoire.domain.ruleset import Ruleset
from grimoire.domain.rulesets.aiwolf import AIWOLF
from grimoire.domain.rulesets.aiwolf.facts import Stage
from grimoire.domain.rulesets.aiwolf.flow import DAY, DAY_ZERO, OPENS, STEPS, WHISPERS, Part
from tests.rulesets.aiwolf.support import new, run_to


def test_every_part_opens_and_every_whisper_stage_names_its_part():
    assert set(OPENS) == set(Part) == set(DAY_ZERO) | set(DAY)
    assert set(WHISPERS) == set(Stage) - {Stage.TALK}
    assert set(STEPS) == set(AIWOLF.steps) == {"talk", "whisper", "vote", "divine", "guard", "attack"}


def test_every_declared_step_is_reached_in_a_game_and_each_is_followed_as_declared():
    g = new(seed=9)
    run_to(g, "attack", 1)
    opened = {e.name for e in g.events if isinstance(e, StepOpened)}
    assert opened == set(STEPS)
    following = []
    for e in g.events:
        if isinstance(e, StepOpened) and (not following or following[-1] != e.name):
            following.append(e.name)
    assert following == ["whisper", "talk", "whisper", "divine", "talk", "vote", "divine", "whisper", "guard", "attack"]


def test_a_role_absent_from_the_deal_has_no_step_and_a_dead_one_is_passed_over():
    g = new(("werewolf", "possessed", "seer", "villager", "villager"), seed=1)
    run_to(g, "attack", 1)
    assert {e.name for e in g.events if isinstance(e, StepOpened)} == {"talk", "divine", "vote", "attack"}


def test_no_other_rulesets_flow_is_reachable_from_aiwolf():
    assert type(AIWOLF).__mro__[1:] == (Ruleset, Generic, object)  # the generic kernel base, nothing between
    for other in ("resolve_night", "open_vote", "after_day", "begin_discussion", "first_speaker"):
        assert not hasattr(AIWOLF, other)
