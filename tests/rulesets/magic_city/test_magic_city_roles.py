"""magic_city: setup, options, every role and every win, each scripted through the pure engine."""

from __future__ import annotations

import msgspec

from grimoire.domain.catalog import decide, initial_state, verify
from grimoire.domain.events import Act, Action, Died, GameEnded, Notice, StepOpened
from grimoire.domain.rulesets.magic_city import MAGIC_CITY, city, recommended, regulation_error
from grimoire.domain.rulesets.magic_city.day import minutes
from grimoire.domain.violations import RuleViolation
from tests.support.harness import Game
from tests.support.magic_city import (
    N9,
    execute,
    new_game,
    night,
    notices,
    ok,
    only,
    results,
    seat,
    seats,
    step,
    until,
    vote_all,
)

C4 = ("citizen",) * 4


def kill_all_but(game, keep: set[int]) -> None:
    """Execute by day and attack by night (with the single wolf) until only `keep` and the wolves live."""
    wolf = seat(game, "werewolf")
    while game.state.status == "running":
        victims = [s for s in game.state.living() if s not in keep and s != wolf]
        if not victims:
            break
        execute(game, victims[0])
        if game.state.status != "running":
            break
        victims = [s for s in game.state.living() if s not in keep and s != wolf]
        night(game, {"werewolf": [(wolf, "attack", victims[0] if victims else next(iter(keep)))]})


# --- setup ----------------------------------------------------------------------------------


def test_regulation_formula_decides_the_shape_of_a_role_list():
    assert regulation_error(N9) is None

    def refused(reason, **args):
        return RuleViolation(code="bad_roles", args={"reason": reason, **args})

    assert regulation_error(("citizen",) * 5 + ("prophet", "medium", "werewolf", "madman")) == refused(
        "citizens", players=9, needed=4, dealt=5
    )
    assert regulation_error(C4 + ("prophet", "medium", "werewolf", "werewolf", "madman")) == refused(
        "evil", players=9, needed=2, dealt=3
    )
    assert regulation_error(C4 + ("prophet", "medium", "knight", "madman", "foxkin")) == refused("no_werewolf")
    assert regulation_error(C4 + ("prophet", "mason", "knight", "werewolf", "madman")) == refused("masons")
    assert regulation_error(C4 + ("prophet", "prophet", "knight", "werewolf", "madman")) == refused(
        "twice", roles=["prophet"], count=1
    )
    evil = regulation_error(C4 + ("prophet", "medium", "werewolf", "werewolf", "madman"))
    assert evil is not None and "狐人" in evil.message("ja") and "魔人" in evil.message("ja")
    out = decide(initial_state(), _create(("citizen",) * 9))
    assert isinstance(out, RuleViolation) and out.code == "bad_roles"


def _create(roles):
    from grimoire.domain.events import CreateGame
    from tests.support.harness import seed_for

    return CreateGame(at=1, game_id="g", ruleset="magic_city", seats=len(roles), roles=roles, seed=seed_for(0))


def test_recommended_list_for_every_n_from_8_to_20():
    for n in range(8, 21):
        roles = recommended(n)
        assert len(roles) == n and regulation_error(roles) is None
        assert MAGIC_CITY.presets[str(n)] == roles
        game = Game("magic_city", n, seed=n, options={"early_close": True})
        assert game.state.setup_roles == roles  # no roles given: the recommended list


def test_rules_are_announced_to_everyone_at_the_start():
    game = new_game(vote_format="ordered", tie_rule="draw", night_talk=False)
    (rules,) = notices(game, "city.rules")
    assert rules.to == "public"
    assert rules.args["format"] == "ordered" and rules.args["tie"] == "draw" and rules.args["night_talk"] == "off"
    assert rules.args["first_seer"] == "on" and rules.args["consecutive_guard"] == "on"


