"""Every role's ability and every step of death processing (`langrensha.md` 角色說明, 特殊機制 1)."""

from __future__ import annotations

from grimoire.domain.events import MODERATOR, DeathCause, Died, Prompt, RoleChanged, StepOpened
from grimoire.projections.view import project
from tests.support.langrensha import (
    act,
    bite,
    dead,
    deaths,
    decisions,
    new,
    notices,
    ok,
    one,
    refused,
    run_to,
    vote_out,
    wolves,
)

W, V = "werewolf", "villager"


def villagers(g, *, but=()):
    return [s for s in g.seat_of(V) if s not in but]


def spare_bite(g, *keep):
    """Night 1's kill falls on a plain villager the test does not use."""
    bite(g, next(v for v in reversed(villagers(g)) if v not in keep and g.state.is_alive(v)))


def shoots(g, shooter, target):
    """`shooter` fires in the open shot step; `target` dies when it closes."""
    act(g, shooter, "shoot", target)
    since = len(g.events)
    ok(g.timeout())
    assert deaths(g, since) == [target]


def next_step(g, name):
    ok(g.timeout())
    run_to(g, name)


# --- wolves ----------------------------------------------------------------------------------------


def test_werewolves_kill_a_living_non_wolf():
    g = new([W, W, "seer", V, V, V])
    run_to(g, "night.wolves")
    w1, w2 = wolves(g)
    assert set(decisions(g, w1)["attack"].targets) == set(range(1, 7)) - {w1, w2}
    assert refused(g.act(w1, "attack", w2)) == "target_is_wolf"
    v = villagers(g)[0]
    act(g, w1, "attack", v)
    act(g, w2, "attack", v)
    run_to(g, "candidacy")
    assert deaths(g) == [v]


def test_wolves_choose_together_the_most_named_target_dies():
    g = new([W, W, W, V, V, V, V, V])
    run_to(g, "night.wolves")
    a, b = villagers(g)[:2]
    w1, w2, w3 = wolves(g)
    act(g, w1, "attack", a)
    act(g, w2, "attack", a)
    act(g, w3, "attack", b)
    run_to(g, "candidacy")
    assert deaths(g) == [a]


def test_wolf_attack_is_mandatory_a_silent_pack_kills_at_random():
    g = new([W, W, V, V, V, V, V])
    run_to(g, "candidacy")
    assert len(deaths(g)) == 1 and deaths(g)[0] in villagers(g)


def test_alpha_wolf_shoots_when_exiled():
    g = new(["alpha_wolf", W, "seer", V, V, V, V])
    alpha = one(g, "alpha_wolf")
    vote_out(g, alpha)
    run_to(g, "shot")
    shoots(g, alpha, villagers(g)[0])


def test_alpha_wolf_shoots_when_shot_by_the_hunter():
    g = new(["alpha_wolf", W, "huntsman", V, V, V, V, V])
    alpha, hunter = one(g, "alpha_wolf"), one(g, "huntsman")
    vote_out(g, hunter)
    run_to(g, "shot")
    act(g, hunter, "shoot", alpha)
    next_step(g, "shot")
    assert "shoot" in decisions(g, alpha)


def test_alpha_wolf_does_not_shoot_when_poisoned():
    g = new(["alpha_wolf", W, "witch", V, V, V, V])
    alpha, witch = one(g, "alpha_wolf"), one(g, "witch")
    run_to(g, "night.witch")
    act(g, witch, "poison", alpha)
    run_to(g, "shot")
    assert dead(g, alpha) and decisions(g, alpha) == {}


def test_ruling_langrensha_alpha_wolf_poisoned_and_white_killed_dies_of_the_poison_and_does_not_shoot():
    g = new(["white_wolf", "alpha_wolf", W, "witch", V, V, V, V, V])
    white, alpha, witch = one(g, "white_wolf"), one(g, "alpha_wolf"), one(g, "witch")
    run_to(g, "night.white_wolf")
    act(g, white, "white_kill", alpha)
    run_to(g, "night.witch")
    act(g, witch, "poison", alpha)
    run_to(g, "shot")
    assert dead(g, alpha) and decisions(g, alpha) == {}
    assert {e.seat: e.cause for e in g.events if isinstance(e, DeathCause)}[alpha] == "poison"


