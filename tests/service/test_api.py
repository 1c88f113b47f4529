"""The HTTP API on SQLite and PostgreSQL: seats, views, actions, feeds, audit, host commands, errors."""

from __future__ import annotations

import json
import threading
import time
import uuid

import msgspec

from grimoire.domain.violations import known_codes
from grimoire.projections.view import View
from grimoire.service.problems import CONFLICT_CODES, violation
from tests.support.api import NAMES9, auth, client, new_game, service, stored_count

PROBLEM = "application/problem+json"


def problem(r, status: int, code: str) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith(PROBLEM)
    body = r.json()
    assert body["code"] == code and body["status"] == status and body["detail"]
    return body


def view(c, gid, headers=None) -> View:
    r = c.get(f"/games/{gid}/view", headers=headers or {})
    assert r.status_code == 200, r.text
    return msgspec.convert(r.json()["view"], View, strict=False)  # JSON object keys are strings


def owing(c, game) -> tuple[int, dict]:
    """A seat that owes a decision now, and that decision."""
    for seat, headers in game["seat"].items():
        v = view(c, game["game_id"], headers)
        for d in v.decisions:
            if not d.repeatable and v.answered is None:
                return seat, msgspec.to_builtins(d)
    raise AssertionError("nobody owes anything")


def test_rulesets_list_every_registered_ruleset_with_localized_roles(database_url):
    from grimoire.domain.catalog import RULESETS

    with client(database_url) as c:
        r = c.get("/rulesets", params={"lang": "ja"})
        assert [x["id"] for x in r.json()] == list(RULESETS)
        detail = c.get("/rulesets/jinro9", headers={"Accept-Language": "zh-TW"}).json()
        seer = next(r for r in detail["roles"] if r["id"] == "seer")
        assert (seer["name"], seer["team"]) == ("預言家", "village") and seer["card"]
        assert detail["options"]["time_scale"]["default"] == 1.0
        problem(c.get("/rulesets/nope"), 404, "ruleset_not_found")


def test_create_join_start_and_the_lobby_shows_public_information_only(database_url):
    with client(database_url) as c:
        game = new_game(c, names=NAMES9[:7], start=False, moderator=True)
        gid = game["game_id"]
        assert game["open_seats"] == 2 and game["moderator_token"]
        problem(c.post(f"/games/{gid}/start", headers=game["host"]), 409, "seats_open")
        r = c.post(f"/games/{gid}/seats", json={"name": "P8"})
        assert r.status_code == 201 and r.json()["seat"] == 8
        problem(c.post(f"/games/{gid}/seats", json={"name": "P8"}), 422, "name_taken")
        nine = c.post(f"/games/{gid}/seats", json={"name": "P9"}).json()
        problem(c.post(f"/games/{gid}/seats", json={"name": "P10"}), 409, "no_open_seat")
        assert view(c, gid, auth(nine["token"])).seat == 9
        assert c.post(f"/games/{gid}/start", headers=game["host"]).json()["status"] == "running"
        created = view(c, gid).names
        assert created == tuple(NAMES9)
        deadline = time.time() + 5
        while time.time() < deadline:
            games = {g["game_id"]: g for g in c.get("/games").json()["games"]}
            if games.get(gid, {}).get("status") == "running":
                break
            time.sleep(0.05)
        created_at = games[gid]["created_at"]
        assert isinstance(created_at, int) and created_at > 0
        assert games[gid] == {
            "game_id": gid,
            "ruleset": "jinro9",
            "preset": "9A",
            "lang": "ja",
            "status": "running",
            "seats": 9,
            "open_seats": 0,
            "created_at": created_at,
            "names": NAMES9,
        }


def test_the_first_public_event_announces_the_moderator(database_url):
    with client(database_url) as c:
        game = new_game(c, moderator=True)
        first = c.get(f"/games/{game['game_id']}/events", params={"limit": 1}).json()["events"][0]
        assert first["type"] == "game_created" and first["data"]["moderator"] is True


