"""The sheriff, the day's votes and every option of `rulings.md` (langrensha), each both ways."""

from __future__ import annotations

import pytest

from grimoire.domain.events import Notice, StepOpened, Timeout
from tests.support.langrensha import act, bite, dead, decisions, new, notices, one, refused, run_to, vote_out, votes

W, V = "werewolf", "villager"
BOARD = [W, W, "seer", "witch", V, V, V, V, V]


def plain(g, *keep):
    return [s for s in g.seat_of(V) if s not in keep and g.state.is_alive(s)]


def to_candidacy(g, *keep):
    bite(g, plain(g, *keep)[-1])
    run_to(g, "candidacy")


def stand(g, *candidates):
    for s in g.state.step.public:
        act(g, s, "stand", option="stand" if s in candidates else "pass")


def speak_all(g, name="speech"):
    while g.state.step.name == name:
        act(g, g.state.step.public[0], "speak", text="hello")


def campaign(g, count=2):
    """Night 1 passes, `count` plain villagers stand and speak: the sheriff vote (or withdrawal) opens."""
    to_candidacy(g)
    candidates = plain(g)[:count]
    stand(g, *candidates)
    speak_all(g)
    return candidates


# --- the sheriff -------------------------------------------------------------------------------------


def test_sheriff_no_candidate_no_sheriff():
    g = new(BOARD)
    to_candidacy(g)
    stand(g)
    assert notices(g, "sheriff.none") and g.state.x.sheriff == 0


def test_sheriff_sole_candidate_elected_unopposed():
    g = new(BOARD)
    to_candidacy(g)
    a = plain(g)[0]
    stand(g, a)
    assert g.state.x.sheriff == a and not any(v.vote == "sheriff" for v in votes(g))
    assert g.views[1].private["sheriff"] == a


def test_sheriff_candidates_speak_in_turn_then_everyone_votes_not_for_themselves():
    g = new(BOARD)
    to_candidacy(g)
    a, b = plain(g)[:2]
    stand(g, a, b)
    assert g.state.step.name == "speech" and g.state.x.order == (a, b)
    speak_all(g)
    assert g.state.step.name == "sheriff_vote"
    assert set(g.state.step.public) == set(g.state.living()), "document rules: candidates vote too"
    assert refused(g.act(a, "vote", a)) == "self_target"
    for s in g.state.step.public:
        act(g, s, "vote", b if s != b else a)
    assert g.state.x.sheriff == b


def test_sheriff_tie_pk_speeches_and_revote_second_tie_no_sheriff():
    g = new(BOARD)
    a, b = campaign(g)
    voters = list(g.state.step.public)
    for i, s in enumerate(voters):
        act(g, s, "vote", (a if i % 2 else b) if s not in (a, b) else (b if s == a else a))
    if votes(g)[-1].chosen is not None:
        raise AssertionError("the script must tie")
    assert g.state.step.name == "speech" and set(g.state.x.order) == {a, b}
    speak_all(g)
    assert g.state.step.name == "sheriff_vote"
    for s in g.state.step.public:
        act(g, s, "vote")
    assert notices(g, "sheriff.none") and g.state.x.sheriff == 0


def test_sheriff_pk_revote_elects():
    g = new(BOARD)
    a, b = campaign(g)
    for s in g.state.step.public:
        act(g, s, "vote", a if s == b else b if s == a else None)
    speak_all(g)
    for s in g.state.step.public:
        act(g, s, "vote", a if s != a else b)
    assert g.state.x.sheriff == a


def test_option_sheriff_rules_standard_only_non_candidates_vote_and_candidates_may_withdraw():
    g = new(BOARD, sheriff_rules="standard")
    a, b, c = campaign(g, 3)
    assert g.state.step.name == "withdraw" and set(g.state.step.public) == {a, b, c}
    act(g, a, "withdraw", option="withdraw")
    act(g, b, "withdraw", option="stay")
    act(g, c, "withdraw", option="stay")
    assert notices(g, "sheriff.withdrawn")[0].args["seats"] == [a]
    assert g.state.step.name == "sheriff_vote"
    assert set(g.state.step.public) == set(g.state.living()) - {a, b, c}
    assert decisions(g, next(iter(g.state.step.public)))["vote"].targets == (b, c)


