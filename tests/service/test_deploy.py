"""Every game ever played stays verifiable across a deployment: a game started under version 2 of
its ruleset goes on, after the service restarts over the same store on code whose current version
is later (3 brought the silent wolf's deference), under the rules it started with, to the end, and verifies."""

from __future__ import annotations

from typing import Any

from grimoire.domain.catalog import RULESETS
from tests.service.test_api import view
from tests.support.api import client, new_game
from tests.support.versions import deployed


def silent_partner_nights(c, game: dict[str, Any]) -> list[int]:
    """Forced deadlines to the end; each night the first wolf that owes the attack names a target and
    its partner stays silent. Returns the targets named."""
    gid, named = game["game_id"], []
    for _ in range(200):
        views = {seat: view(c, gid, headers) for seat, headers in game["seat"].items()}
        if views[1].status == "ended":
            return named
        wolves = [s for s, v in views.items() if any(d.kind == "attack" for d in v.decisions)]
        if len(wolves) >= 2 and views[wolves[0]].answered is None:
            (attack,) = [d for d in views[wolves[0]].decisions if d.kind == "attack"]
            named.append(attack.targets[0])
            body = {"kind": "attack", "target": attack.targets[0]}
            assert c.post(f"/games/{gid}/actions", json=body, headers=game["seat"][wolves[0]]).status_code == 200
        assert c.post(f"/games/{gid}/deadline", headers=game["host"]).status_code == 200
    raise AssertionError("the game did not end")


def test_design_a_game_started_before_a_deployment_ends_under_its_own_rules_and_verifies(tmp_path):
    store = str(tmp_path / "grimoire.db")
    with deployed("jinro9", "2"), client(store) as old:  # the service as deployed with version 2
        game = new_game(old)
    with client(store) as new:  # version 3 deployed: the service restarts over the same store
        named = silent_partner_nights(new, game)
        gid = game["game_id"]
        events = [e["event"] for e in new.get(f"/games/{gid}/audit").json()["events"]]
        assert new.get(f"/games/{gid}/audit/verify").json()["ok"] is True
        fresh = new_game(new)
        assert pinned_version(new, fresh) == RULESETS["jinro9"].version  # the latest
    created = next(e for e in events if e["type"] == "game_created")
    assert created["ruleset_version"] == "2"
    # version 2's rule: the silent partner's default was a random name of its own, every night
    silent = [e for e in events if e["type"] == "defaulted" and e["action"]["kind"] == "attack"]
    assert named and len(silent) >= len(named) and all(e["action"].get("target") for e in silent)


def pinned_version(c, game: dict[str, Any]) -> str:
    """The version a game is pinned to, as its audit tells once it ended."""
    gid = game["game_id"]
    assert c.post(f"/games/{gid}/abort", headers=game["host"]).status_code == 200
    events = c.get(f"/games/{gid}/audit").json()["events"]
    return next(e["event"]["ruleset_version"] for e in events if e["event"]["type"] == "game_created")
