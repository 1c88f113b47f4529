"""Speaking turns (`domain/mechanics/speaking.py`): jinro9.md's 発言順の決定 and its two rounds,
ultimate13.md's free discussion."""

from __future__ import annotations

import msgspec

from grimoire.domain.events import Action, SpeakingOrder, StepOpened
from grimoire.domain.mechanics import speaking
from grimoire.domain.ruleset import Ruleset
from tests.mechanics.table import table

NINE = ("villager",) * 9


def test_rule_jinro9_the_order_goes_round_in_seat_order_past_the_last_seat():
    g = table(NINE, dead=(9,))
    speaking.announce_order(g, g.state.living(), 7, rounds=2)
    (order,) = g.events
    assert isinstance(order, SpeakingOrder)
    assert (order.seats, order.rounds) == ((7, 8, 1, 2, 3, 4, 5, 6), 2)


def test_rule_jinro9_day1_starts_at_a_random_living_seat():
    g = table(NINE, dead=(3,), day=1)
    first = speaking.first_speaker(g, (), (), None)
    assert first in g.state.living()


def test_rule_jinro9_later_days_start_after_the_lowest_of_the_morning_dead():
    g = table(NINE, dead=(4, 8, 5), day=3)
    assert speaking.first_speaker(g, (1, 2, 3), (8, 4), executed_yesterday=6) == 6


def test_rule_jinro9_no_morning_dead_starts_after_yesterdays_executed():
    g = table(NINE, dead=(9,), day=3)
    assert speaking.first_speaker(g, (2, 3), (), executed_yesterday=9) == 1


def test_rule_jinro9_neither_starts_where_yesterday_started():
    g = table(NINE, day=3)
    assert speaking.first_speaker(g, (5, 6, 7), (), None) == 5


def test_next_living_skips_the_dead_and_wraps_round():
    state = table(NINE, dead=(1, 2, 8)).state
    assert speaking.next_living(state, 7) == 9
    assert speaking.next_living(state, 9) == 3


def test_rule_jinro9_two_rounds_of_one_optional_speech_each():
    order = (3, 1, 2)
    assert speaking.turns_left(order, 2, 5) and not speaking.turns_left(order, 2, 6)
    g = table(("villager",) * 3)
    speaking.open_turn(g, order, 4)
    (step,) = g.events
    assert isinstance(step, StepOpened)
    assert (step.name, step.seats) == ("speech", (1,))
    assert (step.decisions[0].kind, step.decisions[0].optional, step.decisions[0].text) == ("speak", True, 100)


def test_rule_ultimate13_free_discussion_speaks_at_will_until_ready():
    g = table(("villager",) * 4)
    speaking.open_free_discussion(g, [1, 2, 4])
    (step,) = g.events
    assert isinstance(step, StepOpened)
    assert (step.name, step.seats, step.extend) == ("discussion", (1, 2, 4), False)
    assert [(d.kind, d.repeatable) for d in step.decisions] == [("speak", True), ("ready", False)]


def test_rule_langrensha_a_first_speaker_who_died_since_yesterday_passes_to_the_next_living_seat():
    g = table(NINE, dead=(5, 6), day=3)
    assert speaking.first_speaker(g, (5, 6, 7), (), None) == 7


def test_speeches_are_public_whispers_reach_the_pack_and_the_rest_only_the_actor():
    state = table(NINE).state
    pack = lambda state: [2, 4]  # noqa: E731
    for kind in ("speak", "last_words", "ready"):
        assert speaking.audience(state, 3, Action(kind=kind), pack) == "public"
    assert speaking.audience(state, 2, Action(kind="whisper", text="x"), pack) == (2, 4)
    assert speaking.audience(state, 3, Action(kind="vote", target=1), pack) == (3,)


def test_the_speaking_order_folds_into_its_turns():
    state = msgspec.structs.replace(table(NINE).state, x=Turns(turn=5))
    state = speaking.fold_order(Ruleset(), state, SpeakingOrder(at=1, seats=(3, 1), rounds=2))
    assert (state.x.order, state.x.rounds, state.x.turn) == ((3, 1), 2, 0)
    for name in ("speech", "vote", "speech"):
        state = speaking.fold_turn(Ruleset(), state, StepOpened(at=1, step=1, name=name, deadline=None))
    assert state.x.turn == 2


class Turns(msgspec.Struct, frozen=True, kw_only=True):
    order: tuple[int, ...] = ()
    rounds: int = 0
    turn: int = 0
