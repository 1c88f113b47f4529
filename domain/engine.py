"""The Decider: `decide(state, input) -> events | RuleViolation`, `evolve(state, event) -> state`.

Both are pure: time arrives in the input (`at`), randomness comes from the game's seeded stream.
The kernel owns what every ruleset shares — the lobby, steps with their prompts, answers,
deadlines with reminders and defaults, deaths and the end — and calls the ruleset's hooks for
what differs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from domain import rulesets
from domain.events import (
    MODERATOR,
    PUBLIC,
    Abort,
    Act,
    Action,
    Audience,
    CreateGame,
    DeadlineExtended,
    DeathCause,
    Decision,
    Defaulted,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Input,
    Join,
    Notice,
    PhaseStarted,
    Prompt,
    Resolved,
    RoleChanged,
    RoleDealt,
    Start,
    StepOpened,
    Timeout,
    VoteResult,
    encode,
)
from domain.messages import LANGS
from domain.rng import Rng, seed_commitment
from domain.rulesets.base import Ruleset
from domain.state import GameState, Step
from domain.violations import RuleViolation

ENGINE_VERSION = "1.0"
MAX_NAME = 40

replace = msgspec.structs.replace


def initial_state() -> GameState:
    return GameState()


def is_terminal(state: GameState) -> bool:
    return state.status == "ended"


def ruleset_of(state: GameState) -> Ruleset:
    return _RULESETS[state.ruleset]


_RULESETS = rulesets.RULESETS


# --- the decide-time builder -------------------------------------------------------------------


class Table:
    """Where `decide` writes: each emitted event is evolved at once, so later logic reads it."""

    __slots__ = ("state", "at", "rs", "events", "_rng", "_stream")

    def __init__(self, state: GameState, at: int, rs: Ruleset) -> None:
        self.state = state
        self.at = at
        self.rs = rs
        self.events: list[Event] = []
        self._rng: Rng | None = None
        self._stream = state.shown

    @property
    def rng(self) -> Rng:
        """The game's seeded stream for this input.

        Draws are keyed by the number of public events so far, never by a count that hidden events
        change (whispers, secret ballots, night choices): otherwise how much the wolves whispered
        would change every later random tie-break that others can see.
        """
        if self._rng is None:
            self._rng = Rng(self.state.seed, self._stream)
        return self._rng

    def record(self, event: Event) -> Event:
        self.state = evolve(self.state, event)
        self.events.append(event)
        return event

    def emit(self, cls: type[Event], **fields: Any) -> Event:
        return self.record(cls(at=self.at, **fields))

    def notice(self, key: str, to: Audience = PUBLIC, learn: dict[int, str] | None = None, **args: Any) -> None:
        """A moderator message to its audience."""
        self.emit(Notice, to=to, key=key, args=plain(args), learn=learn or {})

    def resolved(self, what: str, **data: Any) -> None:
        """The truth of a resolution, for the moderator and the audit."""
        self.emit(Resolved, to=MODERATOR, what=what, data=plain(data))

    def vote_result(
        self, vote: str, tally: dict[int, float], ballots: dict[int, int | None] | None, valid: bool = True
    ) -> tuple[int, ...]:
        """Announce a closed ballot and return its leaders: one is chosen, several are tied (none if
        nobody was named or the ballot is not `valid`)."""
        top = max(tally.values(), default=0)
        leaders = tuple(sorted(t for t, c in tally.items() if c == top)) if top and valid else ()
        self.emit(
            VoteResult,
            vote=vote,
            tally={t: float(c) for t, c in sorted(tally.items())},
            ballots=ballots,
            chosen=leaders[0] if len(leaders) == 1 else None,
            tied=leaders if len(leaders) > 1 else (),
        )
        return leaders

    def phase(self, phase: str, day: int) -> None:
        self.emit(PhaseStarted, phase=phase, day=day)

    def duration(self, option: str | float) -> int | None:
        """The deadline of a step whose length is the option `option` or a number (seconds; 0: none)."""
        base = self.state.options[option] if isinstance(option, str) else option
        length = base * self.state.options["time_scale"]
        return None if length <= 0 else self.at + max(1, round(length * 1000))

    def open_step(
        self,
        name: str,
        duration: str | float,
        seats: Sequence[int] = (),
        decisions: tuple[Decision, ...] = (),
        private: dict[int, tuple[Decision, ...]] | None = None,
        extend: bool = True,
        hold: bool = False,
    ) -> None:
        """Open a step: public `decisions` for `seats`, then each seat's private prompt."""
        self.emit(
            StepOpened,
            step=self.state.steps + 1,
            name=name,
            deadline=self.duration(duration),
            seats=tuple(seats),
            decisions=decisions,
            extend=extend,
            hold=hold,
        )
        for seat, own in (private or {}).items():
            self.prompt(seat, own)

    def prompt(self, seat: int, decisions: tuple[Decision, ...], reset: bool = False) -> None:
        """A private prompt in the open step (`reset`: these are now all the seat's decisions, owed anew)."""
        self.emit(Prompt, to=(seat,), step=self.state.steps, seat=seat, decisions=decisions, reset=reset)

    def withdraw(self, seat: int, kinds: tuple[str, ...]) -> None:
        """Take decisions of these kinds away from the seat in the open step; its answer stands."""
        self.emit(Prompt, to=(seat,), step=self.state.steps, seat=seat, withdraw=kinds)

    def kill(self, deaths: dict[int, str], when: str) -> None:
        """Deaths with their causes (moderator only), then one public notice in seat order."""
        if not deaths:
            return
        for seat in sorted(deaths):
            self.emit(DeathCause, to=MODERATOR, seat=seat, cause=deaths[seat])
        self.emit(Died, seats=tuple(sorted(deaths)), when=when)
        if self.state.options.get("dead_see_all"):
            everyone = dict(enumerate(self.state.roles, 1))
            for seat in sorted(deaths):
                self.notice("dead.roles", to=(seat,), learn=everyone)

    def change_role(self, seat: int, role: str) -> None:
        self.emit(RoleChanged, to=(seat,), seat=seat, role=role)

    def end(self, reason: str, winners: Iterable[int], teams: Iterable[str] = ()) -> None:
        self.emit(
            GameEnded,
            reason=reason,
            winners=tuple(sorted(winners)),
            teams=tuple(teams),
            roles=dict(enumerate(self.state.roles, 1)),
            seed=self.state.seed,
        )


