"""magic_city's facts: its state (`CityState`), its own typed events and the one fold of each (`EVOLVE`).

Every change of the ruleset's own state (an event card drawn and chosen, tonight's attack, a guard, a
curse, a loan, the chimera's awakening, ...) is a typed event below, folded by one function each, so
the stream alone rebuilds the state and reads as what happened. Most are the moderator's; a curse, the
chimera's awakening and the day's announced rules also reach the views of their audience.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from grimoire.domain.events import Act, Defaulted, Died, Event, GameCreated, PhaseStarted, Resolved
from grimoire.domain.mechanics import deaths
from grimoire.domain.ruleset import Ruleset
from grimoire.domain.state import GameState, with_x

replace = msgspec.structs.replace


class EventParams(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """What the drawer chose for the event in use (None: not chosen)."""

    target: int | None = None  # the seat a night event names: guild, thieves, mirror_shop, bank
    word: str | None = None  # babel, library
    minutes: int | None = None  # bathhouse
    direction: str | None = None  # illusion_garden: "left" | "right", and its die
    die: int | None = None
    card: str | None = None  # casino: "citizen" | "werewolf"


NO_PARAMS = EventParams()


class Tonight(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What tonight's role steps chose, resolved at its end. A guard is (guard, target)."""

    attack: int | None = None
    attack2: int | None = None
    curse: int | None = None
    predict: tuple[int, int] | None = None  # (chimera, predicted seat)
    knight: tuple[int, int] | None = None
    dragon: tuple[int, int] | None = None
    spirit_caller: tuple[int, int] | None = None
    fox: tuple[int, ...] = ()  # foxkin divined tonight


