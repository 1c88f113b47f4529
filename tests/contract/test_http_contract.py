"""The HTTP contract for integrators: problem details in full, conditional requests and cache headers,
the NDJSON stream, CORS."""

from __future__ import annotations

import json
import re
import time
import uuid
from email.utils import parsedate_to_datetime

from tests.service.test_api import owing
from tests.support.api import client, new_game

SEED = "ab" * 32


# --- problem details (RFC 9457) ------------------------------------------------------------------


def test_a_problem_names_its_request_in_instance_and_the_reply_echoes_x_request_id(database_url):
    with client(database_url) as c:
        r = c.get(f"/games/{uuid.uuid4()}/view", headers={"X-Request-Id": "trace-42.a:b"})
        assert r.status_code == 404
        assert r.headers["x-request-id"] == "trace-42.a:b"
        assert r.json()["instance"] == "urn:request:trace-42.a:b"
        r = c.get(f"/games/{uuid.uuid4()}/view")
        rid = r.headers["x-request-id"]
        assert len(rid) == 32 and r.json()["instance"] == "urn:request:" + rid
        assert c.get("/rulesets").headers["x-request-id"]  # every reply carries one


def test_an_unsafe_incoming_request_id_is_replaced_by_a_new_one(database_url):
    with client(database_url) as c:
        for bad in ("a b", "x" * 65, "<script>", "-leading-dash"):
            r = c.get(f"/games/{uuid.uuid4()}/view", headers={"X-Request-Id": bad})
            assert r.headers["x-request-id"] != bad
            assert r.json()["instance"] == "urn:request:" + r.headers["x-request-id"]


def test_401_challenges_with_bearer_and_names_invalid_token_only_for_a_bad_token(database_url):
    with client(database_url) as c:
        game = new_game(c, start=False)
        gid = game["game_id"]
        r = c.post(f"/games/{gid}/start")
        assert r.status_code == 401 and r.json()["code"] == "token_required"
        assert r.headers["www-authenticate"] == 'Bearer realm="grimoire"'
        r = c.post(f"/games/{gid}/start", headers={"Authorization": "Bearer not-a-token"})
        assert r.status_code == 401 and r.json()["code"] == "bad_token"
        assert r.headers["www-authenticate"] == 'Bearer realm="grimoire", error="invalid_token"'


def test_429_says_when_to_retry(database_url):
    with client(database_url, rate_limit=2) as c:
        replies = [c.get("/health/ready") for _ in range(1)] + [c.get("/rulesets") for _ in range(6)]
        limited = [r for r in replies if r.status_code == 429]
        assert limited
        for r in limited:
            assert int(r.headers["retry-after"]) >= 1
            assert r.json()["code"] == "rate_limited"


# --- conditional requests and caching ------------------------------------------------------------


def test_a_views_weak_etag_answers_304_until_the_viewer_sees_something_new(database_url):
    with client(database_url) as c:
        game = new_game(c, seed=SEED)
        gid = game["game_id"]
        seat, decision = owing(c, game)
        me = game["seat"][seat]
        r = c.get(f"/games/{gid}/view", headers=me)
        etag = r.headers["etag"]
        assert etag.startswith('W/"')
        assert r.headers["cache-control"] in ("no-cache, private", "private, no-cache")
        assert r.headers["vary"] == "Authorization, Accept-Language"
        again = c.get(f"/games/{gid}/view", headers={**me, "If-None-Match": etag})
        assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
        assert parsedate_to_datetime(again.headers["date"])  # the clock a client places deadlines on
        assert c.get(f"/games/{gid}/view", headers={**me, "If-None-Match": 'W/"other"'}).status_code == 200
        assert c.post(f"/games/{gid}/actions", json={"kind": decision["kind"]}, headers=me).status_code == 200
        assert c.get(f"/games/{gid}/view", headers={**me, "If-None-Match": etag}).status_code == 200