def test_bad_input_is_refused_and_nothing_is_appended(database_url):
    with client(database_url) as c:
        game = new_game(c)
        other = new_game(c)
        gid = game["game_id"]
        seat, decision = owing(c, game)
        before = stored_count(c, gid)
        url = f"/games/{gid}/actions"
        me = game["seat"][seat]
        problem(
            c.post(url, content=b"{not json", headers={**me, "content-type": "application/json"}), 400, "bad_request"
        )
        problem(c.post(url, json={"kind": decision["kind"], "bogus": 1}, headers=me), 400, "bad_request")
        problem(c.post(url, json={"kind": 5}, headers=me), 400, "bad_request")
        problem(c.post(url, json={"kind": "vote", "target": "two"}, headers=me), 400, "bad_request")
        problem(
            c.post(
                url, content=b'{"kind":"' + b"x" * 70000 + b'"}', headers={**me, "content-type": "application/json"}
            ),
            413,
            "body_too_large",
        )
        problem(c.post(f"/games/{uuid.uuid4()}/actions", json={"kind": "vote"}, headers=me), 404, "game_not_found")
        problem(c.post("/games/not-a-uuid/actions", json={"kind": "vote"}, headers=me), 404, "not_found")
        problem(c.post(url, json={"kind": decision["kind"]}, headers=other["seat"][seat]), 401, "bad_token")
        problem(c.post(url, json={"kind": decision["kind"]}), 401, "token_required")
        problem(c.post(url, json={"kind": decision["kind"]}, headers={"Authorization": "Basic abc"}), 401, "bad_token")
        problem(c.post(url, json={"kind": decision["kind"], "seat": seat % 9 + 1}, headers=me), 403, "not_your_seat")
        problem(c.post(url, json={"kind": decision["kind"]}, headers=game["host"]), 403, "not_a_seat")
        problem(c.post(url, json={"kind": "fly"}, headers=me), 422, "unknown_action")
        code = "unknown_seat" if decision.get("targets") else "target_not_allowed"
        problem(c.post(url, json={"kind": decision["kind"], "target": 42}, headers=me), 422, code)
        if decision.get("targets") and not decision.get("self_ok"):
            problem(c.post(url, json={"kind": decision["kind"], "target": seat}, headers=me), 422, "self_target")
        problem(c.post(f"/games/{gid}/start", headers=game["host"]), 409, "game_not_in_lobby")
        problem(c.post(f"/games/{gid}/start", headers=me), 403, "host_only")
        problem(c.post(f"/games/{gid}/seats", json={"name": "late"}), 409, "game_not_in_lobby")
        problem(c.post("/games", json={"ruleset": "jinro9", "preset": "nope"}), 422, "unknown_preset")
        problem(
            c.post("/games", json={"ruleset": "jinro9", "preset": "9A", "options": {"time_scale": "x"}}),
            422,
            "bad_option",
        )
        problem(c.post("/games", json={"ruleset": "nope"}), 422, "unknown_ruleset")
        assert stored_count(c, gid) == before


def test_refusals_speak_the_request_language(database_url):
    with client(database_url) as c:
        game = new_game(c)
        seat = next(iter(game["seat"]))
        url = f"/games/{game['game_id']}/actions"
        ja = problem(c.post(url, json={"kind": "fly"}, headers=game["seat"][seat]), 422, "unknown_action")
        en = problem(
            c.post(url, json={"kind": "fly"}, params={"lang": "en"}, headers=game["seat"][seat]), 422, "unknown_action"
        )
        zh = problem(
            c.post(url, json={"kind": "fly"}, headers={**game["seat"][seat], "Accept-Language": "zh-CN"}),
            422,
            "unknown_action",
        )
        assert len({ja["detail"], en["detail"], zh["detail"]}) == 3


def test_every_engine_refusal_code_maps_to_a_documented_status_with_messages():
    from grimoire.domain.violations import RuleViolation

    versions = {
        "ruleset": "jinro9",
        "stored_ruleset_version": "1",
        "ruleset_version": "2",
        "stored_engine_version": "1.0",
        "engine_version": "2",
    }
    for code in known_codes():
        for lang in ("ja", "zh-Hans", "zh-Hant", "en"):
            args = {"max": 3, "reason": "x", "option": "y", "version": 7, **versions}
            p = violation(RuleViolation(code=code, args=args), lang)
            assert p.status == (409 if code in CONFLICT_CODES else 422)
            assert p.detail and p.detail != "error." + code


