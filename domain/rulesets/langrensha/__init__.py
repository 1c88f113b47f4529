"""langrensha: the werewolf game of the Chinese tables, for 6–20 players (`langrensha.md`; decisions
in `rulings.md`).

The package's parts:

- `data`: the roles, the night's order, the boards (presets), the options and the seat range;
- `facts`: the state `LState` and every change of it as a typed event, each with its one fold;
- `flow`: the declared steps — the night's `RoleSequence`, the day's steps and what follows each,
  named by a `then.Next`;
- the rules by concern: `night` (the deal, the pack and each role's night step, the dawn),
  `dying` (deaths, the duties of the dead, the end), `sheriff` (the election), `votes` (the duel,
  the impeachment, the exile vote), `speaking` (rounds of speeches) and `roles` (what a seat is).

`Langrensha` holds the data and answers the engine's hooks with these parts and the shared
mechanics (`domain/mechanics/`).
"""

from __future__ import annotations

from grimoire.domain.events import PUBLIC, Action, Audience, Decision, Event
from grimoire.domain.mechanics import defaults, pack
from grimoire.domain.mechanics.speaking import audience as table_audience
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Change, Ruleset, Table
from grimoire.domain.rulesets.langrensha import flow
from grimoire.domain.rulesets.langrensha.data import (
    ACTION_KINDS,
    AUTO,
    MAX_SEATS,
    MIN_SEATS,
    OPTIONS,
    ROLES,
    deal_list,
)
from grimoire.domain.rulesets.langrensha.facts import EVOLVE, LState
from grimoire.domain.rulesets.langrensha.night import show_potions_used
from grimoire.domain.rulesets.langrensha.roles import wolves
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation


class Langrensha(Ruleset[LState]):
    id = "langrensha"
    versions = ("2", "3", "4")
    changes = (
        pack.SILENT_WOLF_DEFERS,
        pack.WOLVES_SEE_PICKS,
        Change("3", "declined_duel_private", "a knight's declined duel is seen by the knight and the moderator only"),
    )
    doc_lang = "zh-Hant"
    end_reasons = ("village", "wolves", "lovers", "mixed_lovers", "no_winner")
    roles = ROLES
    presets = {str(n): roles for n, roles in AUTO.items()}
    options = OPTIONS
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    action_kinds = ACTION_KINDS
    untargeted = frozenset({"speak", "whisper", "last_words", "skip", "pick", "stand", "withdraw", "impeach"})
    steps = flow.STEPS

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | RuleViolation:
        return deal_list(seats, preset, roles)

    def start(self, g: Table[LState]) -> None:
        flow.start(g)

    def on_act(self, g: Table[LState], seat: int, action: Action, decision: Decision) -> None:
        show_potions_used(g, seat, action)

    def check(self, state: GameState[LState], seat: int, action: Action, decision: Decision) -> str | None:
        return pack.whisper_refusal(action)

    def audience(self, state: GameState[LState], seat: int, action: Action) -> Audience:
        if action.kind == "duel":  # a duel is public; a decline reveals the knight to nobody (rulings: Knight)
            return PUBLIC if action.target is not None or not self.applies(state, "declined_duel_private") else (seat,)
        if action.kind == "attack" and self.applies(state, pack.WOLVES_SEE_PICKS.id):
            return tuple(wolves(state))
        return table_audience(state, seat, action, wolves)

    def default(self, state: GameState[LState], seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        return defaults.timed_out(decisions, rng, self.applies(state, pack.SILENT_WOLF_DEFERS.id))

    def evolve(self, state: GameState[LState], event: Event) -> GameState[LState]:
        handler = EVOLVE.get(type(event))
        return handler(self, state, event) if handler else state


LANGRENSHA = Langrensha()
