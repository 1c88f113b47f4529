"""Games are pinned to the versions they were recorded under (design, the event model): the first
event stamps the ruleset and engine versions, and an old game replays with the rules it was played
under or says it cannot — never a replay mismatch, never a different game."""

from __future__ import annotations

import json
import random
import uuid

import pytest

from grimoire.domain import catalog as rulesets
from grimoire.domain import engine
from grimoire.domain.catalog import verify
from grimoire.domain.engine import ENGINE_VERSIONS
from grimoire.domain.events import GameCreated
from grimoire.domain.violations import RuleViolation
from grimoire.service.cli import main
from tests.service.test_api import problem, tamper
from tests.support.api import client, new_game, service
from tests.support.harness import Game

JINRO9 = rulesets.get("jinro9")
ENGINE_VERSION = ENGINE_VERSIONS[-1]
LANGS = ("ja", "zh-Hans", "zh-Hant", "en")
CODE = "unsupported_ruleset_version"


def recorded_under(monkeypatch, version: str) -> None:
    """From now on the code keeps this one version of jinro9 (a deployment that kept no other)."""
    monkeypatch.setattr(JINRO9, "versions", (version,))


def ended_game(c) -> str:
    game = new_game(c)
    assert c.post(f"/games/{game['game_id']}/abort", headers=game["host"]).status_code == 200
    return game["game_id"]


def test_design_verify_of_a_game_recorded_under_another_ruleset_version_names_both_and_replays_nothing(monkeypatch):
    recorded_under(monkeypatch, "41")
    game = Game("jinro9", 9, preset="9A", seed=3)
    game.start()
    assert verify(game.events).ok
    recorded_under(monkeypatch, "42")
    report = verify(game.events)
    assert not report.ok and report.inputs == 0 and report.unsupported.code == CODE
    assert report.unsupported.args == {
        "ruleset": "jinro9",
        "stored_ruleset_version": "41",
        "ruleset_version": "42",
        "stored_engine_version": ENGINE_VERSION,
        "engine_version": ENGINE_VERSION,
    }
    assert report.problems == (
        f"recorded with jinro9 version 41 (engine {ENGINE_VERSION}); "
        f"this code runs version 42 (engine {ENGINE_VERSION})",
    )
    assert not any("differs" in p for p in report.problems)


def test_design_verify_and_replay_over_http_answer_unsupported_ruleset_version_naming_both_versions(
    database_url, monkeypatch
):
    recorded_under(monkeypatch, "41")
    with client(database_url) as c:
        gid = ended_game(c)
        view, audit = c.get(f"/games/{gid}/view").json()["view"], c.get(f"/games/{gid}/audit").json()
        assert c.get(f"/games/{gid}/audit/verify").json()["ok"]
        recorded_under(monkeypatch, "42")
        for lang in LANGS:
            body = problem(c.get(f"/games/{gid}/audit/verify", params={"lang": lang}), 409, CODE)
            assert "41" in body["detail"] and "42" in body["detail"] and ENGINE_VERSION in body["detail"]
            assert body["stored_ruleset_version"] == "41" and body["ruleset_version"] == "42"
            assert body["stored_engine_version"] == body["engine_version"] == ENGINE_VERSION
            assert body["ruleset"] == "jinro9" and body["chain_ok"] is True
            again = problem(c.get(f"/games/{gid}/replay", params={"at": 5, "as": "1", "lang": lang}), 409, CODE)
            assert again["detail"] == body["detail"] and "chain_ok" not in again
            assert (again["stored_ruleset_version"], again["ruleset_version"]) == ("41", "42")
        details = {
            problem(c.get(f"/games/{gid}/replay", params={"at": 5, "lang": lang}), 409, CODE)["detail"]
            for lang in LANGS
        }
        assert len(details) == 4
        # what reads the stored events alone keeps working
        assert c.get(f"/games/{gid}/view").json()["view"] == view and c.get(f"/games/{gid}/audit").json() == audit
    with client(database_url) as restarted:  # a process that loads the game from the store
        problem(restarted.get(f"/games/{gid}/audit/verify"), 409, CODE)
        recorded_under(monkeypatch, "41")
        assert restarted.get(f"/games/{gid}/audit/verify").json()["ok"]
        assert restarted.get(f"/games/{gid}/replay", params={"at": 5}).status_code == 200


