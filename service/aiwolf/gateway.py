"""The AIWolf NLP gateway: `GET /aiwolf/ws` on the API's own port, the WebSocket that unmodified AIWolf
NLP agents (`aiwolf-nlp-common` 0.7.0) connect to.

A connection is asked `NAME` first and has `aiwolf_name_timeout` seconds (10) to answer its original
name (`kanolab1`). Then:
- by default it waits for a game of its team (`service.aiwolf.matching`): `?players=13` (the default)
  or `?players=5`. The game is created with the `aiwolf` ruleset, preset "13" or "5", seats named
  `Agent[01]`… in the order the agents arrived, the gateway's `aiwolf_time_scale`, and started at once.
  Where the operator sets `GRIMOIRE_CREATION_TOKEN`, the connection carries it, as game creation over
  REST does: `X-Creation-Token`, `Authorization: Bearer` (the agent's `web_socket.token`) or `?token=`.
- `?game=<id>` takes the next open seat of an aiwolf game in the lobby instead (as `POST
  /games/{id}/seats` does, under the name `Agent[NN]` of that seat's number, or the first free one), so a
  table mixes agents with people and REST bots; the game starts when its host starts it. An agent that
  goes away before gives its seat up. Agents know every seat as `Agent[NN]`, by its number, whatever
  name it joined under.
Then the seat is played (`service.aiwolf.player`) to FINISH, and the socket closed.

Each connection is served by its own task (the ASGI server's, for the WebSocket) with one read pending:
no thread per connection or per game. Connections not yet in a game are capped per client address
(`aiwolf_waiting_per_address`) and in all (`aiwolf_waiting_max`). The waiting room lives in this process.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import structlog
from litestar import WebSocket, websocket

from grimoire.domain.events import GameCreated
from grimoire.projections.view import SPECTATOR
from grimoire.service.aiwolf.link import Closed, Link, either
from grimoire.service.aiwolf.matching import Seat, Waiting, WaitingRoom
from grimoire.service.aiwolf.player import IDLE, LANG, Player
from grimoire.service.aiwolf.protocol import NAME_PACKET, agent_name, clean, game_ulid, team_of
from grimoire.service.entry import HOST, Entry, Principal
from grimoire.service.errors import Refused, ServiceError
from grimoire.service.guards import CREATION_TOKEN_HEADER, client_address, networks, same
from grimoire.service.lifecycle import Service
from grimoire.service.problems import ApiError
from grimoire.service.schemas import CreateGameRequest
from grimoire.service.settings import Settings
from grimoire.service.web import blocking, entry_of

log = structlog.get_logger("grimoire.aiwolf")
RULESET = "aiwolf"
TABLES = (13, 5)  # the table sizes agents may ask for, the first the default
MAX_NAME = 100  # the longest original name taken
POLICY = 1008  # WebSocket close codes: a request refused, the server busy, a failure of ours
TRY_AGAIN = 1013
INTERNAL = 1011


class Refusal(Exception):
    """Why a connection is closed before it plays: the close reason and code."""

    def __init__(self, reason: str, code: int = POLICY) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class Gateway:
    """The gateway of one process: its waiting room and the service its games are played on."""

    def __init__(self, service: Service, settings: Settings) -> None:
        self.service = service
        self.settings = settings
        self.room = WaitingRoom(settings.aiwolf_waiting_per_address, settings.aiwolf_waiting_max)
        self.trusted = networks(settings.trusted_proxies)

    async def serve(self, socket: WebSocket[Any, Any, Any]) -> None:
        try:
            await socket.accept()
        except Exception:  # the client went away during the handshake
            return
        link = Link(socket)
        try:
            seat, name = await self.admit(link, socket)
            if seat is not None:
                await self.play(link, seat, name)
        except Refusal as refusal:
            await link.close(refusal.reason, refusal.code)
        except Closed:
            pass
        except Exception as exc:  # never a crash of the server: the agent is told, the error logged
            log.exception("aiwolf_connection_failed", error=type(exc).__name__)
            await link.close("internal error", INTERNAL)
        finally:
            await link.close()

    async def admit(self, link: Link, socket: WebSocket[Any, Any, Any]) -> tuple[Seat | None, str]:
        """NAME, then a seat: from the waiting room or an open seat of the game asked for."""
        params = socket.query_params
        game = params.get("game")
        players = self.table_size(params.get("players"))
        if game is None:
            self.check_creation_token(socket)
        address = client_address(socket.scope, self.trusted)
        if not self.room.admit(address):
            raise Refusal("too many connections waiting from this address", TRY_AGAIN)
        try:
            name = await self.hello(link)
            if game is not None:
                return await self.join(link, game, name), name
            return await self.match(link, name, players, address), name
        finally:
            self.room.release(address)

    @staticmethod
    def table_size(given: str | None) -> int:
        if given is None:
            return TABLES[0]
        if not given.isdigit() or int(given) not in TABLES:
            raise Refusal("players must be 13 or 5")
        return int(given)

    def check_creation_token(self, socket: WebSocket[Any, Any, Any]) -> None:
        expected = self.settings.creation_token
        if not expected:
            return
        scheme, _, bearer = socket.headers.get("authorization", "").partition(" ")
        given = (
            socket.headers.get(CREATION_TOKEN_HEADER)
            or (bearer.strip() if scheme.lower() == "bearer" else None)
            or socket.query_params.get("token")
        )
        if not given:
            raise Refusal("creation token required")
        if not same(given, expected):
            raise Refusal("bad creation token")

    async def hello(self, link: Link) -> str:
        await link.send(NAME_PACKET)
        try:
            name = clean(await link.receive(self.settings.aiwolf_name_timeout))
        except TimeoutError:
            raise Refusal("no answer to NAME in time") from None
        if not name or len(name) > MAX_NAME:
            raise Refusal("a name of 1 to 100 characters is needed")
        return name

    # --- the waiting room ----------------------------------------------------------------------

    async def match(self, link: Link, name: str, players: int, address: str) -> Seat | None:
        """Wait in the room for a game of the agent's team; the arrival that completes a table creates it."""
        waiting = Waiting(name, team_of(name), players, address)
        group = self.room.add(waiting)
        if group is not None:
            await self.create(group)
        while not waiting.matched.done():
            read = link.read()
            await asyncio.wait(either(waiting.matched, read), return_when=asyncio.FIRST_COMPLETED)
            if read.done() and not waiting.matched.done():
                try:
                    link.take()  # a message while waiting: discarded
                except Closed:
                    if waiting in self.room.teams.get((players, waiting.team), ()):
                        self.room.remove(waiting)
                        return None
                    await waiting.matched  # taken for a game being made: it fails there, as it is gone
        seat = waiting.matched.result()
        if seat is None:
            raise Refusal("the game could not be created", INTERNAL)
        return seat

    async def create(self, group: list[Waiting]) -> None:
        """Create and start the game of `group` (seats in its order), and tell each its seat."""
        service = self.service
        commands, games = service.commands, service.games
        seats: list[Seat | None] = [None] * len(group)
        try:
            if commands is None or games is None:
                raise RuntimeError("the service is not open")
            scale = self.settings.aiwolf_time_scale
            data = CreateGameRequest(
                ruleset=RULESET,
                preset=str(len(group)),
                names=[agent_name(i) for i in range(1, len(group) + 1)],
                options={"time_scale": scale} if scale != 1.0 else {},
            )
            reply = await blocking(commands.store, commands.create_game, data, LANG)
            game_id = uuid.UUID(reply.game_id)
            entry = await entry_of(games, game_id)
            await blocking(commands.store, commands.start, entry, Principal(HOST), LANG)
            seats = [Seat(game_id, s.token) for s in reply.seats]
            created = next((r.event.at for r in entry.records if isinstance(r.event, GameCreated)), 0)
            ulid = game_ulid(reply.game_id, created)  # the id the agents log the game under
            log.info("aiwolf_game_created", game_id=reply.game_id, ulid=ulid, team=group[0].team, players=len(group))
        except Exception as exc:
            log.error("aiwolf_game_not_created", error=type(exc).__name__, message=str(exc))
        for waiting, seat in zip(group, seats):
            if not waiting.matched.done():
                waiting.matched.set_result(seat)

    # --- a lobby game's open seat --------------------------------------------------------------

    async def join(self, link: Link, game: str, name: str) -> Seat | None:
        """Take the next open seat of an aiwolf game in the lobby under the name `Agent[NN]` of its number (else
        the first free one), and wait for the host to start it; the agent going away meanwhile gives the seat
        up."""
        service = self.service
        commands, games = service.commands, service.games
        if commands is None or games is None:
            raise Refusal("the service is not open", INTERNAL)
        try:
            entry = await entry_of(games, uuid.UUID(game))
        except (ValueError, ServiceError, ApiError):
            raise Refusal("no such game") from None
        if entry.state.ruleset != RULESET:
            raise Refusal("not an aiwolf game")
        token = ""
        for _ in range(entry.state.seats):
            if entry.state.status != "lobby":
                raise Refusal("the game is not in the lobby")
            taken, seats = entry.state.names, entry.state.seats
            if len(taken) >= seats:
                raise Refusal("no open seat")
            # the name its seat's number gives, as agents know every seat; else the first free one
            names = [agent_name(len(taken) + 1)] + [agent_name(i) for i in range(1, seats + 1)]
            free = next(n for n in names if n not in taken)
            try:
                token = (await blocking(commands.store, commands.join, entry, free, LANG)).token
                break
            except Refused as refused:
                if refused.code != "name_taken":
                    raise Refusal(refused.code) from None
        if not token:
            raise Refusal("no open seat")
        log.info("aiwolf_seat_taken", game_id=game, name=name)
        if not await self.started(link, entry):
            if entry.state.status == "lobby":
                await blocking(commands.store, commands.leave, entry, token, LANG)
                return None
            raise Refusal("the game did not start")
        return Seat(entry.id, token)

    async def started(self, link: Link, entry: Entry) -> bool:
        """Wait until the game leaves the lobby (True: it runs); False when the agent went away first."""
        while entry.state.status == "lobby":
            woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            waiting = entry.waiters.setdefault(SPECTATOR, set())
            waiting.add(woken)
            try:
                read = link.read()
                await asyncio.wait(either(woken, read), timeout=IDLE, return_when=asyncio.FIRST_COMPLETED)
                if read.done():
                    link.take()
            except Closed:
                return False
            finally:
                waiting.discard(woken)
        return entry.state.status == "running"

    # --- playing -------------------------------------------------------------------------------

    async def play(self, link: Link, seat: Seat, name: str) -> None:
        commands, games = self.service.commands, self.service.games
        if commands is None or games is None:
            raise Refusal("the service is not open", INTERNAL)
        entry = await entry_of(games, seat.game_id)
        who = await blocking(commands.store, games.principal, entry, seat.token)
        number = entry.seat_of(who.seat_number) if who is not None else None
        if number is None:
            raise Refusal("the seat is no longer this connection's")
        await Player(link, commands, entry, number, seat.token, name).run()


@websocket("/aiwolf/ws")
async def aiwolf_socket(socket: WebSocket[Any, Any, Any]) -> None:
    """The AIWolf NLP protocol (see `service.aiwolf.gateway`)."""
    gateway: Gateway = socket.app.state.aiwolf
    await gateway.serve(socket)
