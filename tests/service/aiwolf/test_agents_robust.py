"""Real agents misbehave: each way here is played through `/aiwolf/ws` and ends with a clear outcome, nothing
lost from the log (every game still verifies).

Timeouts are the reference's (60 s + 5 s for an answer, then 120 s for the liveness `NAME`) times the
gateway's time scale, set small here.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import pytest
from aiwolf_nlp_common.packet import Packet, Request, Status

from tests.support.aiwolf_agents import (
    Agent,
    AgentGone,
    audit,
    by_game,
    ended,
    game_id_of,
    play,
    play_all,
    play_with_client,
    run_loop,
    seat_of,
    served,
    team,
    until,
    verify,
)

SCALE = 0.03  # an answer is awaited 65 × 0.03 = 1.95 s, the liveness NAME 3.6 s
ANSWER_WAIT = 65 * SCALE


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("aiwolf-robust") / "g.db"
    with served(str(db), aiwolf_time_scale=SCALE, aiwolf_name_timeout=0.5) as s:
        yield s


def game_of(server, agents: list[Agent]) -> str:
    games = by_game(agents)
    assert len(games) == 1, list(games)
    return game_id_of(server.http, next(iter(games)))


def log_of(server, game_id: str) -> list[dict[str, Any]]:
    return [e["event"] for e in audit(server.http, game_id)["events"]]


def failed_seats(events: list[dict[str, Any]]) -> list[int]:
    return [e["seat"] for e in events if e["type"] == "handover" and e.get("how") == "failed"]


def acts(events: list[dict[str, Any]], seat: int, kind: str) -> list[dict[str, Any]]:
    return [e["action"] for e in events if e["type"] == "act" and e["seat"] == seat and e["action"]["kind"] == kind]


def whole(server, agents: list[Agent], *, failed: bool = False) -> list[dict[str, Any]]:
    """The game of these agents ended (with a winner, or `failed` without one), every agent was told
    FINISH unless it failed, every socket was closed, and the log verifies."""
    game_id = game_of(server, agents)
    end = ended(server.http, game_id)
    if failed:
        assert end["reason"] == "failed" and not end.get("winners"), end
    else:
        assert end["reason"] in ("villagers", "werewolves"), end
    check = verify(server.http, game_id)
    assert check["ok"], check["problems"]
    for a in agents:
        assert a.close_code is not None, f"{a.name}'s socket was left open"
    return log_of(server, game_id)


class Scripted(Agent):
    """An agent that answers the first requests of some kinds with given replies (str: a text frame,
    bytes: a binary frame, None: nothing), then plays on as the sample agent."""

    def __init__(self, name: str, script: dict[Request, list[Any]], **kw: Any) -> None:
        super().__init__(name, **kw)
        self.script = {k: list(v) for k, v in script.items()}
        self.sent: list[tuple[Request, Any]] = []

    async def respond(self, packet: Packet) -> str | bytes | None:
        queue = self.script.get(packet.request)
        if queue:
            reply = queue.pop(0)
            if callable(reply):
                reply = reply(self)
            self.sent.append((packet.request, reply))
            return reply
        return await super().respond(packet)


def dead_or_unknown(agent: Agent) -> str:
    dead = [n for n, s in agent.info.status_map.items() if s == Status.DEAD]
    return dead[0] if dead else "Agent[99]"


# --- what an agent says ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def garbled(server) -> list[Agent]:
    """A 5-player game where two agents garble their first answers: empty replies, a binary frame, control
    characters and newlines, nonsense for names, a dead or unknown agent's name, their own original name."""
    junk = "\x00\x01\tｺﾞﾐ\n\n{not json}\r\n"
    script = {
        Request.TALK: ["", b"\xff\xfe\x00 garbage", junk],
        Request.VOTE: ["!!!", "Agent[99]"],
        Request.DIVINE: [dead_or_unknown, "Agent[00]"],
        Request.ATTACK: [dead_or_unknown, ""],
        Request.GUARD: ["Agent[99]"],
    }
    agents = [
        Scripted("junk1", script, seed=1),
        Scripted("junk2", {**script, Request.VOTE: [lambda a: a.name, dead_or_unknown]}, seed=2),
        *team("junk", 5, seed=3)[2:],
    ]
    run_loop(asyncio.wait_for(play_all(agents, server.url(players=5)), 120))
    return agents


