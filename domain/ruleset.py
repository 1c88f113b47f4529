"""The extension surface: everything a ruleset imports, and everything the engine offers it.

A ruleset is a `Ruleset` subclass: data (roles, presets, options, action kinds, seat range) plus the
hooks below. The engine calls the hooks with a `Table`, the decide-time builder a ruleset writes
its events to: each emitted event is evolved at once (by the engine's `evolve`, which the engine
hands the table), so the ruleset's later logic reads the state it produced. `Option` declares a
per-game option with its default. A ruleset declares its steps (`StepSpec`, by step name) and the
kernel's `on_close` resolves the open one through its spec; `RoleSequence` is the role-by-role night
(each role's step held to its deadline). Nothing here imports the engine or any ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any, Generic, NamedTuple, Protocol, Self, TypeVar

import msgspec

from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Action,
    Audience,
    DeathCause,
    Decision,
    Died,
    Event,
    GameEnded,
    Notice,
    PhaseStarted,
    Prompt,
    Resolved,
    RoleChanged,
    StepOpened,
    VoteResult,
)
from grimoire.domain.rng import Rng
from grimoire.domain.state import GameState, X
from grimoire.domain.violations import RuleViolation, refusal

E = TypeVar("E", bound=Event)


OptionValue = bool | int | float | str  # what a per-game option holds


class Option(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A per-game option: its type, default and (for choices) its legal values."""

    type: str  # "bool" | "int" | "float" | "choice"
    default: OptionValue
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    unit: str = ""  # "seconds" for a duration

    def accepts(self, value: object) -> bool:
        if self.type == "bool":
            return isinstance(value, bool)
        if self.type == "choice":
            return value in self.choices
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.type == "int" and not isinstance(value, int):
            return False
        if self.minimum is not None and value < self.minimum:
            return False
        return self.maximum is None or value <= self.maximum


def seconds(default: float) -> Option:
    return Option(type="float", default=default, minimum=0, maximum=86400, unit="seconds")


COMMON_OPTIONS: dict[str, Option] = {
    "time_scale": Option(type="float", default=1.0, minimum=0.001, maximum=100),
    "retries": Option(type="int", default=2, minimum=0, maximum=10),
    "dead_see_all": Option(type="bool", default=False),
}


R = TypeVar("R", bound="Ruleset[Any]", contravariant=True)


class RoleData(Protocol):
    """What the kernel and the service read of a role's data."""

    @property
    def team(self) -> str: ...


class StepSpec(NamedTuple, Generic[R]):
    """A declared step: how its answers resolve and, for a role step, what each seat is prompted with.

    `resolve(ruleset, table, answers)` applies the answers and opens whatever comes next (a step of
    a `RoleSequence` is followed by the sequence's next step instead). `prompt(ruleset, table, seat)`
    gives a seat's decisions in a role step (empty: the seat is not prompted). A role step may name
    its own `actors(ruleset, table)`, the seats asked in place of the sequence's, and `announce(ruleset,
    table)`, what it tells as it opens or is skipped.
    """

    resolve: Callable[[R, Table[Any], dict[int, Action]], None]
    prompt: Callable[[R, Table[Any], int], tuple[Decision, ...]] | None = None
    actors: Callable[[R, Table[Any]], Iterable[int]] | None = None
    announce: Callable[[R, Table[Any]], None] | None = None


ABORTED = "aborted"  # the reason of a game the host aborted, whatever its ruleset


class Change(NamedTuple):
    """A rule change: the released version that introduced it, its stable id, and what it changes."""

    version: str
    id: str
    about: str


@lru_cache(maxsize=256)
def release(version: str) -> tuple[int, ...]:
    """A version's place in release order ("2" < "3" < "10")."""
    return tuple(int(part) for part in version.split("."))