def test_option_sheriff_rules_document_no_withdrawal():
    g = new(BOARD)
    campaign(g)
    assert "withdraw" not in [e.name for e in g.events if isinstance(e, StepOpened)]


def test_sheriff_vote_counts_one_and_a_half_in_the_exile_vote():
    g = new(BOARD)
    to_candidacy(g)
    a, b, c = plain(g)[:3]
    stand(g, a)
    run_to(g, "exile_vote")
    for s in g.state.step.public:
        act(g, s, "vote", b if s == a else c if s == b else None)
    result = votes(g)[-1]
    assert result.tally == {b: 1.5, c: 1.0} and result.chosen == b


def test_badge_passed_on_the_sheriffs_death():
    g = new(BOARD)
    to_candidacy(g)
    a, b = plain(g)[:2]
    stand(g, a)
    vote_out(g, a)
    run_to(g, "badge")
    assert g.state.step.public == (a,)
    act(g, a, "badge", b)
    assert g.state.x.sheriff == b and notices(g, "badge.passed")[0].args["seat"] == b


def test_badge_torn_on_the_sheriffs_death_whatever_the_cause():
    g = new(BOARD)
    to_candidacy(g)
    a = plain(g)[0]
    stand(g, a)
    run_to(g, "night.wolves")
    bite(g, a)
    run_to(g, "badge")
    act(g, a, "badge")
    assert g.state.x.sheriff == 0 and notices(g, "badge.torn")


# --- the exile vote ----------------------------------------------------------------------------------


def _tie(g):
    to_candidacy(g)
    run_to(g, "exile_vote")
    a, b = plain(g)[:2]
    for i, s in enumerate(g.state.step.public):
        act(g, s, "vote", a if s == b else b if s == a else (a if i % 2 else b))
    return a, b


def test_option_exile_tie_none_nobody_is_exiled():
    g = new(BOARD)
    a, b = _tie(g)
    if votes(g)[-1].chosen is not None:
        raise AssertionError("the script must tie")
    assert notices(g, "vote.none") and not dead(g, a) and not dead(g, b)
    assert g.state.phase == "night"


def test_option_exile_tie_pk_tied_speak_again_and_the_others_revote():
    g = new(BOARD, exile_tie="pk")
    a, b = _tie(g)
    assert g.state.step.name == "speech" and set(g.state.x.order) == {a, b}
    speak_all(g)
    assert g.state.step.name == "exile_vote" and a not in g.state.step.public and b not in g.state.step.public
    for s in g.state.step.public:
        act(g, s, "vote", a)
    assert dead(g, a)


def test_option_exile_tie_pk_second_tie_exiles_nobody():
    g = new(BOARD, exile_tie="pk")
    a, b = _tie(g)
    speak_all(g)
    for s in g.state.step.public:
        act(g, s, "vote")
    assert not dead(g, a) and not dead(g, b) and g.state.phase == "night"


def test_votes_are_revealed_together_at_the_close():
    g = new(BOARD)
    to_candidacy(g)
    run_to(g, "exile_vote")
    voter = g.state.step.public[0]
    out = act(g, voter, "vote", plain(g, voter)[0])
    assert out[0].to == (voter,)
    for s in g.state.step.public[1:]:
        act(g, s, "vote")
    assert votes(g)[-1].to == "public" and votes(g)[-1].ballots[voter] is not None


# --- last words, impeachment, early close -----------------------------------------------------------


def test_option_last_words_night1_and_exile():
    g = new(BOARD)
    a = plain(g)[-1]
    bite(g, a)
    run_to(g, "last_words")
    assert g.state.step.public == (a,)
    run_to(g, "candidacy")
    b = plain(g)[0]
    vote_out(g, b)
    assert g.state.step.name == "last_words" and g.state.step.public == (b,)


def test_ruling_langrensha_last_words_night1_heartbreak_death_leaves_last_words():
    g = new([W, W, "cupid", V, V, V, V, V, V])
    cupid = one(g, "cupid")
    a, b = plain(g)[:2]
    run_to(g, "night.cupid")
    act(g, cupid, "link", targets=(a, b))
    bite(g, a)
    run_to(g, "last_words")
    assert g.state.step.public == (a, b) and dead(g, b)


