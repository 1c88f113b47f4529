"""witch_trial, rule by rule: each test is named after the rule, ruling or FAQ answer it checks."""

from collections import Counter

import msgspec

from grimoire.domain.catalog import decide, initial_state
from grimoire.domain.events import (
    Act,
    CreateGame,
    DeathCause,
    Defaulted,
    Died,
    GameEnded,
    PhaseStarted,
    StepOpened,
    VoteResult,
    sees,
)
from grimoire.domain.rulesets.witch_trial.data import POOLS
from grimoire.domain.rulesets.witch_trial.facts import (
    AttackMade,
    AttackUnfit,
    AttackVoided,
    CardsDealt,
    CardUsed,
    FirstFound,
    LootQueued,
    OfferHeld,
    OfferMade,
    TradeAccepted,
    TradeRefused,
    WitchKillerPassed,
    WitchKillerReceived,
    WitchKillerSeized,
)
from grimoire.domain.texts import LANGS
from grimoire.domain.violations import RuleViolation
from grimoire.projections.render import render
from tests.support.harness import Game
from tests.support.witch_trial import (
    B,
    C,
    K,
    P,
    W,
    bot_game,
    conserved,
    day,
    deal,
    hand,
    last_night,
    loot,
    morning,
    night,
    noon,
    notices,
    ok,
    step,
    vote,
)

replace = msgspec.structs.replace
FULL = (B, B, B, B)


def refused(out, code=None) -> bool:
    return isinstance(out, RuleViolation) and (code is None or out.code == code)


def to_night(g: Game, votes=None, offers=None, answers=None) -> None:
    morning(g)
    noon(g, offers, answers)
    vote(g, votes)


def public_steps(g: Game, name: str) -> list[StepOpened]:
    return [e for e in g.events if isinstance(e, StepOpened) and e.name == name]


# --- setup (2.1, 2.4, ruling 1) --------------------------------------------------------------------


def test_rule_2_4_and_ruling_1_pools_of_seven_eight_and_nine_are_dealt_whole():
    for n, size in ((7, 28), (8, 32), (9, 36)):
        g = Game("witch_trial", n, seed=n)
        ok(g.start())
        assert len(POOLS[str(n)]) == size and POOLS[str(n)].count(W) == 1
        dealt = Counter(c for s in range(1, n + 1) for c in g.state.x.hands[s])
        assert dealt == Counter(POOLS[str(n)])


def test_ruling_1_other_sizes_need_a_custom_pool_of_four_per_seat_with_one_witch_killer():
    def create(seats, roles=(), preset=None):
        return decide(
            initial_state(),
            CreateGame(game_id="g", ruleset="witch_trial", seats=seats, roles=roles, preset=preset, seed="00" * 32),
        )

    assert refused(create(5), "bad_pool")
    assert refused(create(5, (W,) + (B,) * 18), "bad_pool")
    assert refused(create(5, (W, W) + (B,) * 18), "bad_pool")
    assert refused(create(5, (B,) * 20), "bad_pool")
    assert refused(create(5, ("sword",) + (W,) + (B,) * 18), "bad_pool")
    assert refused(create(7, preset="9"), "bad_pool")
    assert not refused(create(5, (W,) + (B,) * 10 + (K,) * 5 + (P,) * 2 + (C,) * 2))
    message = create(5)
    assert all(text and not text.startswith("error.") for text in message.messages().values())


def test_rule_2_1_each_player_is_dealt_four_cards_it_alone_sees():
    g = Game("witch_trial", 9, seed=4)
    ok(g.start())
    for s in range(1, 10):
        assert sorted(g.views[s].private["hand"]) == sorted(g.state.x.hands[s])
        assert len(g.views[s].private["hand"]) == 4
        dealt = [e for e in g.events if isinstance(e, CardsDealt)]
        assert [e.seat for e in dealt if sees(e.to, s)] == [s]
    assert "hand" not in g.views["spectator"].private


# --- the day (3.1, ruling 3) -----------------------------------------------------------------------


def test_ruling_3_day_order_announcement_morning_noon_evening_night_one_step_each():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), FULL)
    day(g, offers={2: (3, K), 4: (3, B)}, answers={3: None}, uses=[(1, W, 2)])
    phases = [(e.phase, e.day) for e in g.events if isinstance(e, PhaseStarted)]
    assert phases == [("morning", 1), ("noon", 1), ("evening", 1), ("night", 1), ("dawn", 2), ("morning", 2)]
    names = [e.name for e in g.events if isinstance(e, StepOpened)]
    assert names == ["morning", "noon", "vote", "night", "loot", "morning"]


def test_rule_1_2_seven_days_then_every_survivor_wins():
    g = deal((W, B, B, B), FULL, FULL, FULL, FULL)
    for _ in range(7):
        day(g)
    ended = g.events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "days_over"
    # the holder wrecks on night 2, each heir two nights later: three of five are dead
    assert len(g.state.living()) == 2 and ended.winners == tuple(g.state.living())
    assert set(g.state.x.causes.values()) == {"wreck"}
    assert conserved(g)


def test_ruling_2_a_game_that_ends_after_day_7_reports_day_7_in_its_final_view():
    g = deal((W, B, B, B), FULL, FULL, FULL, FULL)
    for _ in range(7):
        day(g)
    assert g.state.status == "ended" and g.state.day == 7
    assert {v.day for v in g.views.values()} == {7} and {v.status for v in g.views.values()} == {"ended"}
    assert max(e.day for e in g.events if isinstance(e, PhaseStarted)) == 7


def test_ruling_2_the_last_nights_dead_are_announced_on_the_day_the_game_ends():
    g = deal((W, B, B, B), FULL, FULL, days=2)
    day(g)
    day(g)  # the holder wrecks at the end of the last night
    died, ended = g.events[-3], g.events[-1]
    assert isinstance(died, Died) and died.seats == (1,) and died.to == "public"
    assert isinstance(ended, GameEnded) and ended.winners == (2, 3)
    assert {v.day for v in g.views.values()} == {2} and g.views["spectator"].alive == (False, True, True)
    early = deal((W, B, B, B), FULL, FULL)
    day(early, uses=[(1, W, 2)])
    morning(early)
    noon(early)
    vote(early)
    night(early, [(1, W, 3)])  # at most one lives after night 2
    assert early.events[-1].reason == "early_end" and {v.day for v in early.views.values()} == {2}


