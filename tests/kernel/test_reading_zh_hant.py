"""Traditional Chinese read as a player in Taiwan reads it: every text the corpus's games show to every viewer
(moderator, spectator, each seat) and every ruleset document, in Traditional characters and Taiwan words, in the
rule documents' own terms (langrensha.md is itself written in Traditional Chinese)."""

from __future__ import annotations

import functools
import re

import msgspec
import pytest

from grimoire.domain.catalog import RULESETS
from grimoire.domain.codec import decode
from grimoire.domain.events import Join, sees
from grimoire.domain.texts import render_text
from grimoire.service.routes_rulesets import ruleset_info
from tests.corpus.corpus import CORPORA, feed_text, read_games, viewers
from tests.kernel.test_glossary import said
from tests.kernel.test_text_forms import every_problem, problem_of

LANG = "zh-Hant"

# Characters only Simplified Chinese writes (each has a Traditional form a Taiwan reader expects instead);
# characters both scripts share (后, 里, 台, 只, 干, 查, 尸…) are not listed.
SIMPLIFIED = set(
    "这们说时间会对发现数没为与号开关战队请让认识设选择结击护验讨论弃权确实个来过还给么应该进动态样问题东门车马"
    "见风龙长书买卖乐师电话语计记许议证词读谁调谈钱错锁镜闭阵阶际领颜飞骑杀宝审张弹归忆恋恶户报担换挡敌断无旧"
    "显机杂条极枪梦欢残汇灭灵点热爱猎环疗监盖盘礼离积称稳笔简紧红级纸线组细终经统继续绿编网罗职联胜脑节获营"
    "蓝虽补装观规视觉订讯讲访评试误说课谢负财责败货质购费资赌赛轮软轻较输边达运远违连遗释针铁银键阅阳阴陈险"
    "随隐难项顺须顾预频额饭馆驱鸟鱼齐龄帮页处决况体头发亲严丢两丧乱亚产仅从优伙传伤伦伪众侦侧债倾兰兴养兽写"
    "军农净减凭则刚创删别剧劝办务势区医华单卫压厅历厉县参双变叙叹吗听启员响唤复执扫扬扰担拥挤挥损摆摇数时术"
    "杨构标栏树档检楼毁气汤沟泪泽洁浅测济润涨渐温湿满滚灯灾炉烂烦烧爷牵犹状独狮猪献现玛画畅疯皱盐码砖础硕碍"
    "祸穷窝竞签粮纠约纪纯纳纷练织绍绑绕绘络绝绩维综缓缘缩罚罢聪肃肠肤肿胁胆胶脉脚脱舰艺苏苹荐荡荣药获萨虑虚"
    "虫蚀蛮袜览触认让训设访诉诊译诗诚诞询详谅谊谋谓谜谣谦谨谱贝贡贤账贩贪贫贯贵贷贺贼赋赏赐赔赖赚赞赠赢赵赶"
    "趋跃践踪躯轨轰载辅辆辉辑辙辞辩辽迁迈这远适逊递逻遥邓邮邻郑酱酿鉴钓钢钥钩钮铃铅铜铭铺链销锅锋锐锦锻镇闪"
    "问闯闲闷闹闻阀阁阐队陆隶雏雾静顶顽顿额饥饮饰饱饼驳驶驻驾驿骂骄验骗骤鲁鲜鸡鸣鸭鸿鹅鹰麦黄齿龟尔庄当录犹"
    "签药胜钟复号么决强户"
)

# Words of the mainland a Taiwan reader would not write (the Taiwan word after each)
MAINLAND = {
    "信息": "資訊/訊息",
    "視頻": "影片",
    "默認": "預設",
    "質量": "品質",
    "軟件": "軟體",
    "服務器": "伺服器",
    "網絡": "網路",
    "數據": "資料",
    "用戶": "使用者",
    "設置": "設定",
    "連接": "連線/連結",
    "依次": "依序",
    "審計": "稽核",
    "運行": "運作",
    "演示": "示範",
    "繁忙": "忙碌",
    "創建": "建立",
    "登錄": "登入",
    "鏈接": "連結",
    "界面": "介面",
}


