"""witch_trial's events as games recorded before its facts were named: read, never made.

Stored games keep their log; these classes decode it, and their views and texts read as they did
(`projections/witch_trial.py`). Replaying such a game answers `unsupported_ruleset_version`, so
they are never folded into a ruleset state.
"""

from __future__ import annotations

from grimoire.domain.events import Event


class HandSet(Event, frozen=True, kw_only=True, tag="hand_set"):
    """`seat`'s whole hand is now `cards`: the deal, a death (empty), or a gain whose source is secret."""

    seat: int  # the seat whose hand it is
    cards: tuple[str, ...]  # the hand's cards
    why: str  # why it was set: "deal" | "death" | "curse"


class CardMoved(Event, frozen=True, kw_only=True, tag="card_moved"):
    """One card from `src` to `dst`, places "hand:N", "corpse:N" or "discard"."""

    card: str  # the card
    src: str  # where it was: "hand:N", "corpse:N" or "discard"
    dst: str  # where it went: "hand:N", "corpse:N" or "discard"
    why: str  # why it moved: "use" | "seize" | "loot" | "found" | "curse" | "unclaimed"


class TradeOffered(Event, frozen=True, kw_only=True, tag="trade_offered"):
    """To the recipient alone: `seat` offers `card`."""

    seat: int  # the seat that offers
    card: str  # the card offered


class TradeClosed(Event, frozen=True, kw_only=True, tag="trade_closed"):
    """An offer's end, to its parties: `got` is the recipient's card, or None when refused (or held)."""

    initiator: int  # the seat that offered
    recipient: int  # the seat offered to
    card: str  # the card offered
    got: str | None = None  # the recipient's card given back, none when refused
