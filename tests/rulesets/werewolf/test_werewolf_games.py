"""Scripted whole games that reach every ending of jinro9 (each preset) and ultimate13."""

import pytest

from grimoire.domain.catalog import verify
from grimoire.domain.events import GameEnded
from tests.support.harness import Script

PLAYERS = {"jinro9": 9, "ultimate13": 13}


def scripted(ruleset, preset, plan, seed=1):
    g = Script(ruleset, PLAYERS[ruleset], preset=preset, seed=seed)
    g.start()
    role = g.state.role
    while g.state.status == "running":
        if g.step_name() == "night":
            villagers = [s for s in g.living() if role(s) in ("villager", "medium")]
            fox = [s for s in g.living() if role(s) == "fox"]
            wolves = [s for s in g.living() if role(s) == "werewolf"]
            divine = (fox or wolves)[0] if plan != "fox" else wolves[0]
            g.night(attack=villagers[0] if villagers else None, divine=divine if wolves else None)
            continue
        if g.step_name() == "last_words":
            g.last_words("farewell")
            continue
        if plan in ("village", "fox"):
            target = next(s for s in g.living() if role(s) == "werewolf")
        else:
            target = next(s for s in g.living() if role(s) not in ("werewolf", "madman"))
        voters = dict.fromkeys(g.living(), target)
        g.vote(voters)
    assert verify(g.events).ok
    return g, g.events[-1]


CASES = [
    ("jinro9", "9A", "village"),
    ("jinro9", "9A", "wolves"),
    ("jinro9", "9B", "village"),
    ("jinro9", "9B", "wolves"),
    ("jinro9", "9C", "village"),
    ("jinro9", "9C", "wolves"),
    ("jinro9", "9C", "fox"),
    ("ultimate13", None, "village"),
    ("ultimate13", None, "wolves"),
]


@pytest.mark.parametrize("ruleset, preset, plan", CASES)
def test_scripted_game_reaches_its_ending(ruleset, preset, plan):
    g, end = scripted(ruleset, preset, plan)
    assert isinstance(end, GameEnded) and end.reason == plan
    teams = {"village": {"villager", "seer", "medium", "hunter"}, "wolves": {"werewolf", "madman"}, "fox": {"fox"}}
    expected = {s for s in range(1, g.state.seats + 1) if g.state.role(s) in teams[plan]}
    if plan == "fox":
        expected = {s for s in expected if g.state.is_alive(s)}
    assert set(end.winners) == expected
    for seat in range(1, g.state.seats + 1):
        assert g.views[seat].winners == end.winners and g.views[seat].result == plan
