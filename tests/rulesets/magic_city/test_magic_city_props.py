"""magic_city properties: random legal games for N = 8..20 end, keep their invariants and replay exactly;
no seat's feed, times, deadlines or refusals change when only facts it may not know change."""

from __future__ import annotations

import random
import typing
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.domain.catalog import decide, evolve, initial_state, verify
from grimoire.domain.codec import decode, encode
from grimoire.domain.events import Act, Action, Died, GameEnded, Input, Notice, Prompt, Resolved, StepOpened, sees
from grimoire.domain.rulesets.magic_city import (
    EVENT_KINDS,
    EVIL,
    MAGIC_CITY,
    Ballot,
    CityInfo,
    CityState,
    EventParams,
    TodayShown,
    Tonight,
    city,
    facts,
    regulation_error,
)
from grimoire.domain.rulesets.magic_city import EVOLVE as CITY_EVOLVE
from grimoire.domain.rulesets.magic_city.facts import ShotAwaited
from grimoire.domain.violations import RuleViolation
from tests.support.harness import Game
from tests.support.magic_city import quick_game

VILLAGE = ("prophet", "medium", "knight", "dragon", "spirit_caller", "moneylender", "marksman", "golem")
DEAD_MAY = (*EVENT_KINDS, "shoot", "speak")


def random_roles(n: int, rng: random.Random) -> tuple[str, ...]:
    """A legal role list for n players, drawn from every role."""
    evil = (n - 1) // 2 - 2
    bad = [rng.choice(("werewolf", "evil_eye"))]
    while len(bad) < evil:
        role = rng.choice(EVIL + ("werewolf", "werewolf"))
        if role == "werewolf" or role not in bad:
            bad.append(role)
    others = n - 2 * evil - 2
    village = rng.sample(VILLAGE, others)
    if others >= 2 and rng.random() < 0.4:
        village[:2] = ["mason", "mason"]
    roles = ["citizen"] * (evil + 2) + bad + village
    rng.shuffle(roles)
    assert regulation_error(tuple(roles)) is None
    return tuple(roles)


def random_options(rng: random.Random, early_close: bool = True) -> dict:
    return {
        "early_close": early_close,
        "first_seer": rng.random() < 0.7,
        "consecutive_guard": rng.random() < 0.5,
        "night_talk": rng.random() < 0.5,
        "vote_format": rng.choice(("simultaneous", "ordered", "free")),
        "tie_rule": rng.choice(("no_execution", "draw")),
    }


def check_invariants(state, events) -> None:
    assert state.status == "ended"
    end = events[-1]
    assert isinstance(end, GameEnded) and end.reason in ("village", "wolves", "fox", "demon", "draw")
    assert sorted(state.roles) == sorted(state.setup_roles)
    dead: set[int] = set()
    alive = [True] * state.seats
    for event in events:
        if isinstance(event, Died):
            assert not dead & set(event.seats) and list(event.seats) == sorted(event.seats)
            dead |= set(event.seats)
            for s in event.seats:
                alive[s - 1] = False
        if isinstance(event, Prompt) and not alive[event.seat - 1]:
            assert all(d.kind in DEAD_MAY for d in event.decisions), event
        if isinstance(event, StepOpened):
            assert all(alive[s - 1] for s in event.seats)
    living = state.living()
    teams = {s: MAGIC_CITY.roles[state.role(s)].team for s in range(1, state.seats + 1)}
    if end.reason == "village":
        assert not any(state.role(s) in ("werewolf", "evil_eye", "chimera") for s in living)
        assert set(end.winners) == {s for s, t in teams.items() if t == "village"}
    elif end.reason == "wolves":
        wolves = sum(city.is_wolf(state, s) for s in living)
        assert wolves and wolves >= sum(state.role(s) != "foxkin" for s in living) - wolves
        assert set(end.winners) == {s for s, t in teams.items() if t == "wolves"}
    elif end.reason == "fox":
        assert end.winners and all(s in living and teams[s] == "fox" for s in end.winners)
    elif end.reason == "demon":
        (demon,) = end.winners
        assert state.role(demon) == "demon" and not state.is_alive(demon)


