"""Abuse and operations: metrics for the operator only, rate limits per token behind a proxy, malformed
and stalled requests answered 4xx, a bounded game cache, an optional creation token."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from prometheus_client import REGISTRY

from grimoire.domain.texts import render_text
from grimoire.service.app import create_app
from grimoire.service.guards import client_address, networks
from grimoire.service.settings import Settings
from tests.service.test_api import problem
from tests.support.api import NAMES9, auth, client, new_game, service
from tests.support.pg import free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def db(tmp_path) -> str:
    return str(tmp_path / "g.db")


@contextlib.contextmanager
def served(database_url: str, **settings) -> Iterator[str]:
    """The app on a real uvicorn server in this process: requests come from 127.0.0.1 over TCP."""
    settings.setdefault("log_level", "warning")
    app = create_app(Settings(database_url=database_url, **settings))
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False, proxy_headers=False)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(600):
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def until_limited(send, tries: int = 40) -> int:
    """Send until a 429 comes back; how many were sent."""
    for n in range(1, tries + 1):
        if send().status_code == 429:
            return n
    raise AssertionError(f"no 429 in {tries} requests")


# --- metrics are the operator's --------------------------------------------------------------------


def test_metrics_are_not_reachable_without_operator_configuration_nor_in_the_document(db):
    with client(db) as c:
        game = new_game(c)
        assert c.get("/metrics").status_code == 404
        assert c.get("/metrics", headers=game["host"]).status_code == 404
        assert "/metrics" not in c.get("/docs/openapi.json").json()["paths"]


def test_metrics_answer_the_operator_token_only_and_hold_no_per_game_detail(db):
    with client(db, operator_token="op-secret") as c:
        game = new_game(c)
        gid = game["game_id"]
        c.get(f"/games/{gid}/view")
        problem(c.get("/metrics"), 401, "token_required")
        problem(c.get("/metrics", headers=game["seat"][1]), 401, "bad_token")
        r = c.get("/metrics", headers=auth("op-secret"))
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        text = r.text
    assert gid not in text and game["host_token"] not in text
    for name in (
        'grimoire_build_info{version="',
        "process_cpu_seconds_total",
        "python_info",
        "grimoire_open_streams",
        "grimoire_cached_games",
        'grimoire_games_total{event="created"}',
        'grimoire_inputs_total{outcome="accepted"}',
        'grimoire_http_request_seconds_bucket{le="0.005",method="GET",route="/games/{game_id}/view",status_class="2xx"}',
    ):
        assert name in text, name


def test_metrics_on_their_own_port_and_not_on_the_api_port(served_process):
    api, metrics_url = served_process
    assert httpx.get(api + "/metrics").status_code == 404
    text = httpx.get(metrics_url + "/metrics").text
    assert "grimoire_build_info" in text and "grimoire_http_requests_total" in text


def test_a_stream_counts_among_the_open_streams_while_it_runs(db):
    gauge = "grimoire_open_streams"
    with served(db, stream_seconds=1.0) as url, httpx.Client(base_url=url) as http:
        body = {"ruleset": "jinro9", "preset": "9A", "names": NAMES9[:3]}
        gid = http.post("/games", json=body).json()["game_id"]
        before = REGISTRY.get_sample_value(gauge)
        with http.stream("GET", f"/games/{gid}/stream") as r:
            lines = r.iter_lines()
            next(lines)
            during = REGISTRY.get_sample_value(gauge)
            for _ in lines:  # until the stream's time is up
                pass
        after = REGISTRY.get_sample_value(gauge)
    assert before is not None and during == before + 1 and after == before


# --- 429s ----------------------------------------------------------------------------------------


def test_a_429_is_logged_and_counted_as_a_429(db, capfd):
    labels = {"method": "GET", "route": "/rulesets", "status": "429"}
    before = REGISTRY.get_sample_value("grimoire_http_requests_total", labels) or 0
    with client(db, rate_limit=2, log_level="info") as c:
        capfd.readouterr()
        limited = until_limited(lambda: c.get("/rulesets"))
        err = capfd.readouterr().err
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    statuses = [x["status"] for x in lines if x.get("event") == "request" and x.get("path") == "/rulesets"]
    assert statuses[limited - 1] == 429 and 500 not in statuses
    assert REGISTRY.get_sample_value("grimoire_http_requests_total", labels) == before + 1
    assert REGISTRY.get_sample_value("grimoire_http_requests_total", {**labels, "status": "500"}) in (None, 0)


def test_two_seats_behind_one_proxy_do_not_share_a_rate_limit_bucket(db):
    proxy = {"X-Forwarded-For": "198.51.100.20"}  # nginx appends the player's address; the peer is the proxy
    with served(db, rate_limit=3, trusted_proxies=("127.0.0.1",)) as url, httpx.Client(base_url=url) as http:
        body = {"ruleset": "jinro9", "preset": "9A", "names": NAMES9, "options": {"time_scale": 100}}
        game = http.post("/games", json=body, headers=proxy).json()
        gid, (one, two) = game["game_id"], [s["token"] for s in game["seats"][:2]]
        until_limited(lambda: http.get(f"/games/{gid}/view", headers={**proxy, **auth(one)}))
        assert http.get(f"/games/{gid}/view", headers={**proxy, **auth(two)}).status_code == 200
        # without a token, each forwarded address is a bucket of its own
        until_limited(lambda: http.get("/rulesets", headers=proxy))
        assert http.get("/rulesets", headers={"X-Forwarded-For": "198.51.100.21"}).status_code == 200


def test_a_forged_forwarded_for_from_an_untrusted_client_is_ignored(db):
    with served(db, rate_limit=3, trusted_proxies=("10.0.0.0/8",)) as url, httpx.Client(base_url=url) as http:
        addresses = iter(f"203.0.113.{i}" for i in range(1, 100))
        until_limited(lambda: http.get("/rulesets", headers={"X-Forwarded-For": next(addresses)}))


def test_the_client_address_is_the_nearest_forwarded_one_that_is_not_a_trusted_proxy():
    trusted = networks(["10.0.0.0/8", "::1"])

    def scope(peer: str, forwarded: str | None) -> dict:
        headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
        return {"client": (peer, 5000), "headers": headers}

    assert client_address(scope("10.0.0.2", "198.51.100.7"), trusted) == "198.51.100.7"
    assert client_address(scope("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.9"), trusted) == "198.51.100.7"
    assert client_address(scope("::1", "2001:db8::5"), trusted) == "2001:db8::5"
    assert client_address(scope("10.0.0.2", None), trusted) == "10.0.0.2"
    assert client_address(scope("192.0.2.1", "198.51.100.7"), trusted) == "192.0.2.1"
    assert client_address(scope("192.0.2.1", "198.51.100.7"), ()) == "192.0.2.1"


# --- malformed and stalled requests ---------------------------------------------------------------


def test_invalid_utf8_in_a_json_body_is_a_400_naming_the_body(db):
    with client(db) as c:
        r = c.post("/games", content=b'{"ruleset": "jinro9\xff\xfe"}', headers={"content-type": "application/json"})
        body = problem(r, 400, "bad_request")
        assert body["errors"][0]["pointer"] == "" and "UTF-8" in body["errors"][0]["detail"]


def test_arrays_nested_thirty_thousand_deep_are_a_400_naming_the_body(db):
    with client(db) as c:
        game = new_game(c)
        deep = b"[" * 30_000 + b"]" * 30_000
        for path in ("/games", f"/games/{game['game_id']}/actions"):
            r = c.post(path, content=deep, headers={"content-type": "application/json", **game["seat"][1]})
            body = problem(r, 400, "bad_request")
            assert body["errors"][0]["pointer"] == "" and "deep" in body["errors"][0]["detail"]


@pytest.fixture(scope="module")
def served_process(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """`grimoire serve` in a subprocess, with a one-second body timeout and metrics on their own port."""
    port, metrics_port = free_port(), free_port()
    env = {
        **os.environ,
        "GRIMOIRE_BODY_TIMEOUT": "1",
        "GRIMOIRE_METRICS_PORT": str(metrics_port),
        "GRIMOIRE_LOG_LEVEL": "warning",
        "PYTHONPATH": str(ROOT),
    }
    db = tmp_path_factory.mktemp("serve") / "g.db"
    cmd = [sys.executable, "-m", "grimoire.service.cli", "serve", "--port", str(port), "--database-url", str(db)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    api = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(api + "/health/live", timeout=1).status_code == 200:
                    break
            assert proc.poll() is None, "the server exited"
            time.sleep(0.05)
        yield api, f"http://127.0.0.1:{metrics_port}"
    finally:
        proc.terminate()
        proc.wait(30)


def raw_post(api: str, declared: int) -> socket.socket:
    host, port = api.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=15)
    head = (
        f"POST /games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {declared}\r\n\r\n"
    )
    sock.sendall(head.encode())
    return sock


def read_to_close(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (the socket's timeout bounds each read)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_a_body_shorter_than_its_content_length_gets_408_and_the_connection_closes(served_process):
    api, _ = served_process
    with raw_post(api, 100) as sock:
        sock.sendall(b'{"ruleset":')
        reply = read_to_close(sock)
    assert reply.startswith(b"HTTP/1.1 408 ")
    assert json.loads(reply.split(b"\r\n\r\n", 1)[1])["code"] == "request_timeout"


def test_a_body_that_trickles_in_is_cut_off_at_the_body_timeout(served_process):
    api, _ = served_process
    with raw_post(api, 10_000) as sock:
        sock.settimeout(0.2)
        reply = b""
        for _ in range(150):  # a byte every 0.2 s: each arrives well within any idle timeout
            try:
                sock.sendall(b" ")
                reply = sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:  # the server closed the connection under us
                break
            break
        sock.settimeout(15)
        with contextlib.suppress(OSError):
            reply += read_to_close(sock)
    assert reply.startswith(b"HTTP/1.1 408 ")


def test_a_complete_body_is_read_normally_under_the_body_timeout(served_process):
    api, _ = served_process
    r = httpx.post(api + "/games", json={"ruleset": "jinro9", "preset": "9A", "names": NAMES9[:3]})
    assert r.status_code == 201, r.text


# --- the game cache --------------------------------------------------------------------------------


def test_the_cache_holds_at_most_its_capacity_and_dropped_games_reload_from_the_store(database_url):
    with client(database_url, cache_games=3) as c:
        games = [new_game(c, names=NAMES9[:7], start=False) for _ in range(8)]
        assert len(service(c).games.entries) <= 3
        first = games[0]
        assert uuid.UUID(first["game_id"]) not in service(c).games.entries
        assert c.post(f"/games/{first['game_id']}/seats", json={"name": "Late"}).status_code == 201
        joined = c.post(f"/games/{first['game_id']}/seats", json={"name": "Later"}).json()
        assert c.post(f"/games/{first['game_id']}/start", headers=first["host"]).status_code == 200
        view = c.get(f"/games/{first['game_id']}/view", headers=auth(joined["token"])).json()["view"]
        assert view["seat"] == 9 and view["status"] == "running"
        assert len(service(c).games.entries) <= 3


def test_a_game_with_a_waiting_reader_stays_cached_past_the_capacity(db):
    with client(db, cache_games=2, wait_cap=20) as c:
        game = new_game(c, names=NAMES9[:7], start=False)
        gid = uuid.UUID(game["game_id"])
        after = len(c.get(f"/games/{gid}/events").json()["events"])
        got: list[dict] = []
        poll = threading.Thread(
            target=lambda: got.append(c.get(f"/games/{gid}/events", params={"after": after, "wait": 20}).json())
        )
        poll.start()
        games = service(c).games
        for _ in range(400):
            entry = games.entries.get(gid)
            if entry is not None and any(entry.waiters.values()):
                break
            time.sleep(0.025)
        else:
            raise AssertionError("the long-poll never started waiting")
        for _ in range(5):
            new_game(c, names=NAMES9[:7], start=False)
        assert games.entries.get(gid) is entry
        assert c.post(f"/games/{gid}/seats", json={"name": "Late"}).status_code == 201
        poll.join(30)
    assert [e["type"] for e in got[0]["events"]] == ["join"]


# --- creating games --------------------------------------------------------------------------------


def test_creating_a_game_needs_the_creation_token_when_the_operator_sets_one(db):
    body = {"ruleset": "jinro9", "preset": "9A", "names": NAMES9[:3]}
    with client(db, creation_token="let-me-create") as c:
        r = c.post("/games", json=body)
        problem(r, 401, "creation_token_required")
        assert r.headers["www-authenticate"].startswith("X-Creation-Token")
        problem(c.post("/games", json=body, headers={"X-Creation-Token": "guess"}), 403, "bad_creation_token")
        problem(
            c.post("/games", content=b"{", headers={"content-type": "application/json"}), 401, "creation_token_required"
        )
        assert c.post("/games", json=body, headers={"X-Creation-Token": "let-me-create"}).status_code == 201
    with client(db) as c:
        assert c.post("/games", json=body).status_code == 201


def test_the_document_names_the_creation_token_header_of_game_creation(db):
    with client(db) as c:
        doc = c.get("/docs/openapi.json").json()
    create = doc["paths"]["/games"]["post"]
    header = next(p for p in create["parameters"] if p.get("name") == "X-Creation-Token")
    assert header["in"] == "header" and not header["required"] and "GRIMOIRE_CREATION_TOKEN" in header["description"]
    assert {"401", "403"} <= set(create["responses"])


def test_a_blank_name_is_a_bad_name_and_a_repeated_one_is_taken(db):
    with client(db) as c:
        r = c.post("/games", json={"ruleset": "jinro9", "preset": "9A", "names": ["P1", " "]})
        problem(r, 422, "bad_name")
        r = c.post("/games", json={"ruleset": "jinro9", "preset": "9A", "names": ["P1", "P1"]})
        problem(r, 422, "name_taken")
        game = new_game(c, names=NAMES9[:7], start=False)
        problem(c.post(f"/games/{game['game_id']}/seats", json={"name": " "}), 422, "bad_name")


@pytest.mark.parametrize("code", ["request_timeout", "creation_token_required", "bad_creation_token"])
def test_the_new_problem_codes_speak_all_four_languages(code):
    texts = {lang: render_text("error." + code, lang, {}) for lang in ("ja", "zh-Hans", "zh-Hant", "en")}
    assert len(set(texts.values())) == 4 and all(t and "error." not in t for t in texts.values())


def test_the_least_recently_used_game_leaves_first_and_a_held_one_never(db):
    from grimoire.service.games import HELD, Games
    from grimoire.service.store import Store
    from tests.service.test_store import create

    store = Store(db)
    try:
        games = Games(store, capacity=2)
        a, _ = create(games), create(games)
        games.cached(a)  # a is now used more recently than the second
        c = create(games)
        assert set(games.entries) == {a, c}
        held: list[uuid.UUID] = []
        token = HELD.set(held)
        games.cached(a, hold=True)
        HELD.reset(token)
        create(games), create(games)
        assert a in games.entries and len(games.entries) == 2
        games.release(held)
        create(games)
        assert a not in games.entries and len(games.entries) == 2
        assert games.game(a).state.status == "running"  # back from the store
    finally:
        store.close()


def test_rate_limit_buckets_of_callers_gone_quiet_are_swept(db, monkeypatch):
    from grimoire.service import guards

    monkeypatch.setattr(guards, "SWEEP_EVERY", 0.05)
    with client(db) as c:
        buckets = c.app.state.rate_limiter.buckets
        peak = 0
        for _ in range(30):
            c.get("/rulesets", headers=auth(uuid.uuid4().hex))  # a new token each time: a bucket each
            peak = max(peak, len(buckets))
        # (on a loaded machine the first callers may have gone quiet for a second before the last calls)
        assert peak >= 10
        for _ in range(200):  # a bucket is full again after a second without calls
            if not buckets:
                break
            time.sleep(0.05)
        assert not buckets
