"""The Decider: `decide(state, input) -> events | RuleViolation`, `evolve(state, event) -> state`.

Both are pure: time arrives in the input (`at`), randomness comes from the game's seeded stream.
The kernel owns what every ruleset shares — the lobby, steps with their prompts, answers,
deadlines with reminders and defaults, deaths and the end — and calls the ruleset's hooks for
what differs. The engine is given its ruleset as a value (`Decider(ruleset)`); it knows no
catalog of rulesets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from grimoire.domain.events import (
    HANDOVERS,
    MODERATOR,
    PUBLIC,
    Abort,
    Act,
    Action,
    CreateGame,
    DeadlineExtended,
    Decision,
    Defaulted,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Handover,
    Input,
    Join,
    Leave,
    PhaseStarted,
    Prompt,
    RoleChanged,
    RoleDealt,
    Start,
    StepOpened,
    Timeout,
)
from grimoire.domain.rng import seed_commitment
from grimoire.domain.ruleset import ABORTED, Change, Ruleset, Table, applies
from grimoire.domain.state import GameState, Step
from grimoire.domain.texts import LANGS
from grimoire.domain.violations import RuleViolation

# Every released version of the engine, oldest first (the last is current), and each change to the
# kernel's rules with the version that introduced it: engine code asks `applies(ENGINE_CHANGES,
# state.engine_version, id)`, as rule code asks its ruleset.
ENGINE_VERSIONS: tuple[str, ...] = ("2", "3")
# Rulings, "Deadlines": a deadline that passes while seats owe an answer reminds those seats alone and
# extends the step by a quarter of its length, at least 10 s; only the defaults' outcomes reach the feed.
QUIET_DEADLINES = Change(
    "3", "quiet_deadlines", "a missed deadline reminds the seats that owe, a quarter of the step more"
)
ENGINE_CHANGES: tuple[Change, ...] = (QUIET_DEADLINES,)
MAX_NAME = 40
MIN_EXTENSION_MS = 10_000  # the shortest extension (engine 3), before `time_scale`

replace = msgspec.structs.replace


def initial_state() -> GameState[Any]:
    return GameState()


def is_terminal(state: GameState[Any]) -> bool:
    return state.status == "ended"


class Decider:
    """The engine for one ruleset: `decide`, `evolve`, the initial state and the terminal test.

    A game it creates is pinned to the current versions of the ruleset and the engine, or to
    `pin` (ruleset version, engine version): the audit re-decides a stored game's creation so."""

    __slots__ = ("pin", "ruleset")

    initial_state = staticmethod(initial_state)
    is_terminal = staticmethod(is_terminal)

    def __init__(self, ruleset: Ruleset[Any], pin: tuple[str, str] | None = None) -> None:
        self.ruleset = ruleset
        self.pin = pin

    def decide(self, state: GameState[Any], inp: Input) -> list[Event] | RuleViolation:
        out = self.run(state, inp)
        return out if isinstance(out, RuleViolation) else out[0]

    def run(self, state: GameState[Any], inp: Input) -> tuple[list[Event], GameState[Any]] | RuleViolation:
        """`decide`, also returning the state its events fold into (so a caller need not fold twice)."""
        g = _decide(self, state, inp)
        if isinstance(g, RuleViolation):
            return g
        return g.events, g.state

    def evolve(self, state: GameState[Any], event: Event) -> GameState[Any]:
        if event.to == PUBLIC and type(event) is not Handover:  # a handover draws nothing, moves no draw
            state = replace(state, shown=state.shown + 1)
        handler = _EVOLVE.get(type(event))
        if handler is not None:
            state = handler(state, event)
        return self.ruleset.evolve(state, event) if state.ruleset else state

    def fold(self, events: Iterable[Event], state: GameState[Any] | None = None) -> GameState[Any]:
        state = state or initial_state()
        evolve = self.evolve
        for event in events:
            state = evolve(state, event)
        return state

    def table(self, state: GameState[Any], at: int) -> Table[Any]:
        return Table(state, at, self.ruleset, self.evolve)