def play(seed: int, n: int, early_close: bool = True) -> Game:
    rng = random.Random(seed)
    game = Game("magic_city", n, roles=random_roles(n, rng), options=random_options(rng, early_close), seed=seed)
    game.start()
    game.play(rng)
    return game


@settings(max_examples=2500, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.integers(0, 2**32), n=st.integers(8, 20))
def test_random_legal_games_end_keep_their_invariants_and_replay(seed, n):
    rng = random.Random(seed)
    state, events = quick_game("magic_city", n, seed, rng, random_roles(n, rng), random_options(rng))
    check_invariants(state, events)
    if seed % 10 == 0:
        assert verify(events).ok
        assert all(decode(encode(e)) == e for e in events)


def _untyped(tp) -> bool:
    """Whether a type leaves its values open: `Any`, or a bare dict/list/tuple."""
    if tp is Any or tp in (dict, list, tuple):
        return True
    return any(_untyped(arg) for arg in typing.get_args(tp))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.integers(0, 2**32), n=st.integers(8, 20))
def test_design_magic_city_state_changes_are_typed_events_each_folded_by_its_own_function(seed, n):
    rng = random.Random(seed)
    state, events = quick_game("magic_city", n, seed, rng, random_roles(n, rng), random_options(rng))
    assert not [e for e in events if isinstance(e, (Resolved, CityInfo))]  # no memo, no untyped payload
    own = {type(e) for e in events if type(e).__module__ == facts.__name__}
    # TodayShown is for the views alone; ShotAwaited for the audit (what follows the shot is declared)
    assert own and own <= CITY_EVOLVE.keys() | {TodayShown, ShotAwaited}
    for cls in (*own, CityState, EventParams, Tonight, Ballot):
        hints = typing.get_type_hints(cls)
        assert not [name for name, tp in hints.items() if _untyped(tp)], cls
    assert msgspec.json.decode(msgspec.json.encode(state.x), type=CityState) == state.x


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.integers(0, 2**32), n=st.integers(8, 20))
def test_random_games_played_from_each_seats_view_replay(seed, n):
    game = play(seed, n)
    check_invariants(game.state, game.events)
    assert verify(game.events).ok


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.integers(0, 2**32), n=st.integers(8, 20))
def test_random_games_holding_every_role_step_to_its_deadline_replay(seed, n):
    game = play(seed, n, early_close=False)
    check_invariants(game.state, game.events)
    assert verify(game.events).ok


# --- secrecy --------------------------------------------------------------------------------


def chunks(inputs: list[Input], roles: tuple[str, ...], n: int, seed: int, options: dict):
    """The events each input produces, replayed on a game dealt from `roles`, until it ends."""
    game = Game("magic_city", n, roles=roles, options=options, seed=seed)
    state, out = game.state, [game.events]
    for inp in inputs:
        if state.status == "ended":
            break
        produced = decide(state, inp)
        assert not isinstance(produced, RuleViolation), (inp, produced)
        for event in produced:
            state = evolve(state, event)
        out.append(produced)
    return out


PROBES = [Action(kind=k, target=t) for k in ("vote", "attack", "divine", "guard", "curse") for t in (1, 2, 3)]
PROBES += [Action(kind="speak", text="hello"), Action(kind="whisper", text="psst"), Action(kind="ready")]


def feed(events, viewer: int, upto: int) -> list[bytes]:
    return [encode(e) for e in events[:upto] if sees(e.to, viewer)]


def with_role(roles: list[str], role: str) -> tuple[str, ...] | None:
    """The list with `role` in place of one evil role that is not the last attacking wolf."""
    if role in roles:
        return tuple(roles)
    for k, r in enumerate(roles):
        attackers = sum(x in ("werewolf", "evil_eye") for x in roles)
        if r in EVIL and (r not in ("werewolf", "evil_eye") or attackers > 1):
            out = [*roles[:k], role, *roles[k + 1 :]]
            return tuple(out) if regulation_error(tuple(out)) is None else None
    return None


