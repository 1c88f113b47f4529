"""The requests that name an agent and the end (aiwolf-protocol.md §3.1, §3.5; rulings, aiwolf)."""

from __future__ import annotations

from grimoire.domain.events import PUBLIC, Died, GameEnded, Handover, Notice, StepOpened
from grimoire.domain.rulesets.aiwolf import AIWOLF
from grimoire.domain.rulesets.aiwolf.facts import Attacked, AttackVoteList, Divined, Identified, Talked, VoteList
from tests.rulesets.aiwolf.support import (
    FIVE,
    THIRTEEN,
    answer,
    asked,
    new,
    refused,
    run_to,
    say,
    speak_through,
    typed,
    vote,
)

W, P, S, B, M, V = "werewolf", "possessed", "seer", "bodyguard", "medium", "villager"


def steps(g, day: int | None = None) -> list[str]:
    """The step names in the order they opened (on `day`), repeats of a step folded into one."""
    out: list[str] = []
    day_now = 0
    for e in g.events:
        if type(e).__name__ == "PhaseStarted":
            day_now = e.day
        if isinstance(e, StepOpened) and (day is None or day_now == day) and (not out or out[-1] != e.name):
            out.append(e.name)
    return out


def test_rule_3_1_day_0_has_whispers_talk_and_the_divination_but_no_vote_guard_or_attack():
    g = new(seed=2)
    run_to(g, "talk", 1)
    assert steps(g, 0) == ["whisper", "talk", "whisper", "divine"]
    phases = [(e.phase, e.day) for e in g.events if type(e).__name__ == "PhaseStarted"]
    assert phases == [("day", 0), ("night", 0), ("day", 1)]


def test_rule_3_1_a_day_after_day_0_asks_in_the_references_order():
    g = new(seed=2)
    run_to(g, "talk", 2)
    assert steps(g, 1) == ["talk", "vote", "divine", "whisper", "guard", "attack"]


def test_rule_3_5_one_ballot_executes_the_most_voted_and_the_votes_are_public():
    g = new(FIVE, seed=1)
    run_to(g, "vote", 1)
    wolf, seer = g.seat_of(W)[0], g.seat_of(S)[0]
    others = [s for s in g.living() if s != wolf]
    vote(g, dict.fromkeys(others, wolf) | {wolf: seer})
    (listed,) = typed(g, VoteList)
    assert listed.to == PUBLIC and listed.votes == tuple(
        sorted((s, wolf if s != wolf else seer) for s in g.living() + [wolf])
    )
    (died,) = typed(g, Died)
    assert died.seats == (wolf,) and died.when == "execution"
    assert g.state.status == "ended" and g.state.winners == tuple(sorted(g.seat_of(S) + g.seat_of(V)))


# seats 1 and 2 six votes each, seat 13 naming nobody
TIE = {s: 1 if s % 2 else 2 for s in range(3, 13)} | {1: 2, 2: 1}


def test_rule_3_5_a_tie_on_the_last_ballot_executes_one_of_the_tied_at_random():
    executed = set()
    for seed in range(8):
        g = new(THIRTEEN, seed=seed)
        run_to(g, "vote", 1)
        vote(g, TIE)
        (died,) = typed(g, Died)
        executed.add(died.seats[0])
    assert executed == {1, 2}


def test_rule_3_5_a_tie_votes_again_while_ballots_remain_and_the_tie_stays_unshown():
    g = new(THIRTEEN, options={"vote_max_count": 2}, seed=1)
    run_to(g, "vote", 1)
    vote(g, TIE)
    assert g.step_name() == "vote" and not typed(g, Died)
    (first,) = typed(g, VoteList)
    assert first.to == "moderator" and first.ballot == 1
    vote(g, dict.fromkeys(g.living(), 3))
    assert typed(g, VoteList)[-1].to == PUBLIC and typed(g, VoteList)[-1].ballot == 2
    assert typed(g, Died)[0].seats == (3,)


