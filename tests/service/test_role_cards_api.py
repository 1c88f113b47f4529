"""GET /rulesets/{id} carries each role's card (and witch_trial's states with theirs) in the language asked."""

from __future__ import annotations

import pytest

from grimoire.domain.catalog import RULESETS
from grimoire.domain.texts import LANGS, render_text
from tests.support.api import client


@pytest.mark.parametrize("lang", LANGS)
def test_api_ruleset_document_carries_every_roles_card_in_the_language_asked(tmp_path, lang):
    with client(str(tmp_path / "grimoire.db")) as c:
        for ruleset in RULESETS:
            doc = c.get(f"/rulesets/{ruleset}", params={"lang": lang}).json()
            cards = {r["id"]: r["card"] for r in doc["roles"]}
            assert cards == {
                r: render_text(f"role.{r}.card", lang, {}, ruleset=ruleset) for r in RULESETS[ruleset].roles
            }
            assert bool(doc["states"]) == (ruleset == "witch_trial")
        states = {s["id"]: s for s in c.get("/rulesets/witch_trial", params={"lang": lang}).json()["states"]}
        assert states["prisoner"]["card"] == render_text("state.prisoner.card", lang, {}, ruleset="witch_trial")
        assert states["witch"]["name"] == render_text("state.witch", lang, {}, ruleset="witch_trial")


def test_api_ruleset_document_reads_each_languages_own_card():
    """Not one language's text under four names: the seer's card differs in each."""
    with client(":memory:") as c:
        seen = {c.get("/rulesets/jinro9", params={"lang": lang}).json()["roles"][1]["card"] for lang in LANGS}
    assert len(seen) == len(LANGS)
