"""Rulings, "Wolves choose together", from version 4 of the werewolf rulesets: the living wolves see
each other's current pick while the step is open (its audience: the living wolves and the moderator);
and the wolves' first meeting (night 0 of jinro9 and ultimate13) is not cut short by a "sleep": the
whisper comes first, and the night ends for the pack only when every living wolf has sent "we are done"
(or the deadline passes). Games pinned to version 3 keep the private pick and the night-0 sleep."""

from __future__ import annotations

import random
from contextlib import nullcontext

import pytest

from grimoire.domain.catalog import RULESETS, verify
from grimoire.domain.events import MODERATOR, Act, Notice
from grimoire.domain.violations import RuleViolation
from grimoire.projections.render import render
from grimoire.projections.view import SPECTATOR
from grimoire.service.bots import owed_action
from tests.support.harness import Game, Script
from tests.support.versions import deployed

GAMES = {"jinro9": "9A", "ultimate13": "13", "langrensha": "12", "magic_city": "12"}
LANGS = ("ja", "zh-Hans", "zh-Hant", "en")


def first_pick(ruleset: str, seed: int, version: str | None = None) -> tuple[Game, Act, list[int]] | None:
    """Bots play up to the first attack two living wolves or more owe; the first of them picks. The game,
    the pick, and the wolves that owed the attack (None: no such night came)."""
    preset = GAMES[ruleset]
    seats = RULESETS[ruleset].preset_seats()[preset]
    names = tuple(f"P{i}" for i in range(1, seats + 1))
    with deployed(ruleset, version) if version else nullcontext():
        g = Game(ruleset, seats, preset=preset, seed=seed, names=names)
    g.start()
    rng = random.Random(seed)
    while g.state.status == "running":
        step = g.state.step
        pack = [s for s in step.owing() if step.decision(s, "attack")]
        if len(pack) >= 2:
            target = step.decision(pack[0], "attack").targets[0]
            out = g.act(pack[0], "attack", target)
            assert not isinstance(out, RuleViolation), out
            (pick,) = [e for e in out if isinstance(e, Act)]
            return g, pick, pack
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


def picks(ruleset: str, version: str | None = None) -> list[tuple[Game, Act, list[int]]]:
    found = [p for p in (first_pick(ruleset, seed, version) for seed in range(6)) if p is not None]
    assert len(found) >= 2
    return found


@pytest.mark.parametrize("ruleset", GAMES)
def test_rule_wolves_see_each_others_pick(ruleset):
    for g, pick, pack in picks(ruleset):
        assert g.state.ruleset_version == "4"
        rs = RULESETS[ruleset]
        living_wolves = tuple(s for s in g.state.living() if rs.roles[g.state.role(s)].wolf)
        assert pick.to == living_wolves and set(pack) <= set(living_wolves)
        names = g.state.names
        wolf, target, partner = pick.seat, pick.action.target, next(s for s in pack if s != pick.seat)
        assert render(pick, "en", names, ruleset, partner) == f"P{wolf} picks P{target} to attack."
        assert render(pick, "en", names, ruleset, wolf) == f"You pick P{target} to attack."
        assert render(pick, "ja", names, ruleset, partner) == f"P{wolf}さんはP{target}さんを襲撃先に選びました。"
        assert render(pick, "zh-Hans", names, ruleset, partner) == f"P{wolf}选择袭击P{target}。"
        attack = "擊殺" if ruleset == "langrensha" else "襲擊"  # langrensha.md: 擊殺一名村民
        assert render(pick, "zh-Hant", names, ruleset, partner) == f"P{wolf}選擇{attack}P{target}。"
        moderator = render(pick, "en", names, ruleset, MODERATOR)
        assert moderator is not None and f"P{wolf}" in moderator and f"P{target}" in moderator
        others = [s for s in range(1, g.state.seats + 1) if s not in living_wolves]
        assert pick not in g.feed(others[0]) and pick not in g.feed(SPECTATOR) and pick in g.feed(partner)


@pytest.mark.parametrize("ruleset", GAMES)
def test_rule_wolves_pick_stays_private_in_games_pinned_to_version_3(ruleset):
    for g, pick, pack in picks(ruleset, "3"):
        assert g.state.ruleset_version == "3" and pick.to == (pick.seat,)
        partner = next(s for s in pack if s != pick.seat)
        assert pick not in g.feed(partner)
        assert verify(g.events).ok