def test_garbage_and_empty_replies_leave_the_agent_in_a_whole_game(server, garbled):
    events = whole(server, garbled)
    assert failed_seats(events) == []
    assert all(a.finished and a.error is None for a in garbled), [(a.name, a.error) for a in garbled]
    for a in garbled[:2]:
        seat = seat_of(a.me)
        talks = [e for e in events if e["type"] == "aiwolf_talk" and e["seat"] == seat]
        said = [reply for req, reply in a.sent if req == Request.TALK]
        assert said, "the garbling agent was never asked to talk"
        # an empty reply is an Over (the agent's talk ends for the day); garbage is said as text
        first = talks[0]
        assert first.get("over") and first["text"] == "Over", first
        for t in talks:
            assert "\n" not in t["text"] and "\r" not in t["text"], t


def test_a_dead_unknown_or_nonsense_name_is_an_answer_that_chooses_nobody(server, garbled):
    events = whole(server, garbled)
    checked = 0
    for a in garbled[:2]:
        seat = seat_of(a.me)
        for req, reply in a.sent:
            if req in (Request.VOTE, Request.DIVINE, Request.ATTACK, Request.GUARD):
                kind = req.value.lower()
                first = acts(events, seat, kind)[0]
                assert first.get("target") is None, (req, reply, first)
                checked += 1
                break
    assert checked >= 2  # both voted on day 1 at least
    votes = [e for e in events if e["type"] == "aiwolf_vote_list" and e["day"] == 1]
    voters = {v for v, _ in votes[0]["votes"]}
    assert not voters & {seat_of(a.me) for a in garbled[:2]}, votes[0]


# --- when an agent answers -------------------------------------------------------------------------


class Late(Agent):
    """Its first TALK and its first VOTE answered only after the answer's timeout (then NAME answered at
    once): the reference would read the late answer as the NAME reply and fail the agent."""

    late_text = "LATE-REPLY この返事は遅すぎた"

    def __init__(self, name: str, **kw: Any) -> None:
        super().__init__(name, **kw)
        self.late: set[Request] = set()
        self.late_vote: str | None = None

    async def respond(self, packet: Packet) -> str | bytes | None:
        if packet.request in (Request.TALK, Request.VOTE) and packet.request not in self.late:
            self.late.add(packet.request)
            await asyncio.sleep(ANSWER_WAIT + 0.6)
            if packet.request == Request.VOTE:
                self.late_vote = next(n for n in self.alive() if n != self.me)
                return self.late_vote
            return self.late_text
        return await super().respond(packet)


class Stale(Agent):
    """Its first TALK left unanswered; at the liveness NAME it answers its name and then, at once, in a
    frame of its own, the stale answer, which must count for no later request."""

    stale_text = "STALE-REPLY 前の質問への返事"

    def __init__(self, name: str, **kw: Any) -> None:
        super().__init__(name, **kw)
        self.silent = False

    async def respond(self, packet: Packet) -> str | bytes | None:
        if packet.request == Request.TALK and not self.silent:
            self.silent = True
            return None
        if packet.request == Request.NAME and self.silent and not self.extra:
            self.extra.append(self.stale_text)
        return await super().respond(packet)


def test_answers_after_their_timeout_are_discarded_and_never_count_for_a_later_request(server):
    late, stale = Late("slow1", seed=1), Stale("slow2", seed=2)
    agents = [late, stale, *team("slow", 5, seed=3)[2:]]

    run_loop(asyncio.wait_for(play_all(agents, server.url(players=5)), 180))
    events = whole(server, agents)
    assert failed_seats(events) == [], "a late answer failed the agent"
    everything = repr(events)
    assert Late.late_text not in everything and Stale.stale_text not in everything
    for a in (late, stale):
        requests = a.requests()
        first_talk = requests.index(Request.TALK)
        assert requests[first_talk + 1] == Request.NAME, requests[first_talk : first_talk + 3]  # the liveness check
        seat = seat_of(a.me)
        talks = [e for e in events if e["type"] == "aiwolf_talk" and e["seat"] == seat]
        timed_out = talks[0]  # the timed-out turn: a skip that ends nothing
        assert timed_out.get("skip") and not timed_out.get("over"), timed_out
        assert a.finished
    # the late vote counted for nothing: the first day's vote lists no ballot of that seat
    seat = seat_of(late.me)
    assert late.late_vote is not None
    opened = next(i for i, e in enumerate(events) if e["type"] == "step_opened" and e["name"] == "vote")
    closed = next(i for i, e in enumerate(events) if e["type"] == "aiwolf_vote_list")
    assert seat not in {v for v, _ in events[closed]["votes"]}, events[closed]
    assert not [e for e in events[opened:closed] if e["type"] == "act" and e["seat"] == seat], "the late vote was taken"