def test_a_views_etag_covers_viewer_and_language_and_never_a_hidden_event(database_url):
    with client(database_url) as c:
        game = new_game(c, seed=SEED)
        gid = game["game_id"]
        seat, decision = owing(c, game)  # a night answer only its own seat (and the moderator) sees
        other = game["seat"][seat % 9 + 1]
        tags = {c.get(f"/games/{gid}/view", headers=h).headers["etag"] for h in game["seat"].values()}
        assert len(tags) == 9
        en = c.get(f"/games/{gid}/view", headers={**other, "Accept-Language": "en"}).headers["etag"]
        ja = c.get(f"/games/{gid}/view", headers={**other, "Accept-Language": "ja"}).headers["etag"]
        assert en != ja
        spectator = c.get(f"/games/{gid}/view").headers["etag"]
        assert (
            c.post(f"/games/{gid}/actions", json={"kind": decision["kind"]}, headers=game["seat"][seat]).status_code
            == 200
        )
        assert c.get(f"/games/{gid}/view", headers={**other, "Accept-Language": "en"}).headers["etag"] == en
        assert c.get(f"/games/{gid}/view", headers={"If-None-Match": spectator}).status_code == 304


def test_the_view_carries_the_servers_time_with_its_deadline(database_url):
    with client(database_url) as c:
        game = new_game(c, seed=SEED)
        before = c.get("/health/live")
        reply = c.get(f"/games/{game['game_id']}/view", headers=game["seat"][1]).json()
        date = parsedate_to_datetime(before.headers["date"]).timestamp() * 1000
        assert reply["view"]["deadline"] and reply["view"]["deadline"] > reply["now"]
        assert date - 1000 <= reply["now"] <= date + 60_000


def test_a_ruleset_has_a_strong_etag_per_language_and_answers_304(database_url):
    with client(database_url) as c:
        r = c.get("/rulesets/jinro9", params={"lang": "ja"})
        etag = r.headers["etag"]
        assert etag.startswith('"') and "Accept-Language" in r.headers["vary"]
        assert c.get("/rulesets/jinro9", params={"lang": "ja"}, headers={"If-None-Match": etag}).status_code == 304
        assert c.get("/rulesets/jinro9", params={"lang": "en"}, headers={"If-None-Match": etag}).status_code == 200
        listing = c.get("/rulesets").headers["etag"]
        assert c.get("/rulesets", headers={"If-None-Match": f'"x", {listing}'}).status_code == 304


def test_a_finished_games_audit_has_an_etag_and_a_running_ones_has_none(database_url):
    with client(database_url) as c:
        game = new_game(c, moderator=True)
        gid = game["game_id"]
        mod = {"Authorization": "Bearer " + game["moderator_token"]}
        running = c.get(f"/games/{gid}/audit", headers=mod)
        assert running.status_code == 200 and "etag" not in running.headers
        assert "private" in running.headers["cache-control"]
        c.post(f"/games/{gid}/abort", headers=game["host"])
        ended = c.get(f"/games/{gid}/audit")
        assert ended.headers["etag"] and ended.headers["etag"] == c.get(f"/games/{gid}/audit").headers["etag"]
        assert c.get(f"/games/{gid}/audit", headers={"If-None-Match": ended.headers["etag"]}).status_code == 304


def test_replies_that_carry_a_token_are_never_stored(database_url):
    with client(database_url) as c:
        r = c.post("/games", json={"ruleset": "jinro9", "preset": "9A", "names": ["A"]})
        assert r.status_code == 201 and r.headers["cache-control"] == "no-store"
        assert "Authorization" in r.headers["vary"]
        joined = c.post(f"/games/{r.json()['game_id']}/seats", json={"name": "B"})
        assert joined.status_code == 201 and joined.headers["cache-control"] == "no-store"


def test_replies_that_depend_on_the_token_are_private_and_vary_by_it(database_url):
    with client(database_url) as c:
        game = new_game(c)
        gid = game["game_id"]
        me = game["seat"][1]
        for r in (
            c.get(f"/games/{gid}/view", headers=me),
            c.get(f"/games/{gid}/events", headers=me),
            c.post(f"/games/{gid}/deadline", headers=game["host"]),
        ):
            assert r.status_code == 200, r.text
            assert set(r.headers["cache-control"].replace(" ", "").split(",")) == {"private", "no-cache"}
            assert r.headers["vary"] == "Authorization, Accept-Language"


# --- the stream as NDJSON ------------------------------------------------------------------------