def test_rule_3_5_no_valid_vote_executes_nobody():
    g = new(FIVE, seed=1)
    run_to(g, "vote", 1)
    vote(g, {})
    assert not typed(g, Died) and typed(g, VoteList)[0].votes == ()
    assert any(isinstance(e, Notice) and e.key == "vote.none" for e in g.events)


def test_rule_3_5_a_vote_for_a_dead_or_unknown_agent_is_refused_and_may_name_nobody():
    g = new(THIRTEEN, seed=3)
    run_to(g, "vote", 1)
    vote(g, dict.fromkeys(g.living(), 5))
    run_to(g, "vote", 2)
    voter = asked(g, "vote")[0]
    assert refused(g.act(voter, "vote", 5)) == "target_dead"
    assert refused(g.act(voter, "vote", 14)) == "unknown_seat"
    g.ok(g.act(voter, "vote"))  # the gateway's answer to a name it cannot read: no vote


def test_ruling_aiwolf_self_votes_are_allowed_unless_the_option_forbids_them():
    g = new(FIVE, seed=1)
    run_to(g, "vote", 1)
    g.ok(g.act(1, "vote", 1))
    g = new(FIVE, options={"vote_allow_self": False}, seed=1)
    run_to(g, "vote", 1)
    assert refused(g.act(1, "vote", 1)) == "self_target"


def test_rule_3_5_the_seer_learns_the_species_and_the_possessed_is_human():
    g = new(FIVE, seed=4)
    seer, wolf, possessed = g.seat_of(S)[0], g.seat_of(W)[0], g.seat_of(P)[0]
    run_to(g, "divine", 0)
    assert asked(g) == [seer]  # night 0 too
    assert refused(g.act(seer, "divine", seer)) == "self_target"
    g.ok(g.act(seer, "divine", possessed))
    run_to(g, "divine", 1)
    g.ok(g.act(seer, "divine", wolf))
    results = [(e.day, e.target, e.result, e.to) for e in typed(g, Divined)]
    assert results == [(0, possessed, "human", (seer,)), (1, wolf, "werewolf", (seer,))]
    assert g.views[seer].knowledge == {possessed: "human", wolf: "werewolf"}
    assert not typed(g, Divined, wolf)


def test_rule_3_5_the_medium_learns_the_executed_agents_species():
    g = new(THIRTEEN, seed=6)
    medium, wolf = g.seat_of(M)[0], g.seat_of(W)[0]
    run_to(g, "vote", 1)
    vote(g, dict.fromkeys(g.living(), wolf))
    (told,) = typed(g, Identified)
    assert (told.to, told.day, told.target, told.result) == ((medium,), 1, wolf, "werewolf")
    assert g.views[medium].knowledge == {wolf: "werewolf"}


def _night(g, attack: dict[int, int | None], guard: int | None = None) -> None:
    run_to(g, "guard", g.state.day)
    answer(g, "guard", dict.fromkeys(g.seat_of(B), guard))
    answer(g, "attack", attack)


def test_rule_3_5_the_attack_kills_at_the_next_days_start_and_says_so_to_everyone():
    g = new(THIRTEEN, seed=2)
    victim = g.seat_of(V)[0]
    run_to(g, "vote", 1)
    vote(g, {})
    _night(g, dict.fromkeys(g.seat_of(W), victim))
    (died,) = typed(g, Died)
    assert died.seats == (victim,) and died.when == "attack" and died.to == PUBLIC and g.state.day == 2
    assert typed(g, AttackVoteList)[0].to == tuple(g.seat_of(W))


def test_rule_3_5_the_guarded_agent_survives_the_attack_and_the_same_agent_may_be_guarded_again():
    g = new(THIRTEEN, seed=2)
    victim = g.seat_of(V)[0]
    for day in (1, 2):
        run_to(g, "vote", day)
        vote(g, {})
        _night(g, dict.fromkeys(g.seat_of(W), victim), guard=victim)
    assert not typed(g, Died) and [e.guarded for e in typed(g, Attacked)] == [True, True]


