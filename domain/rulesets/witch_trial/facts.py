"""witch_trial's facts: its typed events, its state (`WitchState`) and the one fold of each event.

Everything that happens to the ruleset's state is a named fact, each folded by one function and
addressed when it is made: to the moderator for the truth (an attack, a kill, a witch's timer), to
the seat itself for what it learns (its deal, a card it used or took), to both parties of a trade.
Read in order, a game's log is the list of what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from grimoire.domain.events import Act, DeathCause, Defaulted, Event, GameCreated, PhaseStarted, StepOpened
from grimoire.domain.rulesets.witch_trial.data import ORDERED, WK
from grimoire.domain.state import GameState, with_x

replace = msgspec.structs.replace

# --- facts -------------------------------------------------------------------------------------
# `seat` is the seat the fact is about; cards are card ids; `to` is set where each is made.


class CardsDealt(Event, frozen=True, kw_only=True, tag="cards_dealt"):
    """To the seat: its four cards (holding the witch_killer makes it a witch from night 1)."""

    seat: int  # the seat dealt to
    cards: tuple[str, ...]  # its four cards


class OfferMade(Event, frozen=True, kw_only=True, tag="offer_made"):
    """To the recipient alone: `initiator` offers `card`; the recipient owes an answer."""

    initiator: int  # the seat that offers
    recipient: int  # the seat offered to
    card: str  # the card offered


class OfferHeld(Event, frozen=True, kw_only=True, tag="offer_held"):
    """The moderator's: an offer to a recipient that cannot take it; it counts as refused at noon's end."""

    initiator: int  # the seat that offered
    recipient: int  # the seat that cannot take the offer
    card: str  # the card offered


class TradeAccepted(Event, frozen=True, kw_only=True, tag="trade_accepted"):
    """To both parties: the swap of the initiator's `card` for the recipient's `got`."""

    initiator: int  # the seat that offered
    recipient: int  # the seat that accepted
    card: str  # the initiator's card, now the recipient's
    got: str  # the recipient's card, now the initiator's


class TradeRefused(Event, frozen=True, kw_only=True, tag="trade_refused"):
    """To the parties it reached: refused, left unanswered, or held; the initiator's trade is spent."""

    initiator: int  # the seat that offered
    recipient: int  # the seat offered to
    card: str  # the card offered, kept by the initiator


class Imprisoned(Event, frozen=True, kw_only=True, tag="imprisoned"):
    """The moderator's: `seat` may use no card tonight (everyone reads the ballot that chose it)."""

    seat: int  # the seat imprisoned tonight


class CardUsed(Event, frozen=True, kw_only=True, tag="card_used"):
    """To the seat: it used `card` (on `target`), which goes to the discard."""

    seat: int  # the seat that used the card
    card: str  # the card used, now in the discard
    target: int | None = None  # the seat it was used on; none for a card without a target


class AttackUnfit(Event, frozen=True, kw_only=True, tag="attack_unfit"):
    """The moderator's: a kill_magic past the three attack slots; not made, the card kept."""

    seat: int  # the would-be attacker
    target: int  # the seat it chose


class AttackMade(Event, frozen=True, kw_only=True, tag="attack_made"):
    """The moderator's: `seat` attacks `target` with `card` in attack slot `slot` (1–3)."""

    seat: int  # the attacker
    target: int  # the seat attacked
    card: str  # the attack card (kill_magic or witch_killer)
    slot: int  # the attack slot, 1 to 3, in resolution order


class AttackVoided(Event, frozen=True, kw_only=True, tag="attack_voided"):
    """The moderator's: the attacker died before its slot; nothing happens and it keeps its card."""

    seat: int  # the attacker that died first
    target: int  # the seat it would have attacked


class AttackBlocked(Event, frozen=True, kw_only=True, tag="attack_blocked"):
    """The moderator's: the target's barrier stopped `seat`'s attack."""

    seat: int  # the attacker
    target: int  # the seat its barrier protected