def plain(value: Any) -> Any:
    """JSON-native values (lists, string keys), so that a stored event reads back equal."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


_SCALARS = frozenset({int, str, bool, float, type(None)})


# --- decide ------------------------------------------------------------------------------------


def _refuse(code: str, **args: Any) -> RuleViolation:
    return RuleViolation(code=code, args=args)


def decide(state: GameState, inp: Input) -> list[Event] | RuleViolation:
    out = run(state, inp)
    return out if isinstance(out, RuleViolation) else out[0]


def run(state: GameState, inp: Input) -> tuple[list[Event], GameState] | RuleViolation:
    """`decide`, also returning the state its events fold into (so a caller need not fold twice)."""
    g = _decide(state, inp)
    if isinstance(g, RuleViolation):
        return g
    return g.events, g.state


def _decide(state: GameState, inp: Input) -> Table | RuleViolation:
    if isinstance(inp, Act):
        return _decide_act(state, inp)
    if isinstance(inp, Timeout):
        return _decide_timeout(state, inp)
    if isinstance(inp, CreateGame):
        return _decide_create(state, inp)
    if isinstance(inp, Join):
        return _decide_join(state, inp)
    if isinstance(inp, Start):
        return _decide_start(state, inp)
    if isinstance(inp, Abort):
        if state.status not in ("lobby", "running"):
            return _refuse("game_not_running")
        g = Table(state, inp.at, ruleset_of(state))
        g.record(replace(inp, to=PUBLIC))
        g.end("aborted", ())
        return g
    return _refuse("unknown_action")


def resolve_options(rs: Ruleset, given: dict[str, Any]) -> dict[str, Any] | RuleViolation:
    specs = rs.all_options()
    for name, value in given.items():
        spec = specs.get(name)
        if spec is None or not spec.accepts(value):
            return _refuse("bad_option", option=name)
    return {name: given.get(name, spec.default) for name, spec in specs.items()}


def _decide_create(state: GameState, inp: CreateGame) -> Table | RuleViolation:
    if state.status != "new":
        return _refuse("game_exists")
    rs = rulesets.get(inp.ruleset)
    if rs is None:
        return _refuse("unknown_ruleset")
    if not rs.min_seats <= inp.seats <= rs.max_seats or len(inp.names) > inp.seats:
        return _refuse("bad_seats")
    if len(set(inp.names)) != len(inp.names) or not all(_good_name(n) for n in inp.names):
        return _refuse("name_taken")
    lang = inp.lang or rs.doc_lang
    if lang not in LANGS:
        return _refuse("bad_lang")
    roles = rs.setup(inp.seats, inp.preset, inp.roles)
    if isinstance(roles, str):
        code, _, reason = roles.partition(":")
        return _refuse(code, reason=reason) if reason else _refuse(code)
    options = resolve_options(rs, inp.options)
    if isinstance(options, RuleViolation):
        return options
    try:
        commitment = seed_commitment(inp.seed)
    except ValueError:
        return _refuse("bad_option", option="seed")
    created = GameCreated(
        at=inp.at,
        game_id=inp.game_id,
        ruleset=rs.id,
        ruleset_version=rs.version,
        engine_version=ENGINE_VERSION,
        seats=inp.seats,
        names=inp.names,
        preset=inp.preset,
        roles=roles if inp.preset is None else (),
        options=options,
        lang=lang,
        seed_sha256=commitment,
        seed_supplied=inp.seed_supplied,
        moderator=inp.moderator,
    )
    g = Table(state, inp.at, Ruleset())
    g.record(replace(inp, to=MODERATOR))
    g.record(created)
    return g


def _good_name(name: str) -> bool:
    return 0 < len(name.strip()) <= MAX_NAME and name == name.strip() and name.isprintable()


def _decide_join(state: GameState, inp: Join) -> Table | RuleViolation:
    if state.status != "lobby":
        return _refuse("game_not_in_lobby")
    if len(state.names) >= state.seats:
        return _refuse("no_open_seat")
    if not _good_name(inp.name):
        return _refuse("bad_name")
    if inp.name in state.names:
        return _refuse("name_taken")
    g = Table(state, inp.at, ruleset_of(state))
    g.record(replace(inp, to=PUBLIC))
    return g


def _decide_start(state: GameState, inp: Start) -> Table | RuleViolation:
    if state.status != "lobby":
        return _refuse("game_not_in_lobby")
    if len(state.names) < state.seats:
        return _refuse("seats_open")
    g = Table(state, inp.at, ruleset_of(state))
    g.record(replace(inp, to=PUBLIC))
    g.rs.start(g)
    return g


def _check_choice(state: GameState, seat: int, action: Action, decision: Decision) -> RuleViolation | None:
    """The decision's own rules: target, targets, option and text."""
    n = state.seats
    if decision.count > 1:
        picks = action.targets
        if len(picks) != decision.count or len(set(picks)) != len(picks):
            return _refuse("bad_targets")
    else:
        picks = () if action.target is None else (action.target,)
        if action.targets:
            return _refuse("bad_targets")
        if not picks and (decision.targets or decision.barred) and not decision.optional:
            return _refuse("target_required")
        if picks and not (decision.targets or decision.barred):
            return _refuse("target_not_allowed")
    for target in picks:
        if not 1 <= target <= n:
            return _refuse("unknown_seat")
        if target == seat and not decision.self_ok:
            return _refuse("self_target")
        if target in decision.targets:
            continue
        if not state.alive[target - 1] and not decision.dead_ok:
            return _refuse("target_dead")
        if state.alive[target - 1] and decision.dead_ok and not decision.targets:
            return _refuse("target_alive")
        for barred, code in decision.barred:
            if barred == target:
                return _refuse(code)
        return _refuse("target_illegal")
    if decision.options:
        if action.option not in decision.options:
            return _refuse("bad_option_value")
    elif action.option is not None:
        return _refuse("bad_option_value")
    if action.text is not None:
        if decision.text <= 0:
            return _refuse("text_not_allowed")
        if len(action.text) > decision.text:
            return _refuse("speech_too_long", max=decision.text)
    return None