def test_the_stream_speaks_ndjson_when_asked_and_resumes_after_a_cursor(database_url):
    with client(database_url, stream_seconds=0.3) as c:
        game = new_game(c)
        gid = game["game_id"]
        me = game["seat"][2]
        r = c.get(f"/games/{gid}/stream", params={"after": 2}, headers={**me, "Accept": "application/x-ndjson"})
        assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
        items = [json.loads(line) for line in r.text.splitlines() if line.strip()]
        feed = c.get(f"/games/{gid}/events", params={"after": 2, "limit": 500}, headers=me).json()
        assert items == feed["events"] and items[0]["n"] == 3
        sse = c.get(f"/games/{gid}/stream", headers={**me, "Accept": "text/event-stream, application/x-ndjson"})
        assert sse.headers["content-type"].startswith("text/event-stream")
        plain = c.get(f"/games/{gid}/stream", headers=me)
        assert plain.headers["content-type"].startswith("text/event-stream")


# --- CORS ----------------------------------------------------------------------------------------


def test_cors_is_off_by_default_and_allows_only_the_configured_origins(database_url):
    preflight = {
        "Origin": "https://app.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
    }
    with client(database_url) as c:
        r = c.get("/rulesets", headers={"Origin": "https://app.example"})
        assert "access-control-allow-origin" not in r.headers
    with client(database_url, cors_origins=("https://app.example",)) as c:
        r = c.options("/games", headers=preflight)
        assert r.status_code in (200, 204)
        assert r.headers["access-control-allow-origin"] == "https://app.example"
        assert "authorization" in r.headers["access-control-allow-headers"].lower()
        r = c.get("/rulesets", headers={"Origin": "https://app.example"})
        assert r.headers["access-control-allow-origin"] == "https://app.example"
        assert "etag" in r.headers["access-control-expose-headers"].lower()
        r = c.get("/rulesets", headers={"Origin": "https://evil.example"})
        assert r.headers.get("access-control-allow-origin") != "https://evil.example"


def test_cors_origins_come_from_the_environment(monkeypatch):
    from grimoire.service.settings import Settings

    monkeypatch.setenv("GRIMOIRE_CORS_ORIGINS", "https://a.example, https://b.example,")
    assert Settings().cors_origins == ("https://a.example", "https://b.example")
    monkeypatch.delenv("GRIMOIRE_CORS_ORIGINS")
    assert Settings().cors_origins == ()


# --- the lobby and leaving it --------------------------------------------------------------------


def lobby_row(c, gid: str, until=lambda row: True) -> dict:
    deadline = time.time() + 10
    while time.time() < deadline:
        rows = {g["game_id"]: g for g in c.get("/games", params={"limit": 200}).json()["games"]}
        if gid in rows and until(rows[gid]):
            return rows[gid]
        time.sleep(0.05)
    raise AssertionError(f"{gid} not in the lobby as expected")


def test_the_lobby_lists_games_in_creation_order_with_created_at_and_seat_names(database_url):
    with client(database_url) as c:
        first = new_game(c, names=["Ann", "Bo"], start=False)["game_id"]
        second = new_game(c, names=["Cy"], start=False)["game_id"]
        row = lobby_row(c, second)
        assert row["names"] == ["Cy"] and row["open_seats"] == 8
        assert lobby_row(c, first)["names"] == ["Ann", "Bo"]
        games = c.get("/games", params={"limit": 200, "status": "lobby"}).json()["games"]
        order = [g["game_id"] for g in games]
        assert order.index(first) < order.index(second)
        created = [g["created_at"] for g in games]
        assert created == sorted(created) and all(created)


