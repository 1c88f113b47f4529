"""One agent playing one seat: the seat's feed, read in order, becomes the protocol's packets; what the
seat owes becomes a request, and the agent's answer becomes the seat's action.

Everything an agent is told comes from its seat's feed and its seat's view (folded from that feed by
`projections.view.apply`, as the REST view is): the gateway knows nothing the seat may not.

Timing, as the reference server's:
- An answer is awaited (action_timeout + acceptable_timeout) × time_scale. Past that the request has
  failed (the engine's deadline, the same length, takes the seat's default: a TALK becomes a Skip, a
  VOTE no vote) and the agent gets `{"request":"NAME"}`: it must answer its own name within
  response_timeout × time_scale. One message before the name is allowed and discarded (the late
  answer to the timed-out request); a second other message, or no name in time, fails the agent.
- Messages the agent sends when nothing is asked are discarded. A late answer can therefore never
  count for a later request, unless it arrives after that request was sent (the protocol carries no
  request id).
- A failed agent, or one whose socket closes during the game, is reported to the game as
  `Handover(how="failed")` (the ruleset then prompts it no more, and ends the game without a winner
  when too many fail); whatever it still owed is answered with the no-choice answer, and its socket is
  closed.
"""

from __future__ import annotations

import asyncio
import time

import structlog

from grimoire.domain.events import Decision, GameEnded, Handover, PhaseStarted, Prompt, StepOpened
from grimoire.domain.rulesets.aiwolf.facts import Talked, Whispered
from grimoire.projections.view import View, apply, new_view
from grimoire.service.aiwolf.facts import Facts
from grimoire.service.aiwolf.link import Closed, Link, either
from grimoire.service.aiwolf.protocol import (
    DAILY_FINISH,
    DAILY_INITIALIZE,
    FINISH,
    INITIALIZE,
    NAME_PACKET,
    REQUESTS,
    clean,
    encode,
    seat_named,
    seconds,
)
from grimoire.service.commands import Commands
from grimoire.service.entry import Entry, Principal, token_hash
from grimoire.service.errors import ServiceError
from grimoire.service.problems import ApiError
from grimoire.service.schemas import ActionRequest
from grimoire.service.web import blocking

log = structlog.get_logger("grimoire.aiwolf")
LANG = "en"
IDLE = 30.0  # seconds between looks at the game while nothing happens (a wake-up comes first)
SETTLE = 0.001  # seconds between tries while an input is being appended to the game
# events before which a DAILY_INITIALIZE or DAILY_FINISH due is sent (the deaths and results of a day's
# start come before them, so the packet carries them)
BOUNDARIES = (StepOpened, PhaseStarted, Prompt, Talked, Whispered)


class Failed(Exception):
    """The agent failed the liveness check."""


