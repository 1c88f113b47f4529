"""AIWolf NLP agents for the tests and the benchmark, built on `aiwolf-nlp-common` 0.7.0's own classes.

Every packet an agent receives is parsed by the package's `Packet.from_dict`, exactly as the official
agents parse it, and kept (with its raw JSON) in `Agent.received`, so a test can check each one
afterwards. Replies are raw text ending in a newline, as the package's `Client.send` sends them.

Two ways to run an agent:
- `play(agent, url)`: an asyncio client on the `websockets` library, so many agents (whole tables,
  several tables) run at once in one process;
- `play_with_client(agent, url)`: the package's own synchronous `Client` (websocket-client), blocking:
  run it in a thread (`asyncio.to_thread`). Like the official agent it answers a WebSocket ping only
  while it waits in `receive()`, never while it thinks.

`Agent` plays like the official sample agent: a random line for TALK and WHISPER (some Japanese lines
longer than the 50 characters the server keeps, some with an `@Agent[NN]` mention of a living player,
now and then `Over` or `Skip`), a random living name from `status_map` for VOTE, DIVINE, GUARD and
ATTACK (itself and a fellow wolf included), and its original name for NAME at any time. Subclasses
change `respond` to misbehave.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import json
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiwolf_nlp_common.packet import Packet, Request, Role, Status, Talk

PATH = "/aiwolf/ws"

# Lines in the style of the AIWolf talk logs the sample agent draws from; several are longer than the
# 50 non-space characters the server keeps of an utterance.
LINES = (
    "おはよう。外が騒がしいと思ったら殺人事件だって？",
    "私は占い師です。",
    "みんな、今日は誰に投票するつもり？",
    "昨日の投票先を見ると、どうも怪しい動きをしている人がいるように思えるんだよね。",
    "人狼はこの中にいる。私は村人だから、落ち着いて一人ずつ話を聞いていこうと思う。まずは昨日の発言をもう一度振り返ってみようか。誰が最初に疑いをかけたのか、覚えている人はいる？",
    "占い結果を教えてほしい。本物の占い師なら、もう名乗り出てもいい頃じゃないかな。偽物が出てきたら、それはそれで手がかりになるし、村にとっては悪くない展開だと思う。",
    "うーん、まだ判断材料が足りないね。",
    "霊能者の結果次第で、今日の方針が大きく変わると思う。霊能者は結果を出してくれるかな。黒が出たならその人に投票した人たちをもう一度よく見直したい。",
    "私は人間だよ。信じてほしい。",
    "今日は様子を見たいけど、吊らないわけにもいかないし、難しいところだね。",
)
# Lines with a mention: `{name}` becomes `@Agent[NN]` of a living player (the text after it has its own
# 50-character budget on the server).
MENTION_LINES = (
    "{name}さん、どう思う？",
    "{name}は人狼だと思う。昨日からの発言を振り返ると、どうしても辻褄が合わないところがあるように思えてならないんだ。説明してくれるかな。",
    "ずっと考えていたんだけれど、今日の投票は慎重に決めたいと思っているし、みんなの意見をもう少し聞いてからにしたい。{name}、あなたの考えを聞かせてほしい。理由も含めて、できるだけ詳しく教えてくれると助かるよ。",
)

TARGET_REQUESTS = (Request.VOTE, Request.DIVINE, Request.GUARD, Request.ATTACK)
TEXT_REQUESTS = (Request.TALK, Request.WHISPER)


def run_loop(coro: Any) -> Any:
    """`asyncio.run` on a thread of its own: once a browser test has started Playwright's sync API, the main
    thread keeps an event loop running, and `asyncio.run` refuses to start another beside it."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def team_of(name: str) -> str:
    """The team an original name belongs to, as the reference server reads it: trailing digits dropped."""
    return name.rstrip("0123456789")


def team(prefix: str, count: int, cls: type[Agent] | None = None, seed: int = 0, **kw: Any) -> list[Agent]:
    """`count` agents of one team: `prefix1` … `prefixN`, as the sample agent names them."""
    make = cls or Agent
    return [make(f"{prefix}{i}", seed=seed * 1000 + i, **kw) for i in range(1, count + 1)]


def seat_of(name: str) -> int:
    """The seat number of an in-game name `Agent[NN]`."""
    if not (name.startswith("Agent[") and name.endswith("]")):
        raise ValueError(f"not an in-game name: {name!r}")
    return int(name[6:-1])


CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid_of(game_id: str, created_at: int) -> str:
    """The ULID agents know a game by: its time part the game's creation (ms), its 80 random bits the
    first of SHA-256 over the game's id (so one game always has the same one)."""
    rand = int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:10], "big")
    value = ((created_at & (2**48 - 1)) << 80) | rand
    return "".join(CROCKFORD[(value >> (5 * i)) & 31] for i in reversed(range(26)))


