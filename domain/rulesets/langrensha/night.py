"""The night: the deal and the pack, each role's night step (one prompt and one resolve function,
declared in `NIGHT_STEPS`), and the dawn that reads what the night did."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from grimoire.domain.events import MODERATOR, Action, Decision, RoleDealt
from grimoire.domain.mechanics.abilities import named
from grimoire.domain.ruleset import Ruleset, StepSpec, Table
from grimoire.domain.rulesets.langrensha.data import ROLES, V
from grimoire.domain.rulesets.langrensha.facts import (
    Blocked,
    BlockTold,
    Charmed,
    ElderSurvived,
    Guarded,
    LoverShown,
    LoversLinked,
    LState,
    PackAttacked,
    PackKnown,
    PotionsLeft,
    RavenMarked,
    Shielded,
    SpareCards,
    Swapped,
    ThiefCards,
    ThiefPicked,
    WhiteWolfKilled,
    WitchPoisoned,
    WitchSaved,
    WolfTargetShown,
)
from grimoire.domain.rulesets.langrensha.roles import acts_in, is_wolf, role_of, seers_label, wolves
from grimoire.domain.state import GameState

# --- the deal and the pack --------------------------------------------------------------------------


def deal(g: Table[LState]) -> None:
    """Deal the shuffled deck (a thief left among the spare cards changes places with a dealt card)."""
    n = g.state.seats
    deck = g.rng.shuffled(g.state.setup_roles)
    if "thief" in deck[n:]:
        i, j = deck.index("thief"), g.rng.below(n)
        deck[i], deck[j] = deck[j], deck[i]
    for seat, role in enumerate(deck[:n], 1):
        g.emit(RoleDealt(at=g.at, to=(seat,), seat=seat, role=role))
    if deck[n:]:
        g.emit(SpareCards(at=g.at, to=MODERATOR, cards=tuple(deck[n:])))


def tell_pack(g: Table[LState]) -> None:
    """The living wolves learn each other whenever someone new joins the pack."""
    state = g.state
    pack = wolves(state)
    if not any(w not in state.x.pack for w in pack):
        return
    if len(pack) > 1:
        g.notice("wolves.partners", to=tuple(pack), learn=dict.fromkeys(pack, "werewolf"), seats=pack)
    else:
        g.notice("wolves.alone", to=tuple(pack))
    g.emit(PackKnown(at=g.at, to=MODERATOR, wolves=tuple(pack)))


# --- who acts -----------------------------------------------------------------------------------------


def actors(rs: Ruleset[LState], g: Table[LState], name: str) -> Iterator[int]:
    """The seats prompted in night step `name`; a blocked seat is told, once, instead."""
    for seat in g.state.living():
        state = g.state
        if not acts_in(state, seat, name):
            continue
        if seat == state.x.blocked:
            if not state.x.block_told:
                g.notice("nightmare.blocked", to=(seat,))
                g.emit(BlockTold(at=g.at, to=MODERATOR, seat=seat))
            continue
        if state.x.powerless and role_of(state, seat).special:
            continue
        yield seat


def attack_decision(state: GameState[LState], seat: int) -> Decision:
    pack = wolves(state)
    barred = tuple((s, "target_is_wolf") for s in pack if s != seat)
    targets = tuple(s for s in state.living() if not is_wolf(state, s))
    return Decision(kind="attack", targets=targets, barred=barred)


def pack_target(g: Table[LState], answers: dict[int, Action]) -> int:
    """The pack's choice (a tie drawn at random; no answer: a random legal seat), 0 for none."""
    state = g.state
    picks = [a.target for a in answers.values() if a.kind == "attack" and a.target is not None]
    if picks:
        counts = Counter(picks)
        top = max(counts.values())
        return g.rng.choice(sorted(t for t, c in counts.items() if c == top))
    legal = [s for s in state.living() if not is_wolf(state, s)]
    return g.rng.choice(legal) if legal else 0


