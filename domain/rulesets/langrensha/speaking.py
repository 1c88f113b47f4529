"""Rounds of speeches outside the day's discussion: the sheriff campaign and the PK speeches of a tie."""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.domain.events import MODERATOR, SpeakingOrder
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.langrensha.facts import Speeches, SpeechesBegan
from grimoire.domain.rulesets.langrensha.then import Next


def speeches(g: Table, stage: Speeches, seats: Sequence[int]) -> Next:
    g.emit(SpeechesBegan, to=MODERATOR, stage=stage.value)
    g.emit(SpeakingOrder, seats=tuple(seats), rounds=1)
    return Next.SPEECH