def states_before_inputs(events) -> list:
    states, state = [], initial_state()
    for event in events:
        if isinstance(event, Input):
            states.append(state)
        state = evolve(state, event)
    return states


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.integers(0, 2**32), n=st.integers(11, 20), hidden=st.sampled_from(("madman", "demon")))
def test_secrecy_no_seat_can_tell_a_citizen_from_a_hidden_role(seed, n, hidden):
    """Swap a citizen with a role nobody else may know of (no 祭壇 or 魂の渦 to show or move it): every
    other seat's feed (its events, their numbering and times, deadlines) and its refusals stay the
    same until the game ends."""
    rng = random.Random(seed)
    roles = with_role(list(random_roles(n, rng)), hidden)
    if roles is None:
        return
    options = {**random_options(rng, early_close=False), "event_altar": False, "event_vortex": False}
    _, events = quick_game("magic_city", n, seed, rng, roles, options)
    inputs = [e for e in events if isinstance(e, Input)][1:]
    i, j = roles.index("citizen"), roles.index(hidden)
    swapped = list(roles)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    a, b = chunks(inputs, roles, n, seed, options), chunks(inputs, tuple(swapped), n, seed, options)
    changed = {s for s in range(1, n + 1) if _deal(a)[s - 1] != _deal(b)[s - 1]}
    assert len(changed) == 2
    others = sorted(set(range(1, n + 1)) - changed)
    state_a = state_b = initial_state()
    for k, (ca, cb) in enumerate(zip(a, b, strict=False)):
        if any(isinstance(e, GameEnded) for e in ca + cb):
            break
        for viewer in others if k else ():  # the creation states the role list, in its own order
            assert [encode(e) for e in ca if sees(e.to, viewer)] == [encode(e) for e in cb if sees(e.to, viewer)]
        for event in ca:
            state_a = evolve(state_a, event)
        for event in cb:
            state_b = evolve(state_b, event)
        if k % 10 == 0 and state_a.status == "running":
            for viewer in others[:2]:
                for probe in PROBES:
                    act = Act(at=state_a.step.opened_at, seat=viewer, action=probe)
                    ra, rb = decide(state_a, act), decide(state_b, act)
                    assert isinstance(ra, RuleViolation) is isinstance(rb, RuleViolation)
                    if isinstance(ra, RuleViolation):
                        assert ra.code == rb.code


def _deal(chunked) -> list[str]:
    state = initial_state()
    for chunk in chunked:
        for event in chunk:
            state = evolve(state, event)
        if state.status == "running":
            return list(state.roles)
    return list(state.roles)


def test_options_are_listed_with_their_defaults():
    opts = MAGIC_CITY.all_options()
    assert opts["first_seer"].default and opts["consecutive_guard"].default and opts["night_talk"].default
    assert opts["vote_format"].default == "simultaneous" and opts["tie_rule"].default == "no_execution"
    assert not opts["early_close"].default
    assert msgspec.json.decode(msgspec.json.encode(opts["vote_format"]))["choices"] == [
        "simultaneous",
        "ordered",
        "free",
    ]


def test_every_message_exists_in_four_languages():
    from grimoire.domain.rulesets.magic_city import EVENTS, ROLES
    from grimoire.domain.texts import LANGS, entry
    from grimoire.projections.render import render

    for key in (
        [f"role.{r}" for r in ROLES]
        + [f"card.{c}" for c in EVENTS]
        + [
            "error.cursed_silent",
            "error.babel_word",
            "error.library_suffix",
            "error.incantation_required",
        ]
    ):
        assert set(entry(key, "magic_city")) == set(LANGS), key
    for seed in range(30):
        rng = random.Random(seed)
        n = 8 + seed % 13
        state, events = quick_game("magic_city", n, seed, rng, random_roles(n, rng), random_options(rng))
        for event in events:
            for lang in LANGS:
                text = render(event, lang, state.names, "magic_city")
                if isinstance(event, Notice):
                    assert text != event.key and "{" not in text, (event.key, lang, text)
