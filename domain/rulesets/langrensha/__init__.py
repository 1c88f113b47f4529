"""langrensha: 狼人殺 for 6–20 players (`langrensha.md`; decisions in `rulings.md`).

Roles are data (`ROLES`): team, whether the role is a werewolf, whether the elder's penalty takes
its power, the night steps it acts in and the causes of death on which it shoots. The night order is
`NIGHT`, the document's priority table with the rulings' rows (魔術師 99, 守衛狼 85, 狼美人's charm
80 after the pack); each step has one prompt function and one resolve function, declared in
`NIGHT_STEPS` and played by the kernel's `RoleSequence`. A night plays every step of the roles in the
game's public role list, each until its deadline whether its role lives or not (option `early_close`
closes a step as soon as its living actors have answered). The day's steps are declared in `DAY_STEPS`.

Every change of the ruleset's state is a typed event below (`LoversLinked`, `WitchSaved`, ...), folded
by one function each (`_EVOLVE`): the log reads as what happened.

Automatic role lists (`AUTO`, also the presets "6".."20"): the wolves are about a third of the
table — 2 at 6–7 players, 3 at 8–11, 4 at 12–14, 5 at 15–17, 6 at 18–20 — the usual proportion of
狼人殺 boards, where the wolves' night kill is worth about one extra seat. The village powers enter
in the order of the standard boards (預言家, 女巫, then 獵人, 守衛, 白痴, 騎士, 長老, 守墓人, 烏鴉,
魔術師), and from 10 players on, each new village power is answered by a wolf power (狼王, 白狼王,
狼美人, 隱狼, 夢魘狼, 守衛狼, 血月使徒) so neither side's information or firepower runs ahead; the
rest are plain villagers, at least two and about four from 12 players on, so that a wolf can hide
among them. 丘比特 (whose mixed couple is a third side) joins at 17, and 盜賊 at 20, with the two
extra cards its deck needs: a villager and a werewolf.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

import msgspec

from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Action,
    Audience,
    Decision,
    Died,
    Event,
    GameCreated,
    PhaseStarted,
    RoleDealt,
    SpeakingOrder,
)
from grimoire.domain.ruleset import Option, RoleSequence, StepSpec, Table, seconds
from grimoire.domain.rulesets.werewolf import EVOLVE as WEREWOLF_EVOLVE
from grimoire.domain.rulesets.werewolf import Werewolf, WolfState, next_living
from grimoire.domain.rulesets.werewolf import with_x as _x
from grimoire.domain.state import GameState

replace = msgspec.structs.replace


class LRole(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    team: str  # "village" | "wolves" | "neutral"
    wolf: bool = False  # takes part in the pack's kill and is seen as a werewolf
    special: bool = False  # a village power: lost when the elder is exiled
    steps: tuple[str, ...] = ()  # the night steps it acts in
    shoots: tuple[str, ...] = ()  # the causes of death on which it shoots
    seen_good: bool = False  # the seer sees it as good


def _wolf(rid: str, *steps: str, **kw: Any) -> LRole:
    return LRole(id=rid, team="wolves", wolf=True, steps=(*steps, "wolves"), **kw)


def _god(rid: str, *steps: str, **kw: Any) -> LRole:
    return LRole(id=rid, team="village", special=True, steps=steps, **kw)


ROLES: dict[str, LRole] = {
    r.id: r
    for r in (
        _wolf("werewolf"),
        _wolf("alpha_wolf", shoots=("exile", "hunter_shot")),
        _wolf("white_wolf", "white_wolf"),
        _wolf("wolf_beauty", "charm"),
        _wolf("guardian_wolf", "guardian_wolf"),
        _wolf("hidden_wolf", seen_good=True),
        _wolf("nightmare", "nightmare"),
        LRole(id="blood_moon", team="wolves", steps=("wolves",), seen_good=True),
        LRole(id="villager", team="village"),
        _god("seer", "seer"),
        _god("witch", "witch"),
        _god("huntsman", shoots=("attack", "exile")),
        _god("guard", "guard"),
        _god("idiot"),
        _god("elder"),
        _god("knight"),
        _god("magician", "magician"),
        _god("cupid", "cupid"),
        _god("raven", "raven"),
        _god("graveyard_keeper", "graveyard"),
        LRole(id="thief", team="neutral", steps=("thief",)),
    )
}


class NightStep(NamedTuple):
    priority: int
    nights: str  # "all" | "first" | "odd"


# The document's 夜間行動順序 with the rulings' rows; equal priorities keep this order.
NIGHT: dict[str, NightStep] = {
    "cupid": NightStep(100, "first"),
    "magician": NightStep(99, "all"),
    "nightmare": NightStep(98, "all"),
    "thief": NightStep(95, "first"),
    "guard": NightStep(90, "all"),
    "guardian_wolf": NightStep(85, "all"),
    "wolves": NightStep(80, "all"),
    "charm": NightStep(80, "all"),
    "white_wolf": NightStep(75, "odd"),
    "witch": NightStep(70, "all"),
    "seer": NightStep(60, "all"),
    "graveyard": NightStep(50, "all"),
    "raven": NightStep(40, "all"),
}

W, V = "werewolf", "villager"
_GODS = ("seer", "witch", "huntsman", "guard", "idiot", "knight", "elder", "graveyard_keeper", "raven", "magician")


def _board(wolves: tuple[str, ...], gods: int, villagers: int, *extra: str) -> tuple[str, ...]:
    return (*wolves, *_GODS[:gods], *extra, *(V,) * villagers)


AUTO: dict[int, tuple[str, ...]] = {
    6: _board((W, W), 2, 2),
    7: _board((W, W), 3, 2),
    8: _board((W, W, W), 3, 2),
    9: _board((W, W, W), 3, 3),
    10: _board((W, W, "alpha_wolf"), 4, 3),
    11: _board((W, W, "alpha_wolf"), 4, 4),
    12: _board((W, W, W, "white_wolf"), 4, 4),
    13: _board((W, W, "alpha_wolf", "wolf_beauty"), 5, 4),
    14: _board((W, W, "alpha_wolf", "hidden_wolf"), 6, 4),
    15: _board((W, W, W, "alpha_wolf", "white_wolf"), 6, 4),
    16: _board((W, W, "alpha_wolf", "white_wolf", "nightmare"), 7, 4),
    17: _board((W, W, "alpha_wolf", "wolf_beauty", "guardian_wolf"), 7, 4, "cupid"),
    18: _board((W, W, "alpha_wolf", "white_wolf", "hidden_wolf", "nightmare"), 8, 3, "cupid"),
    19: _board((W, W, "alpha_wolf", "wolf_beauty", "guardian_wolf", "blood_moon"), 9, 3, "cupid"),
    20: _board((W, W, "alpha_wolf", "white_wolf", "wolf_beauty", "nightmare", W), 10, 3, "cupid", "thief"),
}


class Duty(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What the dead may still do, in order: last words, shots, the badge."""

    kind: str  # "words" | "shot" | "badge"
    seats: tuple[int, ...]  # the dead seats that owe it, in order