@lru_cache(maxsize=1024)
def applies(changes: tuple[Change, ...], pinned: str, change: str) -> bool:
    """Whether the rule change `change` holds in a game pinned to version `pinned`: from the version
    that introduced it on. A change nobody declared raises: a misspelt id must not pick a version."""
    for declared in changes:
        if declared.id == change:
            return release(pinned) >= release(declared.version)
    raise LookupError(f"no rule change {change!r} is declared")


class Ruleset(Generic[X]):
    """The base every ruleset extends. Engine hooks have safe defaults."""

    id: str = ""
    versions: tuple[str, ...] = ("1",)  # every released version of its rules, oldest first: the last is current
    changes: tuple[Change, ...] = ()  # each rule change with the version that introduced it
    doc_lang: str = "en"
    roles: Mapping[str, RoleData | str] = {}  # a role's data, or only its id
    presets: dict[str, tuple[str, ...]] = {}
    preset_options: dict[str, dict[str, Any]] = {}  # a preset's option values: the defaults of a game it deals
    options: dict[str, Option] = {}
    action_kinds: frozenset[str] = frozenset()
    # the action kinds whose decisions never name a seat: an answer naming nobody is that answer, not a choice declined
    untargeted: frozenset[str] = frozenset()
    min_seats: int = 1
    max_seats: int = 30
    steps: Mapping[str, StepSpec[Self]] = {}  # the declared steps by name, resolved by `on_close`
    end_reasons: tuple[str, ...] = ()  # every `GameEnded.reason` it may end with, besides the kernel's ABORTED

    @property
    def version(self) -> str:
        """The current version: the one new games are pinned to."""
        return self.versions[-1]

    def applies(self, state: GameState[X], change: str) -> bool:
        """Whether the rule change `change` (one of `changes`) holds in this game, by the version it is pinned to."""
        return applies(self.changes, state.ruleset_version, change)

    def all_options(self) -> dict[str, Option]:
        return {**COMMON_OPTIONS, **self.options}

    def preset_seats(self) -> dict[str, int]:
        """The seat count each preset deals for (a preset's card list may hold more cards than seats)."""
        found = {}
        for preset in self.presets:
            for seats in range(self.min_seats, self.max_seats + 1):
                if not isinstance(self.setup(seats, preset, ()), RuleViolation):
                    found[preset] = seats
                    break
        return found

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | RuleViolation:
        """The role list to deal, or the refusal that says why the setup is refused (its reason an id)."""
        if preset is not None:
            if preset not in self.presets:
                return refusal("unknown_preset")
            roles = self.presets[preset]
        if not roles:
            return refusal("bad_roles", reason="no_roles")
        if len(roles) != seats:
            return refusal("bad_roles", reason="count", dealt=len(roles), players=seats)
        unknown = sorted(set(roles) - self.roles.keys())
        if unknown:
            return refusal("bad_roles", reason="unknown", ids=", ".join(unknown))
        return roles

    # engine hooks ------------------------------------------------------------------------------

    def start(self, g: Table[X]) -> None:
        raise NotImplementedError

    def on_close(self: Self, g: Table[X]) -> None:
        """Every owed answer of the open step is in (or defaulted): resolve it and open the next."""
        step = g.state.open_step()
        self.steps[step.name].resolve(self, g, step.answers)

    def on_act(self, g: Table[X], seat: int, action: Action, decision: Decision) -> None:
        """After an accepted action is recorded (repeatable actions: whispers, free talk)."""

    def check(self, state: GameState[X], seat: int, action: Action, decision: Decision) -> str | None:
        """A refusal code beyond the decision's own choices, from public or the seat's own knowledge."""
        return None

    def unavailable(self, state: GameState[X], seat: int, action: Action) -> str | None:
        """The refusal code for an action the seat has no decision for, when the ruleset names it."""
        return None

    def audience(self, state: GameState[X], seat: int, action: Action) -> Audience:
        return PUBLIC

    def default(self, state: GameState[X], seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        return None

    def evolve(self, state: GameState[X], event: Event) -> GameState[X]:
        return state


class Table(Generic[X]):
    """Where `decide` writes: each emitted event is evolved at once, so later logic reads it."""

    __slots__ = ("_evolve", "_rng", "_stream", "at", "events", "rs", "state")

    def __init__(
        self, state: GameState[X], at: int, rs: Ruleset[X], evolve: Callable[[GameState[X], Event], GameState[X]]
    ) -> None:
        self.state = state
        self.at = at
        self.rs = rs
        self.events: list[Event] = []
        self._evolve = evolve
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

    def emit(self, event: E) -> E:
        """Evolve the state by an event and keep it (events built here take the table's `at`)."""
        self.state = self._evolve(self.state, event)
        self.events.append(event)
        return event

    def notice(self, key: str, to: Audience = PUBLIC, learn: dict[int, str] | None = None, **args: Any) -> None:
        """A moderator message to its audience."""
        self.emit(Notice(at=self.at, to=to, key=key, args=plain(args), learn=learn or {}))

    def resolved(self, what: str, **data: Any) -> None:
        """The truth of a resolution, for the moderator and the audit."""
        self.emit(Resolved(at=self.at, to=MODERATOR, what=what, data=plain(data)))

    def vote_result(
        self, vote: str, tally: Mapping[int, float], ballots: dict[int, int | None] | None, valid: bool = True
    ) -> tuple[int, ...]:
        """Announce a closed ballot and return its leaders: one is chosen, several are tied (none if
        nobody was named or the ballot is not `valid`)."""
        top = max(tally.values(), default=0)
        leaders = tuple(sorted(t for t, c in tally.items() if c == top)) if top and valid else ()
        self.emit(
            VoteResult(
                at=self.at,
                vote=vote,
                tally={t: float(c) for t, c in sorted(tally.items())},
                ballots=ballots,
                chosen=leaders[0] if len(leaders) == 1 else None,
                tied=leaders if len(leaders) > 1 else (),
            ),
        )
        return leaders

    def phase(self, phase: str, day: int) -> None:
        self.emit(PhaseStarted(at=self.at, phase=phase, day=day))

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
            StepOpened(
                at=self.at,
                step=self.state.steps + 1,
                name=name,
                deadline=self.duration(duration),
                seats=tuple(seats),
                decisions=decisions,
                extend=extend,
                hold=hold,
            ),
        )
        for seat, own in (private or {}).items():
            self.prompt(seat, own)

    def prompt(self, seat: int, decisions: tuple[Decision, ...], reset: bool = False) -> None:
        """A private prompt in the open step (`reset`: these are now all the seat's decisions, owed anew)."""
        self.emit(Prompt(at=self.at, to=(seat,), step=self.state.steps, seat=seat, decisions=decisions, reset=reset))

    def withdraw(self, seat: int, kinds: tuple[str, ...]) -> None:
        """Take decisions of these kinds away from the seat in the open step; its answer stands."""
        self.emit(Prompt(at=self.at, to=(seat,), step=self.state.steps, seat=seat, withdraw=kinds))

    def kill(self, deaths: dict[int, str], when: str) -> None:
        """Deaths with their causes (moderator only), then one public notice in seat order."""
        if not deaths:
            return
        for seat in sorted(deaths):
            self.emit(DeathCause(at=self.at, to=MODERATOR, seat=seat, cause=deaths[seat]))
        self.emit(Died(at=self.at, seats=tuple(sorted(deaths)), when=when))
        if self.state.options.get("dead_see_all"):
            everyone = dict(enumerate(self.state.roles, 1))
            for seat in sorted(deaths):
                self.notice("dead.roles", to=(seat,), learn=everyone)

    def change_role(self, seat: int, role: str) -> None:
        self.emit(RoleChanged(at=self.at, to=(seat,), seat=seat, role=role))

    def end(self, reason: str, winners: Iterable[int], teams: Iterable[str] = ()) -> None:
        if reason != ABORTED and reason not in self.rs.end_reasons:
            # the document's `Result` enum is built from the declared reasons
            raise ValueError(f"{self.rs.id} ends with {reason!r}, which its end_reasons do not declare")
        self.emit(
            GameEnded(
                at=self.at,
                reason=reason,
                winners=tuple(sorted(winners)),
                teams=tuple(teams),
                roles=dict(enumerate(self.state.roles, 1)),
                seed=self.state.seed,
            ),
        )


