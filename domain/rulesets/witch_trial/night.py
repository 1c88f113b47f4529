"""witch_trial's night resolution (the resolution, ruling 6): a pipeline of stages declared in order.

`STAGES` is the night: each stage reads the night so far (`Night`) and the state, emits its facts
and leaves what the next stages need on the `Night`; `resolve_night` runs them in order, and a
stage that ends the game ends the night.

Where the documents leave the mechanics open:
- A kill_magic blocked by a barrier is spent (it was used; only an attacker past the cap or dead before
  its turn keeps its card).
- The night's deaths are announced at dawn, then each body's looters are queued for the loot
  window that follows (`looting`).
- The game ends at the resolution of its last night (or when at most one lives), on that night's
  day: its dead are announced with the end, and no dawn of a day that never comes is opened.
- Random draws whose use depends on hidden choices (the probe's card, the heir, first finders) are
  drawn for every seat or body every time, so a hidden choice never shifts a later draw.
"""

from __future__ import annotations

from collections.abc import Callable

from grimoire.domain.events import MODERATOR, Action
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.witch_trial.data import (
    ATTACK_SLOTS,
    BARRIER,
    CHECK,
    DRAW,
    KILL,
    PASS,
    PROBE,
    WK,
    WRECK,
)
from grimoire.domain.rulesets.witch_trial.facts import (
    AttackBlocked,
    AttackLate,
    AttackMade,
    AttackMissed,
    AttackUnfit,
    AttackVoided,
    BecameWitch,
    CardsLeftOnBody,
    CardUsed,
    Killed,
    LootQueued,
    WitchKillerPassed,
    WitchKillerReceived,
    WitchKillerSeized,
    WitchState,
    WitchTimer,
    Wrecked,
    holder,
)


class Night:
    """One night as it is resolved: its draws and uses, and what each step leaves to the next."""

    __slots__ = (
        "became",
        "blocked",
        "day",
        "dead",
        "heir_draw",
        "holder",
        "killed_by",
        "living",
        "looters",
        "probe_draws",
        "seized",
        "shielded",
        "slots",
        "told",
        "unfit",
        "uses",
    )

    def __init__(self, g: Table[WitchState], answers: dict[int, Action]) -> None:
        state = g.state
        self.day = state.day
        self.living = state.living()
        # drawn for every seat and for the heir every night, so a hidden choice never shifts a later draw
        self.probe_draws = {s: g.rng.below(DRAW) for s in self.living}
        self.heir_draw = g.rng.below(DRAW)
        self.uses = [(s, answers[s]) for s in state.x.order if s in answers and answers[s].kind != PASS]
        self.holder = holder(state.x)
        self.told: list[tuple[int, str, dict[str, int | str]]] = []  # probe and check results
        self.shielded: set[int] = set()
        self.blocked: set[int] = set()
        self.unfit: list[int] = []
        self.slots: list[tuple[int, Action]] = []  # the attacks made, in slot order
        self.dead: dict[int, str] = {}  # victim -> cause, in order of death
        self.killed_by: dict[int, int] = {}  # victim -> killer
        self.looters: dict[int, list[int]] = {}  # body -> its killer and late attackers, in submission order
        self.seized: list[tuple[int, int]] = []  # (holder, killer): the witch_killer changes hands (looting case 4)
        self.became: list[int] = []

    def used(self, card: str) -> list[tuple[int, Action]]:
        return [(s, a) for s, a in self.uses if a.kind == card]


def probes(g: Table[WitchState], night: Night) -> None:
    """probe reads the hands as they were before tonight's use (3.7, Q7): their size and one random
    card, the witch_killer shown as kill_magic."""
    hands = g.state.x.hands
    uses = night.used(PROBE)
    for s, a in uses:
        target = a.required_target()
        hand = hands[target]
        if hand:
            card = hand[night.probe_draws[s] % len(hand)]
            shown = KILL if card == WK else card
            night.told.append((s, "probe.result", {"target": target, "count": len(hand), "card": shown}))
        else:
            night.told.append((s, "probe.empty", {"target": target}))
    for s, a in uses:
        g.emit(CardUsed(at=g.at, to=(s,), seat=s, card=PROBE, target=a.target))


def checks(g: Table[WitchState], night: Night) -> None:
    """check: whether the dead player was killed by the witch_killer (a wreck death is not)."""
    for s, a in night.used(CHECK):
        target = a.required_target()
        g.emit(CardUsed(at=g.at, to=(s,), seat=s, card=CHECK, target=target))
        yes = g.state.x.causes.get(target) == WK
        night.told.append((s, "check.yes" if yes else "check.no", {"target": target}))


def raise_barriers(g: Table[WitchState], night: Night) -> None:
    """A barrier blocks every attack on its user tonight."""
    for s, _ in night.used(BARRIER):
        night.shielded.add(s)
        g.emit(CardUsed(at=g.at, to=(s,), seat=s, card=BARRIER))


def attack_slots(g: Table[WitchState], night: Night) -> None:
    """Three a night: the witch_killer takes one first if used (Q6), then kill_magic in submission order;
    attackers past the cap are unfit tonight and keep their card."""
    witch_killer = night.used(WK)
    kills = night.used(KILL)
    cap = ATTACK_SLOTS - len(witch_killer)
    for s, a in kills[cap:]:
        night.unfit.append(s)
        assert a.target is not None, "a kill names its target"
        g.emit(AttackUnfit(at=g.at, to=MODERATOR, seat=s, target=a.target))
    night.slots = witch_killer + kills[:cap]


