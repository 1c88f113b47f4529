"""Whole AIWolf games played through `/aiwolf/ws` by agents on aiwolf-nlp-common 0.7.0's packet classes.

One 13-player and one 5-player game are played at once on a server in this process (a free port),
random but legal agents answering at once; then each is checked from every side: the packets' order and
shapes as the reference sends them, the end with a winner, every socket closed after FINISH, the log
verifying, the lobby and the replay, and — packet by packet — that an agent was told nothing its seat's
view and feed did not hold at that point (`replay?at=N&as=K`, fetched over REST after the end).
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
import time
from collections import Counter

import httpx
import msgspec
import pytest
from aiwolf_nlp_common.packet import Request, Role, Status

from grimoire.domain.events import sees
from grimoire.projections.view import apply, new_view
from tests.support.aiwolf_agents import (
    Agent,
    audit,
    by_game,
    ended,
    game_id_of,
    lobby,
    play_all,
    play_with_client,
    run_loop,
    seat_of,
    served,
    team,
    ulid_of,
    verify,
)

ROLES = {
    13: {"WEREWOLF": 3, "POSSESSED": 1, "SEER": 1, "BODYGUARD": 1, "MEDIUM": 1, "VILLAGER": 6},
    5: {"WEREWOLF": 1, "POSSESSED": 1, "SEER": 1, "VILLAGER": 2},
}
INPUTS = {"create_game", "join", "leave", "start", "act", "timeout", "abort", "handover"}
STEP_REQUESTS = {
    "talk": Request.TALK,
    "whisper": Request.WHISPER,
    "vote": Request.VOTE,
    "divine": Request.DIVINE,
    "guard": Request.GUARD,
    "attack": Request.ATTACK,
}
MENTION = re.compile(r"@Agent\[\d\d\]")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(str(tmp_path_factory.mktemp("aiwolf-games") / "g.db")) as s:
        yield s


@pytest.fixture(scope="module")
def played(server) -> dict[int, list[Agent]]:
    """A 13-player game (team `kanolab`, the default table) and a 5-player one (`?players=5`), at once."""
    thirteen, five = team("kanolab", 13, seed=13), team("wolfpack", 5, seed=5)

    async def both() -> None:
        await asyncio.gather(play_all(thirteen, server.url()), play_all(five, server.url(players=5)))

    run_loop(asyncio.wait_for(both(), 300))
    return {13: thirteen, 5: five}


def game_of(http: str, agents: list[Agent]) -> str:
    games = by_game(agents)
    assert len(games) == 1, f"one team of agents was spread over {len(games)} games"
    return game_id_of(http, next(iter(games)))


def finish_of(agent: Agent):
    finish = agent.packets(Request.FINISH)
    assert len(finish) == 1, agent.requests()
    return finish[0].packet


def winner_of(packet) -> str:
    """The winning side as an agent derives it from FINISH (the protocol has no winner field)."""
    alive = [n for n, s in packet.info.status_map.items() if s == Status.ALIVE]
    wolves = sum(packet.info.role_map[n] == Role.WEREWOLF for n in alive)
    return "werewolves" if wolves >= len(alive) - wolves else "villagers"


# --- the games, whole ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [13, 5])
def test_a_whole_game_ends_with_a_winner_and_every_socket_closes_after_finish(played, server, size):
    agents = played[size]
    for a in agents:
        assert a.error is None, (a.name, a.error)
        assert a.requests()[0] == Request.NAME and a.requests()[1] == Request.INITIALIZE, a.requests()[:3]
        assert a.requests()[-1] == Request.FINISH and a.finished, (a.name, a.requests()[-5:])
        assert a.close_code is not None, f"{a.name}: the socket was not closed by the server after FINISH"
    game_id = game_of(server.http, agents)
    assert sorted(a.me for a in agents) == [f"Agent[{i:02d}]" for i in range(1, size + 1)]
    assert all(len(a.game_id or "") == 26 for a in agents)
    end = ended(server.http, game_id)
    finish = finish_of(agents[0])
    assert end["reason"] in ("villagers", "werewolves"), end
    assert end["reason"] == winner_of(finish)
    assert Counter(r.value for r in finish.info.role_map.values()) == Counter(ROLES[size])
    assert {f"Agent[{int(s):02d}]": r.upper() for s, r in end["roles"].items()} == {
        n: r.value for n, r in finish.info.role_map.items()
    }
    for a in agents:  # every agent got the same full picture at the end
        assert finish_of(a).info.role_map == finish.info.role_map
        assert finish_of(a).info.status_map == finish.info.status_map
    side = {"werewolves": {Role.WEREWOLF, Role.POSSESSED}}.get(
        end["reason"], set(Role) - {Role.WEREWOLF, Role.POSSESSED}
    )
    assert sorted(end["winners"]) == [seat_of(n) for n, r in finish.info.role_map.items() if r in side]


@pytest.mark.parametrize("size", [13, 5])
def test_the_setting_is_the_reference_configuration_of_that_size(played, size):
    setting = played[size][0].packets(Request.INITIALIZE)[0].packet.setting
    assert setting.agent_count == size and setting.max_day is None and setting.vote_visibility is True
    assert {r.value: n for r, n in setting.role_num_map.items() if n} == ROLES[size]
    assert (setting.talk.max_count.per_agent, setting.talk.max_count.per_day) == (4, 52 if size == 13 else 20)
    assert (setting.whisper.max_count.per_agent, setting.whisper.max_count.per_day) == (
        (4, 12) if size == 13 else (0, 0)
    )
    assert setting.talk.max_length.base_length == 50 and setting.talk.max_length.mention_length == 50
    assert setting.talk.max_skip == 0
    assert (setting.vote.max_count, setting.vote.allow_self_vote) == (1, True)
    assert (setting.attack_vote.max_count, setting.attack_vote.allow_no_target) == (1, False)
    assert setting.timeout.action >= 1 and setting.timeout.response >= 1  # milliseconds


# The reference's order within a day (aiwolf-protocol.md §3.1): a request's rank never goes down
# until the next DAILY_INITIALIZE.
BEFORE_FINISH = {Request.DAILY_INITIALIZE: 0, Request.WHISPER: 1, Request.TALK: 2, Request.DAILY_FINISH: 3}
AFTER_FINISH = {Request.WHISPER: 4, Request.VOTE: 5, Request.DIVINE: 6, Request.GUARD: 8, Request.ATTACK: 9}


@pytest.mark.parametrize("size", [13, 5])
def test_requests_come_in_the_reference_order_day_by_day(played, size):
    for a in played[size]:
        day, finished_day, rank = -1, False, -1
        for got in a.received[2:-1]:
            req, info = got.packet.request, got.packet.info
            if req == Request.NAME:
                continue  # a liveness check may come at any time
            if req == Request.DAILY_INITIALIZE:
                day, finished_day, rank = day + 1, False, 0
                assert info.day == day, (a.name, info.day, day)
                continue
            assert info.day == day, (a.name, req, info.day, day)
            if req == Request.DAILY_FINISH:
                assert not finished_day, (a.name, day, "a second DAILY_FINISH")
                finished_day = True
            order = AFTER_FINISH if finished_day else BEFORE_FINISH
            if req == Request.DAILY_FINISH:
                now = 3
            elif finished_day and req == Request.WHISPER and day > 0:
                now = 7  # the night's whisper comes after the divination
            else:
                assert req in order, (a.name, day, req, "out of its place")
                now = order[req]
            assert now >= rank, (a.name, day, req)
            rank = now
            if day == 0:
                assert req not in (Request.VOTE, Request.GUARD, Request.ATTACK), (a.name, req)
        finish = a.received[-1].packet
        assert finish.request == Request.FINISH and finish.setting is None


@pytest.mark.parametrize("size", [13, 5])
def test_who_is_asked_what_follows_the_role_and_life(played, size):
    for a in played[size]:
        role = a.role
        asked = {got.packet.request for got in a.received}
        if Request.DIVINE in asked:
            assert role == Role.SEER
        if Request.GUARD in asked:
            assert role == Role.BODYGUARD
        if Request.ATTACK in asked or Request.WHISPER in asked:
            assert role == Role.WEREWOLF
        for got in a.received:
            info = got.packet.info
            if got.packet.request in (Request.TALK, Request.WHISPER, Request.VOTE, Request.DIVINE, Request.GUARD):
                assert info.status_map[info.agent] == Status.ALIVE, (a.name, got.packet.request, info.day)
    if size == 5:
        assert not any(Request.WHISPER in a.requests() or Request.GUARD in a.requests() for a in played[5])
        assert not any(got.packet.info and got.packet.info.medium_result for a in played[5] for got in a.received)


@pytest.mark.parametrize("size", [13, 5])
def test_the_first_talk_of_a_day_shows_every_utterance_left_and_talk_is_cut_to_its_length(played, size):
    for a in played[size]:
        last_day = -1
        for got in a.packets(Request.TALK):
            if got.packet.info.day != last_day:
                assert (got.packet.info.remain_count, got.packet.info.remain_skip) == (4, 0), (a.name, got.raw)
                last_day = got.packet.info.day
            assert got.packet.info.remain_count >= 1
    said = [t for t in played[size][0].talk_history if not (t.over or t.skip)]
    assert said, "nobody talked"
    cut = 0
    for t in said:
        plain = [len(re.sub(r"\s", "", part)) for part in MENTION.split(t.text, maxsplit=1)]
        assert all(n <= 50 for n in plain), t.text
        cut += max(plain) == 50
    assert cut, "no line longer than 50 characters was cut to 50"


@pytest.mark.parametrize("size", [13, 5])
def test_the_game_verifies_and_the_lobby_lists_it_ended(played, server, size):
    game_id = game_of(server.http, played[size])
    check = verify(server.http, game_id)
    assert check["ok"] and check["chain_ok"] and check["replay_ok"], check["problems"]
    for _ in range(100):  # the lobby is written behind the log, a moment later
        listed = {g["game_id"]: g for g in lobby(server.http, "ended")}
        if game_id in listed:
            break
        time.sleep(0.1)
    assert listed[game_id]["ruleset"] == "aiwolf" and listed[game_id]["seats"] == size
    assert listed[game_id]["preset"] == str(size)


@pytest.mark.parametrize("size", [13, 5])
def test_the_replay_after_the_end_shows_talk_to_all_and_whispers_to_wolves_only(played, server, size):
    game_id = game_of(server.http, played[size])
    log = audit(server.http, game_id)
    end = len(log["events"])
    spectator = replay_feed(server.http, game_id, end, "spectator")
    assert any(item["type"] == "aiwolf_talk" for item in spectator)
    assert not any("whisper" in item["type"] for item in spectator)
    r = httpx.get(f"{server.http}/games/{game_id}/replay", params={"at": end, "as": "spectator", "limit": 1})
    assert r.status_code == 200 and r.json()["view"]["status"] == "ended"
    wolves = [a for a in played[size] if a.role == Role.WEREWOLF]
    whispered = any(a.whisper_history for a in wolves)
    assert whispered == (size == 13)
    for a in wolves:  # what a werewolf was sent of the whispers is what its replay shows, in order
        feed = replay_feed(server.http, game_id, end, str(seat_of(a.me)))
        shown = talks(feed, "aiwolf_whisper")
        sent = as_tuples(a.whisper_history)
        assert sent == [w for w in shown if w in sent] and bool(sent) == (size == 13)


def test_aiwolf_nlp_commons_own_client_plays_a_whole_game(server):
    """Five agents on the package's synchronous `Client`, each in a thread, as the official agent runs."""
    agents = team("syncteam", 5, seed=7)

    async def run() -> None:
        await asyncio.gather(*(asyncio.to_thread(play_with_client, a, server.url(players=5)) for a in agents))

    run_loop(asyncio.wait_for(run(), 120))
    assert all(a.finished for a in agents), [a.requests()[-3:] for a in agents]
    game_id = game_of(server.http, agents)
    assert ended(server.http, game_id)["reason"] in ("villagers", "werewolves")
    assert verify(server.http, game_id)["ok"]