class AttackMissed(Event, frozen=True, kw_only=True, tag="attack_missed"):
    """The moderator's: a kill_magic on the holder whose own witch_killer attack landed (4.5)."""

    seat: int  # the attacker
    target: int  # the witch_killer holder it missed


class AttackLate(Event, frozen=True, kw_only=True, tag="attack_late"):
    """The moderator's: the target was already dead; the card is spent and the attacker loots (looting case 3)."""

    seat: int  # the attacker, who loots the body
    target: int  # the seat already dead


class Killed(Event, frozen=True, kw_only=True, tag="killed"):
    """The moderator's: `seat` dies tonight by `killer`'s `card`."""

    seat: int  # the seat that dies
    killer: int  # the seat whose attack killed it
    card: str  # the attack card that killed it


class WitchKillerSeized(Event, frozen=True, kw_only=True, tag="witch_killer_seized"):
    """To the killer: it killed the holder `victim` and takes the witch_killer in place of a loot (looting case 4)."""

    seat: int  # the killer, who now holds the witch_killer
    victim: int  # the holder it killed


class WitchTimer(Event, frozen=True, kw_only=True, tag="witch_timer"):
    """The moderator's: the witch `seat` has gone `nights` nights in a row without a kill."""

    seat: int  # the witch
    nights: int  # nights in a row without a kill, counted to 2


class BecameWitch(Event, frozen=True, kw_only=True, tag="became_witch"):
    """The moderator's: a successful kill made `seat` a witch (its kill night counts as a kill)."""

    seat: int  # the seat that is a witch now


class Wrecked(Event, frozen=True, kw_only=True, tag="wrecked"):
    """The moderator's: the witch `seat` dies (a wreck) after two nights without a kill."""

    seat: int  # the witch that dies


class WitchKillerPassed(Event, frozen=True, kw_only=True, tag="witch_killer_passed"):
    """The moderator's: the wrecked holder's witch_killer goes to a random survivor, who becomes a witch."""

    holder: int  # the wrecked seat that held the witch_killer
    heir: int  # the survivor that receives it


class WitchKillerReceived(Event, frozen=True, kw_only=True, tag="witch_killer_received"):
    """To the heir: its hand now, with the witch_killer (never from whom)."""

    seat: int  # the heir
    cards: tuple[str, ...]  # its whole hand now, the witch_killer included


class CardsLeftOnBody(Event, frozen=True, kw_only=True, tag="cards_left_on_body"):
    """To the dead seat: its hand stays on its body."""

    seat: int  # the dead seat
    cards: tuple[str, ...]  # the cards left on its body


class LootQueued(Event, frozen=True, kw_only=True, tag="loot_queued"):
    """The moderator's: the body's living looters, in submission order."""

    corpse: int  # the dead seat whose body is looted
    looters: tuple[int, ...]  # the living seats that loot it, in order


class Looted(Event, frozen=True, kw_only=True, tag="looted"):
    """To the looter: it took `card` from the body of `corpse`."""

    seat: int  # the looter
    corpse: int  # the dead seat looted
    card: str  # the card it took


class FirstFound(Event, frozen=True, kw_only=True, tag="first_found"):
    """To the first finder: the random card it drew from the body of `corpse`."""

    seat: int  # the seat that found the body first
    corpse: int  # the dead seat found
    card: str  # the card drawn at random


class LeftoversDiscarded(Event, frozen=True, kw_only=True, tag="leftovers_discarded"):
    """The moderator's: what was left on a body goes to the discard (named publicly, not by body)."""

    corpse: int  # the dead seat the cards lay on
    cards: tuple[str, ...]  # the cards that go to the discard


# --- state -------------------------------------------------------------------------------------


