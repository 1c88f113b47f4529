"""Drives whole games through the pure engine, keeping every viewer's projection current."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from grimoire.domain.catalog import initial_state, run
from grimoire.domain.events import MODERATOR, Act, Action, CreateGame, Event, Input, Start, Timeout, sees
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation
from grimoire.projections.view import SPECTATOR, View, deliver, new_view
from grimoire.service.bots import owed_action

T0 = 1_700_000_000_000


def seed_for(n: int) -> str:
    return hashlib.sha256(b"grimoire-test-%d" % n).hexdigest()


class Game:
    """One game in memory: its stream, its full state and every viewer's view."""

    def __init__(
        self,
        ruleset: str,
        seats: int,
        preset: str | None = None,
        roles: tuple[str, ...] = (),
        options: dict | None = None,
        seed: int = 0,
        names: tuple[str, ...] | None = None,
    ) -> None:
        self.state: GameState = initial_state()
        self.events: list[Event] = []
        self.now = T0
        self.views: dict[int | str, View] = {v: new_view(v) for v in (*range(1, seats + 1), SPECTATOR, MODERATOR)}
        names = names if names is not None else tuple(f"P{i}" for i in range(1, seats + 1))
        created = self.submit(
            CreateGame(
                at=self.now,
                game_id=f"g{seed}",
                ruleset=ruleset,
                seats=seats,
                names=names,
                preset=preset,
                roles=roles,
                options=options or {},
                seed=seed_for(seed),
            )
        )
        assert not isinstance(created, RuleViolation), created

    def submit(self, inp: Input) -> list[Event] | RuleViolation:
        result = run(self.state, inp)
        if isinstance(result, RuleViolation):
            return result
        out, self.state = result
        for event in out:
            self.events.append(event)
            deliver(self.views, event)
        return out

    def tick(self, ms: int = 1000) -> int:
        self.now += ms
        return self.now

    def start(self) -> list[Event] | RuleViolation:
        return self.submit(Start(at=self.tick()))

    def act(self, seat: int, kind: str, target: int | None = None, **fields) -> list[Event] | RuleViolation:
        return self.submit(Act(at=self.tick(), seat=seat, action=Action(kind=kind, target=target, **fields)))

    def timeout(self, forced: bool = False) -> list[Event] | RuleViolation:
        step = self.state.step
        at = self.tick() if forced or step.deadline is None else max(self.now, step.deadline)
        self.now = at
        return self.submit(Timeout(at=at, step=step.no, forced=forced))

    def feed(self, viewer: int | str) -> list[Event]:
        return [e for e in self.events if sees(e.to, viewer)]

    def seat_of(self, role: str) -> list[int]:
        return [s for s in range(1, self.state.seats + 1) if self.state.role(s) == role]

    def play(
        self, rng: random.Random, extra: Callable[[Game, random.Random], None] | None = None, max_inputs: int = 20000
    ) -> None:
        """Bots answer every owed decision from their own views; silence runs into deadlines."""
        for _ in range(max_inputs):
            if self.state.status == "ended":
                return
            if extra:
                extra(self, rng)
            acted = False
            for seat in range(1, self.state.seats + 1):
                action = owed_action(self.views[seat], rng)
                if action is not None:
                    out = self.submit(Act(at=self.tick(), seat=seat, action=action))
                    assert not isinstance(out, RuleViolation), (out, action, self.views[seat])
                    acted = True
                    break
            if not acted:
                out = self.timeout()
                assert not isinstance(out, RuleViolation), out
        raise AssertionError("game did not end")


class Script(Game):
    """A game driven step by step by a test, with the true roles at hand."""

    def living(self) -> list[int]:
        return self.state.living()

    def step_name(self) -> str:
        return self.state.step.name if self.state.step else ""

    def ok(self, out):
        assert not isinstance(out, RuleViolation), out
        return out

    def talk(self) -> None:
        """Every speaker passes until the discussion is over (turns, or free talk with ready)."""
        while self.state.status == "running" and self.step_name() in ("speech", "discussion"):
            if self.step_name() == "speech":
                self.ok(self.act(self.state.step.public[0], "speak"))
            else:
                for seat in self.state.step.owing():
                    self.ok(self.act(seat, "ready"))

    def vote(self, ballots: dict[int, int | None] | None = None, default: int | None = None) -> None:
        """Every voter of the open ballot votes as `ballots` says (else `default`)."""
        self.talk()
        assert self.step_name() in ("vote", "runoff"), self.step_name()
        for seat in self.state.step.owing():
            target = (ballots or {}).get(seat, default)
            if target == seat:
                target = None
            self.ok(self.act(seat, "vote", target))

    def night(
        self,
        attack: int | None = None,
        guard: int | None = None,
        divine: int | None = None,
        attacks: dict[int, int] | None = None,
    ) -> None:
        """Every living seat answers the night: wolves attack, the hunter guards, the seer divines."""
        assert self.step_name() == "night", self.step_name()
        step_no = self.state.step.no
        for seat in self.state.step.owing():
            kinds = {d.kind for d in self.state.step.prompts[seat]}
            if "attack" in kinds:
                self.ok(self.act(seat, "attack", (attacks or {}).get(seat, attack)))
            elif "guard" in kinds:
                self.ok(self.act(seat, "guard", guard if guard is not None else self._default_guard(seat, attack)))
            elif "divine" in kinds:
                self.ok(self.act(seat, "divine", divine if divine is not None else self._a_wolf(seat)))
            elif "done" in kinds:  # a wolf's first meeting ends by its "we are done" (version 4)
                self.ok(self.act(seat, "done"))
            else:
                self.ok(self.act(seat, "sleep"))
            if self.state.step is None or self.state.step.no != step_no:
                break

    def last_words(self, text: str | None = None) -> None:
        if self.step_name() == "last_words":
            self.ok(self.act(self.state.step.public[0], "last_words", text=text))

    def _anyone_but(self, seat: int) -> int:
        return next(s for s in self.living() if s != seat)

    def _default_guard(self, seat: int, attack: int | None) -> int | None:
        """No guard where that is allowed, else a legal guard that misses the attack."""
        decision = self.state.step.decision(seat, "guard")
        if decision.optional:
            return None
        return next(t for t in decision.targets if t != attack)

    def _a_wolf(self, seat: int) -> int:
        rs = self.state.ruleset
        from grimoire.domain.catalog import RULESETS

        wolves = [s for s in self.living() if s != seat and RULESETS[rs].roles[self.state.role(s)].wolf]
        return wolves[0] if wolves else self._anyone_but(seat)
