"""The registry of rulesets: every ruleset the engine runs, by its stable id."""

from __future__ import annotations

from domain.messages import register
from domain.rulesets.base import Ruleset
from domain.rulesets.jinro9 import JINRO9
from domain.rulesets.langrensha import LANGRENSHA
from domain.rulesets.magic_city import MAGIC_CITY
from domain.rulesets.ultimate13 import ULTIMATE13
from domain.rulesets.witch_trial import WITCH_TRIAL

RULESETS: dict[str, Ruleset] = {rs.id: rs for rs in (JINRO9, ULTIMATE13, WITCH_TRIAL, LANGRENSHA, MAGIC_CITY)}

register({f"ruleset.{rs.id}": rs.name for rs in RULESETS.values()})


def get(ruleset_id: str) -> Ruleset | None:
    return RULESETS.get(ruleset_id)