class LState(WolfState, frozen=True, kw_only=True):
    """Role-bound state is kept per seat and moves with a swapped role; the rest stays with the player."""

    # per seat: spent powers ("antidote", "poison", "charm", "duel", "swap", "life", "turned")
    flags: tuple[tuple[str, ...], ...] = ()
    mark: tuple[int, ...] = ()  # per seat: the guard's last target, the wolf beauty's charmed player
    spare: tuple[str, ...] = ()
    pack: tuple[int, ...] = ()
    lovers: tuple[int, ...] = ()
    cupid: int = 0
    sheriff: int = 0
    no_vote: tuple[int, ...] = ()
    powerless: bool = False
    # tonight
    blocked: int = 0
    block_told: bool = False
    attack: int = 0
    guarded: tuple[int, ...] = ()
    saved: bool = False
    poisoned: tuple[int, ...] = ()
    white: tuple[int, ...] = ()
    shield: tuple[int, ...] = ()
    raven: tuple[int, ...] = ()
    # the day and the dying
    queue: tuple[Duty, ...] = ()
    resume: str = ""  # after the dying: "day" (set at dawn), "prevote" (a duel), "night" (an exile)
    stage: str = ""
    candidates: tuple[int, ...] = ()
    stood: tuple[int, ...] = ()
    round: int = 0


# --- events: every change of the ruleset's state (for the moderator), and what a seat alone learns ----


class SpareCards(Event, frozen=True, kw_only=True, tag="lrs_spare_cards"):
    """The two cards left out of the deal (a game with the thief)."""

    cards: tuple[str, ...]  # the two role ids left out of the deal


class PackKnown(Event, frozen=True, kw_only=True, tag="lrs_pack_known"):
    """These living wolves now know each other."""

    wolves: tuple[int, ...]  # the seats of the living wolves


class LoversLinked(Event, frozen=True, kw_only=True, tag="lrs_lovers_linked"):
    cupid: int  # the cupid who linked them
    lovers: tuple[int, int]  # the two lovers


class LoverShown(Event, frozen=True, kw_only=True, tag="lrs_lover_shown"):
    """A lover (the audience) learns its partner and the partner's role."""

    lover: int  # the lover's partner
    role: str  # the partner's role id


class Swapped(Event, frozen=True, kw_only=True, tag="lrs_swapped"):
    """The magician swapped two players' roles, with what is bound to them (spent powers, marks)."""

    magician: int  # the magician
    seats: tuple[int, int]  # the two seats whose roles were swapped


class Blocked(Event, frozen=True, kw_only=True, tag="lrs_blocked"):
    nightmare: int  # the nightmare
    target: int  # the seat blocked tonight: it can use no power


class BlockTold(Event, frozen=True, kw_only=True, tag="lrs_block_told"):
    """The blocked seat was told (at its first step tonight)."""

    seat: int  # the blocked seat


class ThiefCards(Event, frozen=True, kw_only=True, tag="lrs_thief_cards"):
    """The thief (the audience) sees the two spare cards."""

    cards: tuple[str, ...]  # the two spare role ids the thief may pick from


class ThiefPicked(Event, frozen=True, kw_only=True, tag="lrs_thief_picked"):
    thief: int  # the thief
    card: str  # the role id it took, now its role


class Guarded(Event, frozen=True, kw_only=True, tag="lrs_guarded"):
    """A guard's choice tonight (None: nobody), also its last guard for the next night."""

    guard: int  # the guard
    target: int | None = None  # the seat guarded tonight; none: nobody


class Shielded(Event, frozen=True, kw_only=True, tag="lrs_shielded"):
    wolf: int  # the guardian wolf
    target: int  # the wolf it shields from the poison and the white wolf tonight


class PackAttacked(Event, frozen=True, kw_only=True, tag="lrs_pack_attacked"):
    """The pack's target tonight (None: nobody)."""

    target: int | None = None  # the seat the pack bites tonight; none: nobody


class Charmed(Event, frozen=True, kw_only=True, tag="lrs_charmed"):
    """The wolf beauty (the audience) charmed `target`: it dies with her."""

    beauty: int  # the wolf beauty
    target: int  # the seat charmed: it dies when she dies


class WhiteWolfKilled(Event, frozen=True, kw_only=True, tag="lrs_white_wolf_killed"):
    wolf: int  # the white wolf
    target: int  # the wolf it kills tonight


class PotionsLeft(Event, frozen=True, kw_only=True, tag="lrs_potions_left"):
    """The witch (the audience) sees her potions left."""

    potions: tuple[str, ...]  # the potions the witch still has: `antidote`, `poison`


class WolfTargetShown(Event, frozen=True, kw_only=True, tag="lrs_wolf_target_shown"):
    """The witch (the audience) learns the pack's target."""

    target: int  # the pack's target tonight


class WitchSaved(Event, frozen=True, kw_only=True, tag="lrs_witch_saved"):
    witch: int  # the witch
    target: int  # the seat her antidote saves


class WitchPoisoned(Event, frozen=True, kw_only=True, tag="lrs_witch_poisoned"):
    witch: int  # the witch
    target: int  # the seat she poisons


class RavenMarked(Event, frozen=True, kw_only=True, tag="lrs_raven_marked"):
    raven: int  # the raven
    target: int  # the seat marked: one extra vote against it at the next exile vote


class ElderSurvived(Event, frozen=True, kw_only=True, tag="lrs_elder_survived"):
    """The elder survived the pack's bite and spent the extra life."""

    seat: int  # the elder


class ApostleTurned(Event, frozen=True, kw_only=True, tag="lrs_apostle_turned"):
    """Every other wolf is dead: the blood moon apostle is now a werewolf."""

    seat: int  # the blood moon apostle


class Shot(Event, frozen=True, kw_only=True, tag="lrs_shot"):
    shooter: int  # the dead seat that shoots (its role shoots when it dies)
    target: int  # the seat shot, who dies


class DutiesQueued(Event, frozen=True, kw_only=True, tag="lrs_duties_queued"):
    """After deaths: what the dead may still do, before anything queued earlier."""

    duties: tuple[Duty, ...]  # what the dead may do, in order: last words, shots, the badge


class DutyTaken(Event, frozen=True, kw_only=True, tag="lrs_duty_taken"):
    """The first queued duty is taken up (or passed over when nobody can act on it)."""

    kind: str  # the duty: `words`, `shot` or `badge`
    seats: tuple[int, ...]  # the dead seats that owe it