def test_rule_3_5_the_bodyguard_cannot_guard_itself():
    g = new(THIRTEEN, seed=2)
    guard = g.seat_of(B)[0]
    run_to(g, "guard", 1)
    assert asked(g) == [guard] and refused(g.act(guard, "guard", guard)) == "self_target"


def test_rule_3_5_votes_for_werewolves_are_discarded():
    g = new(THIRTEEN, seed=2)
    wolves, victim = g.seat_of(W), g.seat_of(V)[0]
    run_to(g, "vote", 1)
    vote(g, {})
    _night(g, {wolves[0]: wolves[1], wolves[1]: wolves[1], wolves[2]: victim})
    assert typed(g, Attacked)[0].target == victim and len(typed(g, AttackVoteList)[0].votes) == 3


def test_ruling_aiwolf_no_attack_when_no_wolf_names_one():
    g = new(THIRTEEN, seed=2)
    wolves = g.seat_of(W)
    run_to(g, "vote", 1)
    vote(g, {})
    _night(g, {wolves[0]: wolves[1]})  # only a vote for a werewolf: nothing counts
    assert typed(g, Attacked)[0].target is None and not typed(g, Died)
    assert any(isinstance(e, Notice) and e.key == "morning.none" for e in g.events)


def test_rule_3_5_an_attack_tie_is_drawn_at_random_unless_a_tie_attacks_nobody():
    first = set()
    for seed in range(8):
        g = new(THIRTEEN, seed=seed)
        wolves, (a, b) = g.seat_of(W), g.seat_of(V)[:2]
        run_to(g, "vote", 1)
        vote(g, {})
        _night(g, {wolves[0]: a, wolves[1]: b})
        assert typed(g, Attacked)[0].target in (a, b)
        first.add(typed(g, Attacked)[0].target == a)
    assert first == {True, False}
    g = new(THIRTEEN, options={"attack_allow_no_target": True}, seed=0)
    wolves, (a, b) = g.seat_of(W), g.seat_of(V)[:2]
    run_to(g, "vote", 1)
    vote(g, {})
    _night(g, {wolves[0]: a, wolves[1]: b})
    assert typed(g, Attacked)[0].target is None


def test_rule_3_1_the_werewolves_win_at_parity_the_possessed_counting_as_human():
    g = new(FIVE, seed=1)
    wolf, possessed = g.seat_of(W)[0], g.seat_of(P)[0]
    villagers = [s for s in g.living() if s not in (wolf, possessed)]
    run_to(g, "vote", 1)
    vote(g, dict.fromkeys(g.living(), villagers[0]))
    assert g.state.status == "running"  # 1 werewolf, 3 humans (the possessed among them), not 2 against 2
    run_to(g, "attack", 1)
    answer(g, "attack", {wolf: villagers[1]})
    run_to(g, "vote", 2)
    vote(g, dict.fromkeys(g.living(), villagers[2]))
    (ended,) = typed(g, GameEnded)
    assert ended.reason == "werewolves" and ended.winners == tuple(sorted((wolf, possessed)))
    assert ended.teams == ("wolves",)


def test_rule_3_1_the_village_wins_when_no_werewolf_lives():
    g = new(FIVE, seed=1)
    wolf = g.seat_of(W)[0]
    run_to(g, "vote", 1)
    vote(g, dict.fromkeys(g.living(), wolf))
    (ended,) = typed(g, GameEnded)
    assert ended.reason == "villagers" and ended.teams == ("village",) and wolf not in ended.winners


