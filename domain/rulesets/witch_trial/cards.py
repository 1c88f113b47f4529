"""witch_trial's card use in the late night: what each seat may use tonight, and what it may not.

Where the documents leave the mechanics open:
- A witch_killer holder's other card in the late night is refused as `witch_killer_only`, decided from its own hand
  (an imprisoned holder may use nothing: `wrong_phase`, as for any imprisoned player).
"""

from __future__ import annotations

from grimoire.domain.events import Action, Decision
from grimoire.domain.rulesets.witch_trial.data import BARRIER, CARDS, CHECK, PASS_DECISION, WITCH_KILLER_ONLY, WK
from grimoire.domain.rulesets.witch_trial.facts import WitchState
from grimoire.domain.state import GameState


def night_decisions(state: GameState[WitchState], seat: int) -> tuple[Decision, ...]:
    x: WitchState = state.x
    if x.imprisoned == seat:
        return (PASS_DECISION,)
    hand = x.hands[seat]
    others = state.others(seat)
    if WK in hand:
        return (Decision(kind=WK, targets=others), PASS_DECISION)
    dead = tuple([s for s, alive in enumerate(state.alive, 1) if not alive])
    out = []
    for card in CARDS:
        if card not in hand:
            continue
        if card == BARRIER:
            out.append(Decision(kind=BARRIER))
        elif card == CHECK:
            if dead:
                out.append(Decision(kind=CHECK, targets=dead, dead_ok=True))
        elif others:
            out.append(Decision(kind=card, targets=others))
    return (*out, PASS_DECISION)


def night_refusal(x: WitchState, seat: int, action: Action) -> str | None:
    """From the seat's own hand: a free witch_killer holder may use no other card."""
    holds_wk = WK in x.hands[seat] and x.imprisoned != seat
    return WITCH_KILLER_ONLY if holds_wk and action.kind in CARDS and action.kind != WK else None