class SpeechesBegan(Event, frozen=True, kw_only=True, tag="lrs_speeches_began"):
    """A round of speeches: "campaign", "sheriff_pk", "exile_pk" or "discussion"."""

    stage: str  # the round: `campaign`, `sheriff_pk`, `exile_pk` or `discussion`


class SheriffCandidates(Event, frozen=True, kw_only=True, tag="lrs_sheriff_candidates"):
    seats: tuple[int, ...]  # the seats that stand for sheriff


class Withdrew(Event, frozen=True, kw_only=True, tag="lrs_withdrew"):
    seats: tuple[int, ...]  # the candidates that withdrew from the sheriff election


class VoteRound(Event, frozen=True, kw_only=True, tag="lrs_vote_round"):
    """A vote's round opens: "sheriff" or "exile", round 1 or 2 (the PK), on `candidates` (none: all)."""

    vote: str  # the vote: `sheriff` or `exile`
    round: int  # 1, or 2 for the vote after PK speeches
    candidates: tuple[int, ...] = ()  # the seats that may be voted for; empty: every living seat


class Runoff(Event, frozen=True, kw_only=True, tag="lrs_runoff"):
    """A tied vote goes to PK speeches between `seats`."""

    vote: str  # the tied vote: `sheriff` or `exile`
    seats: tuple[int, ...]  # the tied seats, who give PK speeches


class SheriffChanged(Event, frozen=True, kw_only=True, tag="lrs_sheriff_changed"):
    """The badge is won, passed, torn or taken (None: no sheriff)."""

    sheriff: int | None = None  # the sheriff now; none: no sheriff


class KnightDueled(Event, frozen=True, kw_only=True, tag="lrs_knight_dueled"):
    knight: int  # the knight
    target: int  # the seat challenged to a duel


class IdiotRevealed(Event, frozen=True, kw_only=True, tag="lrs_idiot_revealed"):
    """The exiled idiot survives and loses the vote."""

    seat: int  # the idiot, who survives without a vote


class PowersLost(Event, frozen=True, kw_only=True, tag="lrs_powers_lost"):
    """The elder was exiled: the village's powers are lost."""

    elder: int  # the exiled elder


def _bool(default: bool, doc: str) -> Option:
    return Option(type="bool", default=default, doc=doc)


def _choice(choices: tuple[str, ...], doc: str) -> Option:
    """A choice whose default is its first value."""
    return Option(type="choice", default=choices[0], choices=choices, doc=doc)


T = TypeVar("T")


