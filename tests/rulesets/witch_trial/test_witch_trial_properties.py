"""witch_trial over random legal games: they end, conserve the cards, replay exactly, and keep secrets.

Hypothesis draws a seed; random-legal bots play the whole game from their own views.
"""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.domain.catalog import decide, evolve, verify
from grimoire.domain.codec import decode, encode
from grimoire.domain.events import MODERATOR, Act, Action, DeathCause, Event, GameEnded, Notice, StepOpened, sees
from grimoire.domain.rulesets.witch_trial import WITCH_TRIAL
from grimoire.domain.rulesets.witch_trial.data import CARDS, POOLS
from grimoire.domain.rulesets.witch_trial.facts import (
    AttackBlocked,
    AttackLate,
    AttackMade,
    AttackMissed,
    AttackUnfit,
    AttackVoided,
    BecameWitch,
    CardsDealt,
    CardsLeftOnBody,
    CardUsed,
    FirstFound,
    Imprisoned,
    Killed,
    LeftoversDiscarded,
    Looted,
    LootQueued,
    OfferHeld,
    OfferMade,
    TradeAccepted,
    TradeRefused,
    WitchKillerPassed,
    WitchKillerReceived,
    WitchKillerSeized,
    WitchTimer,
    Wrecked,
)
from grimoire.domain.violations import RuleViolation
from tests.support.witch_trial import bot_game

seeds = st.integers(min_value=0, max_value=2**32)
sizes = st.sampled_from([7, 8, 9])
PRIVATE_KEYS = ("probe.", "check.", "barrier.", "attack.", "loot.look", "loot.empty", "witch.")
TRUTH = (
    DeathCause,
    Imprisoned,
    OfferHeld,
    AttackUnfit,
    AttackMade,
    AttackVoided,
    AttackBlocked,
    AttackMissed,
    AttackLate,
    Killed,
    WitchTimer,
    BecameWitch,
    Wrecked,
    WitchKillerPassed,
    LootQueued,
    LeftoversDiscarded,
)
ATTACKS = (AttackMade, AttackUnfit, AttackVoided)  # every use of a 杀人魔法 or the 魔女杀手, whatever became of it


def conservation(pool):
    last = [None]

    def check(state):
        x = state.x
        if x is None or x is last[0] or not x.hands:
            return
        last[0] = x
        held = Counter()
        for cards in (*x.hands.values(), *x.corpses.values(), x.discard):
            held.update(cards)
        assert held == pool, (held, pool)

    return check


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, sizes)
def test_random_games_end_replay_and_every_card_is_always_in_exactly_one_hand_corpse_or_discard(seed, seats):
    events = bot_game(seed, seats, check=conservation(Counter(POOLS[str(seats)])))
    assert isinstance(events[-1], GameEnded)
    assert verify(events).ok


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, sizes)
def test_random_games_replay_exactly_and_keep_every_secret_to_its_audience(seed, seats):
    events, trail = bot_game(seed, seats, record=True)
    assert verify(events).ok
    assert all(decode(encode(e)) == e for e in events)
    final_state = trail[-1][1]
    attackers: dict[int, tuple] = {}
    for e in events:
        if isinstance(e, StepOpened) and e.name == "night":
            attackers = {}
        if isinstance(e, AttackMade):
            attackers[e.target] = attackers.get(e.target, ()) + (e.seat,)
        if isinstance(e, FirstFound):
            assert e.seat not in attackers.get(e.corpse, ())
        if isinstance(e, Notice) and e.key.startswith(PRIVATE_KEYS):
            assert isinstance(e.to, tuple) and len(e.to) == 1
        if isinstance(e, TRUTH):
            assert e.to == MODERATOR
        for s in range(1, seats + 1):
            if not sees(e.to, s) or e.to == "public":
                continue
            if isinstance(
                e, (CardsDealt, WitchKillerReceived, CardsLeftOnBody, CardUsed, WitchKillerSeized, Looted, FirstFound)
            ):
                assert e.to == (e.seat,) == (s,)
            elif isinstance(e, OfferMade):
                assert e.to == (s,) == (e.recipient,)
            elif isinstance(e, (TradeAccepted, TradeRefused)):
                assert s in (e.initiator, e.recipient)
            elif isinstance(e, Act):
                assert e.seat == s or e.action.kind in ("speak", "ready")
    # every seat's view holds exactly its hand
    _, state, views, _ = trail[-1]
    del final_state
    for s in range(1, seats + 1):
        if state.is_alive(s):
            assert sorted(views[s].private["hand"]) == sorted(state.x.hands[s])


