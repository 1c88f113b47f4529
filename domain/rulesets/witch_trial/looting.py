"""witch_trial's loot window and first finders: who takes what from the night's bodies.

Where the documents leave the mechanics open:
- The loot window follows the dawn (fixed length, looters of one body prompted in turn, the rest
  prompted nothing); then the first finders and the unclaimed cards (named together, not by
  body). A looter whose turn has not come when the window ends takes nothing.
"""

from __future__ import annotations

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.witch_trial.data import CARDS, DRAW, HAND_CAP, LOOT_PASS, TAKE
from grimoire.domain.rulesets.witch_trial.facts import FirstFound, LeftoversDiscarded, Looted, WitchState, holder
from grimoire.domain.state import GameState


def loot_decisions(state: GameState[WitchState], seat: int, corpse: int) -> tuple[Decision, ...]:
    x: WitchState = state.x
    cards = tuple(c for c in CARDS if c in x.corpses.get(corpse, ()))
    if cards and len(x.hands[seat]) < HAND_CAP and seat not in x.forced:
        return (Decision(kind=TAKE, options=cards, final=True), LOOT_PASS)
    return (LOOT_PASS,)


def prompt_looter(g: Table[WitchState], seat: int, corpse: int) -> None:
    """The looter's look at the body (6.2), then its choice."""
    cards = g.state.x.corpses.get(corpse, ())
    g.notice("loot.look" if cards else "loot.empty", to=(seat,), target=corpse, cards=sorted(cards))
    g.prompt(seat, loot_decisions(g.state, seat, corpse))


def looted(g: Table[WitchState], seat: int, action: Action) -> None:
    """A looter took a card or passed: the body's next looter is prompted."""
    x: WitchState = g.state.x
    corpse = next(c for c, looters in x.loot.items() if seat in looters)
    if action.kind == TAKE:
        assert action.option is not None, "the card is one of the decision's options"
        g.emit(Looted(at=g.at, to=(seat,), seat=seat, corpse=corpse, card=action.option))
    answers = g.state.open_step().answers
    following = next((s for s in x.loot[corpse] if s not in answers), None)
    if following is not None:
        prompt_looter(g, following, corpse)


def first_finders(g: Table[WitchState], answers: dict[int, Action]) -> None:
    """The body-discovery announcement: one first finder per body, then the unclaimed cards by name."""
    x: WitchState = g.state.x
    draws = [(g.rng.below(DRAW), g.rng.below(DRAW)) for _ in x.fresh]
    # ruling 9: the witch_killer holder finds no body (before version 3: only those it attacked)
    never_finds = holder(x) if g.rs.applies(g.state, "holder_never_finds") else None
    unclaimed: list[str] = []
    for corpse, (finder_draw, card_draw) in zip(sorted(x.fresh), draws):
        cards = g.state.x.corpses.get(corpse, ())
        barred = x.attackers.get(corpse, ())
        finders = [
            s for s in g.state.living() if len(g.state.x.hands[s]) < HAND_CAP and s not in barred and s != never_finds
        ]
        if cards and finders:
            finder = finders[finder_draw % len(finders)]
            card = cards[card_draw % len(cards)]
            g.emit(FirstFound(at=g.at, to=(finder,), seat=finder, corpse=corpse, card=card))
        left = g.state.x.corpses.get(corpse, ())
        if left:
            g.emit(LeftoversDiscarded(at=g.at, to=MODERATOR, corpse=corpse, cards=left))
            unclaimed += left
    if unclaimed:
        g.notice("loot.unclaimed", cards=sorted(unclaimed))
