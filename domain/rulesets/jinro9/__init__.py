"""jinro9: 9-player 人狼 (`jinro9.md`), presets 9A, 9B and 9C (妖狐)."""

from __future__ import annotations

from grimoire.domain.mechanics.abilities import Ability
from grimoire.domain.messages import register
from grimoire.domain.ruleset import Option, seconds
from grimoire.domain.rulesets.village import ATTACK, DIVINE, ROLES, Village, guard_no_repeat_optional_first_night

V, S, M, H, W, X, F = "villager", "seer", "medium", "hunter", "werewolf", "madman", "fox"


class Jinro9(Village):
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
    first_white_never = (F,)  # the seer's first white is never the fox
    abilities = {"attack": ATTACK, "divine": DIVINE, "guard": Ability(guard_no_repeat_optional_first_night)}


JINRO9 = Jinro9()


def _m(ja: str, hans: str, hant: str, en: str | dict[str, str]) -> dict[str, str | dict[str, str]]:
    return {"ja": ja, "zh-Hans": hans, "zh-Hant": hant, "en": en}


# The werewolf roles every village shares, by their usual names; a ruleset registers its own words
# for the roles its document names otherwise (ultimate13's 霊媒師).
register(
    {
        "role.villager": _m("村人", "平民", "平民", "villager"),
        "role.seer": _m("占い師", "预言家", "預言家", "seer"),
        "role.werewolf": _m("人狼", "狼人", "狼人", "werewolf"),
        "role.madman": _m("狂人", "狂人", "狂人", "madman"),
        "role.fox": _m("妖狐", "妖狐", "妖狐", "fox"),
        "team.village": _m("村人陣営", "村民阵营", "村民陣營", "the village"),
        "team.wolves": _m("人狼陣営", "狼人阵营", "狼人陣營", "the werewolves"),
        "team.fox": _m("妖狐陣営", "妖狐阵营", "妖狐陣營", "the fox"),
    }
)
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (the dead joined with と)
MORNING = {
    "morning.dead": _m(
        "朝が明けると、{seats_and}の死体が発見されました。",
        "天亮了，发现了{seats}的尸体。",
        "天亮了，發現了{seats}的屍體。",
        {
            "one": "As morning breaks, the body of {seats} is found.",
            "other": "As morning breaks, the bodies of {seats} are found.",
        },
    ),
}
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
register(
    {
        "role.medium": _m("霊能者", "通灵者", "通靈者", "medium"),
        "role.hunter": _m("狩人", "守卫", "守衛", "bodyguard"),
        **MORNING,
    },
    ruleset="jinro9",
)
