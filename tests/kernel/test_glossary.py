"""Each ruleset's glossary holds: the corpus's games, read in every language by every viewer, and the
ruleset's document (`GET /rulesets/{id}`) never show a synonym the ruleset forbids
(`domain/rulesets/<id>/texts/glossary.toml`), nor another ruleset's word for a thing this one names otherwise."""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any

import msgspec
import pytest

from grimoire.domain.catalog import RULESETS
from grimoire.domain.codec import decode
from grimoire.domain.texts import LANGS, MESSAGES, name_of
from grimoire.service.routes_rulesets import ruleset_info
from tests.corpus.corpus import CORPORA, feed_text, read_games
from tests.support.words import spoken

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("role", "card", "team", "phase_name", "step", "action", "label")


def glossary(ruleset: str) -> dict[str, Any]:
    return tomllib.loads((ROOT / "domain/rulesets" / ruleset / "texts/glossary.toml").read_text(encoding="utf-8"))


@functools.cache
def corpus() -> dict[str, list[tuple[tuple[str, ...], list[Any]]]]:
    by_ruleset: dict[str, list[tuple[tuple[str, ...], list[Any]]]] = {rs: [] for rs in RULESETS}
    for game in (g for c in CORPORA.values() for g in read_games(c)):
        events = [decode(e.encode()) for e in game["events"]]
        seats = len(game["end"]["names"])
        by_ruleset[game["ruleset"]].append((tuple(f"P{n}" for n in range(1, seats + 1)), events))
    return by_ruleset


def said(event: Any) -> bool:
    """A player's own words (a speech, last words): not the catalog's."""
    return spoken(event)


@functools.cache
def shown(ruleset: str, lang: str) -> frozenset[str]:
    """Every text the corpus's games of `ruleset` show in `lang` (each viewer reads a part of these), and its
    document's: labels, role names and options."""
    read = (feed_text(e, lang, names, ruleset) for names, events in corpus()[ruleset] for e in events if not said(e))
    texts = {t for t in read if isinstance(t, str)}  # a text the catalog lacks is the corpus test's concern
    document = msgspec.to_builtins(ruleset_info(RULESETS[ruleset], lang))

    ids = {"id", "team", "presets", "preset_seats", "version", "type", "default", "choices"}
    skip = ids if lang == "en" else ids | {"doc"}  # an option's API doc is English in every language

    def strings(value: Any) -> None:
        if isinstance(value, str):
            texts.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in skip:
                    strings(v)
        elif isinstance(value, list):
            for v in value:
                strings(v)

    strings(document)
    return frozenset(t for t in texts if t)


def pattern(word: str, lang: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])" if lang == "en" else re.escape(word), re.IGNORECASE)


def found(ruleset: str, lang: str, regex: re.Pattern[str]) -> list[str]:
    return sorted(t for t in shown(ruleset, lang) if regex.search(t))[:3]


