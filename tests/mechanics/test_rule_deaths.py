"""Deaths (`domain/mechanics/deaths.py`): jinro9.md's morning (犠牲者はいません, 複数死亡時), the
executed's last words (処刑時の遺言), and deaths that bring others (a lover's heartbreak)."""

from __future__ import annotations

import msgspec

from grimoire.domain.events import DeathCause, Died, Notice, StepOpened
from grimoire.domain.mechanics import deaths
from grimoire.domain.ruleset import Ruleset
from tests.mechanics.table import table

ROLES = ("villager",) * 6


def test_rule_jinro9_a_morning_without_deaths_announces_no_victims():
    g = table(ROLES)
    deaths.announce_morning(g, {})
    (notice,) = g.events
    assert isinstance(notice, Notice) and notice.key == "morning.none"


def test_rule_jinro9_several_morning_deaths_are_one_notice_in_seat_order_causes_hidden():
    g = table(ROLES)
    deaths.announce_morning(g, {5: "curse", 2: "attack"})
    *causes, died = g.events
    assert [(e.seat, e.cause, e.to) for e in causes if isinstance(e, DeathCause)] == [
        (2, "attack", "moderator"),
        (5, "curse", "moderator"),
    ]
    assert isinstance(died, Died) and (died.seats, died.when, died.to) == ((2, 5), "morning", "public")


def test_rule_jinro9_the_executed_leaves_last_words_once_or_passes():
    g = table(ROLES)
    deaths.open_last_words(g, 3)
    (step,) = g.events
    assert isinstance(step, StepOpened)
    assert (step.name, step.seats) == ("last_words", (3,))
    assert [(d.kind, d.optional, d.text) for d in step.decisions] == [("last_words", True, 100)]


def test_rule_langrensha_a_death_brings_its_lover_and_each_seat_dies_once():
    lovers = {2: 5, 5: 2}

    def brings(seat: int, cause: str) -> dict[int, str]:
        return {lovers[seat]: "heartbreak"} if seat in lovers else {}

    assert deaths.chained({2: "attack"}, brings) == {2: "attack", 5: "heartbreak"}
    assert deaths.chained({2: "attack", 5: "poison"}, brings) == {2: "attack", 5: "poison"}
    assert deaths.chained({1: "attack"}, brings) == {1: "attack"}


class Kept(msgspec.Struct, frozen=True, kw_only=True):
    morning_dead: tuple[int, ...] = ()
    executed: int | None = None
    executed_day: int = -1


def test_the_morning_dead_and_the_last_execution_fold_into_the_state():
    state = msgspec.structs.replace(table(ROLES, day=2).state, x=Kept())
    morning = deaths.fold_died(Ruleset(), state, Died(at=1, seats=(2, 5), when="morning"))
    assert morning.x == Kept(morning_dead=(2, 5))
    executed = deaths.fold_died(Ruleset(), morning, Died(at=1, seats=(3, 4), when="execution"))
    assert executed.x == Kept(morning_dead=(2, 5), executed=3, executed_day=2)
    assert deaths.fold_died(Ruleset(), executed, Died(at=1, seats=(1,), when="day")) is executed