def test_a_seat_leaves_before_the_start_and_the_rest_keep_their_tokens_numbered_in_join_order(database_url):
    with client(database_url) as c:
        game = new_game(c, names=["A", "B", "C"], start=False)
        gid = game["game_id"]
        tokens = {"A": game["seat"][1], "B": game["seat"][2], "C": game["seat"][3]}
        for name in "DEFGHI":
            r = c.post(f"/games/{gid}/seats", json={"name": name})
            tokens[name] = {"Authorization": "Bearer " + r.json()["token"]}
        r = c.delete(f"/games/{gid}/seats/me", headers=tokens["B"])
        assert r.status_code == 204
        assert c.get(f"/games/{gid}/view", headers=tokens["B"]).status_code == 401  # its token is gone
        assert c.delete(f"/games/{gid}/seats/me", headers=tokens["B"]).status_code == 401
        assert c.post(f"/games/{gid}/start", headers=game["host"]).json()["code"] == "seats_open"
        row = lobby_row(c, gid, lambda g: "B" not in g["names"])  # the directory follows the log: wait for the leave
        assert row["names"] == list("ACDEFGHI") and row["open_seats"] == 1
        r = c.post(f"/games/{gid}/seats", json={"name": "B"})  # a newcomer may take the name: not the old token
        assert r.status_code == 201 and r.json()["seat"] == 9
        tokens["B"] = {"Authorization": "Bearer " + r.json()["token"]}
        assert c.post(f"/games/{gid}/start", headers=game["host"]).status_code == 200
        for seat, name in enumerate("ACDEFGHIB", 1):
            reply = c.get(f"/games/{gid}/view", headers=tokens[name]).json()
            assert reply["view"]["seat"] == seat and reply["view"]["names"][seat - 1] == name
            feed = c.get(f"/games/{gid}/events", params={"limit": 500}, headers=tokens[name]).json()["events"]
            told = [e for e in feed if e["type"] == "notice" and e["data"]["key"] == "seat.number"]
            assert len(told) == 1 and told[0]["data"]["args"] == {"number": seat} and told[0]["private"]


def test_only_a_seat_may_leave_and_only_before_the_start(database_url):
    with client(database_url) as c:
        lobby = new_game(c, names=["A"], start=False)
        r = c.delete(f"/games/{lobby['game_id']}/seats/me", headers=lobby["host"])
        assert r.status_code == 403 and r.json()["code"] == "not_a_seat"
        assert c.delete(f"/games/{lobby['game_id']}/seats/me").status_code == 401
        running = new_game(c)
        r = c.delete(f"/games/{running['game_id']}/seats/me", headers=running["seat"][1])
        assert r.status_code == 409 and r.json()["code"] == "game_not_in_lobby"
        assert c.get(f"/games/{running['game_id']}/view", headers=running["seat"][1]).status_code == 200


# --- docs that work offline ----------------------------------------------------------------------

REFERENCE = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|"url":\s*"([^"]+)\"""")


def references(html: str) -> list[str]:
    return [a or b for a, b in REFERENCE.findall(html)]


def test_the_docs_pages_reference_no_external_url_and_every_asset_they_reference_is_served(database_url):
    with client(database_url) as c:
        for page in ("/docs", "/docs/swagger", "/", f"/play/{uuid.uuid4()}", f"/watch/{uuid.uuid4()}"):
            r = c.get(page)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), page
            # the address players' phones open is named for join links, never loaded
            text = re.sub(r'<meta name="grimoire-public-url" content="[^"]*">', "", r.text)
            assert not re.search(r"(https?:)?//[a-z]", text.replace("<!DOCTYPE html>", "")), page
            refs = references(r.text)
            assert refs, page
            for ref in refs:
                assert ref.startswith("/") and not ref.startswith("//"), (page, ref)
                asset = c.get(ref)
                assert asset.status_code == 200 and asset.content, (page, ref)
        assert {
            "/static/swagger-ui/swagger-ui-bundle.js",
            "/static/swagger-ui/swagger-ui.css",
            "/docs/openapi.json",
        } <= set(references(c.get("/docs").text))


def test_the_vendored_docs_assets_ship_with_their_version_and_licence():
    from grimoire.service.routes_landing import STATIC

    vendored = STATIC / "swagger-ui"
    assert json.loads((vendored / "package.json").read_text())["version"]
    assert "Apache License" in (vendored / "LICENSE").read_text()
    assert (vendored / "swagger-ui-bundle.js").stat().st_size > 100_000


def test_the_landing_page_links_docs_lobby_and_openapi_in_the_callers_language(database_url):
    with client(database_url) as c:
        for accept, lang, word in (
            ("ja", "ja", "ロビー"),
            ("zh-TW", "zh-Hant", "大廳"),
            ("zh-CN", "zh-Hans", "大厅"),
            ("en-GB", "en", "lobby"),
        ):
            r = c.get("/", headers={"Accept-Language": accept})
            assert f'<html lang="{lang}">' in r.text and word in r.text
            assert {"/docs", "/games", "/docs/openapi.json"} <= set(references(r.text))
        assert '<html lang="ja">' in c.get("/", params={"lang": "ja"}).text