def _add(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    return items if item in items else (*items, item)


class Langrensha(Werewolf):
    id = "langrensha"
    version = "2"
    doc_lang = "zh-Hant"
    end_reasons = ("village", "wolves", "lovers", "mixed_lovers", "no_winner")
    roles = ROLES
    presets = {str(n): roles for n, roles in AUTO.items()}
    options = {
        "night_step_seconds": seconds(30, "One role's step of the night."),
        "speech_seconds": seconds(60, "One speaking turn."),
        "vote_seconds": seconds(30, "A vote."),
        "candidacy_seconds": seconds(20, "Standing for sheriff."),
        "withdraw_seconds": seconds(15, "Withdrawing from the sheriff election (standard rules)."),
        "last_words_seconds": seconds(60, "Last words."),
        "shot_seconds": seconds(20, "The step after deaths in which shots are fired."),
        "badge_seconds": seconds(20, "The dead sheriff passes or tears the badge."),
        "duel_seconds": seconds(15, "The knight's chance to duel before the vote."),
        "impeach_seconds": seconds(20, "The impeachment vote."),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000, doc="Longest speech."),
        "early_close": _bool(False, "Close a role step once its living actors answered (timing then reveals roles)."),
        "witch_self_save": _choice(("always", "first_night", "never"), "When the witch may save herself."),
        "witch_sees_target": _choice(("always", "while_antidote"), "When the witch learns the wolves' target."),
        "guard_and_save_kills": _bool(False, "A player both guarded and saved dies."),
        "guard_self": _choice(("any", "first_night"), "When the guard may guard itself."),
        "exile_tie": _choice(("none", "pk"), "A tied exile vote: nobody is exiled, or PK speeches and a revote."),
        "sheriff_rules": _choice(
            ("document", "standard"), "standard: only non-candidates vote, and candidates may withdraw."
        ),
        "last_words": _choice(("night1_and_exile", "none"), "Who leaves last words."),
        "impeachment": _bool(False, "A majority may strip the sheriff of the badge before the exile vote."),
    }
    min_seats = 6
    max_seats = 20
    rounds = 1
    action_kinds = frozenset(
        {
            "speak",
            "whisper",
            "vote",
            "attack",
            "divine",
            "guard",
            "last_words",
            "link",
            "swap",
            "skip",
            "block",
            "pick",
            "shield",
            "charm",
            "white_kill",
            "save",
            "poison",
            "inspect",
            "mark",
            "stand",
            "withdraw",
            "duel",
            "impeach",
            "shoot",
            "badge",
        }
    )

    # --- setup -----------------------------------------------------------------------------------

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | str:
        if preset is not None:
            if preset != str(seats):
                return "unknown_preset"
            return AUTO[seats]
        if not roles:
            return AUTO[seats]
        unknown = sorted(set(roles) - ROLES.keys())
        if unknown:
            return "bad_roles:unknown " + ",".join(unknown)
        thieves = roles.count("thief")
        if thieves > 1 or roles.count("cupid") > 1:
            return "bad_roles:at most one thief and one cupid"
        if len(roles) != seats + 2 * thieves:
            return f"bad_roles:{len(roles)} roles for {seats} seats" + (" and two spare cards" if thieves else "")
        if sum(ROLES[r].wolf for r in roles) < 1 + thieves:
            return "bad_roles:too few werewolves"
        return roles

    # --- role data -------------------------------------------------------------------------------

    def role_of(self, state: GameState, seat: int) -> LRole:
        return ROLES[state.roles[seat - 1]]

    def is_wolf(self, state: GameState, seat: int) -> bool:
        role = ROLES[state.roles[seat - 1]]
        return role.wolf or (role.id == "blood_moon" and "turned" in state.x.flags[seat - 1])

    def seers_label(self, state: GameState, seat: int) -> str:
        role = self.role_of(state, seat)
        if not self.is_wolf(state, seat) or (role.seen_good and role.id != "blood_moon"):
            return "good"
        return "werewolf"

    def mixed(self, state: GameState) -> bool:
        lovers = state.x.lovers
        return bool(lovers) and sum(self.role_of(state, s).team == "wolves" for s in lovers) == 1

    def early(self, state: GameState) -> bool:
        early: bool = state.options["early_close"]
        return early

    # --- start and the pack ----------------------------------------------------------------------

    def start(self, g: Table) -> None:
        n = g.state.seats
        deck = g.rng.shuffled(g.state.setup_roles)
        if "thief" in deck[n:]:
            i, j = deck.index("thief"), g.rng.below(n)
            deck[i], deck[j] = deck[j], deck[i]
        for seat, role in enumerate(deck[:n], 1):
            g.emit(RoleDealt, to=(seat,), seat=seat, role=role)
        if deck[n:]:
            g.emit(SpareCards, to=MODERATOR, cards=tuple(deck[n:]))
        self.tell_pack(g)
        self.begin_night(g, 1)

    def tell_pack(self, g: Table) -> None:
        """The living wolves learn each other whenever someone new joins the pack."""
        state = g.state
        wolves = self.wolves(state)
        if not any(w not in state.x.pack for w in wolves):
            return
        if len(wolves) > 1:
            g.notice("wolves.partners", to=tuple(wolves), learn=dict.fromkeys(wolves, "werewolf"), seats=wolves)
        else:
            g.notice("wolves.alone", to=tuple(wolves))
        g.emit(PackKnown, to=MODERATOR, wolves=tuple(wolves))

    # --- the night -------------------------------------------------------------------------------

    def begin_night(self, g: Table, night: int) -> None:
        g.phase("night", night)  # tonight's state starts afresh (see `_on_phase`)
        NIGHT_SEQUENCE.begin(self, g)

    def plan(self, state: GameState) -> tuple[str, ...]:
        return _plan(state.setup_roles, state.day == 1, state.day % 2 == 1)

    def acts_in(self, state: GameState, seat: int, name: str) -> bool:
        if name == "wolves":
            return self.is_wolf(state, seat)
        return name in self.role_of(state, seat).steps

    def actors(self, g: Table, name: str) -> Iterator[int]:
        """The seats prompted in night step `name`; a blocked seat is told, once, instead."""
        for seat in g.state.living():
            state = g.state
            if not self.acts_in(state, seat, name):
                continue
            if seat == state.x.blocked:
                if not state.x.block_told:
                    g.notice("nightmare.blocked", to=(seat,))
                    g.emit(BlockTold, to=MODERATOR, seat=seat)
                continue
            if state.x.powerless and self.role_of(state, seat).special:
                continue
            yield seat

    def attack_decision(self, state: GameState, seat: int) -> Decision:
        barred = tuple((s, "target_is_wolf") for s in self.wolves(state) if s != seat)
        targets = tuple(s for s in state.living() if not self.is_wolf(state, s))
        return Decision(kind="attack", targets=targets, barred=barred)

    def pack_target(self, g: Table, answers: dict[int, Action]) -> int:
        """The pack's choice (a tie drawn at random; no answer: a random legal seat), 0 for none."""
        state = g.state
        picks = [a.target for a in answers.values() if a.kind == "attack" and a.target is not None]
        if picks:
            counts = Counter(picks)
            top = max(counts.values())
            return g.rng.choice(sorted(t for t, c in counts.items() if c == top))
        legal = [s for s in state.living() if not self.is_wolf(state, s)]
        return g.rng.choice(legal) if legal else 0

    def begin_day(self, g: Table) -> None:
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
                g.emit(ElderSurvived, to=MODERATOR, seat=t)
                lives = True
            if not lives:
                deaths[t] = "attack"
        for w in x.white:
            if w not in x.shield:
                deaths.setdefault(w, "white_wolf")
        for p in x.poisoned:
            if not (self.is_wolf(state, p) and p in x.shield):
                deaths[p] = "poison"  # the poison counts even where the bite would have killed: no shot
        if not deaths:
            g.notice("morning.none")
            self.run_queue(g)
            return
        # night 1: every death leaves last words, those who die with the dead (heartbreak, charm) too
        words = sorted(self.closure(state, deaths)) if state.day == 1 and opt["last_words"] != "none" else []
        if not self.die(g, deaths, "morning", words):
            self.run_queue(g)

    # --- deaths ----------------------------------------------------------------------------------

    def closure(self, state: GameState, deaths: dict[int, str]) -> dict[int, str]:
        """Heartbreak and the charm, until nobody more dies with the dead."""
        out = dict(deaths)
        lovers, mark = state.x.lovers, state.x.mark
        changed = True
        while changed:
            changed = False
            for seat in sorted(out):
                follow = []
                if seat in lovers:
                    follow.append((lovers[0] + lovers[1] - seat, "heartbreak"))
                if state.role(seat) == "wolf_beauty" and mark[seat - 1]:
                    follow.append((mark[seat - 1], "charm"))
                for other, cause in follow:
                    if state.is_alive(other) and other not in out:
                        out[other] = cause
                        changed = True
        return out

    def can_shoot(self, state: GameState, seat: int, cause: str) -> bool:
        role = self.role_of(state, seat)
        return cause in role.shoots and not (state.x.powerless and role.special)

    def die(self, g: Table, deaths: dict[int, str], when: str, words: list[int]) -> bool:
        """Kill, then queue what the dead may still do: last words, shots, the badge. True: the game ended."""
        state = g.state
        deaths = self.closure(state, deaths)
        g.kill(deaths, when)
        self.turn_apostles(g)
        if self.check_win(g):
            return True
        duties: list[Duty] = []
        if words:
            duties.append(Duty(kind="words", seats=tuple(words)))
        blocked = state.x.blocked if when == "morning" else 0  # the nightmare's block lasts the whole night
        shooters = tuple(s for s, c in sorted(deaths.items()) if s != blocked and self.can_shoot(state, s, c))
        duties.append(Duty(kind="shot", seats=shooters))
        if state.x.sheriff in deaths:
            duties.append(Duty(kind="badge", seats=(state.x.sheriff,)))
        g.emit(DutiesQueued, to=MODERATOR, duties=tuple(duties))
        return False

    def turn_apostles(self, g: Table) -> None:
        state = g.state
        waiting = [s for s in state.living() if state.role(s) == "blood_moon" and not self.is_wolf(state, s)]
        if waiting and not self.wolves(state):
            for seat in waiting:
                g.emit(ApostleTurned, to=MODERATOR, seat=seat)
                g.notice("apostle.turned", to=(seat,))
            self.tell_pack(g)

    def run_queue(self, g: Table) -> None:
        while g.state.x.queue:
            kind, seats = g.state.x.queue[0].kind, g.state.x.queue[0].seats
            g.emit(DutyTaken, to=MODERATOR, kind=kind, seats=seats)
            state = g.state
            if kind == "words":
                words = Decision(kind="last_words", text=state.options["speech_max_chars"], optional=True)
                g.open_step("last_words", "last_words_seconds", seats=seats, decisions=(words,))
                return
            if kind == "shot" and (seats or not self.early(state)):
                shoot = (Decision(kind="shoot", targets=tuple(state.living()), optional=True),)
                early = self.early(state)
                g.open_step("shot", "shot_seconds", private=dict.fromkeys(seats, shoot), hold=not early, extend=False)
                return
            if kind == "badge" and state.x.sheriff == seats[0]:
                badge = Decision(kind="badge", targets=tuple(state.living()), optional=True)
                g.open_step("badge", "badge_seconds", seats=seats, decisions=(badge,))
                return
        self.resume(g)

    def resume(self, g: Table) -> None:
        state = g.state
        after = state.x.resume  # set by whatever began the dying: the morning, a duel, an exile
        if after == "day":
            if state.day == 1:
                self.open_candidacy(g)
            else:
                self.discuss(g)
        elif after == "prevote":
            self.pre_vote(g)
        else:
            self.begin_night(g, state.day + 1)

    def close_last_words(self, g: Table, answers: dict[int, Action]) -> None:
        self.run_queue(g)

    def close_speech(self, g: Table, answers: dict[int, Action]) -> None:
        self.next_speech(g)

    def close_shot(self, g: Table, answers: dict[int, Action]) -> None:
        state = g.state
        victims: dict[int, str] = {}
        for seat, a in sorted(answers.items()):
            if a.kind == "shoot" and a.target is not None and state.is_alive(a.target):
                cause = "hunter_shot" if state.role(seat) == "huntsman" else "wolf_shot"
                victims.setdefault(a.target, cause)
                g.emit(Shot, to=MODERATOR, shooter=seat, target=a.target)
        if victims and self.die(g, victims, "day", []):
            return
        self.run_queue(g)

    def close_badge(self, g: Table, answers: dict[int, Action]) -> None:
        state = g.state
        a = answers.get(state.x.sheriff)
        heir = a.target if a is not None and a.target is not None and state.is_alive(a.target) else 0
        self.badge(g, heir, "badge.passed", "badge.torn")
        self.run_queue(g)

    def badge(self, g: Table, seat: int, given: str, gone: str) -> None:
        """The badge goes to `seat` (0: nobody), announced with the notice `given` or `gone`."""
        g.emit(SheriffChanged, sheriff=seat or None)
        if seat:
            g.notice(given, seat=seat)
        else:
            g.notice(gone)

    # --- the sheriff -----------------------------------------------------------------------------

    def open_candidacy(self, g: Table) -> None:
        stand = Decision(kind="stand", options=("stand", "pass"))
        g.open_step("candidacy", "candidacy_seconds", seats=g.state.living(), decisions=(stand,))

    def close_candidacy(self, g: Table, answers: dict[int, Action]) -> None:
        candidates = [s for s, a in sorted(answers.items()) if a.kind == "stand" and a.option == "stand"]
        g.notice("sheriff.candidates", seats=candidates)
        g.emit(SheriffCandidates, seats=tuple(candidates))
        if len(candidates) < 2:
            self.elect(g, candidates[0] if candidates else 0)
            return
        self.speeches(g, "campaign", candidates)

    def speeches(self, g: Table, stage: str, seats: list[int]) -> None:
        g.emit(SpeechesBegan, to=MODERATOR, stage=stage)
        g.emit(SpeakingOrder, seats=tuple(seats), rounds=1)
        self.next_speech(g)

    def speeches_done(self, g: Table) -> None:
        stage = g.state.x.stage
        if stage == "campaign" and g.state.options["sheriff_rules"] == "standard":
            stay = Decision(kind="withdraw", options=("stay", "withdraw"))
            g.open_step("withdraw", "withdraw_seconds", seats=g.state.x.candidates, decisions=(stay,))
        elif stage in ("campaign", "sheriff_pk"):
            self.sheriff_vote(g, 1 if stage == "campaign" else 2)
        elif stage == "exile_pk":
            self.exile_vote(g, 2, g.state.x.candidates)
        else:
            self.after_discussion(g)

    def close_withdraw(self, g: Table, answers: dict[int, Action]) -> None:
        out = [s for s, a in sorted(answers.items()) if a.kind == "withdraw" and a.option == "withdraw"]
        stay = [s for s in g.state.x.candidates if s not in out]
        if out:
            g.notice("sheriff.withdrawn", seats=out)
            g.emit(Withdrew, to=MODERATOR, seats=tuple(out))
        if len(stay) < 2:
            self.elect(g, stay[0] if stay else 0)
        else:
            self.sheriff_vote(g, 1)

    def sheriff_vote(self, g: Table, rnd: int) -> None:
        state = g.state
        voters = state.living()
        if state.options["sheriff_rules"] == "standard":
            voters = [s for s in voters if s not in state.x.stood]
        if not voters:
            self.elect(g, 0)
            return
        g.emit(VoteRound, to=MODERATOR, vote="sheriff", round=rnd, candidates=state.x.candidates)
        ballot = Decision(kind="vote", targets=tuple(state.x.candidates), optional=True)
        g.open_step("sheriff_vote", "vote_seconds", seats=voters, decisions=(ballot,))

    def close_sheriff_vote(self, g: Table, answers: dict[int, Action]) -> None:
        leaders = self.count(g, "sheriff", answers, {})
        if len(leaders) == 1:
            self.elect(g, leaders[0])
        elif len(leaders) > 1 and g.state.x.round == 1:
            g.notice("vote.runoff", seats=leaders)
            g.emit(Runoff, to=MODERATOR, vote="sheriff", seats=tuple(leaders))
            self.speeches(g, "sheriff_pk", leaders)
        else:
            self.elect(g, 0)

    def elect(self, g: Table, seat: int) -> None:
        self.badge(g, seat, "sheriff.elected", "sheriff.none")
        self.discuss(g)

    # --- the day ---------------------------------------------------------------------------------

    def first_speaker(self, g: Table) -> int:
        seat = super().first_speaker(g)  # yesterday's first speaker may since have died in a duel or by a shot
        return seat if g.state.is_alive(seat) else next_living(g.state, seat)

    def discuss(self, g: Table) -> None:
        g.emit(SpeechesBegan, to=MODERATOR, stage="discussion")
        self.begin_discussion(g)

    def after_discussion(self, g: Table) -> None:
        state = g.state
        if "knight" not in state.setup_roles:
            self.pre_vote(g)
            return
        prompts: dict[int, tuple[Decision, ...]] = {}
        for seat in state.living():
            if state.role(seat) == "knight" and "duel" not in state.x.flags[seat - 1] and not state.x.powerless:
                prompts[seat] = (Decision(kind="duel", targets=state.others(seat), optional=True),)
        if not prompts and self.early(state):
            self.pre_vote(g)
            return
        g.open_step("duel", "duel_seconds", private=prompts, hold=not self.early(state), extend=False)

    def close_duel(self, g: Table, answers: dict[int, Action]) -> None:
        deaths: dict[int, str] = {}
        for seat, a in sorted(answers.items()):
            if a.kind == "duel" and a.target is not None and not deaths:
                g.emit(KnightDueled, to=MODERATOR, knight=seat, target=a.target)
                g.notice("knight.duel", learn={seat: "knight"}, seat=seat, target=a.target)
                deaths[a.target if self.is_wolf(g.state, a.target) else seat] = "duel"
        if not deaths:
            self.pre_vote(g)
            return
        if not self.die(g, deaths, "day", []):
            self.run_queue(g)

    def pre_vote(self, g: Table) -> None:
        state = g.state
        if state.options["impeachment"] and state.x.sheriff and state.day >= 2:
            choice = Decision(kind="impeach", options=("keep", "impeach"))
            g.open_step("impeach", "impeach_seconds", seats=state.living(), decisions=(choice,))
        else:
            self.exile_vote(g, 1, [])

    def close_impeach(self, g: Table, answers: dict[int, Action]) -> None:
        state = g.state
        ayes = sum(a.option == "impeach" for a in answers.values())
        g.notice("impeach.tally", count=ayes)
        if 2 * ayes > len(state.living()):
            self.badge(g, 0, "", "sheriff.impeached")
        self.exile_vote(g, 1, [])

    def exile_vote(self, g: Table, rnd: int, tied: list[int]) -> None:
        state = g.state
        voters = [s for s in state.living() if s not in state.x.no_vote and s not in tied]
        g.emit(VoteRound, to=MODERATOR, vote="exile", round=rnd, candidates=tuple(tied))
        if not voters:
            g.notice("vote.none")
            self.begin_night(g, state.day + 1)
            return
        ballot = Decision(kind="vote", targets=tuple(tied or state.living()), optional=True)
        g.open_step("exile_vote", "vote_seconds", seats=voters, decisions=(ballot,))

    def count(self, g: Table, vote: str, answers: dict[int, Action], extra: dict[int, float]) -> list[int]:
        """Tally a ballot (the sheriff's vote counts 1.5), announce it, and return the leaders."""
        state = g.state
        ballots = {s: a.target for s, a in sorted(answers.items()) if a.kind == "vote"}
        tally: dict[int, float] = dict(extra)
        for voter, target in ballots.items():
            if target is not None:
                tally[target] = tally.get(target, 0.0) + (1.5 if voter == state.x.sheriff and vote == "exile" else 1.0)
        return list(g.vote_result(vote, tally, ballots))

    def close_exile_vote(self, g: Table, answers: dict[int, Action]) -> None:
        state = g.state
        targets = state.x.candidates or state.living()
        marked = {t: 1.0 for t in state.x.raven if t in targets and state.is_alive(t)}
        leaders = self.count(g, "exile", answers, marked)
        if len(leaders) == 1:
            self.exile(g, leaders[0])
        elif len(leaders) > 1 and state.x.round == 1 and state.options["exile_tie"] == "pk":
            g.notice("vote.runoff", seats=leaders)
            g.emit(Runoff, to=MODERATOR, vote="exile", seats=tuple(leaders))
            self.speeches(g, "exile_pk", leaders)
        else:
            g.notice("vote.none")
            self.begin_night(g, state.day + 1)

    def exile(self, g: Table, seat: int) -> None:
        state = g.state
        role = state.role(seat)
        if role == "idiot" and seat not in state.x.no_vote and not state.x.powerless:
            g.notice("idiot.revealed", learn={seat: "idiot"}, seat=seat)
            g.emit(IdiotRevealed, seat=seat)
            self.begin_night(g, state.day + 1)
            return
        if role == "elder" and not state.x.powerless:
            g.notice("elder.penalty", learn={seat: "elder"}, seat=seat)
            g.emit(PowersLost, to=MODERATOR, elder=seat)
        words = [seat] if state.options["last_words"] != "none" else []
        if not self.die(g, {seat: "exile"}, "execution", words):
            self.run_queue(g)

    # --- the end ---------------------------------------------------------------------------------

    def check_win(self, g: Table) -> bool:
        state = g.state
        living = state.living()
        lovers = state.x.lovers
        mixed = self.mixed(state)
        if lovers and sorted(living) == sorted(lovers):
            winners = [*lovers, state.x.cupid] if mixed and state.x.cupid else lovers
            g.end("mixed_lovers" if mixed else "lovers", winners, ("lovers",))
            return True
        wolves = len(self.wolves(state))
        if wolves and wolves >= len(living) - wolves:
            team = "wolves"
        elif not wolves and not any(state.role(s) == "blood_moon" for s in living):
            team = "village"
        else:
            return False
        left_out = [*lovers, state.x.cupid] if mixed else []
        winners = [s for s in range(1, state.seats + 1) if self.role_of(state, s).team == team and s not in left_out]
        if not winners:
            # every member of the side is in the mixed couple's own team (or is its cupid): nobody wins
            g.end("no_winner", ())
            return True
        g.end(team, winners, (team,))
        return True

    # --- the engine's other hooks ----------------------------------------------------------------

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        super().on_act(g, seat, action, decision)
        step = g.state.step
        assert step is not None, "an answer is in the open step"
        if step.name == "night.witch":  # her view shows the potion used as soon as she answers
            spent = g.state.x.flags[seat - 1]
            using = {"save": "antidote", "poison": "poison"}.get(action.kind)
            g.emit(PotionsLeft, to=(seat,), potions=_potions_left((*spent, using) if using else spent))

    def audience(self, state: GameState, seat: int, action: Action) -> Audience:
        if action.kind == "duel":
            return PUBLIC
        return super().audience(state, seat, action)

    def evolve(self, state: GameState, event: Event) -> GameState:
        handler = _EVOLVE.get(type(event))
        return handler(self, state, event) if handler else state