def test_role_check_in_the_guides_order_each_step_held_to_its_deadline():
    roles = ("citizen",) * 6 + ("prophet", "medium", "spirit_caller", "werewolf", "evil_eye", "foxkin", "demon")
    game = new_game(roles, early_close=False)
    opened = []
    while game.state.phase == "night":
        opened.append(step(game))
        assert game.state.step.hold
        ok(game.timeout())
    assert opened == [
        "check.foxkin",
        "check.wolves",
        "check.evil_eye",
        "check.demon",
        "check.prophet",
        "check.medium",
        "check.guards",
    ]


def test_option_early_close_skips_steps_nobody_owes_and_closes_answered_ones():
    game = new_game(first_seer=False)
    assert game.state.phase == "day"  # no role check step owes anything
    game = new_game(first_seer=True)
    assert step(game) == "check.prophet" and not game.state.step.hold
    ok(game.act(seat(game, "prophet"), "divine", seat(game, "citizen")))
    assert game.state.phase == "day"


def test_option_first_seer():
    game = new_game(first_seer=True)
    prophet, wolf = seat(game, "prophet"), seat(game, "werewolf")
    ok(game.act(prophet, "divine", wolf))
    (first,) = notices(game, "seer.first")
    assert first.to == (prophet,) and first.learn == {wolf: "werewolf"}
    game = new_game(first_seer=False)
    assert not notices(game, "seer.first") and step(game) == "discussion"


def test_discussion_lasts_living_minus_four_minutes_at_least_one():
    game = new_game(first_seer=False, discussion_minute_seconds=10)
    opened = game.state.step
    assert opened.name == "discussion" and opened.deadline - opened.opened_at == (9 - 4) * 10_000
    assert minutes(msgspec.structs.replace(game.state, alive=(True,) * 3 + (False,) * 6)) == 1


def test_ready_from_every_living_player_ends_the_discussion():
    game = new_game(first_seer=False)
    for s in game.state.living():
        ok(game.act(s, "ready"))
    assert step(game) == "vote"


def test_option_vote_format_simultaneous_reveals_ballots_together():
    game = new_game(first_seer=False)
    until(game, "vote")
    voter = game.state.step.public[0]
    event = ok(game.act(voter, "vote", game.state.step.public[1]))[0]
    assert event.to == (voter,)
    vote_all(game, game.seat_of("citizen")[0])
    assert results(game)[-1].ballots is not None


def test_option_vote_format_ordered_public_in_seat_order():
    game = new_game(first_seer=False, vote_format="ordered")
    until(game, "vote")
    order = []
    for _ in range(9):
        (voter,) = game.state.step.public
        order.append(voter)
        event = ok(game.act(voter, "vote", 1 if voter != 1 else 2))[0]
        assert event.to == "public"
    assert order == list(range(1, 10))
    assert results(game)[-1].chosen == 1


def test_option_vote_format_free_public_and_changeable_until_the_close():
    game = new_game(first_seer=False, vote_format="free", early_close=False)
    until(game, "vote")
    assert game.state.step.hold
    for s in game.state.living():
        assert ok(game.act(s, "vote", 2 if s != 2 else 3))[0].to == "public"
    ok(game.act(2, "vote", 4))
    for s in (1, 3, 5, 6, 7):
        ok(game.act(s, "vote", 4))
    assert step(game) == "vote"
    ok(game.timeout())
    assert results(game)[-1].chosen == 4


def tie(game) -> None:
    """Seats 2-5 name seat 1, seats 1 and 6-8 name seat 2, seat 9 abstains (in the runoff: 3-5 and 6-8)."""
    for s in game.state.step.public:
        ok(game.act(s, "vote", None if s == 9 else 1 if 2 <= s <= 5 else 2))


def test_runoff_among_the_tied_with_only_the_others_voting():
    game = new_game(first_seer=False)
    until(game, "vote")
    tie(game)
    assert results(game)[-1].tied == (1, 2) and step(game) == "vote_runoff"
    assert set(game.state.step.public) == set(range(3, 10))
    assert game.state.step.decision(3, "vote").targets == (1, 2)


def test_option_tie_rule_no_execution():
    game = new_game(first_seer=False, **only())
    until(game, "vote")
    for _ in range(2):
        for s in game.state.step.public:
            ok(game.act(s, "vote", None))
        if step(game) == "vote":
            break
    until(game, "vote_runoff", "night.werewolf")
    assert all(game.state.alive)


