"""Drives whole games through the pure engine, keeping every viewer's projection current."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from domain.engine import decide, evolve, initial_state
from domain.events import MODERATOR, Act, Action, CreateGame, Event, Input, Start, Timeout, sees
from domain.state import GameState
from domain.violations import RuleViolation
from projections.view import SPECTATOR, View, apply, new_view
from service.bots import owed_action

T0 = 1_700_000_000_000


def seed_for(n: int) -> str:
    return hashlib.sha256(b"grimoire-test-%d" % n).hexdigest()


class Game:
    """One game in memory: its stream, its full state and every viewer's view."""

    def __init__(self, ruleset: str, seats: int, preset: str | None = None, roles: tuple[str, ...] = (),
                 options: dict | None = None, seed: int = 0, names: tuple[str, ...] | None = None) -> None:
        self.state: GameState = initial_state()
        self.events: list[Event] = []
        self.now = T0
        self.views: dict[int | str, View] = {v: new_view(v) for v in (*range(1, seats + 1), SPECTATOR, MODERATOR)}
        names = names if names is not None else tuple(f"P{i}" for i in range(1, seats + 1))
        created = self.submit(CreateGame(at=self.now, game_id=f"g{seed}", ruleset=ruleset, seats=seats, names=names,
                                         preset=preset, roles=roles, options=options or {}, seed=seed_for(seed)))
        assert not isinstance(created, RuleViolation), created

    def submit(self, inp: Input) -> list[Event] | RuleViolation:
        out = decide(self.state, inp)
        if isinstance(out, RuleViolation):
            return out
        for event in out:
            self.state = evolve(self.state, event)
            self.events.append(event)
            for key, view in self.views.items():
                if sees(event.to, key):
                    self.views[key] = apply(view, event)
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

    def seat_of(self, role: str) -> list[int]:
        return [s for s in range(1, self.state.seats + 1) if self.state.role(s) == role]

    def play(self, rng: random.Random, extra: Callable[[Game, random.Random], None] | None = None,
             max_inputs: int = 20000) -> None:
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
