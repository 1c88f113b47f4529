"""jinro9 (`jinro9.md` and its rulings): one test per rule, named after it."""

from collections import Counter

import pytest

from grimoire.domain.events import Act, DeathCause, Died, GameEnded, Notice, Prompt, SpeakingOrder, VoteResult
from grimoire.domain.rulesets.jinro9 import JINRO9
from grimoire.domain.violations import RuleViolation
from grimoire.projections.view import SPECTATOR
from tests.support.harness import Script


def game(preset="9A", seed=1, **options) -> Script:
    g = Script("jinro9", 9, preset=preset, seed=seed, options=options)
    g.start()
    return g


def notices(g, key, seat=None):
    return [e for e in g.events if isinstance(e, Notice) and e.key == key and (seat is None or e.to == (seat,))]


def refused(out, code):
    assert isinstance(out, RuleViolation), out
    assert out.code == code, out.code
    return True


# --- presets (ruling 1) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "preset, expected",
    [
        ("9A", {"villager": 3, "seer": 1, "medium": 1, "hunter": 1, "madman": 1, "werewolf": 2}),
        ("9B", {"villager": 4, "seer": 1, "hunter": 1, "madman": 1, "werewolf": 2}),
        ("9C", {"villager": 3, "seer": 1, "medium": 1, "werewolf": 2, "madman": 1, "fox": 1}),
    ],
)
def test_presets_deal_exactly_the_listed_roles(preset, expected):
    for seed in range(3):
        assert Counter(game(preset, seed).state.roles) == expected


def test_preset_9c_has_no_hunter():
    assert "hunter" not in JINRO9.presets["9C"]


def test_jinro9_plays_only_its_presets():
    g = Script("jinro9", 9, preset="9A")
    assert g.state.setup_roles == JINRO9.presets["9A"]


# --- night 0 -----------------------------------------------------------------------------------------


def test_night0_each_player_is_told_its_role_privately():
    g = game()
    for seat in range(1, 10):
        assert g.views[seat].role == g.state.role(seat)
        assert set(g.views[seat].roles) == {seat}


def test_night0_wolves_are_told_their_partner():
    g = game()
    wolves = g.seat_of("werewolf")
    for wolf in wolves:
        assert {s for s, label in g.views[wolf].knowledge.items() if label == "werewolf"} == set(wolves)
    madman = g.seat_of("madman")[0]
    assert g.views[madman].knowledge == {}


def test_first_night_white_is_neither_wolf_nor_fox_nor_the_seer():
    seen = set()
    for seed in range(40):
        g = game("9C", seed)
        seer = g.seat_of("seer")[0]
        ((target, label),) = g.views[seer].knowledge.items()
        assert label == "human"
        assert g.state.role(target) not in ("werewolf", "fox", "seer")
        seen.add(g.state.role(target))
    assert "madman" in seen  # the madman can be drawn


def test_night0_has_no_attack_and_day1_announces_no_victims():
    g = game()
    kinds = {d.kind for s in g.living() for d in g.state.step.prompts[s]}
    assert "attack" not in kinds and "divine" not in kinds and "guard" not in kinds
    g.night()
    assert g.state.day == 1 and notices(g, "morning.none")
    assert all(g.state.alive)


# --- wolf whisper (ruling 14) --------------------------------------------------------------------------


def test_whisper_cap_is_ten_messages_per_night_shared_by_the_wolves():
    g = game()
    a, b = g.seat_of("werewolf")
    for i in range(10):
        g.ok(g.act(a if i < 7 else b, "whisper", text=f"w{i}"))
    closed = notices(g, "whisper.closed")
    assert closed and closed[0].to == (a, b)
    assert refused(g.act(b, "whisper", text="eleventh"), "whisper_cap_reached")


