"""witch_trial's trading at noon: offers, answers, and the offers left open when noon ends.

Where the documents leave the mechanics open:
- Noon is one step: every living seat answers "ready", makes an offer, or answers the offer it
  received. An offer is refused only for what its initiator knows: it has traded or spent its
  chance today, or an offer of its own (delivered or held: it cannot tell) or to it is pending.
  It reaches its recipient at once, which then owes an answer even if it had said ready; an
  accepted offer swaps at once, a refused one gives the recipient its turn back. Making an offer,
  or accepting one, ends that seat's noon but for talk. An offer to a seat
  that has traded today or is party to a pending offer is held (a moderator `OfferHeld` records it):
  nobody else learns of it, and it closes as refused when noon ends, as an unanswered offer does at
  the deadline. Noon ends when every living seat has answered and no delivered offer waits for its
  answer, or at its deadline.
"""

from __future__ import annotations

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.witch_trial.data import (
    ACCEPT,
    CARDS,
    OFFER,
    OFFER_PENDING,
    READY,
    READY_DECISION,
    REFUSE,
    TRADE_USED,
    TRADING,
    WK,
    talk,
)
from grimoire.domain.rulesets.witch_trial.facts import OfferHeld, OfferMade, TradeAccepted, TradeRefused, WitchState
from grimoire.domain.state import GameState


def tradeable(hand: tuple[str, ...]) -> tuple[str, ...]:
    return tuple([c for c in CARDS if c != WK and c in hand])


def pending(x: WitchState, seat: int) -> bool:
    """`seat` made an offer not yet closed, or has one to answer."""
    return seat in x.offers or any(i == seat for i, _ in x.offers.values()) or any(h[0] == seat for h in x.held)


def trade_refusal(x: WitchState, seat: int) -> str | None:
    """Why `seat` may not offer, from what it knows: its own trades and offers."""
    if seat in x.used:
        return TRADE_USED
    return OFFER_PENDING if pending(x, seat) else None


def noon_refusal(x: WitchState, seat: int, action: Action) -> str | None:
    """Why a trading action the seat has no decision for is refused, from the seat's own trades
    alone: never from whether another seat holds an offer."""
    if action.kind not in TRADING:
        return None
    if action.kind == OFFER:
        return trade_refusal(x, seat) or "wrong_phase"
    if action.kind == READY:  # an offer to answer, or its own offer or trade has ended its noon
        return OFFER_PENDING if seat in x.offers else "already_answered"
    return TRADE_USED if seat in x.used else "wrong_phase"


def offer_decisions(state: GameState[WitchState], seat: int) -> tuple[Decision, ...]:
    cards = tradeable(state.x.hands[seat]) if seat not in state.x.used else ()
    others = state.others(seat)
    return (Decision(kind=OFFER, targets=others, options=cards),) if cards and others else ()


def answer_decisions(state: GameState[WitchState], seat: int) -> tuple[Decision, ...]:
    cards = tradeable(state.x.hands[seat])
    refuse = Decision(kind=REFUSE)
    return (Decision(kind=ACCEPT, options=cards), refuse) if cards else (refuse,)


def noon_decisions(state: GameState[WitchState], seat: int) -> tuple[Decision, ...]:
    return (talk(state), READY_DECISION, *offer_decisions(state, seat))


def offer(g: Table[WitchState], seat: int, recipient: int, card: str) -> None:
    """Delivered at once, unless the recipient cannot take it (it has traded, or is party to a
    pending offer: ruling 12): then it is held and only the moderator learns. Either way the
    initiator is left with talk alone."""
    x: WitchState = g.state.x
    if recipient in x.used or pending(x, recipient):
        g.emit(OfferHeld(at=g.at, to=MODERATOR, initiator=seat, recipient=recipient, card=card))
    else:
        g.emit(OfferMade(at=g.at, to=(recipient,), initiator=seat, recipient=recipient, card=card))
        g.prompt(recipient, (talk(g.state), *answer_decisions(g.state, recipient)), reset=True)
    g.prompt(seat, (talk(g.state),), reset=True)


def answer(g: Table[WitchState], seat: int, got: str | None) -> None:
    """The swap at once (the recipient is left with talk alone), or a refusal that gives the
    recipient its turn back (5.3)."""
    initiator, card = g.state.x.offers[seat]
    if got is None:
        g.emit(TradeRefused(at=g.at, to=(initiator, seat), initiator=initiator, recipient=seat, card=card))
    else:
        g.emit(TradeAccepted(at=g.at, to=(initiator, seat), initiator=initiator, recipient=seat, card=card, got=got))
    g.prompt(seat, (talk(g.state),) if got is not None else noon_decisions(g.state, seat), reset=True)


def close_offers(g: Table[WitchState], answers: dict[int, Action]) -> None:
    """Noon ends: offers still unanswered (refused by default) and held offers close as refused."""
    x: WitchState = g.state.x
    for recipient, (initiator, card) in sorted(x.offers.items()):
        g.emit(TradeRefused(at=g.at, to=(initiator, recipient), initiator=initiator, recipient=recipient, card=card))
    for initiator, recipient, card in x.held:
        g.emit(TradeRefused(at=g.at, to=(initiator,), initiator=initiator, recipient=recipient, card=card))