@functools.cache
def vocabulary(ruleset: str, lang: str) -> dict[tuple[str, str], str]:
    """What the ruleset names, in `lang`: its roles, cards, teams, phases, steps, actions and labels."""
    rs = RULESETS[ruleset]
    ids = {("role", r) for r in rs.roles} | {("action", k) for k in rs.action_kinds}
    ids |= {("step", s.partition(".")[0]) for s in rs.steps}
    for key in MESSAGES:
        head, _, rest = key.removeprefix(ruleset + ".").partition(".")
        if key.startswith(ruleset + ".") and head in KINDS and rest and "." not in rest:
            ids.add((head, rest))
    same = glossary(ruleset).get("same", {})  # a role another ruleset has under another id
    out = {}
    for kind, value in ids:
        if f"{ruleset}.{kind}.{value}" in MESSAGES or f"{kind}.{value}" in MESSAGES:
            out[kind, same.get(value, value) if kind == "role" else value] = name_of(kind, value, lang, ruleset)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_glossary_no_ruleset_shows_a_synonym_it_forbids(ruleset, lang):
    never: dict[str, str] = glossary(ruleset).get("never", {}).get(lang, {})
    shows = {
        f"{word} (say {instead})": found(ruleset, lang, re.compile(word if lang != "en" else rf"\b{word}\b", re.I))
        for word, instead in never.items()
    }
    assert not {k: v for k, v in shows.items() if v}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_glossary_no_ruleset_shows_another_rulesets_word_for_a_thing_it_names_otherwise(ruleset, lang):
    own = vocabulary(ruleset, lang)
    allowed = set(glossary(ruleset).get("shared", {}).get(lang, {}))
    words = set(own.values())
    shows = {}
    for other in sorted(set(RULESETS) - {ruleset}):
        for thing, theirs in vocabulary(other, lang).items():
            mine = own.get(thing)
            if mine is None or mine == theirs or theirs in allowed:
                continue
            if any(pattern(theirs, lang).search(w) for w in words):
                continue  # a part of one of its own words (投票 in 监禁投票)
            hits = found(ruleset, lang, pattern(theirs, lang))
            if hits:
                shows[f"{theirs} ({other}'s {thing}; {ruleset} says {mine})"] = hits
    assert not shows


def test_glossary_every_ruleset_writes_its_forbidden_words_and_choices_down():
    for ruleset in RULESETS:
        written = glossary(ruleset)
        assert set(written) <= {"never", "shared", "chosen", "same"}, ruleset
        assert set(written.get("never", {})) <= set(LANGS) and set(written.get("chosen", {})) <= set(LANGS), ruleset
        assert written.get("chosen"), f"{ruleset}: the translations chosen where its document does not speak"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_glossary_every_role_card_phase_step_action_and_team_reads_through_a_term(ruleset):
    """A ruleset's names are its glossary's Fluent terms, so each word is written once and every message
    that says it says the same word."""
    from fluent.syntax import FluentParser, ast

    plain = []
    for lang in LANGS:
        source = (ROOT / "domain/rulesets" / ruleset / f"texts/{lang}.ftl").read_text(encoding="utf-8")
        for entry in FluentParser().parse(source).body:
            if not isinstance(entry, ast.Message) or entry.id.name.split("-", 1)[0] not in (*KINDS, "card"):
                continue
            if entry.value is None or not any(
                isinstance(p, ast.Placeable) and isinstance(p.expression, ast.TermReference)
                for p in entry.value.elements
            ):
                plain.append(f"{lang}: {entry.id.name}")
    assert not plain


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_glossary_scans_every_role_card_of_the_ruleset(ruleset, lang):
    """The role cards are read like the rest of the document: each is among the texts the tests above scan."""
    document = ruleset_info(RULESETS[ruleset], lang)
    cards = [r.card for r in document.roles] + [s.card for s in document.states]
    assert len(cards) >= len(RULESETS[ruleset].roles) and all(cards)
    assert set(cards) <= shown(ruleset, lang)


def plain_terms(path: Path) -> dict[str, str]:
    from fluent.syntax import FluentParser, ast

    body = FluentParser().parse(path.read_text(encoding="utf-8")).body
    return {
        e.id.name: "".join(p.value for p in e.value.elements if isinstance(p, ast.TextElement))
        for e in body
        if isinstance(e, ast.Term)
    }


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_a_rulesets_copy_of_a_shared_word_reads_as_the_shared_catalog_writes_it(lang):
    """A card that names a shared role (`-werewolf`) carries the shared word in its own catalog's glossary:
    the same word, so the card and the feed never disagree."""
    shared = plain_terms(ROOT / "domain/texts" / f"{lang}.ftl")
    differ = {
        f"{ruleset}: -{term} = {word} (shared: {shared[term]})"
        for ruleset in RULESETS
        for term, word in plain_terms(ROOT / "domain/rulesets" / ruleset / f"texts/{lang}.ftl").items()
        if term in shared and word != shared[term]
    }
    assert not differ