def test_rule_jinro9_whisper_cap_view_stops_offering_whisper():
    g = game()
    a, b = g.seat_of("werewolf")
    g.ok(g.act(a, "done"))
    for i in range(10):
        assert any(d.kind == "whisper" for d in g.views[a].decisions)
        g.ok(g.act(a if i < 7 else b, "whisper", text=f"w{i}"))
    withdrawn = [e for e in g.events if isinstance(e, Prompt) and e.withdraw]
    assert sorted(e.to for e in withdrawn) == [(a,), (b,)] and all(e.withdraw == ("whisper",) for e in withdrawn)
    for wolf in (a, b):
        assert [d.kind for d in g.views[wolf].decisions] == ["done"]
        assert g.state.step.decision(wolf, "whisper") is None
    assert g.views[a].answered is not None and g.views[b].answered is None  # answers stand
    assert refused(g.act(b, "whisper", text="eleventh"), "whisper_cap_reached")


def test_whisper_is_read_by_living_wolves_only():
    g = game()
    a, b = g.seat_of("werewolf")
    g.ok(g.act(a, "whisper", text="plan"))
    whisper = g.events[-1]
    assert whisper.to == (a, b)
    madman = g.seat_of("madman")[0]
    assert whisper not in g.feed(madman) and whisper not in g.feed(SPECTATOR)


def test_whisper_cap_resets_each_night():
    g = game()
    a, _ = g.seat_of("werewolf")
    for _ in range(10):
        g.ok(g.act(a, "whisper", text="x"))
    g.night()
    victim = next(s for s in g.living() if g.state.role(s) == "villager")
    g.vote(default=victim)
    g.last_words()
    g.ok(g.act(a, "whisper", text="night 1"))


def test_a_lone_wolf_has_no_whisper():
    g = game()
    a, b = g.seat_of("werewolf")
    g.night()
    g.vote(default=b)
    g.last_words()
    if g.state.status == "running":
        assert all(d.kind != "whisper" for d in g.state.step.prompts[a])
        assert refused(g.act(a, "whisper", text="alone"), "wrong_phase")


def test_whisper_needs_text():
    g = game()
    a, _ = g.seat_of("werewolf")
    assert refused(g.act(a, "whisper"), "text_required")


def test_non_wolves_cannot_whisper():
    g = game()
    seer = g.seat_of("seer")[0]
    assert refused(g.act(seer, "whisper", text="hello"), "wrong_phase")


# --- discussion (rulings 10, 11) -----------------------------------------------------------------------


def test_speaking_order_day1_starts_at_a_random_seat_and_goes_round_in_seat_order():
    firsts = set()
    for seed in range(20):
        g = game(seed=seed)
        g.night()
        order = next(e for e in g.events if isinstance(e, SpeakingOrder))
        assert order.rounds == 2 and len(order.seats) == 9
        first = order.seats[0]
        assert order.seats == tuple((first - 1 + k) % 9 + 1 for k in range(9))
        firsts.add(first)
    assert len(firsts) > 3


def test_discussion_is_two_rounds_one_speech_per_living_player_per_round():
    g = game()
    g.night()
    speakers = []
    while g.step_name() == "speech":
        speakers.append(g.state.step.public[0])
        g.ok(g.act(speakers[-1], "speak", text="hello"))
    assert Counter(speakers) == dict.fromkeys(range(1, 10), 2)
    assert g.step_name() == "vote"


def test_speaking_out_of_turn_is_refused():
    g = game()
    g.night()
    speaker = g.state.step.public[0]
    other = speaker % 9 + 1
    assert refused(g.act(other, "speak", text="me first"), "not_your_turn")


def test_a_speech_may_be_a_pass():
    g = game()
    g.night()
    speaker = g.state.step.public[0]
    g.ok(g.act(speaker, "speak"))


def test_speech_length_cap_option():
    g = game(speech_max_chars=5)
    g.night()
    speaker = g.state.step.public[0]
    out = g.act(speaker, "speak", text="toolong")
    assert refused(out, "speech_too_long") and out.args == {"max": 5}
    g.ok(g.act(speaker, "speak", text="short"))


