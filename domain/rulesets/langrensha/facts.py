"""langrensha's facts: its state `LState` and every change of it as a typed event, folded by one function each.

The log reads as what happened (`LoversLinked`, `WitchSaved`, ...); `EVOLVE` is the fold table,
with the folds of the kernel's events langrensha reads (the speaking order, the deaths, the phases).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

import msgspec

from grimoire.domain.events import Died, Event, GameCreated, PhaseStarted, SpeakingOrder, StepOpened
from grimoire.domain.mechanics import deaths, speaking
from grimoire.domain.ruleset import Ruleset
from grimoire.domain.state import GameState, with_x

replace = msgspec.structs.replace


class Duty(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What the dead may still do, in order: last words, shots, the badge."""

    kind: str  # "words" | "shot" | "badge"
    seats: tuple[int, ...]  # the dead seats that owe it, in order


class DutyKind(Enum):
    """A duty of the dead (`Duty.kind` as stored)."""

    WORDS = "words"
    SHOT = "shot"
    BADGE = "badge"


class Owed(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A queued duty as the state holds it: its kind read from the stored `Duty`."""

    kind: DutyKind
    seats: tuple[int, ...]  # the dead seats that owe it, in order


class Speeches(Enum):
    """A round of speeches (`SpeechesBegan.stage` as stored)."""

    CAMPAIGN = "campaign"
    SHERIFF_PK = "sheriff_pk"
    EXILE_PK = "exile_pk"
    DISCUSSION = "discussion"


class LState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Role-bound state is kept per seat and moves with a swapped role; the rest stays with the player."""

    # the speaking order under way (`mechanics.speaking`): its seats, rounds and turns opened so far
    order: tuple[int, ...] = ()
    rounds: int = 0
    turn: int = 0
    morning_dead: tuple[int, ...] = ()  # today's morning deaths
    executed: int | None = None  # the first seat of the last exile's deaths, and its day
    executed_day: int = -1

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
    queue: tuple[Owed, ...] = ()
    speeches: Speeches | None = None  # the round of speeches under way
    dueled: int = 0  # the day a knight last dueled
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


class Info(Event, frozen=True, kw_only=True, tag="lrs_info"):
    """Stored games before the typed facts: a fact for the readers' views (`View.private[key]`). No longer emitted."""

    key: str  # the fact's name in `View.private`
    value: Any = None  # the fact


# --- evolve: one fold per event ---------------------------------------------------------------------

T = TypeVar("T")


def _add(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    return items if item in items else (*items, item)


def _per_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (*values[: seat - 1], value, *values[seat:])


def _spend(state: GameState[LState], seat: int, power: str) -> tuple[tuple[str, ...], ...]:
    """The per-seat flags with `power` spent by `seat`."""
    flags = state.x.flags
    return _per_seat(flags, seat, _add(flags[seat - 1], power))


def _on_created(rs: Ruleset[LState], state: GameState[LState], e: GameCreated) -> GameState[LState]:
    return replace(state, x=LState(flags=((),) * e.seats, mark=(0,) * e.seats))


def _on_phase(rs: Ruleset[LState], state: GameState[LState], e: PhaseStarted) -> GameState[LState]:
    if e.phase == "night":
        return with_x(
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
    return with_x(state, morning_dead=())


def _on_duties(rs: Ruleset[LState], state: GameState[LState], e: DutiesQueued) -> GameState[LState]:
    owed = tuple(Owed(kind=DutyKind(d.kind), seats=d.seats) for d in e.duties)
    return with_x(state, queue=owed + state.x.queue)


def _on_swapped(rs: Ruleset[LState], state: GameState[LState], e: Swapped) -> GameState[LState]:
    flags, mark = list(_spend(state, e.magician, "swap")), list(state.x.mark)
    a, b = e.seats
    flags[a - 1], flags[b - 1] = flags[b - 1], flags[a - 1]
    mark[a - 1], mark[b - 1] = mark[b - 1], mark[a - 1]
    return with_x(state, flags=tuple(flags), mark=tuple(mark))


def _on_guarded(rs: Ruleset[LState], state: GameState[LState], e: Guarded) -> GameState[LState]:
    x: LState = state.x
    guarded = x.guarded if e.target is None else _add(x.guarded, e.target)
    return with_x(state, mark=_per_seat(x.mark, e.guard, e.target or 0), guarded=guarded)


# Facts a seat alone learns (LoverShown, ThiefCards, PotionsLeft, WolfTargetShown) and those only
# for the record (ThiefPicked: its RoleChanged changes the role; Shot: its deaths follow) change no state.
Fold = Callable[[Ruleset[LState], GameState[LState], Any], GameState[LState]]
EVOLVE: dict[type, Fold] = {
    GameCreated: _on_created,
    PhaseStarted: _on_phase,
    Died: deaths.fold_died,
    SpeakingOrder: speaking.fold_order,
    StepOpened: speaking.fold_turn,
    SpareCards: lambda rs, s, e: with_x(s, spare=e.cards),
    PackKnown: lambda rs, s, e: with_x(s, pack=tuple(sorted(set(s.x.pack) | set(e.wolves)))),
    LoversLinked: lambda rs, s, e: with_x(s, lovers=e.lovers, cupid=e.cupid),
    Swapped: _on_swapped,
    Blocked: lambda rs, s, e: with_x(s, blocked=e.target),
    BlockTold: lambda rs, s, e: with_x(s, block_told=True),
    Guarded: _on_guarded,
    Shielded: lambda rs, s, e: with_x(s, shield=_add(s.x.shield, e.target)),
    PackAttacked: lambda rs, s, e: with_x(s, attack=e.target or 0),
    Charmed: lambda rs, s, e: with_x(
        s, flags=_spend(s, e.beauty, "charm"), mark=_per_seat(s.x.mark, e.beauty, e.target)
    ),
    WhiteWolfKilled: lambda rs, s, e: with_x(s, white=_add(s.x.white, e.target)),
    WitchSaved: lambda rs, s, e: with_x(s, flags=_spend(s, e.witch, "antidote"), saved=True),
    WitchPoisoned: lambda rs, s, e: with_x(
        s, flags=_spend(s, e.witch, "poison"), poisoned=_add(s.x.poisoned, e.target)
    ),
    RavenMarked: lambda rs, s, e: with_x(s, raven=_add(s.x.raven, e.target)),
    ElderSurvived: lambda rs, s, e: with_x(s, flags=_spend(s, e.seat, "life")),
    ApostleTurned: lambda rs, s, e: with_x(s, flags=_spend(s, e.seat, "turned")),
    DutiesQueued: _on_duties,
    DutyTaken: lambda rs, s, e: with_x(s, queue=s.x.queue[1:]),
    SpeechesBegan: lambda rs, s, e: with_x(s, speeches=Speeches(e.stage)),
    SheriffCandidates: lambda rs, s, e: with_x(s, candidates=e.seats, stood=e.seats),
    Withdrew: lambda rs, s, e: with_x(s, candidates=tuple(c for c in s.x.candidates if c not in e.seats)),
    VoteRound: lambda rs, s, e: with_x(s, round=e.round, candidates=e.candidates),
    Runoff: lambda rs, s, e: with_x(s, candidates=e.seats),
    SheriffChanged: lambda rs, s, e: with_x(s, sheriff=e.sheriff or 0),
    KnightDueled: lambda rs, s, e: with_x(s, flags=_spend(s, e.knight, "duel"), dueled=s.day),
    IdiotRevealed: lambda rs, s, e: with_x(s, no_vote=(*s.x.no_vote, e.seat)),
    PowersLost: lambda rs, s, e: with_x(s, powerless=True),
}