def test_ruling_aiwolf_failed_agents_take_no_turn_and_enough_of_them_end_the_game_without_a_winner():
    g = new(THIRTEEN, seed=1)
    run_to(g, "talk", 0)
    failed = g.seat_of(V)[0]
    g.ok(g.submit(Handover(at=g.tick(), seat=failed, how="failed")))
    assert g.state.x.failed == (failed,) and g.state.status == "running"  # 1 < int(13 × 0.2) = 2
    said = speak_through(g, lambda g, s: "hi")
    assert failed not in {s for s, _ in said[13:]}  # asked no more once the round it failed in is over
    g.ok(g.submit(Handover(at=g.tick(), seat=g.seat_of(V)[1], how="failed")))
    say(g, "Over") if g.step_name() in ("talk", "whisper") and asked(g) else g.ok(g.timeout())
    (ended,) = typed(g, GameEnded)
    assert ended.reason == "failed" and ended.winners == () and ended.teams == ()
    assert any(isinstance(e, Notice) and e.key == "failed.end" for e in g.events)


def test_ruling_aiwolf_one_failed_agent_of_five_ends_the_game():
    g = new(FIVE, seed=1, preset="5")
    g.ok(g.submit(Handover(at=g.tick(), seat=3, how="failed")))
    g.ok(g.timeout())
    assert typed(g, GameEnded)[0].reason == "failed"


def test_rule_3_2_max_day_ends_the_game_without_a_winner_after_that_day():
    g = new(THIRTEEN, options={"max_day": 1}, seed=1)
    for _ in range(400):
        if g.state.status == "ended":
            break
        if asked(g):
            for seat in asked(g):
                g.ok(
                    g.act(
                        seat,
                        g.views[seat].decisions[0].kind,
                        text="Over" if g.step_name() in ("talk", "whisper") else None,
                    )
                )
        else:
            g.ok(g.timeout())
    (ended,) = typed(g, GameEnded)
    assert ended.reason == "max_day" and ended.winners == () and g.state.day == 1


def test_rule_3_2_the_presets_play_default_13_and_default_5():
    assert AIWOLF.preset_seats() == {"13": 13, "5": 5}
    five = new(FIVE, preset="5", seed=1)
    assert (five.state.options["talk_per_day"], five.state.options["whisper_per_agent"]) == (20, 0)
    thirteen = new(preset="13", seed=1)
    assert (thirteen.state.options["talk_per_day"], thirteen.state.options["whisper_per_day"]) == (52, 12)
    assert sorted(thirteen.state.setup_roles) == sorted(THIRTEEN)


def test_rule_2_5_a_talk_is_public_as_the_protocol_records_it():
    g = new(FIVE, seed=1)
    run_to(g, "talk", 0)
    say(g, "こんにちは @Agent[02] よろしく")
    (t,) = typed(g, Talked)
    assert t.to == PUBLIC and (t.day, t.idx, t.turn, t.skip, t.over) == (0, 0, 0, False, False)
    assert all(t in g.feed(s) for s in range(1, 6))


def test_rule_3_2_the_last_nights_victim_dies_before_the_game_ends_and_may_decide_it():
    g = new(FIVE, options={"max_day": 1}, seed=1)
    wolf, possessed = g.seat_of(W)[0], g.seat_of(P)[0]
    humans = [s for s in g.living() if s not in (wolf, possessed)]
    run_to(g, "vote", 1)
    vote(g, dict.fromkeys(g.living(), humans[0]))
    run_to(g, "attack", 1)
    answer(g, "attack", {wolf: humans[1]})
    assert typed(g, Died)[-1].seats == (humans[1],) and g.state.day == 1
    assert typed(g, GameEnded)[0].reason == "max_day"  # 1 werewolf against 2 humans: nobody has won
    g = new(FIVE, options={"max_day": 2}, seed=1)
    run_to(g, "vote", 1)
    vote(g, dict.fromkeys(g.living(), humans[0]))
    run_to(g, "attack", 1)
    answer(g, "attack", {wolf: humans[1]})
    run_to(g, "vote", 2)
    vote(g, {})
    run_to(g, "attack", 2)
    answer(g, "attack", {wolf: humans[2]})
    assert typed(g, GameEnded)[0].reason == "werewolves"  # the last night's attack reaches parity