def test_speaking_order_later_days_start_after_the_lowest_numbered_dead():
    for seed in range(30):
        g = game(seed=seed)
        g.night()
        wolves = g.seat_of("werewolf")
        victim_day = next(s for s in g.living() if g.state.role(s) == "villager")
        g.vote(default=victim_day)
        g.last_words()
        target = next(s for s in g.living() if g.state.role(s) in ("villager", "medium") and s != victim_day)
        g.night(attack=target, guard=next(s for s in g.living() if s != target and g.state.role(s) != "hunter"))
        if g.state.status != "running":
            continue
        order = [e for e in g.events if isinstance(e, SpeakingOrder)][-1]
        expected = next(s for s in [(target - 1 + k) % 9 + 1 for k in range(1, 10)] if g.state.is_alive(s))
        assert order.seats[0] == expected
        assert wolves
        return
    pytest.fail("no game reached day 2")


def test_speaking_order_after_a_quiet_night_starts_after_yesterdays_executed():
    g = game(seed=2)
    g.night()
    executed = next(s for s in g.living() if g.state.role(s) == "villager")
    g.vote(default=executed)
    g.last_words()
    hunter = g.seat_of("hunter")[0]
    target = next(s for s in g.living() if g.state.role(s) == "villager")
    g.night(attack=target, guard=target)
    assert notices(g, "morning.none")[-1]
    order = [e for e in g.events if isinstance(e, SpeakingOrder)][-1]
    expected = next(s for s in [(executed - 1 + k) % 9 + 1 for k in range(1, 10)] if g.state.is_alive(s))
    assert order.seats[0] == expected and hunter


def test_speaking_order_with_no_death_and_no_execution_starts_where_yesterday_started():
    g = game(seed=3)
    g.night()
    first_day1 = [e for e in g.events if isinstance(e, SpeakingOrder)][-1].seats[0]
    g.vote(default=None)  # everyone abstains: no execution
    target = next(s for s in g.living() if g.state.role(s) == "villager")
    g.night(attack=target, guard=target)
    assert [e for e in g.events if isinstance(e, SpeakingOrder)][-1].seats[0] == first_day1


# --- the vote (ruling 12) ----------------------------------------------------------------------------


def test_ballots_are_secret_and_the_tally_is_public():
    g = game()
    g.night()
    villager = g.seat_of("villager")[0]
    g.vote(default=villager)
    ballots = [e for e in g.events if isinstance(e, Act) and e.action.kind == "vote"]
    assert all(e.to == (e.seat,) for e in ballots)
    result = next(e for e in g.events if isinstance(e, VoteResult))
    assert result.to == "public" and result.ballots is None and result.chosen == villager
    assert result.tally[villager] == 8.0


def test_nobody_may_vote_for_themselves():
    g = game()
    g.night()
    g.talk()
    voter = g.state.step.owing()[0]
    assert refused(g.act(voter, "vote", voter), "self_target")


def test_a_tie_goes_to_a_runoff_in_which_the_tied_do_not_vote():
    g = game()
    g.night()
    a, b = 1, 2
    g.vote({1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: None})
    result = [e for e in g.events if isinstance(e, VoteResult)][-1]
    assert result.tally == {1: 4.0, 2: 4.0} and result.tied == (1, 2) and result.chosen is None
    assert g.step_name() == "runoff"
    assert set(g.state.step.public) == set(range(1, 10)) - {a, b}
    assert refused(g.act(3, "vote", 4), "target_illegal")
    assert refused(g.act(a, "vote", b), "not_your_turn")


def test_a_second_tie_executes_nobody():
    g = game()
    g.night()
    g.vote({1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: None})
    assert g.step_name() == "runoff"
    for seat, target in {3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: None}.items():
        g.ok(g.act(seat, "vote", target))
    assert notices(g, "vote.none") and all(g.state.alive)
    assert g.step_name() == "night"


def test_every_ballot_abstaining_executes_nobody():
    g = game()
    g.night()
    g.vote(default=None)
    assert notices(g, "vote.none") and all(g.state.alive)


