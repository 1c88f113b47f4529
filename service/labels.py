"""A ruleset's display names in one language, by the ids its views and feeds carry, so that a client shows
every decision, choice, card, phase, step, side and result in the game's language without a table of its own
(`RulesetInfo.labels`).

The names come from the message catalog (`domain.messages`): a label is an entry without placeholders, and
a ruleset's own entry (`<ruleset>.<prefix>.<id>`) comes before the shared one. The few names no announcement
needed before (phases without their day, decision choices that are not cards or roles, how a game ended) are
registered here.
"""

from __future__ import annotations

from typing import Any

from grimoire.domain import catalog
from grimoire.domain.messages import MESSAGES, has, name_of, register, render_text
from grimoire.domain.ruleset import Option
from grimoire.service import option_texts  # noqa: F401  the options' names and help, registered at import
from grimoire.service.schemas import Labels, OptionInfo


def _words(en: str, ja: str, hans: str, hant: str) -> dict[str, str]:
    return {"en": en, "ja": ja, "zh-Hans": hans, "zh-Hant": hant}


register(
    {
        "phase_name.day": _words("Day", "昼", "白天", "白天"),
        "phase_name.night": _words("Night", "夜", "夜晚", "夜晚"),
        "result.aborted": _words("Aborted", "中止", "已中止", "已中止"),
        "result.village": _words("The village wins", "村人陣営の勝利", "好人阵营获胜", "好人陣營獲勝"),
        "result.wolves": _words("The werewolves win", "人狼陣営の勝利", "狼人阵营获胜", "狼人陣營獲勝"),
        "result.fox": _words("The fox wins", "妖狐陣営の勝利", "妖狐阵营获胜", "妖狐陣營獲勝"),
    }
)
register(
    {
        "phase_name.dawn": _words("Dawn", "未明", "黎明", "黎明"),
        "phase_name.morning": _words("Morning", "朝", "晨间", "晨間"),
        "phase_name.noon": _words("Noon", "昼", "午间", "午間"),
        "phase_name.evening": _words("Evening", "夜間", "夜间", "夜間"),
        "phase_name.night": _words("Late night", "深夜", "深夜", "深夜"),
        "result.early_end": _words(
            "Ended early: one survivor or none",
            "早期終了（生存者1人以下）",
            "提前结束（幸存者不多于一人）",
            "提前結束（倖存者不多於一人）",
        ),
        "result.days_over": _words("The days ran out", "日数の上限で終了", "天数已尽", "天數已盡"),
    },
    ruleset="witch_trial",
)
register(
    {
        "choice.stand": _words("Stand", "立候補する", "上警", "上警"),
        "choice.pass": _words("Do not stand", "立候補しない", "不上警", "不上警"),
        "choice.stay": _words("Stay in", "続ける", "继续竞选", "繼續競選"),
        "choice.withdraw": _words("Withdraw", "辞退する", "退水", "退水"),
        "choice.keep": _words("Keep the sheriff", "警長を続投", "保留警长", "保留警長"),
        "choice.impeach": _words("Impeach", "弾劾する", "弹劾", "彈劾"),
        "result.lovers": _words("The lovers win", "恋人陣営の勝利", "情侣阵营获胜", "情侶陣營獲勝"),
        "result.mixed_lovers": _words(
            "The lovers win (a wolf and a villager)",
            "恋人陣営の勝利（人狼と村人の恋人）",
            "人狼恋获胜",
            "人狼戀獲勝",
        ),
        "result.no_winner": _words("Nobody wins", "勝者なし", "无人获胜", "無人獲勝"),
        "item.antidote": _words("antidote", "解毒薬", "解药", "解藥"),
        "item.poison": _words("poison", "毒薬", "毒药", "毒藥"),
    },
    ruleset="langrensha",
)
register(
    {
        "choice.left": _words("Left", "左", "左", "左"),
        "choice.right": _words("Right", "右", "右", "右"),
        "choice.1": _words("The first card", "1枚目", "第一张", "第一張"),
        "choice.2": _words("The second card", "2枚目", "第二张", "第二張"),
        "result.demon": _words("The demon wins", "魔人の勝利", "魔人获胜", "魔人獲勝"),
        "result.draw": _words("A draw", "引き分け", "平局", "平局"),
    },
    ruleset="magic_city",
)


def _ids(prefix: str, ruleset: str) -> list[str]:
    """The ids of the catalog's labels `<prefix>.<id>` (shared or the ruleset's own): entries without a
    placeholder, whose id has no dot of its own."""
    found = []
    for key, texts in MESSAGES.items():
        own = key.removeprefix(ruleset + ".")
        if own == key and key.split(".", 1)[0] in catalog.RULESETS:
            continue  # another ruleset's entry
        head, _, rest = own.partition(".")
        if head != prefix or not rest or "." in rest:
            continue
        if any("{" in str(t) for t in texts.values()):
            continue  # an announcement, not a name
        found.append(rest)
    return sorted(set(found))


def _names(prefix: str, ruleset: str, lang: str, ids: Any = None) -> dict[str, str]:
    return {i: name_of(prefix, i, lang, ruleset) for i in (_ids(prefix, ruleset) if ids is None else ids)}


def labels_of(rs: Any, lang: str) -> Labels:
    """Every display name a client needs for `rs`'s games, in `lang`."""
    r = rs.id
    roles = list(rs.roles)
    cards = _names("card", r, lang)
    teams = _names("team", r, lang)
    reasons = ("aborted", *rs.end_reasons)
    return Labels(
        actions=_names("action", r, lang),
        choices={**cards, **_names("role", r, lang, roles), **_names("choice", r, lang)},
        cards=cards,
        phases=_names("phase_name", r, lang),
        steps=_names("step", r, lang),
        teams=teams,
        results={x: name_of("result", x, lang, r) for x in reasons},
        knowledge={**_names("role", r, lang, roles), **_names("label", r, lang)},
        barred=_names("error", r, lang),
        formats=_names("format", r, lang),
        items=_names("item", r, lang),
    )


def option_info(rs: Any, key: str, o: Option, lang: str) -> OptionInfo:
    """An option as a creator reads it: its type and bounds, its name and help in `lang`, its values' names."""
    r = rs.id
    card = key.removeprefix("event_")
    if card != key and has("card." + card, r):  # magic_city's switch of one event card
        name, help = (
            name_of("card", card, lang, r),
            render_text("option.event_card.help", lang, {"card": card}, ruleset=r),
        )
    else:
        name, help = name_of("option", key, lang, r), name_of("option", key + ".help", lang, r)
    if o.doc.endswith("Seconds; 0 waits forever."):
        help += (" " if lang == "en" else "") + name_of("option", "seconds.help", lang, r)
    return OptionInfo(
        type=o.type,  # type: ignore[arg-type]  # an Option's type is one of the four
        default=o.default,
        choices=list(o.choices),
        minimum=o.minimum,
        maximum=o.maximum,
        doc=o.doc,
        name=name,
        help=help,
        choice_names={c: name_of("option", f"{key}.{c}", lang, r) for c in o.choices},
    )
