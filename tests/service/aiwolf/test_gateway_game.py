"""Whole games through the AIWolf gateway with raw WebSocket agents (`raw_agents`): the request order,
the packets' shapes, FINISH and the close; the timeouts and the liveness check; failed agents; replies
that are garbage; a lobby game's seats taken by agents."""

import asyncio

import httpx
import pytest

from grimoire.domain.events import GameCreated, Handover
from grimoire.service.aiwolf.protocol import game_ulid
from grimoire.service.serving import start_server
from grimoire.service.settings import Settings
from tests.service.aiwolf import raw_agents
from tests.service.aiwolf.raw_agents import table, usual
from tests.support.aiwolf_agents import run_loop

SCALE = 0.02  # an answer is awaited 1.3 s, the name 2.4 s
FINISHED = (1000, "finished")
REQUESTS = {"NAME", "INITIALIZE", "DAILY_INITIALIZE", "TALK", "WHISPER", "DAILY_FINISH", "DIVINE", "GUARD", "VOTE",
            "ATTACK", "FINISH"}  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("aiwolf-games") / "g.db")
    url, uvicorn_server = start_server(db, Settings(aiwolf_time_scale=SCALE))
    yield url, uvicorn_server.config.app.state.aiwolf
    uvicorn_server.should_exit = True


def play(url, team, players=5, behaviours=None, seconds=60):
    ws = url.replace("http", "ws", 1) + f"/aiwolf/ws?players={players}"
    return run_loop(asyncio.wait_for(table(ws, team, players, behaviours=behaviours), seconds))


def entry_of(gateway, packets):
    """The game the agents played (found by the ULID they were told)."""
    ulid = packets[0][1]["info"]["game_id"]
    for entry in list(gateway.service.games.entries.values()):
        created = next(r.event for r in entry.records if isinstance(r.event, GameCreated))
        if game_ulid(str(entry.id), created.at) == ulid:
            return entry
    raise AssertionError("no such game")


def requests(agent_packets):
    return [p["request"] for p in agent_packets]


def test_five_agents_play_a_whole_game_to_finish(server):
    url, gateway = server
    packets, closes = play(url, "five")
    assert closes == [FINISHED] * 5
    entry = entry_of(gateway, packets)
    assert entry.state.status == "ended" and entry.state.ruleset == "aiwolf"
    ulid = packets[0][1]["info"]["game_id"]
    for seat, agent in enumerate(packets, 1):
        asked = requests(agent)
        assert asked[:3] == ["NAME", "INITIALIZE", "DAILY_INITIALIZE"] and asked[-1] == "FINISH"
        assert set(asked) <= REQUESTS and asked.count("INITIALIZE") == 1 and asked.count("NAME") == 1
        name = f"Agent[{seat:02d}]"  # seats in the order the agents arrived
        assert all(p["info"]["agent"] == name and p["info"]["game_id"] == ulid for p in agent[1:])
        role = entry.state.roles[seat - 1].upper()
        assert agent[1]["info"]["role_map"] == {name: role}  # a 5-player game has one werewolf
        setting = agent[1]["setting"]  # default_5.yml's values: the preset's
        assert setting["agent_count"] == 5 and "setting" not in agent[-1]
        assert setting["talk"]["max_count"] == {"per_agent": 4, "per_day": 20}
        assert setting["whisper"]["max_count"] == {"per_agent": 0, "per_day": 0}
        assert setting["timeout"] == {"action": round(60_000 * SCALE), "response": round(120_000 * SCALE)}
        finish = agent[-1]["info"]["role_map"]
        assert finish == {f"Agent[{s:02d}]": r.upper() for s, r in enumerate(entry.state.roles, 1)}
        for p in agent:
            assert ("talk_history" in p) == (p["request"] in ("TALK", "DAILY_FINISH"))
            if p["request"] in ("TALK", "WHISPER"):
                assert p["info"]["remain_count"] >= 1
            elif p["request"] != "NAME":
                assert "remain_count" not in p["info"]
    check = httpx.get(f"{url}/games/{entry.id}/audit/verify").json()
    assert check["ok"], check


def test_thirteen_agents_play_a_whole_game_to_finish(server):
    url, gateway = server
    packets, closes = play(url, "thirteen", players=13)
    assert closes == [FINISHED] * 13
    whispers = [t for agent in packets for p in agent for t in p.get("whisper_history", [])]
    assert whispers and not [t for t in whispers if t["skip"]]  # each wolf asked for each of its whispers
    entry = entry_of(gateway, packets)
    wolves = {f"Agent[{s:02d}]" for s, r in enumerate(entry.state.roles, 1) if r == "werewolf"}
    for seat, agent in enumerate(packets, 1):
        name = f"Agent[{seat:02d}]"
        known = set(agent[1]["info"]["role_map"])
        assert known == (wolves if name in wolves else {name})  # a werewolf knows the pack
        assert requests(agent).count("NAME") == 1  # every request answered in time: no liveness check
        asked = set(requests(agent))
        assert ("WHISPER" in asked or "ATTACK" in asked) <= (name in wolves)
        for p in agent:
            if p["request"] == "DAILY_FINISH":
                assert ("whisper_history" in p) == (name in wolves)


