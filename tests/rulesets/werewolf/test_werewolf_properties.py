"""Random legal games of jinro9 and ultimate13: they end, keep their invariants, replay exactly,
and nothing a seat can observe changes when only facts it may not know change."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.domain.catalog import RULESETS, fold, run, verify
from grimoire.domain.codec import decode, encode
from grimoire.domain.events import (
    MODERATOR,
    Act,
    Action,
    Decision,
    Died,
    Event,
    GameEnded,
    Resolved,
    RoleDealt,
    Timeout,
    sees,
)
from grimoire.domain.rulesets.village import NightResolved
from grimoire.domain.violations import RuleViolation
from grimoire.projections.view import SPECTATOR, apply, project
from grimoire.service.bots import pick, say
from tests.support.harness import Game

PRESETS = [("jinro9", "9A", 9), ("jinro9", "9B", 9), ("jinro9", "9C", 9), ("ultimate13", None, 13)]
GAMES = settings(
    max_examples=1000 if __import__("os").environ.get("CI") else 200,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


def random_game(ruleset, preset, players, seed):
    """Bots from their views; some stay silent (deadlines), wolves whisper, bad inputs are tried."""
    rng = random.Random(seed)
    silence = rng.choice((0.0, 0.1, 0.5))
    g = Game(ruleset, players, preset=preset, seed=seed, options={"retries": rng.choice((0, 1, 2))})
    g.start()
    for _ in range(5000):
        if g.state.status == "ended":
            return g
        step = g.state.step
        for seat in range(1, players + 1):
            view = g.views[seat]
            if rng.random() < 0.05:  # an illegal or random action: refused, or accepted if legal
                before = (g.state, len(g.events))
                out = g.act(seat, rng.choice(("vote", "attack", "speak", "fly", "guard")), rng.randint(0, players + 1))
                if isinstance(out, RuleViolation):
                    assert (g.state, len(g.events)) == before
            whisper = next((d for d in view.decisions if d.kind == "whisper"), None)
            if whisper and rng.random() < 0.3:
                g.act(seat, "whisper", text=say(rng, 50))
            owed = [d for d in g.views[seat].decisions if not d.repeatable]
            if owed and g.views[seat].answered is None and rng.random() >= silence:
                out = g.submit(Act(at=g.tick(), seat=seat, action=pick(rng.choice(owed), rng)))
                assert not isinstance(out, RuleViolation), out
            if g.state.status == "ended" or g.state.step is not step:
                break
        else:
            g.timeout()
    raise AssertionError("no end")


def check_invariants(g: Game, ruleset: str) -> None:
    rs = RULESETS[ruleset]
    alive = [True] * g.state.seats
    last_guard: dict[int, int] = {}
    for event in g.events:
        if isinstance(event, Act) and event.action.kind != "last_words":
            assert alive[event.seat - 1], f"the dead seat {event.seat} acted"
        if isinstance(event, Died):
            assert list(event.seats) == sorted(event.seats)
            for seat in event.seats:
                assert alive[seat - 1]
                alive[seat - 1] = False
        assert not isinstance(event, Resolved), "a night is a typed NightResolved"
        if isinstance(event, NightResolved):
            roles = g.state.roles
            target = event.attack
            if ruleset == "jinro9":
                assert target is None or not rs.roles[roles[target - 1]].wolf
            for guard, guarded in event.guards:
                assert guard != guarded
                if ruleset == "jinro9":
                    assert last_guard.get(guard) != guarded
            last_guard = dict(event.guards)
    assert alive == list(g.state.alive)
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == rs.winning_team(g.state)
    assert g.state.day <= g.state.seats
    for seat in range(1, g.state.seats + 1):
        assert g.views[seat].alive == g.state.alive
        assert g.views[seat].roles == end.roles


@pytest.mark.parametrize("ruleset, preset, players", PRESETS)
def test_random_legal_games_end_keep_invariants_and_replay(ruleset, preset, players):
    @GAMES
    @given(seed=st.integers(min_value=0, max_value=2**32))
    def one(seed):
        g = random_game(ruleset, preset, players, seed)
        check_invariants(g, ruleset)
        assert verify(g.events).ok
        if seed % 20 == 0:
            for event in g.events:
                assert decode(encode(event)) == event
            assert fold(g.events) == g.state
            for viewer in (1, SPECTATOR, MODERATOR):
                assert project(g.events, viewer) == g.views[viewer]

    one()


# --- secrecy ---------------------------------------------------------------------------------------


class World:
    """A game driven on a fixed schedule: every step, seat s answers at (step, s) from its own view
    with a random stream keyed by (seed, step, seat), so two worlds differ only where made to."""

    def __init__(self, events: list[Event], players: int, seed: int, observer: int) -> None:
        self.events = list(events)
        self.state = fold(events)
        self.seed = seed
        self.players = players
        self.observer = observer
        self.view = project(events, observer)
        self.seen = [e for e in events if sees(e.to, observer)]
        self.refusals: list[str] = []

    def submit(self, inp) -> None:
        result = run(self.state, inp)
        if isinstance(result, RuleViolation):
            return
        out, self.state = result
        for event in out:
            self.events.append(event)
            if isinstance(event, GameEnded):  # the end reveals every role: compare all but that
                event = msgspec.structs.replace(event, roles={})
            if sees(event.to, self.observer):
                self.seen.append(event)
                self.view = apply(self.view, event)

    def probe(self, at: int) -> None:
        """Everything the observer could try now, and the answers it would get."""
        for kind in ("speak", "vote", "attack", "guard", "divine", "sleep", "whisper", "ready", "last_words"):
            for target in (None, 1, self.observer, self.players, self.players + 1):
                out = run(self.state, Act(at=at, seat=self.observer, action=Action(kind=kind, target=target, text="x")))
                self.refusals.append(out.code if isinstance(out, RuleViolation) else "ok")

    def play(self, whispers: int, vary: int | None, bias: int, hidden_only: bool = True) -> None:
        for _ in range(400):
            if self.state.status != "running":
                return
            step = self.state.step
            base = step.opened_at
            self.probe(base)
            for seat in range(1, self.players + 1):
                rng = random.Random(f"{self.seed}:{step.no}:{seat}")
                if seat == vary and (step.name == "night" or not hidden_only):  # choices that differ
                    rng = random.Random(f"{self.seed}:{step.no}:{seat}:{bias}")
                decisions = [d for d in self.state.step.prompts.get(seat, ()) if not d.repeatable]
                if seat == 1 and step.name == "night":
                    wolves = [
                        s
                        for s in self.state.living()
                        if any(d.kind == "whisper" for d in self.state.step.prompts.get(s, ()))
                    ]
                    for k in range(whispers if wolves else 0):
                        self.submit(
                            Act(at=base + 10, seat=wolves[k % len(wolves)], action=Action(kind="whisper", text="w"))
                        )
                if decisions and seat not in self.state.step.answers:
                    self.submit(Act(at=base + 100 * seat, seat=seat, action=public_pick(decisions, rng, seat)))
                if not self.same_step(step):
                    break
            if self.same_step(step):
                self.submit(Timeout(at=step.deadline or base + 10**6, step=step.no, forced=step.deadline is None))

    def same_step(self, step) -> bool:
        """Still the step `step` with no new answer (a prompt that only changes the wolves' own
        decisions, such as the whisper withdrawn at the cap, is not a new point to probe)."""
        now = self.state.step
        return now is not None and now.no == step.no and now.answers is step.answers

    def observed(self):
        return [encode(e) for e in self.seen], self.view, self.refusals


def public_pick(decisions: list[Decision], rng: random.Random, seat: int) -> Action:
    decision = decisions[0]
    targets = [t for t in decision.targets if t != seat or decision.self_ok]
    target = rng.choice(targets) if targets else None
    return Action(kind=decision.kind, target=target, text="words" if decision.text else None)


def start(ruleset, preset, players, seed):
    g = Game(ruleset, players, preset=preset, seed=seed)
    g.start()
    return g


def swap_roles(events: list[Event], a: int, b: int) -> list[Event]:
    roles = {e.seat: e.role for e in events if isinstance(e, RoleDealt)}
    out = []
    for e in events:
        if isinstance(e, RoleDealt) and e.seat in (a, b):
            e = msgspec.structs.replace(e, role=roles[b if e.seat == a else a])
        out.append(e)
    return out


SWAPPABLE = {"villager", "medium"}


@pytest.mark.parametrize("ruleset, preset, players", PRESETS)
def test_a_seat_observes_nothing_when_two_other_villagers_swap_roles(ruleset, preset, players):
    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32), pick_=st.randoms(use_true_random=False))
    def one(seed, pick_):
        g = start(ruleset, preset, players, seed)
        role = g.state.role
        pool = [s for s in range(1, players + 1) if role(s) in SWAPPABLE]
        a, b = pick_.sample(pool, 2)
        if role(a) == role(b):
            b = next((s for s in pool if role(s) != role(a)), b)
        observer = pick_.choice([s for s in range(1, players + 1) if s not in (a, b)])
        worlds = []
        for events in (g.events, swap_roles(g.events, a, b)):
            w = World(events, players, seed, observer)
            w.play(whispers=0, vary=None, bias=0)
            worlds.append(w.observed())
        assert worlds[0] == worlds[1]

    one()


@pytest.mark.parametrize("ruleset, preset, players", PRESETS)
def test_a_non_wolf_observes_nothing_of_how_much_the_wolves_whisper(ruleset, preset, players):
    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32), observer_pick=st.integers(0, 100))
    def one(seed, observer_pick):
        g = start(ruleset, preset, players, seed)
        rs = RULESETS[ruleset]
        humans = [s for s in range(1, players + 1) if not rs.roles[g.state.role(s)].wolf]
        observer = humans[observer_pick % len(humans)]
        worlds = []
        for whispers in (0, 10):
            w = World(g.events, players, seed, observer)
            w.play(whispers=whispers, vary=None, bias=0)
            worlds.append(w.observed())
        assert worlds[0] == worlds[1]

    one()


@pytest.mark.parametrize("ruleset, preset, players", [p for p in PRESETS if p[1] != "9C"])
def test_a_seat_observes_nothing_of_the_seers_choices(ruleset, preset, players):
    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32), observer_pick=st.integers(0, 100))
    def one(seed, observer_pick):
        g = start(ruleset, preset, players, seed)
        seer = g.seat_of("seer")[0]
        others = [s for s in range(1, players + 1) if s != seer]
        observer = others[observer_pick % len(others)]
        worlds = []
        for bias in (1, 2):
            w = World(g.events, players, seed, observer)
            w.play(whispers=3, vary=seer, bias=bias)
            worlds.append(w.observed())
        assert worlds[0] == worlds[1]

    one()


def test_the_secrecy_check_itself_notices_a_difference():
    """The world comparison is not blind: another seat's public choices (its votes) show."""
    g = start("jinro9", "9A", 9, 5)
    villager = g.seat_of("villager")[0]
    observer = g.seat_of("villager")[1]
    worlds = []
    for bias in (1, 2):
        w = World(g.events, 9, 5, observer)
        w.play(whispers=0, vary=villager, bias=bias, hidden_only=False)
        worlds.append(w.observed())
    assert worlds[0] != worlds[1]


def test_views_fold_only_what_the_viewer_may_see():
    g = start("jinro9", "9A", 9, 3)
    g.play(random.Random(3))
    for viewer in (*range(1, 10), SPECTATOR):
        mine = [e for e in g.events if sees(e.to, viewer)]
        assert not any(e.to == MODERATOR for e in mine)
        assert all(e.to == "public" or viewer in e.to for e in mine)
        assert project(g.events, viewer) == g.views[viewer]
