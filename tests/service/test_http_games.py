"""A whole game of every registered ruleset, played through the HTTP API by random-legal bots."""

from __future__ import annotations

import pytest

from grimoire.domain.catalog import RULESETS
from grimoire.service.cli import play
from tests.support.api import client


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_whole_game_of_each_ruleset_plays_through_http(database_url, ruleset):
    with client(database_url) as c:
        result = play(c, ruleset, seed=1, lang="en")
        view = result["view"]
        assert view["status"] == "ended" and view["result"]
        assert len(view["roles"]) == view["seats"]
        assert result["audit"]["ok"], result["audit"]
        assert result["actions"] > 0
