"""magic_city (`gm-events.md`), its 16 roles and 25 event cards.

Its parts: `data` (roles, the regulation and presets, event cards, options, seat range), `facts` (its
state, its typed events and the fold of each), `flow` (the steps it declares: the role check and the
night as `RoleSequence`s, the day's steps and what follows each), and its rules by concern: `city`
(who is what, deaths and the win), `night` (the night abilities), `cards` (the event cards) and `day`
(the morning, the discussion and the ballots). Its words are in its catalogs, `texts/<lang>.ftl`.
"""

from __future__ import annotations

from grimoire.domain.events import Action, Audience, Decision, Event
from grimoire.domain.mechanics import pack
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.rulesets.magic_city import city, flow
from grimoire.domain.rulesets.magic_city.data import (
    ACTION_KINDS,
    END_REASONS,
    EVENT_KINDS,
    EVENTS,
    EVIL,
    MAX_SEATS,
    MIN_SEATS,
    OPTIONS,
    PRESETS,
    ROLES,
    recommended,
    regulation_error,
)
from grimoire.domain.rulesets.magic_city.facts import (
    EVOLVE,
    AwakeningAnnounced,
    Ballot,
    CityInfo,
    CityNightResolved,
    CityState,
    CurseCast,
    EventParams,
    Redealt,
    TodayShown,
    Tonight,
)
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation

__all__ = [
    "EVENTS",
    "EVENT_KINDS",
    "EVIL",
    "EVOLVE",
    "MAGIC_CITY",
    "ROLES",
    "AwakeningAnnounced",
    "Ballot",
    "CityInfo",
    "CityNightResolved",
    "CityState",
    "CurseCast",
    "EventParams",
    "MagicCity",
    "Redealt",
    "TodayShown",
    "Tonight",
    "recommended",
    "regulation_error",
]


class MagicCity(Ruleset[CityState]):
    id = "magic_city"
    versions = ("2", "3", "4")
    changes = (pack.SILENT_WOLF_DEFERS, pack.WOLVES_SEE_PICKS)
    doc_lang = "ja"
    end_reasons = END_REASONS
    roles = ROLES
    presets = PRESETS
    options = OPTIONS
    min_seats, max_seats = MIN_SEATS, MAX_SEATS
    action_kinds = ACTION_KINDS
    untargeted = frozenset(
        {"speak", "whisper", "ready", "event", "event_card", "event_direction", "event_minutes", "event_word"}
    )
    steps = flow.STEPS

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | RuleViolation:
        dealt = super().setup(seats, preset if preset or roles else str(seats), roles)
        if isinstance(dealt, RuleViolation):
            return dealt
        return pack.size_error(sum(ROLES[r].wolf for r in dealt), len(dealt)) or regulation_error(dealt) or dealt

    # --- engine hooks ---------------------------------------------------------------------------

    def start(self, g: Table[CityState]) -> None:
        flow.start(self, g)

    def check(self, state: GameState[CityState], seat: int, action: Action, decision: Decision) -> str | None:
        kind, text = action.kind, action.text
        if kind in ("whisper", "speak", "event_word") and not (text or "").strip():
            return "text_required"
        if kind == "speak" and decision.exact_text and text != decision.exact_text:
            return "babel_word"
        if kind == "speak" and decision.text_suffix and not (text or "").endswith(decision.text_suffix):
            return "library_suffix"
        if kind == "vote" and decision.text and not (text or "").strip():
            return "incantation_required"
        return None

    def unavailable(self, state: GameState[CityState], seat: int, action: Action) -> str | None:
        if action.kind == "speak" and state.step and state.step.name == "silence" and seat == state.x.cursed:
            return "cursed_silent"
        return None

    def audience(self, state: GameState[CityState], seat: int, action: Action) -> Audience:
        kind = action.kind
        if kind in ("speak", "ready"):
            return "public"
        if kind == "attack" and self.applies(state, pack.WOLVES_SEE_PICKS.id):
            return tuple(city.wolves(state))
        if kind == "whisper":
            if state.role(seat) == "mason":
                return tuple(city.holders(state, "mason"))
            return tuple(city.wolves(state))
        if kind == "vote":
            return (seat,) if state.x.ballot.format == "simultaneous" else "public"
        if kind == "guard" and state.role(seat) in ("knight", "dragon"):
            return tuple(city.holders(state, "knight", "dragon"))
        return (seat,)

    def default(
        self, state: GameState[CityState], seat: int, decisions: tuple[Decision, ...], rng: Rng
    ) -> Action | None:
        for decision in decisions:
            if decision.kind == "attack" and decision.targets and not self.applies(state, pack.SILENT_WOLF_DEFERS.id):
                return Action(kind="attack", target=rng.choice(decision.targets))
            if decision.kind == "vote":
                return Action(kind="vote")
        return None

    def evolve(self, state: GameState[CityState], event: Event) -> GameState[CityState]:
        fold = EVOLVE.get(type(event))
        return fold(self, state, event) if fold else state


MAGIC_CITY = MagicCity()
