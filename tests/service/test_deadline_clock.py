"""Deadlines are stamped with wall time but waited on with the monotonic clock: a step of the wall
clock after a deadline was scheduled neither delays nor hastens it."""

from __future__ import annotations

import uuid

from grimoire.service.lifecycle import Schedule
from tests.support.api import client, new_game, service

HOUR = 3600.0


class Clocks:
    """A wall clock and a monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.wall_now = 1_700_000_000.0
        self.mono_now = 500.0

    def wall(self) -> float:
        return self.wall_now

    def mono(self) -> float:
        return self.mono_now

    def elapse(self, seconds: float) -> None:
        self.wall_now += seconds
        self.mono_now += seconds


def scheduled(clocks: Clocks, in_seconds: float) -> tuple[Schedule, tuple[str, int, int]]:
    schedule = Schedule(wall=clocks.wall, mono=clocks.mono)
    pending = ("g1", 3, int((clocks.wall_now + in_seconds) * 1000))
    schedule.sync([pending])
    return schedule, pending


def test_a_backwards_wall_clock_step_does_not_delay_a_pending_deadline():
    clocks = Clocks()
    schedule, pending = scheduled(clocks, 5)
    clocks.wall_now -= HOUR  # the wall clock is stepped back an hour
    schedule.sync([pending])  # the directory still lists it, stamped with the old wall time
    clocks.elapse(4.9)
    assert schedule.passed() == []
    clocks.elapse(0.2)
    assert schedule.passed() == [pending]
    assert schedule.passed() == []  # fired once


def test_a_forwards_wall_clock_step_does_not_hasten_a_pending_deadline():
    clocks = Clocks()
    schedule, pending = scheduled(clocks, 5)
    clocks.wall_now += HOUR
    schedule.sync([pending])
    clocks.elapse(4.9)
    assert schedule.passed() == []
    clocks.elapse(0.2)
    assert schedule.passed() == [pending]


def test_a_passed_deadline_is_due_at_once_and_a_changed_one_replaces_the_old():
    clocks = Clocks()
    schedule, pending = scheduled(clocks, -2)  # already passed when first seen
    assert schedule.passed() == [pending]
    schedule, pending = scheduled(clocks, 5)
    extended = (pending[0], pending[1], pending[2] + 10_000)
    schedule.sync([extended])
    clocks.elapse(5.1)
    assert schedule.passed() == []
    clocks.elapse(10)
    assert schedule.passed() == [extended]


def test_firing_a_scheduled_deadline_ends_the_step_whatever_the_wall_clock_reads(tmp_path):
    # The deadline is far ahead by the wall clock; once its monotonic wait is over, `fire` ends the step
    # without consulting the wall clock again.
    with client(str(tmp_path / "g.db"), background=False) as c:
        game = new_game(c)  # time_scale 100: the first deadline is far away
        games = service(c).games
        entry = games.game(uuid.UUID(game["game_id"]))
        step = entry.state.step
        assert step is not None and step.deadline is not None
        version = entry.version
        service(c).commands.fire(entry.id, step.no, step.deadline)
        assert entry.version > version
        assert entry.records[version].topic == "timeout"  # the step's deadline passed (it ends or is extended)
