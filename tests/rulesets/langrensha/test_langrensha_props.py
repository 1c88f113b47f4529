"""Properties: random legal games for every size end, keep their invariants and replay exactly; secrecy."""

from __future__ import annotations

import random

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from grimoire.domain.catalog import decide, evolve, initial_state, run, verify
from grimoire.domain.codec import encode
from grimoire.domain.events import (
    Act,
    Action,
    CreateGame,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Prompt,
    Resolved,
    Start,
    StepOpened,
    Timeout,
    sees,
)
from grimoire.domain.rng import Rng
from grimoire.domain.rulesets.langrensha import LANGRENSHA
from grimoire.domain.rulesets.langrensha import facts as langrensha
from grimoire.domain.rulesets.langrensha.data import ROLES
from grimoire.domain.rulesets.langrensha.facts import Info, LState
from grimoire.domain.violations import RuleViolation
from grimoire.service.bots import pick
from tests.support.harness import T0, seed_for

W, V = "werewolf", "villager"

OPTIONS = st.fixed_dictionaries(
    {
        "early_close": st.booleans(),
        "witch_self_save": st.sampled_from(("always", "first_night", "never")),
        "witch_sees_target": st.sampled_from(("always", "while_antidote")),
        "guard_and_save_kills": st.booleans(),
        "guard_self": st.sampled_from(("any", "first_night")),
        "exile_tie": st.sampled_from(("none", "pk")),
        "sheriff_rules": st.sampled_from(("document", "standard")),
        "last_words": st.sampled_from(("night1_and_exile", "none")),
        "impeachment": st.booleans(),
        "retries": st.integers(0, 1),
    }
)

WOLVES = [r for r, role in ROLES.items() if role.wolf]
OTHERS = [r for r, role in ROLES.items() if not role.wolf and r not in ("thief", "cupid", V)]