def test_option_tie_rule_draw_ends_the_game_on_a_second_tie():
    game = new_game(first_seer=False, tie_rule="draw")
    until(game, "vote")
    tie(game)
    tie(game)
    assert game.state.status == "ended" and game.events[-1].reason == "draw"


def test_option_event_cards_leave_disabled_cards_out_of_the_deck():
    game = new_game(**only("bank", "slum"))
    assert sorted(game.state.x.deck) == ["bank", "slum"]
    assert len(new_game().state.x.deck) == 25


def test_option_consecutive_guard():
    for allowed in (True, False):
        game = new_game(first_seer=False, consecutive_guard=allowed, **only())
        knight, wolf = seat(game, "knight"), seat(game, "werewolf")
        cits = game.seat_of("citizen")
        execute(game, cits[0])
        night(game, {"werewolf": [(wolf, "attack", cits[1])], "knight": [(knight, "guard", cits[2])]})
        execute(game, cits[3])
        until(game, "night.knight")
        guard = game.state.step.decision(knight, "guard")
        assert (cits[2] in guard.targets) is allowed
        if not allowed:
            assert game.act(knight, "guard", cits[2]).code == "consecutive_guard"


def test_option_night_talk_opens_a_channel_for_the_wolves_and_the_masons():
    roles = ("citizen",) * 4 + ("mason", "mason", "werewolf", "werewolf", "knight", "prophet")
    for talk in (True, False):
        game = new_game(roles, first_seer=False, night_talk=talk, **only())
        execute(game, seat(game, "citizen"))
        until(game, "night.werewolf")
        wolves, masons = game.seat_of("werewolf"), game.seat_of("mason")
        if not talk:
            assert game.act(wolves[0], "whisper", text="hi").code in ("wrong_phase", "not_your_turn")
            continue
        assert ok(game.act(wolves[0], "whisper", text="hi"))[0].to == tuple(wolves)
        assert ok(game.act(masons[0], "whisper", text="yo"))[0].to == tuple(masons)


# --- roles ----------------------------------------------------------------------------------


def test_role_citizen_has_no_night_decision():
    game = new_game(first_seer=False, **only())
    citizen = seat(game, "citizen", 1)
    execute(game, seat(game, "citizen"))
    while game.state.phase == "night":
        assert game.views[citizen].decisions == ()
        ok(game.timeout())


def test_role_werewolf_attack_kills_the_target():
    game = new_game(first_seer=False, **only())
    wolf, cits = seat(game, "werewolf"), game.seat_of("citizen")
    execute(game, cits[0])
    until(game, "night.werewolf")
    assert game.act(wolf, "attack", wolf).code == "self_target"
    night(game, {"werewolf": [(wolf, "attack", cits[1])]})
    assert not game.state.is_alive(cits[1]) and game.state.phase == "day"
    assert [e for e in game.events if isinstance(e, Died)][-1].when == "morning"


def test_role_prophet_learns_werewolf_or_not():
    game = new_game(first_seer=False, **only())
    prophet, wolf, madman = seat(game, "prophet"), seat(game, "werewolf"), seat(game, "madman")
    execute(game, seat(game, "citizen"))
    night(game, {"prophet": [(prophet, "divine", madman)]})
    assert notices(game, "seer.result")[-1].learn == {madman: "human"}
    execute(game, seat(game, "citizen", 2))
    night(game, {"prophet": [(prophet, "divine", wolf)]})
    assert notices(game, "seer.result")[-1].learn == {wolf: "werewolf"}


def test_role_medium_learns_the_executed_in_its_step():
    roles = C4 + ("prophet", "medium", "knight", "werewolf", "werewolf")
    game = new_game(roles, first_seer=False, **only())
    medium, wolf = seat(game, "medium"), seat(game, "werewolf")
    execute(game, wolf)
    until(game, "night.medium")
    (result,) = notices(game, "medium.result")
    assert result.to == (medium,) and result.learn == {wolf: "werewolf"}