class WitchState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    hands: dict[int, tuple[str, ...]] = {}
    corpses: dict[int, tuple[str, ...]] = {}
    discard: tuple[str, ...] = ()
    witches: dict[int, int] = {}  # witch -> nights in a row without a kill
    causes: dict[int, str] = {}
    imprisoned: int | None = None
    order: tuple[int, ...] = ()  # the open step's answers in order of acceptance (a change moves to the end)
    offers: dict[int, tuple[int, str]] = {}  # recipient -> (initiator, card): delivered, unanswered
    held: tuple[tuple[int, int, str], ...] = ()  # (initiator, recipient, card): refused when noon ends
    used: tuple[int, ...] = ()  # seats whose trade of the day is spent
    fresh: tuple[int, ...] = ()  # the last night's dead
    loot: dict[int, tuple[int, ...]] = {}  # corpse -> its looters in submission order
    attackers: dict[int, tuple[int, ...]] = {}  # target -> every seat that attacked it tonight
    forced: tuple[int, ...] = ()  # killers who seized the witch_killer (they look, and take nothing)


def holder(x: WitchState) -> int | None:
    return next((s for s, hand in x.hands.items() if WK in hand), None)


# --- folds: one per fact --------------------------------------------------------------------------


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _give(
    hands: dict[int, tuple[str, ...]], seat: int, gives: str | None, gets: str | None
) -> dict[int, tuple[str, ...]]:
    cards = hands.get(seat, ())
    if gives is not None:
        cards = _without(cards, gives)
    if gets is not None:
        cards = cards + (gets,)
    return {**hands, seat: cards}


def _dealt(state: GameState[WitchState], e: CardsDealt) -> GameState[WitchState]:
    x: WitchState = state.x
    witches = {**x.witches, e.seat: 0} if WK in e.cards else x.witches
    return with_x(state, hands={**x.hands, e.seat: e.cards}, witches=witches)


def _offer_made(state: GameState[WitchState], e: OfferMade) -> GameState[WitchState]:
    return with_x(state, offers={**state.x.offers, e.recipient: (e.initiator, e.card)})


def _offer_held(state: GameState[WitchState], e: OfferHeld) -> GameState[WitchState]:
    return with_x(state, held=state.x.held + ((e.initiator, e.recipient, e.card),))


def _closing(state: GameState[WitchState], initiator: int) -> dict[str, object]:
    """The offer of `initiator`, delivered or held, is no longer pending."""
    x: WitchState = state.x
    return {
        "offers": {s: o for s, o in x.offers.items() if o[0] != initiator},
        "held": tuple([h for h in x.held if h[0] != initiator]),
    }


def _accepted(state: GameState[WitchState], e: TradeAccepted) -> GameState[WitchState]:
    x: WitchState = state.x
    i, r = e.initiator, e.recipient
    hands = _give(_give(x.hands, i, e.card, e.got), r, e.got, e.card)
    return with_x(state, hands=hands, used=x.used + (i, r), **_closing(state, i))


def _refused(state: GameState[WitchState], e: TradeRefused) -> GameState[WitchState]:
    return with_x(state, used=state.x.used + (e.initiator,), **_closing(state, e.initiator))


def _used(state: GameState[WitchState], e: CardUsed) -> GameState[WitchState]:
    x: WitchState = state.x
    return with_x(state, hands=_give(x.hands, e.seat, e.card, None), discard=x.discard + (e.card,))


def _attacked(state: GameState[WitchState], e: AttackMade) -> GameState[WitchState]:
    attackers = state.x.attackers
    return with_x(state, attackers={**attackers, e.target: attackers.get(e.target, ()) + (e.seat,)})


def _died(state: GameState[WitchState], e: Killed | Wrecked) -> GameState[WitchState]:
    """The seat joins the last night's dead (`fresh`) and is a witch no more, whether killed or wrecked."""
    x: WitchState = state.x
    witches = {w: n for w, n in x.witches.items() if w != e.seat}
    return with_x(state, fresh=x.fresh + (e.seat,), witches=witches)