def test_white_wolf_kills_a_wolf_after_the_pack_on_odd_nights_only():
    g = new(["white_wolf", W, V, V, V, V, V, V])
    white, wolf = one(g, "white_wolf"), one(g, W)
    run_to(g, "night.white_wolf")
    opened = [e.name for e in g.events if isinstance(e, StepOpened)]
    assert opened.index("night.wolves") < opened.index("night.white_wolf")
    assert decisions(g, white)["white_kill"].targets == (wolf,)
    act(g, white, "white_kill", wolf)
    run_to(g, "candidacy")
    assert dead(g, wolf)
    run_to(g, "night.wolves")
    night2 = len(g.events)
    run_to(g, "exile_vote")
    names = [e.name for e in g.events[night2:] if isinstance(e, StepOpened)]
    assert "night.white_wolf" not in names
    run_to(g, "night.white_wolf")
    assert g.state.day == 3


def test_wolf_beauty_charms_once_and_the_charmed_dies_with_her():
    g = new(["wolf_beauty", W, "huntsman", V, V, V, V, V])
    beauty, hunter = one(g, "wolf_beauty"), one(g, "huntsman")
    run_to(g, "night.charm")
    act(g, beauty, "charm", hunter)
    vote_out(g, beauty)
    died = [e for e in g.events if isinstance(e, Died)][-1]
    assert set(died.seats) >= {beauty, hunter}
    run_to(g, "shot")
    assert decisions(g, hunter) == {}, "a charmed hunter does not shoot"
    run_to(g, "night.charm")
    assert g.state.step.prompts == {}


def test_guardian_wolf_shields_a_wolf_from_the_white_wolf_and_the_poison():
    g = new(["guardian_wolf", "white_wolf", W, "witch", V, V, V, V, V])
    guardian, white, wolf, witch = one(g, "guardian_wolf"), one(g, "white_wolf"), one(g, W), one(g, "witch")
    run_to(g, "night.guardian_wolf")
    assert set(decisions(g, guardian)["shield"].targets) == {guardian, white, wolf}
    act(g, guardian, "shield", wolf)
    run_to(g, "night.white_wolf")
    act(g, white, "white_kill", wolf)
    run_to(g, "night.witch")
    act(g, witch, "poison", wolf)
    run_to(g, "candidacy")
    assert not dead(g, wolf)


def test_hidden_wolf_is_seen_as_good_by_the_seer():
    g = new(["hidden_wolf", W, "seer", V, V, V, V])
    hidden, wolf, seer = one(g, "hidden_wolf"), one(g, W), one(g, "seer")
    run_to(g, "night.seer")
    act(g, seer, "divine", hidden)
    run_to(g, "candidacy")
    assert g.views[seer].knowledge[hidden] == "good"
    assert hidden in wolves(g)
    run_to(g, "night.seer")
    act(g, seer, "divine", wolf)
    run_to(g, "exile_vote")
    assert g.views[seer].knowledge[wolf] == "werewolf"


def test_blood_moon_apostle_seen_good_outside_the_pack_then_turns_when_the_last_wolf_dies():
    g = new([W, "blood_moon", "seer", V, V, V, V, V])
    wolf, apostle, seer = one(g, W), one(g, "blood_moon"), one(g, "seer")
    spare_bite(g)
    assert apostle not in g.state.step.prompts
    run_to(g, "night.seer")
    act(g, seer, "divine", apostle)
    run_to(g, "candidacy")
    assert g.views[seer].knowledge[apostle] == "good"
    vote_out(g, wolf)
    assert g.state.status == "running", "the apostle blocks the village win"
    assert [n.to for n in notices(g, "apostle.turned")] == [(apostle,)]
    run_to(g, "night.wolves")
    assert "attack" in decisions(g, apostle)
    run_to(g, "night.seer")
    act(g, seer, "divine", apostle)
    run_to(g, "exile_vote")
    assert g.views[seer].knowledge[apostle] == "werewolf"


