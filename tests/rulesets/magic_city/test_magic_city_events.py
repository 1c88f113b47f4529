"""magic_city: the 25 event cards, the speech rules they bring, and the interactions the guide names."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from grimoire.domain.events import Died, RoleChanged
from grimoire.domain.rulesets.magic_city import CityNightResolved
from grimoire.domain.violations import RuleViolation
from grimoire.service.bots import pick
from tests.support.magic_city import execute, new_game, night, notices, ok, only, results, seat, step, until, vote_all

C4 = ("citizen",) * 4
E10 = C4 + ("prophet", "medium", "knight", "spirit_caller", "werewolf", "werewolf")
G10 = C4 + ("prophet", "golem", "knight", "spirit_caller", "werewolf", "werewolf")
D10 = C4 + ("prophet", "knight", "dragon", "spirit_caller", "werewolf", "werewolf")


def drawn(card: str, roles=E10, seed: int = 0, victim: int = 0, **options):
    """A game on day 1 whose first execution (the `victim`-th citizen) has drawn and chosen `card`."""
    options = {"first_seer": False, **only(card), **options}
    game = new_game(roles, seed=seed, **options)
    if step(game) == "check.prophet":
        ok(game.timeout())
    execute(game, game.seat_of("citizen")[victim])
    assert game.state.step.prompts[game.state.x.drawer][0].options == (card,)
    ok(game.act(game.state.x.drawer, "event", option=card))
    assert notices(game, "event.chosen")[-1].args == {"card": card}
    return game


def attack(game, target):
    return [(w, "attack", target) for w in game.seat_of("werewolf") if game.state.is_alive(w)]


def living_citizens(game):
    return [s for s in game.seat_of("citizen") if game.state.is_alive(s)]


def deaths(game):
    return [e for e in game.events if isinstance(e, Died)]


# --- drawing --------------------------------------------------------------------------------


def test_executed_player_draws_two_chooses_one_and_both_leave_the_deck():
    game = new_game(E10, first_seer=False, **only("bank", "slum", "arena"))
    victim = seat(game, "citizen")
    execute(game, victim)
    assert step(game) == "event_choice" and game.state.x.drawer == victim
    (choice,) = game.views[victim].decisions
    assert len(choice.options) == 2 and len(game.state.x.deck) == 1
    assert all(game.views[s].decisions == () for s in game.state.living())
    ok(game.act(victim, "event", option=choice.options[0]))
    assert notices(game, "event.chosen")[-1].to == "public"
    assert choice.options[1] not in game.state.x.deck


def test_an_unanswered_draw_uses_no_event():
    game = new_game(E10, first_seer=False, **only("bank", "slum"))
    execute(game, seat(game, "citizen"))
    ok(game.timeout())
    ok(game.timeout())
    ok(game.timeout())
    assert notices(game, "event.none") and game.state.phase == "night" and game.state.x.deck == ()


# --- immediate events -----------------------------------------------------------------------


def test_event_mages_guild_the_drawer_takes_one_living_player_along():
    game = drawn("mages_guild")
    drawer, target = game.state.x.drawer, living_citizens(game)[0]
    assert step(game) == "event_target"
    ok(game.act(drawer, "event_target", target))
    assert not game.state.is_alive(target) and deaths(game)[-1].when == "event"
    assert game.state.phase == "night"


def test_event_babel_only_the_word_may_be_said_and_bots_say_it():
    game = drawn("babel")
    drawer = game.state.x.drawer
    assert game.act(drawer, "event_word", text="toolong").code == "speech_too_long"
    assert game.act(drawer, "event_word", text=" ").code == "text_required"
    ok(game.act(drawer, "event_word", text="にゃー"))
    assert notices(game, "event.babel")[-1].args["word"] == "にゃー"
    night(game, {})
    assert notices(game, "today.babel")[-1].args["word"] == "にゃー"
    assert game.views["spectator"].private["today"] == {
        "event": "babel",
        "format": "simultaneous",
        "cursed": None,
        "word": "にゃー",
    }
    speaker = game.state.living()[0]
    decision = next(d for d in game.views[speaker].decisions if d.kind == "speak")
    assert decision.exact_text == "にゃー"
    refused = game.act(speaker, "speak", text="I accuse P3")
    assert isinstance(refused, RuleViolation) and refused.code == "babel_word"
    ok(game.act(speaker, "speak", text="にゃー"))
    assert pick(decision, random.Random(1)).text == "にゃー"


def test_event_library_every_speech_ends_with_the_suffix():
    game = drawn("library")
    ok(game.act(game.state.x.drawer, "event_word", text="ですわ"))
    night(game, {})
    assert notices(game, "today.library")[-1].args["word"] == "ですわ"
    speaker = game.state.living()[0]
    decision = next(d for d in game.views[speaker].decisions if d.kind == "speak")
    assert game.act(speaker, "speak", text="I accuse P3").code == "library_suffix"
    ok(game.act(speaker, "speak", text="I accuse P3ですわ"))
    assert pick(decision, random.Random(2)).text.endswith("ですわ")


@pytest.mark.parametrize("card", ["babel", "library"])
def test_rule_magic_city_babel_and_library_word_fits_the_speech_cap(card):
    game = drawn(card, speech_max_chars=3)
    drawer = game.state.x.drawer
    (word,) = game.views[drawer].decisions
    assert word.kind == "event_word" and word.text == 3
    assert game.act(drawer, "event_word", text="にゃーん").code == "speech_too_long"
    ok(game.act(drawer, "event_word", text="にゃー"))
    night(game, {})
    speaker = game.state.living()[0]
    decision = next(d for d in game.views[speaker].decisions if d.kind == "speak")
    ok(game.act(speaker, "speak", text=pick(decision, random.Random(3)).text))


def test_event_court_executes_a_second_player_without_event_or_medium():
    game = drawn("court")
    first = game.state.x.drawer
    assert step(game) == "court"
    second = living_citizens(game)[0]
    vote_all(game, second)
    assert not game.state.is_alive(second) and deaths(game)[-1].when == "court"
    assert game.state.phase == "night" and len(notices(game, "event.chosen")) == 1
    until(game, "night.medium")
    assert [n.learn for n in notices(game, "medium.result")] == [{first: "human"}]


def test_event_prison_keeps_the_chosen_out_of_the_night():
    game = drawn("prison")
    assert step(game) == "prison"
    prisoner = seat(game, "knight")
    vote_all(game, prisoner)
    assert notices(game, "prison.chosen")[-1].args["seat"] == prisoner
    wolves = game.seat_of("werewolf")
    while game.state.phase == "night":
        assert game.views[prisoner].decisions == ()
        if step(game) == "night.werewolf":
            assert prisoner not in game.state.step.decision(wolves[0], "attack").targets
            assert game.act(wolves[0], "attack", prisoner).code == "target_illegal"
        ok(game.timeout())
    assert game.state.x.prison_day < game.state.day


def test_event_graveyard_takes_the_prophet_unless_a_golem_lives():
    game = drawn("graveyard")
    assert not game.state.is_alive(seat(game, "prophet")) and game.state.phase == "night"
    game = drawn("graveyard", roles=G10)
    assert game.state.is_alive(seat(game, "prophet"))


def test_event_airship_the_drawer_picks_any_card_of_the_deck():
    for seed in range(20):
        game = new_game(E10, seed=seed, first_seer=False, **only("airship", "mages_guild", "bank", "slum"))
        execute(game, seat(game, "citizen"))
        drawer = game.state.x.drawer
        if "airship" not in game.state.step.prompts[drawer][0].options:
            continue
        rest = game.state.x.deck
        ok(game.act(drawer, "event", option="airship"))
        (choice,) = game.views[drawer].decisions
        assert step(game) == "event_choice" and choice.options == rest and len(rest) == 2
        ok(game.act(drawer, "event", option=rest[0]))
        assert game.state.x.deck == rest[1:] and game.state.x.event == rest[0]
        return
    raise AssertionError("airship never drawn")


def test_event_vortex_redeals_the_living_roles_and_checks_them_again():
    roles = C4 + ("prophet", "medium", "knight", "spirit_caller", "werewolf", "chimera")
    game = drawn("vortex", roles=roles, early_close=False)
    living = game.state.living()
    before = Counter(r for s, r in enumerate(game.events[0].roles or roles, 1))
    changed = [e for e in game.events if isinstance(e, RoleChanged)]
    assert sorted(e.seat for e in changed) == living and all(e.to == (e.seat,) for e in changed)
    assert Counter(game.state.role(s) for s in living) + Counter([game.state.role(game.state.x.drawer)]) == before
    opened = []
    while step(game).startswith("check."):
        opened.append(step(game))
        ok(game.timeout())
    assert opened[0] == "check.wolves" and "check.prophet" in opened and game.state.phase == "night"


# --- night events ---------------------------------------------------------------------------


def test_event_legend_tree_the_pair_leaves_together():
    game = drawn("legend_tree")
    a, b = living_citizens(game)[:2]
    assert step(game).startswith("night.")
    night(
        game,
        {
            "event": [(game.state.x.drawer, "event_targets", None, {"targets": (a, b)})],
            "werewolf": attack(game, seat(game, "medium")),
        },
    )
    execute(game, a)
    assert not game.state.is_alive(b)
    assert [e.when for e in deaths(game)[-2:]] == ["execution", "legend_tree"]


def test_event_illusion_garden_shifts_the_attack_by_the_die():
    game = drawn("illusion_garden")
    drawer, target = game.state.x.drawer, seat(game, "medium")
    ring = game.state.living()
    night(game, {"event": [(drawer, "event_direction", None, {"option": "right"})], "werewolf": attack(game, target)})
    die = notices(game, "garden.die", drawer)[-1].args["die"]
    shifted = ring[(ring.index(target) + die) % len(ring)]
    (resolved,) = [e for e in game.events if isinstance(e, CityNightResolved)]
    assert resolved.attacks == (shifted,)


def test_illusion_garden_shift_may_land_on_a_wolf():
    for seed in range(40):
        game = drawn("illusion_garden", seed=seed)
        drawer, wolves = game.state.x.drawer, game.seat_of("werewolf")
        ring = game.state.living()
        target = next(s for s in ring if s not in wolves and (ring.index(s) + 1) % len(ring) == ring.index(wolves[0]))
        night(
            game, {"event": [(drawer, "event_direction", None, {"option": "right"})], "werewolf": attack(game, target)}
        )
        if notices(game, "garden.die", drawer)[-1].args["die"] == 1:
            assert not game.state.is_alive(wolves[0])
            return
    raise AssertionError("no seed rolled a one")


def test_event_guild_protects_its_target_from_the_attack():
    game = drawn("guild")
    target = seat(game, "medium")
    night(game, {"event": [(game.state.x.drawer, "event_target", target)], "werewolf": attack(game, target)})
    assert game.state.is_alive(target) and notices(game, "morning.none")
    assert "target" not in game.views["spectator"].private["today"]  # the guild's target stays secret


def test_event_thieves_the_target_cannot_vote_next_day():
    game = drawn("thieves")
    target = seat(game, "medium")
    night(
        game,
        {"event": [(game.state.x.drawer, "event_target", target)], "werewolf": attack(game, living_citizens(game)[0])},
    )
    assert notices(game, "today.thieves")[-1].args["seat"] == target
    assert game.views[1].private["today"]["target"] == target
    until(game, "vote")
    assert target not in game.state.step.public


def test_event_mirror_shop_inverts_that_nights_result():
    game = drawn("mirror_shop")
    wolf, prophet = seat(game, "werewolf"), seat(game, "prophet")
    night(game, {"event": [(game.state.x.drawer, "event_target", wolf)], "prophet": [(prophet, "divine", wolf)]})
    assert notices(game, "seer.result")[-1].learn == {wolf: "human"}


def test_event_bank_the_target_votes_twice_next_day():
    game = drawn("bank")
    target = seat(game, "medium")
    night(
        game,
        {"event": [(game.state.x.drawer, "event_target", target)], "werewolf": attack(game, living_citizens(game)[0])},
    )
    assert notices(game, "today.bank")[-1].args["seat"] == target
    until(game, "vote")
    victim = living_citizens(game)[0]
    for s in game.state.step.public:
        ok(game.act(s, "vote", victim if s == target else None))
    assert results(game)[-1].tally == {victim: 2.0}


def test_event_cult_shows_the_madman_every_wolf():
    roles = C4 + ("citizen", "prophet", "medium", "knight", "madman", "werewolf", "chimera")
    game = drawn("cult", roles=roles)
    until(game, "night.cult", "night.evil_eye", "night.werewolf")
    madman = seat(game, "madman")
    (cult,) = notices(game, "cult.wolves")
    assert cult.to == (madman,) and cult.learn == {
        seat(game, "werewolf"): "werewolf",
        seat(game, "chimera"): "werewolf",
    }
    assert game.views[madman].knowledge[seat(game, "chimera")] == "werewolf"


def test_event_casino_the_card_makes_zero_or_two_attacks():
    seen = set()
    for seed in range(12):
        game = drawn("casino", seed=seed)
        a, b = seat(game, "medium"), living_citizens(game)[0]
        night(
            game,
            {
                "event": [(game.state.x.drawer, "event_card", None, {"option": "1"})],
                "werewolf": attack(game, a),
                "second_attack": attack(game, b),
            },
        )
        card = game.state.x.params.card
        seen.add(card)
        assert game.state.is_alive(a) is game.state.is_alive(b) is (card == "citizen")
    assert seen == {"citizen", "werewolf"}


def test_event_beast_forest_a_second_attack():
    game = drawn("beast_forest")
    a, b = seat(game, "medium"), living_citizens(game)[0]
    until(game, "night.werewolf")
    night(game, {"werewolf": attack(game, a), "second_attack": attack(game, b)})
    assert not game.state.is_alive(a) and not game.state.is_alive(b)


def test_event_slum_guards_fail():
    game = drawn("slum")
    knight, target = seat(game, "knight"), seat(game, "medium")
    night(game, {"werewolf": attack(game, target), "knight": [(knight, "guard", target)]})
    assert not game.state.is_alive(target)


def test_event_arena_guards_who_missed_the_attack_leave():
    game = drawn("arena")
    knight, spirit, target = seat(game, "knight"), seat(game, "spirit_caller"), seat(game, "medium")
    ward = living_citizens(game)[0]
    night(
        game,
        {
            "werewolf": attack(game, target),
            "knight": [(knight, "guard", target)],
            "spirit_caller": [(spirit, "guard", ward)],
        },
    )
    assert game.state.is_alive(knight) and game.state.is_alive(target)
    assert not game.state.is_alive(spirit) and game.state.is_alive(ward)  # no drag for the arena


# --- announced events -----------------------------------------------------------------------


def test_event_academy_free_vote_with_an_incantation():
    game = drawn("academy", early_close=True)
    night(game, {})
    assert notices(game, "today.academy")
    until(game, "vote")
    voter = game.state.step.public[0]
    assert game.state.x.ballot.format == "free"
    refused = game.act(voter, "vote", game.state.step.public[1])
    assert isinstance(refused, RuleViolation) and refused.code == "incantation_required"
    ok(game.act(voter, "vote", game.state.step.public[1], text="Abracadabra"))
    assert pick(game.views[voter].decisions[0], random.Random(3)).text


def test_event_altar_reveals_the_roles_of_the_dead_from_then_on():
    game = drawn("altar")
    victim = seat(game, "medium")
    night(game, {"werewolf": attack(game, victim)})
    assert notices(game, "today.altar")
    revealed = notices(game, "altar.role")
    assert revealed[-1].to == "public" and revealed[-1].learn == {victim: "medium"}
    execute(game, seat(game, "knight"))
    assert notices(game, "altar.role")[-1].learn == {seat(game, "knight"): "knight"}


def test_event_bathhouse_the_drawer_picks_the_minutes():
    game = drawn("bathhouse")
    drawer = game.state.x.drawer
    (minutes,) = game.views[drawer].decisions
    assert minutes.options == ("1", "2")  # at most half of (9 living − 4) minutes
    ok(game.act(drawer, "event_minutes", option="2"))
    night(game, {})
    assert notices(game, "today.bathhouse")[-1].args["minutes"] == 2


def test_event_church_the_drawer_and_the_morning_dead_join_without_voting():
    game = drawn("church")
    drawer, victim = game.state.x.drawer, seat(game, "medium")
    night(game, {"werewolf": attack(game, victim)})
    assert notices(game, "today.church")[-1].args["seats"] == sorted((drawer, victim))
    ok(game.act(drawer, "speak", text="I was a citizen"))
    ok(game.act(victim, "speak", text="I was the medium"))
    until(game, "vote")
    assert drawer not in game.state.step.public and victim not in game.state.step.public


def test_event_clock_tower_halves_the_discussion():
    game = drawn("clock_tower", discussion_minute_seconds=60)
    night(game, {"werewolf": attack(game, seat(game, "medium"))})
    opened = game.state.step
    assert opened.name == "discussion" and opened.deadline - opened.opened_at == (8 - 4) / 2 * 60_000
    assert notices(game, "today.clock_tower")[-1].args["minutes"] == 2


def test_event_parliament_flips_the_vote_format():
    game = drawn("parliament")
    night(game, {})
    assert notices(game, "today.parliament")[-1].args["format"] == "ordered"
    until(game, "vote")
    assert len(game.state.step.public) == 1 and game.state.x.ballot.format == "ordered"


# --- interactions ---------------------------------------------------------------------------


def test_golem_blocks_the_second_attack_of_the_beast_forest():
    game = drawn("beast_forest", roles=G10)
    a, b = seat(game, "prophet"), living_citizens(game)[0]
    night(game, {"werewolf": attack(game, a), "second_attack": attack(game, b)})
    assert not game.state.is_alive(a) and game.state.is_alive(b)


def test_golem_blocks_the_second_attack_of_the_casino():
    for seed in range(12):
        game = drawn("casino", roles=G10, seed=seed)
        a, b = seat(game, "prophet"), living_citizens(game)[0]
        night(
            game,
            {
                "event": [(game.state.x.drawer, "event_card", None, {"option": "2"})],
                "werewolf": attack(game, a),
                "second_attack": attack(game, b),
            },
        )
        if game.state.x.params.card == "werewolf":
            assert not game.state.is_alive(a) and game.state.is_alive(b)
            return
    raise AssertionError("never drew the werewolf card")


def test_slum_against_each_guard_the_knight_the_dragon_and_the_spirit_caller():
    for guard in ("knight", "dragon", "spirit_caller"):
        game = drawn("slum", roles=D10)
        target = seat(game, "prophet")
        step_name = "spirit_caller" if guard == "spirit_caller" else "knight"
        night(game, {"werewolf": attack(game, target), step_name: [(seat(game, guard), "guard", target)]})
        assert not game.state.is_alive(target), guard


def test_slum_keeps_the_spirit_callers_drag():
    game = drawn("slum", roles=D10)
    spirit, ward = seat(game, "spirit_caller"), seat(game, "prophet")
    night(game, {"werewolf": attack(game, spirit), "spirit_caller": [(spirit, "guard", ward)]})
    assert not game.state.is_alive(spirit) and not game.state.is_alive(ward)


def test_arena_against_each_guard_the_knight_the_dragon_and_the_spirit_caller():
    game = drawn("arena", roles=D10)
    knight, dragon, spirit = seat(game, "knight"), seat(game, "dragon"), seat(game, "spirit_caller")
    target = seat(game, "prophet")
    night(
        game,
        {
            "werewolf": attack(game, target),
            "knight": [(knight, "guard", living_citizens(game)[0]), (dragon, "guard", target)],
            "spirit_caller": [(spirit, "guard", target)],
        },
    )
    assert not game.state.is_alive(knight) and not game.state.is_alive(dragon)  # the knight's choice stands
    assert game.state.is_alive(spirit) and game.state.is_alive(target)


def test_spirit_callers_drag_when_the_attack_kills_it():
    game = drawn("bank", roles=D10)
    spirit, ward = seat(game, "spirit_caller"), seat(game, "prophet")
    night(game, {"werewolf": attack(game, spirit), "spirit_caller": [(spirit, "guard", ward)]})
    assert {spirit, ward} <= set(deaths(game)[-1].seats)


def test_golem_against_the_graveyard():
    assert drawn("graveyard", roles=G10).state.is_alive(seat(drawn("graveyard", roles=G10), "prophet"))


def test_vortex_redeal_resets_role_bound_state():
    roles = C4 + ("prophet", "medium", "moneylender", "spirit_caller", "werewolf", "demon")
    game = new_game(roles, first_seer=True, **only("vortex"))
    demon = seat(game, "demon")
    ok(game.act(seat(game, "prophet"), "divine", demon))
    assert game.state.x.named == (demon,)
    execute(game, seat(game, "citizen"))
    ok(game.act(game.state.x.drawer, "event", option="vortex"))
    assert game.state.x.named == () and not game.state.x.lent and game.state.x.awakened == ()
    assert step(game) == "check.prophet"  # the new prophet's first divination


NIGHT14 = ("citizen",) * 6 + ("werewolf", "evil_eye", "chimera", "madman", "prophet", "medium", "knight", "moneylender")


def test_night_in_the_guides_order_every_role_step_held_to_its_deadline():
    roles_steps = ["evil_eye", "werewolf", "chimera", "prophet", "medium", "knight", "moneylender"]
    for card, first in (("bank", ["event"]), ("cult", ["cult"]), ("beast_forest", []), ("slum", [])):
        game = drawn(card, roles=NIGHT14, early_close=False)
        opened = []
        while game.state.phase == "night":
            opened.append(step(game).removeprefix("night."))
            assert game.state.step.hold
            ok(game.timeout())
        expected = first + roles_steps
        if card == "beast_forest":
            expected.insert(expected.index("werewolf") + 1, "second_attack")
        assert opened == expected, card
