"""Properties: random legal games of aiwolf end, keep their invariants and replay exactly; its state and
facts are typed; and no seat reads a difference when only what it may not know changes."""

from __future__ import annotations

import random
import typing

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.domain.catalog import decide, evolve, initial_state, verify
from grimoire.domain.codec import decode, encode
from grimoire.domain.events import (
    Act,
    Action,
    CreateGame,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Start,
    Timeout,
    sees,
)
from grimoire.domain.rulesets.aiwolf import AIWOLF
from grimoire.domain.rulesets.aiwolf import facts as aiwolf_facts
from grimoire.domain.rulesets.aiwolf.data import ROLES
from grimoire.domain.rulesets.aiwolf.facts import AState, Attacked, ChannelOpened, Talked, Whispered
from grimoire.domain.rulesets.aiwolf.talk import count, limits
from grimoire.domain.violations import RuleViolation
from tests.rulesets.aiwolf.support import FIVE, THIRTEEN, names
from tests.support.harness import T0, Game, seed_for

REPLIES = ("Over", "Skip", "ForceSkip", "", "hello @Agent[03] " * 6, "占い師COします。" * 8, "a b c d e f g h i j k")

OPTIONS = st.fixed_dictionaries(
    {
        "talk_max_skip": st.integers(0, 2),
        "talk_base_length": st.sampled_from((50, 8, -1)),
        "talk_per_agent_length": st.sampled_from((-1, -1, 40)),
        "talk_count_in_word": st.booleans(),
        "whisper_per_talk": st.sampled_from((-1, 20)),
        "vote_max_count": st.integers(1, 3),
        "vote_visibility": st.booleans(),
        "attack_allow_no_target": st.booleans(),
        "max_day": st.sampled_from((-1, 3)),
        "retries": st.integers(0, 1),
    }
)


def play(preset: str, options: dict, seed: int) -> Game:
    """Bots answer from their own views (any legal target, or none; every kind of reply), or let the
    deadline pass."""
    n = int(preset)
    g = Game("aiwolf", n, preset=preset, options=options, seed=seed, names=names(n))
    rng = random.Random(seed)
    g.submit(Start(at=g.tick()))
    for _ in range(20000):
        if g.state.status == "ended":
            return g
        owed = [(s, d) for s in range(1, n + 1) for d in g.views[s].decisions if g.views[s].answered is None]
        if owed and rng.random() > 0.1:
            seat, d = rng.choice(owed)
            target = rng.choice(d.targets) if d.targets and rng.random() < 0.9 else None
            text = rng.choice(REPLIES) if d.text else None
            out = g.submit(Act(at=g.tick(), seat=seat, action=Action(kind=d.kind, target=target, text=text)))
            assert not isinstance(out, RuleViolation), (out, seat, d)
        else:
            assert not isinstance(g.timeout(), RuleViolation)
    raise AssertionError("the game did not end")


def check_invariants(g: Game) -> None:
    state = initial_state()
    spoken: dict[tuple[str, int, int], int] = {}
    stage = ""
    for e in g.events:
        if isinstance(e, Act):
            assert state.is_alive(e.seat), "the dead never act"
            assert e.seat not in state.x.failed, "a failed agent is asked nothing"
        if isinstance(e, Died):
            assert list(e.seats) == sorted(e.seats)
            assert e.when in ("execution", "attack")
            if e.when == "attack":  # at the next day's start, or as the last day's night ends the game
                assert (state.phase == "day" and state.day >= 2) or state.options["max_day"] == state.day
        if isinstance(e, ChannelOpened):
            stage = e.stage
            if e.stage != "talk":
                assert all(ROLES[state.role(s)].wolf for s in e.order), "only werewolves whisper"
        if isinstance(e, Talked | Whispered):
            channel = "talk" if isinstance(e, Talked) else "whisper"
            lim = limits(state.options, channel)
            key = (stage, e.day, e.seat)
            spoken[key] = spoken.get(key, 0) + 1
            assert spoken[key] <= lim.per_agent and e.turn < lim.per_day
            if not (e.over or e.skip) and lim.base_length != -1 and lim.per_agent_length == -1:
                mention = lim.mention_length if " @" in e.text else 0
                assert count(e.text, lim) <= lim.base_length + mention + count(" @Agent[00] ", lim)
        if isinstance(e, Attacked):
            assert state.day >= 1 and state.phase == "night", "no attack on night 0"
        state = evolve(state, e)
    end = g.events[-1]
    assert isinstance(end, GameEnded)
    wolves = [s for s in state.living() if ROLES[state.role(s)].wolf]
    if end.reason == "werewolves":
        assert wolves and 2 * len(wolves) >= len(state.living())
        assert set(end.winners) == {s for s in range(1, state.seats + 1) if ROLES[state.role(s)].team == "wolves"}
    elif end.reason == "villagers":
        assert not wolves
        assert set(end.winners) == {s for s in range(1, state.seats + 1) if ROLES[state.role(s)].team == "village"}
    else:
        assert end.reason in ("max_day", "aborted") and end.winners == ()


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(preset=st.sampled_from(("13", "5")), options=OPTIONS, seed=st.integers(0, 2**20))
def test_random_legal_games_end_keep_their_invariants_and_replay_exactly(preset, options, seed):
    g = play(preset, options, seed)
    check_invariants(g)
    report = verify(g.events)
    assert report.ok and report.events == len(g.events), report
    for e in g.events:
        assert decode(encode(e)) == e