# --- nothing but the view ------------------------------------------------------------------------


def replay_feed(http: str, game_id: str, at: int, viewer: str) -> list[dict]:
    """A viewer's whole feed up to a point, every page."""
    items: list[dict] = []
    while True:
        r = httpx.get(
            f"{http}/games/{game_id}/replay",
            params={"at": at, "as": viewer, "after": len(items), "limit": 500},
            timeout=60,
        )
        assert r.status_code == 200, r.text
        page = r.json()
        items.extend(page["events"])
        if not page["more"]:
            return items


def name(seat: int) -> str:
    return f"Agent[{seat:02d}]"


class Log:
    """A finished game's log, where the gateway's packets come from: for each seat, the points (a count of
    events) at which it was owed each kind of packet, and its view and feed at any point.

    The log is read over REST (`/audit`). A seat's view at a point is `/replay?at=N&as=K`; with `every`
    False (the default suite), it is folded here from the REST log by the projection the service folds
    its views with (each seat's events: those whose audience it is in), and a sample of points is fetched
    from `/replay` too and must be the same view; each seat's feed is fetched whole from `/replay` and must
    be the events the log gives it."""

    def __init__(self, http: str, game_id: str, every: bool = False) -> None:
        from grimoire.service.schemas import AnyEvent

        self.http, self.game_id, self.every = http, game_id, every
        self.events = [e["event"] for e in audit(http, game_id)["events"]]
        self.ulid = ulid_of(game_id, next(e["at"] for e in self.events if e["type"] == "game_created"))
        self.typed = [msgspec.convert(e, AnyEvent, strict=False) for e in self.events]
        self.views: dict[tuple[int, int], tuple[dict, int]] = {}
        self.feeds: dict[int, list[dict]] = {}
        self.folded: dict[int, list[tuple[dict, int]]] = {}
        self.sampled = 0

    def settled(self, i: int) -> int:
        """The point after the batch of events that holds event `i` (0-based): where the next input starts."""
        for j in range(i + 1, len(self.events)):
            if self.events[j]["type"] in INPUTS:
                return j
        return len(self.events)

    def last_phase(self, i: int) -> bool:
        """Whether the phase begun at event `i` ends the game before anything happens in it (the night's
        attack won the game at the next day's start): the reference ends the game before announcing it."""
        for e in self.events[i + 1 :]:
            if e["type"] in ("step_opened", "prompt", "phase_started", "aiwolf_talk", "aiwolf_whisper"):
                return False
            if e["type"] == "game_ended":
                return True
        return False

    def anchors(self, seat: int) -> dict[Request, list[int]]:
        """For each request kind, the points (in order) at which the seat was owed one: a packet announcing
        a phase or the game's start or end, or a request each time the seat's view comes to owe a decision
        (a new step, or a prompt that gives it anew: each turn of a whisper phase)."""
        out: dict[Request, list[int]] = {r: [] for r in Request}
        views = self.fold(seat)
        for i, e in enumerate(self.events):
            kind = e["type"]
            if kind == "start":
                out[Request.INITIALIZE].append(self.settled(i))
            elif kind == "phase_started" and not self.last_phase(i):
                out[Request.DAILY_INITIALIZE if e["phase"] == "day" else Request.DAILY_FINISH].append(self.settled(i))
            elif kind == "game_ended":
                out[Request.FINISH].append(len(self.events))
            before, after = views[i][0], views[i + 1][0]
            for decision, req in STEP_REQUESTS.items():
                if owes(after, decision) and (not owes(before, decision) or after["step"] != before["step"]):
                    out[req].append(self.settled(i))
        return out

    def rest_view(self, seat: int, at: int) -> tuple[dict, int]:
        if (seat, at) not in self.views:
            r = httpx.get(
                f"{self.http}/games/{self.game_id}/replay", params={"at": at, "as": seat, "limit": 1}, timeout=60
            )
            assert r.status_code == 200, r.text
            self.views[seat, at] = (r.json()["view"], r.json()["seen"])
        return self.views[seat, at]

    def fold(self, seat: int) -> list[tuple[dict, int]]:
        """The seat's view and feed count at every point 0..N, folded from the log."""
        if seat not in self.folded:
            view, seen = new_view(seat), 0
            out = [(as_json(view), 0)]
            for event in self.typed:
                if sees(event.to, seat):
                    view, seen = apply(view, event), seen + 1
                out.append((view, seen))
            self.folded[seat] = [(v if isinstance(v, dict) else as_json(v), n) for v, n in out]
            feed = self.feed(seat)
            mine = [e["type"] for e, t in zip(self.events, self.typed) if sees(t.to, seat)]
            assert [i["type"] for i in feed] == mine, seat
        return self.folded[seat]

    def view(self, seat: int, at: int, sample: bool = False) -> tuple[dict, int]:
        """The seat's view after the first `at` events, and how many of its feed's items come before."""
        if self.every:
            return self.rest_view(seat, at)
        local = self.fold(seat)[at]
        if sample:
            rest = self.rest_view(seat, at)
            assert rest[1] == local[1] and rest[0] == local[0], (seat, at)
            self.sampled += 1
        return local

    def feed(self, seat: int) -> list[dict]:
        if seat not in self.feeds:
            self.feeds[seat] = replay_feed(self.http, self.game_id, len(self.events), str(seat))
        return self.feeds[seat]


