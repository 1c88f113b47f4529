"""jinro9: 9-player 人狼 (`jinro9.md`), presets 9A, 9B and 9C (妖狐)."""

from __future__ import annotations

from domain.messages import register
from domain.ruleset import Option, seconds
from domain.rulesets.werewolf import Role, Werewolf
from domain.state import GameState

ROLES = {
    "villager": Role(id="villager", team="village"),
    "seer": Role(id="seer", team="village", night="divine"),
    "medium": Role(id="medium", team="village"),
    "hunter": Role(id="hunter", team="village", night="guard"),
    "werewolf": Role(id="werewolf", team="wolves", wolf=True, night="attack"),
    "madman": Role(id="madman", team="wolves"),
    "fox": Role(id="fox", team="fox"),
}

V, S, M, H, W, X, F = "villager", "seer", "medium", "hunter", "werewolf", "madman", "fox"


class Jinro9(Werewolf):
    id = "jinro9"
    version = "2"
    doc_lang = "ja"
    name = {"ja": "人狼（9人村）", "zh-Hans": "狼人（9人局）", "zh-Hant": "狼人（9人局）", "en": "Werewolf for nine"}
    roles = ROLES
    presets = {
        "9A": (V, V, V, S, M, H, X, W, W),
        "9B": (V, V, V, V, S, H, X, W, W),
        "9C": (V, V, V, S, M, W, W, X, F),
    }
    options = {
        "speech_seconds": seconds(60, "One speaking turn."),
        "vote_seconds": seconds(60, "The vote and the runoff."),
        "last_words_seconds": seconds(60, "The executed player's last words."),
        "night0_seconds": seconds(120, "Night 0: the wolves' meeting."),
        "night_seconds": seconds(120, "A night."),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000, doc="Longest speech."),
    }
    min_seats = max_seats = 9
    discussion = "turns"
    rounds = 2
    secret_ballot = True
    runoff = True
    runoff_tied_vote = False
    last_words = True
    whisper_cap = 10
    guard_optional_first_night = True

    def first_white_candidates(self, state: GameState, seer: int) -> list[int]:
        return [s for s in super().first_white_candidates(state, seer) if state.role(s) != "fox"]


JINRO9 = Jinro9()

register(
    {
        "role.villager": {"ja": "村人", "zh-Hans": "村民", "zh-Hant": "村民", "en": "villager"},
        "role.seer": {"ja": "占い師", "zh-Hans": "预言家", "zh-Hant": "預言家", "en": "seer"},
        "role.medium": {"ja": "霊能者", "zh-Hans": "通灵者", "zh-Hant": "通靈者", "en": "medium"},
        "role.hunter": {"ja": "狩人", "zh-Hans": "猎人（守卫）", "zh-Hant": "獵人（守衛）", "en": "hunter"},
        "role.werewolf": {"ja": "人狼", "zh-Hans": "狼人", "zh-Hant": "狼人", "en": "werewolf"},
        "role.madman": {"ja": "狂人", "zh-Hans": "狂人", "zh-Hant": "狂人", "en": "madman"},
        "role.fox": {"ja": "妖狐", "zh-Hans": "妖狐", "zh-Hant": "妖狐", "en": "fox"},
        "team.village": {"ja": "村人陣営", "zh-Hans": "村民阵营", "zh-Hant": "村民陣營", "en": "the village"},
        "team.wolves": {"ja": "人狼陣営", "zh-Hans": "狼人阵营", "zh-Hant": "狼人陣營", "en": "the werewolves"},
        "team.fox": {"ja": "妖狐陣営", "zh-Hans": "妖狐阵营", "zh-Hant": "妖狐陣營", "en": "the fox"},
    }
)
