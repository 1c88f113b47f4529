"""Ballots and tallies (`domain/mechanics/ballots.py`): jinro9.md's secret vote and runoff,
ultimate13.md's open vote, langrensha.md's sheriff whose vote weighs 1.5."""

from __future__ import annotations

from grimoire.domain.events import Action, StepOpened, VoteResult
from grimoire.domain.mechanics import ballots
from tests.mechanics.table import table

VILLAGE = ("villager",) * 5


def votes(**by_seat: int | None) -> dict[int, Action]:
    return {int(seat[1:]): Action(kind="vote", target=target) for seat, target in by_seat.items()}


def test_rule_jinro9_the_most_voted_is_chosen_and_abstentions_count_for_nobody():
    ballot = {1: 2, 2: 3, 3: 2, 4: None, 5: 2}
    assert ballots.tally(ballot) == {2: 3, 3: 1}


def test_rule_jinro9_secret_ballot_announces_the_tally_but_not_who_voted_for_whom():
    g = table(VILLAGE)
    leaders = ballots.close_ballot(g, "vote", votes(s1=2, s2=3, s3=2), secret=True)
    (result,) = g.events
    assert leaders == (2,)
    assert isinstance(result, VoteResult)
    assert (result.tally, result.ballots, result.chosen) == ({2: 2.0, 3: 1.0}, None, 2)


def test_rule_ultimate13_open_ballot_shows_every_ballot_in_seat_order():
    g = table(VILLAGE)
    ballots.close_ballot(g, "vote", {3: Action(kind="vote", target=1), 1: Action(kind="vote")}, secret=False)
    (result,) = g.events
    assert isinstance(result, VoteResult)
    assert list(result.ballots.items()) == [(1, None), (3, 1)]
    assert result.chosen == 1 and result.tally == {1: 1.0}


def test_rule_jinro9_a_tie_names_every_tied_seat_and_chooses_nobody():
    g = table(VILLAGE)
    leaders = ballots.close_ballot(g, "vote", votes(s1=2, s2=3, s3=None), secret=True)
    assert leaders == (2, 3)
    assert g.events[0].tied == (2, 3) and g.events[0].chosen is None


def test_rule_jinro9_runoff_between_the_tied_whom_only_the_others_vote_in():
    assert ballots.runoff_voters([1, 2, 3, 4, 5], (2, 3), tied_vote=False) == [1, 4, 5]
    assert ballots.runoff_voters([1, 2, 3, 4, 5], (2, 3), tied_vote=True) == [1, 2, 3, 4, 5]
    g = table(VILLAGE)
    ballots.open_ballot(g, "runoff", [1, 4, 5], (2, 3))
    (step,) = g.events
    assert isinstance(step, StepOpened)
    assert (step.name, step.seats, step.decisions[0].targets, step.decisions[0].optional) == (
        "runoff",
        (1, 4, 5),
        (2, 3),
        True,
    )


def test_rule_langrensha_the_sheriffs_vote_weighs_one_and_a_half():
    sheriff = 4
    tally = ballots.tally({1: 2, 2: 3, 4: 3}, weight=lambda voter: 1.5 if voter == sheriff else 1.0)
    assert tally == {2: 1.0, 3: 2.5}


def test_only_vote_answers_are_ballots():
    assert ballots.cast({2: Action(kind="speak"), 1: Action(kind="vote", target=2)}) == {1: 2}