def owes(view: dict, kind: str) -> bool:
    """Whether a view owes an answer of this kind now."""
    return (
        view["status"] == "running"
        and view.get("answered") is None
        and any(d["kind"] == kind for d in view.get("decisions", ()))
    )


def deaths(feed: list[dict]) -> tuple[dict[int, int], dict[int, int]]:
    """From a feed: the seat executed each day, and the seat the attack of each night killed (it dies at
    the next day's start)."""
    executed: dict[int, int] = {}
    attacked: dict[int, int] = {}
    day, phase = 0, ""
    for item in feed:
        data = item["data"]
        if item["type"] == "phase_started":
            day, phase = data["day"], data["phase"]
        elif item["type"] == "died":
            for s in data["seats"]:
                if data["when"] == "execution":
                    executed[day] = s
                elif data["when"] == "attack":
                    attacked[day - 1 if phase == "day" else day] = s
    return executed, attacked


def judge(result: dict | None, by: int | None) -> dict | None:
    """A divination's or the medium's result as the protocol's Judge (the medium's names the executed)."""
    if result is None or by is None:
        return None
    target = name(result["target"])
    return {"day": result["day"], "agent": name(by), "target": target, "result": result["result"].upper()}


def sorted_votes(votes: list[dict]) -> list[tuple]:
    return sorted((v["day"], v["agent"], v["target"]) for v in votes)