def night0(ruleset: str, version: str | None = None) -> Script:
    preset = GAMES[ruleset]
    seats = RULESETS[ruleset].preset_seats()[preset]
    with deployed(ruleset, version) if version else nullcontext():
        g = Script(ruleset, seats, preset=preset, seed=3, names=tuple(f"P{i}" for i in range(1, seats + 1)))
    g.start()
    assert g.step_name() == "night" and g.state.day == 0
    return g


@pytest.mark.parametrize("ruleset", ["jinro9", "ultimate13"])
def test_rule_wolves_night_0_ends_when_every_wolf_is_done(ruleset):
    g = night0(ruleset)
    wolves = g.seat_of("werewolf")
    for wolf in wolves:
        assert [d.kind for d in g.views[wolf].decisions] == ["whisper", "done"]  # the whisper first
        assert isinstance(g.act(wolf, "sleep"), RuleViolation)
    for seat in g.state.step.owing():
        if seat not in wolves:
            g.ok(g.act(seat, "sleep"))
    first, *rest = wolves
    out = g.ok(g.act(first, "done"))
    assert g.step_name() == "night" and g.state.day == 0  # the others still meet
    (done,) = [e for e in out if isinstance(e, Act)]
    assert done.to == tuple(wolves)
    assert render(done, "en", g.state.names, ruleset, rest[0]) == f"P{first} is done whispering for tonight."
    assert render(done, "ja", g.state.names, ruleset, rest[0]) == f"P{first}さんは今夜の密談を終えました。"
    assert render(done, "en", g.state.names, ruleset, first) == "You are done whispering for tonight."
    g.ok(g.act(rest[0], "whisper", text="one more thing"))  # a wolf that is done may still whisper
    for wolf in rest:
        assert g.step_name() == "night"
        g.ok(g.act(wolf, "done"))
    assert g.step_name() != "night" and g.state.day == 1
    assert verify(g.events).ok


@pytest.mark.parametrize("ruleset", ["jinro9", "ultimate13"])
def test_rule_wolves_night_0_ends_at_its_deadline_without_every_done(ruleset):
    g = night0(ruleset)
    wolves = g.seat_of("werewolf")
    for seat in g.state.step.owing():
        if seat != wolves[0]:
            g.ok(g.act(seat, "sleep" if seat not in wolves else "done"))
    for _ in range(g.state.options["retries"]):
        out = g.timeout()
        (reminder,) = [e for e in out if isinstance(e, Notice)]
        assert reminder.to == (wolves[0],) and reminder.args["kinds"] == ["done"]
    g.timeout()
    assert g.state.day == 1


@pytest.mark.parametrize("ruleset", ["jinro9", "ultimate13"])
def test_rule_wolves_night_0_sleep_in_games_pinned_to_version_3(ruleset):
    g = night0(ruleset, "3")
    wolves = g.seat_of("werewolf")
    for wolf in wolves:
        assert [d.kind for d in g.views[wolf].decisions] == ["sleep", "whisper"]
        refused = g.act(wolf, "done")
        assert isinstance(refused, RuleViolation) and refused.code == "unknown_action"
    for seat in g.state.step.owing():
        g.ok(g.act(seat, "sleep"))
    assert g.state.day == 1


@pytest.mark.parametrize("lang", LANGS)
def test_text_the_wolves_pick_reads_in_every_language_for_the_pack_and_the_moderator(lang):
    for ruleset in GAMES:
        for g, pick, pack in picks(ruleset)[:1]:
            for viewer in (*pack, MODERATOR):
                assert render(pick, lang, g.state.names, ruleset, viewer)


def test_text_a_wolf_named_by_its_fellow_reads_that_it_was_picked():
    """ultimate13's wolves may attack a fellow wolf: the wolf picked reads "you", never its own name."""
    from grimoire.domain.events import Action

    pick = Act(to=(1, 2, 3), seat=1, action=Action(kind="attack", target=2))
    names = tuple(f"P{i}" for i in range(1, 14))
    reads = {lang: render(pick, lang, names, "ultimate13", 2) for lang in LANGS}
    assert reads == {
        "ja": "P1さんはあなたを襲撃先に選びました。",
        "zh-Hans": "P1选择袭击你。",
        "zh-Hant": "P1選擇襲擊你。",
        "en": "P1 picks you to attack.",
    }
    assert render(pick, "en", names, "ultimate13", 3) == "P1 picks P2 to attack."