@st.composite
def role_lists(draw, n: int) -> tuple[str, ...]:
    """Any legal host list: at least one wolf, at most one cupid and one thief (with its two spare cards)."""
    thief = draw(st.booleans())
    size = n + 2 * thief
    wolves = draw(st.integers(1 + thief, max(1 + thief, size // 3)))
    roles = [draw(st.sampled_from(WOLVES)) for _ in range(wolves)]
    roles += ["thief"] * thief + ["cupid"] * draw(st.booleans())
    while len(roles) < size:
        roles.append(draw(st.sampled_from(OTHERS + [V, V, V])))
    return tuple(roles[:size]) if roles[:size].count("thief") == thief else tuple(roles)


def play(n: int, seed: int, options: dict, roles: tuple[str, ...] = (), check=None) -> list[Event]:
    """A whole game of random-legal players on the engine's state; `check(state, event)` sees every event."""
    rng = random.Random(seed)
    state, now, events = initial_state(), T0, []

    def submit(inp):
        nonlocal state
        result = run(state, inp)
        assert not isinstance(result, RuleViolation), (result, inp)
        if check is None:
            events.extend(result[0])
            state = result[1]
            return
        for e in result[0]:
            before = state
            state = evolve(state, e)
            events.append(e)
            check(before, state, e)

    names = tuple(f"P{i}" for i in range(1, n + 1))
    submit(
        CreateGame(
            at=now,
            game_id="p",
            ruleset="langrensha",
            seats=n,
            names=names,
            roles=roles,
            options=options,
            seed=seed_for(seed),
        )
    )
    submit(Start(at=now))
    for _ in range(5000):
        if state.status == "ended":
            return events
        now += 1000
        step = state.step
        owing = step.owing()
        if owing and rng.random() < 0.97:
            seat = rng.choice(owing)
            d = rng.choice([d for d in step.prompts[seat] if not d.repeatable])
            if seat in d.targets and not d.self_ok:
                d = replace(d, targets=tuple(t for t in d.targets if t != seat))
            submit(Act(at=now, seat=seat, action=pick(d, rng, seat)))
        else:
            now = max(now, step.deadline or now)
            submit(Timeout(at=now, step=step.no))
    raise AssertionError("the game did not end")


def invariants(before, after, e) -> None:
    if before.status == "running" and after.status == "running":
        assert all(not (a and not b) for a, b in zip(after.alive, before.alive)), "nobody comes back to life"
        x = after.x
        if isinstance(e, StepOpened) and e.name not in ("last_words", "shot", "badge"):
            assert x.sheriff == 0 or after.is_alive(x.sheriff), "a dead sheriff's badge is settled before play goes on"
        assert len(x.lovers) in (0, 2) and len(set(x.lovers)) == len(x.lovers)
        if after.day >= 1 and after.phase == "day":
            assert "thief" not in after.roles, "the thief has chosen by the first morning"
    if isinstance(e, Died):
        assert list(e.seats) == sorted(e.seats) and e.to == "public"
        assert all(not after.is_alive(s) for s in e.seats)
    if isinstance(e, Prompt):
        assert e.to == (e.seat,)
    assert not isinstance(e, (Resolved, Info)), "every fact is a named, typed event"
    if isinstance(e, GameEnded) and e.reason not in ("aborted", "no_winner"):
        assert e.winners and set(e.winners) <= set(range(1, after.seats + 1))
    if isinstance(e, GameEnded) and e.reason == "no_winner":
        x = after.x
        assert not e.winners and not e.teams and x.lovers and x.cupid, "only a side lost wholly to a mixed couple"


@settings(max_examples=1400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(6, 20), seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_games_with_the_automatic_lists_end_keep_invariants_and_replay(n, seed, options):
    events = play(n, seed, options, check=invariants)
    assert isinstance(events[-1], GameEnded)
    assert verify(events).ok


def _untyped(t: msgspec.inspect.Type) -> list[str]:
    """The loose parts of a type: Any and lists (immutable state holds tuples), within it too."""
    if isinstance(t, (msgspec.inspect.AnyType, msgspec.inspect.ListType)):
        return [type(t).__name__]
    inner = [getattr(t, name, None) for name in ("item_type", "key_type", "value_type")]
    inner += [*getattr(t, "item_types", ()), *getattr(t, "types", ())]
    if isinstance(t, msgspec.inspect.StructType):
        inner += [f.type for f in t.fields]
    return [loose for i in inner if i is not None for loose in _untyped(i)]


def test_langrensha_facts_and_state_are_typed_with_no_free_payload():
    facts = [
        c
        for c in vars(langrensha).values()
        if isinstance(c, type) and issubclass(c, Event) and c.__module__ == langrensha.__name__ and c is not Info
    ]
    assert len(facts) > 20
    for cls in facts:
        tag = cls.__struct_config__.tag
        assert tag.startswith("lrs_") and tag == tag.lower(), tag
        fields = [f for f in msgspec.inspect.type_info(cls).fields if f.name not in ("at", "to")]
        assert not [loose for f in fields for loose in _untyped(f.type)], cls
    assert not _untyped(msgspec.inspect.type_info(LState)), "LState is typed: tuples and typed fields"


# --- secrecy ---------------------------------------------------------------------------------------------

QUIET = [r for r in ROLES if not ROLES[r].wolf and r not in ("elder", "blood_moon", "thief")]
PROBES = (
    "divine",
    "guard",
    "save",
    "poison",
    "shoot",
    "badge",
    "attack",
    "link",
    "swap",
    "inspect",
    "mark",
    "block",
    "pick",
    "duel",
    "vote",
    "stand",
    "speak",
    "whisper",
)


def _deal(n: int, roles: list[str], seed: int) -> list[int]:
    """Which position of the host's list each seat is dealt (the deal is the first draw of `Start`)."""
    return Rng(seed_for(seed), 1).shuffled(list(range(n)))


def _games(n: int, seed: int, roles: list[str], swapped: list[str]) -> list[list]:
    return [
        [
            CreateGame(
                at=T0,
                game_id="s",
                ruleset="langrensha",
                seats=n,
                names=tuple(f"P{i}" for i in range(n)),
                roles=tuple(r),
                options={"retries": 0},
                seed=seed_for(seed),
            ),
            Start(at=T0),
        ]
        for r in (roles, swapped)
    ]


def _lockstep(games: list[list], observers: list[int], n: int, dealt: list[str] | None = None) -> None:
    """Drive both games by deadlines only; at every step each observer tries every action: same answers."""
    states = [initial_state(), initial_state()]
    streams: list[list[Event]] = [[], []]
    for i, inputs in enumerate(games):
        for inp in inputs:
            for e in decide(states[i], inp):
                states[i] = evolve(states[i], e)
                streams[i].append(e)
    assert dealt is None or list(states[0].roles) == dealt, "the deal is the first draw of Start"
    now = T0
    for _ in range(3000):
        if any(s.status == "ended" for s in states):
            break
        for seat in observers:
            for kind in PROBES:
                for target in (None, 1, n):
                    act = Act(at=now, seat=seat, action=Action(kind=kind, target=target))
                    codes = [getattr(decide(s, act), "code", "accepted") for s in states]
                    assert codes[0] == codes[1], (seat, kind, target, codes)
        for i in range(2):
            step = states[i].step
            now_i = max(now, step.deadline or now)
            for e in decide(states[i], Timeout(at=now_i, step=step.no)):
                states[i] = evolve(states[i], e)
                streams[i].append(e)
        now = max(now, states[0].step.opened_at if states[0].step else now)
    assert states[0].status == states[1].status == "ended"
    for seat in observers:
        feeds = [
            [encode(e) for e in s if sees(e.to, seat) and not isinstance(e, (GameCreated, GameEnded))] for s in streams
        ]
        assert feeds[0] == feeds[1], f"seat {seat}'s feed differs"


@settings(max_examples=60, deadline=None)
@given(n=st.integers(6, 20), seed=st.integers(0, 2**20), data=st.data())
def test_secrecy_no_seat_sees_a_difference_when_only_others_hidden_roles_change(n, seed, data):
    roles = list(LANGRENSHA.setup(n, None, ()))
    if "thief" in roles:
        roles.remove("thief")
        roles.remove(V)
    deal = _deal(n, roles, seed)
    dealt = [roles[deal[s]] for s in range(n)]
    quiet = [s for s in range(n) if dealt[s] in QUIET]
    a, b = data.draw(st.sampled_from([(x, y) for x in quiet for y in quiet if dealt[x] != dealt[y]]))
    swapped = list(roles)
    swapped[deal[a]], swapped[deal[b]] = swapped[deal[b]], swapped[deal[a]]
    games = _games(n, seed, roles, swapped)
    observers = [s + 1 for s in range(n) if s not in (a, b)]
    _lockstep(games, data.draw(st.lists(st.sampled_from(observers), min_size=1, max_size=3, unique=True)), n, dealt)


def test_secrecy_check_sees_a_difference_a_seat_may_know():
    """The same check fails when a wolf trades places with a villager: the other wolves learn their pack."""
    n, seed = 9, 5
    roles = list(LANGRENSHA.setup(n, None, ()))
    deal = _deal(n, roles, seed)
    dealt = [roles[deal[s]] for s in range(n)]
    wolf, villager = dealt.index(W), dealt.index(V)
    other_wolf = next(s for s in range(n) if dealt[s] == W and s != wolf) + 1
    swapped = list(roles)
    swapped[deal[wolf]], swapped[deal[villager]] = swapped[deal[villager]], swapped[deal[wolf]]
    try:
        _lockstep(_games(n, seed, roles, swapped), [other_wolf], n)
    except AssertionError:
        return
    raise AssertionError("a changed pack went unnoticed")