def test_design_an_engine_version_not_kept_also_answers_unsupported_ruleset_version(database_url, monkeypatch):
    with client(database_url) as c:
        gid = ended_game(c)
        monkeypatch.setattr(engine, "ENGINE_VERSIONS", ("9.9",))
        body = problem(c.get(f"/games/{gid}/audit/verify"), 409, CODE)
        assert (body["stored_engine_version"], body["engine_version"]) == (ENGINE_VERSION, "9.9")
        assert body["stored_ruleset_version"] == body["ruleset_version"] == JINRO9.version
        assert "9.9" in body["detail"]
        problem(c.get(f"/games/{gid}/replay", params={"at": 5}), 409, CODE)


def test_design_verify_of_an_unsupported_version_still_reports_the_hash_chain(database_url, monkeypatch):
    recorded_under(monkeypatch, "41")
    with client(database_url) as c:
        gid = ended_game(c)
        store = service(c).store
        rows = store.recorder.select_events(uuid.UUID(gid))
        target = next(r for r in rows if r.topic == "start")
        tamper(store, uuid.UUID(gid), target.originator_version, target.state.replace(b'"at":', b'"at":1', 1))
        recorded_under(monkeypatch, "42")
        assert problem(c.get(f"/games/{gid}/audit/verify"), 409, CODE)["chain_ok"] is False


def test_design_cli_verify_and_replay_of_another_version_print_the_problem_and_fail(database_url, monkeypatch, capsys):
    recorded_under(monkeypatch, "41")
    with client(database_url) as c:
        gid = ended_game(c)
    where = ["--database-url", database_url]
    assert main(["verify", gid, *where]) == 0
    assert json.loads(capsys.readouterr().out)["ok"]
    recorded_under(monkeypatch, "42")
    assert main(["verify", gid, *where]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found["code"] == CODE and found["status"] == 409 and found["chain_ok"] is True
    assert (found["stored_ruleset_version"], found["ruleset_version"]) == ("41", "42")
    assert "41" in found["detail"] and "42" in found["detail"]
    assert main(["replay", gid, *where]) == 1
    out = capsys.readouterr()
    assert out.out == "" and json.loads(out.err)["code"] == CODE


@pytest.mark.parametrize("ruleset", sorted(rulesets.RULESETS))
def test_design_a_game_of_the_current_versions_names_them_and_verifies(ruleset):
    rs = rulesets.get(ruleset)
    preset, seats = next(iter(rs.preset_seats().items()))
    game = Game(ruleset, seats, preset=preset, seed=1)
    assert not isinstance(game.start(), RuleViolation)
    created = next(e for e in game.events if isinstance(e, GameCreated))
    assert (created.ruleset_version, created.engine_version) == (rs.version, ENGINE_VERSION)
    assert rulesets.unsupported_version(game.events) is None and verify(game.events).ok


@pytest.mark.parametrize(("ruleset", "preset"), [("jinro9", "9A"), ("witch_trial", "7"), ("magic_city", "9")])
def test_design_a_stored_game_replays_byte_for_byte_after_its_preset_is_edited(monkeypatch, ruleset, preset):
    rs = rulesets.get(ruleset)
    game = Game(ruleset, rs.preset_seats()[preset], preset=preset, seed=5)
    game.start()
    game.play(random.Random(5))
    dealt = rs.presets[preset]
    created = next(e for e in game.events if isinstance(e, GameCreated))
    assert created.preset == preset and created.roles == dealt
    assert game.events[0].roles == dealt, "the create input is recorded with the list its preset named"

    edited = dealt[::-1] if dealt[::-1] != dealt else (*dealt[1:], dealt[0])
    assert edited != dealt
    monkeypatch.setitem(rs.presets, preset, edited)
    report = verify(game.events)
    assert report.ok and report.inputs > 10, report.problems
    fresh = Game(ruleset, rs.preset_seats()[preset], preset=preset, seed=5)
    assert fresh.events[0].roles == edited, "a game created after the edit deals the edited list"
