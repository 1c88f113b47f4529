"""jinro9: 9-player werewolf (`jinro9.md`), presets 9A, 9B and 9C (with the fox)."""

from __future__ import annotations

from grimoire.domain.mechanics import pack
from grimoire.domain.mechanics.abilities import Ability
from grimoire.domain.ruleset import Option, seconds
from grimoire.domain.rulesets.village import ATTACK, DIVINE, ROLES, Village, guard_no_repeat_optional_first_night

V, S, M, H, W, X, F = "villager", "seer", "medium", "hunter", "werewolf", "madman", "fox"


class Jinro9(Village):
    id = "jinro9"
    versions = ("2", "3", "4")
    changes = (pack.SILENT_WOLF_DEFERS, pack.WOLVES_SEE_PICKS, pack.WOLVES_DONE)
    doc_lang = "ja"
    roles = ROLES
    presets = {
        "9A": (V, V, V, S, M, H, X, W, W),
        "9B": (V, V, V, V, S, H, X, W, W),
        "9C": (V, V, V, S, M, W, W, X, F),
    }
    options = {
        "speech_seconds": seconds(60),
        "vote_seconds": seconds(60),
        "last_words_seconds": seconds(60),
        "night0_seconds": seconds(120),
        "night_seconds": seconds(120),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000),
    }
    min_seats = max_seats = 9
    discussion = "turns"
    rounds = 2
    secret_ballot = True
    runoff = True
    runoff_tied_vote = False
    last_words = True
    whisper_cap = 10
    first_white_never = (F,)  # the seer's first white is never the fox
    abilities = {"attack": ATTACK, "divine": DIVINE, "guard": Ability(guard_no_repeat_optional_first_night)}


JINRO9 = Jinro9()
