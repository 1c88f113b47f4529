"""How a Simplified Chinese player reads each game: the moderator's own sentences (狼人杀's 法官, the
documents' narrators), one word for one thing within a ruleset, brackets that never nest. Read over the
corpus's games as the moderator and every seat read them, and through the catalog for single texts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from itertools import pairwise

from grimoire.domain.catalog import RULESETS, fold
from grimoire.domain.codec import decode
from grimoire.domain.events import MODERATOR, sees
from grimoire.domain.texts import render_text
from grimoire.projections.view import SPECTATOR
from grimoire.service.labels import option_info
from tests.corpus.corpus import CORPORA, feed_text, read_games
from tests.kernel.test_text_forms import every_problem, problem_of

LANG = "zh-Hans"
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")


@cache
def _feeds() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(ruleset, viewer, lines) for every v3 corpus game, read by the moderator, a spectator and seats 1-3."""
    out = []
    for game in read_games(CORPORA["v3"]):
        events = [decode(e.encode()) for e in game["events"]]
        state = fold(events)
        for viewer in (MODERATOR, SPECTATOR, 1, 2, 3):
            lines = []
            for event in events:
                if sees(event.to, viewer):
                    text = feed_text(event, LANG, state.names, state.ruleset, viewer)
                    if isinstance(text, str):
                        lines.append(text)
            out.append((game["ruleset"], str(viewer), tuple(lines)))
    return tuple(out)


def _lines(ruleset: str | None = None) -> Iterator[tuple[str, str, int, str]]:
    for game_ruleset, viewer, lines in _feeds():
        if ruleset is None or game_ruleset == ruleset:
            for i, line in enumerate(lines):
                yield game_ruleset, viewer, i, line


def test_text_zh_hans_game_created_brackets_never_nest():
    # 「游戏已创建（终极狼人（13人局），13人）。」: the ruleset's name carries its own brackets
    for ruleset, viewer, _, line in _lines():
        assert not re.search(r"（[^）]*（", line), (ruleset, viewer, line)


def test_text_zh_hans_day_breaks_once_each_morning():
    # 「第1天，天亮了。」 then 「天亮了，发现了……的尸体。」: the moderator says 天亮了 once
    for ruleset, viewer, lines in _feeds():
        for before, after in pairwise(lines):
            assert not ("天亮" in before and "天亮" in after), (ruleset, viewer, before, after)


def test_text_zh_hans_langrensha_morning_names_last_nights_dead():
    # the 法官's 「昨晚死亡的是……」, not jinro9's narrator finding bodies
    assert render_text("morning.dead", LANG, {"seats": (1, 2)}, NAMES, "langrensha") == "昨晚死亡的是Ann和Bob。"
    for ruleset in ("jinro9", "ultimate13"):
        assert render_text("morning.dead", LANG, {"seats": (1,)}, NAMES, ruleset) == "发现了Ann的尸体。"


def test_text_zh_hans_langrensha_steps_open_as_the_moderator_opens_them():
    # 「开枪开始」「退水开始」 are no moderator's words: 「开枪环节开始」
    seen = set()
    for _, viewer, _, line in _lines("langrensha"):
        assert not re.match(r"(开枪|上警|退水|移交警徽|决斗)开始", line), (viewer, line)
        if line.endswith("环节开始。"):
            seen.add(line)
    assert "开枪环节开始。" in seen and "上警环节开始。" in seen, seen


def test_text_zh_hans_graveyard_keeper_checks_the_dead_in_the_documents_words():
    # langrensha.md: 守墓人 「查驗死者」, not 查看身份
    assert render_text("action.inspect", LANG, {}, NAMES, "langrensha") == "查验死者"
    told = render_text("told.graveyard.result", LANG, {"told": (1,), "target": 2, "role": "witch"}, NAMES, "langrensha")
    assert told == "守墓人Ann的查验结果：Bob的身份是【女巫】。"
    assert render_text("graveyard.result", LANG, {"target": 2, "role": "witch"}, NAMES, "langrensha") == (
        "查验结果：Bob的身份是【女巫】。"
    )


def test_text_zh_hans_magic_city_prophet_divines_as_its_options_say():
    # its option is 首日占卜: the prophet's curse and the foxkin's death say 占卜 too, not 查验
    for key in ("cause.curse", "fox.divined"):
        line = render_text(key, LANG, {"seat": 1}, NAMES, "magic_city")
        assert "占卜" in line and "查验" not in line, line


def test_text_zh_hans_witch_timer_after_a_kill_says_the_count_restarts():
    # 「已连续0夜未成功击杀」 after a kill: the count restarts
    line = render_text("witch.timer", LANG, {"seat": 1, "count": 0}, NAMES, "witch_trial")
    assert "0夜" not in line and "成功击杀" in line, line
    assert render_text("witch.timer", LANG, {"seat": 1, "count": 2}, NAMES, "witch_trial") == (
        "受【魔女化】影响的Ann已连续2夜未成功击杀。"
    )


def test_text_zh_hans_night_attack_is_told_as_done():
    # 「今晚狼人袭击Ann。」 reads as a plan; the moderator tells what was done, as night-attack does
    assert render_text("pack.attacked", LANG, {"target": 1}, NAMES, "langrensha") == "今晚狼人袭击了Ann。"
    assert render_text("attack.chosen", LANG, {"target": 1}, NAMES, "magic_city") == "今晚狼人袭击了Ann。"