def test_ruling_2_days_is_an_option():
    g = deal((W, B, B, B), FULL, FULL, FULL, FULL, days=1)
    day(g)
    assert g.state.status == "ended" and g.events[-1].reason == "days_over"
    assert g.events[-1].winners == (1, 2, 3, 4, 5)


def test_rule_1_3_early_end_when_at_most_one_lives():
    g = deal((W, B, B, B), FULL)
    day(g, uses=[(1, W, 2)])
    ended = g.events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "early_end" and ended.winners == (1,)
    assert not public_steps(g, "loot")


def test_ruling_2_if_nobody_lives_nobody_wins():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    day(g, uses=[(1, W, 3), (2, K, 4)])
    day(g)
    day(g)  # both witches end their second night without a kill
    ended = g.events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "early_end" and ended.winners == ()
    assert causes_of(g) == {1: "wreck", 2: "wreck", 3: W, 4: K} and conserved(g)


# --- cards (2.3, ruling 5) -------------------------------------------------------------------------


def test_rule_4_1_witch_killer_is_not_consumed():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    day(g, uses=[(1, W, 2)])
    assert 2 not in g.state.living() and hand(g, 1)[W] == 1
    assert causes_of(g) == {2: W}


def causes_of(g):
    return dict(g.state.x.causes)


def test_rule_2_3_barrier_blocks_every_attack_and_tells_its_user():
    g = deal((W, B, B, B), (K, B, B, B), (B, B, B, P), FULL)
    to_night(g)
    night(g, [(3, B), (1, W, 3), (2, K, 3)])
    assert 3 in g.state.living()
    assert [n.to for n in notices(g, 3, "barrier.success")] == [(3,)]
    assert not notices(g, 1, "barrier.success") and not notices(g, 2, "barrier.success")
    assert hand(g, 3) == Counter({B: 2, P: 1}) and hand(g, 2)[K] == 0  # a blocked 杀人魔法 is spent


def test_rule_9_1_barrier_with_no_attack_gives_no_feedback():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    to_night(g)
    night(g, [(3, B), (1, W, 2)])
    assert not notices(g, 3, "barrier.success") and hand(g, 3)[B] == 3


def test_rule_2_3_probe_shows_hand_size_and_one_card_with_witch_killer_shown_as_kill_magic():
    shown = set()
    for seed in range(16):
        g = deal((W, B, B, B), (P, B, B, B), FULL, FULL, seed=seed)
        to_night(g)
        night(g, [(2, P, 1)])
        [result] = notices(g, 2, "probe.result")
        assert result.to == (2,) and result.args["count"] == 4
        shown.add(result.args["card"])
        assert not [e for e in g.events if sees(e.to, 1) and isinstance(e, type(result)) and e.key.startswith("probe")]
    assert shown == {B, K}


def test_rule_2_3_probe_of_an_empty_hand_learns_only_zero():
    g = deal((W, B, B, B), (P, B, B, B), FULL, FULL)
    to_night(g)
    x = g.state.x
    g.state = replace(g.state, x=replace(x, hands={**x.hands, 3: ()}, discard=x.discard + FULL))
    night(g, [(2, P, 3)])
    [result] = notices(g, 2, "probe.empty")
    assert result.args == {"target": 3}


def test_rule_2_3_check_tells_whether_a_dead_player_died_to_the_witch_killer():
    g = deal((W, B, B, B), (K, C, C, C), FULL, FULL, FULL)
    to_night(g)
    assert not any(d.kind == C for d in g.views[2].decisions)  # nobody is dead yet
    assert refused(g.act(2, C, 1))
    night(g, [(1, W, 3)])
    loot(g)
    to_night(g)
    assert refused(g.act(2, C, 4), "target_illegal")
    night(g, [(2, C, 3), (1, W, 4)])
    assert [n.key for n in notices(g, 2) if n.key.startswith("check")] == ["check.yes"]
    loot(g)
    to_night(g)
    night(g, [(2, K, 5), (1, W, 2)])  # 1's witch-killer attack lands first: 2 dies before its turn
    loot(g)
    assert causes_of(g)[2] == W and 5 in g.state.living()


def test_rule_2_3_check_of_a_kill_magic_or_wreck_death_is_no():
    g = deal((W, B, B, B), (K, C, C, C), FULL, FULL, FULL)
    to_night(g)
    night(g, [(2, K, 3)])
    loot(g)
    to_night(g)
    night(g, [(2, C, 3)])
    assert [n.key for n in notices(g, 2) if n.key.startswith("check")] == ["check.no"]
    assert causes_of(g)[1] == "wreck"  # no kill on nights 1 and 2
    loot(g)
    to_night(g)
    night(g, [(2, C, 1)])
    assert [n.key for n in notices(g, 2) if n.key.startswith("check")] == ["check.no", "check.no"]


def test_ruling_5_card_targets():
    g = deal((W, B, B, B), (K, P, B, B), FULL, FULL)
    to_night(g)
    kinds = {d.kind: d for d in g.views[2].decisions}
    assert set(kinds) == {K, P, B, "pass"}
    assert kinds[K].targets == (1, 3, 4) and kinds[P].targets == (1, 3, 4) and kinds[B].targets == ()
    assert refused(g.act(2, K, 2), "self_target")
    assert refused(g.act(2, B, 3), "target_not_allowed")
    assert refused(g.act(2, C, 3), "wrong_phase")  # a card it does not hold


def test_rule_3_6_and_4_1_witch_killer_holder_may_use_only_witch_killer_q10():
    g = deal((W, K, P, B), (K, B, B, B), FULL, FULL)
    to_night(g)
    assert {d.kind for d in g.views[1].decisions} == {W, "pass"}
    for card, target in ((K, 2), (P, 2), (B, None), (C, 2)):  # C: a card it does not even hold
        out = g.act(1, card, target)
        assert refused(out, "witch_killer_only")
        texts = out.messages()
        assert len(set(texts.values())) == 4 and not any(t.startswith("error.") for t in texts.values())
    ok(g.act(1, W, 2))
    assert refused(g.act(1, K, 3), "witch_killer_only")  # nor may it change its use to another card
    assert refused(g.act(2, W, 1), "wrong_phase")  # a seat without it is answered from its own hand


