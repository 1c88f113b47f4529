"""magic_city's own facts in a view: `View.private[key]` (the day's announced rules, the evil eye's curse,
the chimera's awakening).

Each reaches only the views its event's audience includes; the rest of magic_city's facts are the
moderator's and change no view.
"""

from __future__ import annotations

import msgspec

from grimoire.domain.rulesets.magic_city import AwakeningAnnounced, CityInfo, CurseCast, Redealt, TodayShown
from grimoire.domain.rulesets.magic_city.facts import (
    AirshipBoarded,
    AttackChosen,
    BallotOpened,
    CasinoCardTurned,
    ChimeraAwoke,
    ChimeraPredicted,
    CityGuarded,
    CityImprisoned,
    CityNightResolved,
    DayBegan,
    DeckShuffled,
    DemonWon,
    EventChosen,
    EventDrawn,
    EventTargetChosen,
    FoxDivined,
    GardenTurned,
    Lent,
    MinutesChosen,
    Named,
    NightBegan,
    PredictionMatched,
    ShotAwaited,
    TreeBound,
    WordChosen,
)
from grimoire.projections.render import RENDER, SILENT, Reader
from grimoire.projections.view import PRIVATE, RULESET_APPLY, View, replace


class Today(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The day's announced rules."""

    event: str | None  # the event whose day it is; null: none
    format: str  # the vote format today (simultaneous, ordered, free)
    cursed: int | None  # the seat cursed silent for the first minute; null: none
    word: str | msgspec.UnsetType = msgspec.UNSET  # the word of today's speeches (babel, library)
    minutes: int | msgspec.UnsetType = msgspec.UNSET  # the minutes of today's discussion (bathhouse)
    target: int | msgspec.UnsetType = msgspec.UNSET  # the seat a bank or thieves event names


class MagicCityPrivate(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """magic_city's `View.private`: each key only once the viewer has learnt it."""

    today: Today | msgspec.UnsetType = msgspec.UNSET  # the day's announced rules (public)
    curse: int | msgspec.UnsetType = msgspec.UNSET  # the seat the evil eye (the viewer) cursed tonight
    awakened: bool | msgspec.UnsetType = msgspec.UNSET  # whether the viewer (the chimera) is awakened


PRIVATE["magic_city"] = MagicCityPrivate


def _private(view: View, key: str, value: object) -> View:
    return replace(view, private={**view.private, key: value})


def _today(view: View, e: TodayShown) -> View:
    today = {"event": e.event, "format": e.format, "cursed": e.cursed}
    for key, value in (("word", e.word), ("minutes", e.minutes), ("target", e.target)):
        if value is not None:
            today[key] = value
    return _private(view, "today", today)


def _redealt(view: View, e: Redealt) -> View:
    return _private(view, "awakened", False) if e.awakened else view


def _info(view: View, event: CityInfo) -> View:
    """Stored games before the typed facts."""
    return replace(view, private={**view.private, **event.info})


# one entry at a time: each handler is checked against the table's own type
RULESET_APPLY[TodayShown] = _today
RULESET_APPLY[CurseCast] = lambda v, e: _private(v, "curse", e.target)
RULESET_APPLY[AwakeningAnnounced] = lambda v, e: _private(v, "awakened", True)
RULESET_APPLY[Redealt] = _redealt
RULESET_APPLY[CityInfo] = _info
RENDER[CityInfo] = lambda e, r: None
# Facts a notice beside them tells (the day's rules, the chimera's awakening) or the seat's own answer (the
# evil eye's curse, the chimera's redeal), also as stored before the typed facts (CityInfo): no text of their own.
SILENT.update({CityInfo, TodayShown, AwakeningAnnounced, CurseCast, Redealt})

# The moderator's records that a text beside them gives (the event chosen, its word, the prison, the marksman,
# the chimera's awakening, the day's rules and the ballots by their notices and steps), or kept for the engine
# (whether the evil eye lives as the night begins).
SILENT.update({EventChosen, WordChosen, CityImprisoned, ShotAwaited, ChimeraAwoke, DayBegan, BallotOpened, NightBegan})


def _attack(e: AttackChosen, r: Reader) -> str:
    if e.target is None:
        return r.text("attack.chosen.none")
    return r.text("attack.chosen.second" if e.second else "attack.chosen", target=e.target)


def _resolved(e: CityNightResolved, r: Reader) -> str:
    return r.text("night.attacks", seats=e.attacks) if e.attacks else r.text("night.attacks.none")


# The moderator's record of the events and the night's choices.
RENDER.update(
    {
        DeckShuffled: lambda e, r: r.text("deck.shuffled", cards=e.deck),
        EventDrawn: lambda e, r: r.text("event.drawn", seat=e.drawer, cards=e.cards),
        AirshipBoarded: lambda e, r: r.text("event.airship"),
        MinutesChosen: lambda e, r: r.text("event.minutes", minutes=e.minutes),
        EventTargetChosen: lambda e, r: r.text("event.target", target=e.target),
        TreeBound: lambda e, r: r.text("tree.bound", seats=e.pair),
        GardenTurned: lambda e, r: r.text("garden.turned." + e.direction, count=e.die),
        CasinoCardTurned: lambda e, r: r.text("casino.turned." + e.card),
        Named: lambda e, r: r.text("named", seats=e.seats),
        AttackChosen: _attack,
        ChimeraPredicted: lambda e, r: r.text("chimera.predicted", seat=e.chimera, target=e.target),
        CityGuarded: lambda e, r: r.text("city.guarded", role=e.role, seat=e.guard, target=e.target),
        Lent: lambda e, r: r.text("lent", seat=e.lender, target=e.target),
        FoxDivined: lambda e, r: r.text("fox.divined", seat=e.fox),
        PredictionMatched: lambda e, r: r.text("prediction.matched", seat=e.chimera),
        CityNightResolved: _resolved,
        DemonWon: lambda e, r: r.text("demon.won", seat=e.seat),
    }
)