def test_role_knight_guards_another_player():
    game = new_game(first_seer=False, **only())
    knight, wolf, cits = seat(game, "knight"), seat(game, "werewolf"), game.seat_of("citizen")
    execute(game, cits[0])
    until(game, "night.knight")
    assert game.act(knight, "guard", knight).code == "self_target"
    game = new_game(first_seer=False, **only())
    execute(game, cits[0])
    night(game, {"werewolf": [(wolf, "attack", cits[1])], "knight": [(knight, "guard", cits[1])]})
    assert game.state.is_alive(cits[1]) and notices(game, "morning.none")


DRAGON = C4 + ("prophet", "knight", "dragon", "werewolf", "madman")


def test_role_dragon_guards_with_the_knight_whose_choice_stands():
    game = new_game(DRAGON, first_seer=False, **only())
    knight, dragon, wolf, cits = [*seats(game, "knight", "dragon", "werewolf"), game.seat_of("citizen")]
    assert notices(game, "partners.known", knight)[0].learn == {knight: "knight", dragon: "dragon"}
    execute(game, cits[0])
    night(
        game,
        {"werewolf": [(wolf, "attack", cits[1])], "knight": [(dragon, "guard", cits[1]), (knight, "guard", cits[2])]},
    )
    assert [e.to for e in game.events if isinstance(e, Act) and e.action.kind == "guard"] == [(knight, dragon)] * 2
    assert not game.state.is_alive(cits[1])


def test_role_dragon_guards_alone_when_the_knight_is_dead():
    game = new_game(DRAGON, first_seer=False, **only())
    knight, dragon, wolf, cits = [*seats(game, "knight", "dragon", "werewolf"), game.seat_of("citizen")]
    execute(game, knight)
    night(game, {"werewolf": [(wolf, "attack", cits[1])], "knight": [(dragon, "guard", cits[1])]})
    assert game.state.is_alive(cits[1])


SPIRIT = C4 + ("prophet", "spirit_caller", "knight", "werewolf", "madman")


def test_role_spirit_caller_guards_and_drags_its_ward_when_attacked():
    game = new_game(SPIRIT, first_seer=False, **only())
    spirit, wolf, cits = seat(game, "spirit_caller"), seat(game, "werewolf"), game.seat_of("citizen")
    execute(game, cits[0])
    night(game, {"werewolf": [(wolf, "attack", cits[1])], "spirit_caller": [(spirit, "guard", cits[1])]})
    assert game.state.is_alive(cits[1])
    execute(game, cits[2])
    night(game, {"werewolf": [(wolf, "attack", spirit)], "spirit_caller": [(spirit, "guard", cits[1])]})
    assert not game.state.is_alive(spirit) and not game.state.is_alive(cits[1])
    died = [e for e in game.events if isinstance(e, Died)][-1]
    assert died.seats == tuple(sorted((spirit, cits[1])))  # one announcement, no cause


def test_role_mason_pair_know_each_other():
    roles = C4 + ("mason", "mason", "prophet", "werewolf", "madman")
    game = new_game(roles, first_seer=False)
    masons = tuple(game.seat_of("mason"))
    (known,) = notices(game, "partners.known")
    assert known.to == masons and known.learn == dict.fromkeys(masons, "mason")
    assert game.views[masons[0]].knowledge[masons[1]] == "mason"


LENDER = C4 + ("prophet", "moneylender", "knight", "werewolf", "madman")


def test_role_moneylender_once_per_game_takes_a_vote_and_doubles_its_own():
    game = new_game(LENDER, first_seer=False, **only())
    lender, wolf, cits = seat(game, "moneylender"), seat(game, "werewolf"), game.seat_of("citizen")
    execute(game, cits[0])
    night(game, {"werewolf": [(wolf, "attack", cits[1])], "moneylender": [(lender, "lend", cits[2])]})
    until(game, "vote")
    assert cits[2] not in game.state.step.public
    vote_all(game, cits[3])
    # every living voter but the robbed one and the target itself, the lender counting two
    assert results(game)[-1].tally[cits[3]] == len(game.state.living())
    until(game, "night.moneylender", "day")
    assert game.views[lender].decisions == ()