def as_json(view) -> dict:
    """A view as the REST API writes it."""
    return msgspec.json.decode(msgspec.json.encode(view))


def talks(items: list[dict], kind: str) -> list[tuple]:
    return [
        (d["idx"], d["day"], d["turn"], name(d["seat"]), d["text"], bool(d.get("skip")), bool(d.get("over")))
        for d in (i["data"] for i in items if i["type"] == kind)
    ]


def as_tuples(history) -> list[tuple]:
    return [(t.idx, t.day, t.turn, t.agent, t.text, t.skip, t.over) for t in history]


def latest(items: list[dict], kind: str, day: int | None = None) -> dict | None:
    found = [i["data"] for i in items if i["type"] == kind and (day is None or i["data"]["day"] == day)]
    return found[-1] if found else None


def check_packet(log: Log, seat: int, got, at: int, cursor: dict[str, int], sample: bool = False) -> None:
    """One packet against the seat's view and feed at the point it was owed."""
    packet, info, raw = got.packet, got.packet.info, got.raw.get("info", {})
    req = packet.request
    view, seen = log.view(seat, at, sample)
    feed = log.feed(seat)[:seen]
    where = f"seat {seat}, {req} of day {info.day}, point {at}"
    seats = view["seats"]
    wolf = view["role"] == "werewolf"
    assert info.game_id == log.ulid and info.agent == name(seat), where
    # who lives: exactly the view's
    assert info.status_map == {
        name(s): Status.ALIVE if view["alive"][s - 1] else Status.DEAD for s in range(1, seats + 1)
    }, where
    # roles: never more than the view knows; exactly one's own (a werewolf: the pack), everyone at FINISH
    known = {name(int(s)): r.upper() for s, r in {**view["knowledge"], **view["roles"]}.items()}
    told = {n: r.value for n, r in info.role_map.items()}
    assert told.items() <= known.items(), (where, told, known)
    if req == Request.FINISH:
        assert len(told) == seats, where
    else:
        mine = {name(seat): view["role"].upper()}
        if wolf:  # the pack, as dealt to it (a werewolf's view knows the others by role or label)
            mine |= {n: r for n, r in known.items() if r == "WEREWOLF"}
        assert told == mine, (where, told, mine)
    if req != Request.FINISH:
        assert info.day == view["day"], (where, view["day"])
    # yesterday (the protocol's "previous day"), as the seat's feed told it: the seer's and the medium's own
    # results and only theirs, the execution, the night's victim, the votes, the pack's attack votes
    before = info.day - 1
    divined = latest(feed, "aiwolf_divined", before)
    assert raw.get("divine_result") == judge(divined, seat), (where, raw.get("divine_result"))
    assert divined is None or view["role"] == "seer", where
    identified = latest(feed, "aiwolf_identified", before)
    assert raw.get("medium_result") == judge(identified, identified and identified["target"]), where
    assert identified is None or view["role"] == "medium", where
    executed, attacked = deaths(feed)
    for key, died in (("executed_agent", executed), ("attacked_agent", attacked)):
        expected = name(died[before]) if before in died else None
        assert raw.get(key) == expected, (where, key, raw.get(key), expected)
    for key, kind, allowed in (
        ("vote_list", "aiwolf_vote_list", True),
        ("attack_vote_list", "aiwolf_attack_vote_list", wolf),
    ):
        listed = latest(feed, kind, before)
        expected = [{"day": before, "agent": name(v), "target": name(t)} for v, t in listed["votes"]] if listed else []
        assert sorted_votes(raw.get(key) or []) == sorted_votes(expected), (where, key)
        assert allowed or not raw.get(key), (where, key)
        assert raw.get(key) != [], (where, key, "an empty list is left out")
    # counts left: only while the seat has a talk or whisper turn, as its view's private part says
    if req in (Request.TALK, Request.WHISPER):
        assert info.remain_count == view["private"].get("remain_count"), (where, view["private"])
        assert info.remain_skip == view["private"].get("remain_skip"), (where, view["private"])
    else:
        assert info.remain_count is None and info.remain_skip is None, where
    # the histories, as the reference sends them: TALK and DAILY_FINISH carry the talks, WHISPER, ATTACK and a
    # werewolf's DAILY_FINISH the whispers; each the feed's items since the last one that carried them that
    # day (INITIALIZE and DAILY_INITIALIZE start anew), in order, each once; whispers only to the pack
    carries = {
        "aiwolf_talk": req in (Request.TALK, Request.DAILY_FINISH),
        "aiwolf_whisper": req in (Request.WHISPER, Request.ATTACK) or (req == Request.DAILY_FINISH and wolf),
    }
    if req in (Request.INITIALIZE, Request.DAILY_INITIALIZE):
        cursor["aiwolf_talk"] = cursor["aiwolf_whisper"] = seen
    for kind, key, history in (
        ("aiwolf_talk", "talk_history", packet.talk_history),
        ("aiwolf_whisper", "whisper_history", packet.whisper_history),
    ):
        assert (key in got.raw) == carries[kind], (where, key)
        if history is not None:
            assert as_tuples(history) == talks(log.feed(seat)[cursor[kind] : seen], kind), (where, kind)
            cursor[kind] = seen
    assert wolf or not any(i["type"] == "aiwolf_whisper" for i in feed), where