# --- decide ------------------------------------------------------------------------------------


def _refuse(code: str, **args: Any) -> RuleViolation:
    return RuleViolation(code=code, args=args)


def _decide(d: Decider, state: GameState[Any], inp: Input) -> Table[Any] | RuleViolation:
    if isinstance(inp, Act):
        return _decide_act(d, state, inp)
    if isinstance(inp, Timeout):
        return _decide_timeout(d, state, inp)
    if isinstance(inp, CreateGame):
        return _decide_create(d, state, inp)
    if isinstance(inp, Join):
        return _decide_join(d, state, inp)
    if isinstance(inp, Start):
        return _decide_start(d, state, inp)
    if isinstance(inp, Leave):
        return _decide_leave(d, state, inp)
    if isinstance(inp, Handover):
        if state.status not in ("lobby", "running"):
            return _refuse("game_not_running")
        if not 1 <= inp.seat <= len(state.names) or inp.how not in HANDOVERS:
            return _refuse("unknown_seat")
        g = d.table(state, inp.at)
        g.emit(replace(inp, to=PUBLIC))
        return g
    if isinstance(inp, Abort):
        if state.status not in ("lobby", "running"):
            return _refuse("game_not_running")
        g = d.table(state, inp.at)
        g.emit(replace(inp, to=PUBLIC))
        g.end(ABORTED, ())
        return g
    return _refuse("unknown_action")


def resolve_options(rs: Ruleset[Any], given: dict[str, Any]) -> dict[str, Any] | RuleViolation:
    specs = rs.all_options()
    for name, value in given.items():
        spec = specs.get(name)
        if spec is None:
            return _refuse("bad_option", option=name, reason="unknown")
        if not spec.accepts(value):
            return _refuse("bad_option", option=name)
    return {name: given.get(name, spec.default) for name, spec in specs.items()}


def _decide_create(d: Decider, state: GameState[Any], inp: CreateGame) -> Table[Any] | RuleViolation:
    if state.status != "new":
        return _refuse("game_exists")
    rs = d.ruleset
    if inp.ruleset != rs.id:
        return _refuse("unknown_ruleset")
    if not rs.min_seats <= inp.seats <= rs.max_seats or len(inp.names) > inp.seats:
        return _refuse("bad_seats")
    if not all(_good_name(n) for n in inp.names):
        return _refuse("bad_name")
    if len(set(inp.names)) != len(inp.names):
        return _refuse("name_taken")
    lang = inp.lang or rs.doc_lang
    if lang not in LANGS:
        return _refuse("bad_lang")
    # A preset names the list it deals. The input is recorded with that list, so that replaying it
    # deals the same cards even after the preset is edited (a list given with a preset is that list).
    roles = rs.setup(inp.seats, None if inp.roles else inp.preset, inp.roles)
    if isinstance(roles, RuleViolation):
        return roles
    # A preset's option values are the creator's defaults; the input is recorded with them, as with its roles.
    given = {**rs.preset_options.get(inp.preset, {}), **inp.options} if inp.preset and not inp.roles else inp.options
    options = resolve_options(rs, given)
    if isinstance(options, RuleViolation):
        return options
    try:
        commitment = seed_commitment(inp.seed)
    except ValueError:
        return _refuse("bad_option", option="seed")
    ruleset_version, engine_version = d.pin or (rs.version, ENGINE_VERSIONS[-1])
    created = GameCreated(
        at=inp.at,
        game_id=inp.game_id,
        ruleset=rs.id,
        ruleset_version=ruleset_version,
        engine_version=engine_version,
        seats=inp.seats,
        names=inp.names,
        preset=inp.preset,
        roles=roles,
        options=options,
        lang=lang,
        seed_sha256=commitment,
        seed_supplied=inp.seed_supplied,
        moderator=inp.moderator,
        key_id=inp.key_id,
    )
    g = d.table(state, inp.at)
    g.emit(replace(inp, to=MODERATOR, roles=roles, options=given))
    g.emit(created)
    return g


