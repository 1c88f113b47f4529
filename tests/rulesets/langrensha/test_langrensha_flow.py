"""langrensha's declared flow: every continuation, round of speeches and duty names what follows it."""

from __future__ import annotations

from typing import Generic

from grimoire.domain.ruleset import Ruleset
from grimoire.domain.rulesets.langrensha import LANGRENSHA
from grimoire.domain.rulesets.langrensha.dying import DUTIES
from grimoire.domain.rulesets.langrensha.facts import DutiesQueued, Duty, DutyKind, Owed, Speeches, SpeechesBegan
from grimoire.domain.rulesets.langrensha.flow import AFTER_SPEECHES, DAY_STEPS, FOLLOWS, STEPS
from grimoire.domain.rulesets.langrensha.then import Next
from tests.support.langrensha import new, run_to


def test_every_continuation_round_of_speeches_and_duty_is_declared():
    assert set(FOLLOWS) == set(Next) - {Next.NOTHING}
    assert set(AFTER_SPEECHES) == set(Speeches)
    assert set(DUTIES) == set(DutyKind)
    assert set(DAY_STEPS) <= set(STEPS) == set(LANGRENSHA.steps)


def test_the_stored_stage_and_duty_kinds_are_read_as_their_kinds():
    g = new(["werewolf", "werewolf", "seer", "witch", "villager", "villager"])
    run_to(g, "candidacy")
    state = LANGRENSHA.evolve(g.state, SpeechesBegan(at=g.now, stage="exile_pk"))
    assert state.x.speeches is Speeches.EXILE_PK
    queued = DutiesQueued(at=g.now, duties=(Duty(kind="shot", seats=(3,)), Duty(kind="badge", seats=(3,))))
    state = LANGRENSHA.evolve(state, queued)
    assert state.x.queue[:2] == (Owed(kind=DutyKind.SHOT, seats=(3,)), Owed(kind=DutyKind.BADGE, seats=(3,)))


def test_no_other_rulesets_flow_is_reachable_from_langrensha():
    assert type(LANGRENSHA).__mro__[1:] == (Ruleset, Generic, object)  # the generic kernel base, nothing between
    for village_step in ("resolve_night", "open_vote", "after_day", "begin_discussion", "first_speaker"):
        assert not hasattr(LANGRENSHA, village_step)