# --- evolve: one fold per event ---------------------------------------------------------------------


def _per_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (*values[: seat - 1], value, *values[seat:])


def _spend(state: GameState, seat: int, power: str) -> tuple[tuple[str, ...], ...]:
    """The per-seat flags with `power` spent by `seat`."""
    flags = state.x.flags
    return _per_seat(flags, seat, _add(flags[seat - 1], power))


def _on_created(rs: Langrensha, state: GameState, e: GameCreated) -> GameState:
    return replace(state, x=LState(flags=((),) * e.seats, mark=(0,) * e.seats))


def _on_phase(rs: Langrensha, state: GameState, e: PhaseStarted) -> GameState:
    state = WEREWOLF_EVOLVE[PhaseStarted](rs, state, e)
    if e.phase == "night":
        return _x(
            state,
            blocked=0,
            block_told=False,
            attack=0,
            guarded=(),
            saved=False,
            poisoned=(),
            white=(),
            shield=(),
            raven=(),
        )
    return _x(state, resume="day")


def _on_died(rs: Langrensha, state: GameState, e: Died) -> GameState:
    state = WEREWOLF_EVOLVE[Died](rs, state, e)
    return _x(state, resume="night") if e.when == "execution" else state


def _on_swapped(rs: Langrensha, state: GameState, e: Swapped) -> GameState:
    flags, mark = list(_spend(state, e.magician, "swap")), list(state.x.mark)
    a, b = e.seats
    flags[a - 1], flags[b - 1] = flags[b - 1], flags[a - 1]
    mark[a - 1], mark[b - 1] = mark[b - 1], mark[a - 1]
    return _x(state, flags=tuple(flags), mark=tuple(mark))


