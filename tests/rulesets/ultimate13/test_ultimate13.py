"""ultimate13 (`ultimate13.md` and its rulings): one test per rule, named after it."""

from collections import Counter

from grimoire.domain.events import Act, Died, Notice, StepOpened, VoteResult
from grimoire.domain.rulesets.ultimate13 import ULTIMATE13
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation
from tests.support.harness import Script


def game(seed=1, **options) -> Script:
    g = Script("ultimate13", 13, seed=seed, options=options)
    g.start()
    return g


def refused(out, code):
    assert isinstance(out, RuleViolation), out
    assert out.code == code, out.code
    return True


def notices(g, key, seat=None):
    return [e for e in g.events if isinstance(e, Notice) and e.key == key and (seat is None or e.to == (seat,))]


def day1(seed=1, **options):
    g = game(seed, **options)
    g.night()
    return g


def test_roles_six_villagers_seer_medium_hunter_three_werewolves_madman():
    expected = {"villager": 6, "seer": 1, "medium": 1, "hunter": 1, "werewolf": 3, "madman": 1}
    for seed in range(3):
        assert Counter(game(seed).state.roles) == expected


def test_thirteen_seats_only():
    from grimoire.domain.catalog import decide, initial_state
    from grimoire.domain.events import CreateGame
    from tests.support.harness import seed_for

    out = decide(initial_state(), CreateGame(game_id="x", ruleset="ultimate13", seats=12, seed=seed_for(1)))
    assert refused(out, "bad_seats")


def test_seer_first_result_is_a_random_non_wolf_other_than_the_seer_madman_included():
    drawn = set()
    for seed in range(60):
        g = game(seed)
        seer = g.seat_of("seer")[0]
        ((target, label),) = g.views[seer].knowledge.items()
        assert label == "human" and target != seer and g.state.role(target) != "werewolf"
        drawn.add(g.state.role(target))
    assert "madman" in drawn


def test_wolves_know_each_other_and_the_madman_does_not_know_them():
    g = game()
    wolves = set(g.seat_of("werewolf"))
    for wolf in wolves:
        assert {s for s, label in g.views[wolf].knowledge.items() if label == "werewolf"} == wolves
    assert g.views[g.seat_of("madman")[0]].knowledge == {}


def test_night0_has_no_attack_guard_or_divination():
    g = game()
    kinds = {d.kind for s in g.living() for d in g.state.step.prompts[s]}
    assert kinds == {"sleep", "whisper", "done"}  # the wolves end their meeting with done (version 4)
    g.night()
    assert all(g.state.alive)


def test_wolves_whisper_every_night_without_a_cap():
    g = game()
    wolf = g.seat_of("werewolf")[0]
    for i in range(25):
        g.ok(g.act(wolf, "whisper", text=f"{i}"))
    assert notices(g, "whisper.closed") == []


def test_day_is_free_discussion_until_everyone_is_ready():
    g = day1()
    assert g.step_name() == "discussion"
    g.ok(g.act(3, "speak", text="hello"))
    g.ok(g.act(3, "speak", text="again"))
    for seat in range(1, 14):
        g.ok(g.act(seat, "ready"))
    assert g.step_name() == "vote"


def test_free_discussion_ends_at_its_deadline_option():
    g = day1(discussion_seconds=30)
    step = g.state.step
    assert step.deadline - step.opened_at == 30_000
    g.ok(g.act(1, "ready"))
    g.timeout()
    assert g.step_name() == "vote"  # no reminder: the discussion simply ends


def test_vote_is_simultaneous_and_ballots_are_revealed_together():
    g = day1()
    g.talk()
    target = g.seat_of("villager")[0]
    g.ok(g.act(2 if target != 2 else 3, "vote", target))
    assert g.events[-1].to == (g.events[-1].seat,)  # hidden until the close
    g.vote(default=target)
    result = [e for e in g.events if isinstance(e, VoteResult)][-1]
    assert result.ballots is not None and len(result.ballots) == 13
    assert result.chosen == target


def test_a_tie_executes_nobody():
    g = day1()
    g.vote({s: (1 if s % 2 else 2) for s in range(1, 14)} | {1: 2, 2: 1, 13: None})
    result = [e for e in g.events if isinstance(e, VoteResult)][-1]
    assert result.tied == (1, 2) and result.chosen is None
    assert all(g.state.alive) and g.step_name() == "night"