def _good_name(name: str) -> bool:
    return 0 < len(name.strip()) <= MAX_NAME and name == name.strip() and name.isprintable()


def _decide_join(d: Decider, state: GameState[Any], inp: Join) -> Table[Any] | RuleViolation:
    if state.status != "lobby":
        return _refuse("game_not_in_lobby")
    if len(state.names) >= state.seats:
        return _refuse("no_open_seat")
    if not _good_name(inp.name):
        return _refuse("bad_name")
    if inp.name in state.names:
        return _refuse("name_taken")
    g = d.table(state, inp.at)
    g.emit(replace(inp, to=PUBLIC))
    return g


def _decide_leave(d: Decider, state: GameState[Any], inp: Leave) -> Table[Any] | RuleViolation:
    if state.status != "lobby":
        return _refuse("game_not_in_lobby")
    if not 1 <= inp.seat <= len(state.names):
        return _refuse("unknown_seat")
    g = d.table(state, inp.at)
    g.emit(replace(inp, to=PUBLIC))
    return g


def _decide_start(d: Decider, state: GameState[Any], inp: Start) -> Table[Any] | RuleViolation:
    if state.status != "lobby":
        return _refuse("game_not_in_lobby")
    if len(state.names) < state.seats:
        return _refuse("seats_open")
    g = d.table(state, inp.at)
    g.emit(replace(inp, to=PUBLIC))
    if state.left:  # seats moved up in the lobby: each learns the number it plays under
        for seat in range(1, state.seats + 1):
            g.notice("seat.number", to=(seat,), number=seat)
    g.rs.start(g)
    return g


def _check_choice(state: GameState[Any], seat: int, action: Action, decision: Decision) -> RuleViolation | None:
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


def _decide_act(d: Decider, state: GameState[Any], inp: Act) -> Table[Any] | RuleViolation:
    if state.status != "running":
        return _refuse("game_not_running")
    seat, action = inp.seat, inp.action
    if not 1 <= seat <= state.seats:
        return _refuse("unknown_seat")
    rs = d.ruleset
    if action.kind not in rs.action_kinds:
        return _refuse("unknown_action")
    step = state.step
    decision = step.decision(seat, action.kind) if step else None
    if step is None or decision is None:
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
    g = d.table(state, inp.at)
    g.emit(replace(inp, to=rs.audience(state, seat, action)))
    rs.on_act(g, seat, action, decision)
    after = g.state.step
    if not decision.repeatable and not step.hold and after is not None and after.no == step.no and after.complete():
        rs.on_close(g)
    return g


def _decide_timeout(d: Decider, state: GameState[Any], inp: Timeout) -> Table[Any] | RuleViolation:
    if state.status != "running":
        return _refuse("game_not_running")
    step = state.step
    if step is None or inp.step != step.no:
        return _refuse("stale_deadline")
    if not inp.forced and (step.deadline is None or inp.at < step.deadline):
        return _refuse("deadline_not_reached")
    rs = d.ruleset
    g = d.table(state, inp.at)
    quiet = applies(ENGINE_CHANGES, state.engine_version, QUIET_DEADLINES.id)
    # engine 3: a deadline passing is the moderator's record; the host forcing it is told to the table
    g.emit(replace(inp, to=PUBLIC if inp.forced or not quiet else MODERATOR))
    owing = step.owing()
    if owing and step.extend and step.retries_left > 0 and not inp.forced and step.deadline is not None:
        if quiet:
            _remind(g, step, owing)
            return g
        g.emit(
            DeadlineExtended(at=g.at, step=step.no, deadline=inp.at + step.length, retries_left=step.retries_left - 1),
        )
        for seat in owing:
            g.notice("reminder", to=(seat,))
        return g
    for seat in owing:
        action = rs.default(g.state, seat, step.prompts[seat], g.rng)
        if action is not None:
            g.emit(Defaulted(at=g.at, to=rs.audience(g.state, seat, action), seat=seat, action=action))
    rs.on_close(g)
    return g


