"""langrensha's own facts in a view: `View.private[key]` (the thief's cards, the witch's target, the sheriff)."""

from __future__ import annotations

import msgspec

from domain.rulesets.langrensha import Info
from projections.render import RENDER
from projections.view import RULESET_APPLY, View


def _info(view: View, e: Info) -> View:
    return msgspec.structs.replace(view, private={**view.private, e.key: e.value})


RULESET_APPLY[Info] = _info
RENDER[Info] = lambda e, r: None