@functools.cache
def feeds() -> dict[str, frozenset[str]]:
    """Every zh-Hant text the corpus's games show, by ruleset, read by every viewer (players' own words aside)."""
    texts: dict[str, set[str]] = {rs: set() for rs in RULESETS}
    for game in (g for c in CORPORA.values() for g in read_games(c)):
        events = [decode(e.encode()) for e in game["events"]]
        seats = len(game["end"]["names"])
        names = tuple(f"P{n}" for n in range(1, seats + 1))
        for viewer in viewers(seats):
            for e in events:
                if sees(e.to, viewer) and not said(e) and not isinstance(e, Join):  # a name as its player wrote it
                    t = feed_text(e, LANG, names, game["ruleset"], viewer)
                    if isinstance(t, str):
                        texts[game["ruleset"]].add(t)
    return {rs: frozenset(t) for rs, t in texts.items()}


@functools.cache
def document(ruleset: str) -> frozenset[str]:
    """The ruleset's document in zh-Hant: labels, role names, options, their help and choices (not the API's
    English doc)."""
    found: set[str] = set()

    def strings(value: object, key: str = "") -> None:
        if isinstance(value, str) and key != "doc":
            found.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                strings(v, k)
        elif isinstance(value, list):
            for v in value:
                strings(v, key)

    strings(msgspec.to_builtins(ruleset_info(RULESETS[ruleset], LANG)))
    return frozenset(found)


def shown(ruleset: str) -> frozenset[str]:
    return feeds()[ruleset] | document(ruleset)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_has_no_simplified_only_character(ruleset):
    wrong = sorted(t for t in shown(ruleset) if SIMPLIFIED & set(t))[:5]
    assert not wrong, [(t, sorted(SIMPLIFIED & set(t))) for t in wrong]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_uses_taiwan_words_not_the_mainlands(ruleset):
    wrong = sorted((w, MAINLAND[w], t) for t in shown(ruleset) for w in MAINLAND if w in t)[:5]
    assert not wrong, wrong


def test_text_zh_hant_service_problems_use_taiwan_words():
    for key in ("error.unavailable", "error.busy", "landing.health", "demo.audit_ok"):
        text = render_text(key, LANG, {})
        assert not [w for w in MAINLAND if w in text], text
    assert render_text("error.unavailable", LANG, {}) == "無法連線到資料庫。"
    assert render_text("demo.audit_ok", LANG, {}) == "稽核：已驗證"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_option_help_names_seconds_as_its_unit(ruleset):
    """「每次發言的時間。秒；…」 left 秒 hanging after the sentence: the unit is said in a sentence of its own."""
    wrong = sorted(t for t in document(ruleset) if re.search(r"。秒", t))
    assert not wrong, wrong


def test_text_zh_hant_preset_is_not_called_default():
    """預設 is a Taiwan reader's word for a default (the retries' help uses it so): a preset is a 配置方案."""
    assert "預設" not in render_text("error.unknown_preset", LANG, {})
    assert "預設" not in render_text("error.bad_roles.preset_and_roles", LANG, {})


def test_text_zh_hant_game_created_does_not_nest_parentheses():
    """「遊戲已建立（狼人（9人局），9人）。」 nested one bracket in another."""
    text = render_text("game.created", LANG, {"ruleset": "jinro9", "count": 9})
    assert text == "已建立「狼人（9人局）」遊戲，共9人。"


def test_text_zh_hant_seat_number_reads_as_a_seat():
    assert render_text("seat.number", LANG, {"number": 3}) == "你的座位是3號。"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_no_colon_inside_a_colon(ruleset):
    """magic_city's rules read 「規則：首日占卜：有，…」: a label's colon inside a list after a colon."""
    wrong = sorted(t for t in feeds()[ruleset] for clause in t.split("。") if clause.count("：") > 1)
    assert not wrong, wrong[:3]


def test_text_zh_hant_langrensha_wolves_kill_and_cupid_links_in_the_documents_words():
    """langrensha.md: 「女巫得知擊殺目標」, 「由丘比特連結的兩位玩家」."""
    names = ("P1", "P2", "P3")
    assert render_text("witch.target", LANG, {"target": 2}, names, "langrensha") == "今晚被狼人擊殺的是P2。"
    assert "擊殺" in render_text("pack.attacked", LANG, {"target": 2}, names, "langrensha")
    assert "連結" in render_text("action.link", LANG, {}, names, "langrensha")
    assert "連結" in render_text("lovers.linked", LANG, {"seat": 1, "seats": [2, 3]}, names, "langrensha")


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_a_step_opens_as_a_step(ruleset):
    """「開槍開始。」「退水開始。」 read as if the shooting itself began: the step is named a 階段."""
    wrong = sorted(t for t in feeds()[ruleset] if re.search(r"(開槍|退水)開始", t))
    assert not wrong, wrong


