"""The worked example of domain/rulesets/README.md runs: a game to each ending, replayed exactly."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from grimoire.domain.audit import verify
from grimoire.domain.engine import Decider
from grimoire.domain.events import (
    MODERATOR,
    Act,
    Action,
    CreateGame,
    Defaulted,
    Event,
    GameEnded,
    Input,
    Start,
    Timeout,
)
from grimoire.domain.ruleset import Ruleset
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation
from tests.support.harness import T0, seed_for

README = Path(__file__).resolve().parents[2] / "domain" / "rulesets" / "README.md"


@cache
def example() -> Ruleset:
    code = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL).group(1)
    namespace: dict = {"__name__": "readme_example"}
    exec(compile(code, str(README), "exec"), namespace)
    return namespace["MINI"]


class Play:
    def __init__(self, seed: int) -> None:
        self.d = Decider(example())
        self.state: GameState = self.d.initial_state()
        self.events: list[Event] = []
        self.now = T0
        names = ("A", "B", "C", "D", "E")
        self.submit(
            CreateGame(at=self.now, game_id="g", ruleset="mini", seats=5, names=names, preset="5", seed=seed_for(seed))
        )
        self.submit(Start(at=self.now))

    def submit(self, inp: Input) -> list[Event]:
        out = self.d.run(self.state, inp)
        assert not isinstance(out, RuleViolation), out
        events, self.state = out
        self.events += events
        return events

    def act(self, seat: int, kind: str, target: int | None = None) -> list[Event]:
        self.now += 1000
        return self.submit(Act(at=self.now, seat=seat, action=Action(kind=kind, target=target)))

    def timeout(self) -> list[Event]:
        self.now = max(self.now, self.state.step.deadline)
        return self.submit(Timeout(at=self.now, step=self.state.step.no))

    def seat(self, role: str) -> int:
        return self.state.roles.index(role) + 1


def test_readme_example_village_wins_by_voting_out_the_wolf_and_the_game_replays():
    g = Play(seed=1)
    wolf, seer = g.seat("werewolf"), g.seat("seer")
    victim = next(s for s in g.state.living() if s not in (wolf, seer))
    g.act(wolf, "attack", victim)
    assert g.state.step.name == "night.wolf", "a role step is held to its deadline"
    g.timeout()
    g.act(seer, "divine", wolf)
    g.timeout()
    assert not g.state.is_alive(victim) and g.state.step.name == "vote"
    for voter in g.state.step.owing():
        g.act(voter, "vote", wolf if voter != wolf else seer)
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "village" and wolf not in end.winners
    assert verify(g.d, g.events).ok


def test_readme_example_wolves_win_when_nobody_acts_and_night_choices_stay_hidden():
    g = Play(seed=2)
    while g.state.status != "ended":
        g.timeout()
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "wolves" and end.winners == (g.seat("werewolf"),)
    bites = [e for e in g.events if type(e).__struct_config__.tag == "mini_bitten"]
    assert bites and all(e.to == MODERATOR for e in bites)
    assert all(e.to == (e.seat,) for e in g.events if isinstance(e, Defaulted))
    assert verify(g.d, g.events).ok


def created(preset: str | None, roles: tuple[str, ...] = (), **options) -> tuple[CreateGame, GameState]:
    d = Decider(example())
    inp = CreateGame(
        at=T0,
        game_id="g",
        ruleset="mini",
        seats=5,
        names=(),
        preset=preset,
        roles=roles,
        options=options,
        seed=seed_for(1),
    )
    out = d.run(d.initial_state(), inp)
    assert not isinstance(out, RuleViolation), out
    events, state = out
    return next(e for e in events if isinstance(e, CreateGame)), state


def test_a_preset_carries_its_option_values_as_the_game_s_defaults_and_the_input_records_them():
    recorded, state = created("5-quick")
    assert state.options["night_step_seconds"] == 10 and state.options["vote_seconds"] == 20
    assert recorded.options == {"night_step_seconds": 10, "vote_seconds": 20}, "replaying needs no preset table"
    recorded, state = created("5-quick", vote_seconds=45)
    assert state.options["vote_seconds"] == 45 and state.options["night_step_seconds"] == 10, "the creator wins"
    _, state = created("5")
    assert state.options["vote_seconds"] == 60, "another preset plays with the options' own defaults"
    _, state = created(None, roles=("villager", "villager", "villager", "seer", "werewolf"))
    assert state.options["vote_seconds"] == 60, "a role list names no preset's values"