def test_rule_3_6_witch_killer_holder_may_use_only_witch_killer_whether_dealt_seized_or_inherited():
    g = deal((W, B, B, B), (K, P, B, B), (P, C, B, B), FULL, FULL)
    to_night(g)
    night(g, [(2, K, 1)])  # 2 kills the holder and must take the Witch Killer
    loot(g)
    to_night(g)
    assert hand(g, 2) == Counter({W: 1, P: 1, B: 2})
    assert {d.kind for d in g.views[2].decisions} == {W, "pass"}
    assert refused(g.act(2, P, 3), "witch_killer_only") and refused(g.act(2, B), "witch_killer_only")
    night(g)
    loot(g)
    day(g)  # 2 ends its second night without a kill: the Witch Killer goes to a random survivor
    heir = next(s for s in g.state.living() if W in g.state.x.hands[s])
    to_night(g)
    assert {d.kind for d in g.views[heir].decisions} == {W, "pass"}
    assert refused(g.act(heir, B), "witch_killer_only")


def test_rule_3_6_an_imprisoned_holder_may_use_nothing():
    g = deal((W, K, B, B), FULL, FULL, FULL)
    to_night(g, votes={2: 1, 3: 1, 4: 1})
    assert g.state.x.imprisoned == 1 and [d.kind for d in g.views[1].decisions] == ["pass"]
    assert refused(g.act(1, W, 2), "wrong_phase") and refused(g.act(1, K, 2), "wrong_phase")


def test_rule_3_6_imprisoned_player_cannot_use_any_card():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    to_night(g, votes={1: 2, 3: 2, 4: 2})
    assert g.state.x.imprisoned == 2
    assert [d.kind for d in g.views[2].decisions] == ["pass"]
    assert refused(g.act(2, K, 3), "wrong_phase")


# --- imprisonment (3.5, 7, ruling 4) ---------------------------------------------------------------


def test_rule_7_1_and_ruling_4_imprisonment_vote_is_open_and_valid_only_with_more_than_half_voting():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    morning(g)
    noon(g)
    vote(g, {1: 2, 3: 2})  # 2 of 4 living is not more than half
    result = [e for e in g.events if isinstance(e, VoteResult)][-1]
    assert result.to == "public" and result.ballots == {1: 2, 2: None, 3: 2, 4: None} and result.chosen is None
    assert notices(g, "spectator", "imprison.invalid")
    assert all(e.to == (e.seat,) for e in g.events if isinstance(e, Act) and e.action.kind == "vote")
    night(g, [(1, W, 2)])
    loot(g)
    morning(g)
    noon(g)
    vote(g, {1: 3, 3: 4, 4: 3})
    assert [e for e in g.events if isinstance(e, VoteResult)][-1].chosen == 3
    assert g.state.x.imprisoned == 3


def test_rule_3_5_and_ruling_4_a_tie_imprisons_nobody():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    morning(g)
    noon(g)
    vote(g, {1: 2, 2: 1, 3: 2, 4: 1})
    result = [e for e in g.events if isinstance(e, VoteResult)][-1]
    assert result.chosen is None and result.tied == (1, 2) and notices(g, 4, "imprison.tie")
    assert g.state.x.imprisoned is None


def test_rule_7_2_imprisoned_player_can_still_be_attacked_and_imprisonment_lasts_one_night():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    to_night(g, votes={1: 3, 2: 3, 4: 3})
    night(g, [(1, W, 3)])
    assert 3 not in g.state.living() and g.state.x.imprisoned is None


# --- attacks (4.4, 4.5, rulings 7 and 8) -----------------------------------------------------------


def test_rule_4_4_three_attacks_a_night_over_the_cap_told_unfit_and_card_kept_q6():
    hands = ((W, B, B, B), (K, B, B, B), (K, B, B, B), (K, B, B, B), (K, B, B, B), FULL)
    g = deal(*hands)
    to_night(g)
    night(g, [(2, K, 6), (3, K, 6), (4, K, 6), (5, K, 6)])  # the holder does not attack: three slots
    assert [e.seat for e in last_night(g, AttackUnfit)] == [5]
    assert [n.to for n in notices(g, "moderator", "attack.unfit")] == [(5,)]
    assert hand(g, 5)[K] == 1 and hand(g, 4)[K] == 0
    g = deal(*hands)
    to_night(g)
    night(g, [(2, K, 6), (3, K, 6), (4, K, 6), (5, K, 6), (1, W, 6)])  # it attacks: two are left
    assert [e.seat for e in last_night(g, AttackUnfit)] == [4, 5]
    assert causes_of(g)[6] == W
    assert hand(g, 4)[K] == 1 and hand(g, 5)[K] == 1 and hand(g, 3)[K] == 0


def test_rule_4_5_kill_magic_on_a_holder_who_targets_you_you_die_and_keep_the_card():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), FULL)
    to_night(g)
    night(g, [(2, K, 1), (1, W, 2)])
    assert g.state.living() == [1, 3, 4] and causes_of(g) == {2: W}
    assert Counter(g.state.x.corpses[2])[K] == 1  # not spent
    assert hand(g, 1)[W] == 1


def test_rule_4_5_kill_magic_on_a_holder_whose_attack_on_another_lands_misses_and_is_spent():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    to_night(g)
    night(g, [(2, K, 1), (1, W, 3)])
    assert g.state.living() == [1, 2, 4] and hand(g, 2)[K] == 0 and hand(g, 1)[W] == 1
    assert 2 not in g.state.x.witches


def test_rule_4_5_kill_magic_on_a_holder_whose_attack_is_blocked_kills_and_takes_the_witch_killer():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    to_night(g)
    night(g, [(3, B), (2, K, 1), (1, W, 3)])
    assert g.state.living() == [2, 3, 4] and causes_of(g) == {1: K}
    assert hand(g, 2) == Counter({W: 1, B: 3}) and sorted(g.views[2].private["hand"]) == sorted(hand(g, 2).elements())
    assert notices(g, 3, "barrier.success")


def test_ruling_8_a_kill_on_a_holder_who_did_not_attack_succeeds_and_hands_over_the_witch_killer():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    to_night(g)
    night(g, [(2, K, 1)])
    assert causes_of(g) == {1: K} and hand(g, 2)[W] == 1
    moved = [e for e in g.events if isinstance(e, (WitchKillerSeized, WitchKillerPassed))]
    assert [(e.to, type(e)) for e in moved] == [((2,), WitchKillerSeized)]


