"""Each ruleset's words in all four languages: the rule document's own terms and sentences, one word per thing."""

from __future__ import annotations

import pytest

import grimoire.domain.catalog  # noqa: F401  loads every ruleset's catalog
from grimoire.domain.events import Decision, Died, Notice, PhaseStarted, Prompt, StepOpened
from grimoire.domain.texts import LANGS, render_text
from grimoire.projections.render import render

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy")


def text(event, lang: str, ruleset: str) -> str:
    out = render(event, lang, NAMES, ruleset)
    assert out is not None
    return out


def word(key: str, lang: str, ruleset: str, **args) -> str:
    return render_text(key, lang, args, NAMES, ruleset)


# --- results and the seer's label name the side the feed names (langrensha.md 「顯示為村民」) -------


def test_text_zh_results_name_the_side_the_feed_names():
    assert word("result.village", "zh-Hans", "jinro9") == "村民阵营获胜"
    assert word("result.village", "zh-Hant", "langrensha") == "村民陣營獲勝"
    for lang, team in (("zh-Hans", "恋人阵营"), ("zh-Hant", "戀人陣營")):
        assert word("team.lovers", lang, "langrensha") == team
        assert word("result.lovers", lang, "langrensha").startswith(team)
        assert word("result.mixed_lovers", lang, "langrensha").startswith(team)


def test_text_langrensha_seer_reads_villager_as_its_document_says():
    seen = Notice(key="seer.result", args={"target": 3, "label": "good"})
    assert text(seen, "zh-Hant", "langrensha") == "查驗結果：Cy是【村民】。"
    assert text(seen, "zh-Hans", "langrensha") == "查验结果：Cy是【村民】。"
    assert "【村人】" in text(seen, "ja", "langrensha")
    assert text(seen, "en", "langrensha").endswith("reads as villager.")


# --- langrensha in Japanese: one word each (放逐, 解毒薬, 射撃), and the white wolf kills a wolf --------


def test_text_langrensha_japanese_says_one_word_each_for_exile_antidote_and_shot():
    exiled = text(Died(seats=(3,), when="execution"), "ja", "langrensha")
    assert "放逐" in exiled and "追放" not in exiled
    assert word("vote.none", "ja", "langrensha") == "本日は放逐なしとなりました。"
    assert word("action.save", "ja", "langrensha") == word("item.antidote", "ja", "langrensha") == "解毒薬"
    assert word("step.shot", "ja", "langrensha") == word("action.shoot", "ja", "langrensha") == "射撃"


def test_text_langrensha_white_wolf_kills_a_wolf_and_never_self_destructs():
    said = {lang: word("action.white_kill", lang, "langrensha") for lang in LANGS}
    assert said == {"ja": "人狼の殺害", "zh-Hans": "击杀狼人", "zh-Hant": "擊殺狼人", "en": "kill a wolf"}
    prompt = Prompt(seat=1, step=4, decisions=(Decision(kind="white_kill", targets=(2, 3), optional=True),))
    for lang in LANGS:
        assert "自爆" not in text(prompt, lang, "langrensha") and "destruct" not in text(prompt, lang, "langrensha")


# --- witch_trial: the loot window, its choice, the late night's time, the dawn, a prompt again -------


LOOT = Prompt(
    seat=2, step=9, decisions=(Decision(kind="take", options=("probe",), final=True), Decision(kind="pass", final=True))
)


def test_text_witch_trial_loot_window_is_named_by_the_bodies_not_the_resolution():
    opened = StepOpened(name="loot", step=9, seats=(2, 4))
    read = {lang: text(opened, lang, "witch_trial") for lang in LANGS}
    assert "遗落手牌" in read["zh-Hans"] and "遺落手牌" in read["zh-Hant"] and "遺された手札" in read["ja"]
    assert "bodies" in read["en"]
    assert not any(w in read[lang] for lang in LANGS for w in ("结算", "結算", "resolution"))


def test_text_witch_trial_loot_choice_reads_as_declining_not_as_not_using_a_card():
    read = {lang: text(LOOT, lang, "witch_trial") for lang in LANGS}
    assert "放弃" in read["zh-Hans"] and "放棄" in read["zh-Hant"] and "見送る" in read["ja"] and "pass" in read["en"]
    assert not any(w in read[lang] for lang in LANGS for w in ("不使用", "使わない", "no card"))


def test_text_witch_trial_card_use_time_is_named_late_night():
    named = {lang: word("option.night_seconds", lang, "witch_trial") for lang in LANGS}
    assert named == {"ja": "深夜の時間", "zh-Hans": "深夜时间", "zh-Hant": "深夜時間", "en": "Late night"}


def test_text_witch_trial_dawn_is_the_body_discovery_announcement():
    named = {lang: word("phase_name.dawn", lang, "witch_trial") for lang in LANGS}
    assert named["zh-Hans"] == "尸体发现公告" and named["zh-Hant"] == "屍體發現公告"
    assert named["ja"] == "死体発見の報告" and named["en"] == "Discovery of the bodies"
    assert "死体発見の報告" in text(PhaseStarted(phase="dawn", day=2), "ja", "witch_trial")


def test_text_witch_trial_zh_prompt_again_does_not_void_the_earlier_choice():
    again = Prompt(seat=2, step=5, decisions=(Decision(kind="speak", text=200, repeatable=True),), reset=True)
    assert text(again, "zh-Hans", "witch_trial").startswith("又轮到你了：")
    assert text(again, "zh-Hant", "witch_trial").startswith("又輪到你了：")
    assert "重新" not in text(again, "zh-Hans", "witch_trial")


# --- magic_city: the chimera guesses; gm-events.md's sentences; its own roles; minutes and seconds ------


