"""witch_trial's own events in a view (the seat's hand, a trade offer to answer) and in the feed.

The moderator's view holds every hand (`hands`) and every pending offer (`offers`, by recipient).
Events of games stored before witch_trial named its facts (`witch_trial.stored`) read as they did.
"""

from __future__ import annotations

import msgspec

from grimoire.domain.rulesets.witch_trial.data import WK
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
from grimoire.domain.rulesets.witch_trial.stored import CardMoved, HandSet, TradeClosed, TradeOffered
from grimoire.projections.render import RENDER, SILENT, Reader
from grimoire.projections.view import PRIVATE, RULESET_APPLY, View

replace = msgspec.structs.replace


class PendingOffer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, rename={"sender": "from"}):
    """A trade offer waiting for its recipient's answer."""

    sender: int  # the seat that offers the trade
    card: str  # the card it offers


class WitchTrialPrivate(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """witch_trial's `View.private`: a seat's own hand and offer, or (the moderator's) every hand and offer."""

    hand: list[str] | msgspec.UnsetType = msgspec.UNSET  # the viewer's cards
    offer: PendingOffer | msgspec.UnsetType = msgspec.UNSET  # the offer the viewer is to answer
    hands: dict[str, list[str]] | msgspec.UnsetType = msgspec.UNSET  # seat -> its cards (the moderator's view)
    offers: dict[str, PendingOffer] | msgspec.UnsetType = msgspec.UNSET  # recipient seat -> its offer (moderator's)


PRIVATE["witch_trial"] = WitchTrialPrivate


def _set_hand(v: View, seat: int, cards: list[str]) -> View:
    if v.seat is None:
        return replace(v, private={**v.private, "hands": {**v.private.get("hands", {}), str(seat): cards}})
    if seat != v.seat:
        return v
    return replace(v, private={**v.private, "hand": cards})


def _hand_of(v: View, seat: int) -> list[str]:
    hand: list[str]  # `private` holds what each ruleset keeps there; a hand is a list of cards
    if v.seat is None:
        hand = v.private.get("hands", {}).get(str(seat), [])
    else:
        hand = v.private.get("hand", [])
    return hand


def _change(v: View, seat: int, remove: str | None, add: str | None) -> View:
    """`seat` gives `remove` and gets `add`, in the views that hold its hand."""
    if v.seat is not None and v.seat != seat:
        return v
    cards = list(_hand_of(v, seat))
    if remove is not None:
        cards.remove(remove)
    if add is not None:
        cards.append(add)
    return _set_hand(v, seat, cards)


def _offered(v: View, recipient: int, initiator: int, card: str) -> View:
    """The recipient's offer to answer; the moderator's view holds every pending offer by recipient."""
    offer = {"from": initiator, "card": card}
    if v.seat is None:
        return replace(v, private={**v.private, "offers": {**v.private.get("offers", {}), str(recipient): offer}})
    return replace(v, private={**v.private, "offer": offer})


def _closed(v: View, initiator: int, recipient: int, card: str, got: str | None) -> View:
    if got is not None:
        v = _change(_change(v, initiator, card, got), recipient, got, card)
    if v.seat == recipient:
        v = replace(v, private={k: val for k, val in v.private.items() if k != "offer"})
    elif v.seat is None and str(recipient) in v.private.get("offers", {}):
        offers = {r: o for r, o in v.private["offers"].items() if r != str(recipient)}
        v = replace(v, private={**v.private, "offers": offers})
    return v


RULESET_APPLY.update(
    {
        CardsDealt: lambda v, e: _set_hand(v, e.seat, list(e.cards)),
        OfferMade: lambda v, e: _offered(v, e.recipient, e.initiator, e.card),
        TradeAccepted: lambda v, e: _closed(v, e.initiator, e.recipient, e.card, e.got),
        TradeRefused: lambda v, e: _closed(v, e.initiator, e.recipient, e.card, None),
        CardUsed: lambda v, e: _change(v, e.seat, e.card, None),
        WitchKillerSeized: lambda v, e: _change(_change(v, e.victim, WK, None), e.seat, None, WK),
        WitchKillerPassed: lambda v, e: _change(_change(v, e.holder, WK, None), e.heir, None, WK),
        WitchKillerReceived: lambda v, e: _set_hand(v, e.seat, list(e.cards)),
        CardsLeftOnBody: lambda v, e: _set_hand(v, e.seat, []),
        Looted: lambda v, e: _change(v, e.seat, None, e.card),
        FirstFound: lambda v, e: _change(v, e.seat, None, e.card),
    }
)


def _trade_text(r: Reader, initiator: int, recipient: int, card: str, got: str | None) -> str:
    """A trade's end as its reader reads it: each side its own part, anyone else both."""
    key = "trade.refused" if got is None else "trade.done"
    if r.viewer == initiator:
        key += ".given"
    elif r.viewer == recipient:
        key += ".taken"
    return r.text(key, seat=initiator, target=recipient, card=card, **({"got_card": got} if got else {}))


def _moved_text(r: Reader, why: str, card: str, corpse: int | None) -> str:
    return r.text("moved." + why, card=card, **({"target": corpse} if corpse else {}))


RENDER.update(
    {
        CardsDealt: lambda e, r: r.text("hand.deal", cards=e.cards),
        CardsLeftOnBody: lambda e, r: r.text("hand.death"),
        WitchKillerReceived: lambda e, r: r.text("hand.curse", cards=e.cards),
        CardUsed: lambda e, r: _moved_text(r, "use", e.card, None),
        WitchKillerSeized: lambda e, r: _moved_text(r, "seize", WK, e.victim),
        Looted: lambda e, r: _moved_text(r, "loot", e.card, e.corpse),
        FirstFound: lambda e, r: _moved_text(r, "found", e.card, e.corpse),
        OfferMade: lambda e, r: r.text("trade.offered", seat=e.initiator, card=e.card),
        TradeAccepted: lambda e, r: _trade_text(r, e.initiator, e.recipient, e.card, e.got),
        TradeRefused: lambda e, r: _trade_text(r, e.initiator, e.recipient, e.card, None),
        # the moderator's record of the night
        AttackMade: lambda e, r: r.text("attack.made", seat=e.seat, target=e.target, card=e.card, slot=e.slot),
        Killed: lambda e, r: r.text("killed", seat=e.seat, by=e.killer, card=e.card),
        Wrecked: lambda e, r: r.text("wrecked", seat=e.seat),
        AttackBlocked: lambda e, r: r.text("attack.blocked", seat=e.seat, target=e.target),
        AttackLate: lambda e, r: r.text("attack.late", seat=e.seat, target=e.target),
        AttackMissed: lambda e, r: r.text("attack.missed", seat=e.seat, target=e.target),
        AttackVoided: lambda e, r: r.text("attack.voided", seat=e.seat, target=e.target),
        BecameWitch: lambda e, r: r.text("became.witch", seat=e.seat),
        WitchTimer: lambda e, r: r.text("witch.timer", seat=e.seat, count=e.nights),
        WitchKillerPassed: lambda e, r: r.text("witch_killer.passed", seat=e.holder, target=e.heir),
        OfferHeld: lambda e, r: r.text("offer.held", seat=e.initiator, target=e.recipient, card=e.card),
        LootQueued: lambda e, r: r.text("loot.queued", target=e.corpse, seats=e.looters),
        LeftoversDiscarded: lambda e, r: r.text("leftovers.discarded", target=e.corpse, cards=e.cards),
    }
)
# The moderator's records that a text beside them gives: the imprisonment (imprison.done) and an attack not
# made on an unfit night (attack.unfit, told to the attacker).
SILENT.update({Imprisoned, AttackUnfit})


# --- events of stored games ------------------------------------------------------------------------


def _stored_moved(v: View, e: CardMoved) -> View:
    src, dst = e.src.partition(":"), e.dst.partition(":")
    if src[0] == "hand":
        v = _change(v, int(src[2]), e.card, None)
    if dst[0] == "hand":
        v = _change(v, int(dst[2]), None, e.card)
    return v


def _render_stored_moved(e: CardMoved, r: Reader) -> str | None:
    if e.why not in ("use", "seize", "loot", "found"):
        return None
    corpse = e.src.partition(":")[2]
    return _moved_text(r, e.why, e.card, int(corpse) if corpse else None)


RULESET_APPLY.update(
    {
        HandSet: lambda v, e: _set_hand(v, e.seat, list(e.cards)),
        CardMoved: _stored_moved,
        TradeOffered: lambda v, e: _offered(v, e.to[0], e.seat, e.card),
        TradeClosed: lambda v, e: _closed(v, e.initiator, e.recipient, e.card, e.got),
    }
)
RENDER.update(
    {
        HandSet: lambda e, r: r.text("hand." + e.why, cards=e.cards),
        CardMoved: _render_stored_moved,
        TradeOffered: lambda e, r: r.text("trade.offered", seat=e.seat, card=e.card),
        TradeClosed: lambda e, r: _trade_text(r, e.initiator, e.recipient, e.card, e.got),
    }
)