def _seized(state: GameState[WitchState], e: WitchKillerSeized) -> GameState[WitchState]:
    x: WitchState = state.x
    hands = _give(_give(x.hands, e.victim, WK, None), e.seat, None, WK)
    return with_x(state, hands=hands, forced=x.forced + (e.seat,))


def _passed(state: GameState[WitchState], e: WitchKillerPassed) -> GameState[WitchState]:
    x: WitchState = state.x
    hands = _give(_give(x.hands, e.holder, WK, None), e.heir, None, WK)
    return with_x(state, hands=hands, witches={**x.witches, e.heir: x.witches.get(e.heir, 0)})


def _left_on_body(state: GameState[WitchState], e: CardsLeftOnBody) -> GameState[WitchState]:
    x: WitchState = state.x
    hands = {s: h for s, h in x.hands.items() if s != e.seat}
    return with_x(state, hands=hands, corpses={**x.corpses, e.seat: x.corpses.get(e.seat, ()) + e.cards})


def _from_body(state: GameState[WitchState], seat: int, corpse: int, card: str) -> GameState[WitchState]:
    x: WitchState = state.x
    corpses = {**x.corpses, corpse: _without(x.corpses[corpse], card)}
    return with_x(state, hands=_give(x.hands, seat, None, card), corpses=corpses)


def _discarded(state: GameState[WitchState], e: LeftoversDiscarded) -> GameState[WitchState]:
    x: WitchState = state.x
    return with_x(state, corpses={**x.corpses, e.corpse: ()}, discard=x.discard + e.cards)


def _acted(state: GameState[WitchState], e: Act | Defaulted) -> GameState[WitchState]:
    """The submission order of card uses (ruling 7): a changed use takes the place of its last change."""
    if e.action.kind not in ORDERED:
        return state
    order = state.x.order
    if e.seat in order:
        order = tuple([s for s in order if s != e.seat])
    return with_x(state, order=order + (e.seat,))


def _phase(state: GameState[WitchState], e: PhaseStarted) -> GameState[WitchState]:
    if e.phase == "dawn":
        return with_x(state, imprisoned=None)
    if e.phase == "evening":
        return with_x(state, offers={}, held=(), used=())
    if e.phase == "morning":
        return with_x(state, fresh=(), loot={}, attackers={}, forced=())
    return state


def _step(state: GameState[WitchState], e: StepOpened) -> GameState[WitchState]:
    return with_x(state, order=()) if state.x.order else state


FOLDS: dict[type[Event], Callable[[GameState[WitchState], Any], GameState[WitchState]]] = {
    GameCreated: lambda s, e: replace(s, x=WitchState()),
    CardsDealt: _dealt,
    OfferMade: _offer_made,
    OfferHeld: _offer_held,
    TradeAccepted: _accepted,
    TradeRefused: _refused,
    Imprisoned: lambda s, e: with_x(s, imprisoned=e.seat),
    CardUsed: _used,
    AttackMade: _attacked,
    Killed: _died,
    WitchKillerSeized: _seized,
    WitchTimer: lambda s, e: with_x(s, witches={**s.x.witches, e.seat: e.nights}),
    BecameWitch: lambda s, e: with_x(s, witches={**s.x.witches, e.seat: 0}),
    Wrecked: _died,
    WitchKillerPassed: _passed,
    CardsLeftOnBody: _left_on_body,
    LootQueued: lambda s, e: with_x(s, loot={**s.x.loot, e.corpse: e.looters}),
    Looted: lambda s, e: _from_body(s, e.seat, e.corpse, e.card),
    FirstFound: lambda s, e: _from_body(s, e.seat, e.corpse, e.card),
    LeftoversDiscarded: _discarded,
    DeathCause: lambda s, e: with_x(s, causes={**s.x.causes, e.seat: e.cause}),
    StepOpened: _step,
    Act: _acted,
    Defaulted: _acted,
    PhaseStarted: _phase,
}