def test_random_games_make_offers_that_are_accepted_refused_and_held():
    outcomes = Counter()
    for seed in range(8):
        for e in bot_game(seed, 9):
            if isinstance(e, TradeAccepted):
                outcomes["accepted"] += 1
            elif isinstance(e, TradeRefused):
                outcomes["refused"] += 1
            elif isinstance(e, OfferHeld):
                outcomes["held"] += 1
    assert set(outcomes) == {"accepted", "refused", "held"}
    assert outcomes["refused"] >= outcomes["held"]  # a held offer closes as refused


# --- the seat cannot tell: change what another seat does where the rules hide it ------------------

PROBE_KINDS = sorted(WITCH_TRIAL.action_kinds)


def _refusals(state, seat, other) -> list:
    out = []
    for kind in PROBE_KINDS:
        for target in (None, other):
            for option in (None, CARDS[1]):
                r = decide(
                    state, Act(at=state_time(state), seat=seat, action=Action(kind=kind, target=target, option=option))
                )
                out.append(r.code if isinstance(r, RuleViolation) else "accepted")
    return out


def state_time(state) -> int:
    return (state.step.opened_at if state.step else 0) + 1


def _visible(events: list[Event], seat: int) -> list[bytes]:
    return [encode(e) for e in events if sees(e.to, seat)]


def _closes(out, what: str) -> bool:
    if what == "loot":
        return any(isinstance(e, StepOpened) and e.name == "morning" for e in out)
    # a night's resolution opens the loot window or ends the game
    return any(isinstance(e, GameEnded) or (isinstance(e, StepOpened) and e.name == "loot") for e in out)


def _alternatives(trail, i):
    """Another legal choice for the seat acting at input i that the rules hide from `observers`,
    with the event that ends what stays hidden (the horizon)."""
    inp, state, _, _ = trail[i]
    if not isinstance(inp, Act) or state.step is None:
        return []
    seat, action, name = inp.seat, inp.action, state.step.name
    decisions = {d.kind: d for d in state.step.prompts.get(seat, ())}
    everyone = set(range(1, state.seats + 1))
    found = []
    if name == "night" and action.kind in ("barrier", "probe", "check"):
        night = next(out for (_, _, _, out) in trail[i:] if _closes(out, "night"))
        if any(e.target == seat for e in night if isinstance(e, ATTACKS)):
            return []
        if any(e.seat == seat for e in night if isinstance(e, (Killed, Wrecked))):
            return []  # a body's cards are revealed: what is left of its hand is public then
        for kind in ("barrier", "probe", "check"):
            d = decisions.get(kind)
            if d is None:
                continue
            for target in d.targets or (None,):
                alt = Action(kind=kind, target=target)
                if alt != action:
                    found.append((alt, everyone - {seat}, ("night", 2)))
    elif name == "noon" and action.kind == "accept":
        initiator = state.x.offers[seat][0]
        for card in decisions["accept"].options:
            if card != action.option:
                found.append((Action(kind="accept", option=card), everyone - {seat, initiator}, ("night", 1)))
    elif name == "noon" and action.kind == "offer":
        for card in decisions["offer"].options:
            if card != action.option:
                alt = Action(kind="offer", target=action.target, option=card)
                found.append((alt, everyone - {seat, action.target}, ("night", 1)))
    elif name == "loot" and action.kind == "take":
        queue = next(ls for ls in state.x.loot.values() if seat in ls)
        for card in decisions["take"].options:
            if card != action.option:
                found.append((Action(kind="take", option=card), everyone - set(queue), ("loot", 1)))
    return found


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, sizes, st.integers(min_value=0, max_value=10**6))
def test_a_seat_observes_nothing_of_another_seats_hidden_hand_card_use_or_trade(seed, seats, pick):
    _, trail = bot_game(seed, seats, record=True)
    candidates = [(i, alt) for i in range(len(trail)) for alt in _alternatives(trail, i)]
    if not candidates:
        return
    i, (alt, observers, (what, count)) = candidates[pick % len(candidates)]
    inp, state_b, _, _ = trail[i]
    observers = sorted(observers)
    probe = observers[pick % len(observers)]
    closes = 0
    k = i
    replaced = Act(at=inp.at, seat=inp.seat, action=alt)
    while k < len(trail):
        current, state_a, _, out_a = trail[k]
        if k > i:
            assert _refusals(state_a, probe, inp.seat) == _refusals(state_b, probe, inp.seat)
        out_b = decide(state_b, replaced if k == i else current)
        if isinstance(out_b, RuleViolation):
            break  # the change reaches this seat's own later choices: nothing more to compare
        if _closes(out_a, what):
            closes += 1
            if closes == count:
                break
        for s in observers:
            assert _visible(out_a, s) == _visible(out_b, s), (k, s, alt)
        for e in out_b:
            state_b = evolve(state_b, e)
        k += 1