def _on_guarded(rs: Langrensha, state: GameState, e: Guarded) -> GameState:
    x: LState = state.x
    guarded = x.guarded if e.target is None else _add(x.guarded, e.target)
    return _x(state, mark=_per_seat(x.mark, e.guard, e.target or 0), guarded=guarded)


# Facts a seat alone learns (LoverShown, ThiefCards, PotionsLeft, WolfTargetShown) and those only
# for the record (ThiefPicked: its RoleChanged changes the role; Shot: its deaths follow) change no state.
_EVOLVE: dict[type, Any] = {
    **WEREWOLF_EVOLVE,
    GameCreated: _on_created,
    PhaseStarted: _on_phase,
    Died: _on_died,
    SpareCards: lambda rs, s, e: _x(s, spare=e.cards),
    PackKnown: lambda rs, s, e: _x(s, pack=tuple(sorted(set(s.x.pack) | set(e.wolves)))),
    LoversLinked: lambda rs, s, e: _x(s, lovers=e.lovers, cupid=e.cupid),
    Swapped: _on_swapped,
    Blocked: lambda rs, s, e: _x(s, blocked=e.target),
    BlockTold: lambda rs, s, e: _x(s, block_told=True),
    Guarded: _on_guarded,
    Shielded: lambda rs, s, e: _x(s, shield=_add(s.x.shield, e.target)),
    PackAttacked: lambda rs, s, e: _x(s, attack=e.target or 0),
    Charmed: lambda rs, s, e: _x(s, flags=_spend(s, e.beauty, "charm"), mark=_per_seat(s.x.mark, e.beauty, e.target)),
    WhiteWolfKilled: lambda rs, s, e: _x(s, white=_add(s.x.white, e.target)),
    WitchSaved: lambda rs, s, e: _x(s, flags=_spend(s, e.witch, "antidote"), saved=True),
    WitchPoisoned: lambda rs, s, e: _x(s, flags=_spend(s, e.witch, "poison"), poisoned=_add(s.x.poisoned, e.target)),
    RavenMarked: lambda rs, s, e: _x(s, raven=_add(s.x.raven, e.target)),
    ElderSurvived: lambda rs, s, e: _x(s, flags=_spend(s, e.seat, "life")),
    ApostleTurned: lambda rs, s, e: _x(s, flags=_spend(s, e.seat, "turned")),
    DutiesQueued: lambda rs, s, e: _x(s, queue=e.duties + s.x.queue),
    DutyTaken: lambda rs, s, e: _x(s, queue=s.x.queue[1:]),
    SpeechesBegan: lambda rs, s, e: _x(s, stage=e.stage),
    SheriffCandidates: lambda rs, s, e: _x(s, candidates=e.seats, stood=e.seats),
    Withdrew: lambda rs, s, e: _x(s, candidates=tuple(c for c in s.x.candidates if c not in e.seats)),
    VoteRound: lambda rs, s, e: _x(s, round=e.round, candidates=e.candidates),
    Runoff: lambda rs, s, e: _x(s, candidates=e.seats),
    SheriffChanged: lambda rs, s, e: _x(s, sheriff=e.sheriff or 0),
    KnightDueled: lambda rs, s, e: _x(s, flags=_spend(s, e.knight, "duel"), resume="prevote"),
    IdiotRevealed: lambda rs, s, e: _x(s, no_vote=(*s.x.no_vote, e.seat)),
    PowersLost: lambda rs, s, e: _x(s, powerless=True),
}


