"""Every role of every ruleset has a role card in each language: what it does and when, its side and how it
wins, written in the ruleset's own words (its catalog's Fluent terms), two to four short sentences."""

from __future__ import annotations

import re

import pytest

from grimoire.domain.catalog import RULESETS
from grimoire.domain.texts import LANGS, MESSAGES, TERMS, entry, render_text
from grimoire.service.routes_rulesets import states_of

CARDS = [(rs, role) for rs in sorted(RULESETS) for role in RULESETS[rs].roles]


def sentences(text: str, lang: str) -> int:
    ends = r"[.!?](?:\s|$)" if lang == "en" else r"[。！？]"
    return len(re.findall(ends, text))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("ruleset", "role"), CARDS)
def test_text_every_role_of_every_ruleset_has_a_short_card_in_every_language(ruleset, role, lang):
    card = render_text(f"role.{role}.card", lang, {}, ruleset=ruleset)
    assert 2 <= sentences(card, lang) <= 4, card
    assert len(card) <= (400 if lang == "en" else 160), card


@pytest.mark.parametrize(("ruleset", "role"), CARDS)
def test_text_every_role_card_reads_through_its_catalogs_terms(ruleset, role):
    """A card names roles, cards and sides through the catalog's glossary, so it never says another word for
    them than the feed does."""
    texts = entry(f"role.{role}.card", ruleset)
    for lang, text in texts.items():
        assert text.terms, f"{ruleset} {role} {lang}: no glossary term"
        assert text.terms <= TERMS[text.catalog], (ruleset, role, lang)


def test_text_witch_trial_cards_tell_its_players_the_prisoner_and_the_witch():
    """witch_trial deals cards rather than roles: its players read what each card does, and what a prisoner
    (every player) and a witch are."""
    assert states_of("witch_trial") == ["prisoner", "witch"]
    for lang in LANGS:
        witch = render_text("state.witch.card", lang, {}, ruleset="witch_trial")
        killer = render_text("role.witch_killer", lang, {}, ruleset="witch_trial")
        assert killer in witch
        assert render_text("state.prisoner.card", lang, {}, ruleset="witch_trial")
    assert all(not states_of(rs) for rs in RULESETS if rs != "witch_trial")


def test_text_jinro9_and_ultimate13_read_the_shared_roles_cards_and_each_its_own_medium():
    for lang in LANGS:
        for role in ("villager", "seer", "werewolf", "madman"):
            assert entry(f"role.{role}.card", "jinro9") is entry(f"role.{role}.card", "ultimate13")
        jinro9 = render_text("role.medium.card", lang, {}, ruleset="jinro9")
        assert jinro9 != render_text("role.medium.card", lang, {}, ruleset="ultimate13")
    assert "霊能者" not in render_text("role.madman.card", "ja", {}, ruleset="ultimate13")
    assert "役職" in render_text("role.medium.card", "ja", {}, ruleset="ultimate13")  # 霊媒師 learns the role


def test_text_role_cards_in_the_other_rulesets_are_their_own():
    """langrensha, magic_city and witch_trial speak of the shared roles in their own documents' words."""
    for rs in ("langrensha", "magic_city", "witch_trial"):
        for role in RULESETS[rs].roles:
            assert f"{rs}.role.{role}.card" in MESSAGES, (rs, role)
    assert "放逐" in render_text("role.werewolf.card", "ja", {}, ruleset="langrensha")
    assert "人間" in render_text("role.werewolf.card", "ja", {}, ruleset="magic_city")


def test_text_langrensha_cards_name_the_packs_attack_as_the_feed_does():
    """The feed says the wolves attack (「今晚狼人袭击…」, 「今晚狼人選擇擊殺…」); the cards say it with the same
    word, never another."""
    # langrensha.md: 擊殺一名村民
    word = {"ja": "襲撃", "zh-Hans": "袭击", "zh-Hant": "擊殺", "en": "attack"}
    other = {"ja": "殺害し", "zh-Hans": "参与击杀", "zh-Hant": "襲擊", "en": "kill with the pack"}
    for lang in LANGS:
        assert word[lang] in render_text("pack.attacked", lang, {"target": 2}, ("A", "B"), "langrensha")
        for role in ("werewolf", "alpha_wolf", "blood_moon", "witch", "guard"):
            card = render_text(f"role.{role}.card", lang, {}, ruleset="langrensha")
            assert word[lang] in card and other[lang] not in card, (lang, role, card)
