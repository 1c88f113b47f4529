"""A damaged stored log is a finding, never a server error (SQLite and PostgreSQL): a deleted event is named by
verify and every read answers `log_damaged`; a log cut before its end disagrees with the directory; one edit is
one finding naming the event changed; a salt from another position is named."""

from __future__ import annotations

import json
import time
import uuid

import msgspec

from grimoire.service import chain
from grimoire.service.cli import main
from tests.service.test_api import problem
from tests.support.api import client, new_game, service
from tests.support.rows import delete_row, rewrite_tail, set_state, stored


def ended_game(c) -> tuple[dict, uuid.UUID, int]:
    """A game that ran a little and was aborted: its tokens, id and number of stored events."""
    game = new_game(c)
    gid = game["game_id"]
    for seat, headers in game["seat"].items():
        if seat % 2:  # night 0: a villager sleeps, a wolf is done whispering
            decisions = c.get(f"/games/{gid}/view", headers=headers).json()["view"]["decisions"]
            kind = next(d["kind"] for d in decisions if not d.get("repeatable"))
            assert c.post(f"/games/{gid}/actions", headers=headers, json={"kind": kind}).status_code == 200
    assert c.post(f"/games/{gid}/abort", headers=game["host"]).status_code == 200
    assert c.get(f"/games/{gid}/audit/verify").json()["ok"]
    listed(c, gid)
    return game, uuid.UUID(gid), len(stored(service(c).store, uuid.UUID(gid)))


def listed(c, gid: str) -> None:
    """Wait until the directory (which follows the log) lists the game as aborted."""
    deadline = time.monotonic() + 20
    while gid not in [g["game_id"] for g in c.get("/games", params={"status": "aborted"}).json()["games"]]:
        assert time.monotonic() < deadline, "the directory never listed the game as aborted"
        time.sleep(0.05)


def chain_problems(report: dict) -> list[str]:
    return [p for p in report["problems"] if p.startswith("event")]


def test_a_deleted_event_is_named_by_verify_and_every_read_answers_log_damaged(database_url):
    with client(database_url) as c:
        game, gid, _ = ended_game(c)
        delete_row(service(c).store, gid, 20)
    with client(database_url) as c:  # a process that reads the damaged log from the store
        report = c.get(f"/games/{gid}/audit/verify").json()
        assert not report["ok"] and not report["chain_ok"]
        assert chain_problems(report) == ["event 20 is missing (the log skips to 21)"]
        for path in ("audit", "view", "events", "stream", "replay?at=3"):
            body = problem(c.get(f"/games/{gid}/{path}"), 409, "log_damaged")
            assert "20" in body["detail"]
        problem(c.get(f"/games/{gid}/view", headers=game["seat"][1]), 409, "log_damaged")
        r = c.post(f"/games/{gid}/actions", headers=game["seat"][2], json={"kind": "sleep"})
        problem(r, 409, "log_damaged")
        assert 20 not in [r.version for r in stored(service(c).store, gid)]  # nothing appended


def test_a_log_cut_before_its_end_disagrees_with_the_directory_and_says_so(database_url):
    with client(database_url) as c:
        _, gid, count = ended_game(c)
        delete_row(service(c).store, gid, count)  # the game_ended event: the log now reads as running
    with client(database_url) as c:
        report = c.get(f"/games/{gid}/audit/verify").json()  # the directory lists it as over: no token needed
        assert not report["ok"] and report["chain_ok"]
        assert report["problems"] == [
            f"event {count} differs from what its input produces on replay",  # the abort's outcome is gone
            f"the directory lists the game as aborted, but its log stops at event {count - 1} without an end: "
            "events are missing from its end",
        ]
        for path in ("audit", "view", "events"):
            body = problem(c.get(f"/games/{gid}/{path}"), 409, "log_directory_mismatch")
            assert str(count - 1) in body["detail"]


