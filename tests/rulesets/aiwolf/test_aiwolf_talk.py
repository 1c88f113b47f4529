"""The talk and the whispers (aiwolf-protocol.md §2.2, §3.3, §3.4): rounds over a shuffled order, Over
and Skip, and the length limits."""

from __future__ import annotations

from grimoire.domain.rulesets.aiwolf.data import OPTIONS
from grimoire.domain.rulesets.aiwolf.facts import ChannelOpened, Remaining, Talked, Whispered
from grimoire.domain.rulesets.aiwolf.talk import count, cut, limits, trim
from tests.rulesets.aiwolf.support import FIVE, new, run_to, say, speak_through, speaker, typed

DEFAULTS = {name: spec.default for name, spec in OPTIONS.items()}
NAMES = tuple(f"Agent[{i:02d}]" for i in range(1, 14))


def lim(**changes):
    return limits({**DEFAULTS, **{f"talk_{k}": v for k, v in changes.items()}}, "talk")


def test_rule_3_3_talk_rounds_walk_a_shuffled_order():
    g = new(seed=3)
    run_to(g, "talk", 0)
    (opened,) = [e for e in typed(g, ChannelOpened) if e.stage == "talk"]
    assert sorted(opened.order) == list(range(1, 14)) and opened.order != tuple(range(1, 14))
    said = speak_through(g, lambda g, seat: "hello")
    assert [seat for seat, _ in said] == list(opened.order) * 4  # four rounds of every agent, in the order drawn
    talks = typed(g, Talked)
    assert [t.turn for t in talks] == [r for r in range(4) for _ in range(13)]
    assert [t.idx for t in talks] == list(range(52))


def test_rule_3_3_each_phase_draws_its_own_order_once():
    g = new(seed=5)
    run_to(g, "talk", 1)
    orders = [e.order for e in typed(g, ChannelOpened) if e.stage == "talk"]
    assert len(orders) == 2 and orders[0] != orders[1]


def test_rule_3_3_the_phase_ends_after_a_round_where_every_utterance_was_over():
    g = new(seed=1)
    run_to(g, "talk", 0)
    first = speaker(g)
    said = speak_through(g, lambda g, seat: "hi" if seat == first and g.state.x.turn == 0 else "Over")
    # round 0: the first says hi, the rest Over; round 1: only the first is left, says Over; the phase ends
    assert [s for s, _ in said].count(first) == 2 and len(said) == 14
    assert g.step_name() != "talk"


def test_rule_3_3_per_day_is_the_most_rounds():
    g = new(options={"talk_per_day": 2}, seed=1)
    run_to(g, "talk", 0)
    said = speak_through(g, lambda g, seat: "hello")
    assert len(said) == 26 and {t.turn for t in typed(g, Talked)} == {0, 1}


def test_rule_3_3_remain_count_in_the_view_counts_the_utterance_asked_for():
    g = new(seed=2)
    run_to(g, "talk", 0)
    seat = speaker(g)
    assert g.views[seat].private == {"remain_count": 4, "remain_skip": 0}
    say(g, "hello")
    assert g.views[seat].private == {}
    while speaker(g) != seat:
        say(g, "hello")
    assert g.views[seat].private["remain_count"] == 3


def test_rule_2_2_skip_is_over_when_max_skip_is_0():
    g = new(seed=1)
    run_to(g, "talk", 0)
    say(g, "Skip")
    (t,) = typed(g, Talked)
    assert (t.text, t.over, t.skip) == ("Over", True, False)


def test_rule_2_2_skip_passes_while_skips_remain_and_a_text_gives_them_back():
    g = new(options={"talk_max_skip": 1}, seed=1)
    run_to(g, "talk", 0)
    seat = speaker(g)
    replies = iter(["Skip", "hello", "Skip", "Skip"])
    speak_through(g, lambda g, s: next(replies) if s == seat else "Over")
    mine = [(t.text, t.skip, t.over) for t in typed(g, Talked) if t.seat == seat]
    assert mine == [("Skip", True, False), ("hello", False, False), ("Skip", True, False), ("Over", False, True)]


def test_rule_2_2_force_skip_and_a_timed_out_turn_skip_without_spending_a_skip_or_ending_the_talk():
    g = new(seed=1)
    run_to(g, "talk", 0)
    seat = speaker(g)
    say(g, "ForceSkip")
    while speaker(g) != seat:
        say(g, "Over")
    g.ok(g.timeout())  # its time runs out
    mine = [(t.text, t.skip, t.over) for t in typed(g, Talked) if t.seat == seat]
    assert mine == [("Skip", True, False), ("Skip", True, False)]
    assert speaker(g) == seat  # still talking: the others are done, a third round asks it alone


def test_rule_2_2_an_empty_or_missing_reply_is_over():
    g = new(seed=1)
    run_to(g, "talk", 0)
    say(g, "")
    say(g, None)
    say(g, "   ")
    assert [(t.text, t.over) for t in typed(g, Talked)] == [("Over", True)] * 3


def test_rule_3_4_each_utterance_is_cut_to_50_characters_other_than_spaces():
    text = "あ" * 30 + " " + "い" * 30
    kept, budget = cut(text, NAMES, 1, lim(), -1)
    assert kept == "あ" * 30 + " " + "い" * 20 and count(kept, lim()) == 50 and budget == -1
    g = new(seed=1)
    run_to(g, "talk", 0)
    say(g, "x" * 80)
    assert typed(g, Talked)[0].text == "x" * 50