def attacks(g: Table[WitchState], night: Night) -> None:
    """In slot order. An attacker dead before its turn does nothing. A kill_magic is spent once made: on
    a body it is late and loots (looting case 3, Q9), on a barrier it is blocked, on a holder whose own attack
    landed it misses (4.5); otherwise it kills, and a kill on the holder takes the witch_killer."""
    slots = night.slots
    holder_attacks = slots[0][0] if slots and slots[0][1].kind == WK else None
    holder_landed = False
    for slot, (s, a) in enumerate(slots, 1):
        t = a.required_target()
        if s in night.dead:
            g.emit(AttackVoided(at=g.at, to=MODERATOR, seat=s, target=t))
            continue
        g.emit(AttackMade(at=g.at, to=MODERATOR, seat=s, target=t, card=a.kind, slot=slot))
        if a.kind == KILL:
            g.emit(CardUsed(at=g.at, to=(s,), seat=s, card=KILL, target=t))
        if t in night.dead:
            g.emit(AttackLate(at=g.at, to=MODERATOR, seat=s, target=t))
            night.looters.setdefault(t, []).append(s)
        elif t in night.shielded:
            g.emit(AttackBlocked(at=g.at, to=MODERATOR, seat=s, target=t))
            night.blocked.add(t)
        elif t == holder_attacks and holder_landed:
            g.emit(AttackMissed(at=g.at, to=MODERATOR, seat=s, target=t))
        else:
            night.dead[t] = a.kind
            night.killed_by[t] = s
            if a.kind == WK:
                holder_landed = True
                continue
            night.looters.setdefault(t, []).append(s)
            if t == night.holder:
                night.seized.append((t, s))
                night.holder = s


def deaths_and_loot(g: Table[WitchState], night: Night) -> None:
    """The night's kills; a killer of the holder takes the witch_killer in place of a loot (looting case 4)."""
    for victim, killer in night.killed_by.items():
        g.emit(Killed(at=g.at, to=MODERATOR, seat=victim, killer=killer, card=night.dead[victim]))
    for victim, killer in night.seized:
        g.emit(WitchKillerSeized(at=g.at, to=(killer,), seat=killer, victim=victim))


def witch_timers(g: Table[WitchState], night: Night) -> None:
    """Becoming a witch: a witch's nights without a kill count up, a kill resets them; a killer not yet a witch
    becomes one, its kill night counting as a kill."""
    witches = g.state.x.witches
    killers = set(night.killed_by.values())
    for w, nights in witches.items():
        g.emit(WitchTimer(at=g.at, to=MODERATOR, seat=w, nights=0 if w in killers else nights + 1))
    for s in sorted(killers):
        if s not in witches and s not in night.dead:
            night.became.append(s)
            g.emit(BecameWitch(at=g.at, to=MODERATOR, seat=s))


def wreck_deaths(g: Table[WitchState], night: Night) -> None:
    """A witch's second night in a row without a kill: it dies (a wreck). A wrecked holder's witch_killer
    goes to a random survivor, even one whose hand is full."""
    for w in [w for w, nights in g.state.x.witches.items() if nights >= 2]:
        night.dead[w] = WRECK
        g.emit(Wrecked(at=g.at, to=MODERATOR, seat=w))
    heirs = [s for s in night.living if s not in night.dead]
    if night.holder in night.dead and heirs:
        heir = heirs[night.heir_draw % len(heirs)]
        g.emit(WitchKillerPassed(at=g.at, to=MODERATOR, holder=night.holder, heir=heir))
        g.emit(WitchKillerReceived(at=g.at, to=(heir,), seat=heir, cards=g.state.x.hands[heir]))


def tell(g: Table[WitchState], night: Night) -> None:
    """Each seat's private feedback (9.1): results, a barrier's success, `attack.unfit`, becoming a witch."""
    for seat, key, args in night.told:
        g.notice(key, to=(seat,), learn=None, **args)
    for seat in sorted(night.blocked):
        g.notice("barrier.success", to=(seat,))
    for seat in night.unfit:
        g.notice("attack.unfit", to=(seat,))
    forced = {killer for _, killer in night.seized}
    for seat in night.became:
        if seat not in forced:
            g.notice("witch.become", to=(seat,))


def dawn(g: Table[WitchState], night: Night) -> None:
    """The dead, announced on the day of the night; on the last night, the end."""
    dead = night.dead
    survivors = [s for s in night.living if s not in dead]
    last = len(survivors) <= 1 or night.day >= g.state.options["days"]
    if not last:  # the game ends on the day of its last night: no dawn of a day that never comes
        g.phase("dawn", night.day + 1)
    if dead:
        g.kill(dead, "morning")
        for seat in sorted(dead):
            g.emit(CardsLeftOnBody(at=g.at, to=(seat,), seat=seat, cards=g.state.x.hands[seat]))
    else:
        g.notice("morning.none")
    if last:
        g.end("early_end" if len(survivors) <= 1 else "days_over", survivors)


def queue_looters(g: Table[WitchState], night: Night) -> None:
    """Each body's living looters (its killer and late attackers), in submission order."""
    for corpse, looters in sorted(night.looters.items()):
        queue = tuple([s for s in looters if s not in night.dead])
        if queue:
            g.emit(LootQueued(at=g.at, to=MODERATOR, corpse=corpse, looters=queue))


STAGES: tuple[Callable[[Table[WitchState], Night], None], ...] = (
    probes,
    checks,
    raise_barriers,
    attack_slots,
    attacks,
    deaths_and_loot,
    witch_timers,
    wreck_deaths,
    tell,
    dawn,
    queue_looters,
)


def resolve_night(g: Table[WitchState], answers: dict[int, Action]) -> None:
    """The night's stages in order (the draws of the night are taken first); a stage that ends the
    game ends the night."""
    night = Night(g, answers)
    for stage in STAGES:
        stage(g, night)
        if g.state.status == "ended":
            return