class Player:
    """One agent on one seat of a running game (see the module's docstring)."""

    def __init__(self, link: Link, commands: Commands, entry: Entry, seat: int, token: str, name: str) -> None:
        self.link = link
        self.commands = commands
        self.entry = entry
        self.seat = seat
        self.token = token
        self.digest = token_hash(token)
        self.name = name  # the agent's original name, its answer to NAME
        self.who = Principal("seat", seat)  # as the REST routes see a seat's caller: its seat now
        self.facts = Facts(seat)
        self.view: View = new_view(seat)
        self.cursor = 0  # the seat's events read
        self.due: str | None = None  # a DAILY_INITIALIZE or DAILY_FINISH to send at the next boundary
        self.initialized = False
        self.prompts = 0  # the prompts the seat has read: steps opened, and decisions given to it alone
        self.asked = 0  # the prompt last asked for (a whisper phase prompts each speaker in turn in one step)

    async def run(self) -> None:
        """Play to the end: FINISH and close; or fail the agent when it fails or its socket closes."""
        try:
            while True:
                await self.catch_up()
                if not self.holds():
                    await self.link.close("the seat was released")  # the host gave it to another device
                    return
                if self.view.status == "ended":
                    await self.finish()
                    return
                owed = self.owed()
                if owed is not None:
                    await self.request(owed)
                else:
                    await self.idle()
        except Closed:
            await self.fail("closed")
        except Failed as exc:
            await self.fail(str(exc))

    # --- the feed ------------------------------------------------------------------------------

    async def settled(self) -> int:
        """How many events the seat's feed holds while no input is being decided and appended: an input's
        events are read whole (the deaths of a day's start with its phase, a talk's counts with its step).
        The game's lock is only tried, never waited on, so the event loop is never blocked."""
        lock = self.entry.lock
        while not lock.acquire(blocking=False):
            await asyncio.sleep(SETTLE)
        try:
            return len(self.entry.feed(self.seat))
        finally:
            lock.release()

    async def catch_up(self) -> None:
        """Read the seat's new events, sending INITIALIZE, DAILY_INITIALIZE and DAILY_FINISH as they fall due."""
        feed = self.entry.feed(self.seat)
        records = self.entry.records
        end = await self.settled()
        while self.cursor < end:
            event = records[feed[self.cursor]].event
            self.cursor += 1
            if self.due is not None:
                if isinstance(event, GameEnded):
                    self.due = None  # a phase in which nothing happened is not announced at the end
                elif isinstance(event, BOUNDARIES):
                    await self.flush()
            if isinstance(event, StepOpened) or (isinstance(event, Prompt) and event.decisions):
                self.prompts += 1
            self.view = apply(self.view, event)
            self.facts.read(event, self.view)
            if isinstance(event, PhaseStarted):
                self.due = DAILY_INITIALIZE if event.phase == "day" else DAILY_FINISH
        if self.due is not None:
            await self.flush()

    async def flush(self) -> None:
        due, self.due = self.due, None
        if due == DAILY_INITIALIZE:
            if not self.initialized:
                self.initialized = True
                self.facts.reset()
                await self.send(INITIALIZE)
            self.facts.reset()
        if due is not None:
            await self.send(due)

    async def send(self, request: str) -> None:
        await self.link.send(encode(self.facts.packet(request, self.view)))

    def owed(self) -> Decision | None:
        """What the seat owes now and has not been asked for, when the seat has read all its events."""
        view = self.view
        if view.answered is not None or self.asked == self.prompts or len(self.entry.feed(self.seat)) > self.cursor:
            return None
        return next((d for d in view.decisions if d.kind in REQUESTS), None)

    async def idle(self) -> None:
        """Wait for the seat's next event; a message the agent sends meanwhile is discarded."""
        entry = self.entry
        entry.used = time.monotonic()
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = entry.waiters.setdefault(self.seat, set())
        waiting.add(woken)
        try:
            if len(entry.feed(self.seat)) > self.cursor:
                return
            read = self.link.read()
            await asyncio.wait(either(woken, read), timeout=IDLE, return_when=asyncio.FIRST_COMPLETED)
            if read.done():
                stray = self.link.take()
                log.info("aiwolf_stray_discarded", game_id=str(entry.id), seat=self.seat, length=len(stray))
        finally:
            waiting.discard(woken)

    # --- requests ------------------------------------------------------------------------------

    def timeout(self, *options: str) -> float:
        opts = self.facts.options
        scale = float(opts.get("time_scale", 1.0))
        defaults = {"action_timeout": 60.0, "acceptable_timeout": 5.0, "response_timeout": 120.0}
        return sum(seconds(opts, o, defaults[o]) for o in options) * scale

    async def request(self, decision: Decision) -> None:
        """Ask for `decision` and act on the answer; past the timeout, the liveness check."""
        self.asked = self.prompts
        await self.drain()
        await self.send(REQUESTS[decision.kind])
        try:
            reply = await self.link.receive(self.timeout("action_timeout", "acceptable_timeout"))
        except TimeoutError:
            log.info("aiwolf_request_timed_out", game_id=str(self.entry.id), seat=self.seat, kind=decision.kind)
            await self.liveness()
            return
        await self.answer(decision, self.action(decision, clean(reply)))

    async def drain(self) -> None:
        """Discard what the agent sent before a request: what has reached the server (its socket's buffer
        included) is read first. Two turns of the event loop: the socket read into the server's queue, and
        the pending read take it from there."""
        while True:
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            stale = self.link.stale()
            if stale is None:
                return
            log.info("aiwolf_stray_discarded", game_id=str(self.entry.id), seat=self.seat, length=len(stale))

    async def liveness(self) -> None:
        """`NAME` after a timed-out request: the agent's own name within the response timeout keeps it in
        the game (one late answer before it is discarded); anything else fails it."""
        await self.link.send(NAME_PACKET)
        deadline = time.monotonic() + self.timeout("response_timeout")
        strays = 0
        while True:
            try:
                reply = await self.link.receive(deadline - time.monotonic())
            except TimeoutError:
                raise Failed("no answer to the liveness check") from None
            if clean(reply) == self.name:
                return
            strays += 1
            if strays > 1:
                raise Failed("wrong answer to the liveness check")

    def action(self, decision: Decision, reply: str) -> ActionRequest:
        """The seat's action for an agent's (cleaned) reply: a talk's text as said (the ruleset reads Over and
        Skip and cuts it to the limits), or a target named exactly as the agents know a seat (`Agent[NN]`)
        among the legal ones; any other name is the decision's no-choice answer."""
        if decision.text > 0:
            return ActionRequest(kind=decision.kind, text=reply[: decision.text])
        target = seat_named(reply, self.view.names)
        if target is not None and target not in decision.targets:
            target = None
        return ActionRequest(kind=decision.kind, target=target)

    async def answer(self, decision: Decision, action: ActionRequest) -> None:
        """Act; an action the rules refuse is replaced by the no-choice answer (none left: the deadline's
        default stands)."""
        if await self.act(action):
            return
        fallback = no_choice(decision)
        if fallback != action:
            await self.act(fallback)

    def holds(self) -> bool:
        """Whether the seat's token still works (the host may release the seat, as any seat's)."""
        return self.digest in self.entry.tokens

    async def act(self, action: ActionRequest) -> bool:
        entry = self.entry
        if not self.holds():
            return False
        try:
            await blocking(self.commands.store, self.commands.act, entry, self.who, action, LANG, self.token)
        except (ServiceError, ApiError) as exc:
            code = getattr(exc, "code", type(exc).__name__)
            log.info("aiwolf_action_refused", game_id=str(entry.id), seat=self.seat, kind=action.kind, code=code)
            return False
        return True

    # --- the end -------------------------------------------------------------------------------

    async def finish(self) -> None:
        """FINISH (the day after the last, as the reference counts it) and close the socket."""
        view = self.view
        day = view.day + 1 if view.phase == "night" else view.day
        await self.link.send(encode(self.facts.packet(FINISH, view, day=day)))
        await self.link.close("finished")

    async def fail(self, reason: str) -> None:
        """The agent failed: the game is told, what the seat owes gets its no-choice answer, the socket closes."""
        entry = self.entry
        log.info("aiwolf_agent_failed", game_id=str(entry.id), seat=self.seat, reason=reason)
        if entry.state.status == "running" and self.holds():
            seat = self.seat

            def failed(e: Entry) -> Handover:
                return Handover(at=e.now(), seat=seat, how="failed")

            try:
                await blocking(self.commands.store, self.commands.submit, entry, failed, LANG)
                live = entry.views[seat]
                if live.answered is None:
                    for decision in live.decisions:
                        if decision.kind in REQUESTS:
                            await self.act(no_choice(decision))
            except Exception as exc:  # refused, or the service is stopping: the deadlines take the defaults
                code = getattr(exc, "code", type(exc).__name__)
                log.warning("aiwolf_failure_not_recorded", game_id=str(entry.id), seat=seat, code=code)
        await self.link.close(f"failed: {reason}")


def no_choice(decision: Decision) -> ActionRequest:
    """A decision's answer that chooses nothing: no target, or a talk that is over."""
    if decision.text > 0:
        return ActionRequest(kind=decision.kind, text="Over")
    return ActionRequest(kind=decision.kind)