def test_ruling_langrensha_last_words_night1_charm_death_leaves_last_words():
    g = new(["wolf_beauty", W, "witch", V, V, V, V, V, V])
    beauty, witch = one(g, "wolf_beauty"), one(g, "witch")
    a, charmed = plain(g)[:2]
    bite(g, a)
    run_to(g, "night.charm")
    act(g, beauty, "charm", charmed)
    run_to(g, "night.witch")
    act(g, witch, "poison", beauty)
    run_to(g, "last_words")
    assert g.state.step.public == tuple(sorted((a, beauty, charmed))) and dead(g, charmed)


def test_option_last_words_none():
    g = new(BOARD, last_words="none")
    bite(g, plain(g)[-1])
    run_to(g, "candidacy")
    vote_out(g, plain(g)[0])
    run_to(g, "night.wolves")
    assert "last_words" not in [e.name for e in g.events if isinstance(e, StepOpened)]


def test_night_two_deaths_leave_no_last_words():
    g = new(BOARD)
    to_candidacy(g)
    run_to(g, "night.wolves")
    bite(g, plain(g)[0])
    run_to(g, "exile_vote")
    assert [e.name for e in g.events if isinstance(e, StepOpened)].count("last_words") == 1


def _sheriff_day2(**options):
    g = new(BOARD, **options)
    to_candidacy(g)
    a = plain(g)[0]
    stand(g, a)
    run_to(g, "night.wolves")
    bite(g, plain(g, a)[-1])
    return g, a


def test_option_impeachment_on_a_majority_strips_the_sheriff():
    g, _ = _sheriff_day2(impeachment=True)
    run_to(g, "impeach")
    for s in g.state.step.public:
        act(g, s, "impeach", option="impeach")
    assert g.state.x.sheriff == 0 and notices(g, "sheriff.impeached")
    assert g.state.step.name == "exile_vote"


def test_option_impeachment_without_a_majority_keeps_the_sheriff():
    g, a = _sheriff_day2(impeachment=True)
    run_to(g, "impeach")
    for s in g.state.step.public:
        act(g, s, "impeach", option="keep")
    assert g.state.x.sheriff == a


def test_option_impeachment_off_no_impeachment_step():
    g, _ = _sheriff_day2()
    run_to(g, "exile_vote")
    assert "impeach" not in [e.name for e in g.events if isinstance(e, StepOpened)]


def test_option_early_close_false_a_night_step_holds_until_its_deadline():
    g = new(BOARD)
    run_to(g, "night.seer")
    seer = one(g, "seer")
    act(g, seer, "divine", plain(g)[0])
    assert g.state.step.name == "night.seer" and g.state.step.hold
    assert refused(g.submit(Timeout(at=g.now, step=g.state.step.no))) == "deadline_not_reached"


def test_option_early_close_true_a_night_step_closes_on_the_last_answer_and_dead_roles_are_skipped():
    g = new(BOARD, early_close=True)
    seer = one(g, "seer")
    bite(g, plain(g)[-1])
    run_to(g, "night.seer")
    act(g, seer, "divine", plain(g)[0])
    assert g.state.step.name != "night.seer"
    vote_out(g, seer)
    since = len(g.events)
    run_to(g, "exile_vote")
    opened = [e.name for e in g.events[since:] if isinstance(e, StepOpened)]
    assert "night.wolves" in opened and "night.seer" not in opened


@pytest.mark.parametrize("role, step", [("seer", "night.seer"), ("witch", "night.witch")])
def test_a_night_step_lasts_until_its_deadline_when_its_role_is_dead(role, step):
    """The witch's is the dependent step: it is offered every night, at the same time, alive or not."""
    g = new(BOARD)
    seat = one(g, role)
    to_candidacy(g, seat)
    vote_out(g, seat)
    run_to(g, step)
    opened = g.state.step
    assert opened.prompts == {} and opened.hold and opened.deadline - opened.opened_at == 30_000


def test_notices_of_the_day_are_public_and_night_results_private():
    g = new(BOARD)
    run_to(g, "exile_vote")
    for e in g.events:
        if isinstance(e, Notice) and e.key in ("seer.result", "witch.target", "wolves.partners"):
            assert e.to != "public"