def test_a_seat_only_ever_reads_its_own_view(database_url):
    with client(database_url) as c:
        game = new_game(c)
        gid = game["game_id"]
        roles = {}
        for seat, headers in game["seat"].items():
            v = view(c, gid, headers)
            assert v.seat == seat and v.viewer == f"seat:{seat}"
            roles[seat] = v.role
            wolves = {s for s, r in v.roles.items() if r == "werewolf"}
            assert set(v.roles) <= {seat} | wolves
        spectator = view(c, gid)
        assert spectator.role is None and spectator.roles == {}
        problem(c.get(f"/games/{gid}/replay", params={"at": 3, "as": "1"}), 409, "game_not_ended")
        problem(c.get(f"/games/{gid}/audit", headers=game["seat"][1]), 403, "moderator_only")
        problem(c.get(f"/games/{gid}/audit"), 401, "token_required")


def test_feeds_use_each_viewers_own_numbering(database_url):
    with client(database_url) as c:
        game = new_game(c, moderator=True)
        gid = game["game_id"]
        mod = c.get(f"/games/{gid}/events", params={"limit": 500}, headers=auth(game["moderator_token"])).json()
        pub = c.get(f"/games/{gid}/events", params={"limit": 500}).json()
        seat1 = c.get(f"/games/{gid}/events", params={"limit": 500}, headers=game["seat"][1]).json()
        for feed in (mod, pub, seat1):
            assert [e["n"] for e in feed["events"]] == list(range(1, len(feed["events"]) + 1))
            assert feed["next"] == len(feed["events"])
        assert len(mod["events"]) > len(seat1["events"]) > len(pub["events"])
        assert all(not e["private"] for e in pub["events"])
        page = c.get(f"/games/{gid}/events", params={"after": 1, "limit": 2}, headers=game["seat"][1]).json()
        assert [e["n"] for e in page["events"]] == [2, 3] and page["more"]
        body = json.dumps(seat1)
        assert '"version":' not in body and "notification" not in body and 'hash"' not in body


def test_idempotency_key_replays_the_answer_and_refuses_another_body(database_url):
    with client(database_url) as c:
        game = new_game(c)
        gid = game["game_id"]
        seat, decision = owing(c, game)
        body = {"kind": decision["kind"]}
        if decision.get("targets"):
            body["target"] = decision["targets"][0]
        if decision.get("options"):
            body["option"] = decision["options"][0]
        headers = {**game["seat"][seat], "Idempotency-Key": "k1"}
        first = c.post(f"/games/{gid}/actions", json=body, headers=headers)
        assert first.status_code == 200, first.text
        count = stored_count(c, gid)
        again = c.post(f"/games/{gid}/actions", json=body, headers=headers)
        assert again.status_code == 200 and again.json() | {"now": 0} == first.json() | {"now": 0}  # `now` aside
        assert stored_count(c, gid) == count
        problem(
            c.post(f"/games/{gid}/actions", json={**body, "text": "other"}, headers=headers),
            422,
            "idempotency_key_reused",
        )
        # the key is scoped per token: another seat's same key is its own
        other = next(s for s in game["seat"] if s != seat)
        r = c.post(
            f"/games/{gid}/actions", json={"kind": "fly"}, headers={**game["seat"][other], "Idempotency-Key": "k1"}
        )
        problem(r, 422, "unknown_action")
        assert stored_count(c, gid) == count


def test_long_poll_wakes_on_a_visible_event_and_not_on_a_hidden_one(database_url):
    with client(database_url, wait_cap=3.0) as c:
        game = new_game(c)
        gid = game["game_id"]
        spectator_seen = c.get(f"/games/{gid}/events", params={"limit": 500}).json()["next"]
        seat, decision = owing(c, game)
        results = {}

        def poll():
            t0 = time.monotonic()
            r = c.get(f"/games/{gid}/events", params={"after": spectator_seen, "wait": 3})
            results["spectator"] = (time.monotonic() - t0, r.json())

        t = threading.Thread(target=poll)
        t.start()
        time.sleep(0.3)
        body = {"kind": decision["kind"]}
        if decision.get("targets"):
            body["target"] = decision["targets"][0]
        if decision.get("options"):
            body["option"] = decision["options"][0]
        r = c.post(f"/games/{gid}/actions", json=body, headers=game["seat"][seat])
        assert r.status_code == 200
        t.join()
        waited, feed = results["spectator"]
        new_public = feed["events"]
        if new_public:
            assert waited < 2.9  # woken before the wait ran out
        else:  # a private night answer: the spectator must not wake for it
            assert waited >= 2.9


