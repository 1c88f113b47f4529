"""The pack (`domain/mechanics/pack.py`): jinro9.md's 襲撃は必須 and its random default, the
partners told at the deal, the whisper cap of 人狼密談ルール."""

from __future__ import annotations

import msgspec

from grimoire.domain.events import Action, Decision, Notice, Prompt, StepOpened
from grimoire.domain.mechanics import pack
from grimoire.domain.ruleset import Table
from grimoire.domain.state import Step
from grimoire.domain.violations import RuleViolation
from tests.mechanics.table import table

ROLES = ("villager", "werewolf", "villager", "werewolf", "seer")


def attacks(**by_seat: int) -> dict[int, Action]:
    return {int(seat[1:]): Action(kind="attack", target=target) for seat, target in by_seat.items()}


def test_rule_jinro9_wolves_attack_outside_the_pack_their_partner_barred():
    state = table(ROLES, dead=(3,)).state
    d = pack.attack_decision(state, 2, [2, 4])
    assert (d.kind, d.targets, d.barred, d.optional) == ("attack", (1, 5), ((4, "target_is_wolf"),), False)


def test_rule_jinro9_the_pack_attacks_the_seat_most_named():
    g = table(ROLES)
    assert pack.attack_target(g, {**attacks(s2=5, s4=5), 1: Action(kind="sleep")}, None) == 5


def test_rule_jinro9_a_split_pack_attacks_one_of_its_picks_at_random():
    picks = {pack.attack_target(table(ROLES, seed_tail=i), attacks(s2=1, s4=5), None) for i in range(40)}
    assert picks == {1, 5}


def test_rule_jinro9_silent_wolves_attack_at_random_among_the_legal_targets():
    legal = Decision(kind="attack", targets=(3, 5))
    assert {pack.attack_target(table(ROLES, seed_tail=i), {}, legal) for i in range(40)} == {3, 5}
    assert pack.attack_target(table(ROLES), {}, None) is None
    assert pack.attack_target(table(ROLES), {}, Decision(kind="attack")) is None


def open_night(g: Table, prompts: dict[int, tuple[Decision, ...]], answers: dict[int, Action] | None = None) -> None:
    step = Step(
        no=1,
        name="night",
        opened_at=0,
        deadline=None,
        length=0,
        retries_left=0,
        extend=False,
        hold=False,
        public=(),
        prompts=prompts,
        answers=answers or {},
    )
    g.state = msgspec.structs.replace(g.state, step=step, steps=1)


def night_table(answers: dict[int, Action], seed_tail: int = 0) -> Table:
    g = table(ROLES, seed_tail=seed_tail)
    open_night(g, {w: (pack.attack_decision(g.state, w, [2, 4]),) for w in (2, 4)}, answers)
    return g


def test_rule_jinro9_the_pack_target_is_read_from_the_open_step_else_drawn_from_the_wolves_targets():
    assert pack.chosen_target(night_table(attacks(s4=3)), [2, 4]) == 3
    assert {pack.chosen_target(night_table({}, seed_tail=i), [2, 4]) for i in range(40)} == {1, 3, 5}
    assert pack.chosen_target(night_table({}), []) is None


def test_rule_jinro9_the_werewolves_are_at_least_one_and_fewer_than_the_rest():
    refused = RuleViolation(code="bad_roles", args={"reason": "wolves"})
    assert pack.size_error(0, 9) == refused
    assert pack.size_error(2, 9) is None and pack.size_error(4, 9) is None
    assert pack.size_error(3, 6) == refused


def test_rule_jinro9_the_wolves_learn_their_partners_a_lone_wolf_that_it_is_alone():
    g = table(ROLES)
    pack.tell_partners(g, (2, 4))
    pack.tell_partners(g, (4,))
    pack.tell_partners(g, ())
    partners, alone = g.events
    assert isinstance(partners, Notice) and isinstance(alone, Notice)
    assert (partners.key, partners.to, partners.learn, partners.args) == (
        "wolves.partners",
        (2, 4),
        {2: "werewolf", 4: "werewolf"},
        {"seats": [2, 4]},
    )
    assert (alone.key, alone.to) == ("wolves.alone", (4,))


def test_rule_jinro9_whispers_stop_at_the_cap_and_the_whisper_is_withdrawn():
    assert not pack.whisper_capped(None, 99)
    assert not pack.whisper_capped(10, 9) and pack.whisper_capped(10, 10)
    g = table(ROLES)
    whisper = pack.whisper_decision(g.state)
    assert (whisper.kind, whisper.text, whisper.repeatable) == ("whisper", 100, True)
    open_night(g, {2: (Decision(kind="attack"), whisper), 4: (Decision(kind="attack"),)})
    pack.close_whispers(g, (2, 4))
    closed, withdrawn = g.events
    assert isinstance(closed, Notice) and (closed.key, closed.to) == ("whisper.closed", (2, 4))
    assert isinstance(withdrawn, Prompt) and (withdrawn.seat, withdrawn.withdraw) == (2, ("whisper",))
    assert not any(isinstance(e, StepOpened) for e in g.events)


def test_a_whisper_must_say_something():
    assert pack.whisper_refusal(Action(kind="whisper")) == "text_required"
    assert pack.whisper_refusal(Action(kind="whisper", text="")) == "text_required"
    assert pack.whisper_refusal(Action(kind="whisper", text="x")) is None
    assert pack.whisper_refusal(Action(kind="speak")) is None


def test_rule_wolves_choose_together_a_pick_and_a_done_reach_the_living_pack():
    """Version 4 (`pack.WOLVES_SEE_PICKS`): the living wolves read each other's pick and "we are done";
    any other action is not the pack's to read."""
    assert pack.pick_audience([2, 4], Action(kind="attack", target=5)) == (2, 4)
    assert pack.pick_audience([2, 4], Action(kind="done")) == (2, 4)
    assert pack.pick_audience([2, 4], Action(kind="sleep")) is None
    assert pack.pick_audience([2, 4], Action(kind="whisper", text="x")) is None