def test_no_last_words():
    g = day1()
    g.vote(default=g.seat_of("villager")[0])
    assert g.step_name() == "night"


def test_medium_learns_the_executed_players_exact_role():
    g = day1()
    medium, madman = g.seat_of("medium")[0], g.seat_of("madman")[0]
    g.vote(default=madman)
    assert notices(g, "medium.result", medium)[-1].args == {"target": madman, "label": "madman"}


def test_medium_result_option_alignment():
    g = day1(medium_result="alignment")
    medium, madman = g.seat_of("medium")[0], g.seat_of("madman")[0]
    g.vote(default=madman)
    assert notices(g, "medium.result", medium)[-1].args == {"target": madman, "label": "human"}


def test_hunter_cannot_guard_itself_but_may_guard_the_same_player_twice():
    g = day1()
    hunter = g.seat_of("hunter")[0]
    villager = g.seat_of("villager")[0]
    g.vote(default=None)
    assert refused(g.act(hunter, "guard", hunter), "self_target")
    g.night(guard=villager, attack=g.seat_of("villager")[1])
    g.vote(default=None)
    g.ok(g.act(hunter, "guard", villager))


def test_option_consecutive_guard_off_refuses_the_same_player_twice():
    g = day1(consecutive_guard=False)
    hunter = g.seat_of("hunter")[0]
    villager = g.seat_of("villager")[0]
    g.vote(default=None)
    g.night(guard=villager, attack=g.seat_of("villager")[1])
    g.vote(default=None)
    assert refused(g.act(hunter, "guard", villager), "consecutive_guard")


def test_attack_any_living_player_but_the_attacker_a_fellow_wolf_included():
    g = day1()
    g.vote(default=None)
    a, b, _ = g.seat_of("werewolf")
    assert refused(g.act(a, "attack", a), "self_target")
    g.ok(g.act(a, "attack", b))


def test_option_wolf_attack_wolf_off():
    g = day1(wolf_attack_wolf=False)
    g.vote(default=None)
    a, b, _ = g.seat_of("werewolf")
    assert refused(g.act(a, "attack", b), "target_is_wolf")


def test_guarded_attack_kills_nobody_and_unguarded_kills_the_target():
    g = day1()
    g.vote(default=None)
    v1, v2 = g.seat_of("villager")[:2]
    g.night(attack=v1, guard=v1)
    assert notices(g, "morning.none")
    g.vote(default=None)
    g.night(attack=v2, guard=v1)
    assert [e for e in g.events if isinstance(e, Died)][-1].seats == (v2,)


def state(*roles_alive):
    roles = tuple(r for r, _ in roles_alive)
    alive = tuple(a for _, a in roles_alive)
    return GameState(ruleset="ultimate13", roles=roles, alive=alive, options={"madman_counts_as_human": False})


def test_parity_does_not_count_the_madman():
    s = state(("werewolf", True), ("madman", True), ("villager", True))
    assert ULTIMATE13.winning_team(s) == "wolves"
    s = state(("werewolf", True), ("seer", True), ("villager", True))
    assert ULTIMATE13.winning_team(s) is None


def test_option_madman_counts_as_human():
    s = state(("werewolf", True), ("madman", True), ("villager", True))
    s = s.__class__(**{**{f: getattr(s, f) for f in s.__struct_fields__}, "options": {"madman_counts_as_human": True}})
    assert ULTIMATE13.winning_team(s) is None


def test_village_wins_when_every_wolf_is_executed():
    g = day1()
    for wolf in g.seat_of("werewolf"):
        if g.step_name() == "night":
            g.night(attack=next(s for s in g.living() if g.state.role(s) == "villager"), guard=None)
        if g.state.status != "running":
            break
        g.vote(default=wolf)
    assert g.events[-1].reason == "village"
    assert set(g.events[-1].winners) == {s for s in range(1, 14) if g.state.role(s) not in ("werewolf", "madman")}


def test_every_step_of_the_night_is_owed_by_every_living_seat():
    g = day1()
    g.vote(default=None)
    opened = [e for e in g.events if isinstance(e, StepOpened)][-1]
    assert opened.name == "night"
    assert set(g.state.step.prompts) == set(g.living())
    g.night(attack=g.seat_of("villager")[0])
    sleeps = [e for e in g.events if isinstance(e, Act) and e.action.kind == "sleep"]
    assert sleeps and all(e.to == (e.seat,) for e in sleeps)
