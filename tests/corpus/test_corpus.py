"""The recorded corpus still holds: every game replays to the same bytes and verifies, every viewer
reads the same texts and has the same views, and the ruleset documents and problem texts are unchanged."""

from __future__ import annotations

import functools
import json
from typing import Any

import msgspec
import pytest

from grimoire.domain.catalog import RULESETS, fold, initial_state, run, verify
from grimoire.domain.codec import decode
from grimoire.domain.events import Event
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation
from tests.corpus.corpus import (
    DOCUMENTS,
    encoded,
    end_summary,
    problem_digests,
    read_games,
    ruleset_document_digests,
    text_digests,
    view_digests,
)

RECORDED_RULESETS = ("jinro9", "langrensha", "magic_city", "ultimate13", "witch_trial")


@functools.cache
def games(ruleset: str) -> list[dict[str, Any]]:
    return [g for g in all_games() if g["ruleset"] == ruleset]


@functools.cache
def all_games() -> list[dict[str, Any]]:
    return list(read_games())


@functools.cache
def stored_events(game_id: str) -> list[Event]:
    game = next(g for g in all_games() if g["id"] == game_id)
    return [decode(e.encode()) for e in game["events"]]


@functools.cache
def documents() -> dict[str, Any]:
    return json.loads(DOCUMENTS.read_text())


def replay(game: dict[str, Any]) -> tuple[list[str], GameState, list[str]]:
    """The game's inputs run through the engine: its events encoded, the state reached, and every
    input whose outcome (the events it produced, or its refusal) differs from the recorded one."""
    state, produced, wrong = initial_state(), [], []
    for n, (raw, outcome) in enumerate(zip(game["inputs"], game["outcomes"], strict=True)):
        result = run(state, decode(raw.encode()))
        if isinstance(result, RuleViolation):
            got: int | dict[str, Any] = {"code": result.code, "args": msgspec.to_builtins(result.args)}
        else:
            out, state = result
            got = len(out)
            produced += [encoded(e) for e in out]
        if got != outcome:
            wrong.append(f"input {n + 1}: {got} instead of {outcome}")
    return produced, state, wrong


def test_the_corpus_holds_at_least_50_finished_games_of_every_ruleset():
    assert sorted(RULESETS) == sorted(RECORDED_RULESETS)
    for ruleset in RECORDED_RULESETS:
        assert len(games(ruleset)) >= 50
        assert all(g["end"]["status"] == "ended" for g in games(ruleset))


@pytest.mark.parametrize("ruleset", RECORDED_RULESETS)
def test_every_game_replays_its_inputs_to_the_recorded_events_byte_for_byte_and_refusals(ruleset):
    differing = []
    for game in games(ruleset):
        produced, _, wrong = replay(game)
        if wrong or produced != game["events"]:
            at = next((i for i, (a, b) in enumerate(zip(produced, game["events"])) if a != b), None)
            differing.append((game["id"], wrong[:2], f"first differing event {at}"))
    assert not differing, differing[:5]


@pytest.mark.parametrize("ruleset", RECORDED_RULESETS)
def test_every_game_verifies_as_it_did_when_recorded(ruleset):
    failed = []
    for game in games(ruleset):
        events = stored_events(game["id"])
        report = verify(events)
        inputs = sum(1 for o in game["outcomes"] if not isinstance(o, dict))
        if not (report.ok and report.unsupported is None and report.events == len(events) and report.inputs == inputs):
            failed.append((game["id"], report))
    assert not failed, failed[:3]


@pytest.mark.parametrize("ruleset", RECORDED_RULESETS)
def test_folding_every_game_reaches_the_state_of_its_replay_and_the_recorded_end(ruleset):
    differing = []
    for game in games(ruleset):
        events = stored_events(game["id"])
        _, replayed, _ = replay(game)
        folded = fold(events)
        if folded != replayed or end_summary(folded, events) != game["end"]:
            differing.append(game["id"])
    assert not differing, differing[:5]


@pytest.mark.parametrize("ruleset", RECORDED_RULESETS)
def test_every_viewer_reads_the_recorded_feed_texts_in_every_language(ruleset):
    differing = []
    for game in games(ruleset):
        events = stored_events(game["id"])
        digests = text_digests(events, fold(events))
        for viewer, by_lang in game["texts"].items():
            differing += [(game["id"], viewer, lang) for lang, h in by_lang.items() if digests[viewer][lang] != h]
    assert not differing, differing[:10]


@pytest.mark.parametrize("ruleset", RECORDED_RULESETS)
def test_every_viewer_has_the_recorded_views_throughout_every_game(ruleset):
    differing = []
    for game in games(ruleset):
        events = stored_events(game["id"])
        digests = view_digests(events, fold(events).seats)
        differing += [(game["id"], viewer) for viewer, h in game["views"].items() if digests[viewer] != h]
    assert not differing, differing[:10]


def test_the_ruleset_documents_are_the_recorded_bytes_in_every_language():
    recorded = documents()["rulesets"]
    assert ruleset_document_digests(RECORDED_RULESETS) == recorded


def test_every_problem_codes_title_and_detail_are_the_recorded_texts_in_every_language():
    recorded = documents()["problems"]
    engine = [code for code, p in recorded.items() if p["engine"]]
    service = {code: p["status"] for code, p in recorded.items() if not p["engine"]}
    assert problem_digests(engine, service) == recorded