def game_id_of(http: str, ulid: str) -> str:
    """The game (its id) an agent's `info.game_id` names, found among the lobby's aiwolf games."""
    deadline = time.monotonic() + 10  # the lobby is written behind the log, a moment later
    while True:
        for g in lobby(http):  # the random part names the game (the time part is its creation, to the ms)
            if g["ruleset"] == "aiwolf" and ulid_of(g["game_id"], g["created_at"])[10:] == ulid[10:]:
                return str(g["game_id"])
        if time.monotonic() > deadline:
            raise AssertionError(f"no aiwolf game in the lobby has the ULID {ulid}")
        time.sleep(0.1)


@dataclass
class Received:
    """One packet as the agent received it."""

    raw: dict[str, Any]  # the JSON as sent
    packet: Packet  # as aiwolf-nlp-common parsed it
    at: float  # time.monotonic() at its arrival
    reply: str | bytes | None = None  # what the agent answered (None: nothing)


@dataclass
class Agent:
    """A random but legal agent (the sample agent's play), keeping every packet it received.

    Its state is kept as the sample agent's `set_packet` keeps it: the last `info` and `setting`, and
    the talk and whisper histories as the concatenation of every packet's (differential) history.
    """

    name: str  # the original name sent for NAME (team + number)
    seed: int = 0
    over_rate: float = 0.08  # how often a TALK or WHISPER is answered `Over`
    skip_rate: float = 0.04  # … `Skip` (with max_skip 0 the server takes it as Over)
    mention_rate: float = 0.3  # … a line with an `@Agent[NN]` mention
    think: float = 0.0  # seconds to wait before each answer (asyncio: other agents go on meanwhile)
    rng: random.Random = field(init=False)
    received: list[Received] = field(default_factory=list, init=False)
    talk_history: list[Talk] = field(default_factory=list, init=False)
    whisper_history: list[Talk] = field(default_factory=list, init=False)
    info: Any = field(default=None, init=False)  # the last Info
    setting: Any = field(default=None, init=False)  # the last Setting
    finished: bool = field(default=False, init=False)  # FINISH received
    close_code: int | None = field(default=None, init=False)  # how the server closed the socket (None: open)
    closed_at: float | None = field(default=None, init=False)
    error: str | None = field(default=None, init=False)  # a failure on the agent's side (parse error…)
    extra: list[str] = field(default_factory=list, init=False)  # frames to send right after the next reply

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.name}/{self.seed}")

    # --- what the agent knows -----------------------------------------------------------------

    @property
    def game_id(self) -> str | None:
        return self.info.game_id if self.info is not None else None

    @property
    def me(self) -> str | None:
        """The in-game name (`Agent[NN]`)."""
        return self.info.agent if self.info is not None else None

    @property
    def role(self) -> Role | None:
        if self.info is None:
            return None
        return self.info.role_map.get(self.info.agent)

    def alive(self) -> list[str]:
        if self.info is None:
            return []
        return [k for k, v in self.info.status_map.items() if v == Status.ALIVE]

    def requests(self) -> list[Request]:
        return [r.packet.request for r in self.received]

    def packets(self, *kinds: Request) -> list[Received]:
        return [r for r in self.received if not kinds or r.packet.request in kinds]

    # --- receiving and answering --------------------------------------------------------------

    def observe(self, raw: dict[str, Any], packet: Packet | None = None) -> Received:
        """Parse a packet with the package's own classes and keep it, as the sample agent's set_packet."""
        if packet is None:
            packet = Packet.from_dict(raw)
        got = Received(raw=raw, packet=packet, at=time.monotonic())
        self.received.append(got)
        if packet.info:
            self.info = packet.info
        if packet.setting:
            self.setting = packet.setting
        if packet.request == Request.INITIALIZE:
            self.talk_history, self.whisper_history = [], []
        if packet.talk_history:
            self.talk_history.extend(packet.talk_history)
        if packet.whisper_history:
            self.whisper_history.extend(packet.whisper_history)
        if packet.request == Request.FINISH:
            self.finished = True
        return got

    def answer(self, packet: Packet) -> str | None:
        """The sample agent's answer: its name, a line, or a random living name; nothing otherwise."""
        request = packet.request
        if request == Request.NAME:
            return self.name
        if request in TEXT_REQUESTS:
            return self.line()
        if request in TARGET_REQUESTS:
            alive = self.alive()
            return self.rng.choice(alive) if alive else None
        return None

    def line(self) -> str:
        roll = self.rng.random()
        if roll < self.over_rate:
            return "Over"
        if roll < self.over_rate + self.skip_rate:
            return "Skip"
        others = [n for n in self.alive() if n != self.me]
        if others and self.rng.random() < self.mention_rate:
            return self.rng.choice(MENTION_LINES).format(name="@" + self.rng.choice(others))
        return self.rng.choice(LINES)

    async def respond(self, packet: Packet) -> str | bytes | None:
        """What to send for a packet (None: nothing). A subclass may wait, misbehave or close."""
        if self.think and packet.request != Request.NAME:
            await asyncio.sleep(self.think)
        return self.answer(packet)


