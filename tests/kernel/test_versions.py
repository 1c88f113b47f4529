"""Every game ever played stays verifiable: each ruleset (and the engine) declares its released
versions and, with the version that introduced each, its rule changes; a game is pinned to the
version it was created under and decided, verified and replayed by that version's rules."""

from __future__ import annotations

import pytest

from grimoire.domain import catalog
from grimoire.domain.catalog import RULESETS, unsupported_version, verify
from grimoire.domain.engine import ENGINE_CHANGES, ENGINE_VERSIONS
from grimoire.domain.events import GameCreated
from grimoire.domain.ruleset import Change, Ruleset, applies, release
from tests.support.harness import Game
from tests.support.versions import deployed

CHANGES = (Change("3", "quiet_wolf", "a silent wolf defers"), Change("10", "later", "a later change"))


def first_game(ruleset: str, seed: int = 1) -> Game:
    preset, seats = next(iter(RULESETS[ruleset].preset_seats().items()))
    game = Game(ruleset, seats, preset=preset, seed=seed)
    game.start()
    return game


@pytest.mark.parametrize("declared", [*RULESETS.values(), Ruleset()], ids=[*RULESETS, "kernel"])
def test_design_a_ruleset_declares_its_released_versions_in_order_and_each_change_in_one_of_them(declared):
    versions = [release(v) for v in declared.versions]
    assert versions == sorted(set(versions)) and declared.version == declared.versions[-1]
    ids = [c.id for c in declared.changes]
    assert len(ids) == len(set(ids))
    for change in declared.changes:
        assert change.version in declared.versions and change.version != declared.versions[0]
        assert change.id.isidentifier() and change.about and "\n" not in change.about


def test_design_the_engine_declares_its_released_versions_and_changes_alike():
    assert ENGINE_VERSIONS == ("2", "3") and [(c.version, c.id) for c in ENGINE_CHANGES] == [("3", "quiet_deadlines")]


def test_design_a_change_applies_to_games_pinned_to_its_version_or_a_later_one():
    assert not applies(CHANGES, "2", "quiet_wolf")
    assert applies(CHANGES, "3", "quiet_wolf") and applies(CHANGES, "10", "quiet_wolf")
    assert not applies(CHANGES, "9", "later") and applies(CHANGES, "10", "later")  # "10" is after "9"


def test_design_naming_an_undeclared_change_raises():
    with pytest.raises(LookupError, match="quiet_wolves"):
        applies(CHANGES, "3", "quiet_wolves")
    game = first_game("jinro9")
    with pytest.raises(LookupError):
        RULESETS["jinro9"].applies(game.state, "declined_duel_private")  # langrensha's, not jinro9's


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_design_a_new_game_is_pinned_to_the_current_version_and_its_state_knows_it(ruleset):
    game = first_game(ruleset)
    created = next(e for e in game.events if isinstance(e, GameCreated))
    rs = RULESETS[ruleset]
    assert rs.version == {"witch_trial": "3", "aiwolf": "1"}.get(ruleset, "4")
    assert (created.ruleset_version, created.engine_version) == (rs.version, ENGINE_VERSIONS[-1])
    assert (game.state.ruleset_version, game.state.engine_version) == (rs.version, ENGINE_VERSIONS[-1])
    assert all(rs.applies(game.state, c.id) for c in rs.changes)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_design_a_game_of_every_released_version_is_decided_and_verified_under_its_own_rules(ruleset):
    rs = RULESETS[ruleset]
    for version in rs.versions:
        with deployed(ruleset, version):
            game = first_game(ruleset, seed=2)
        assert game.state.ruleset_version == version
        assert [rs.applies(game.state, c.id) for c in rs.changes] == [
            release(version) >= release(c.version) for c in rs.changes
        ]
        assert unsupported_version(game.events) is None
        report = verify(game.events)
        assert report.ok and report.unsupported is None, report.problems


def test_design_a_game_of_a_version_never_kept_answers_unsupported_ruleset_version(monkeypatch):
    monkeypatch.setattr(RULESETS["jinro9"], "versions", ("1",))
    game = first_game("jinro9")
    monkeypatch.undo()
    found = catalog.unsupported_version(game.events)
    assert found is not None and found.code == "unsupported_ruleset_version"
    assert found.args == {
        "ruleset": "jinro9",
        "stored_ruleset_version": "1",
        "ruleset_version": "4",
        "stored_engine_version": "3",
        "engine_version": "3",
    }
    report = verify(game.events)
    assert not report.ok and report.inputs == 0 and report.unsupported == found