def potions_left(spent: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(p for p in ("antidote", "poison") if p not in spent)


# --- night steps: one prompt and one resolve function each ------------------------------------------


def _p_cupid(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    living = tuple(g.state.living())
    return (Decision(kind="link", targets=living, self_ok=True, count=2),) if len(living) >= 2 else ()


def _r_cupid(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    state = g.state
    for seat, a in sorted(answers.items()):
        if a.kind == "link" and not state.x.lovers:
            first, second = sorted(a.targets)  # the decision asks for two
            lovers = (first, second)
            g.emit(LoversLinked(at=g.at, to=MODERATOR, cupid=seat, lovers=lovers))
            for me, other in (lovers, lovers[::-1]):
                role = state.role(other)
                g.notice("lovers.partner", to=(me,), learn={other: role}, target=other, role=role)
                g.emit(LoverShown(at=g.at, to=(me,), lover=other, role=role))


def _p_magician(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    state = g.state
    if "swap" in state.x.flags[seat - 1] or len(state.living()) < 2:
        return ()
    return (Decision(kind="swap", targets=tuple(state.living()), self_ok=True, count=2), Decision(kind="skip"))


def _r_magician(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind != "swap":
            continue
        state = g.state
        a1, b1 = a.targets
        ra, rb = state.role(a1), state.role(b1)
        g.emit(Swapped(at=g.at, to=MODERATOR, magician=seat, seats=(a1, b1)))
        g.change_role(a1, rb)
        g.change_role(b1, ra)
        tell_pack(g)
        return


def _p_nightmare(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="block", targets=g.state.others(seat), optional=True),)


def _r_nightmare(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, a in answers.items():
        if a.kind == "block" and a.target is not None:
            g.emit(Blocked(at=g.at, to=MODERATOR, nightmare=seat, target=a.target))


def _thief_forced(spare: tuple[str, ...]) -> bool:
    return all(ROLES[c].team == "wolves" for c in spare)


def _p_thief(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    spare = g.state.x.spare
    g.notice("thief.cards", to=(seat,), role=spare[0], label=spare[1])
    g.emit(ThiefCards(at=g.at, to=(seat,), cards=spare))
    options = tuple(dict.fromkeys(spare if _thief_forced(spare) else (*spare, V)))
    return (Decision(kind="pick", options=options),)


def _r_thief(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    state = g.state
    for seat in state.living():
        if state.role(seat) != "thief":
            continue
        a = answers.get(seat)
        choice = a.option if a is not None and a.kind == "pick" else None
        if choice is None:
            choice = g.rng.choice(state.x.spare) if _thief_forced(state.x.spare) else V
        g.emit(ThiefPicked(at=g.at, to=MODERATOR, thief=seat, card=choice))
        g.change_role(seat, choice)
    tell_pack(g)


def _p_guard(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    state = g.state
    last = state.x.mark[seat - 1]
    self_ok = state.options["guard_self"] == "any" or state.day == 1
    targets = tuple(s for s in state.living() if s != last and (s != seat or self_ok))
    barred = ((last, "consecutive_guard"),) if last and state.is_alive(last) else ()
    return (Decision(kind="guard", targets=targets, barred=barred, self_ok=self_ok, optional=True),)


def _r_guard(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    state = g.state
    for seat in state.living():
        if state.role(seat) == "guard":
            a = answers.get(seat)
            target = a.target if a is not None and a.kind == "guard" else None
            g.emit(Guarded(at=g.at, to=MODERATOR, guard=seat, target=target))


def _p_guardian_wolf(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="shield", targets=tuple(wolves(g.state)), self_ok=True, optional=True),)


def _r_guardian_wolf(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, target in named(answers, "shield"):
        g.emit(Shielded(at=g.at, to=MODERATOR, wolf=seat, target=target))


def _p_wolves(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    state = g.state
    own: tuple[Decision, ...] = (attack_decision(state, seat),)
    if len(wolves(state)) >= 2:
        own += (Decision(kind="whisper", text=state.options["speech_max_chars"], repeatable=True),)
    return own


def _r_wolves(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    g.emit(PackAttacked(at=g.at, to=MODERATOR, target=pack_target(g, answers) or None))


def _p_charm(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    if "charm" in g.state.x.flags[seat - 1]:
        return ()
    return (Decision(kind="charm", targets=g.state.others(seat), optional=True),)


def _r_charm(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, target in named(answers, "charm"):
        g.emit(Charmed(at=g.at, to=(seat,), beauty=seat, target=target))


def _p_white_wolf(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    others = tuple(w for w in wolves(g.state) if w != seat)
    return (Decision(kind="white_kill", targets=others, optional=True),) if others else ()


def _r_white_wolf(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, target in named(answers, "white_kill"):
        g.emit(WhiteWolfKilled(at=g.at, to=MODERATOR, wolf=seat, target=target))


def _p_witch(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    state = g.state
    spent = state.x.flags[seat - 1]
    antidote, poison = "antidote" not in spent, "poison" not in spent
    target = state.x.attack if state.options["witch_sees_target"] == "always" or antidote else 0
    g.emit(PotionsLeft(at=g.at, to=(seat,), potions=potions_left(spent)))
    if target:
        g.notice("witch.target", to=(seat,), target=target)
        g.emit(WolfTargetShown(at=g.at, to=(seat,), target=target))
    own: tuple[Decision, ...] = ()
    self_save = state.options["witch_self_save"]
    may_save_self = self_save == "always" or (self_save == "first_night" and state.day == 1)
    if antidote and target and (target != seat or may_save_self):
        own += (Decision(kind="save"),)
    if poison:
        own += (Decision(kind="poison", targets=state.others(seat)),)
    return (*own, Decision(kind="skip")) if own else ()


def show_potions_used(g: Table[LState], seat: int, action: Action) -> None:
    """The witch's view shows the potion she uses as soon as she answers."""
    step = g.state.step
    assert step is not None, "an answer is in the open step"
    if step.name == "night.witch":
        spent = g.state.x.flags[seat - 1]
        using = {"save": "antidote", "poison": "poison"}.get(action.kind)
        g.emit(PotionsLeft(at=g.at, to=(seat,), potions=potions_left((*spent, using) if using else spent)))


def _r_witch(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "save":
            g.emit(WitchSaved(at=g.at, to=MODERATOR, witch=seat, target=g.state.x.attack))
        elif a.kind == "poison" and a.target is not None:
            g.emit(WitchPoisoned(at=g.at, to=MODERATOR, witch=seat, target=a.target))


def _p_seer(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="divine", targets=g.state.others(seat), optional=True),)


def _r_seer(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, target in named(answers, "divine"):
        label = seers_label(g.state, target)
        g.notice("seer.result", to=(seat,), learn={target: label}, target=target, label=label)


def _p_graveyard(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    state = g.state
    dead = tuple(s for s in range(1, state.seats + 1) if not state.is_alive(s))
    return (Decision(kind="inspect", targets=dead, dead_ok=True, optional=True),) if dead else ()


def _r_graveyard(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, target in named(answers, "inspect"):
        role = g.state.role(target)
        g.notice("graveyard.result", to=(seat,), learn={target: role}, target=target, role=role)


def _p_raven(rs: Ruleset[LState], g: Table[LState], seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="mark", targets=g.state.others(seat), optional=True),)


def _r_raven(rs: Ruleset[LState], g: Table[LState], answers: dict[int, Action]) -> None:
    for seat, target in named(answers, "mark"):
        g.emit(RavenMarked(at=g.at, to=MODERATOR, raven=seat, target=target))


# --- the night's steps by name, played in order by `flow.NIGHT_SEQUENCE` --------------------------

NIGHT_STEPS: dict[str, StepSpec[Ruleset[LState]]] = {
    "cupid": StepSpec(prompt=_p_cupid, resolve=_r_cupid),
    "magician": StepSpec(prompt=_p_magician, resolve=_r_magician),
    "nightmare": StepSpec(prompt=_p_nightmare, resolve=_r_nightmare),
    "thief": StepSpec(prompt=_p_thief, resolve=_r_thief),
    "guard": StepSpec(prompt=_p_guard, resolve=_r_guard),
    "guardian_wolf": StepSpec(prompt=_p_guardian_wolf, resolve=_r_guardian_wolf),
    "wolves": StepSpec(prompt=_p_wolves, resolve=_r_wolves),
    "charm": StepSpec(prompt=_p_charm, resolve=_r_charm),
    "white_wolf": StepSpec(prompt=_p_white_wolf, resolve=_r_white_wolf),
    "witch": StepSpec(prompt=_p_witch, resolve=_r_witch),
    "seer": StepSpec(prompt=_p_seer, resolve=_r_seer),
    "graveyard": StepSpec(prompt=_p_graveyard, resolve=_r_graveyard),
    "raven": StepSpec(prompt=_p_raven, resolve=_r_raven),
}


# --- the dawn ---------------------------------------------------------------------------------------


def dawn(g: Table[LState]) -> dict[int, str]:
    """The day breaks: who dies of the night, by cause (the pack's bite, the white wolf, the poison)."""
    state = g.state
    x: LState = state.x
    opt = state.options
    g.phase("day", state.day)
    deaths: dict[int, str] = {}
    t = x.attack
    if t and state.is_alive(t):
        guarded, saved = t in x.guarded, x.saved
        lives = (not opt["guard_and_save_kills"]) if guarded and saved else guarded or saved
        if not lives and state.role(t) == "elder" and "life" not in x.flags[t - 1]:
            g.emit(ElderSurvived(at=g.at, to=MODERATOR, seat=t))
            lives = True
        if not lives:
            deaths[t] = "attack"
    for w in x.white:
        if w not in x.shield:
            deaths.setdefault(w, "white_wolf")
    for p in x.poisoned:
        if not (is_wolf(state, p) and p in x.shield):
            deaths[p] = "poison"  # the poison counts even where the bite would have killed: no shot
    return deaths