def test_vote_timeout_is_an_abstention():
    g = game(retries=0)
    g.night()
    g.talk()
    villager = g.seat_of("villager")[0]
    for seat in g.state.step.owing()[:3]:
        g.ok(g.act(seat, "vote", villager if seat != villager else g.seat_of("villager")[1]))
    g.timeout()
    result = [e for e in g.events if isinstance(e, VoteResult)][-1]
    assert sum(result.tally.values()) == 3


# --- last words (ruling 13) ----------------------------------------------------------------------------


def test_last_words_are_one_broadcast_message_then_silence():
    g = game()
    g.night()
    villager = g.seat_of("villager")[0]
    g.vote(default=villager)
    assert g.step_name() == "last_words" and g.state.step.public == (villager,)
    g.ok(g.act(villager, "last_words", text="I was a villager"))
    assert g.events[[i for i, e in enumerate(g.events) if isinstance(e, Act)][-1]].to == "public"
    assert refused(g.act(villager, "last_words", text="again"), "actor_dead")
    assert refused(g.act(villager, "sleep"), "actor_dead")


# --- the night (rulings 5, 6, 7, 8) ----------------------------------------------------------------------


def night1(seed=1, preset="9A"):
    g = game(preset, seed)
    g.night()
    g.vote(default=None)
    return g


def test_attack_targets_a_living_non_wolf_and_the_madman_is_legal():
    g = night1()
    a, b = g.seat_of("werewolf")
    assert refused(g.act(a, "attack", b), "target_is_wolf")
    assert refused(g.act(a, "attack", a), "self_target")
    madman = g.seat_of("madman")[0]
    g.ok(g.act(a, "attack", madman))


def test_attack_is_mandatory():
    g = night1()
    a, _ = g.seat_of("werewolf")
    assert refused(g.act(a, "attack"), "target_required")


def test_wolves_choose_together_the_most_named_wins():
    g = night1()
    a, b = g.seat_of("werewolf")
    villagers = g.seat_of("villager")
    g.night(attacks={a: villagers[0], b: villagers[0]}, guard=villagers[1])
    assert villagers[0] in next(e for e in g.events if isinstance(e, Died)).seats


def test_wolves_split_choice_is_broken_at_random():
    victims = set()
    for seed in range(12):
        g = night1(seed)
        a, b = g.seat_of("werewolf")
        v1, v2 = g.seat_of("villager")[:2]
        hunter = g.seat_of("hunter")[0]
        g.night(attacks={a: v1, b: v2}, guard=next(s for s in g.living() if s not in (v1, v2, hunter)))
        died = [e for e in g.events if isinstance(e, Died) and e.when == "morning"]
        assert len(died) == 1 and died[0].seats[0] in (v1, v2)
        victims.add(died[0].seats[0] == v1)
    assert victims == {True, False}


def test_attack_timeout_goes_to_a_random_legal_target():
    g = game(retries=0)
    g.night()
    g.vote(default=None)
    for seat in g.state.step.owing():
        if g.state.role(seat) != "werewolf":
            kinds = {d.kind for d in g.state.step.prompts[seat]}
            if "guard" in kinds:
                g.ok(g.act(seat, "guard", None))
            elif "divine" in kinds:
                g.ok(g.act(seat, "divine", g._anyone_but(seat)))
            else:
                g.ok(g.act(seat, "sleep"))
    g.timeout()
    died = [e for e in g.events if isinstance(e, Died)]
    assert died and g.state.role(died[0].seats[0]) != "werewolf"


def test_guard_protects_from_the_attack():
    g = night1()
    villager = g.seat_of("villager")[0]
    g.night(attack=villager, guard=villager)
    assert g.state.is_alive(villager) and notices(g, "morning.none")


def test_guard_cannot_guard_itself():
    g = night1()
    hunter = g.seat_of("hunter")[0]
    assert refused(g.act(hunter, "guard", hunter), "self_target")