def test_rule_4_5_several_attackers_on_one_target_the_first_to_submit_kills():
    g = deal((W, B, B, B), (K, B, B, B), (K, B, B, B), FULL)
    to_night(g)
    night(g, [(3, K, 4), (2, K, 4)])
    assert causes_of(g) == {4: K}
    assert 3 in g.state.x.witches and 2 not in g.state.x.witches
    assert hand(g, 2)[K] == 0 and hand(g, 3)[K] == 0
    assert [(e.corpse, e.looters) for e in last_night(g, LootQueued)] == [(4, (3, 2))]


def test_ruling_8_the_witch_killer_attack_always_resolves_first_and_takes_the_kill():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    to_night(g)
    night(g, [(2, K, 4), (1, W, 4)])
    assert causes_of(g) == {4: W} and hand(g, 2)[K] == 0
    assert [(e.corpse, e.looters) for e in last_night(g, LootQueued)] == [(4, (2,))]


def test_ruling_8_an_attacker_who_dies_before_its_turn_does_nothing_and_keeps_its_card():
    g = deal((W, B, B, B), (K, B, B, B), (K, B, B, B), FULL)
    to_night(g)
    night(g, [(2, K, 3), (3, K, 4)])
    assert g.state.living() == [1, 2, 4]
    assert Counter(g.state.x.corpses[3])[K] == 1


def test_ruling_7_a_changed_use_takes_the_place_of_its_last_change():
    g = deal((W, B, B, B), (K, B, B, B), (K, B, B, B), FULL)
    to_night(g)
    ok(g.act(2, K, 4))
    ok(g.act(3, K, 4))
    ok(g.act(2, B))
    ok(g.act(2, K, 4))  # 2 now submitted after 3
    ok(g.act(1, "pass"))
    ok(g.act(4, "pass"))
    assert 3 in g.state.x.witches and 2 not in g.state.x.witches


# --- loot (6.2, 6.3, rulings 9 and 11) -------------------------------------------------------------


def test_rule_6_2_situation_1_witch_killer_victim_holder_takes_nothing_q8():
    g = deal((W, B, B, B), FULL, (P, B, B, B), (K, C, C, C))
    to_night(g)
    night(g, [(3, P, 2), (1, W, 4)])
    assert step(g) == "loot" and not g.views[1].decisions
    assert not notices(g, 1, "loot.look")
    loot(g)
    found = [e for e in g.events if isinstance(e, FirstFound)]
    assert [e.to for e in found] == [(3,)]  # the only seat under four cards that did not attack
    assert found[0].corpse == 4 and hand(g, 3).total() == 4
    [unclaimed] = notices(g, 2, "loot.unclaimed")
    assert unclaimed.to == "public" and Counter(unclaimed.args["cards"] + [found[0].card]) == Counter([K, C, C, C])
    assert g.state.x.corpses[4] == () and conserved(g)


def test_rule_6_2_situation_2_the_killer_sees_the_hand_and_may_take_one_then_a_first_finder():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, C, P, B))
    to_night(g)
    night(g, [(3, P, 1), (2, K, 4)])
    [look] = notices(g, "moderator", "loot.look")
    assert look.to == (2,) and sorted(look.args["cards"]) == sorted([C, C, P, B])
    take = {d.kind: d for d in g.views[2].decisions}[("take")]
    assert take.options == (B, P, C)
    loot(g, {2: P})
    assert hand(g, 2) == Counter({B: 3, P: 1})
    found = [e for e in g.events if isinstance(e, FirstFound)]
    assert [e.to for e in found] == [(3,)]
    [unclaimed] = notices(g, 1, "loot.unclaimed")
    assert len(unclaimed.args["cards"]) == 2 and conserved(g)


def test_rule_6_2_the_killer_may_take_nothing_and_is_never_the_first_finder():
    g = deal((W, B, B, B), (K, B, B, B), FULL, (C, C, P, B))
    to_night(g)
    night(g, [(2, K, 4)])
    loot(g, {2: None})
    assert hand(g, 2).total() == 3
    assert not [e for e in g.events if isinstance(e, FirstFound)]
    assert sorted(notices(g, 3, "loot.unclaimed")[0].args["cards"]) == sorted([C, C, P, B])


def test_rule_6_2_situation_3_a_late_attacker_loots_after_the_killer_q9():
    g = deal((W, B, B, B), (K, B, B, B), (K, B, B, B), (C, C, P, B))
    to_night(g)
    night(g, [(2, K, 4), (3, K, 4)])
    assert hand(g, 3)[K] == 0  # Q9: spent
    assert step(g) == "loot" and g.views[2].decisions and not g.views[3].decisions
    ok(g.act(2, "take", option=P))
    [look] = notices(g, 3, "loot.look")
    assert sorted(look.args["cards"]) == sorted([C, C, B])
    assert refused(g.act(2, "take", option=C), "already_answered")
    ok(g.act(3, "take", option=C))
    ok(g.timeout())
    assert hand(g, 2)[P] == 1 and hand(g, 3)[C] == 1
    assert sorted(notices(g, 1, "loot.unclaimed")[0].args["cards"]) == [B, C]


def test_rule_6_2_a_looters_choice_is_final_and_its_view_says_so():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, C, P, B))
    to_night(g)
    night(g, [(2, K, 4)])
    assert step(g) == "loot" and {d.kind for d in g.views[2].decisions} == {"take", "pass"}
    assert all(d.final for d in g.views[2].decisions)
    ok(g.act(2, "pass"))
    assert g.views[2].answered is not None
    assert refused(g.act(2, "take", option=C), "already_answered")
    assert refused(g.act(2, "pass"), "already_answered")


def test_rule_6_2_situation_4_killing_the_holder_forces_the_witch_killer_instead_of_a_pick():
    g = deal((W, C, P, B), (K, B, B, B), (P, B, B, B), FULL)
    to_night(g)
    night(g, [(3, P, 4), (2, K, 1)])
    assert hand(g, 2)[W] == 1
    assert [d.kind for d in g.views[2].decisions] == ["pass"]
    assert notices(g, 2, "loot.look")
    loot(g)
    found = [e for e in g.events if isinstance(e, FirstFound)]
    assert [e.to for e in found] == [(3,)] and found[0].card in (C, P, B)