class AgentGone(Exception):
    """Raised by `respond` to close the socket at once (the agent quits mid-game)."""


async def play(agent: Agent, url: str, *, linger: float = 30.0, token: str | None = None) -> Agent:
    """Play one agent over an asyncio WebSocket client until the server closes the socket (or the agent
    quits by raising AgentGone). Never raises for a closed connection: `close_code` tells."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    headers = {"Authorization": f"Bearer {token}"} if token else None
    try:
        async with connect(
            url,
            ping_interval=None,  # as websocket-client: answers the server's pings, never sends its own
            max_size=None,
            open_timeout=30,
            close_timeout=2,
            additional_headers=headers,
            user_agent_header="aiwolf-nlp-common/0.7.0 Python/3 (tests)",
        ) as ws:
            try:
                while True:
                    timeout = linger if agent.finished else None
                    try:
                        message = await asyncio.wait_for(ws.recv(), timeout)
                    except TimeoutError:
                        agent.error = "the server did not close the socket after FINISH"
                        break
                    text = message.decode() if isinstance(message, bytes) else message
                    try:
                        got = agent.observe(json.loads(text))
                    except Exception as exc:  # the package could not read it: the official agent dies here
                        agent.error = f"unreadable packet: {exc!r}: {text[:300]}"
                        break
                    try:
                        reply = await agent.respond(got.packet)
                    except AgentGone:
                        break
                    got.reply = reply
                    if reply is None:
                        continue
                    if isinstance(reply, str) and not reply.endswith("\n"):
                        reply += "\n"  # as Client.send
                    await ws.send(reply)
                    while agent.extra:  # e.g. a stale answer sent after the reply, in a frame of its own
                        await ws.send(agent.extra.pop(0) + "\n")
            except ConnectionClosed:
                pass
        agent.close_code = ws.close_code  # the server's close, or ours (AgentGone)
    except ConnectionClosed as exc:
        agent.close_code = exc.rcvd.code if exc.rcvd else None
    except OSError as exc:
        agent.error = f"could not connect: {exc!r}"
    agent.closed_at = time.monotonic()
    return agent


def play_with_client(agent: Agent, url: str, *, think: float = 0.0, token: str | None = None) -> Agent:
    """Play one agent with aiwolf-nlp-common's own synchronous `Client` (blocking: run it in a thread).
    `think` seconds pass between receiving a packet and answering it, outside `receive()`, so a ping
    the server sent meanwhile goes unanswered, as with the official agent."""
    from aiwolf_nlp_common.client import Client
    from websocket import WebSocketException

    client = Client(url, token)
    client.connect()
    try:
        while True:
            try:
                packet = client.receive()
            except (WebSocketException, OSError):
                break
            except ValueError as exc:  # recv() gives "" once the server closed the socket
                if client.socket.connected:
                    agent.error = f"unreadable packet: {exc!r}"
                break
            got = agent.observe({}, packet)
            if packet.request != Request.NAME and think:
                time.sleep(think)
            reply = agent.answer(packet)
            got.reply = reply
            if reply:  # as the sample agent: `if req: send(req)`
                try:
                    client.send(reply)
                except (WebSocketException, OSError):
                    break
        agent.close_code = 0  # closed by the server (websocket-client does not tell the code)
    finally:
        client.close()
    agent.closed_at = time.monotonic()
    return agent


async def play_all(agents: Iterable[Agent], url: str, *, stagger: float = 0.0, **kw: Any) -> list[Agent]:
    """Play agents at once (connected in order, `stagger` seconds apart) until every socket closes."""
    tasks = []
    for a in agents:
        tasks.append(asyncio.create_task(play(a, url, **kw)))
        if stagger:
            await asyncio.sleep(stagger)
        else:
            await asyncio.sleep(0)  # connect in this order: the waiting room seats them so
    return list(await asyncio.gather(*tasks))


async def until(condition: Any, timeout: float = 20.0) -> None:
    """Wait until `condition()` holds (polling), failing after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.02)


def by_game(agents: Iterable[Agent]) -> dict[str, list[Agent]]:
    """Agents grouped by the game they played (their INITIALIZE's game_id), each group in seat order."""
    games: dict[str, list[Agent]] = {}
    for a in agents:
        if a.game_id is not None:
            games.setdefault(a.game_id, []).append(a)
    for group in games.values():
        group.sort(key=lambda a: seat_of(a.me or ""))
    return games


