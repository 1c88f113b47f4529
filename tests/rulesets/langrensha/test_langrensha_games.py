"""Whole games: every win, the automatic role lists, the night order, bots through their views."""

from __future__ import annotations

import random

import pytest

from grimoire.domain.catalog import verify
from grimoire.domain.events import GameEnded, StepOpened
from grimoire.domain.rulesets.langrensha import LANGRENSHA
from grimoire.domain.rulesets.langrensha.data import AUTO, ROLES, night_plan
from grimoire.domain.texts import LANGS
from grimoire.domain.violations import RuleViolation
from grimoire.projections.render import render
from tests.support.harness import Game
from tests.support.langrensha import act, bite, new, ok, one, run_out, run_to, vote_out

W, V = "werewolf", "villager"


def ended(g) -> GameEnded:
    assert g.state.status == "ended"
    return g.events[-1]


def test_village_wins_when_every_wolf_is_dead():
    g = new([W, "seer", V, V, V, V])
    wolf = one(g, W)
    bite(g, g.seat_of(V)[0])
    vote_out(g, wolf)
    end = ended(g)
    assert end.reason == "village" and set(end.winners) == set(range(1, 7)) - {wolf}
    assert verify(g.events).ok


def test_wolves_win_when_wolves_are_as_many_as_the_rest():
    g = new([W, W, V, V, V, V])
    v = g.seat_of(V)
    bite(g, v[0])
    vote_out(g, v[1])
    end = ended(g)
    assert end.reason == "wolves" and set(end.winners) == set(g.seat_of(W))


def _lovers_game(mixed: bool):
    g = new([W, "cupid", V, V, V, V])
    wolf, cupid = one(g, W), one(g, "cupid")
    v = g.seat_of(V)
    lovers = (wolf, v[0]) if mixed else (v[0], v[1])
    run_to(g, "night.cupid")
    act(g, cupid, "link", targets=lovers)
    rest = [s for s in v if s not in lovers]
    bite(g, rest[0])
    vote_out(g, rest[1])
    bite(g, cupid if not mixed else rest[2])
    vote_out(g, wolf if not mixed else cupid)
    return ended(g), lovers, cupid


def test_lovers_win_as_the_last_two_alive():
    end, lovers, _ = _lovers_game(mixed=False)
    assert end.reason == "lovers" and set(end.winners) == set(lovers)


def test_mixed_lovers_win_with_cupid_as_the_last_two_alive_over_the_wolves():
    end, lovers, cupid = _lovers_game(mixed=True)
    assert end.reason == "mixed_lovers" and set(end.winners) == {*lovers, cupid}


def test_a_mixed_couple_and_cupid_do_not_share_their_teams_win():
    g = new([W, "cupid", V, V, V, V])
    wolf, cupid = one(g, W), one(g, "cupid")
    v = g.seat_of(V)
    run_to(g, "night.cupid")
    act(g, cupid, "link", targets=(wolf, v[0]))
    bite(g, v[-1])
    vote_out(g, wolf)
    end = ended(g)
    assert end.reason == "village" and set(end.winners) == set(v[1:])


def test_lovers_both_wolves_still_count_as_wolves():
    g = new([W, W, "cupid", V, V, V, V])
    w1, w2 = g.seat_of(W)
    run_to(g, "night.cupid")
    act(g, one(g, "cupid"), "link", targets=(w1, w2))
    bite(g, g.seat_of(V)[0])
    vote_out(g, g.seat_of(V)[1])
    run_out(g)
    assert ended(g).reason == "wolves" and set(ended(g).winners) == {w1, w2}


# --- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(6, 21))
def test_automatic_role_list_for_every_size(n):
    roles = LANGRENSHA.setup(n, None, ())
    assert roles == AUTO[n] == LANGRENSHA.setup(n, str(n), ())
    wolves = sum(ROLES[r].wolf or r == "blood_moon" for r in roles)
    assert len(roles) == n + 2 * roles.count("thief")
    assert wolves == {6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 3, 12: 4, 13: 4, 14: 4}.get(n, 5 if n <= 17 else 6) + (
        1 if "thief" in roles else 0
    )
    assert roles.count(V) >= 2


def test_automatic_role_lists_use_every_role():
    assert set().union(*map(set, AUTO.values())) == set(ROLES)


def test_host_role_list_is_validated():
    assert LANGRENSHA.setup(6, None, (V,) * 6) == RuleViolation(
        code="bad_roles", args={"reason": "few_wolves", "needed": 1}
    )
    assert LANGRENSHA.setup(6, None, (W,) * 5) == RuleViolation(
        code="bad_roles", args={"reason": "count", "dealt": 5, "players": 6}
    )
    assert LANGRENSHA.setup(6, None, (W, "martian", V, V, V, V)) == RuleViolation(
        code="bad_roles", args={"reason": "unknown", "ids": "martian"}
    )
    assert LANGRENSHA.setup(6, None, (W, "cupid", "cupid", V, V, V)) == RuleViolation(
        code="bad_roles", args={"reason": "thief_cupid"}
    )
    assert LANGRENSHA.setup(6, "7", ()) == RuleViolation(code="unknown_preset")
    assert LANGRENSHA.setup(6, None, (W, "knight", "elder", "raven", V, V)) == (W, "knight", "elder", "raven", V, V)


# --- the night order -----------------------------------------------------------------------------------


def test_night_order_is_the_priority_table_with_the_rulings_rows():
    everyone = tuple(ROLES)
    assert night_plan(everyone, True, True) == (
        "cupid",
        "magician",
        "nightmare",
        "thief",
        "guard",
        "guardian_wolf",
        "wolves",
        "charm",
        "white_wolf",
        "witch",
        "seer",
        "graveyard",
        "raven",
    )
    assert night_plan(everyone, False, False) == (
        "magician",
        "nightmare",
        "guard",
        "guardian_wolf",
        "wolves",
        "charm",
        "witch",
        "seer",
        "graveyard",
        "raven",
    )
    assert night_plan(everyone, False, True)[4:7] == ("wolves", "charm", "white_wolf")


def test_a_game_plays_its_night_steps_in_that_order():
    g = new(list(AUTO[20]))
    run_to(g, "candidacy")
    night = [e.name[6:] for e in g.events if isinstance(e, StepOpened) and e.name.startswith("night.")]
    assert tuple(night) == night_plan(AUTO[20], True, True)


# --- bots through their views -------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(6, 21))
def test_bots_play_whole_games_from_their_views(n):
    for k, early in enumerate((False, True)):
        g = Game("langrensha", n, options={"early_close": early, "exile_tie": "pk" if k else "none"}, seed=n * 7 + k)
        ok(g.start())
        g.play(random.Random(n + k))
        assert g.state.status == "ended" and verify(g.events).ok


def test_every_message_renders_in_every_language():
    g = Game("langrensha", 20, options={"early_close": True}, seed=3)
    g.start()
    g.play(random.Random(3))
    names = g.state.names
    for e in g.events:
        for lang in LANGS:
            text = render(e, lang, names, "langrensha")
            assert text is None or ("{" not in text and not text.startswith(("notice.", "sheriff.", "badge."))), text