class Buffered(Stale):
    """As Stale, but it answers the liveness NAME only after a second, when the game has long given its
    timed-out turn the default and asked it again: its stale answer is already waiting in the socket when
    that next TALK is sent."""

    stale_text = "STALE-BUFFERED まだ届いていなかった返事"

    async def respond(self, packet: Packet) -> str | bytes | None:
        if packet.request == Request.NAME and self.silent and not self.extra:
            await asyncio.sleep(1.0)
        return await super().respond(packet)


def test_a_stale_answer_waiting_in_the_socket_is_not_taken_for_the_next_request(server):
    """Every other agent says Over at once, so the silent agent's timed-out turn (a skip, which does not
    end its talk) is followed by its own next turn; its stale answer, sent before that TALK, must not be
    taken as the answer to it."""
    buffered = Buffered("buffered1", seed=1)
    agents = [buffered, *team("buffered", 5, seed=2, over_rate=1.0)[1:]]
    run_loop(asyncio.wait_for(play_all(agents, server.url(players=5)), 180))
    events = whole(server, agents)
    assert failed_seats(events) == []
    assert Buffered.stale_text not in repr(events)


def test_a_wrong_answer_to_the_liveness_check_fails_the_agent_and_ends_a_5_player_game(server):
    liar = Scripted("liar1", {Request.TALK: [None]}, seed=1)
    liar.script[Request.NAME] = []  # set below: its first NAME (at connect) is its own

    async def respond(packet: Packet, original=liar.respond) -> str | bytes | None:
        if packet.request == Request.NAME and Request.INITIALIZE in liar.requests():
            return "somebody-else"
        return await original(packet)

    liar.respond = respond  # type: ignore[method-assign]
    agents = [liar, *team("liar", 5, seed=2)[1:]]
    run_loop(asyncio.wait_for(play_all(agents, server.url(players=5)), 120))
    events = whole(server, agents, failed=True)
    assert failed_seats(events) == [seat_of(liar.me)]
    assert not liar.finished  # a failed agent is told no more
    assert all(a.finished for a in agents[1:])


# --- when an agent goes away -----------------------------------------------------------------------


class Quitter(Agent):
    """Closes its socket when it is first asked to talk on day `day`."""

    def __init__(self, name: str, day: int = 0, **kw: Any) -> None:
        super().__init__(name, **kw)
        self.day = day

    async def respond(self, packet: Packet) -> str | bytes | None:
        if packet.request == Request.TALK and packet.info.day >= self.day:
            raise AgentGone
        return await super().respond(packet)


def test_a_socket_closed_mid_game_ends_a_5_player_game_failed_without_a_winner(server):
    agents = [Quitter("gone1", day=1, seed=1), *team("gone", 5, seed=2)[1:]]
    run_loop(asyncio.wait_for(play_all(agents, server.url(players=5)), 120))
    events = whole(server, agents, failed=True)
    quitter = agents[0]
    assert failed_seats(events) == [seat_of(quitter.me)]
    assert all(a.finished for a in agents[1:])
    finish = agents[1].packets(Request.FINISH)[0].packet
    assert len(finish.info.role_map) == 5


def test_one_socket_closed_in_a_13_player_game_plays_on_and_two_end_it(server):
    one = [Quitter("onegone1", day=0, seed=1), *team("onegone", 13, seed=2)[1:]]
    two = [Quitter("twogone1", day=1, seed=3), Quitter("twogone2", day=1, seed=4), *team("twogone", 13, seed=5)[2:]]

    async def both() -> None:
        await asyncio.gather(play_all(one, server.url()), play_all(two, server.url()))

    run_loop(asyncio.wait_for(both(), 240))
    events = whole(server, one)
    seat = seat_of(one[0].me)
    assert failed_seats(events) == [seat]
    failed_at = next(i for i, e in enumerate(events) if e["type"] == "handover")
    for e in events[failed_at:]:  # a failed seat is never asked again
        assert not (e["type"] == "step_opened" and seat in e.get("seats", ())), e
        assert not (e["type"] == "prompt" and e["seat"] == seat), e
    events = whole(server, two, failed=True)
    assert sorted(failed_seats(events)) == sorted(seat_of(a.me) for a in two[:2])


def test_a_reply_over_the_size_cap_closes_that_socket_and_fails_the_agent(server):
    agents = [Scripted("big1", {Request.TALK: ["あ" * 40_000]}, seed=1), *team("big", 5, seed=2)[1:]]
    run_loop(asyncio.wait_for(play_all(agents, server.url(players=5)), 120))
    events = whole(server, agents, failed=True)
    assert agents[0].close_code == 1009
    assert failed_seats(events) == [seat_of(agents[0].me)]