def check_every_packet(http: str, agents: list[Agent], every: bool) -> Log:
    log = Log(http, game_of(http, agents), every=every)
    checked = 0
    for a in agents:
        seat = seat_of(a.me)
        anchors = log.anchors(seat)
        used = dict.fromkeys(Request, 0)
        cursor = {"aiwolf_talk": 0, "aiwolf_whisper": 0}
        packets = [got for got in a.received if got.packet.request != Request.NAME]
        sampled = set(random.Random(seat).sample(range(len(packets)), min(4, len(packets)))) | {len(packets) - 1}
        for i, got in enumerate(packets):
            req = got.packet.request
            points = anchors[req]
            assert used[req] < len(points), f"seat {seat} got a {req} the log never owed it"
            check_packet(log, seat, got, points[used[req]], cursor, sample=i in sampled)
            used[req] += 1
            checked += 1
        for req, points in anchors.items():
            assert used[req] == len(points), f"seat {seat} was owed {len(points)} {req}, got {used[req]}"
    assert checked > len(agents) * 10
    return log


@pytest.mark.parametrize("size", [13, 5])
def test_every_packet_holds_nothing_but_its_seats_view_and_feed(played, server, size):
    """Every packet against its seat's view and feed at the point it was owed (folded from the REST log,
    and at five points per seat fetched from `/replay` itself)."""
    log = check_every_packet(server.http, played[size], every=False)
    assert log.sampled >= 4 * size


