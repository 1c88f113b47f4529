"""The recorded corpora still hold: every game replays to the same bytes and verifies under the rules
of the version it is pinned to, every viewer reads the same texts and has the same views, and the
ruleset documents and problem texts are unchanged."""

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
    CORPORA,
    DOCUMENTS,
    encoded,
    end_summary,
    problem_digests,
    read_games,
    ruleset_document_digests,
    text_digests,
    view_digests,
)
from tests.support.versions import deployed

RECORDED_RULESETS = tuple(sorted({rs for c in CORPORA.values() for rs in c.rulesets}))
# every corpus, with each of its rulesets: (corpus name, ruleset)
EACH = pytest.mark.parametrize(("corpus", "ruleset"), [(c, rs) for c in CORPORA for rs in CORPORA[c].rulesets])


@functools.cache
def games(corpus: str, ruleset: str) -> list[dict[str, Any]]:
    return [g for g in all_games(corpus) if g["ruleset"] == ruleset]


@functools.cache
def all_games(corpus: str) -> list[dict[str, Any]]:
    return list(read_games(CORPORA[corpus]))


@functools.cache
def stored_events(corpus: str, game_id: str) -> list[Event]:
    game = next(g for g in all_games(corpus) if g["id"] == game_id)
    return [decode(e.encode()) for e in game["events"]]


@functools.cache
def documents() -> dict[str, Any]:
    return json.loads(DOCUMENTS.read_text())


def replay(corpus: str, game: dict[str, Any]) -> tuple[list[str], GameState, list[str]]:
    """The game's inputs run through the engine, deployed as when the corpus was recorded (so that
    its create input pins the game to the corpus's version): its events encoded, the state reached,
    and every input whose outcome (the events it produced, or its refusal) differs from the recorded one."""
    state, produced, wrong = initial_state(), [], []
    recorded = CORPORA[corpus]
    with deployed(game["ruleset"], recorded.version_of(game["ruleset"]), recorded.engine):
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


@pytest.mark.parametrize("corpus", CORPORA)
def test_the_corpus_holds_its_finished_games_of_every_ruleset_pinned_to_its_version(corpus):
    assert sorted(RULESETS) == sorted(RECORDED_RULESETS)
    for ruleset in CORPORA[corpus].rulesets:
        assert len(games(corpus, ruleset)) == CORPORA[corpus].per_ruleset >= 30
        assert all(g["end"]["status"] == "ended" for g in games(corpus, ruleset))
        pinned = {
            (created.ruleset_version, created.engine_version)
            for created in (stored_events(corpus, g["id"])[1] for g in games(corpus, ruleset))
        }
        assert pinned == {(CORPORA[corpus].version_of(ruleset), CORPORA[corpus].engine)}


@EACH
def test_every_game_replays_its_inputs_to_the_recorded_events_byte_for_byte_and_refusals(corpus, ruleset):
    differing = []
    for game in games(corpus, ruleset):
        produced, _, wrong = replay(corpus, game)
        if wrong or produced != game["events"]:
            at = next((i for i, (a, b) in enumerate(zip(produced, game["events"])) if a != b), None)
            differing.append((game["id"], wrong[:2], f"first differing event {at}"))
    assert not differing, differing[:5]


@EACH
def test_every_game_verifies_as_it_did_when_recorded(corpus, ruleset):
    failed = []
    for game in games(corpus, ruleset):
        events = stored_events(corpus, game["id"])
        report = verify(events)
        inputs = sum(1 for o in game["outcomes"] if not isinstance(o, dict))
        if not (report.ok and report.unsupported is None and report.events == len(events) and report.inputs == inputs):
            failed.append((game["id"], report))
    assert not failed, failed[:3]


@EACH
def test_folding_every_game_reaches_the_state_of_its_replay_and_the_recorded_end(corpus, ruleset):
    differing = []
    for game in games(corpus, ruleset):
        events = stored_events(corpus, game["id"])
        _, replayed, _ = replay(corpus, game)
        folded = fold(events)
        if folded != replayed or end_summary(folded, events) != game["end"]:
            differing.append(game["id"])
    assert not differing, differing[:5]


@EACH
def test_every_viewer_reads_the_recorded_feed_texts_in_every_language(corpus, ruleset):
    differing = []
    for game in games(corpus, ruleset):
        events = stored_events(corpus, game["id"])
        digests = text_digests(events, fold(events))
        for viewer, by_lang in game["texts"].items():
            differing += [(game["id"], viewer, lang) for lang, h in by_lang.items() if digests[viewer][lang] != h]
    assert not differing, differing[:10]


@EACH
def test_every_viewer_has_the_recorded_views_throughout_every_game(corpus, ruleset):
    differing = []
    for game in games(corpus, ruleset):
        events = stored_events(corpus, game["id"])
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