def _decide_act(state: GameState, inp: Act) -> Table | RuleViolation:
    if state.status != "running":
        return _refuse("game_not_running")
    seat, action = inp.seat, inp.action
    if not 1 <= seat <= state.seats:
        return _refuse("unknown_seat")
    rs = ruleset_of(state)
    if action.kind not in rs.action_kinds:
        return _refuse("unknown_action")
    step = state.step
    decision = step.decision(seat, action.kind) if step else None
    if decision is None:
        code = rs.unavailable(state, seat, action)
        if code:
            return _refuse(code)
        if not state.alive[seat - 1]:
            return _refuse("actor_dead")
        if step and any(step.decision(other, action.kind) for other in step.public):
            return _refuse("not_your_turn")
        return _refuse("wrong_phase")
    if decision.final and seat in step.answers:
        return _refuse("already_answered")
    refusal = _check_choice(state, seat, action, decision)
    if refusal is None:
        code = rs.check(state, seat, action, decision)
        refusal = _refuse(code) if code else None
    if refusal is not None:
        return refusal
    g = Table(state, inp.at, rs)
    g.record(replace(inp, to=rs.audience(state, seat, action)))
    rs.on_act(g, seat, action, decision)
    after = g.state.step
    if not decision.repeatable and not step.hold and after is not None and after.no == step.no and after.complete():
        rs.on_close(g)
    return g


