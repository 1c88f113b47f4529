"""What a seat does when its time runs out (`domain/mechanics/defaults.py`): jinro9.md's 襲撃は必須
with its random target, an abstaining vote, a passed speech or last words."""

from __future__ import annotations

from grimoire.domain.events import Action, Decision
from grimoire.domain.mechanics import defaults
from grimoire.domain.rng import Rng
from tests.support.harness import seed_for


def rng(tail: int = 0) -> Rng:
    return Rng(seed_for(tail), 0)


def test_rule_jinro9_a_silent_wolf_attacks_one_of_its_targets_at_random():
    attack = Decision(kind="attack", targets=(3, 5))
    picks = {defaults.timed_out((attack,), rng(i)) for i in range(40)}
    assert picks == {Action(kind="attack", target=3), Action(kind="attack", target=5)}
    assert defaults.timed_out((Decision(kind="attack"),), rng()) is None


def test_rule_jinro9_a_silent_voter_abstains_a_silent_speaker_passes():
    for kind in ("vote", "speak", "last_words"):
        assert defaults.timed_out((Decision(kind="sleep"), Decision(kind=kind)), rng()) == Action(kind=kind)
    assert defaults.timed_out((Decision(kind="divine", targets=(1,)),), rng()) is None