def test_nightmare_blocks_one_player_for_the_night_and_only_it_learns_it_at_its_own_step():
    g = new(["nightmare", W, "seer", V, V, V, V])
    nightmare, seer = one(g, "nightmare"), one(g, "seer")
    run_to(g, "night.nightmare")
    assert nightmare not in decisions(g, nightmare)["block"].targets
    act(g, nightmare, "block", seer)
    spare_bite(g)
    assert notices(g, "nightmare.blocked") == []
    run_to(g, "night.seer")
    assert decisions(g, seer) == {}
    (told,) = notices(g, "nightmare.blocked")
    assert told.to == (seer,)
    run_to(g, "night.nightmare")
    spare_bite(g)
    run_to(g, "night.seer")
    assert "divine" in decisions(g, seer), "the block lasts one night"


# --- village ---------------------------------------------------------------------------------------


def test_seer_learns_werewolf_or_good():
    g = new([W, W, "seer", V, V, V, V])
    seer = one(g, "seer")
    run_to(g, "night.seer")
    target = wolves(g)[0]
    act(g, seer, "divine", target)
    run_to(g, "candidacy")
    (result,) = notices(g, "seer.result")
    assert result.to == (seer,) and result.learn == {target: "werewolf"}


def _bitten(g, target):
    bite(g, target)
    run_to(g, "night.witch")


