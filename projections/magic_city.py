"""magic_city's own event in the views: `CityInfo` adds to its readers' `View.private`."""

from __future__ import annotations

from domain.rulesets.magic_city import CityInfo
from projections.render import RENDER
from projections.view import RULESET_APPLY, View, replace


def _info(view: View, event: CityInfo) -> View:
    return replace(view, private={**view.private, **event.info})


RULESET_APPLY[CityInfo] = _info
RENDER[CityInfo] = lambda e, r: None
