"""The night abilities: the pack's attack, the evil eye's curse, the chimera's prediction, divination, the
medium, the guards and the moneylender's loan; the role check's first knowledge; and the night resolved at
dawn. A role step is a seat's prompt (the seats are the living ones the night may touch, unless the
step names its own), how its answers resolve, and what it tells as it opens (`flow` declares them)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.mechanics.pack import chosen_target
from grimoire.domain.mechanics.pack import tell_partners as tell_pack
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.rulesets.magic_city.city import (
    eligible,
    holders,
    is_wolf,
    mark,
    seers_label,
    tonight_event,
    wolves,
)
from grimoire.domain.rulesets.magic_city.facts import (
    AttackChosen,
    ChimeraPredicted,
    CityGuarded,
    CityNightResolved,
    CityState,
    CurseCast,
    FoxDivined,
    Lent,
    PredictionMatched,
)
from grimoire.domain.state import GameState

replace = msgspec.structs.replace
Decisions = tuple[Decision, ...]
Prompt = Callable[[Ruleset[CityState], Table[CityState], int], Decisions]  # a seat's decisions in a role step
Resolve = Callable[[Ruleset[CityState], Table[CityState], dict[int, Action]], None]
Announce = Callable[[Ruleset[CityState], Table[CityState]], None]  # what a role step tells as it opens


def attack_decision(state: GameState[CityState], seat: int) -> Decision:
    ok = eligible(state)
    barred = tuple((s, "target_is_wolf") for s in ok if is_wolf(state, s) and s != seat)
    targets = tuple(s for s in ok if not is_wolf(state, s))
    return Decision(kind="attack", targets=targets, barred=barred)


def guard_decision(state: GameState[CityState], seat: int) -> Decision:
    last = state.x.last_guard.get(seat)
    if state.options["consecutive_guard"]:
        last = None
    barred = ((last, "consecutive_guard"),) if last is not None and state.is_alive(last) else ()
    targets = tuple(s for s in eligible(state) if s != seat and s != last)
    return Decision(kind="guard", targets=targets, barred=barred, optional=True)


def divine(g: Table[CityState], seer: int, seen: int, first: bool) -> None:
    state = g.state
    x: CityState = state.x
    label = seers_label(state, seen)
    if not first and tonight_event(state) == "mirror_shop" and x.params.target == seen:
        label = "human" if label == "werewolf" else "werewolf"
    g.notice("seer.first" if first else "seer.result", to=(seer,), learn={seen: label}, target=seen, label=label)
    mark(g, seen)
    if state.role(seen) == "foxkin":
        g.emit(FoxDivined(at=g.at, to=MODERATOR, fox=seen))


def _others(state: GameState[CityState], seat: int) -> tuple[int, ...]:
    return tuple(s for s in eligible(state) if s != seat)


def name_one(kind: str, *roles: str) -> Prompt:
    """Each holder of `roles` may name another seat (`kind`), or nobody."""

    def prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> Decisions:
        if g.state.role(seat) not in roles:
            return ()
        return (Decision(kind=kind, targets=_others(g.state, seat), optional=True),)

    return prompt


divine_prompt = name_one("divine", "prophet")


def first_divine_prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> Decisions:
    return divine_prompt(rs, g, seat) if g.state.options["first_seer"] else ()


def pack_and_masons(rs: Ruleset[CityState], g: Table[CityState]) -> list[int]:
    """The first attack's actors: the pack, then the masons who talk with it at night."""
    ok = eligible(g.state)
    wolves = [s for s in ok if is_wolf(g.state, s)]
    if not g.state.options["night_talk"]:
        return wolves
    return wolves + [s for s in ok if g.state.role(s) == "mason"]


def pack(rs: Ruleset[CityState], g: Table[CityState]) -> list[int]:
    return [s for s in eligible(g.state) if is_wolf(g.state, s)]


def attack_prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> Decisions:
    """The pack's attack, and the night talk of the pack and the masons."""
    state = g.state
    own: Decisions = (attack_decision(state, seat),) if is_wolf(state, seat) else ()
    if state.options["night_talk"]:
        own += (Decision(kind="whisper", text=state.options["speech_max_chars"], repeatable=True),)
    return own


def second_attack_prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> Decisions:
    """The second attack, never on the first's target."""
    first = g.state.x.tonight.attack
    d = attack_decision(g.state, seat)
    return (replace(d, targets=tuple(t for t in d.targets if t != first)),)


def predict_prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> Decisions:
    if g.state.role(seat) != "chimera" or seat in g.state.x.awakened:
        return ()
    return (Decision(kind="predict", targets=_others(g.state, seat), optional=True),)


def guard_prompt(*roles: str) -> Prompt:
    def prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> Decisions:
        return (guard_decision(g.state, seat),) if g.state.role(seat) in roles else ()

    return prompt


_lend_prompt = name_one("lend", "moneylender")


