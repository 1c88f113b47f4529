"""witch_trial's own events in a view (the seat's hand, a trade offer to answer) and in the feed."""

from __future__ import annotations

import msgspec

from domain.rulesets.witch_trial import CardMoved, HandSet, TradeClosed, TradeOffered
from projections.render import RENDER, Reader
from projections.view import RULESET_APPLY, View

replace = msgspec.structs.replace


def _set_hand(v: View, seat: int, cards: list[str]) -> View:
    if v.seat is None:
        return replace(v, private={**v.private, "hands": {**v.private.get("hands", {}), str(seat): cards}})
    if seat != v.seat:
        return v
    return replace(v, private={**v.private, "hand": cards})


def _hand_of(v: View, seat: int) -> list[str]:
    if v.seat is None:
        return v.private.get("hands", {}).get(str(seat), [])
    return v.private.get("hand", [])


def _change(v: View, seat: int, remove: str | None, add: str | None) -> View:
    cards = list(_hand_of(v, seat))
    if remove is not None:
        cards.remove(remove)
    if add is not None:
        cards.append(add)
    return _set_hand(v, seat, cards)


def _seat(place: str) -> int | None:
    kind, _, n = place.partition(":")
    return int(n) if kind == "hand" else None


def _moved(v: View, e: CardMoved) -> View:
    src, dst = _seat(e.src), _seat(e.dst)
    if src is not None and (v.seat is None or src == v.seat):
        v = _change(v, src, e.card, None)
    if dst is not None and (v.seat is None or dst == v.seat):
        v = _change(v, dst, None, e.card)
    return v


def _offered(v: View, e: TradeOffered) -> View:
    """The recipient's offer to answer; the moderator's view holds every pending offer by recipient."""
    offer = {"from": e.seat, "card": e.card}
    if v.seat is None:
        return replace(v, private={**v.private, "offers": {**v.private.get("offers", {}), str(e.to[0]): offer}})
    return replace(v, private={**v.private, "offer": offer})


def _closed(v: View, e: TradeClosed) -> View:
    if e.got is not None:
        for seat, gives, gets in ((e.initiator, e.card, e.got), (e.recipient, e.got, e.card)):
            if v.seat is None or v.seat == seat:
                v = _change(v, seat, gives, gets)
    if v.seat == e.recipient:
        v = replace(v, private={k: val for k, val in v.private.items() if k != "offer"})
    elif v.seat is None and str(e.recipient) in v.private.get("offers", {}):
        offers = {r: o for r, o in v.private["offers"].items() if r != str(e.recipient)}
        v = replace(v, private={**v.private, "offers": offers})
    return v


RULESET_APPLY.update(
    {
        HandSet: lambda v, e: _set_hand(v, e.seat, list(e.cards)),
        CardMoved: _moved,
        TradeOffered: _offered,
        TradeClosed: _closed,
    }
)


def _render_moved(e: CardMoved, r: Reader) -> str | None:
    if e.why not in ("use", "seize", "loot", "found"):
        return None
    corpse = e.src.partition(":")[2]
    return r.text("moved." + e.why, card=e.card, **({"target": int(corpse)} if corpse else {}))


def _render_closed(e: TradeClosed, r: Reader) -> str:
    if e.got is None:
        return r.text("trade.refused", seat=e.initiator, target=e.recipient, card=e.card)
    return r.text("trade.done", seat=e.initiator, target=e.recipient, card=e.card, got_card=e.got)


RENDER.update(
    {
        HandSet: lambda e, r: r.text("hand." + e.why, cards=e.cards),
        CardMoved: _render_moved,
        TradeOffered: lambda e, r: r.text("trade.offered", seat=e.seat, card=e.card),
        TradeClosed: _render_closed,
    }
)