def test_ruling_9_the_loot_window_is_the_same_every_night():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL, FULL)
    to_night(g)
    night(g, [(2, K, 4)])  # a kill with a looter
    first = public_steps(g, "loot")[-1]
    loot(g)
    to_night(g)
    night(g, [(1, W, 5)])  # a kill with none
    second = public_steps(g, "loot")[-1]
    loot(g)
    to_night(g)
    night(g)  # no death
    third = public_steps(g, "loot")[-1]
    shape = [(e.deadline - e.at, e.seats, e.decisions, e.hold, e.extend) for e in (first, second, third)]
    assert shape[0] == shape[1] == shape[2]


def test_rule_3_2_unclaimed_cards_are_revealed_by_name_and_discarded_q4_when_every_hand_is_full():
    g = deal((W, B, B, B), FULL, FULL, (K, P, C, B))
    to_night(g)
    night(g, [(1, W, 4)])
    loot(g)
    [unclaimed] = notices(g, 2, "loot.unclaimed")
    assert sorted(unclaimed.args["cards"]) == sorted([K, P, C, B])
    assert Counter(g.state.x.discard) == Counter([K, P, C, B]) and conserved(g)
    assert not [e for e in g.events if isinstance(e, FirstFound)]


def test_rule_6_3_and_ruling_11_wreck_death_gives_the_witch_killer_to_a_random_survivor_even_a_full_hand():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    day(g)
    day(g)
    assert causes_of(g) == {1: "wreck"}
    heir = next(s for s in g.state.living() if W in g.state.x.hands[s])
    assert hand(g, heir).total() == 5  # the forced fifth card
    [curse] = [e for e in g.events if isinstance(e, WitchKillerReceived)]
    assert curse.to == (heir,) and curse.seat == heir
    assert not [e for e in g.events if isinstance(e, (WitchKillerSeized, WitchKillerPassed)) and e.to != "moderator"]
    assert sorted(notices(g, 2, "loot.unclaimed")[0].args["cards"]) == [B, B, B]  # every hand is full
    assert g.state.x.witches == {heir: 0}
    # a trade is a swap at any hand size
    other = next(s for s in g.state.living() if s != heir)
    morning(g)
    noon(g, offers={heir: (other, B)}, answers={other: B})
    assert hand(g, heir).total() == 5 and [e.got for e in g.events if isinstance(e, TradeAccepted)] == [B]
    assert not [e for e in g.events if isinstance(e, TradeRefused)]


def test_rule_2_2_a_full_hand_gains_no_card_until_it_is_below_four():
    g = deal((W, B, B, B), FULL, FULL, FULL, (K, B, B, B))
    day(g)
    day(g)  # 1 wrecks; its heir holds five cards
    heir = next(s for s in g.state.living() if W in g.state.x.hands[s])
    to_night(g)
    night(g, [(heir, W, next(s for s in g.state.living() if s != heir))])
    loot(g)
    assert not [e for e in g.events if isinstance(e, FirstFound) and e.seat == heir]
    assert hand(g, heir).total() == 5


# --- 魔女化 (4.2, 4.3, ruling 10) -------------------------------------------------------------------


def test_rule_4_3_and_ruling_10_the_starting_holder_wrecks_at_the_end_of_night_two_without_a_kill():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    day(g)
    assert g.state.x.witches == {1: 1} and 1 in g.state.living()
    day(g)
    assert causes_of(g) == {1: "wreck"}
    died = [e for e in g.events if isinstance(e, Died)]
    assert [e.to for e in died] == ["public"] and not [
        e for e in g.events if isinstance(e, DeathCause) and e.to != "moderator"
    ]


def test_rule_4_2_a_kill_resets_the_witch_timer():
    g = deal((W, B, B, B), FULL, FULL, FULL, FULL)
    day(g, uses=[(1, W, 5)])
    day(g)
    assert 1 in g.state.living() and g.state.x.witches == {1: 1}
    day(g)
    assert causes_of(g)[1] == "wreck"


def test_rule_4_2_a_kill_magic_kill_makes_a_witch_counting_that_night_as_a_kill_night():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL, FULL)
    day(g, uses=[(1, W, 5), (2, K, 4)])
    assert g.state.x.witches == {1: 0, 2: 0}
    assert [n.to for n in notices(g, "moderator", "witch.become")] == [(2,)]
    day(g, uses=[(1, W, 3)])
    day(g)
    assert causes_of(g)[2] == "wreck" and 1 in g.state.living()


def test_q1_the_witch_timer_runs_while_imprisoned():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    day(g, votes={2: 1, 3: 1, 4: 1})
    day(g, votes={2: 1, 3: 1, 4: 1})
    assert causes_of(g) == {1: "wreck"}


def test_q2_a_blocked_kill_magic_does_not_make_a_witch():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    to_night(g)
    night(g, [(3, B), (2, K, 3)])
    assert 2 not in g.state.x.witches and not notices(g, 2, "witch.become")


def test_q3_the_holder_may_choose_not_to_attack_and_its_timer_runs():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    to_night(g)
    assert any(d.kind == "pass" for d in g.views[1].decisions)
    night(g, [(1, "pass")])
    assert g.state.x.witches == {1: 1}


def test_q4_when_every_hand_is_full_the_dead_players_cards_are_revealed():
    test_rule_3_2_unclaimed_cards_are_revealed_by_name_and_discarded_q4_when_every_hand_is_full()


def test_q5_killing_the_holder_with_kill_magic_makes_one_witch_not_two():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL, FULL)
    day(g, uses=[(2, K, 1)])
    assert g.state.x.witches == {2: 0}
    day(g)
    assert g.state.x.witches == {2: 1}
    day(g)
    assert causes_of(g)[2] == "wreck"


def test_q6_attack_slots_with_and_without_the_witch_killer():
    test_rule_4_4_three_attacks_a_night_over_the_cap_told_unfit_and_card_kept_q6()


def test_q7_and_rule_3_7_the_probe_sees_the_hand_before_tonights_use():
    g = deal((W, B, B, B), (P, B, B, B), (K, K, K, K), FULL)
    to_night(g)
    night(g, [(3, K, 4), (2, P, 3)])
    [result] = notices(g, 2, "probe.result")
    assert result.args == {"target": 3, "count": 4, "card": K}
    assert hand(g, 3) == Counter({K: 3})