def test_role_marksman_shoots_at_once_when_executed():
    roles = C4 + ("prophet", "marksman", "knight", "werewolf", "madman")
    game = new_game(roles, first_seer=False, **only())
    hunter, cit = seat(game, "marksman"), seat(game, "citizen")
    execute(game, hunter)
    (revealed,) = notices(game, "marksman.revealed")
    assert revealed.to == "public" and revealed.args["seat"] == hunter
    assert step(game) == "shot" and game.views[hunter].decisions[0].kind == "shoot"
    ok(game.act(hunter, "shoot", cit))
    assert not game.state.is_alive(cit)
    assert [e for e in game.events if isinstance(e, Died)][-1].when == "shot"


def test_role_madman_counts_as_human_and_wins_with_the_wolves():
    game = new_game(first_seer=False, **only())
    madman, wolf = seat(game, "madman"), seat(game, "werewolf")
    state = game.state
    two = msgspec.structs.replace(state, alive=tuple(s in (madman, wolf) for s in range(1, 10)))
    assert city.winning_team(two) == "wolves"
    three = msgspec.structs.replace(
        state, alive=tuple(s in (madman, wolf, 1 if 1 not in (madman, wolf) else 2) for s in range(1, 10))
    )
    assert city.winning_team(three) is None
    kill_all_but(game, {madman})
    assert game.events[-1].reason == "wolves" and madman in game.state.winners


def test_role_foxkin_survives_the_attack_dies_when_divined():
    roles = C4 + ("prophet", "medium", "knight", "werewolf", "foxkin")
    game = new_game(roles, first_seer=False, **only())
    fox, wolf, prophet = seat(game, "foxkin"), seat(game, "werewolf"), seat(game, "prophet")
    execute(game, seat(game, "citizen"))
    night(game, {"werewolf": [(wolf, "attack", fox)]})
    assert game.state.is_alive(fox) and notices(game, "morning.none")
    execute(game, seat(game, "citizen", 1))
    night(game, {"prophet": [(prophet, "divine", fox)], "werewolf": [(wolf, "attack", seat(game, "citizen", 2))]})
    assert notices(game, "seer.result")[-1].learn == {fox: "human"}
    assert not game.state.is_alive(fox)


def test_role_demon_marked_by_an_ability_wins_alone_when_it_leaves():
    roles = C4 + ("prophet", "medium", "knight", "werewolf", "demon")
    game = new_game(roles, first_seer=True, **only())
    demon = seat(game, "demon")
    ok(game.act(seat(game, "prophet"), "divine", demon))
    execute(game, demon)
    end = game.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "demon" and end.winners == (demon,)


def test_role_demon_unmarked_loses_with_the_execution_vote_alone():
    roles = C4 + ("prophet", "medium", "knight", "werewolf", "demon")
    game = new_game(roles, first_seer=False, **only())
    demon = seat(game, "demon")
    execute(game, demon)  # the ordinary execution vote does not mark
    assert game.state.status == "running"


EYE = C4 + ("prophet", "medium", "knight", "evil_eye", "madman")


def test_role_evil_eye_curses_one_player_silent_for_the_first_minute():
    game = new_game(EYE, first_seer=False, curse_seconds=60, **only())
    eye, cits = seat(game, "evil_eye"), game.seat_of("citizen")
    execute(game, cits[0])
    night(game, {"evil_eye": [(eye, "curse", cits[1])], "werewolf": [(eye, "attack", cits[2])]})
    (curse,) = notices(game, "curse.on")
    assert curse.to == "public" and curse.args["seat"] == cits[1]
    assert game.views[eye].private["curse"] == cits[1] and "curse" not in game.views[cits[3]].private
    assert game.views["spectator"].private["today"]["cursed"] == cits[1]
    assert step(game) == "silence" and game.state.step.deadline - game.state.step.opened_at == 60_000
    refused = game.act(cits[1], "speak", text="I am innocent")
    assert isinstance(refused, RuleViolation) and refused.code == "cursed_silent"
    assert "speak" not in [d.kind for d in game.views[cits[1]].decisions]
    ok(game.act(cits[3], "speak", text="hello"))
    ok(game.timeout())
    assert notices(game, "curse.lifted") and step(game) == "discussion"
    ok(game.act(cits[1], "speak", text="I am innocent"))


