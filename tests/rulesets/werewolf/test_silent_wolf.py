"""Rulings, "Wolves choose together", from version 3 of every werewolf ruleset: a wolf silent at the
deadline defers to the pack (one wolf names X, its partner stays silent: X is attacked); a random
target is drawn only when no living wolf named one. Games pinned to version 2 keep the old default,
a random name of the silent wolf's own."""

from __future__ import annotations

import random
from contextlib import nullcontext

import pytest

from grimoire.domain.catalog import RULESETS, verify
from grimoire.domain.events import Act, Defaulted, Event
from grimoire.domain.rulesets.langrensha.facts import PackAttacked
from grimoire.domain.rulesets.magic_city.facts import AttackChosen
from grimoire.domain.rulesets.village import NightResolved
from grimoire.service.bots import owed_action
from tests.support.harness import Game
from tests.support.versions import deployed

GAMES = {"jinro9": "9A", "ultimate13": "13", "langrensha": "12", "magic_city": "12"}
NIGHTS = 8


def pack_target(event: Event) -> int | bool | None:
    """The pack's target where the event names it (False: the event names none)."""
    if isinstance(event, NightResolved):
        return event.attack
    if isinstance(event, (PackAttacked, AttackChosen)):
        return event.target
    return False


def one_wolf_names_the_others_stay_silent(
    ruleset: str, seed: int, version: str | None
) -> tuple[int, int | None, Game] | None:
    """Bots play up to the first attack two wolves or more owe; the first names X, the others stay
    silent until the deadline passes. Returns X and the pack's target (None: no such night came)."""
    preset = GAMES[ruleset]
    with deployed(ruleset, version) if version else nullcontext():
        g = Game(ruleset, RULESETS[ruleset].preset_seats()[preset], preset=preset, seed=seed, options={"retries": 0})
    g.start()
    rng = random.Random(seed)
    while g.state.status == "running":
        step = g.state.step
        pack = [s for s in step.owing() if step.decision(s, "attack")]
        if len(pack) >= 2:
            named = step.decision(pack[0], "attack").targets[-1]
            g.act(pack[0], "attack", named)
            seen = len(g.events)
            while g.state.step.no == step.no:
                g.timeout(forced=True)
            (target,) = [t for e in g.events[seen:] if (t := pack_target(e)) is not False]
            return named, target, g
        acted = False
        for seat in range(1, g.state.seats + 1):
            action = owed_action(g.views[seat], rng)
            if action is not None:
                g.submit(Act(at=g.tick(), seat=seat, action=action))
                acted = True
                break
        if not acted:
            g.timeout()
    return None


def nights(ruleset: str, version: str | None) -> list[tuple[int, int | None, Game]]:
    """`NIGHTS` such nights, each of its own game."""
    found = (one_wolf_names_the_others_stay_silent(ruleset, seed, version) for seed in range(5 * NIGHTS))
    out = [night for night in found if night is not None][:NIGHTS]
    assert len(out) == NIGHTS
    return out


@pytest.mark.parametrize("ruleset", GAMES)
def test_rule_wolves_choose_together_a_silent_wolf_defers_to_the_pack(ruleset):
    for named, target, g in nights(ruleset, None):
        assert g.state.ruleset_version == RULESETS[ruleset].version
        assert target == named, (named, target)
        assert not [e for e in g.events if isinstance(e, Defaulted) and e.action.kind == "attack"]
        assert verify(g.events).ok


@pytest.mark.parametrize("ruleset", GAMES)
def test_rule_wolves_choose_together_under_version_2_a_silent_wolf_names_a_random_target(ruleset):
    targets = []
    for named, target, g in nights(ruleset, "2"):
        assert g.state.ruleset_version == "2"
        defaults = [e for e in g.events if isinstance(e, Defaulted) and e.action.kind == "attack"]
        assert defaults and all(e.action.target is not None for e in defaults)
        assert verify(g.events).ok
        targets.append(target == named)
    assert not all(targets), "the old default drew the silent wolf's own name, which wins a tie at times"