def extension(step: Step, time_scale: float) -> int:
    """How long a reminder extends a step (engine 3), in ms: a quarter of the step, at least 10 s scaled."""
    return max(step.length // 4, max(1, round(MIN_EXTENSION_MS * time_scale)))


def _remind(g: Table[Any], step: Step, owing: list[int]) -> None:
    """Engine 3: the step runs on a while; each seat that owes is told, alone, what it owes and the time
    left, and the table reads no line (the extension only moves the deadline its views show)."""
    more = extension(step, g.state.options.get("time_scale", 1.0))
    g.emit(
        DeadlineExtended(at=g.at, step=step.no, deadline=g.at + more, retries_left=step.retries_left - 1, quiet=True),
    )
    left = -(-more // 1000)  # whole seconds, rounded up
    for seat in owing:
        kinds = list(dict.fromkeys(x.kind for x in step.prompts[seat] if not x.repeatable))
        g.notice("deadline.reminder", to=(seat,), kinds=kinds, left=left)


# --- evolve ------------------------------------------------------------------------------------


def _answer(state: GameState[Any], seat: int, action: Action) -> GameState[Any]:
    step = state.open_step()
    decision = step.decision(seat, action.kind)
    if decision is None or decision.repeatable:
        return state
    return replace(state, step=replace(step, answers={**step.answers, seat: action}))


def _on_create(state: GameState[Any], e: CreateGame) -> GameState[Any]:
    return replace(state, game_id=e.game_id, seed=e.seed, moderator=e.moderator)


def _on_created(state: GameState[Any], e: GameCreated) -> GameState[Any]:
    return replace(
        state,
        status="lobby",
        ruleset=e.ruleset,
        ruleset_version=e.ruleset_version,
        engine_version=e.engine_version,
        seats=e.seats,
        names=e.names,
        preset=e.preset,
        setup_roles=e.roles,
        options=e.options,
        lang=e.lang,
        roles=("",) * e.seats,
        alive=(True,) * e.seats,
    )


def _on_step(state: GameState[Any], e: StepOpened) -> GameState[Any]:
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


def _on_prompt(state: GameState[Any], e: Prompt) -> GameState[Any]:
    step = state.open_step()
    if e.reset:
        answers = {seat: a for seat, a in step.answers.items() if seat != e.seat}
        return replace(state, step=replace(step, prompts={**step.prompts, e.seat: e.decisions}, answers=answers))
    own = step.prompts.get(e.seat, ())
    if e.withdraw:
        own = tuple([d for d in own if d.kind not in e.withdraw])
    own += e.decisions
    return replace(state, step=replace(step, prompts={**step.prompts, e.seat: own}))


def _on_extended(state: GameState[Any], e: DeadlineExtended) -> GameState[Any]:
    return replace(state, step=replace(state.open_step(), deadline=e.deadline, retries_left=e.retries_left))


def _set_role(state: GameState[Any], seat: int, role: str) -> GameState[Any]:
    roles = list(state.roles)
    roles[seat - 1] = role
    return replace(state, roles=tuple(roles))


def _on_died(state: GameState[Any], e: Died) -> GameState[Any]:
    alive = list(state.alive)
    for seat in e.seats:
        alive[seat - 1] = False
    return replace(state, alive=tuple(alive))


# The kernel's fold of each event type; each handler takes events of its own key's type.
_EVOLVE: dict[type[Event], Callable[[GameState[Any], Any], GameState[Any]]] = {
    CreateGame: _on_create,
    GameCreated: _on_created,
    Join: lambda s, e: replace(s, names=(*s.names, e.name)),
    Leave: lambda s, e: replace(s, names=s.names[: e.seat - 1] + s.names[e.seat :], left=s.left + 1),
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