class RoleSequence(Generic[R]):
    """Role steps in a planned order, each its own step named `prefix + name`: a role-sequenced night.

    Every step of the plan opens and lasts until its deadline whether its role still lives, is
    blocked or has nothing to choose, so that timing reveals no role. With the game option
    `early_close` (bot games) a step closes as soon as its prompted seats answered, and a step
    nobody owes an answer in is skipped (still resolved with no answers when `resolve_skipped`).

    - `plan(ruleset, state)`: tonight's step names, in order;
    - `steps`: each name's `StepSpec` (its per-seat `prompt`, its `resolve`, and optionally its own
      `actors` and `announce`; a step without `prompt` prompts nobody);
    - `actors(ruleset, table, name)`: the seats asked for their prompt in that step, in seat order
      (it may emit, e.g. tell a blocked seat it is blocked), where the step names none of its own;
    - `finish(ruleset, table)`: what follows the last step (the dawn);
    - `duration(name)`: the option holding a step's length.
    """

    def __init__(
        self,
        *,
        prefix: str,
        plan: Callable[[R, GameState[Any]], Sequence[str]],
        steps: dict[str, StepSpec[R]],
        finish: Callable[[R, Table[Any]], None],
        actors: Callable[[R, Table[Any], str], Iterable[int]] | None = None,
        duration: Callable[[str], str] = lambda name: "night_step_seconds",
        resolve_skipped: bool = True,
    ) -> None:
        self.prefix = prefix
        self.plan = plan
        self.steps = steps
        self.actors = actors
        self.finish = finish
        self.duration = duration
        self.resolve_skipped = resolve_skipped

    def specs(self) -> dict[str, StepSpec[R]]:
        """The step table entries for the ruleset's `steps`: closing one resolves it and moves on."""
        return {
            self.prefix + name: StepSpec(partial(self._close, name), spec.prompt) for name, spec in self.steps.items()
        }

    def begin(self, rs: R, g: Table[Any]) -> None:
        self.advance(rs, g, None)

    def prompts(self, rs: R, g: Table[Any], name: str) -> dict[int, tuple[Decision, ...]]:
        spec = self.steps[name]
        if spec.prompt is None:
            return {}
        if spec.actors is not None:
            actors = spec.actors(rs, g)
        elif self.actors is not None:
            actors = self.actors(rs, g, name)
        else:
            raise TypeError(f"{self.prefix}{name}: a step with a `prompt` needs `actors`, its own or the sequence's")
        out = {}
        for seat in actors:
            own = spec.prompt(rs, g, seat)
            if own:
                out[seat] = own
        return out

    def advance(self, rs: R, g: Table[Any], after: str | None) -> None:
        """Open the plan's next step after `after` (None: its first); past the last, `finish`."""
        plan = self.plan(rs, g.state)
        early = g.state.options["early_close"]
        for name in plan[0 if after is None else plan.index(after) + 1 :]:
            prompts = self.prompts(rs, g, name)
            if early and not any(not d.repeatable for own in prompts.values() for d in own):
                if self.resolve_skipped:
                    self.steps[name].resolve(rs, g, {})  # e.g. the thief's forced card, the pack's kill
                self._announce(rs, g, name)
                continue
            g.open_step(self.prefix + name, self.duration(name), private=prompts, hold=not early, extend=False)
            self._announce(rs, g, name)
            return
        self.finish(rs, g)

    def _announce(self, rs: R, g: Table[Any], name: str) -> None:
        announce = self.steps[name].announce
        if announce is not None:
            announce(rs, g)

    def _close(self, name: str, rs: R, g: Table[Any], answers: dict[int, Action]) -> None:
        self.steps[name].resolve(rs, g, answers)
        self.advance(rs, g, name)


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