def test_q8_the_witch_killer_killer_never_takes_the_victims_cards():
    test_rule_6_2_situation_1_witch_killer_victim_holder_takes_nothing_q8()


def test_q9_a_kill_magic_on_an_already_dead_target_is_spent():
    test_rule_6_2_situation_3_a_late_attacker_loots_after_the_killer_q9()


def test_q10_the_holder_cannot_use_any_other_card():
    test_rule_3_6_and_4_1_witch_killer_holder_may_use_only_witch_killer_q10()


# --- trades (5, ruling 12) -------------------------------------------------------------------------


def test_rule_5_1_trades_only_at_noon():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), FULL)
    assert refused(g.act(2, "offer", 3, option=K), "wrong_phase")
    morning(g)
    offer = {d.kind: d for d in g.views[2].decisions}["offer"]
    assert offer.targets == (1, 3, 4) and offer.options == (B, K)
    assert [d.kind for d in g.views[2].decisions] == ["speak", "ready", "offer"]


def test_rule_5_3_the_recipient_sees_the_offered_card_and_answers_with_a_card_of_its_choice():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), FULL)
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    [offered] = [e for e in g.events if isinstance(e, OfferMade)]
    assert offered.to == (3,) and g.views[3].private["offer"] == {"from": 2, "card": K}
    answer = {d.kind: d for d in g.views[3].decisions}
    assert answer["accept"].options == (B, P) and "refuse" in answer and "ready" not in answer
    for s in (1, 4):
        ok(g.act(s, "ready"))
    ok(g.act(3, "accept", option=P))
    assert hand(g, 2) == Counter({P: 1, B: 3}) and hand(g, 3) == Counter({K: 1, B: 3})
    [closed] = [e for e in g.events if isinstance(e, (TradeAccepted, TradeRefused))]
    assert closed.to == (2, 3) and closed.got == P
    assert "offer" not in g.views[3].private and step(g) == "vote"
    for s in (2, 3):
        assert sorted(g.views[s].private["hand"]) == sorted(hand(g, s).elements())
    for s in (1, 4, "spectator"):
        assert not [e for e in g.events if sees(e.to, s) and isinstance(e, (OfferMade, TradeAccepted, TradeRefused))]
        assert not [
            e for e in g.events if sees(e.to, s) and isinstance(e, Act) and e.action.kind in ("offer", "accept")
        ]


def test_ruling_12_an_offer_reaches_the_recipient_at_once_and_reopens_a_recipient_that_had_said_ready():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), FULL)
    morning(g)
    ok(g.act(3, "ready"))
    assert g.views[3].answered is not None and not g.state.step.owes(3)
    out = ok(g.act(2, "offer", 3, option=K))
    assert [type(e) for e in out if isinstance(e, OfferMade)] == [OfferMade]
    assert g.views[3].private["offer"] == {"from": 2, "card": K}
    assert g.views[3].answered is None and g.state.step.owes(3)
    assert [d.kind for d in g.views[3].decisions] == ["speak", "accept", "refuse"]
    ok(g.act(3, "speak", text="thinking"))
    assert refused(g.act(3, "ready"), "offer_pending")


def test_ruling_12_an_offer_or_a_trade_ends_a_seats_noon_and_its_view_lists_only_talk():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B), FULL)
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    assert [d.kind for d in g.views[2].decisions] == ["speak"] and not g.state.step.owes(2)
    assert refused(g.act(2, "ready"), "already_answered")
    assert refused(g.act(2, "offer", 4, option=B), "offer_pending")
    ok(g.act(3, "accept", option=P))
    assert [d.kind for d in g.views[3].decisions] == ["speak"] and not g.state.step.owes(3)
    assert refused(g.act(3, "accept", option=B), "trade_used")
    ok(g.act(4, "offer", 3, option=C))  # 3 has traded: held, and 4 sees what 2 saw
    assert [d.kind for d in g.views[4].decisions] == ["speak"] and not g.state.step.owes(4)
    ok(g.act(2, "speak", text="done"))
    for s in (1, 5):
        ok(g.act(s, "ready"))
    assert step(g) == "vote"


def test_the_moderator_view_holds_every_pending_offer_until_it_closes():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B), FULL)
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    ok(g.act(4, "offer", 5, option=C))
    moderator = g.views["moderator"]
    assert moderator.private["offers"] == {"3": {"from": 2, "card": K}, "5": {"from": 4, "card": C}}
    assert "offer" not in moderator.private
    ok(g.act(3, "refuse"))
    assert g.views["moderator"].private["offers"] == {"5": {"from": 4, "card": C}}


def test_ruling_12_noon_does_not_close_while_a_delivered_offer_is_unanswered():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), FULL)
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    for s in (1, 4):
        ok(g.act(s, "ready"))
    assert step(g) == "noon" and g.state.step.owing() == [3]
    ok(g.act(3, "refuse"))
    assert step(g) == "noon" and g.state.step.owing() == [3]  # it owes its "ready" again
    ok(g.act(3, "ready"))
    assert step(g) == "vote"


def test_rule_5_3_a_refusal_spends_only_the_initiators_chance_and_gives_the_recipient_its_chance_back():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B))
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    ok(g.act(3, "refuse"))
    [closed] = [e for e in g.events if isinstance(e, (TradeAccepted, TradeRefused))]
    assert isinstance(closed, TradeRefused) and closed.to == (2, 3)
    assert "offer" not in g.views[3].private
    assert [d.kind for d in g.views[3].decisions] == ["speak", "ready", "offer"] and g.views[3].answered is None
    assert refused(g.act(2, "offer", 4, option=K), "trade_used")
    ok(g.act(3, "offer", 4, option=P))  # the recipient may then offer
    ok(g.act(4, "accept", option=C))
    ok(g.act(1, "ready"))
    assert step(g) == "vote"
    assert hand(g, 3)[C] == 1 and hand(g, 4)[P] == 1 and hand(g, 2)[K] == 1