# --- connecting ----------------------------------------------------------------------------------


def test_a_connection_that_does_not_answer_name_in_time_is_closed(server):
    async def run() -> tuple[float, Any, list]:
        from websockets.asyncio.client import connect

        got = []
        async with connect(server.ws, ping_interval=None) as ws:
            started = time.monotonic()
            got.append(await ws.recv())
            try:
                while True:
                    got.append(await asyncio.wait_for(ws.recv(), 10))
            except Exception:
                pass
            return time.monotonic() - started, ws.close_code, got

    took, code, got = run_loop(run())
    assert got == ['{"request":"NAME"}'] and code == 1008
    assert 0.4 <= took < 3, took  # aiwolf_name_timeout: 0.5 s here (10 s by default)


def test_connections_waiting_from_one_address_are_capped(tmp_path):
    """Three may wait from one address (the cap set here; 64 by default); a fourth is refused at once
    (1013, try again later); when one leaves, a new one is let in."""

    async def run(s) -> None:
        waiting = [Agent(f"cap{chr(97 + i)}1") for i in range(4)]  # four teams: no table is ever full
        tasks = [asyncio.create_task(play(a, s.url())) for a in waiting[:3]]
        await until(lambda: all(a.received for a in waiting[:3]))
        assert all(a.requests() == [Request.NAME] and a.close_code is None for a in waiting[:3])
        await play(waiting[3], s.url())
        assert waiting[3].received == [] and waiting[3].close_code == 1013
        tasks[0].cancel()  # one goes away
        await asyncio.gather(tasks[0], return_exceptions=True)
        await asyncio.sleep(0.3)
        again = Agent("capz1")
        task = asyncio.create_task(play(again, s.url()))
        await until(lambda: again.received or again.close_code is not None)
        assert again.requests() == [Request.NAME] and again.close_code is None
        for t in [*tasks[1:], task]:
            t.cancel()
        await asyncio.gather(*tasks[1:], task, return_exceptions=True)

    with served(str(tmp_path / "g.db"), aiwolf_waiting_per_address=3) as s:
        run_loop(asyncio.wait_for(run(s), 60))


def test_the_server_sends_no_websocket_pings():
    from grimoire.service.serving import server_options
    from grimoire.service.settings import Settings

    options = server_options(Settings())
    assert options["ws_ping_interval"] is None


@pytest.mark.slow
def test_a_slow_agent_that_answers_no_ping_while_it_thinks_is_not_dropped(tmp_path):
    """The package's own client answers pings only inside `receive()`. One agent thinks 45 s over its
    first TALK (longer than uvicorn's default ping interval and timeout, 20 s + 20 s) at the reference's
    own timeouts (65 s): it stays in the game, its talk is said, and the game ends with a winner."""
    with served(str(tmp_path / "g.db")) as s:
        thinker = Agent("think1", seed=1)
        others = team("think", 5, seed=2)[1:]

        async def run() -> None:
            slow = asyncio.create_task(asyncio.to_thread(play_with_client, thinker, s.url(players=5), think=0))
            await asyncio.sleep(0.2)
            await asyncio.gather(slow, play_all(others, s.url(players=5)))

        original = thinker.answer
        state = {"thought": False}

        def answer(packet: Packet) -> str | None:
            if packet.request == Request.TALK and not state["thought"]:
                state["thought"] = True
                time.sleep(45)
            return original(packet)

        thinker.answer = answer  # type: ignore[method-assign]
        run_loop(asyncio.wait_for(run(), 300))
        agents = [thinker, *others]
        game_id = game_id_of(s.http, thinker.game_id)
        events = [e["event"] for e in audit(s.http, game_id)["events"]]
        assert failed_seats(events) == []
        assert ended(s.http, game_id)["reason"] in ("villagers", "werewolves")
        assert all(a.finished for a in agents)
        assert Request.NAME not in thinker.requests()[1:]  # not even a liveness check


@pytest.mark.slow
def test_a_connection_has_ten_seconds_to_answer_name(tmp_path):
    with served(str(tmp_path / "g.db")) as s:

        async def run() -> tuple[float, Any]:
            from websockets.asyncio.client import connect

            async with connect(s.ws, ping_interval=None) as ws:
                started = time.monotonic()
                await ws.recv()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.recv(), 30)
                return time.monotonic() - started, ws.close_code

        took, code = run_loop(run())
        assert 9.5 <= took < 12 and code == 1008, (took, code)