def test_guard_cannot_guard_the_same_player_two_nights_running():
    g = night1()
    hunter = g.seat_of("hunter")[0]
    villagers = g.seat_of("villager")
    g.night(attack=villagers[0], guard=villagers[1])
    g.vote(default=None)
    assert refused(g.act(hunter, "guard", villagers[1]), "consecutive_guard")
    g.ok(g.act(hunter, "guard", villagers[2]))


def test_guard_is_optional_on_night_one_only():
    g = night1()
    hunter = g.seat_of("hunter")[0]
    g.ok(g.act(hunter, "guard", None))
    g.night(attack=g.seat_of("villager")[0])
    g.vote(default=None)
    assert refused(g.act(hunter, "guard", None), "target_required")


def test_divination_tells_werewolf_or_human_and_the_madman_is_human():
    g = night1()
    seer = g.seat_of("seer")[0]
    wolf, madman = g.seat_of("werewolf")[0], g.seat_of("madman")[0]
    g.night(attack=g.seat_of("villager")[0], divine=wolf)
    assert g.views[seer].knowledge[wolf] == "werewolf"
    if g.state.status == "running":
        g.vote(default=None)
        g.night(attack=g.seat_of("villager")[1], divine=madman)
        assert g.views[seer].knowledge[madman] == "human"


def test_night_resolves_at_once_a_seer_killed_that_night_still_gets_the_result():
    g = night1()
    seer = g.seat_of("seer")[0]
    wolf = g.seat_of("werewolf")[0]
    g.night(attack=seer, divine=wolf)
    assert not g.state.is_alive(seer)
    assert g.views[seer].knowledge[wolf] == "werewolf"


def test_medium_is_told_at_night_start_whether_the_executed_was_a_werewolf():
    g = game()
    g.night()
    medium, wolf, madman = g.seat_of("medium")[0], g.seat_of("werewolf")[0], g.seat_of("madman")[0]
    g.vote(default=wolf)
    g.last_words()
    result = notices(g, "medium.result", medium)[-1]
    assert result.args == {"target": wolf, "label": "werewolf"}
    assert g.step_name() == "night"
    g.night(attack=next(s for s in g.living() if g.state.role(s) == "villager"))
    g.vote(default=madman)
    g.last_words()
    if g.state.status == "running":
        assert notices(g, "medium.result", medium)[-1].args == {"target": madman, "label": "human"}


def test_medium_learns_nothing_without_an_execution():
    g = game()
    g.night()
    g.vote(default=None)
    assert notices(g, "medium.result") == []


def test_a_dead_medium_learns_nothing():
    g = game()
    g.night()
    medium = g.seat_of("medium")[0]
    g.vote(default=medium)
    g.last_words()
    g.night(attack=g.seat_of("villager")[0])
    g.vote(default=g.seat_of("villager")[1])
    g.last_words()
    assert notices(g, "medium.result") == []


# --- morning (ruling 9) -----------------------------------------------------------------------------


def test_morning_lists_deaths_by_seat_with_no_cause():
    g = night1(preset="9C")
    fox = g.seat_of("fox")[0]
    victim = next(s for s in g.living() if g.state.role(s) == "villager")
    g.night(attack=victim, divine=fox)
    died = [e for e in g.events if isinstance(e, Died)][-1]
    assert died.to == "public" and died.seats == tuple(sorted((fox, victim)))
    causes = [e for e in g.events if isinstance(e, DeathCause)]
    assert all(e.to == "moderator" for e in causes)


# --- fox (ruling 3) -------------------------------------------------------------------------------------


def test_fox_is_not_killed_by_the_attack_and_nobody_is_told():
    g = night1(preset="9C")
    fox = g.seat_of("fox")[0]
    g.night(attack=fox)
    assert g.state.is_alive(fox) and notices(g, "morning.none")