def test_text_magic_city_chimera_guesses_and_only_the_prophet_prophesies():
    guess = {lang: word("action.predict", lang, "magic_city") for lang in LANGS}
    assert guess == {"ja": "予想", "zh-Hans": "预测", "zh-Hant": "預測", "en": "guess"}


def test_text_magic_city_reads_the_documents_execution_night_and_morning_sentences():
    assert text(Died(seats=(3,), when="execution"), "ja", "magic_city") == "本日処刑されるのはCyさんに決まりました。"
    night = text(PhaseStarted(phase="night", day=2), "ja", "magic_city")
    assert night.startswith("それではみなさん夜がやってくるようです。目を閉じてください。")
    for event in (Died(seats=(3,), when="morning"), Notice(key="morning.none", args={})):
        assert text(event, "ja", "magic_city").startswith("みなさん、朝になりました。目を開けてください。")
    for lang, closed, opened in (
        ("zh-Hans", "闭上眼睛", "请睁眼"),
        ("zh-Hant", "閉上眼睛", "請睜眼"),
        ("en", "close your eyes", "open your eyes"),
    ):
        assert closed in text(PhaseStarted(phase="night", day=2), lang, "magic_city")
        assert opened in text(Died(seats=(3,), when="morning"), lang, "magic_city")
        assert "Cy" in text(Died(seats=(3,), when="execution"), lang, "magic_city")


def test_text_magic_city_options_name_only_its_own_roles():
    guards = {lang: word("option.consecutive_guard.help", lang, "magic_city") for lang in LANGS}
    assert "骑士" in guards["zh-Hans"] and "守卫" not in guards["zh-Hans"]
    assert "騎士" in guards["zh-Hant"] and "守衛" not in guards["zh-Hant"]
    assert all(k in guards["ja"] for k in ("騎士", "竜", "精霊使い"))
    assert "knight" in guards["en"] and "A guard" not in guards["en"]
    assert word("option.shot_seconds.help", "en", "magic_city") == "The marksman's shot."


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ja", "本日の議論時間は4分30秒です。"),
        ("zh-Hans", "今天的讨论时间为4分30秒。"),
        ("zh-Hant", "今天的討論時間為4分30秒。"),
        ("en", "Today's discussion lasts 4 minutes 30 seconds."),
    ],
)
def test_text_magic_city_durations_read_in_minutes_and_seconds(lang, said):
    assert text(Notice(key="today.clock_tower", args={"minutes": 4.5}), lang, "magic_city") == said


def test_text_magic_city_cursed_minute_reads_as_the_discussions_first_minute():
    opened = StepOpened(name="silence", step=7, seats=(1, 2, 4))
    assert text(opened, "ja", "magic_city") == "議論（最初の一分間）の時間です。"
    assert "呪いの一分間の時間" not in text(opened, "ja", "magic_city")
    assert text(opened, "zh-Hans", "magic_city") == "讨论的第一分钟开始。"


def test_text_magic_city_first_day_divination_reads_one_way_in_english():
    name = word("option.first_seer", "en", "magic_city")
    assert name == "First-day divination"
    assert word("first_seer.on", "en", "magic_city") == "first-day divination"
    assert "night" not in word("first_seer.off", "en", "magic_city")


def test_text_magic_city_names_the_humans_side_as_its_document_does():
    side = {lang: word("team.village", lang, "magic_city") for lang in LANGS}
    assert side == {"ja": "人間陣営", "zh-Hans": "人类阵营", "zh-Hant": "人類陣營", "en": "the humans"}
    assert word("result.village", "ja", "magic_city") == "人間陣営の勝利"
    assert word("result.village", "ja", "jinro9") == "村人陣営の勝利"


def test_text_a_ruleset_words_a_shared_message_its_own_way_in_the_languages_it_needs():
    """A ruleset may word a shared message in some languages only; the others read the shared text."""
    args = {"target": 2, "label": "human"}
    names = ("A", "B")
    assert render_text("seer.first", "ja", args, names, "jinro9").startswith("初日お告げ")  # jinro9.md
    assert render_text("seer.first", "ja", args, names, "ultimate13").startswith("初日占い")  # ultimate13.md
    assert render_text("seer.first", "en", args, names, "jinro9") == render_text("seer.first", "en", args, names)


def test_text_magic_city_zh_divines_as_its_first_day_divination_says():
    for lang, word in (("zh-Hans", "占卜"), ("zh-Hant", "占卜")):
        assert render_text("seer.result", lang, {"target": 2, "label": "human"}, ("A", "B"), "magic_city").startswith(
            word
        )
        assert render_text("action.divine", lang, {}, ruleset="magic_city") == word
        assert "查" not in render_text("seer.first", lang, {"target": 2, "label": "human"}, ("A", "B"), "magic_city")


def test_text_langrensha_a_tie_goes_to_pk_as_its_document_says():
    for lang in ("ja", "zh-Hans", "zh-Hant"):
        assert "PK" in render_text("vote.runoff", lang, {"seats": [1, 2]}, ("A", "B"), "langrensha")


def test_text_langrensha_zh_hant_wolves_kill_in_the_documents_word_everywhere():
    """langrensha.md: 擊殺一名村民 — the prompt, a default, a cause of death and the cards say 擊殺."""
    assert render_text("action.attack", "zh-Hant", {}, ruleset="langrensha") == "擊殺"
    assert "擊殺" in render_text("cause.attack", "zh-Hant", {}, ruleset="langrensha")
    assert "擊殺" in render_text("defaulted.attack", "zh-Hant", {}, ruleset="langrensha")
    assert "襲擊" in render_text("action.attack", "zh-Hant", {}, ruleset="jinro9")
