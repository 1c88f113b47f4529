"""witch_trial's data: the cards, the pools dealt from, the action kinds and the fixed numbers."""

from __future__ import annotations

from grimoire.domain.events import Decision
from grimoire.domain.state import GameState, X

WK, BARRIER, KILL, PROBE, CHECK = "witch_killer", "barrier", "kill_magic", "probe", "check"
CARDS = (WK, BARRIER, KILL, PROBE, CHECK)
SPEAK, READY, OFFER, ACCEPT, REFUSE, VOTE, PASS, TAKE = (
    "speak",
    "ready",
    "offer",
    "accept",
    "refuse",
    "vote",
    "pass",
    "take",
)
HAND_CAP = 4
ATTACK_SLOTS = 3
WRECK = "wreck"  # the cause of a witch's death after two nights without a kill
DRAW = 1 << 62  # a draw taken whether or not it is needed, so hidden choices never shift later draws

POOLS = {
    "7": (WK,) + (BARRIER,) * 15 + (PROBE,) * 5 + (CHECK,) * 4 + (KILL,) * 3,
    "8": (WK,) + (BARRIER,) * 18 + (PROBE,) * 5 + (CHECK,) * 4 + (KILL,) * 4,
    "9": (WK,) + (BARRIER,) * 20 + (PROBE,) * 6 + (CHECK,) * 4 + (KILL,) * 5,
}

ORDERED = frozenset(CARDS)  # whose submission order matters (attacks)
TRADING = (READY, OFFER, ACCEPT, REFUSE)
TRADE_USED, OFFER_PENDING, WITCH_KILLER_ONLY = "trade_used", "offer_pending", "witch_killer_only"
PASS_DECISION = Decision(kind=PASS)
LOOT_PASS = Decision(kind=PASS, final=True)  # a looter's choice is made once: the next looter is prompted at once
READY_DECISION = Decision(kind=READY)


def talk(state: GameState[X]) -> Decision:
    """Free talk: any number of speeches while the step is open."""
    return Decision(kind=SPEAK, text=state.options["speech_max_chars"], repeatable=True)
