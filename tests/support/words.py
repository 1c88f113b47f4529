"""A player's own words in an event: what the texts' checks leave out, since the catalogs do not write them."""

from __future__ import annotations

from typing import Any

from grimoire.domain.events import Act, Defaulted
from grimoire.domain.rulesets.aiwolf.facts import Talked, Whispered


def spoken(event: Any) -> bool:
    """An answer that carries a text, or a ruleset's record of words said (aiwolf's talks and whispers,
    as cut to their limits; an Over or a Skip reads as the catalog's line)."""
    if isinstance(event, Act | Defaulted):
        return event.action.text is not None
    return isinstance(event, Talked | Whispered) and not (event.over or event.skip)