def talks_of(packets):
    return [t for agent in packets for p in agent for t in p.get("talk_history", [])]


def test_a_silent_agent_is_asked_its_name_and_stays_in_the_game(server):
    url, gateway = server
    silent = {"talks": 0}

    async def behave(ws, packet, answer):
        if packet["request"] == "TALK" and not silent["talks"]:
            silent["talks"] += 1  # the first TALK goes unanswered
            return
        await usual(ws, packet, answer)

    packets, closes = play(url, "silent", behaviours={0: behave})
    assert closes == [FINISHED] * 5
    asked = requests(packets[0])
    first_talk = asked.index("TALK")
    assert asked[first_talk + 1] == "NAME"  # the liveness check, answered: it plays on
    skipped = [t for t in talks_of(packets) if t["agent"] == "Agent[01]" and t["skip"]]
    assert skipped  # its turn was a skip
    entry = entry_of(gateway, packets)
    assert not any(isinstance(r.event, Handover) for r in entry.records)


def test_a_late_answer_is_discarded_never_applied_to_a_later_request(server):
    url, _ = server
    late = {"done": False}

    async def behave(ws, packet, answer):
        if packet["request"] == "TALK" and not late["done"]:
            late["done"] = True
            await asyncio.sleep(65 * SCALE + 0.5)  # past the timeout: NAME is on its way meanwhile
            await ws.send("a late answer\n")
            return
        await usual(ws, packet, answer)

    packets, closes = play(url, "late", behaviours={0: behave})
    assert closes == [FINISHED] * 5
    assert not [t for t in talks_of(packets) if "late answer" in t["text"]]


def test_a_message_after_the_answer_is_never_taken_for_the_next_answer(server):
    url, _ = server

    async def behave(ws, packet, answer):
        await usual(ws, packet, answer)
        if packet["request"] == "TALK":
            await ws.send("EXTRA\n")  # one message too many: no answer to the next request

    packets, closes = play(url, "extra", behaviours={0: behave})
    assert closes == [FINISHED] * 5
    assert not [t for t in talks_of(packets) if t["text"] == "EXTRA"]


def test_a_wrong_answer_to_the_liveness_check_fails_the_agent_and_ends_the_game(server):
    url, gateway = server

    named = []

    async def behave(ws, packet, answer):
        if packet["request"] == "TALK":
            return  # silent: the liveness check comes
        if packet["request"] == "NAME" and named:  # the liveness check: two messages, neither its name
            await ws.send("not me\n")
            await ws.send("still not me\n")
            return
        named.append(packet)
        await usual(ws, packet, answer)

    packets, closes = play(url, "wrong", behaviours={0: behave})
    assert closes[0][0] == 1000 and closes[0][1].startswith("failed: wrong answer")
    assert closes[1:] == [FINISHED] * 4
    entry = entry_of(gateway, packets)
    failed = [r.event for r in entry.records if isinstance(r.event, Handover)]
    assert [(h.seat, h.how) for h in failed] == [(1, "failed")]
    assert entry.state.status == "ended" and entry.views["spectator"].result == "failed"  # 5 × 0.2: one is enough
    assert all(requests(agent)[-1] == "FINISH" for agent in packets[1:])


def test_a_closed_socket_fails_the_agent(server):
    url, gateway = server

    async def behave(ws, packet, answer):
        if packet["request"] == "VOTE":
            await ws.close()
            return
        await usual(ws, packet, answer)

    packets, closes = play(url, "closer", behaviours={0: behave})
    assert closes[1:] == [FINISHED] * 4
    entry = entry_of(gateway, packets)
    assert [(r.event.seat, r.event.how) for r in entry.records if isinstance(r.event, Handover)] == [(1, "failed")]
    assert entry.views["spectator"].result == "failed"


