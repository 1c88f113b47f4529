"""ultimate13: アルティメット人狼 (ア式), the 13-player village (`ultimate13.md`)."""

from __future__ import annotations

from grimoire.domain.events import Decision
from grimoire.domain.ruleset import Option, seconds
from grimoire.domain.rulesets.jinro9 import ROLES
from grimoire.domain.rulesets.werewolf import Werewolf
from grimoire.domain.state import GameState

V, S, M, H, W, X = "villager", "seer", "medium", "hunter", "werewolf", "madman"


class Ultimate13(Werewolf):
    id = "ultimate13"
    version = "2"
    doc_lang = "ja"
    roles = {r: ROLES[r] for r in (V, S, M, H, W, X)}
    presets = {"13": (V, V, V, V, V, V, S, M, H, W, W, W, X)}
    options = {
        "discussion_seconds": seconds(300, "The day's free discussion."),
        "vote_seconds": seconds(60, "The vote."),
        "night0_seconds": seconds(120, "Night 0."),
        "night_seconds": seconds(120, "A night."),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000, doc="Longest speech."),
        "medium_result": Option(
            type="choice", default="role", choices=("role", "alignment"), doc="What the medium learns."
        ),
        "consecutive_guard": Option(
            type="bool", default=True, doc="The bodyguard (狩人) may guard the same player twice in a row."
        ),
        "wolf_attack_wolf": Option(type="bool", default=True, doc="Wolves may attack a fellow wolf."),
        "madman_counts_as_human": Option(
            type="bool", default=False, doc="The madman counts for the village at parity."
        ),
    }
    min_seats = max_seats = 13
    discussion = "free"
    secret_ballot = False
    runoff = False
    last_words = False
    whisper_cap = None

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | str:
        return super().setup(seats, preset if preset or roles else "13", roles)

    def medium_label(self, state: GameState, seat: int) -> str:
        if state.options["medium_result"] == "role":
            return state.role(seat)
        return super().medium_label(state, seat)

    def counts_as_human(self, state: GameState, seat: int) -> bool:
        team = self.roles[state.role(seat)].team
        return team == "village" or (state.role(seat) == X and state.options["madman_counts_as_human"])

    def attack_decision(self, state: GameState, seat: int) -> Decision:
        if not state.options["wolf_attack_wolf"]:
            return super().attack_decision(state, seat)
        return Decision(kind="attack", targets=state.others(seat))

    def guard_decision(self, state: GameState, seat: int) -> Decision:
        if not state.options["consecutive_guard"]:
            return super().guard_decision(state, seat)
        return Decision(kind="guard", targets=state.others(seat))


ULTIMATE13 = Ultimate13()