def _decide_timeout(state: GameState, inp: Timeout) -> Table | RuleViolation:
    if state.status != "running":
        return _refuse("game_not_running")
    step = state.step
    if step is None or inp.step != step.no:
        return _refuse("stale_deadline")
    if not inp.forced and (step.deadline is None or inp.at < step.deadline):
        return _refuse("deadline_not_reached")
    rs = ruleset_of(state)
    g = Table(state, inp.at, rs)
    g.record(replace(inp, to=PUBLIC))
    owing = step.owing()
    if owing and step.extend and step.retries_left > 0 and not inp.forced and step.deadline is not None:
        g.emit(
            DeadlineExtended,
            step=step.no,
            deadline=inp.at + step.length,
            retries_left=step.retries_left - 1,
        )
        for seat in owing:
            g.notice("reminder", to=(seat,))
        return g
    for seat in owing:
        action = rs.default(g.state, seat, step.prompts[seat], g.rng)
        if action is not None:
            g.emit(Defaulted, to=rs.audience(g.state, seat, action), seat=seat, action=action)
    rs.on_close(g)
    return g


# --- evolve ------------------------------------------------------------------------------------


def _answer(state: GameState, seat: int, action: Action) -> GameState:
    step = state.step
    decision = step.decision(seat, action.kind)
    if decision is None or decision.repeatable:
        return state
    return replace(state, step=replace(step, answers={**step.answers, seat: action}))


def evolve(state: GameState, event: Event) -> GameState:
    if event.to == PUBLIC:
        state = replace(state, shown=state.shown + 1)
    handler = _EVOLVE.get(type(event))
    if handler is not None:
        state = handler(state, event)
    ruleset = _RULESETS.get(state.ruleset)
    return ruleset.evolve(state, event) if ruleset is not None else state


def _on_create(state: GameState, e: CreateGame) -> GameState:
    return replace(state, game_id=e.game_id, seed=e.seed, moderator=e.moderator)


def _on_created(state: GameState, e: GameCreated) -> GameState:
    rs = rulesets.get(e.ruleset)
    roles = rs.presets[e.preset] if e.preset else e.roles
    return replace(
        state,
        status="lobby",
        ruleset=e.ruleset,
        seats=e.seats,
        names=e.names,
        preset=e.preset,
        setup_roles=roles,
        options=e.options,
        lang=e.lang,
        roles=("",) * e.seats,
        alive=(True,) * e.seats,
    )


def _on_step(state: GameState, e: StepOpened) -> GameState:
    step = Step(
        no=e.step,
        name=e.name,
        opened_at=e.at,
        deadline=e.deadline,
        length=0 if e.deadline is None else e.deadline - e.at,
        retries_left=state.options.get("retries", 0),
        extend=e.extend,
        hold=e.hold,
        public=e.seats,
        prompts=dict.fromkeys(e.seats, e.decisions) if e.decisions else {},
    )
    return replace(state, step=step, steps=e.step)


def _on_prompt(state: GameState, e: Prompt) -> GameState:
    step = state.step
    if e.reset:
        answers = {seat: a for seat, a in step.answers.items() if seat != e.seat}
        return replace(state, step=replace(step, prompts={**step.prompts, e.seat: e.decisions}, answers=answers))
    own = step.prompts.get(e.seat, ())
    if e.withdraw:
        own = tuple([d for d in own if d.kind not in e.withdraw])
    own += e.decisions
    return replace(state, step=replace(step, prompts={**step.prompts, e.seat: own}))