def test_fox_dies_at_dawn_when_divined():
    g = night1(preset="9C")
    fox = g.seat_of("fox")[0]
    wolf = g.seat_of("werewolf")[0]
    g.night(attack=fox, divine=fox)
    assert not g.state.is_alive(fox)
    assert g.views[g.seat_of("seer")[0]].knowledge[fox] == "human"
    assert wolf


def test_fox_is_cursed_even_by_a_seer_killed_that_night():
    g = night1(preset="9C")
    fox, seer = g.seat_of("fox")[0], g.seat_of("seer")[0]
    g.night(attack=seer, divine=fox)
    assert not g.state.is_alive(fox) and not g.state.is_alive(seer)


# --- the dead and the end --------------------------------------------------------------------------------


def test_the_dead_cannot_speak_vote_or_act():
    g = game()
    g.night()
    villager = g.seat_of("villager")[0]
    g.vote(default=villager)
    g.last_words()
    assert refused(g.act(villager, "sleep"), "actor_dead")
    assert refused(g.act(villager, "whisper", text="boo"), "actor_dead")


def test_the_end_reveals_every_role():
    g = game()
    for wolf in g.seat_of("werewolf"):
        if g.state.status != "running":
            break
        if g.step_name() == "night":
            g.night(attack=next(s for s in g.living() if g.state.role(s) == "villager"))
        g.vote(default=wolf)
        g.last_words()
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "village"
    assert end.roles == dict(enumerate(g.state.roles, 1))
    for viewer in (*range(1, 10), SPECTATOR):
        assert g.views[viewer].roles == end.roles and g.views[viewer].status == "ended"


def test_parity_counts_the_madman_and_fox_as_non_wolves():
    from grimoire.domain.rulesets.jinro9 import JINRO9 as rs
    from grimoire.domain.state import GameState

    state = GameState(ruleset="jinro9", roles=("werewolf", "madman", "villager"), alive=(True, True, False))
    assert rs.winning_team(state) == "wolves"
    state = GameState(ruleset="jinro9", roles=("werewolf", "madman", "villager"), alive=(True, True, True))
    assert rs.winning_team(state) is None
    state = GameState(ruleset="jinro9", roles=("werewolf", "fox", "villager"), alive=(True, True, True))
    assert rs.winning_team(state) is None


def test_fox_alive_when_a_side_wins_wins_alone():
    from grimoire.domain.rulesets.jinro9 import JINRO9 as rs
    from grimoire.domain.state import GameState

    state = GameState(ruleset="jinro9", roles=("werewolf", "fox", "villager"), alive=(False, True, True))
    assert rs.winning_team(state) == "fox"
    state = GameState(ruleset="jinro9", roles=("werewolf", "fox", "villager"), alive=(True, True, False))
    assert rs.winning_team(state) == "fox"


def test_bad_inputs_are_refused_with_their_codes_and_change_nothing():
    g = night1()
    villager = g.seat_of("villager")[0]
    g.night(attack=villager)
    g.talk()
    g.vote(default=None)
    wolf = g.seat_of("werewolf")[0]
    seer = g.seat_of("seer")[0]
    before = (g.state, len(g.events))
    cases = [
        (g.act(wolf, "attack", villager), "target_dead"),
        (g.act(wolf, "attack", 42), "unknown_seat"),
        (g.act(42, "sleep"), "unknown_seat"),
        (g.act(villager, "sleep"), "actor_dead"),
        (g.act(seer, "vote", wolf), "wrong_phase"),
        (g.act(seer, "divine", seer), "self_target"),
        (g.act(seer, "teleport"), "unknown_action"),
        (g.act(seer, "divine", wolf, text="hi"), "text_not_allowed"),
        (g.act(seer, "divine", wolf, option="x"), "bad_option_value"),
        (g.act(seer, "divine", wolf, targets=(1, 2)), "bad_targets"),
        (g.act(seer, "sleep", wolf), "wrong_phase"),
    ]
    for out, code in cases:
        assert refused(out, code)
    assert (g.state, len(g.events)) == before