def lend_prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> Decisions:
    """The moneylender lends once a game."""
    return () if g.state.x.lent else _lend_prompt(rs, g, seat)


def _choices(answers: dict[int, Action]) -> list[tuple[int, int]]:
    """(seat, the seat it named), in seat order."""
    return [(seat, a.target) for seat, a in sorted(answers.items()) if a.target is not None]


def resolve_divine(first: bool) -> Resolve:
    def resolve(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
        for seer, seen in _choices(answers):
            divine(g, seer, seen, first=first)

    return resolve


def resolve_attack(second: bool) -> Resolve:
    def resolve(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
        g.emit(AttackChosen(at=g.at, to=MODERATOR, target=chosen_target(g, wolves(g.state)), second=second))

    return resolve


def resolve_curse(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
    for eye, target in _choices(answers):
        g.emit(CurseCast(at=g.at, to=(eye,), eye=eye, target=target))


def resolve_predict(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
    for chimera, target in _choices(answers):
        g.emit(ChimeraPredicted(at=g.at, to=MODERATOR, chimera=chimera, target=target))


def resolve_guard(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
    for guard, target in _choices(answers):
        g.emit(CityGuarded(at=g.at, to=MODERATOR, guard=guard, role=g.state.role(guard), target=target))


def resolve_lend(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
    for lender, target in _choices(answers):
        g.emit(Lent(at=g.at, to=MODERATOR, lender=lender, target=target, day=g.state.day))
        mark(g, target)


def tell_wolves(rs: Ruleset[CityState], g: Table[CityState]) -> None:
    tell_pack(g, tuple(pack(rs, g)))


def tell_partners(*roles: str) -> Announce:
    def announce(rs: Ruleset[CityState], g: Table[CityState]) -> None:
        pair = tuple(s for s in eligible(g.state) if g.state.role(s) in roles)
        if len(pair) > 1:
            g.notice("partners.known", to=pair, learn={s: g.state.role(s) for s in pair}, seats=pair)

    return announce


def tell_medium(rs: Ruleset[CityState], g: Table[CityState]) -> None:
    state = g.state
    executed = state.x.executed if state.x.executed_day == state.day else None
    if executed is None:
        return
    for medium in (s for s in eligible(state) if state.role(s) == "medium"):
        label = seers_label(state, executed)
        g.notice("medium.result", to=(medium,), learn={executed: label}, target=executed, label=label)


def resolve_night(g: Table[CityState]) -> dict[int, str]:
    """The night's attacks, guards and curses at dawn: the deaths it leaves."""
    state = g.state
    x: CityState = state.x
    t, params, event = x.tonight, x.params, tonight_event(state)
    golem = bool(holders(state, "golem"))
    named = [s for s in (t.attack, t.attack2) if s is not None]
    attacks = named[:1]
    second = event == "beast_forest" or (event == "casino" and params.card == "werewolf")
    if len(named) > 1 and second and not golem:  # the golem blocks the second attack
        attacks.append(named[1])
    if event == "casino" and params.card == "citizen":
        attacks = []
    if event == "illusion_garden" and params.die:
        ring = eligible(state)
        step = params.die if params.direction == "right" else -params.die
        attacks = [ring[(ring.index(a) + step) % len(ring)] for a in attacks]
    attacks = list(dict.fromkeys(attacks))
    knight = t.knight or t.dragon
    joint = knight[1] if knight else None
    spirit = t.spirit_caller
    guards = [(s, joint) for s in eligible(state) if state.role(s) in ("knight", "dragon") and joint is not None]
    if spirit:
        guards.append(spirit)
    safe = set() if event == "slum" else {target for _, target in guards}
    if event == "guild" and params.target is not None:
        safe.add(params.target)
    deaths: dict[int, str] = {}
    for target in attacks:
        if target in safe or state.role(target) == "foxkin":
            continue
        deaths[target] = "attack"
        if spirit and target == spirit[0]:
            deaths.setdefault(spirit[1], "spirit_caller")
    if event == "arena":
        for seat in eligible(state):
            role = state.role(seat)
            if role in ("knight", "dragon"):
                protected = joint
            elif role == "spirit_caller":
                protected = spirit[1] if spirit else None
            else:
                continue
            if protected not in attacks:
                deaths.setdefault(seat, "arena")
    for fox in t.fox:
        deaths.setdefault(fox, "curse")
    chosen = [pair[1] for pair in (t.knight, t.dragon, t.spirit_caller, t.predict) if pair]
    mark(g, t.curse, *chosen)
    predict = t.predict
    if predict and predict[1] in named and state.is_alive(predict[0]):
        g.emit(PredictionMatched(at=g.at, to=MODERATOR, chimera=predict[0]))
    g.emit(
        CityNightResolved(
            at=g.at,
            to=MODERATOR,
            attack=tuple(named),
            attacks=tuple(attacks),
            guards=tuple(guards),
            deaths=tuple(sorted(deaths.items())),
        ),
    )
    return deaths