def test_text_zh_hans_seat_number_reads_as_players_say_it():
    # 「你的座位号是 3。」 with a Latin space: 狼人杀 players say 「你是3号玩家」
    assert render_text("seat.number", LANG, {"number": 3}) == "你是3号玩家。"
    assert render_text("told.seat.number", LANG, {"told": (1,), "number": 3}, NAMES) == "Ann是3号玩家。"


def test_text_zh_hans_duration_help_names_its_unit_in_a_sentence():
    # 「每次发言的时间。秒；0 表示不限时。」: a unit alone after a full stop
    for ruleset, option in (
        ("jinro9", "speech_seconds"),
        ("langrensha", "shot_seconds"),
        ("witch_trial", "night_seconds"),
    ):
        own = render_text(f"option.{option}.help", LANG, {}, ruleset=ruleset)
        line = render_text("option.duration.help", LANG, {"help": own}, ruleset=ruleset)
        assert "。秒" not in line and "单位为秒" in line, line
    loot = render_text("option.loot_seconds.help", LANG, {}, ruleset="witch_trial")
    assert "。秒" not in loot and "单位为秒" in loot, loot


def test_text_zh_hans_names_say_the_same_thing_everywhere():
    # the medium of ultimate13 is 灵媒师 in its option too; a missing ruleset is a 规则集 as an unknown one is
    assert render_text("option.medium_result.help", LANG, {}, ruleset="ultimate13").startswith("灵媒师")
    assert "规则集" in render_text("error.ruleset_not_found", LANG, {})
    assert "规则集" in render_text("error.unknown_ruleset", LANG, {})


def test_text_zh_hans_mages_guild_is_no_trade_union():
    # 魔術師組合 is a guild of mages: 工会 is a trade union
    name = render_text("card.mages_guild", LANG, {}, ruleset="magic_city")
    assert name == "魔术师协会", name


def test_text_zh_hans_witch_trial_takes_a_card_in_the_documents_word():
    # witch-trial.md 6.2: 「可选择取走一张手牌（亦可选择不取）」, not 拿取卡牌
    assert render_text("action.take", LANG, {}, ruleset="witch_trial") == "取走手牌"
    for key, args in (("attack.late", {"seat": 1, "target": 2}), ("loot.queued", {"target": 2, "seats": (1, 3)})):
        line = render_text(key, LANG, args, NAMES, "witch_trial")
        assert "取走手牌" in line and "拿取" not in line, line


def test_text_zh_hans_problem_documents_set_no_latin_spaces_in_a_chinese_sentence():
    # 「此游戏以 狼人（9人局） 版本 1（引擎 1）记录」「事件 7」: Chinese sets numbers and names without spaces
    cjk = "[\u4e00-\u9fff（）「」，。：]"
    for code, status, args in every_problem():
        _, detail = problem_of(code, status, args, LANG)
        assert not re.search(f"{cjk} | {cjk}", detail), (code, detail)


def test_text_zh_hans_quotes_are_one_kind():
    # the catalogs quote with “” (“{ $option }”, a vote's words): 「」 only in some texts was two kinds
    for key, args in (
        ("event.babel", {"word": "喵"}),
        ("today.babel", {"word": "喵"}),
        ("event.library", {"word": "喵"}),
        ("today.library", {"word": "喵"}),
        ("act.vote.said", {"seat": 1, "target": 2, "text": "喵"}),
    ):
        line = render_text(key, LANG, args, NAMES, "magic_city")
        assert "“喵”" in line and "「" not in line, line
    assert "生存者" not in render_text("event.babel", LANG, {"word": "喵"}, NAMES, "magic_city")


def test_text_zh_hans_city_rules_nest_no_colons():
    # 「规则：首日占卜：有，……」: one colon to a sentence
    line = render_text(
        "city.rules",
        LANG,
        {
            "first_seer": "on",
            "consecutive_guard": "on",
            "night_talk": "on",
            "format": "free",
            "tie": "draw",
            "cards": ["bank"],
        },
        NAMES,
        "magic_city",
    )
    assert line.split("。")[0].count("：") == 1, line
    assert line.startswith("规则：有首日占卜，"), line


def test_text_zh_hans_magic_city_options_use_the_steps_and_actions_words():
    # the option 夜间交流 against the rules' 夜间可密谈, 身份确认 against the step 确认身份
    assert render_text("option.night_talk", LANG, {}, ruleset="magic_city") == "夜间密谈"
    assert "密谈" in render_text("option.night_talk.help", LANG, {}, ruleset="magic_city")
    check = render_text("step.check", LANG, {}, ruleset="magic_city")
    for key in ("option.role_check_seconds", "option.role_check_seconds.help", "option.first_seer.help"):
        line = render_text(key, LANG, {}, ruleset="magic_city")
        assert check in line and "身份确认" not in line, line
    event = render_text("action.event", LANG, {}, ruleset="magic_city")
    assert render_text("option.event_seconds", LANG, {}, ruleset="magic_city") == event + "时间"


def test_text_zh_hans_extended_time_reads_as_time():
    # 「期限已延长」 reads as a contract's term: the moderator extends the time
    assert render_text("deadline.extended", LANG, {}) == "时间已延长。"


def test_text_zh_hans_every_duration_option_is_named_as_a_time():
    # 「夜晚每个阶段」「身份确认」「第0夜」 beside 「发言时间」: a duration's name says what it times
    for ruleset, rs in RULESETS.items():
        for key, option in rs.options.items():
            if option.unit == "seconds":
                name = option_info(rs, key, option, LANG).name
                assert name.endswith(("时间", "长度")), (ruleset, key, name)