def test_sse_stream_sends_the_viewers_events_with_its_own_ids(database_url):
    with client(database_url, stream_seconds=0.5) as c:
        game = new_game(c)
        gid = game["game_id"]
        r = c.get(f"/games/{gid}/stream", headers={**game["seat"][2], "Last-Event-ID": "2"})
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        ids = [int(line[3:].strip()) for line in r.text.splitlines() if line.startswith("id:")]
        feed = c.get(f"/games/{gid}/events", params={"limit": 500}, headers=game["seat"][2]).json()
        assert ids == list(range(3, feed["next"] + 1))


def test_host_forces_deadlines_and_aborts(database_url):
    with client(database_url) as c:
        game = new_game(c)
        gid = game["game_id"]
        step = view(c, gid).step
        assert c.post(f"/games/{gid}/deadline", headers=game["host"]).status_code == 200
        assert view(c, gid).step > step
        problem(c.post(f"/games/{gid}/abort", headers=game["seat"][1]), 403, "host_only")
        assert c.post(f"/games/{gid}/abort", headers=game["host"]).json()["status"] == "ended"
        assert view(c, gid).result == "aborted"
        problem(c.post(f"/games/{gid}/abort", headers=game["host"]), 409, "game_not_running")


def test_deadlines_fire_on_their_own(database_url):
    with client(database_url, deadline_poll=0.05) as c:
        game = new_game(c, options={"time_scale": 0.001, "retries": 0})
        gid = game["game_id"]
        deadline = time.time() + 30
        while time.time() < deadline and view(c, gid).status != "ended":
            time.sleep(0.1)
        assert view(c, gid).status == "ended"
        assert c.get(f"/games/{gid}/audit/verify").json()["ok"]


def test_audit_is_moderator_only_before_the_end_and_public_after(database_url):
    with client(database_url) as c:
        game = new_game(c, moderator=True)
        gid = game["game_id"]
        mod = auth(game["moderator_token"])
        audit = c.get(f"/games/{gid}/audit", headers=mod).json()
        assert audit["seed"] and audit["events"][0]["event"]["type"] == "create_game"
        assert audit["events"][1]["prev"] == audit["events"][0]["hash"]
        assert c.get(f"/games/{gid}/audit/verify", headers=mod).json()["ok"]
        c.post(f"/games/{gid}/abort", headers=game["host"])
        public = c.get(f"/games/{gid}/audit").json()
        assert public["status"] == "ended" and public["head"] == public["events"][-1]["hash"]
        assert c.get(f"/games/{gid}/replay", params={"at": len(public["events"]), "as": "moderator"}).status_code == 200


def test_verify_reports_a_hand_edited_event_row(database_url):
    with client(database_url) as c:
        game = new_game(c)
        gid = game["game_id"]
        c.post(f"/games/{gid}/abort", headers=game["host"])
        assert c.get(f"/games/{gid}/audit/verify").json()["ok"]
        store = service(c).store
        rows = store.recorder.select_events(uuid.UUID(gid))
        target = next(r for r in rows if r.topic == "join" or r.topic == "start")
        edited = target.state.replace(b'"at":', b'"at":1', 1)
        tamper(store, uuid.UUID(gid), target.originator_version, edited)
        report = c.get(f"/games/{gid}/audit/verify").json()
        assert not report["ok"] and not report["chain_ok"]
        assert any(p.startswith(f"event {target.originator_version} was changed") for p in report["problems"])
    with client(database_url) as restarted:  # a process that loads the edited stream from the store
        assert restarted.get(f"/games/{gid}/audit/verify").json() == report


def tamper(store, game_id: uuid.UUID, version: int, state: bytes) -> None:
    """Rewrite one stored row behind the service's back."""
    if store.postgres:
        from psycopg.sql import SQL, Identifier

        ds = store.recorder.datastore
        with ds.transaction(commit=True) as cur:
            cur.execute(
                SQL("UPDATE {0}.{1} SET state = %s WHERE originator_id = %s AND originator_version = %s").format(
                    Identifier(ds.schema), Identifier(store.recorder.events_table_name)
                ),
                (state, game_id, version),
            )
    else:
        with store.recorder.datastore.transaction(commit=True) as cur:
            cur.execute(
                f"UPDATE {store.recorder.events_table_name} SET state = ? WHERE originator_id = ? "
                "AND originator_version = ?",
                (state, game_id.hex, version),
            )