def test_an_edited_event_is_one_finding_that_names_it(database_url):
    with client(database_url) as c:
        _, gid, _ = ended_game(c)
        store = service(c).store
        body = stored(store, gid)[9].state
        set_state(store, gid, 10, body.replace(b'"at":', b'"at":1', 1))
        report = c.get(f"/games/{gid}/audit/verify").json()
        assert not report["chain_ok"]
        assert report["problems"] == [  # once by the chain, once by the replay: both name event 10
            "event 10 was changed: it no longer hashes to the link event 11 holds",
            "event 10 differs from what its input produces on replay",
        ]

        set_state(store, gid, 10, body)
        linked = stored(store, gid)[19]
        other = ("1" if linked.prev[0] != "1" else "2") + linked.prev[1:]
        set_state(store, gid, 20, linked.state.replace(linked.prev.encode(), other.encode(), 1))
        assert c.get(f"/games/{gid}/audit/verify").json()["problems"] == [
            "event 20 was changed: its link to event 19 is not that event's hash"
        ]
        set_state(store, gid, 20, linked.state)
        assert c.get(f"/games/{gid}/audit/verify").json()["ok"]


def test_an_unreadable_event_is_a_finding_and_the_reads_answer_log_damaged(database_url):
    with client(database_url) as c:
        _, gid, _ = ended_game(c)
        set_state(service(c).store, gid, 12, b'{"prev":"00","event":{"type":"no_such_event"}}')
    with client(database_url) as c:
        report = c.get(f"/games/{gid}/audit/verify").json()
        assert chain_problems(report) == ["event 12 cannot be read"]
        problem(c.get(f"/games/{gid}/audit"), 409, "log_damaged")


def test_verify_recomputes_every_salt_from_the_revealed_seed(database_url):
    with client(database_url) as c:
        _, gid, _ = ended_game(c)
        store = service(c).store
        first = msgspec.json.decode(stored(store, gid)[0].state)
        assert len(first["salt"]) == 64  # the create input carries its salt too
        # the chain relinked over a salt taken from another position: only the salt check sees it
        rewrite_tail(store, gid, 15, {}, salt_at={15: 16})
        report = c.get(f"/games/{gid}/audit/verify").json()
        assert report["problems"] == ["event 15 does not carry the salt of position 15"]
        # a salt edited in place breaks the next link too: still one finding, naming the event
        rec = stored(store, gid)[19]
        set_state(store, gid, 20, rec.state.replace(rec.salt.encode(), chain.salt_for("another seed", 20).encode()))
        report = c.get(f"/games/{gid}/audit/verify").json()
        assert report["problems"] == [
            "event 15 does not carry the salt of position 15",
            "event 20 does not carry the salt of position 20",
        ]


def test_an_old_log_without_salts_still_verifies(database_url):
    """A game stored before salts (every row without one) checks as it did: no salt finding."""
    with client(database_url) as c:
        _, gid, _ = ended_game(c)
        store = service(c).store
        prev = chain.GENESIS
        for rec in stored(store, gid):
            old = chain.seal(gid, rec.version, rec.event, prev)
            set_state(store, gid, rec.version, old.state)
            prev = old.digest()
    with client(database_url) as c:
        report = c.get(f"/games/{gid}/audit/verify").json()
        assert report["ok"] and report["head"] == prev
        assert c.get(f"/games/{gid}/audit").json()["head"] == prev
        assert not any(r.salt for r in stored(service(c).store, gid))


def test_cli_replay_and_verify_of_a_log_with_a_deleted_event_name_it(tmp_path, capsys):
    db = str(tmp_path / "g.db")
    with client(db) as c:
        _, gid, _ = ended_game(c)
        delete_row(service(c).store, gid, 7)
    assert main(["replay", str(gid), "--database-url", db]) == 1
    assert json.loads(capsys.readouterr().err)["code"] == "log_damaged"
    assert main(["verify", str(gid), "--database-url", db]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == ["event 7 is missing (the log skips to 8)"] and not report["replay_ok"]