@pytest.mark.slow
@pytest.mark.parametrize("size", [13, 5])
def test_every_packet_holds_nothing_but_its_seats_view_fetched_from_replay(played, server, size):
    """The same, every point fetched from `/replay?at=N&as=K`."""
    check_every_packet(server.http, played[size], every=True)


def tampered(agent: Agent, index: int, change) -> Agent:
    """A copy of an agent whose `index`th packet (NAME aside) is re-read after `change(raw)`."""
    import copy

    from aiwolf_nlp_common.packet import Packet

    twin = copy.copy(agent)
    twin.received = list(agent.received)
    at = [i for i, got in enumerate(agent.received) if got.packet.request != Request.NAME][index]
    raw = copy.deepcopy(agent.received[at].raw)
    change(raw)
    twin.received[at] = dataclasses.replace(agent.received[at], raw=raw, packet=Packet.from_dict(raw))
    return twin


def test_the_check_catches_a_packet_that_tells_more_than_the_view(played, server):
    """The check above fails on a packet that says one thing more: another seat's role, a death not yet
    seen, a whisper to a villager."""
    agents = played[5]
    villager = next(a for a in agents if a.role == Role.VILLAGER)
    other = next(n for n in villager.info.status_map if n != villager.me)

    def role(raw):
        raw["info"]["role_map"][other] = "SEER"

    def death(raw):
        raw["info"]["status_map"][other] = "DEAD"

    def whisper(raw):
        raw["whisper_history"] = [{"idx": 0, "day": 0, "turn": 0, "agent": other, "text": "x", "skip": False}]

    check_every_packet(server.http, agents, every=False)  # as played: passes
    for change in (role, death, whisper):
        twin = tampered(villager, 1, change)
        with pytest.raises(AssertionError):
            check_every_packet(server.http, [twin if a is villager else a for a in agents], every=False)