def test_rule_3_4_a_mention_of_another_agent_gives_50_more_after_it():
    text = "a" * 60 + "@Agent[03]" + "b" * 60
    kept, _ = cut(text, NAMES, 1, lim(), -1)
    assert kept == "a" * 50 + " @Agent[03] " + "b" * 50
    # the earliest mention counts; the speaker's own name is no mention
    kept, _ = cut("@Agent[01] hi @Agent[05] there @Agent[02] x", NAMES, 1, lim(), -1)
    assert kept == "@Agent[01] hi  @Agent[05]  there @Agent[02] x"
    kept, _ = cut("hi @Agent[01] x", NAMES, 1, lim(), -1)
    assert kept == "hi @Agent[01] x"


def test_rule_3_4_a_mention_matches_the_seats_own_names_in_a_lobby_game():
    names = ("Alice", "Bob", "Chloé")
    kept, _ = cut("x" * 60 + "@Chloé" + "y" * 60, names, 1, lim(), -1)
    assert kept == "x" * 50 + " @Chloé " + "y" * 50


def test_rule_3_4_count_in_word_counts_words_and_count_spaces_counts_spaces():
    words = lim(count_in_word=True, base_length=3)
    assert cut("one two  three four five", NAMES, 1, words, -1)[0] == "one two three"
    spaces = lim(count_spaces=True, base_length=5)
    assert cut("a b c d e f", NAMES, 1, spaces, -1)[0] == "a b c"
    assert trim("a b c d e f", 3, lim()) == "a b c"


def test_rule_3_4_per_talk_caps_the_whole_utterance_mention_included():
    capped = lim(per_talk=60)
    kept, _ = cut("a" * 40 + "@Agent[02]" + "b" * 40, NAMES, 1, capped, -1)
    assert kept == "a" * 40 + " @Agent[02] " + "b" * 20
    kept, _ = cut("a" * 40 + "@Agent[02]" + "b" * 40, NAMES, 1, lim(per_talk=30), -1)
    assert kept == "a" * 30


def test_rule_3_4_per_agent_length_is_a_budget_charged_with_what_goes_over_the_base_length():
    budget = lim(base_length=10, per_agent_length=15)
    kept, left = cut("a" * 20, NAMES, 1, budget, 15)
    assert kept == "a" * 20 and left == 5  # 10 free, 10 charged
    kept, left = cut("b" * 20, NAMES, 1, budget, left)
    assert kept == "b" * 15 and left == -5
    g = new(options={"talk_base_length": 10, "talk_per_agent_length": 15}, seed=1)
    run_to(g, "talk", 0)
    seat = speaker(g)
    assert g.views[seat].private == {"remain_count": 4, "remain_skip": 0, "remain_length": 15}
    said = speak_through(g, lambda g, s: "c" * 20 if s == seat else "Over")
    assert [s for s, _ in said].count(
        seat
    ) == 2  # 10 charged of 15, then 10 more: its budget spent, it is asked no more
    assert [t.text for t in typed(g, Talked) if t.seat == seat] == ["c" * 20, "c" * 15]


def test_rule_3_4_an_utterance_cut_to_nothing_is_over():
    g = new(options={"talk_base_length": 0}, seed=1)
    run_to(g, "talk", 0)
    say(g, "hello")
    assert typed(g, Talked)[0].over


def test_rule_3_1_the_werewolves_whisper_on_day_0_morning_and_evening_and_each_night_after_the_divination():
    g = new(seed=4)
    wolves = g.seat_of("werewolf")
    run_to(g, "talk", 1)
    stages = [(e.stage, e.day) for e in typed(g, ChannelOpened)]
    assert stages == [("morning_whisper", 0), ("talk", 0), ("evening_whisper", 0), ("talk", 1)]
    run_to(g, "guard", 1)
    assert [(e.stage, e.day) for e in typed(g, ChannelOpened)][-1] == ("night_whisper", 1)
    assert all(e.to == tuple(wolves) for e in typed(g, ChannelOpened) if e.stage != "talk")


def test_rule_2_1_whispers_reach_the_living_werewolves_only_and_nobody_else_reads_how_much_they_whispered():
    g = new(seed=4)
    wolves = g.seat_of("werewolf")
    human = g.seat_of("villager")[0]
    assert g.step_name() == "whisper" and speaker(g) in wolves
    feed_before = g.feed(human)
    speak_through(g, lambda g, s: "we attack Agent[01]")
    assert g.feed(human)[: len(feed_before)] == feed_before
    whispered = typed(g, Whispered)
    assert len(whispered) == 12 and all(e.to == tuple(wolves) for e in whispered)
    assert not any(isinstance(e, Whispered | Remaining) for e in g.feed(human))
    assert g.step_name() == "talk"


def test_rule_3_1_five_agents_never_whisper():
    g = new(FIVE, seed=1, preset="5")
    run_to(g, "vote", 1)
    assert [e.stage for e in typed(g, ChannelOpened)] == ["talk", "talk"]
    assert all(e.name != "whisper" for e in g.events if type(e).__name__ == "StepOpened")