def test_replay_rebuilds_any_view_of_a_finished_game(database_url):
    with client(database_url) as c:
        game = new_game(c)
        gid = game["game_id"]
        seat1 = view(c, gid, game["seat"][1])
        c.post(f"/games/{gid}/abort", headers=game["host"])
        total = len(c.get(f"/games/{gid}/audit").json()["events"])
        again = c.get(f"/games/{gid}/replay", params={"at": total - 2, "as": "1"}).json()
        assert again["view"]["role"] == seat1.role and again["view"]["status"] == "running" and again["seen"] > 3
        problem(c.get(f"/games/{gid}/replay", params={"at": total + 1}), 422, "bad_replay_point")
        problem(c.get(f"/games/{gid}/replay", params={"at": 1, "as": "12"}), 422, "unknown_seat")


def test_health_and_metrics_carry_no_per_game_detail(database_url):
    with client(database_url, operator_token="operator") as c:
        game = new_game(c)
        assert c.get("/health/live").json() == {"status": "ok"}
        assert c.get("/health/ready").json() == {"status": "ready"}
        c.get(f"/games/{game['game_id']}/view")
        text = c.get("/metrics", headers=auth("operator")).text
        assert "grimoire_http_requests_total" in text and game["game_id"] not in text
        assert 'route="/games/{game_id}/view"' in text


def test_tokens_are_stored_only_as_hashes(database_url):
    with client(database_url) as c:
        game = new_game(c, moderator=True)
        store = service(c).store
        rows = store.get(store.tokens, uuid.UUID(game["game_id"]))
        stored = b"".join(r.state + r.topic.encode() for r in rows)
        for token in [game["host_token"], game["moderator_token"], *(s["token"] for s in game["seats"])]:
            assert token.encode() not in stored
        assert len(rows) == 11


def test_logs_carry_request_game_and_seat_but_never_a_body_or_a_token(database_url, capfd):
    with client(database_url, log_level="info") as c:
        game = new_game(c)
        gid = game["game_id"]
        seat, _ = owing(c, game)
        capfd.readouterr()
        secret = "a-very-secret-speech"
        c.post(f"/games/{gid}/actions", json={"kind": "fly", "text": secret}, headers=game["seat"][seat])
        err = capfd.readouterr().err
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    line = next(x for x in lines if x.get("event") == "request" and x.get("method") == "POST")
    assert line["game_id"] == gid and line["seat"] == seat and line["request_id"] and line["status"] == 422
    assert secret not in err and game["seats"][seat - 1]["token"] not in err


def test_too_many_requests_are_refused_with_problem_json(database_url):
    with client(database_url, rate_limit=3) as c:
        statuses = [c.get("/rulesets").status_code for _ in range(8)]
        assert 429 in statuses
        problem(c.get("/rulesets"), 429, "rate_limited")


def test_a_game_without_preset_or_roles_takes_the_first_preset_for_its_seats(database_url):
    with client(database_url) as c:
        r = c.post("/games", json={"ruleset": "ultimate13", "names": [f"P{i}" for i in range(1, 14)]})
        assert r.status_code == 201, r.text
        first = c.get(f"/games/{r.json()['game_id']}/events", params={"limit": 1}).json()["events"][0]
        assert first["data"]["preset"] == next(iter(c.get("/rulesets/ultimate13").json()["presets"]))


def test_shutdown_waits_for_a_deadline_query_in_flight_before_closing_the_store(database_url, monkeypatch):
    import grimoire.service.lifecycle as app_module

    seen = []

    def slow_due(store, now):
        seen.append("query")
        time.sleep(0.3)
        seen.append("store open" if store.committer is not None and svc.store is store else "store closed")
        return []

    monkeypatch.setattr(app_module, "due", slow_due)
    with client(database_url, deadline_poll=0.01) as c:
        svc = service(c)
        while not seen:
            time.sleep(0.005)
    assert seen[:2] == ["query", "store open"], seen


def test_a_game_names_a_preset_or_its_roles_never_both(database_url):
    with client(database_url) as c:
        r = c.post("/games", json={"ruleset": "jinro9", "preset": "9A", "roles": ["villager"] * 9})
        body = problem(r, 422, "bad_roles")
        assert "not both" in body["detail"]