class Ballot(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    purpose: str = ""  # "vote" | "court" | "prison"
    format: str = ""  # "simultaneous" | "ordered" | "free"
    candidates: tuple[int, ...] = ()  # a runoff's
    voters: tuple[int, ...] = ()


class CityState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    last_guard: dict[int, int] = {}  # each guard's target last night
    executed: int | None = None  # the last seat executed by the day's vote
    executed_day: int = -1
    morning_dead: tuple[int, ...] = ()  # this morning's dead
    deck: tuple[str, ...] = ()
    from_deck: bool = False  # airship: the drawer picks the next event from the whole deck
    drawer: int | None = None
    event: str | None = None  # the last event used, for its night and the next day
    event_day: int = -1
    params: EventParams = NO_PARAMS
    today: str | None = None  # the event whose day this is
    today_params: EventParams = NO_PARAMS
    tonight: Tonight = Tonight()
    ballot: Ballot = Ballot()
    cast: dict[int, int | None] = {}  # the ballots of the open vote, folded from the votes themselves
    prison: int | None = None
    prison_day: int = -1
    trees: tuple[tuple[int, int], ...] = ()
    named: tuple[int, ...] = ()  # seats named by an ability or event since the last deal (the demon's mark)
    awakened: tuple[int, ...] = ()
    awakening_due: bool = False  # a prediction matched: announced the next morning
    announced: bool = False
    eye_alive: bool = False
    cursed: int | None = None
    church: tuple[int, ...] = ()
    lent: bool = False
    lend: tuple[int, int, int] | None = None  # (moneylender, target, day)
    altar: bool = False
    demon_won: int | None = None


# --- the facts: magic_city's own events ----------------------------------------------------------
# The moderator's unless said otherwise; `EVOLVE` folds each.


class DeckShuffled(Event, frozen=True, kw_only=True, tag="city_deck_shuffled"):
    """The event cards in play, in the order they will be drawn."""

    deck: tuple[str, ...]  # the event cards in play, in drawing order


class NightBegan(Event, frozen=True, kw_only=True, tag="city_night_began"):
    """Whether the `evil_eye` lives as the night begins (its curse holds the next day only then)."""

    eye_alive: bool  # the `evil_eye` lives as the night begins


class EventDrawn(Event, frozen=True, kw_only=True, tag="city_event_drawn"):
    """The executed player draws the deck's top cards to choose one from."""

    drawer: int  # the executed seat that draws
    cards: tuple[str, ...]  # the cards drawn to choose from


class AirshipBoarded(Event, frozen=True, kw_only=True, tag="city_airship_boarded"):
    """`airship`: the drawer chooses the next event from the whole deck."""


class EventChosen(Event, frozen=True, kw_only=True, tag="city_event_chosen"):
    """The event in use from now (for its night and the next day); `from_deck` when `airship` took it."""

    card: str  # the event card chosen
    day: int  # the day the event was chosen on
    from_deck: bool = False  # `airship` took it from the whole deck


class WordChosen(Event, frozen=True, kw_only=True, tag="city_word_chosen"):
    """`babel` / `library`: the word of the next day's speeches."""

    word: str  # the word every speech of the next day must be (`babel`) or end with (`library`)


class MinutesChosen(Event, frozen=True, kw_only=True, tag="city_minutes_chosen"):
    """`bathhouse`: the length of the next day's discussion."""

    minutes: int  # the minutes of the next day's discussion


class EventTargetChosen(Event, frozen=True, kw_only=True, tag="city_event_target_chosen"):
    """The seat a night event names (guild's protection, the thief's victim, the bank's client, ...)."""

    target: int  # the seat the event names


class TreeBound(Event, frozen=True, kw_only=True, tag="city_tree_bound"):
    """`legend_tree`: two seats die together from now on."""

    pair: tuple[int, int]  # the two seats bound by the tree


class GardenTurned(Event, frozen=True, kw_only=True, tag="city_garden_turned"):
    """`illusion_garden`: the direction chosen and the die rolled, shifting tonight's attacks."""

    direction: str  # the direction the attacks shift ("left" or "right")
    die: int  # the die rolled: how many living seats the attacks shift


class CasinoCardTurned(Event, frozen=True, kw_only=True, tag="city_casino_card_turned"):
    """`casino`: the card the drawer picked, "citizen" (no attack) or "werewolf" (two)."""

    card: str  # the card turned: "citizen" (no attack) or "werewolf" (two)


class Named(Event, frozen=True, kw_only=True, tag="city_named"):
    """Seats an ability or event named for the first time since the last deal (a named `demon` dies a winner)."""

    seats: tuple[int, ...]  # the seats named for the first time


class AttackChosen(Event, frozen=True, kw_only=True, tag="city_attack_chosen"):
    """The pack's target tonight (`second`: the second attack of `beast_forest` or `casino`)."""

    target: int | None  # the pack's target; null: no attack
    second: bool = False  # the second attack of `beast_forest` or `casino`


class CurseCast(Event, frozen=True, kw_only=True, tag="city_curse_cast"):
    """The `evil_eye`'s curse tonight: to the evil eye itself."""

    eye: int  # the `evil_eye` that curses
    target: int  # the cursed seat


class ChimeraPredicted(Event, frozen=True, kw_only=True, tag="city_chimera_predicted"):
    """The `chimera`'s prediction of the pack's target tonight."""

    chimera: int  # the `chimera` that predicts
    target: int  # the seat it predicts the pack will attack


class CityGuarded(Event, frozen=True, kw_only=True, tag="city_guarded"):
    """A guard's choice tonight, by the guard's role ("knight", "dragon", "spirit_caller")."""

    guard: int  # the guarding seat
    role: str  # the guard's role (knight, dragon, spirit_caller)
    target: int  # the seat it guards


class Lent(Event, frozen=True, kw_only=True, tag="city_lent"):
    """The `moneylender`'s one loan: the target votes with the lender's weight the next day."""

    lender: int  # the `moneylender`
    target: int  # the seat that cannot vote the next day
    day: int  # the day the loan takes effect


class FoxDivined(Event, frozen=True, kw_only=True, tag="city_fox_divined"):
    """A `foxkin` was divined tonight: it dies of the curse at dawn."""

    fox: int  # the divined `foxkin`


class PredictionMatched(Event, frozen=True, kw_only=True, tag="city_prediction_matched"):
    """The `chimera` predicted tonight's victim: it awakens, announced the next morning."""

    chimera: int  # the `chimera` whose prediction matched


class ChimeraAwoke(Event, frozen=True, kw_only=True, tag="city_chimera_awoke"):
    """The `chimera` awakens as the last of the wolf side able to attack."""

    seats: tuple[int, ...]  # the awakened `chimera` seats


class AwakeningAnnounced(Event, frozen=True, kw_only=True, tag="city_awakening_announced"):
    """The awakening is announced: to the awakened seats, whose view shows it."""


class Redealt(Event, frozen=True, kw_only=True, tag="city_redealt"):
    """`vortex` dealt the living roles anew: awakenings, marks, the loan and the last guards are gone.
    To the seats whose awakening ends (their view shows it), else the moderator."""

    awakened: tuple[int, ...] = ()  # the seats whose awakening ends


class CityNightResolved(Event, frozen=True, kw_only=True, tag="city_night_resolved"):
    """A night resolved: the pack's targets, the attacks after the events, each guard and its target,
    and the deaths with their causes. The guards are the next night's last guards."""

    attack: tuple[int, ...] = ()  # the pack's targets
    attacks: tuple[int, ...] = ()  # the attacks after the events shifted or added them
    guards: tuple[tuple[int, int], ...] = ()  # [guard, target] pairs
    deaths: tuple[tuple[int, str], ...] = ()  # [seat, cause] pairs


class DayBegan(Event, frozen=True, kw_only=True, tag="city_day_began"):
    """The day's standing: the event whose day it is (its parameters with it), whether roles are shown
    at death from now, the cursed player, and the dead who speak today (`church`). Tonight is over."""

    today: str | None = None  # the event whose day it is; null: none
    altar: bool = False  # roles are shown at death from now (`altar`)
    cursed: int | None = None  # the seat cursed silent for the first minute; null: none
    church: tuple[int, ...] = ()  # the dead who speak today (`church`)


class TodayShown(Event, frozen=True, kw_only=True, tag="city_today_shown"):
    """The day's announced rules, public, for every view: the event and its word or minutes, the vote
    format, the cursed player, and the seat a bank or thieves event names."""

    event: str | None = None  # the event whose day it is; null: none
    format: str  # the vote format today (simultaneous, ordered, free)
    cursed: int | None = None  # the seat cursed silent for the first minute; null: none
    word: str | None = None  # the word of today's speeches (`babel`, `library`)
    minutes: int | None = None  # the minutes of today's discussion (`bathhouse`)
    target: int | None = None  # the seat a bank or thieves event names


class BallotOpened(Event, frozen=True, kw_only=True, tag="city_ballot_opened"):
    """A ballot opens: what it decides, its format, who may be named and who votes."""

    purpose: str  # what the ballot decides: "vote" (the execution), or the event card whose vote it is
    format: str  # how ballots are cast and shown (simultaneous, ordered, free)
    candidates: tuple[int, ...] = ()  # the seats that may be named; empty: any living seat
    voters: tuple[int, ...] = ()  # the seats that vote


class CityImprisoned(Event, frozen=True, kw_only=True, tag="city_imprisoned"):
    """`prison`: the seat sits out this night."""

    seat: int  # the imprisoned seat
    day: int  # the day of the imprisonment


class ShotAwaited(Event, frozen=True, kw_only=True, tag="city_shot_awaited"):
    """The executed `marksman` shoots; then the day goes on to `then` ("event" | "night")."""

    marksman: int  # the executed `marksman`
    then: str  # what follows the shot ("event" or "night")


class DemonWon(Event, frozen=True, kw_only=True, tag="city_demon_won"):
    """A named `demon` died: it wins alone."""

    seat: int  # the `demon` that wins


# --- the folds ---------------------------------------------------------------------------------


def _tonight(state: GameState[CityState], **changes: Any) -> GameState[CityState]:
    return with_x(state, tonight=replace(state.x.tonight, **changes))


def _on_act(rs: Ruleset[CityState], state: GameState[CityState], e: Act | Defaulted) -> GameState[CityState]:
    if e.action.kind == "vote":
        return with_x(state, cast={**state.x.cast, e.seat: e.action.target})
    return state


def _on_phase(rs: Ruleset[CityState], state: GameState[CityState], e: PhaseStarted) -> GameState[CityState]:
    return state if e.phase == "night" else with_x(state, morning_dead=())


def _on_event_chosen(rs: Ruleset[CityState], state: GameState[CityState], e: EventChosen) -> GameState[CityState]:
    deck = tuple(c for c in state.x.deck if c != e.card) if e.from_deck else state.x.deck
    return with_x(state, deck=deck, event=e.card, event_day=e.day, params=NO_PARAMS, from_deck=False)


def _on_day(rs: Ruleset[CityState], state: GameState[CityState], e: DayBegan) -> GameState[CityState]:
    x: CityState = state.x
    today_params = x.params if e.today is not None else NO_PARAMS  # the event of yesterday is today's
    return with_x(
        state,
        today=e.today,
        today_params=today_params,
        altar=e.altar,
        tonight=Tonight(),
        cursed=e.cursed,
        church=e.church,
    )


def _on_redealt(rs: Ruleset[CityState], state: GameState[CityState], e: Redealt) -> GameState[CityState]:
    return with_x(state, awakened=(), announced=False, awakening_due=False, named=(), lent=False, last_guard={})


def _on_resolved(rs: Ruleset[CityState], state: GameState[CityState], e: Resolved) -> GameState[CityState]:
    """magic_city 1 recorded the night's guards in a `Resolved(what="night")` (see below)."""
    if e.what == "night":
        return with_x(state, last_guard=dict(e.data["guards"]))
    return state


Fold = Callable[[Ruleset[CityState], GameState[CityState], Any], GameState[CityState]]
EVOLVE: dict[type, Fold] = {
    GameCreated: lambda rs, s, e: replace(s, x=CityState()),
    Act: _on_act,
    Defaulted: _on_act,
    PhaseStarted: _on_phase,
    Died: deaths.fold_died,
    DeckShuffled: lambda rs, s, e: with_x(s, deck=e.deck),
    NightBegan: lambda rs, s, e: with_x(s, eye_alive=e.eye_alive),
    EventDrawn: lambda rs, s, e: with_x(s, deck=s.x.deck[len(e.cards) :], drawer=e.drawer, from_deck=False),
    AirshipBoarded: lambda rs, s, e: with_x(s, from_deck=True),
    EventChosen: _on_event_chosen,
    WordChosen: lambda rs, s, e: with_x(s, params=EventParams(word=e.word)),
    MinutesChosen: lambda rs, s, e: with_x(s, params=EventParams(minutes=e.minutes)),
    EventTargetChosen: lambda rs, s, e: with_x(s, params=replace(s.x.params, target=e.target)),
    TreeBound: lambda rs, s, e: with_x(s, trees=(*s.x.trees, e.pair)),
    GardenTurned: lambda rs, s, e: with_x(s, params=replace(s.x.params, direction=e.direction, die=e.die)),
    CasinoCardTurned: lambda rs, s, e: with_x(s, params=replace(s.x.params, card=e.card)),
    Named: lambda rs, s, e: with_x(s, named=s.x.named + e.seats),
    AttackChosen: lambda rs, s, e: _tonight(s, **{"attack2" if e.second else "attack": e.target}),
    CurseCast: lambda rs, s, e: _tonight(s, curse=e.target),
    ChimeraPredicted: lambda rs, s, e: _tonight(s, predict=(e.chimera, e.target)),
    CityGuarded: lambda rs, s, e: _tonight(s, **{e.role: (e.guard, e.target)}),
    Lent: lambda rs, s, e: with_x(s, lent=True, lend=(e.lender, e.target, e.day)),
    FoxDivined: lambda rs, s, e: _tonight(s, fox=(*s.x.tonight.fox, e.fox)),
    PredictionMatched: lambda rs, s, e: with_x(s, awakened=(*s.x.awakened, e.chimera), awakening_due=True),
    ChimeraAwoke: lambda rs, s, e: with_x(s, awakened=s.x.awakened + e.seats),
    AwakeningAnnounced: lambda rs, s, e: with_x(s, announced=True, awakening_due=False),
    Redealt: _on_redealt,
    CityNightResolved: lambda rs, s, e: with_x(s, last_guard=dict(e.guards)),
    DayBegan: _on_day,
    BallotOpened: lambda rs, s, e: with_x(
        s, ballot=Ballot(purpose=e.purpose, format=e.format, candidates=e.candidates, voters=e.voters), cast={}
    ),
    CityImprisoned: lambda rs, s, e: with_x(s, prison=e.seat, prison_day=e.day),
    DemonWon: lambda rs, s, e: with_x(s, demon_won=e.seat),
    Resolved: _on_resolved,
}


# --- stored games before the typed facts ---------------------------------------------------------
# Games recorded by magic_city 1 wrote the state through moderator-only `Resolved(what="memo")`
# events (read by no view, and ignored by the fold: such a game is never recomputed), the night's
# guards through `Resolved(what="night")`, and the views' facts through `CityInfo`, which
# `projections.magic_city` still folds into `View.private`.


class CityInfo(Event, frozen=True, kw_only=True, tag="magic_city_info"):
    """What went into its readers' `View.private`: the day's announced rules (public), the chimera's
    awakening and the evil eye's curse (to that seat alone). Read only."""

    info: dict[str, Any] = {}  # facts added to `View.private`, by name (games stored before the typed facts)