@lru_cache(maxsize=512)
def _plan(setup: tuple[str, ...], first: bool, odd: bool) -> tuple[str, ...]:
    names = {name for role in set(setup) for name in ROLES[role].steps}
    order = list(NIGHT)
    tonight = {"all": True, "first": first, "odd": odd}
    steps = [n for n in names if tonight[NIGHT[n].nights]]
    return tuple(sorted(steps, key=lambda n: (-NIGHT[n].priority, order.index(n))))


class Info(Event, frozen=True, kw_only=True, tag="lrs_info"):
    """Stored games before the typed facts: a fact for the readers' views (`View.private[key]`). No longer emitted."""

    key: str  # the fact's name in `View.private`
    value: Any = None  # the fact


# --- night steps: one prompt and one resolve function each ------------------------------------------


def _p_cupid(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    living = tuple(g.state.living())
    return (Decision(kind="link", targets=living, self_ok=True, count=2),) if len(living) >= 2 else ()


def _r_cupid(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    state = g.state
    for seat, a in sorted(answers.items()):
        if a.kind == "link" and not state.x.lovers:
            lovers = tuple(sorted(a.targets))
            g.emit(LoversLinked, to=MODERATOR, cupid=seat, lovers=lovers)
            for me, other in (lovers, lovers[::-1]):
                role = state.role(other)
                g.notice("lovers.partner", to=(me,), learn={other: role}, target=other, role=role)
                g.emit(LoverShown, to=(me,), lover=other, role=role)


def _p_magician(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    state = g.state
    if "swap" in state.x.flags[seat - 1] or len(state.living()) < 2:
        return ()
    return (Decision(kind="swap", targets=tuple(state.living()), self_ok=True, count=2), Decision(kind="skip"))


def _r_magician(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind != "swap":
            continue
        state = g.state
        a1, b1 = a.targets
        ra, rb = state.role(a1), state.role(b1)
        g.emit(Swapped, to=MODERATOR, magician=seat, seats=(a1, b1))
        g.change_role(a1, rb)
        g.change_role(b1, ra)
        rs.tell_pack(g)
        return


def _p_nightmare(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="block", targets=g.state.others(seat), optional=True),)


def _r_nightmare(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in answers.items():
        if a.kind == "block" and a.target is not None:
            g.emit(Blocked, to=MODERATOR, nightmare=seat, target=a.target)


def _thief_forced(spare: tuple[str, ...]) -> bool:
    return all(ROLES[c].team == "wolves" for c in spare)


def _p_thief(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    spare = g.state.x.spare
    g.notice("thief.cards", to=(seat,), role=spare[0], label=spare[1])
    g.emit(ThiefCards, to=(seat,), cards=spare)
    options = tuple(dict.fromkeys(spare if _thief_forced(spare) else (*spare, V)))
    return (Decision(kind="pick", options=options),)


def _r_thief(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    state = g.state
    for seat in state.living():
        if state.role(seat) != "thief":
            continue
        a = answers.get(seat)
        choice = a.option if a is not None and a.kind == "pick" else None
        if choice is None:
            choice = g.rng.choice(state.x.spare) if _thief_forced(state.x.spare) else V
        g.emit(ThiefPicked, to=MODERATOR, thief=seat, card=choice)
        g.change_role(seat, choice)
    rs.tell_pack(g)


def _p_guard(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    state = g.state
    last = state.x.mark[seat - 1]
    self_ok = state.options["guard_self"] == "any" or state.day == 1
    targets = tuple(s for s in state.living() if s != last and (s != seat or self_ok))
    barred = ((last, "consecutive_guard"),) if last and state.is_alive(last) else ()
    return (Decision(kind="guard", targets=targets, barred=barred, self_ok=self_ok, optional=True),)


def _r_guard(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    state = g.state
    for seat in state.living():
        if state.role(seat) == "guard":
            a = answers.get(seat)
            target = a.target if a is not None and a.kind == "guard" else None
            g.emit(Guarded, to=MODERATOR, guard=seat, target=target)


def _p_guardian_wolf(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="shield", targets=tuple(rs.wolves(g.state)), self_ok=True, optional=True),)


def _r_guardian_wolf(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "shield" and a.target is not None:
            g.emit(Shielded, to=MODERATOR, wolf=seat, target=a.target)


def _p_wolves(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    state = g.state
    own: tuple[Decision, ...] = (rs.attack_decision(state, seat),)
    if rs.may_whisper(state):
        own += (Decision(kind="whisper", text=state.options["speech_max_chars"], repeatable=True),)
    return own


def _r_wolves(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    g.emit(PackAttacked, to=MODERATOR, target=rs.pack_target(g, answers) or None)


def _p_charm(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    if "charm" in g.state.x.flags[seat - 1]:
        return ()
    return (Decision(kind="charm", targets=g.state.others(seat), optional=True),)


def _r_charm(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "charm" and a.target is not None:
            g.emit(Charmed, to=(seat,), beauty=seat, target=a.target)


def _p_white_wolf(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    others = tuple(w for w in rs.wolves(g.state) if w != seat)
    return (Decision(kind="white_kill", targets=others, optional=True),) if others else ()


def _r_white_wolf(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "white_kill" and a.target is not None:
            g.emit(WhiteWolfKilled, to=MODERATOR, wolf=seat, target=a.target)


def _potions_left(spent: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(p for p in ("antidote", "poison") if p not in spent)


def _p_witch(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    state = g.state
    spent = state.x.flags[seat - 1]
    antidote, poison = "antidote" not in spent, "poison" not in spent
    target = state.x.attack if state.options["witch_sees_target"] == "always" or antidote else 0
    g.emit(PotionsLeft, to=(seat,), potions=_potions_left(spent))
    if target:
        g.notice("witch.target", to=(seat,), target=target)
        g.emit(WolfTargetShown, to=(seat,), target=target)
    own: tuple[Decision, ...] = ()
    self_save = state.options["witch_self_save"]
    may_save_self = self_save == "always" or (self_save == "first_night" and state.day == 1)
    if antidote and target and (target != seat or may_save_self):
        own += (Decision(kind="save"),)
    if poison:
        own += (Decision(kind="poison", targets=state.others(seat)),)
    return (*own, Decision(kind="skip")) if own else ()


def _r_witch(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "save":
            g.emit(WitchSaved, to=MODERATOR, witch=seat, target=g.state.x.attack)
        elif a.kind == "poison" and a.target is not None:
            g.emit(WitchPoisoned, to=MODERATOR, witch=seat, target=a.target)


def _p_seer(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="divine", targets=g.state.others(seat), optional=True),)


def _r_seer(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "divine" and a.target is not None:
            label = rs.seers_label(g.state, a.target)
            g.notice("seer.result", to=(seat,), learn={a.target: label}, target=a.target, label=label)


def _p_graveyard(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    state = g.state
    dead = tuple(s for s in range(1, state.seats + 1) if not state.is_alive(s))
    return (Decision(kind="inspect", targets=dead, dead_ok=True, optional=True),) if dead else ()


def _r_graveyard(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "inspect" and a.target is not None:
            role = g.state.role(a.target)
            g.notice("graveyard.result", to=(seat,), learn={a.target: role}, target=a.target, role=role)


def _p_raven(rs: Langrensha, g: Table, seat: int) -> tuple[Decision, ...]:
    return (Decision(kind="mark", targets=g.state.others(seat), optional=True),)


def _r_raven(rs: Langrensha, g: Table, answers: dict[int, Action]) -> None:
    for seat, a in sorted(answers.items()):
        if a.kind == "mark" and a.target is not None:
            g.emit(RavenMarked, to=MODERATOR, raven=seat, target=a.target)


# --- the declared steps -----------------------------------------------------------------------------

NIGHT_STEPS: dict[str, StepSpec] = {
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

NIGHT_SEQUENCE = RoleSequence(
    prefix="night.",
    plan=Langrensha.plan,
    steps=NIGHT_STEPS,
    actors=Langrensha.actors,
    finish=Langrensha.begin_day,
)

DAY_STEPS: dict[str, StepSpec] = {
    "last_words": StepSpec(Langrensha.close_last_words),
    "speech": StepSpec(Langrensha.close_speech),
    "shot": StepSpec(Langrensha.close_shot),
    "badge": StepSpec(Langrensha.close_badge),
    "candidacy": StepSpec(Langrensha.close_candidacy),
    "withdraw": StepSpec(Langrensha.close_withdraw),
    "sheriff_vote": StepSpec(Langrensha.close_sheriff_vote),
    "duel": StepSpec(Langrensha.close_duel),
    "impeach": StepSpec(Langrensha.close_impeach),
    "exile_vote": StepSpec(Langrensha.close_exile_vote),
}

Langrensha.steps = {**DAY_STEPS, **NIGHT_SEQUENCE.specs()}  # declared here, after the night's functions

LANGRENSHA = Langrensha()