def test_rule_5_2_one_trade_per_player_per_day():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B))
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    ok(g.act(3, "accept", option=P))
    assert not any(d.kind == "offer" for d in g.views[3].decisions)
    for s in (2, 3):
        assert refused(g.act(s, "offer", 4, option=B), "trade_used")
    ok(g.act(4, "offer", 3, option=C))  # 3 has traded today: the offer is held and counts as refused
    assert not [e for e in g.events if isinstance(e, OfferMade) and e.initiator == 4]
    ok(g.act(1, "ready"))
    assert [type(e) for e in g.events if isinstance(e, (TradeAccepted, TradeRefused)) and e.initiator == 4] == [
        TradeRefused
    ]
    assert hand(g, 4)[C] == 1 and step(g) == "vote"
    vote(g)
    night(g)
    loot(g)
    morning(g)
    assert any(d.kind == "offer" for d in g.views[2].decisions)  # a new day, a new chance


def test_rule_5_2_an_offer_after_trading_or_a_refused_offer_is_refused_with_trade_used():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B), FULL)
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    ok(g.act(3, "accept", option=P))
    ok(g.act(4, "offer", 5, option=C))
    ok(g.act(5, "refuse"))
    for seat in (2, 3, 4):  # both parties of a trade, and the initiator of a refused offer
        out = g.act(seat, "offer", 1, option=B)
        assert refused(out, "trade_used")
        assert all(text and "{" not in text for text in out.messages().values())
    assert refused(g.act(3, "accept", option=B), "trade_used")
    ok(g.act(5, "offer", 1, option=B))  # the refusing recipient has its chance still


def test_ruling_12_a_player_with_a_pending_offer_cannot_make_another():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B), FULL)
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    out = g.act(2, "offer", 4, option=B)  # its own offer is unanswered
    assert refused(out, "offer_pending")
    assert all(text and "{" not in text for text in out.messages().values())
    assert refused(g.act(3, "offer", 4, option=P), "offer_pending")  # an offer to it is unanswered
    ok(g.act(4, "offer", 2, option=C))  # 2 is busy: held, and its initiator is told nothing
    assert refused(g.act(4, "offer", 5, option=B), "offer_pending")  # held looks pending to its initiator
    ok(g.act(3, "refuse"))
    assert refused(g.act(2, "offer", 4, option=B), "trade_used")


def test_ruling_12_an_offer_to_a_busy_recipient_is_held_nothing_reaches_it_and_it_closes_as_refused_at_noons_end():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B))
    morning(g)
    ok(g.act(2, "offer", 3, option=K))
    seen_by_3 = len(g.feed(3))
    out = ok(g.act(4, "offer", 3, option=C))  # 3 has an offer pending
    assert [e for e in out if sees(e.to, 3)] == [] and len(g.feed(3)) == seen_by_3
    assert [(type(e), e.to, e.initiator, e.recipient, e.card) for e in out if isinstance(e, OfferHeld)] == [
        (OfferHeld, "moderator", 4, 3, C)
    ]
    ok(g.act(3, "accept", option=P))
    ok(g.act(1, "ready"))
    assert not [e for e in g.events if isinstance(e, OfferMade) and e.initiator == 4]
    closed = {e.initiator: e for e in g.events if isinstance(e, (TradeAccepted, TradeRefused))}
    assert closed[4].to == (4,) and isinstance(closed[4], TradeRefused) and hand(g, 4)[C] == 1
    last = g.events[g.events.index(closed[4]) :]
    assert any(isinstance(e, StepOpened) and e.name == "vote" for e in last)  # at noon's end
    # what the initiator of a held offer sees is a refusal
    assert type(closed[4]) is TradeRefused and isinstance(closed[2], TradeAccepted)


def test_ruling_12_the_initiator_of_a_held_offer_sees_what_the_initiator_of_a_refused_offer_sees():
    def noon_seen_by_4(held: bool) -> list:
        g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B))
        morning(g)
        start = len(g.feed(4))
        if held:
            ok(g.act(2, "offer", 3, option=K))
        ok(g.act(4, "offer", 3, option=C))
        ok(g.act(3, "accept", option=P) if held else g.act(3, "refuse"))
        for s in (1, 2, 3):
            if step(g) == "noon" and g.state.step.owes(s):
                ok(g.act(s, "ready"))
        assert step(g) == "vote"
        return [
            {k: v for k, v in msgspec.to_builtins(e).items() if k not in ("at", "to", "deadline")}
            for e in g.feed(4)[start:]
        ]

    assert noon_seen_by_4(held=True) == noon_seen_by_4(held=False)


def test_ruling_refusals_never_reveal_hidden_state_nobody_learns_of_anothers_offer_from_a_refusal():
    def codes(g, seat):
        out = [g.act(seat, kind, None, option=option) for kind in ("accept", "refuse") for option in (None, B)]
        return [r.code if isinstance(r, RuleViolation) else "accepted" for r in out]

    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B))
    morning(g)
    before = codes(g, 4)
    ok(g.act(2, "offer", 3, option=K))
    assert codes(g, 4) == before
    ok(g.act(3, "accept", option=P))
    assert codes(g, 4) == before == ["wrong_phase"] * 4


def test_rule_5_2_the_witch_killer_cannot_be_traded():
    g = deal((W, B, K, P), FULL, (P, B, B, B), FULL)
    morning(g)
    assert {d.kind: d for d in g.views[1].decisions}["offer"].options == (B, K, P)
    assert refused(g.act(1, "offer", 3, option=W), "bad_option_value")
    ok(g.act(3, "offer", 1, option=P))
    assert {d.kind: d for d in g.views[1].decisions}["accept"].options == (B, K, P)
    assert refused(g.act(1, "accept", option=W), "bad_option_value")


def test_ruling_12_an_offer_to_a_player_with_an_offer_pending_is_held_and_counts_as_refused():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), (C, B, B, B))
    morning(g)
    noon(g, offers={2: (3, K), 4: (3, C)}, answers={3: P})
    offered = [e for e in g.events if isinstance(e, OfferMade)]
    assert [(e.to, e.initiator) for e in offered] == [((3,), 2)]
    closed = {e.initiator: e for e in g.events if isinstance(e, (TradeAccepted, TradeRefused))}
    assert closed[4].to == (4,) and isinstance(closed[4], TradeRefused) and closed[2].got == P


def test_ruling_12_a_player_with_no_tradeable_card_can_neither_offer_nor_accept():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL)
    x = g.state.x
    g.state = replace(g.state, x=replace(x, hands={**x.hands, 3: ()}, discard=x.discard + FULL))
    morning(g)
    assert [d.kind for d in g.state.step.prompts[3]] == ["speak", "ready"]
    assert refused(g.act(3, "offer", 1, option=B), "wrong_phase")
    for s in (1, 3, 4):
        ok(g.act(s, "ready"))
    ok(g.act(2, "offer", 3, option=K))
    assert [d.kind for d in g.views[3].decisions] == ["speak", "refuse"]
    assert refused(g.act(3, "accept", option=B), "wrong_phase")


