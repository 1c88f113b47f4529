"""The AIWolf gateway's socket with a raw WebSocket client: NAME first, the query's checks, the time to
answer NAME, the caps on waiting connections, the creation token, joining a lobby game."""

import contextlib
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from grimoire.service.serving import start_server
from grimoire.service.settings import Settings


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("aiwolf") / "g.db")
    url, uvicorn_server = start_server(
        db, Settings(aiwolf_time_scale=0.01, aiwolf_name_timeout=0.5, aiwolf_waiting_per_address=3)
    )
    yield url, uvicorn_server.config.app.state.aiwolf
    uvicorn_server.should_exit = True


def ws(url, query=""):
    return url.replace("http", "ws", 1) + "/aiwolf/ws" + query


def closed_with(conn):
    """The close code and reason the server sent."""
    with pytest.raises(ConnectionClosed) as info:
        while True:
            conn.recv(timeout=5)
    return info.value.rcvd.code, info.value.rcvd.reason


def wait_for(predicate, seconds=5.0):
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_a_table_size_other_than_13_or_5_is_refused(server):
    url, _ = server
    with connect(ws(url, "?players=7")) as conn:
        assert closed_with(conn) == (1008, "players must be 13 or 5")


def test_name_comes_first_and_must_be_answered_in_time(server):
    url, _ = server
    with connect(ws(url)) as conn:
        assert conn.recv(timeout=5) == '{"request":"NAME"}'
        assert closed_with(conn) == (1008, "no answer to NAME in time")


def test_an_empty_name_is_refused(server):
    url, _ = server
    with connect(ws(url)) as conn:
        conn.recv(timeout=5)
        conn.send("\n")
        assert closed_with(conn) == (1008, "a name of 1 to 100 characters is needed")


def test_waiting_connections_are_capped_per_address(server):
    url, gateway = server
    with contextlib.ExitStack() as stack:
        waiting = [stack.enter_context(connect(ws(url, "?players=13"))) for _ in range(3)]
        for i, conn in enumerate(waiting, 1):
            conn.recv(timeout=5)
            conn.send(f"capped{i}\n")
        wait_for(lambda: gateway.room.waiting() == 3)
        with connect(ws(url)) as extra:
            assert closed_with(extra) == (1013, "too many connections waiting from this address")
        waiting[0].close()  # one goes away: the room forgets it, and the address has room again
        wait_for(lambda: gateway.room.waiting() == 2)
        with connect(ws(url)) as again:
            assert again.recv(timeout=5) == '{"request":"NAME"}'
    wait_for(lambda: gateway.room.waiting() == 0)


def test_a_message_while_waiting_is_discarded(server):
    url, gateway = server
    with connect(ws(url, "?players=5")) as conn:
        conn.recv(timeout=5)
        conn.send("chatty1\n")
        conn.send("hello?\n")
        wait_for(lambda: gateway.room.waiting() == 1)
        with pytest.raises(TimeoutError):
            conn.recv(timeout=0.3)  # still waiting, nothing sent
        assert gateway.room.waiting() == 1
    wait_for(lambda: gateway.room.waiting() == 0)


def test_joining_needs_an_aiwolf_game_in_the_lobby(server):
    url, _ = server
    with connect(ws(url, "?game=not-a-game")) as conn:
        conn.recv(timeout=5)
        conn.send("joiner1\n")
        assert closed_with(conn) == (1008, "no such game")
    created = httpx.post(url + "/games", json={"ruleset": "jinro9", "seats": 9}).json()
    with connect(ws(url, "?game=" + created["game_id"])) as conn:
        conn.recv(timeout=5)
        conn.send("joiner1\n")
        assert closed_with(conn) == (1008, "not an aiwolf game")


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("aiwolf-token") / "g.db")
    url, uvicorn_server = start_server(db, Settings(creation_token="s3cret", aiwolf_name_timeout=0.5))
    yield url
    uvicorn_server.should_exit = True


def test_the_creation_token_is_needed_to_start_games_where_the_operator_sets_one(guarded):
    with connect(ws(guarded)) as conn:
        assert closed_with(conn) == (1008, "creation token required")
    with connect(ws(guarded, "?token=wrong")) as conn:
        assert closed_with(conn) == (1008, "bad creation token")
    # the agent's configured token arrives as a bearer token; X-Creation-Token and ?token= work too
    for headers, query in (
        ({"Authorization": "Bearer s3cret"}, ""),
        ({"X-Creation-Token": "s3cret"}, ""),
        ({}, "?token=s3cret"),
    ):
        with connect(ws(guarded, query), additional_headers=headers) as conn:
            assert conn.recv(timeout=5) == '{"request":"NAME"}'


def test_the_server_never_pings_and_caps_a_message():
    """The reference never pings, and the agents' client answers a ping only while it waits for a message:
    a slow agent thinking must not be dropped. A message past the cap closes the socket (1009)."""
    from grimoire.service.serving import server_options

    options = server_options(Settings())
    assert options["ws"] == "websockets-sansio"
    assert options["ws_ping_interval"] is None and options["ws_ping_timeout"] is None
    assert options["ws_max_size"] == Settings().aiwolf_max_message == 64 * 1024