def test_role_evil_eye_no_curse_announced_when_the_target_died():
    game = new_game(EYE, first_seer=False, **only())
    eye, cits = seat(game, "evil_eye"), game.seat_of("citizen")
    execute(game, cits[0])
    night(game, {"evil_eye": [(eye, "curse", cits[1])], "werewolf": [(eye, "attack", cits[1])]})
    assert notices(game, "curse.none") and step(game) == "discussion"


CHIMERA = C4 + ("prophet", "medium", "knight", "werewolf", "chimera")


def test_role_chimera_awakens_on_a_matching_prediction():
    game = new_game(CHIMERA, first_seer=False, **only())
    chimera, wolf, prophet, cits = [*seats(game, "chimera", "werewolf", "prophet"), game.seat_of("citizen")]
    execute(game, cits[0])
    night(
        game,
        {
            "werewolf": [(wolf, "attack", cits[1])],
            "chimera": [(chimera, "predict", cits[2])],
            "prophet": [(prophet, "divine", chimera)],
        },
    )
    assert notices(game, "seer.result")[-1].learn == {chimera: "human"}
    assert not notices(game, "chimera.awakened")
    execute(game, cits[3])
    night(game, {"werewolf": [(wolf, "attack", prophet)], "chimera": [(chimera, "predict", prophet)]})
    (awake,) = notices(game, "chimera.awakened")
    assert awake.to == "public" and "seat" not in awake.args
    assert game.views[chimera].knowledge[wolf] == "werewolf" and game.views[wolf].knowledge[chimera] == "werewolf"
    assert game.views[chimera].private["awakened"] is True and "awakened" not in game.views[wolf].private
    until(game, "night.werewolf")
    assert game.state.step.decision(chimera, "attack") is not None
    assert "night.chimera" not in [e.name for e in game.events if isinstance(e, StepOpened)][-3:]


def test_role_chimera_awakens_as_the_last_wolf_and_blocks_the_village_win():
    game = new_game(CHIMERA, first_seer=False, **only())
    chimera, wolf = seat(game, "chimera"), seat(game, "werewolf")
    execute(game, wolf)
    assert game.state.status == "running" and notices(game, "chimera.awakened")
    assert chimera in game.state.x.awakened
    until(game, "night.werewolf")
    assert game.state.step.decision(chimera, "attack") is not None


GOLEM = C4 + ("prophet", "golem", "knight", "werewolf", "madman")


def test_role_golem_is_a_citizen_to_the_seer_and_the_win():
    game = new_game(GOLEM, first_seer=True, **only())
    golem, prophet = seat(game, "golem"), seat(game, "prophet")
    ok(game.act(prophet, "divine", golem))
    assert notices(game, "seer.first")[-1].learn == {golem: "human"}
    assert MAGIC_CITY.roles["golem"].team == "village"


# --- wins -----------------------------------------------------------------------------------


def test_win_village_when_every_wolf_is_dead():
    game = new_game(first_seer=False)
    execute(game, seat(game, "werewolf"))
    end = game.events[-1]
    assert end.reason == "village"
    assert set(end.winners) == {s for s in range(1, 10) if game.state.role(s) not in ("werewolf", "madman")}
    assert verify(game.events).ok


def test_win_wolves_when_they_match_the_humans():
    game = new_game(first_seer=False, **only())
    kill_all_but(game, {seat(game, "citizen")})
    end = game.events[-1]
    assert end.reason == "wolves" and set(end.winners) == {seat(game, "werewolf"), seat(game, "madman")}
    assert verify(game.events).ok


def test_win_foxkin_alive_when_the_game_is_decided():
    roles = C4 + ("prophet", "medium", "knight", "werewolf", "foxkin")
    game = new_game(roles, first_seer=False)
    execute(game, seat(game, "werewolf"))
    end = game.events[-1]
    assert end.reason == "fox" and end.winners == (seat(game, "foxkin"),)
    assert verify(game.events).ok


