"""Rounds of speeches: the day's discussion, the sheriff campaign and the PK speeches of a tie."""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.domain.events import MODERATOR, SpeakingOrder
from grimoire.domain.mechanics import speaking
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.langrensha.facts import LState, Speeches, SpeechesBegan
from grimoire.domain.rulesets.langrensha.then import Next


def speeches(g: Table[LState], stage: Speeches, seats: Sequence[int]) -> Next:
    g.emit(SpeechesBegan(at=g.at, to=MODERATOR, stage=stage.value))
    g.emit(SpeakingOrder(at=g.at, seats=tuple(seats), rounds=1))
    return Next.SPEECH


def discussion(g: Table[LState]) -> Next:
    """The day's discussion: one round round the table from today's first speaker."""
    g.emit(SpeechesBegan(at=g.at, to=MODERATOR, stage=Speeches.DISCUSSION.value))
    speaking.announce_order(g, g.state.living(), first_speaker(g), 1)
    return Next.SPEECH


def first_speaker(g: Table[LState]) -> int:
    state = g.state
    x: LState = state.x
    executed = x.executed if x.executed_day == state.day - 1 else None
    return speaking.first_speaker(g, x.order, x.morning_dead, executed)


def turn_left(g: Table[LState]) -> bool:
    """Open the next turn of the speaking order under way, if one is left."""
    x: LState = g.state.x
    if not speaking.turns_left(x.order, x.rounds, x.turn):
        return False
    speaking.open_turn(g, x.order, x.turn)
    return True