def test_text_zh_hant_cause_of_death_reads_what_befell_the_dead():
    """「P1的死因：放逐投票」 named the step, not what happened to P1."""
    names = ("P1",)
    assert render_text("death.cause", LANG, {"seat": 1, "cause": "exile"}, names, "langrensha") == "P1的死因：被放逐"
    assert render_text("death.cause", LANG, {"seat": 1, "cause": "attack"}, names, "jinro9") == "P1的死因：被狼人襲擊"
    executed = render_text("death.cause", LANG, {"seat": 1, "cause": "execution"}, names, "jinro9")
    assert executed == "P1的死因：被投票處決"


def test_text_zh_hant_first_divination_reads_the_options_word():
    """magic_city's option is 首日占卜, and its first result read 「初日神諭」: one word for one thing."""
    assert render_text("option.first_seer", LANG, {}, ruleset="magic_city") == "首日占卜"
    first = [t for t in feeds()["magic_city"] if "占卜" in t or "神諭" in t]
    assert first and all("神諭" not in t for t in first), first[:3]
    result = render_text("seer.first", LANG, {"target": 1, "label": "human"}, ("P1",), "magic_city")
    assert result.startswith("首日占卜")


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_the_morning_is_announced_once(ruleset):
    """「第2天，天亮了。」 then 「天亮了，發現了P1的屍體。」: a moderator says the day has come once."""
    for game in (g for c in CORPORA.values() for g in read_games(c) if g["ruleset"] == ruleset):
        names = tuple(f"P{n}" for n in range(1, len(game["end"]["names"]) + 1))
        feed = [feed_text(decode(e.encode()), LANG, names, ruleset, "moderator") for e in game["events"]]
        lines = [t for t in feed if isinstance(t, str)]
        twice = [lines[i : i + 3] for i in range(len(lines)) if "".join(lines[i : i + 3]).count("天亮") > 1]
        assert not twice, twice[0]


def test_text_zh_hant_langrensha_morning_reads_the_moderators_sentence():
    died = render_text("morning.dead", LANG, {"seats": [1, 2]}, ("P1", "P2"), "langrensha")
    assert died == "昨晚死亡的是P1和P2。"
    assert render_text("cause.poison", LANG, {}, ruleset="langrensha") == "被女巫毒殺"


CJK = "\u3000-\u9fff\uff00-\uffef"
SPACED = re.compile(rf"[{CJK}] [{CJK}0-9]|[0-9] [{CJK}]")


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_no_space_between_chinese_words_or_numbers(ruleset):
    """「此遊戲以 狼人（9人局） 版本 1（引擎 1）記錄」: Chinese sets no space between its words and numbers."""
    wrong = sorted(t for t in shown(ruleset) if SPACED.search(t))
    assert not wrong, wrong[:3]


def test_text_zh_hant_problem_documents_set_no_space_inside_a_sentence():
    wrong = [
        d for code, status, args in every_problem() for d in problem_of(code, status, args, LANG) if SPACED.search(d)
    ]
    assert not wrong, wrong[:3]


def test_text_zh_hant_witch_trial_unfit_night_tells_the_attack_was_not_made_and_the_card_kept():
    """「今晚不宜行動。」 alone left out what the holder's own line must tell: no attack, the card still in hand."""
    told = render_text("attack.unfit", LANG, {}, ruleset="witch_trial")
    assert "攻擊沒有進行" in told and "卡牌保留" in told


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_zh_hant_the_living_are_called_as_every_other_line_calls_them(ruleset):
    """「生存者只能說…」 carried the Japanese 生存者 over: every other line says 存活 (存活玩家, 存活人數)."""
    wrong = sorted(t for t in shown(ruleset) if "生存者" in t)
    assert not wrong, wrong[:3]


def test_text_zh_hant_a_skipped_speech_says_speech_once():
    """「你未發言，跳過你的發言。」 said 發言 twice in one short line."""
    assert render_text("defaulted.speak", LANG, {}, ruleset="jinro9").count("發言") == 1