def test_witch_learns_the_target_and_her_antidote_saves_it():
    g = new([W, "witch", V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)[0]
    _bitten(g, v)
    assert notices(g, "witch.target")[-1].args["target"] == v
    assert g.views[witch].private["wolf_target"] == v
    assert set(decisions(g, witch)) == {"save", "poison", "skip"}
    act(g, witch, "save")
    run_to(g, "candidacy")
    assert deaths(g) == [] and notices(g, "morning.none")


def test_witch_poison_kills_any_player():
    g = new([W, "witch", V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    act(g, witch, "poison", v[1])
    run_to(g, "candidacy")
    assert sorted(deaths(g)) == sorted([v[0], v[1]])


def test_witch_uses_one_potion_per_night_the_last_answer_stands():
    g = new([W, "witch", V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    act(g, witch, "save")
    act(g, witch, "poison", v[1])
    run_to(g, "candidacy")
    assert sorted(deaths(g)) == sorted([v[0], v[1]])
    assert g.views[witch].private["potions"] == ["antidote"]
    run_to(g, "night.witch")
    assert set(decisions(g, witch)) == {"save", "skip"}, "the poison is spent, the antidote is not"


def _potions(g, witch):
    """The witch's potions in the view folded from her events, which her kept view must equal."""
    folded = project(g.events, witch).private["potions"]
    assert g.views[witch].private["potions"] == folded
    return folded


def test_ruling_langrensha_witch_view_shows_the_antidote_used_at_once():
    g = new([W, "witch", V, V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    assert _potions(g, witch) == ["antidote", "poison"]
    act(g, witch, "save")
    assert _potions(g, witch) == ["poison"]
    run_to(g, "candidacy")
    assert _potions(g, witch) == ["poison"]


def test_ruling_langrensha_witch_view_shows_the_poison_used_at_once_and_follows_her_last_answer():
    g = new([W, "witch", V, V, V, V, V], early_close=True)
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    act(g, witch, "poison", v[1])
    assert _potions(g, witch) == ["antidote"]
    assert g.state.step.name != "night.witch", "early close: her answer closed the step"
    g = new([W, "witch", V, V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    act(g, witch, "poison", v[1])
    assert _potions(g, witch) == ["antidote"]
    act(g, witch, "skip")
    assert _potions(g, witch) == ["antidote", "poison"]
    run_to(g, "candidacy")
    assert _potions(g, witch) == ["antidote", "poison"] and deaths(g) == [v[0]]


def test_witch_each_potion_only_once():
    g = new([W, "witch", V, V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    act(g, witch, "save")
    next_step(g, "night.witch")
    assert "save" not in decisions(g, witch)


def test_option_witch_self_save_always():
    g = new([W, "witch", V, V, V, V])
    witch = one(g, "witch")
    _bitten(g, witch)
    assert "save" in decisions(g, witch)


def test_option_witch_self_save_never():
    g = new([W, "witch", V, V, V, V], witch_self_save="never")
    witch = one(g, "witch")
    _bitten(g, witch)
    assert "save" not in decisions(g, witch) and "poison" in decisions(g, witch)


def test_option_witch_self_save_first_night():
    g = new([W, "witch", "guard", V, V, V, V], witch_self_save="first_night")
    witch, guard = one(g, "witch"), one(g, "guard")
    run_to(g, "night.guard")
    act(g, guard, "guard", witch)
    _bitten(g, witch)
    assert "save" in decisions(g, witch)
    act(g, witch, "skip")
    _bitten(g, witch)
    assert "save" not in decisions(g, witch)


def test_option_witch_sees_target_always():
    g = new([W, "witch", V, V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    act(g, witch, "save")
    _bitten(g, v[1])
    assert notices(g, "witch.target")[-1].args["target"] == v[1]


def test_option_witch_sees_target_while_antidote():
    g = new([W, "witch", V, V, V, V, V], witch_sees_target="while_antidote")
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[0])
    assert len(notices(g, "witch.target")) == 1
    act(g, witch, "save")
    _bitten(g, v[1])
    assert len(notices(g, "witch.target")) == 1


def test_hunter_shoots_when_bitten():
    g = new([W, "huntsman", V, V, V, V, V])
    hunter = one(g, "huntsman")
    bite(g, hunter)
    run_to(g, "shot")
    shoots(g, hunter, wolves(g)[0])


def test_nightmare_blocked_hunter_bitten_that_night_does_not_shoot():
    g = new(["nightmare", W, "huntsman", V, V, V, V])
    nightmare, hunter = one(g, "nightmare"), one(g, "huntsman")
    run_to(g, "night.nightmare")
    act(g, nightmare, "block", hunter)
    bite(g, hunter)
    run_to(g, "shot")
    assert dead(g, hunter) and decisions(g, hunter) == {}


def test_hunter_shoots_when_exiled():
    g = new([W, W, "huntsman", V, V, V, V, V])
    hunter = one(g, "huntsman")
    vote_out(g, hunter)
    run_to(g, "shot")
    assert "shoot" in decisions(g, hunter)


def test_hunter_does_not_shoot_when_poisoned():
    g = new([W, "huntsman", "witch", V, V, V, V])
    hunter, witch = one(g, "huntsman"), one(g, "witch")
    spare_bite(g)
    run_to(g, "night.witch")
    act(g, witch, "poison", hunter)
    run_to(g, "shot")
    assert decisions(g, hunter) == {}


def test_ruling_langrensha_hunter_poisoned_and_bitten_does_not_shoot():
    g = new([W, "huntsman", "witch", V, V, V, V])
    hunter, witch = one(g, "huntsman"), one(g, "witch")
    _bitten(g, hunter)
    act(g, witch, "poison", hunter)
    run_to(g, "shot")
    assert dead(g, hunter) and decisions(g, hunter) == {}
    assert g.state.step.prompts == {}
    assert {e.seat: e.cause for e in g.events if isinstance(e, DeathCause)}[hunter] == "poison"


def test_guard_protects_from_the_wolves():
    g = new([W, "guard", V, V, V, V])
    guard, v = one(g, "guard"), villagers(g)[0]
    run_to(g, "night.guard")
    act(g, guard, "guard", v)
    bite(g, v)
    run_to(g, "candidacy")
    assert deaths(g) == []


def test_guard_never_the_same_player_two_nights_running():
    g = new([W, "guard", V, V, V, V, V])
    guard, v = one(g, "guard"), villagers(g)[0]
    run_to(g, "night.guard")
    act(g, guard, "guard", v)
    bite(g, villagers(g)[1])
    run_to(g, "exile_vote")
    run_to(g, "night.guard")
    assert v not in decisions(g, guard)["guard"].targets
    assert refused(g.act(guard, "guard", v)) == "consecutive_guard"


def test_option_guard_self_any():
    g = new([W, "guard", V, V, V, V, V])
    guard = one(g, "guard")
    run_to(g, "night.guard")
    act(g, guard, "guard", villagers(g)[0])
    bite(g, villagers(g)[1])
    run_to(g, "exile_vote")
    run_to(g, "night.guard")
    assert guard in decisions(g, guard)["guard"].targets


def test_option_guard_self_first_night():
    g = new([W, "guard", V, V, V, V, V], guard_self="first_night")
    guard = one(g, "guard")
    run_to(g, "night.guard")
    assert guard in decisions(g, guard)["guard"].targets
    act(g, guard, "guard", villagers(g)[0])
    bite(g, villagers(g)[1])
    run_to(g, "exile_vote")
    run_to(g, "night.guard")
    assert refused(g.act(guard, "guard", guard)) == "self_target"


def _guarded_and_saved(**options):
    g = new([W, "guard", "witch", V, V, V, V], **options)
    v = villagers(g)[0]
    run_to(g, "night.guard")
    act(g, one(g, "guard"), "guard", v)
    _bitten(g, v)
    act(g, one(g, "witch"), "save")
    run_to(g, "candidacy")
    return dead(g, v)


def test_option_guard_and_save_kills_false_the_target_lives():
    assert not _guarded_and_saved()


def test_option_guard_and_save_kills_true_the_target_dies():
    assert _guarded_and_saved(guard_and_save_kills=True)


def test_idiot_survives_the_first_exile_revealed_and_loses_the_vote():
    g = new([W, W, "idiot", V, V, V, V, V])
    idiot = one(g, "idiot")
    spare_bite(g)
    vote_out(g, idiot)
    assert not dead(g, idiot)
    (reveal,) = notices(g, "idiot.revealed")
    assert reveal.to == "public" and reveal.learn == {idiot: "idiot"}
    spare_bite(g, idiot)  # night 2's kill too, not left to a random draw
    run_to(g, "exile_vote")
    assert idiot not in g.state.step.public
    vote_out(g, idiot)
    assert dead(g, idiot)


def test_elder_has_two_lives_against_the_wolves():
    g = new([W, "elder", V, V, V, V, V])
    elder = one(g, "elder")
    bite(g, elder)
    run_to(g, "candidacy")
    assert not dead(g, elder)
    bite(g, elder)
    run_to(g, "exile_vote")
    assert dead(g, elder)


def test_elder_exiled_village_powers_are_lost():
    g = new([W, W, "elder", "seer", "huntsman", V, V, V, V])
    elder, seer, hunter = one(g, "elder"), one(g, "seer"), one(g, "huntsman")
    spare_bite(g)
    vote_out(g, elder)
    (penalty,) = notices(g, "elder.penalty")
    assert penalty.to == "public"
    spare_bite(g)
    run_to(g, "night.seer")
    assert seer not in g.state.step.prompts
    vote_out(g, hunter)
    run_to(g, "shot")
    assert hunter not in g.state.step.prompts


def test_knight_duel_kills_a_wolf():
    g = new([W, W, "knight", V, V, V, V, V])
    knight, wolf = one(g, "knight"), wolves(g)[0]
    run_to(g, "duel")
    act(g, knight, "duel", wolf)
    run_to(g, "exile_vote")
    assert dead(g, wolf) and not dead(g, knight)
    assert notices(g, "knight.duel")[0].learn == {knight: "knight"}


def test_knight_duel_on_a_non_wolf_kills_the_knight_once_per_game():
    g = new([W, W, "knight", V, V, V, V, V, V])
    knight = one(g, "knight")
    run_to(g, "duel")
    target = next(v for v in villagers(g) if not dead(g, v))
    act(g, knight, "duel", target)
    run_to(g, "exile_vote")
    assert dead(g, knight) and not dead(g, target)


def test_knight_duels_only_once():
    g = new([W, W, "knight", V, V, V, V, V, V])
    knight, wolf = one(g, "knight"), wolves(g)[0]
    run_to(g, "duel")
    act(g, knight, "duel", wolf)
    run_to(g, "night.wolves")
    run_to(g, "duel")
    assert g.state.step.prompts == {}


def test_magician_swaps_two_roles_who_learn_them_and_role_state_moves_with_the_role():
    g = new([W, "magician", "witch", V, V, V, V])
    magician, witch = one(g, "magician"), one(g, "witch")
    v = villagers(g)[0]
    _bitten(g, v)
    act(g, witch, "save")
    run_to(g, "night.magician")
    act(g, magician, "swap", targets=(witch, v))
    run_to(g, "night.witch")
    changes = [e for e in g.events if isinstance(e, RoleChanged)]
    assert {(e.seat, e.role, e.to) for e in changes} == {(witch, V, (witch,)), (v, "witch", (v,))}
    assert g.views[v].role == "witch"
    assert "save" not in decisions(g, v), "the spent antidote moved with the role"
    run_to(g, "night.magician")
    assert g.state.step.prompts == {}, "once per game"


def test_magician_swap_leaves_lovers_and_badge_with_the_players():
    g = new([W, "magician", "cupid", V, V, V, V])
    magician, cupid = one(g, "magician"), one(g, "cupid")
    a, b = villagers(g)[:2]
    run_to(g, "night.cupid")
    act(g, cupid, "link", targets=(a, b))
    spare_bite(g, a, b)
    run_to(g, "candidacy")
    for s in g.state.step.public:
        act(g, s, "stand", option="stand" if s == a else "pass")
    run_to(g, "night.magician")
    c = next(s for s in [magician, cupid] if g.state.is_alive(s))
    role_c = g.state.role(c)
    act(g, magician, "swap", targets=(a, c))
    run_to(g, "night.wolves")
    assert g.state.role(a) == role_c
    assert g.state.x.lovers == tuple(sorted([a, b])) and g.state.x.sheriff == a


def test_cupid_links_two_lovers_who_learn_each_others_seat_and_role():
    g = new([W, "cupid", "seer", V, V, V])
    cupid, seer, wolf = one(g, "cupid"), one(g, "seer"), one(g, W)
    run_to(g, "night.cupid")
    assert decisions(g, cupid)["link"].count == 2
    act(g, cupid, "link", targets=(seer, wolf))
    run_to(g, "night.wolves")
    assert g.views[seer].knowledge[wolf] == W and g.views[wolf].knowledge[seer] == "seer"
    assert g.views[seer].private["lover"] == [wolf, W]
    assert cupid not in g.views[seer].knowledge


def test_heartbreak_a_lover_dies_with_the_other():
    g = new([W, "cupid", V, V, V, V, V])
    cupid = one(g, "cupid")
    a, b = villagers(g)[:2]
    run_to(g, "night.cupid")
    act(g, cupid, "link", targets=(a, b))
    bite(g, a)
    run_to(g, "candidacy")
    (died,) = [e for e in g.events if isinstance(e, Died)]
    assert died.seats == tuple(sorted((a, b)))
    causes = {e.seat: e.cause for e in g.events if isinstance(e, DeathCause)}
    assert causes == {a: "attack", b: "heartbreak"}


def test_raven_marked_player_has_one_more_vote_against_it():
    g = new([W, W, "raven", V, V, V, V, V])
    raven = one(g, "raven")
    target = villagers(g)[0]
    spare_bite(g, target)
    run_to(g, "night.raven")
    act(g, raven, "mark", target)
    run_to(g, "exile_vote")
    for s in g.state.step.public:
        act(g, s, "vote")
    result = [e for e in g.events if type(e).__name__ == "VoteResult"][-1]
    assert result.tally == {target: 1.0} and result.chosen == target and dead(g, target)


def test_graveyard_keeper_learns_the_exact_role_of_a_dead_player():
    g = new([W, "graveyard_keeper", "seer", V, V, V, V])
    keeper, seer = one(g, "graveyard_keeper"), one(g, "seer")
    spare_bite(g)
    vote_out(g, seer)
    run_to(g, "night.graveyard")
    d = decisions(g, keeper)["inspect"]
    assert d.dead_ok and seer in d.targets
    assert refused(g.act(keeper, "inspect", wolves(g)[0])) == "target_illegal", "only the dead"
    act(g, keeper, "inspect", seer)
    run_to(g, "exile_vote")
    assert g.views[keeper].knowledge[seer] == "seer"


def test_thief_sees_the_two_spare_cards_and_may_stay_a_villager():
    g = new([W, W, "thief", "seer", V, V, V, "witch"])
    thief = one(g, "thief")
    assert len(g.state.roles) == 6 and len(g.state.x.spare) == 2
    run_to(g, "night.thief")
    spare = g.state.x.spare
    assert g.views[thief].private["spare_cards"] == list(spare)
    options = decisions(g, thief)["pick"].options
    assert set(options) == set(spare) | ({V} if not all(c == W for c in spare) else set())
    run_to(g, "night.wolves")
    assert g.state.role(thief) == (W if all(c == W for c in spare) else V)


def test_thief_takes_the_card_it_picks():
    g = new([W, W, "thief", "seer", V, V, V, "witch"])
    thief = one(g, "thief")
    run_to(g, "night.thief")
    card = g.state.x.spare[0]
    act(g, thief, "pick", option=card)
    run_to(g, "night.wolves")
    assert g.views[thief].role == card


def test_thief_must_take_a_card_when_both_are_wolves():
    for seed in range(300):
        g = new([W, W, W, "thief", V, V, V, V], seed=seed)
        if all(c == W for c in g.state.x.spare):
            break
    else:
        raise AssertionError("no deal with two wolf cards spare")
    thief = one(g, "thief")
    run_to(g, "night.thief")
    assert decisions(g, thief)["pick"].options == (W,)
    run_to(g, "night.wolves")
    assert g.state.role(thief) == W and thief in g.state.step.prompts


def test_host_role_list_with_a_thief_has_two_spare_cards():
    from grimoire.domain.rulesets.langrensha import LANGRENSHA

    assert LANGRENSHA.setup(6, None, (W, W, "thief", V, V, V, V, V)) == (W, W, "thief", V, V, V, V, V)
    assert LANGRENSHA.setup(6, None, (W, W, "thief", V, V, V)).args["reason"] == "count_spare"
    assert LANGRENSHA.setup(6, None, (W, "thief", V, V, V, V, V, V)).args["reason"] == "few_wolves"


# --- death processing ------------------------------------------------------------------------------


def test_deaths_are_announced_in_seat_order_with_no_cause():
    g = new([W, "witch", V, V, V, V, V])
    witch, v = one(g, "witch"), villagers(g)
    _bitten(g, v[-1])
    act(g, witch, "poison", v[0])
    run_to(g, "candidacy")
    (died,) = [e for e in g.events if isinstance(e, Died)]
    assert died.to == "public" and list(died.seats) == sorted([v[0], v[-1]])
    assert all(e.to == MODERATOR for e in g.events if isinstance(e, DeathCause))


def test_death_processing_a_shot_lover_takes_the_other_lover():
    g = new([W, W, "cupid", "huntsman", V, V, V, V, V])
    cupid, hunter = one(g, "cupid"), one(g, "huntsman")
    a, b = villagers(g)[:2]
    run_to(g, "night.cupid")
    act(g, cupid, "link", targets=(a, b))
    spare_bite(g, a, b)
    vote_out(g, hunter)
    run_to(g, "shot")
    act(g, hunter, "shoot", a)
    since = len(g.events)
    ok(g.timeout())
    assert sorted(deaths(g, since)) == sorted([a, b])


def test_death_processing_shots_before_the_badge():
    g = new([W, W, "huntsman", V, V, V, V, V])
    hunter = one(g, "huntsman")
    run_to(g, "candidacy")
    for s in g.state.step.public:
        act(g, s, "stand", option="stand" if s == hunter else "pass")
    vote_out(g, hunter)
    run_to(g, "badge")
    opened = [e.name for e in g.events if isinstance(e, StepOpened)]
    assert opened[-3:] == ["last_words", "shot", "badge"]


def test_death_prompts_are_private_and_the_shot_step_opens_after_every_death():
    g = new([W, W, "huntsman", V, V, V, V, V])
    spare_bite(g, villagers(g)[0])
    vote_out(g, villagers(g)[0])
    run_to(g, "shot")
    assert g.state.step.prompts == {} and g.state.step.hold
    assert all(e.to != "public" for e in g.events if isinstance(e, Prompt))


def test_option_dead_see_all_false_the_dead_learn_nothing_more():
    g = new([W, "seer", V, V, V, V])
    v = villagers(g)[0]
    bite(g, v)
    run_to(g, "candidacy")
    assert g.views[v].knowledge == {}


def test_option_dead_see_all_true_the_dead_see_every_role():
    g = new([W, "seer", V, V, V, V], dead_see_all=True)
    v = villagers(g)[0]
    bite(g, v)
    run_to(g, "candidacy")
    assert g.views[v].knowledge == dict(enumerate(g.state.roles, 1))


def test_wolves_whisper_among_themselves_at_their_step():
    g = new([W, W, "seer", V, V, V, V])
    run_to(g, "night.wolves")
    w1, w2 = wolves(g)
    out = act(g, w1, "whisper", text="the seer?")
    assert out[0].to == tuple(sorted((w1, w2)))
    assert refused(g.act(w1, "whisper")) == "text_required"
