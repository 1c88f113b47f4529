"""langrensha's own facts in a view: `View.private[key]` (the thief's cards, the witch's target, the sheriff).

Each reaches only the views its event's audience includes; the rest of langrensha's facts are the
moderator's and change no view.
"""

from __future__ import annotations

import msgspec

from grimoire.domain.rulesets.langrensha import (
    Charmed,
    IdiotRevealed,
    Info,
    LoverShown,
    PotionsLeft,
    SheriffCandidates,
    SheriffChanged,
    ThiefCards,
    WolfTargetShown,
)
from grimoire.projections.render import RENDER
from grimoire.projections.view import RULESET_APPLY, View


def _private(view: View, key: str, value: object) -> View:
    return msgspec.structs.replace(view, private={**view.private, key: value})


RULESET_APPLY.update(
    {
        LoverShown: lambda v, e: _private(v, "lover", [e.lover, e.role]),
        ThiefCards: lambda v, e: _private(v, "spare_cards", list(e.cards)),
        Charmed: lambda v, e: _private(v, "charmed", e.target),
        PotionsLeft: lambda v, e: _private(v, "potions", list(e.potions)),
        WolfTargetShown: lambda v, e: _private(v, "wolf_target", e.target),
        SheriffChanged: lambda v, e: _private(v, "sheriff", e.sheriff),
        SheriffCandidates: lambda v, e: _private(v, "candidates", list(e.seats)),
        IdiotRevealed: lambda v, e: _private(v, "no_vote", [*v.private.get("no_vote", ()), e.seat]),
        Info: lambda v, e: _private(v, e.key, e.value),  # stored games before the typed facts
    }
)
RENDER[Info] = lambda e, r: None