def test_the_state_and_facts_are_typed_with_no_free_payload():
    def loose(tp: object) -> bool:
        return tp is typing.Any or any(loose(a) for a in typing.get_args(tp))

    for cls in (AState, *(c for c in vars(aiwolf_facts).values() if isinstance(c, type) and issubclass(c, Event))):
        if cls.__module__ != aiwolf_facts.__name__:
            continue
        hints = typing.get_type_hints(cls)
        assert not any(loose(t) or t is dict for t in hints.values()), cls
        assert cls is AState or cls.__doc__, cls
    assert set(aiwolf_facts.EVOLVE) >= {Talked, Whispered, Attacked, ChannelOpened}
    assert AIWOLF.evolve is not None


# --- secrecy ---------------------------------------------------------------------------------------------


def _start(roles: tuple[str, ...], seed: int, options: dict) -> tuple[list[Event], object]:
    create = CreateGame(
        at=T0,
        game_id="s",
        ruleset="aiwolf",
        seats=len(roles),
        names=names(len(roles)),
        roles=roles,
        options=options,
        seed=seed_for(seed),
    )
    state, stream = initial_state(), []
    for inp in (create, Start(at=T0)):
        for e in decide(state, inp):
            state = evolve(state, e)
            stream.append(e)
    return stream, state


def _lockstep(worlds: list[tuple[str, ...]], seed: int, whisper: list[str], observers: list[int]) -> None:
    """Drive every world by deadlines only, except that the werewolves whisper as each world's `whisper`
    says (its text, or Over at once), all at the same moment: each observer reads the same feed."""
    options = {"max_day": 2, "retries": 0}
    started = [_start(roles, seed, options) for roles in worlds]
    streams, states = [s for s, _ in started], [st_ for _, st_ in started]
    now = T0
    for _ in range(5000):
        if all(s.status == "ended" for s in states):
            break
        for i, words in enumerate(whisper):
            while states[i].step is not None and states[i].step.name == "whisper" and states[i].step.owing():
                seat = states[i].step.owing()[0]
                out = decide(states[i], Act(at=now, seat=seat, action=Action(kind="whisper", text=words)))
                for e in out:
                    states[i] = evolve(states[i], e)
                    streams[i].append(e)
        now = max(s.step.deadline or now for s in states if s.step is not None)
        for i in range(len(worlds)):
            step = states[i].step
            if states[i].status == "ended" or step is None:
                continue
            for e in decide(states[i], Timeout(at=now, step=step.no, forced=step.deadline is None)):
                states[i] = evolve(states[i], e)
                streams[i].append(e)
    assert all(s.status == "ended" for s in states)
    for seat in observers:
        feeds = [
            [encode(e) for e in s if sees(e.to, seat) and not isinstance(e, GameCreated | GameEnded)] for s in streams
        ]
        assert all(f == feeds[0] for f in feeds), f"seat {seat}'s feed differs"


QUIET = (S, B, M, P, V) = ("seer", "bodyguard", "medium", "possessed", "villager")


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(five=st.booleans(), seed=st.integers(0, 2**20), data=st.data())
def test_secrecy_no_seat_sees_a_difference_when_only_others_hidden_roles_change(five, seed, data):
    roles = list(FIVE if five else THIRTEEN)
    quiet = [i for i, r in enumerate(roles) if r in QUIET]
    a, b = data.draw(st.sampled_from([(x, y) for x in quiet for y in quiet if roles[x] != roles[y]]))
    swapped = list(roles)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    worlds = [tuple(roles), tuple(swapped)]
    dealt = [_start(w, seed, {"max_day": 2})[1] for w in worlds]
    changed = {s for s in range(1, len(roles) + 1) if dealt[0].role(s) != dealt[1].role(s)}
    observers = [s for s in range(1, len(roles) + 1) if s not in changed]
    _lockstep(worlds, seed, ["Over", "Over"], data.draw(st.lists(st.sampled_from(observers), min_size=1, max_size=3)))


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**20))
def test_secrecy_how_much_the_werewolves_whispered_shows_to_no_other_seat(seed):
    roles = THIRTEEN
    dealt = _start(roles, seed, {"max_day": 2})[1]
    humans = [s for s in range(1, 14) if not ROLES[dealt.role(s)].wolf]
    _lockstep([roles, roles], seed, ["Over", "we bite the seer tonight"], humans)


def test_secrecy_check_sees_a_difference_a_seat_may_know():
    """The same check fails for a werewolf when the other werewolves whisper otherwise."""
    dealt = _start(THIRTEEN, 5, {"max_day": 2})[1]
    wolf = next(s for s in range(1, 14) if ROLES[dealt.role(s)].wolf)
    try:
        _lockstep([THIRTEEN, THIRTEEN], 5, ["Over", "we bite the seer tonight"], [wolf])
    except AssertionError:
        return
    raise AssertionError("a whisper went unnoticed by the pack")


def test_codec_round_trips_every_fact():
    g = play("13", {}, 7)
    for e in g.events:
        assert msgspec.json.decode(msgspec.json.encode(e), type=type(e)) == e