def _on_extended(state: GameState, e: DeadlineExtended) -> GameState:
    return replace(state, step=replace(state.step, deadline=e.deadline, retries_left=e.retries_left))


def _set_role(state: GameState, seat: int, role: str) -> GameState:
    roles = list(state.roles)
    roles[seat - 1] = role
    return replace(state, roles=tuple(roles))


def _on_died(state: GameState, e: Died) -> GameState:
    alive = list(state.alive)
    for seat in e.seats:
        alive[seat - 1] = False
    return replace(state, alive=tuple(alive))


_EVOLVE: dict[type, Any] = {
    CreateGame: _on_create,
    GameCreated: _on_created,
    Join: lambda s, e: replace(s, names=(*s.names, e.name)),
    Start: lambda s, e: replace(s, status="running"),
    Abort: lambda s, e: s,
    Timeout: lambda s, e: s,
    Act: lambda s, e: _answer(s, e.seat, e.action),
    Defaulted: lambda s, e: _answer(s, e.seat, e.action),
    StepOpened: _on_step,
    Prompt: _on_prompt,
    DeadlineExtended: _on_extended,
    RoleDealt: lambda s, e: _set_role(s, e.seat, e.role),
    RoleChanged: lambda s, e: _set_role(s, e.seat, e.role),
    PhaseStarted: lambda s, e: replace(s, phase=e.phase, day=e.day),
    Died: _on_died,
    GameEnded: lambda s, e: replace(s, status="ended", step=None, winners=e.winners),
}


def fold(events: Iterable[Event], state: GameState | None = None) -> GameState:
    state = state or initial_state()
    for event in events:
        state = evolve(state, event)
    return state


# --- audit -------------------------------------------------------------------------------------


class AuditReport(msgspec.Struct, frozen=True, kw_only=True):
    ok: bool
    events: int
    inputs: int
    problems: tuple[str, ...] = ()
    unsupported: RuleViolation | None = None  # recorded under other versions: not replayed


def unsupported_version(events: Sequence[Event]) -> RuleViolation | None:
    """`unsupported_ruleset_version` when the game was recorded under another version of its ruleset or
    of the engine than this code's: replaying it here would hold it to rules it was not played by."""
    created = next((e for e in events if isinstance(e, GameCreated)), None)
    rs = rulesets.get(created.ruleset) if created is not None else None
    if rs is None or (created.ruleset_version, created.engine_version) == (rs.version, ENGINE_VERSION):
        return None
    return _refuse(
        "unsupported_ruleset_version",
        ruleset=rs.id,
        stored_ruleset_version=created.ruleset_version,
        ruleset_version=rs.version,
        stored_engine_version=created.engine_version,
        engine_version=ENGINE_VERSION,
    )


def verify(events: Sequence[Event]) -> AuditReport:
    """Replay the inputs through `decide` and check that they reproduce every stored outcome."""
    unsupported = unsupported_version(events)
    if unsupported is not None:
        a = unsupported.args
        problem = (
            f"recorded with {a['ruleset']} version {a['stored_ruleset_version']} "
            f"(engine {a['stored_engine_version']}); this code runs version {a['ruleset_version']} "
            f"(engine {a['engine_version']})"
        )
        return AuditReport(ok=False, events=len(events), inputs=0, problems=(problem,), unsupported=unsupported)
    state = initial_state()
    problems: list[str] = []
    i = inputs = 0
    while i < len(events):
        event = events[i]
        if not isinstance(event, Input):
            problems.append(f"event {i + 1} ({type(event).__struct_config__.tag}) follows no input")
            break
        inputs += 1
        result = run(state, event)
        if isinstance(result, RuleViolation):
            problems.append(f"input {i + 1} is refused on replay: {result.code}")
            break
        produced, state = result
        stored = list(events[i : i + len(produced)])
        if [encode(e) for e in produced] != [encode(e) for e in stored]:
            at = next((k for k, (a, b) in enumerate(zip(produced, stored)) if a != b), min(len(produced), len(stored)))
            problems.append(f"event {i + at + 1} differs from what its input produces on replay")
            break
        i += len(produced)
    return AuditReport(ok=not problems, events=len(events), inputs=inputs, problems=tuple(problems))