def nospace(text: str) -> str:
    return re.sub(r"\s", "", text)


@pytest.mark.parametrize("size", [13, 5])
def test_each_reply_to_talk_is_said_as_sent_cut_to_its_length_and_over_or_skip_ends_the_talk(played, server, size):
    """The n-th TALK (or WHISPER) a seat was sent is its n-th utterance in the log: `Over` and `Skip` (with
    max_skip 0) are an Over, any other line is said as the agent sent it, cut to 50 characters (spaces not
    counted), and 50 more after a mention, the mention set off by spaces."""
    events = [e["event"] for e in audit(server.http, game_of(server.http, played[size]))["events"]]
    for a in played[size]:
        seat = seat_of(a.me)
        for request, kind in ((Request.TALK, "aiwolf_talk"), (Request.WHISPER, "aiwolf_whisper")):
            replies = [got.reply for got in a.packets(request)]
            said = [e for e in events if e["type"] == kind and e["seat"] == seat]
            assert len(replies) == len(said), (a.name, request)
            for reply, e in zip(replies, said):
                assert isinstance(reply, str) and not e.get("skip"), (reply, e)
                if reply in ("Over", "Skip"):
                    assert e.get("over") and e["text"] == "Over", (reply, e)
                    continue
                assert not e.get("over"), e
                mention = MENTION.search(e["text"])
                if mention is None:
                    assert nospace(e["text"]) == nospace(reply)[:50], (reply, e["text"])
                    continue
                before, after = e["text"][: mention.start()], e["text"][mention.end() :]
                assert before.endswith(" ") and after.startswith(" "), e["text"]
                head, _, tail = reply.partition(mention.group())
                assert nospace(before) == nospace(head)[:50] and nospace(after) == nospace(tail)[:50], (reply, e)