def test_win_demon_overrides_every_other_win():
    roles = C4 + ("prophet", "medium", "marksman", "werewolf", "demon")
    game = new_game(roles, first_seer=False, **only())
    hunter, demon = seat(game, "marksman"), seat(game, "demon")
    execute(game, hunter)
    ok(game.act(hunter, "shoot", demon))  # named by the shot, then gone
    end = game.events[-1]
    assert end.reason == "demon" and end.winners == (demon,)
    assert verify(game.events).ok


def test_dead_roles_still_get_their_turn_until_the_deadline():
    game = new_game(first_seer=False, early_close=False, **only())
    until(game, "vote")
    vote_all(game, seat(game, "prophet"))
    until(game, "night.prophet")
    assert game.state.step.hold and game.state.step.prompts == {}
    deadline = game.state.step.deadline
    refused = game.act(seat(game, "prophet"), "divine", 1)
    assert isinstance(refused, RuleViolation)
    assert decide(game.state, _timeout_at(game, deadline - 1)).code == "deadline_not_reached"


def _timeout_at(game, at):
    from grimoire.domain.events import Timeout

    return Timeout(at=at, step=game.state.step.no)


def test_refusals_for_a_dead_seat_and_an_unknown_action():
    game = new_game(first_seer=False, **only())
    cit = seat(game, "citizen")
    execute(game, cit)
    assert decide(game.state, Act(at=game.now, seat=cit, action=Action(kind="speak", text="x"))).code in (
        "actor_dead",
        "wrong_phase",
    )
    assert isinstance(notices(game, "event.none")[0], Notice)


def _length(game) -> int:
    return game.state.step.deadline - game.state.step.opened_at


def test_option_durations_set_each_steps_deadline_scaled_by_time_scale():
    roles = C4 + ("prophet", "medium", "marksman", "werewolf", "madman")
    opts = dict(
        role_check_seconds=7,
        night_step_seconds=11,
        vote_seconds=13,
        event_seconds=17,
        shot_seconds=19,
        discussion_minute_seconds=23,
        time_scale=2.0,
    )
    game = new_game(roles, early_close=False, **opts, **only("bank"))
    assert step(game) == "check.wolves" and _length(game) == 14_000
    until(game, "discussion")
    assert _length(game) == 5 * 46_000
    until(game, "vote")
    assert _length(game) == 26_000
    vote_all(game, seat(game, "marksman"))
    assert step(game) == "shot" and _length(game) == 38_000
    ok(game.timeout())
    ok(game.timeout())
    ok(game.timeout())
    assert step(game) == "event_choice" and _length(game) == 34_000
    ok(game.act(game.state.x.drawer, "event", option="bank"))
    assert step(game) == "night.event" and _length(game) == 22_000


def test_option_speech_max_chars():
    game = new_game(first_seer=False, speech_max_chars=5)
    assert game.act(1, "speak", text="123456").code == "speech_too_long"
    ok(game.act(1, "speak", text="12345"))


def test_option_dead_see_all():
    game = new_game(first_seer=False, dead_see_all=True)
    victim = seat(game, "citizen")
    execute(game, victim)
    assert game.views[victim].knowledge == {s: game.state.role(s) for s in range(1, 10)}


def test_demon_marked_by_any_guard_even_when_the_knights_choice_stands():
    roles = C4 + ("prophet", "knight", "dragon", "werewolf", "demon")
    game = new_game(roles, first_seer=False, **only())
    knight, dragon, wolf, demon = seats(game, "knight", "dragon", "werewolf", "demon")
    execute(game, seat(game, "citizen"))
    night(
        game,
        {
            "werewolf": [(wolf, "attack", seat(game, "citizen", 1))],
            "knight": [(dragon, "guard", demon), (knight, "guard", seat(game, "prophet"))],
        },
    )
    assert demon in game.state.x.named
    execute(game, demon)
    assert game.events[-1].reason == "demon"
