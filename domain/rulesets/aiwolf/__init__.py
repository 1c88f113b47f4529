"""aiwolf: AIWolf NLP's standard game, as the reference server `aiwolf-nlp-server` plays it for 13 and 5
agents (`aiwolf-protocol.md` §2.2 and §3; its rulings in `rulings.md`, section aiwolf).

The package's parts:

- `data`: the roles, the presets "13" and "5" with their settings (`PRESET_OPTIONS`), every setting
  of `default_13.yml` as an option, the action kinds and the seat range;
- `facts`: the state `AState` and every change of it as a typed event, each with its one fold;
- `flow`: the reference's request order as each day's plan of parts, one step per request, and the end;
- the rules by concern: `talk` (the talk and whisper rounds, the length limits), `choices` (the vote,
  the divination, the guard, the attack vote) and `roles` (what a seat is).

`Aiwolf` holds the data and answers the engine's hooks with these parts.
"""

from __future__ import annotations

from grimoire.domain.events import MODERATOR, Action, Audience, Decision, Event
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.rulesets.aiwolf import flow
from grimoire.domain.rulesets.aiwolf.data import (
    ACTION_KINDS,
    MAX_SEATS,
    MIN_SEATS,
    OPTIONS,
    PRESET_OPTIONS,
    PRESETS,
    ROLES,
)
from grimoire.domain.rulesets.aiwolf.facts import EVOLVE, AState
from grimoire.domain.rulesets.aiwolf.talk import TIMED_OUT
from grimoire.domain.state import GameState


class Aiwolf(Ruleset[AState]):
    id = "aiwolf"
    versions = ("1",)
    doc_lang = "ja"
    end_reasons = ("villagers", "werewolves", "failed", "max_day")
    roles = ROLES
    presets = PRESETS
    preset_options = PRESET_OPTIONS
    options = OPTIONS
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    action_kinds = ACTION_KINDS
    untargeted = frozenset({"talk", "whisper"})
    steps = flow.STEPS

    def start(self, g: Table[AState]) -> None:
        flow.start(g)

    def audience(self, state: GameState[AState], seat: int, action: Action) -> Audience:
        """A talk's or whisper's raw reply is the moderator's (the table reads it as cut, `Talked`); a reply
        without words, or a turn whose time ran out, is its speaker's, as is every other answer."""
        if action.kind in ("talk", "whisper") and action.text and action.option != TIMED_OUT:
            return MODERATOR
        return (seat,)

    def default(self, state: GameState[AState], seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        """A talk or whisper whose time ran out is a skip that does not end the speaker's talk; any other
        request goes unanswered."""
        for decision in decisions:
            if decision.kind in ("talk", "whisper"):
                return Action(kind=decision.kind, option=TIMED_OUT)
        return None

    def evolve(self, state: GameState[AState], event: Event) -> GameState[AState]:
        fold = EVOLVE.get(type(event))
        return fold(self, state, event) if fold else state


AIWOLF = Aiwolf()