def test_garbage_replies_are_no_choice_and_nothing_breaks(server):
    url, gateway = server
    garbage = ["", "Agent[99]", "ぐちゃぐちゃ", '{"agent": "Agent[02]"}', "agent[02]", " Agent[02]", "\x00\x01"]
    sent = {"n": 0}

    async def behave(ws, packet, answer):
        if packet["request"] in ("VOTE", "DIVINE", "GUARD", "ATTACK", "TALK", "WHISPER"):
            await ws.send(garbage[sent["n"] % len(garbage)] + "\n")
            sent["n"] += 1
            return
        await usual(ws, packet, answer)

    packets, closes = play(url, "garbage", behaviours={0: behave})
    assert closes == [FINISHED] * 5
    for agent in packets:
        for p in agent:
            for vote in p["info"].get("vote_list", []) if "info" in p else []:
                assert vote["agent"] != "Agent[01]"  # none of its names was a seat's: no vote counted
    entry = entry_of(gateway, packets)
    assert not any(isinstance(r.event, Handover) for r in entry.records)


def test_an_oversize_message_closes_the_socket_and_fails_the_agent(server):
    url, gateway = server

    async def behave(ws, packet, answer):
        if packet["request"] == "TALK":
            await ws.send("x" * 100_000)
            return
        await usual(ws, packet, answer)

    packets, closes = play(url, "huge", behaviours={0: behave})
    assert closes[0][0] == 1009  # message too big
    assert closes[1:] == [FINISHED] * 4
    entry = entry_of(gateway, packets)
    assert [(r.event.seat, r.event.how) for r in entry.records if isinstance(r.event, Handover)] == [(1, "failed")]


def test_agents_take_the_open_seats_of_a_lobby_game_which_its_host_starts(server):
    url, _ = server
    body = {"ruleset": "aiwolf", "preset": "5", "options": {"time_scale": SCALE}}
    created = httpx.post(url + "/games", json=body).json()
    game_id, host = created["game_id"], created["host_token"]
    ws = url.replace("http", "ws", 1) + "/aiwolf/ws?game=" + game_id

    def names():
        return httpx.get(f"{url}/games/{game_id}/view").json()["view"]["names"]

    async def seated(n):
        for _ in range(200):
            if len(names()) == n:
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"{n} seats were not taken")

    async def leave_at_once(ws, packet, answer):
        await usual(ws, packet, answer)
        await seated(1)
        await ws.close()  # before the start: the seat is given up

    async def run():
        await raw_agents.agent(ws, "early1", [], behave=leave_at_once)
        await seated(0)
        packets = [[] for _ in range(5)]
        tasks = []
        for i in range(5):
            tasks.append(asyncio.create_task(raw_agents.agent(ws, f"lobby{i + 1}", packets[i], i)))
            await seated(i + 1)
        assert names() == [f"Agent[{i:02d}]" for i in range(1, 6)]  # the first free name, in turn
        started = httpx.post(f"{url}/games/{game_id}/start", headers={"Authorization": f"Bearer {host}"})
        assert started.status_code == 200, started.text
        return packets, await asyncio.gather(*tasks)

    packets, closes = run_loop(asyncio.wait_for(run(), 60))
    assert closes == [FINISHED] * 5
    assert [requests(p)[:2] for p in packets] == [["NAME", "INITIALIZE"]] * 5
    assert [p[1]["info"]["agent"] for p in packets] == [f"Agent[{i:02d}]" for i in range(1, 6)]


def test_a_seat_the_host_releases_is_no_longer_the_agent_s(server):
    url, _ = server
    body = {"ruleset": "aiwolf", "preset": "5", "options": {"time_scale": SCALE}}
    created = httpx.post(url + "/games", json=body).json()
    game_id, host = created["game_id"], {"Authorization": f"Bearer {created['host_token']}"}
    ws = url.replace("http", "ws", 1) + "/aiwolf/ws?game=" + game_id
    released = []

    async def release_first(ws, packet, answer):
        if packet["request"] == "INITIALIZE" and not released:
            released.append(httpx.post(f"{url}/games/{game_id}/seats/1/release", headers=host).status_code)
            return
        await usual(ws, packet, answer)

    async def run():
        packets = [[] for _ in range(5)]
        tasks = []
        for i in range(5):
            behave = release_first if i == 0 else usual
            tasks.append(asyncio.create_task(raw_agents.agent(ws, f"held{i + 1}", packets[i], i, behave)))
            while len(httpx.get(f"{url}/games/{game_id}/view").json()["view"]["names"]) < i + 1:
                await asyncio.sleep(0.02)
        assert httpx.post(f"{url}/games/{game_id}/start", headers=host).status_code == 200
        first = await tasks[0]
        assert httpx.post(f"{url}/games/{game_id}/abort", headers=host).status_code == 200
        return packets, [first, *await asyncio.gather(*tasks[1:])]

    packets, closes = run_loop(asyncio.wait_for(run(), 60))
    assert released == [200]
    assert closes[0] == (1000, "the seat was released")
    assert closes[1:] == [FINISHED] * 4 and all(requests(p)[-1] == "FINISH" for p in packets[1:])