def test_ruling_12_an_unanswered_offer_is_refused_at_the_deadline():
    g = deal((W, B, B, B), (K, B, B, B), (P, B, B, B), FULL, retries=2)
    morning(g)
    noon(g, offers={2: (3, K)})
    [defaulted] = [e for e in g.events if isinstance(e, Defaulted)]
    assert defaulted.seat == 3 and defaulted.action.kind == "refuse" and defaulted.to == (3,)
    [closed] = [e for e in g.events if isinstance(e, (TradeAccepted, TradeRefused))]
    assert isinstance(closed, TradeRefused) and closed.to == (2, 3) and step(g) == "vote"
    assert "offer" not in g.views[3].private and hand(g, 2)[K] == 1


# --- feedback and public information (9, ruling 13) ------------------------------------------------

PRIVATE_KEYS = ("probe.", "check.", "barrier.", "attack.", "loot.look", "loot.empty", "witch.")


def test_rule_9_1_and_ruling_13_every_private_feedback_reaches_its_one_recipient_and_the_probed_learns_nothing():
    g = deal((W, B, B, B), (K, P, C, B), (P, B, B, B), (K, B, B, B), FULL)
    to_night(g)
    night(g, [(3, P, 2), (2, K, 5), (4, K, 1), (1, W, 4)])
    loot(g)
    to_night(g)
    night(g, [(2, C, 5), (3, B)])
    private = [n for n in notices(g, "moderator") if n.key.startswith(PRIVATE_KEYS)]
    assert private and all(isinstance(n.to, tuple) and len(n.to) == 1 for n in private)
    assert not [n for n in notices(g, 2) if n.key.startswith("probe")]


def test_rule_9_2_public_information_is_the_ballots_the_dead_without_cause_and_unclaimed_cards():
    g = deal((W, B, B, B), FULL, FULL, (K, P, C, B))
    day(g, votes={2: 3, 3: 2, 4: 2}, uses=[(1, W, 4)])
    public = [e for e in g.events if e.to == "public"]
    kinds = Counter(type(e).__name__ for e in public)
    assert kinds["VoteResult"] == 1 and kinds["Died"] == 1
    assert not [e for e in public if isinstance(e, DeathCause) or type(e).__module__ == CardsDealt.__module__]
    assert [n.key for n in notices(g, "spectator") if n.key.startswith("loot")] == ["loot.unclaimed"]


def test_rule_8_2_the_dead_take_no_part():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    day(g, uses=[(1, W, 2)])
    assert refused(g.act(2, "ready"), "actor_dead")
    assert g.views[2].private["hand"] == []
    morning(g)
    assert 2 not in g.state.step.prompts


def test_ruling_deadlines_default_to_no_use_abstention_and_refusal():
    g = deal((W, B, B, B), (K, B, B, B), FULL, FULL, retries=1)
    morning(g)
    ok(g.timeout())  # noon: nobody offers
    assert step(g) == "vote"
    ok(g.timeout())
    ok(g.timeout())  # reminded once, then everyone abstains
    result = [e for e in g.events if isinstance(e, VoteResult)][-1]
    assert result.ballots == {1: None, 2: None, 3: None, 4: None}
    ok(g.timeout())
    ok(g.timeout())  # nobody used a card
    assert last_night(g, CardUsed, AttackMade, AttackUnfit, AttackVoided) == [] and step(g) == "loot"


def test_every_message_of_a_game_reads_in_all_four_languages():
    names = tuple(f"P{i}" for i in range(1, 10))
    seen = set()
    for seed in range(6):
        for e in bot_game(seed, 9):
            for lang in LANGS:
                text = render(e, lang, names, "witch_trial")
                if text is None:
                    continue
                key = getattr(e, "key", None)
                assert "{" not in text and text != key, (e, lang, text)
                assert "witch_killer" not in text and "kill_magic" not in text, text
            seen.add(type(e).__name__)
    assert {"CardsDealt", "CardUsed", "Looted", "FirstFound", "OfferMade", "TradeAccepted", "TradeRefused"} <= seen


def test_ruling_6_resolution_order_probe_then_attacks_then_timers_then_wrecks():
    g = deal((W, B, B, B), (P, B, B, B), FULL, FULL, FULL)
    day(g)
    to_night(g)
    night(g, [(1, W, 3), (2, P, 1)])  # night 2: the kill lands before the timer is read
    assert 1 in g.state.living() and g.state.x.witches == {1: 0}
    assert notices(g, 2, "probe.result")[0].args["count"] == 4


def test_rule_3_3_morning_talk_is_public_and_ends_when_everyone_is_ready():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    assert refused(g.act(2, "speak", text=""), "text_required")
    ok(g.act(2, "speak", text="I hold barriers"))
    assert [e.to for e in g.events if isinstance(e, Act) and e.action.kind == "speak"] == ["public"]
    for s in (1, 2, 3):
        ok(g.act(s, "ready"))
    assert step(g) == "morning"
    ok(g.act(4, "ready"))
    assert step(g) == "noon"


def test_ruling_votes_name_another_living_player():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    day(g, uses=[(1, W, 4)])
    morning(g)
    noon(g)
    assert refused(g.act(2, "vote", 2), "self_target")
    assert refused(g.act(2, "vote", 4), "target_dead")
    assert g.views[2].decisions[0].targets == (1, 3)


def test_ruling_timing_every_living_seat_owes_a_night_decision():
    g = deal((W, B, B, B), FULL, FULL, FULL)
    to_night(g, votes={1: 2, 3: 2, 4: 2})
    assert sorted(g.state.step.prompts) == [1, 2, 3, 4]  # the imprisoned too: it answers "pass"
    for s in (1, 2, 3):
        ok(g.act(s, "pass"))
    assert step(g) == "night"
    ok(g.act(4, "pass"))
    assert step(g) == "loot"


def test_ruling_language_defaults_to_the_documents_zh_hans():
    g = deal((W, B, B, B), FULL)
    assert g.state.lang == "zh-Hans" and g.views[1].lang == "zh-Hans"
