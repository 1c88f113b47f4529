"""Games stored before a change of the engine stay readable (design, the event model): each fixture is
a SQLite store written by the engine of the first published format (engine version 1.0), one whole
game per ruleset, played by `grimoire demo --seed 7`. Their audit, hash chain, views and lobby entry
read as they did; only recomputing their outcomes answers `unsupported_ruleset_version`."""

from __future__ import annotations

import gzip
import shutil
import time
from pathlib import Path

import pytest

from tests.service.test_api import problem
from tests.support.api import client

FIXTURES = Path(__file__).parents[1] / "support" / "fixtures" / "old_logs"
RULESETS = ("jinro9", "ultimate13", "langrensha", "magic_city", "witch_trial")


def restored(tmp_path: Path, ruleset: str) -> str:
    db = tmp_path / "grimoire.db"
    with gzip.open(FIXTURES / f"{ruleset}.db.gz") as packed, db.open("wb") as out:
        shutil.copyfileobj(packed, out)
    return str(db)


def caught_up(c) -> dict:
    """The lobby entry once the directory has read the whole log (the process that wrote these files
    stopped before its directory had read the last events, and a directory of a newer layout is
    rebuilt from the log; a restarted service catches up)."""
    deadline = time.monotonic() + 10
    while True:
        games = c.get("/games").json()["games"]
        assert len(games) <= 1
        if (games and games[0]["status"] == "ended") or time.monotonic() > deadline:
            (entry,) = games
            return entry
        time.sleep(0.05)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_design_a_game_stored_by_engine_1_0_keeps_its_lobby_entry_audit_chain_and_views(tmp_path, ruleset):
    with client(restored(tmp_path, ruleset)) as c:
        entry = caught_up(c)
        assert entry["ruleset"] == ruleset and entry["status"] == "ended"
        gid = entry["game_id"]

        audit = c.get(f"/games/{gid}/audit").json()
        assert audit["status"] == "ended" and audit["seed"]
        first = audit["events"][0]["event"]
        assert first["type"] == "create_game" and first["ruleset"] == ruleset
        created = audit["events"][1]["event"]
        assert created["type"] == "game_created" and created["engine_version"] == "1.0"
        assert audit["events"][-1]["event"]["type"] == "game_ended"

        body = problem(c.get(f"/games/{gid}/audit/verify"), 409, "unsupported_ruleset_version")
        assert body["chain_ok"] is True and body["stored_engine_version"] == "1.0"

        ended = audit["events"][-1]["event"]
        view = c.get(f"/games/{gid}/view").json()["view"]
        assert view["status"] == "ended" and view["ruleset"] == ruleset
        assert len(view["roles"]) == view["seats"] and view["winners"] == ended.get("winners", [])

        feed = c.get(f"/games/{gid}/events", params={"after": 0}).json()
        assert feed["events"] and feed["status"] == "ended"
        assert all(item["text"] is None or "{" not in item["text"] for item in feed["events"])
