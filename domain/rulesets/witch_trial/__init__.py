"""witch_trial: the witch trial, the survival card game (`witch-trial.md`, rulings § witch_trial).

The ruleset's parts, one module each:
- `data`: the cards, the pools dealt from, the action kinds and the fixed numbers;
- `facts`: the typed events, the state (`WitchState`) and the one fold of each event;
- `flow`: the deal and the day's steps, each declared with how it opens, how it resolves and
  the step that follows it: dawn (deaths, loot) → morning → noon (talk and trades) → evening
  (imprisonment vote) → night (card use);
- the rules by concern: `trading` (noon's offers), `cards` (card use at night), `night` (the
  night's resolution, a declared pipeline of stages), `looting` (the loot window, first finders);
- `stored`: the events of games stored before the ruleset named its facts.
Below: the ruleset's declaration (its name, pools, options and seat range), the engine's hooks,
and its texts.
"""

from __future__ import annotations

from grimoire.domain.events import PUBLIC, Action, Audience, Decision, Event
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Change, Option, Ruleset, Table, seconds
from grimoire.domain.rulesets.witch_trial import stored  # noqa: F401  (stored games' events stay readable)
from grimoire.domain.rulesets.witch_trial.cards import night_refusal
from grimoire.domain.rulesets.witch_trial.data import (
    ACCEPT,
    CARDS,
    HAND_CAP,
    OFFER,
    PASS,
    POOLS,
    READY,
    REFUSE,
    SPEAK,
    TAKE,
    VOTE,
    WK,
)
from grimoire.domain.rulesets.witch_trial.facts import FOLDS, WitchState
from grimoire.domain.rulesets.witch_trial.flow import STEPS, deal
from grimoire.domain.rulesets.witch_trial.looting import looted
from grimoire.domain.rulesets.witch_trial.trading import answer, noon_refusal, offer
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation, refusal


class WitchTrial(Ruleset[WitchState]):
    id = "witch_trial"
    versions = ("2", "3")
    changes = (Change("3", "holder_never_finds", "the witch_killer holder is never a first finder (ruling 9)"),)
    doc_lang = "zh-Hans"
    end_reasons = ("early_end", "days_over")  # one survivor or none before the last day, or the days ran out
    roles = {card: card for card in CARDS}  # the cards a pool is made of
    presets = POOLS
    options = {
        "deal_in_order": Option(type="bool", default=False),
        "days": Option(type="int", default=7, minimum=1, maximum=30),
        "morning_seconds": seconds(180),
        "noon_seconds": seconds(180),
        "vote_seconds": seconds(60),
        "night_seconds": seconds(120),
        "loot_seconds": Option(type="float", default=60, minimum=1, maximum=86400),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000),
    }
    action_kinds = frozenset({SPEAK, READY, OFFER, ACCEPT, REFUSE, VOTE, PASS, TAKE, *CARDS})
    untargeted = frozenset({SPEAK, READY, ACCEPT, REFUSE, PASS, TAKE})
    min_seats = 2
    max_seats = 20

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | RuleViolation:
        if preset is not None:
            if preset not in self.presets:
                return refusal("unknown_preset")
            pool = self.presets[preset]
        else:
            pool = roles or self.presets.get(str(seats), ())
        if not pool:
            return refusal("bad_pool", reason="no_pool", players=seats, needed=HAND_CAP * seats)
        unknown = sorted(set(pool) - set(CARDS))
        if unknown:
            return refusal("bad_pool", reason="unknown", ids=", ".join(unknown))
        if len(pool) != HAND_CAP * seats:
            return refusal("bad_pool", reason="count", dealt=len(pool), players=seats, needed=HAND_CAP * seats)
        if pool.count(WK) != 1:
            return refusal("bad_pool", reason="witch_killer")
        return tuple(pool)

    # --- engine hooks ----------------------------------------------------------------------------

    steps = STEPS

    def start(self, g: Table[WitchState]) -> None:
        deal(g)

    def check(self, state: GameState[WitchState], seat: int, action: Action, decision: Decision) -> str | None:
        if action.kind == SPEAK and not action.text:
            return "text_required"
        return None

    def unavailable(self, state: GameState[WitchState], seat: int, action: Action) -> str | None:
        """At night, from the seat's own hand; at noon, from the seat's own trades alone: never from
        whether another seat holds an offer."""
        step = state.step
        if step is None or not state.is_alive(seat):
            return None
        x: WitchState = state.x
        if step.name == "night":
            return night_refusal(x, seat, action)
        return noon_refusal(x, seat, action) if step.name == "noon" else None

    def audience(self, state: GameState[WitchState], seat: int, action: Action) -> Audience:
        if action.kind == SPEAK or (action.kind == READY and state.open_step().name == "morning"):
            return PUBLIC
        return (seat,)

    def default(
        self, state: GameState[WitchState], seat: int, decisions: tuple[Decision, ...], rng: Rng
    ) -> Action | None:
        kinds = {d.kind for d in decisions}
        if VOTE in kinds:
            return Action(kind=VOTE)
        if REFUSE in kinds:
            return Action(kind=REFUSE)
        return None

    def on_act(self, g: Table[WitchState], seat: int, action: Action, decision: Decision) -> None:
        kind = action.kind
        if kind == OFFER:
            offer(g, seat, action.required_target(), action.required_option())
        elif kind in (ACCEPT, REFUSE):
            answer(g, seat, action.option)
        elif g.state.open_step().name == "loot":
            looted(g, seat, action)

    def evolve(self, state: GameState[WitchState], event: Event) -> GameState[WitchState]:
        fold = FOLDS.get(type(event))
        return fold(state, event) if fold else state


WITCH_TRIAL = WitchTrial()
