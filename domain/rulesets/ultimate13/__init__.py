"""ultimate13: the ultimate werewolf rules, the 13-player village (`ultimate13.md`)."""

from __future__ import annotations

from grimoire.domain.events import Decision
from grimoire.domain.mechanics import pack
from grimoire.domain.mechanics.abilities import Ability, any_other
from grimoire.domain.ruleset import Option, seconds
from grimoire.domain.rulesets.village import (
    DIVINE,
    ROLES,
    Village,
    WolfState,
    alignment,
    attack_outside_pack,
    guard_no_repeat,
)
from grimoire.domain.state import GameState
from grimoire.domain.violations import RuleViolation

V, S, M, H, W, X = "villager", "seer", "medium", "hunter", "werewolf", "madman"

attack_anyone, guard_anyone = any_other("attack"), any_other("guard")


def attack_per_option(state: GameState[WolfState], seat: int) -> Decision:
    """`wolf_attack_wolf`: any other seat, a fellow wolf too; else only outside the pack."""
    return (attack_anyone if state.options["wolf_attack_wolf"] else attack_outside_pack)(state, seat)


def guard_per_option(state: GameState[WolfState], seat: int) -> Decision:
    """`consecutive_guard`: any other seat, last night's too; else not the same seat twice in a row."""
    return (guard_anyone if state.options["consecutive_guard"] else guard_no_repeat)(state, seat)


class Ultimate13(Village):
    id = "ultimate13"
    versions = ("2", "3", "4")
    changes = (pack.SILENT_WOLF_DEFERS, pack.WOLVES_SEE_PICKS, pack.WOLVES_DONE)
    doc_lang = "ja"
    roles = {r: ROLES[r] for r in (V, S, M, H, W, X)}
    presets = {"13": (V, V, V, V, V, V, S, M, H, W, W, W, X)}
    options = {
        "discussion_seconds": seconds(300),
        "vote_seconds": seconds(60),
        "night0_seconds": seconds(120),
        "night_seconds": seconds(120),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000),
        "medium_result": Option(type="choice", default="role", choices=("role", "alignment")),
        "consecutive_guard": Option(type="bool", default=True),
        "wolf_attack_wolf": Option(type="bool", default=True),
        "madman_counts_as_human": Option(type="bool", default=False),
    }
    min_seats = max_seats = 13
    discussion = "free"
    secret_ballot = False
    runoff = False
    last_words = False
    whisper_cap = None
    abilities = {"attack": Ability(attack_per_option), "divine": DIVINE, "guard": Ability(guard_per_option)}

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | RuleViolation:
        return super().setup(seats, preset if preset or roles else "13", roles)

    def medium_label(self, state: GameState[WolfState], seat: int) -> str:
        """`medium_result`: the executed's role, or only whether it is a werewolf."""
        return state.role(seat) if state.options["medium_result"] == "role" else alignment(state, seat)

    def counts_as_human(self, state: GameState[WolfState], seat: int) -> bool:
        """The village counts at parity, and the madman with `madman_counts_as_human`."""
        return self.roles[state.role(seat)].team == "village" or (
            state.role(seat) == X and state.options["madman_counts_as_human"]
        )


ULTIMATE13 = Ultimate13()