# --- a server in this process ---------------------------------------------------------------------


@dataclass
class Served:
    http: str  # the API's base URL
    server: Any  # the uvicorn.Server

    @property
    def ws(self) -> str:
        return "ws" + self.http[len("http") :] + PATH

    def url(self, **query: Any) -> str:
        if not query:
            return self.ws
        return self.ws + "?" + "&".join(f"{k}={v}" for k, v in query.items())

    @property
    def service(self) -> Any:
        return self.server.config.app.state.service


@contextlib.contextmanager
def served(database_url: str, **settings: Any) -> Iterator[Served]:
    """`grimoire serve` as the tests run it: in this process, a background thread, a free port, with
    these settings (e.g. `aiwolf_time_scale=0.05` for short timeouts)."""
    from grimoire.service.serving import start_server
    from grimoire.service.settings import Settings

    http, server = start_server(database_url, Settings(**settings))
    try:
        yield Served(http, server)
    finally:
        server.should_exit = True


def lobby_game(http: str, size: int, *, time_scale: float = 1.0, moderator: bool = False) -> dict[str, Any]:
    """A new aiwolf game in the lobby over REST, every seat open (for `?game=<id>`): its reply, with
    `host` the host's Authorization header."""
    import httpx

    body: dict[str, Any] = {"ruleset": "aiwolf", "preset": str(size), "moderator": moderator}
    if time_scale != 1.0:
        body["options"] = {"time_scale": time_scale}
    r = httpx.post(f"{http}/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    game["host"] = {"Authorization": "Bearer " + game["host_token"]}
    return game


async def start_when_full(http: str, game: dict[str, Any], timeout: float = 30.0) -> None:
    """The host starts a lobby game once every seat is taken."""
    import httpx

    async with httpx.AsyncClient(base_url=http, timeout=30) as c:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            listed = list((await c.get("/games", params={"status": "lobby", "limit": 200})).json()["games"])
            mine = [g for g in listed if g["game_id"] == game["game_id"]]
            if mine and mine[0]["open_seats"] == 0:
                r = await c.post(f"/games/{game['game_id']}/start", headers=game["host"])
                assert r.status_code == 200, r.text
                return
            await asyncio.sleep(0.05)
    raise AssertionError("the lobby game's seats were not all taken in time")


async def rest_player(http: str, game_id: str, name: str, seed: int = 0) -> dict[str, Any]:
    """A REST bot: joins a lobby game's next open seat, then plays it from its own view (random legal
    actions, as service.bots) until the game ends. Returns its join reply."""
    import httpx
    import msgspec

    from grimoire.projections.view import View
    from grimoire.service.bots import owed_action

    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=http, timeout=30) as c:
        r = await c.post(f"/games/{game_id}/seats", json={"name": name})
        assert r.status_code == 201, r.text
        joined: dict[str, Any] = r.json()
        headers = {"Authorization": "Bearer " + joined["token"]}
        while True:
            reply = (await c.get(f"/games/{game_id}/view", headers=headers)).json()
            view = msgspec.convert(reply["view"], View, strict=False)
            if view.status in ("ended", "aborted"):
                return joined
            action = owed_action(view, rng) if view.status == "running" else None
            if action is not None:
                await c.post(f"/games/{game_id}/actions", json=msgspec.to_builtins(action), headers=headers)
            else:
                await asyncio.sleep(0.02)


# --- reading a game over REST ---------------------------------------------------------------------


def audit(http: str, game_id: str) -> dict[str, Any]:
    """A game's whole log (`GET /games/{id}/audit`: anyone may read it after the end)."""
    import httpx

    r = httpx.get(f"{http}/games/{game_id}/audit", timeout=60)
    assert r.status_code == 200, r.text
    return r.json()


def verify(http: str, game_id: str) -> dict[str, Any]:
    import httpx

    r = httpx.get(f"{http}/games/{game_id}/audit/verify", timeout=120)
    assert r.status_code == 200, r.text
    return r.json()


def lobby(http: str, status: str = "") -> list[dict[str, Any]]:
    """Every game of the lobby (with a status: only those), oldest first."""
    import httpx

    games: list[dict[str, Any]] = []
    while True:
        query = {"limit": 200, "offset": len(games), **({"status": status} if status else {})}
        page = httpx.get(f"{http}/games", params=query, timeout=30).json()["games"]
        games.extend(page)
        if len(page) < 200:
            return games


def ended(http: str, game_id: str) -> dict[str, Any]:
    """The game's `game_ended` event (reason, winners, roles), from its log."""
    events = [e["event"] for e in audit(http, game_id)["events"]]
    last = [e for e in events if e["type"] == "game_ended"]
    assert last, "the game has not ended"
    return last[-1]
