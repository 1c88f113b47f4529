"""What players read: the catalog's lookup order, names resolved through it, CLDR lists and plurals,
the documents' own words, and every event of random games of every ruleset in every language."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from grimoire.domain.catalog import RULESETS
from grimoire.domain.events import (
    PUBLIC,
    Action,
    Decision,
    Defaulted,
    Died,
    GameCreated,
    GameEnded,
    Join,
    Notice,
    PhaseStarted,
    Prompt,
    SpeakingOrder,
    Start,
    StepOpened,
    Timeout,
    VoteResult,
)
from grimoire.domain.texts import (
    LANGS,
    MESSAGES,
    TERMS,
    MissingText,
    join,
    load,
    option_doc,
    render_text,
    role_name,
)
from grimoire.domain.violations import RuleViolation
from grimoire.projections.render import render
from grimoire.service.bots import owed_action
from grimoire.service.cli import reveal, width
from tests.rulesets.magic_city.test_magic_city_props import random_options, random_roles
from tests.support.harness import Game
from tests.support.words import spoken

NAMES = ("Bot1", "Bot2", "Bot3", "Bot4", "Bot5", "Bot6", "Bot7", "Bot8", "Bot9")


def text(event, lang: str, ruleset: str) -> str | None:
    return render(event, lang, NAMES, ruleset)


# --- the catalog ---------------------------------------------------------------------------------


def _catalog(folder, text: str):
    folder.mkdir()
    for lang in LANGS:
        (folder / f"{lang}.ftl").write_text(text, encoding="utf-8")
    return folder


def test_loading_a_key_twice_is_an_error(tmp_path):
    load(_catalog(tmp_path / "once", "test-once = x\n"), ruleset="test_texts")
    with pytest.raises(ValueError):
        load(_catalog(tmp_path / "again", "test-once = y\n"), ruleset="test_texts")
    with pytest.raises(ValueError):
        load(_catalog(tmp_path / "shared", "role-dealt = y\n"))
    assert render_text("test.once", "ja", {}, ruleset="test_texts") == "x"


def test_a_catalog_lacking_a_language_or_written_wrong_is_an_error(tmp_path):
    short = _catalog(tmp_path / "short", "test-short = x\n")
    (short / "en.ftl").write_text("test-other = x\n", encoding="utf-8")
    with pytest.raises(ValueError):
        load(short, ruleset="test_texts")
    with pytest.raises(ValueError):
        load(_catalog(tmp_path / "broken", "test-broken = { $x\n"), ruleset="test_texts")


def test_every_message_reads_the_same_variables_in_every_language_and_every_term_is_used():
    used: dict[str | None, set[str]] = {}
    for key, texts in MESSAGES.items():
        assert set(texts) == set(LANGS), key
        # jinro9's Japanese morning shows its dead joined by a word of its own (`seats_and`): the same list
        shown = {lang: {"seats" if v == "seats_and" else v for v in t.variables} for lang, t in texts.items()}
        assert len({frozenset(v) for v in shown.values()}) == 1, (key, shown)
        assert all(t.selectors <= {"count"} | t.variables for t in texts.values()), key  # a form by a number shown
        for t in texts.values():
            used.setdefault(t.catalog, set()).update(t.terms)
    for catalog in (None, *RULESETS):
        assert TERMS[catalog] == used.get(catalog, set()), (catalog, TERMS[catalog] ^ used.get(catalog, set()))


def test_an_options_doc_is_its_english_help_or_its_english_only_doc_message(tmp_path):
    assert option_doc("early_close", "langrensha") == render_text(
        "option.early_close.help", "en", {}, ruleset="langrensha"
    )
    assert option_doc("speech_max_chars", "jinro9") == "Longest speech."
    assert option_doc("event_babel", "magic_city") == "The event card babel is in the deck."
    assert not any(key.endswith(".doc") for key in MESSAGES)
    with pytest.raises(ValueError):
        load(_catalog(tmp_path / "doc", "option-x-doc = x\n"), ruleset="test_docs")


def test_a_missing_term_or_variable_fails_the_render_instead_of_a_fallback(tmp_path):
    load(_catalog(tmp_path / "gaps", "test-no_term = { -nowhere } here\ntest-no_var = { $who } here\n"), "test_gaps")
    with pytest.raises(MissingText):
        render_text("test.no_term", "en", {}, ruleset="test_gaps")
    with pytest.raises(MissingText):
        render_text("test.no_var", "en", {}, ruleset="test_gaps")
    assert render_text("test.no_var", "en", {"who": 1000}, ruleset="test_gaps") == "1000 here"


def test_a_rulesets_word_never_overwrites_anothers():
    assert role_name("medium", "ja", "ultimate13") == "霊媒師"
    assert role_name("medium", "ja", "jinro9") == "霊能者"
    assert role_name("medium", "ja", "magic_city") == "霊能者"
    assert role_name("knight", "ja", "magic_city") == "騎士" and role_name("knight", "en", "langrensha") == "knight"


def test_ultimate13_reads_its_documents_reimaishi_where_jinro9_reads_reinousha():
    result = Notice(to=(8,), key="medium.result", args={"target": 3, "label": "werewolf"})
    assert text(result, "ja", "ultimate13") == "霊媒結果：処刑されたBot3さんは【人狼】でした。"
    assert text(result, "ja", "jinro9") == "霊能結果：処刑されたBot3さんは【人狼】でした。"


def test_ruleset_info_names_each_ruleset_and_its_roles_in_its_own_words():
    from grimoire.service.routes_rulesets import ruleset_info

    info = ruleset_info(RULESETS["ultimate13"], "ja")
    assert info.name == "アルティメット人狼（13人村）"
    assert {r.id: r.name for r in info.roles}["medium"] == "霊媒師"
    assert {r.id: r.name for r in ruleset_info(RULESETS["jinro9"], "en").roles}["hunter"] == "bodyguard"
    for rs in RULESETS.values():
        for lang in LANGS:
            assert all((r.name and r.name != r.id) or lang == "en" for r in ruleset_info(rs, lang).roles), (rs.id, lang)


def test_the_guard_and_the_shooter_have_their_own_english_names():
    assert role_name("hunter", "en", "jinro9") == role_name("hunter", "en", "ultimate13") == "bodyguard"
    assert role_name("huntsman", "en", "langrensha") == "hunter"
    assert role_name("hunter", "zh-Hans", "jinro9") == "守卫"


def test_a_missing_key_or_name_fails_the_render_instead_of_showing_an_id():
    with pytest.raises(MissingText):
        render_text("no.such.key", "en", {})
    with pytest.raises(MissingText):
        render_text("role.dealt", "en", {"role": "no_such_role"}, ruleset="jinro9")
    with pytest.raises(MissingText):
        role_name("huntsman", "en", "jinro9")  # langrensha's role is not jinro9's
    with pytest.raises(MissingText):
        render_text("role.dealt", "en", {})  # an unfilled placeholder


# --- lists and plurals (CLDR) ---------------------------------------------------------------------


def test_lists_follow_cldr_patterns_in_every_language():
    assert join(["A", "B", "C"], "en") == "A, B, and C"
    assert join(["A", "B"], "en") == "A and B"
    assert join(["A", "B", "C"], "ja") == "A、B、C"
    assert join(["A", "B", "C"], "zh-Hans") == "A、B和C"


def test_english_counts_one_body_and_one_vote_in_the_singular():
    died = Died(seats=(4,), when="morning")
    assert text(died, "en", "langrensha") == "As morning breaks, the body of Bot4 is found."
    assert "bodies of Bot1 and Bot4 are" in text(Died(seats=(1, 4), when="morning"), "en", "langrensha")
    assert (
        text(VoteResult(vote="vote", tally={1: 1, 4: 2}), "en", "jinro9")
        == "Votes: 1 vote for Bot1 and 2 votes for Bot4."
    )


def test_japanese_vote_results_count_votes_and_every_seat_reads_with_san():
    tally = VoteResult(vote="vote", tally={1: 1, 4: 2, 5: 1})
    assert text(tally, "ja", "jinro9") == "投票結果：Bot1さん 1票、Bot4さん 2票、Bot5さん 1票"
    partners = Notice(key="wolves.partners", args={"seats": [2, 3, 7]})
    assert text(partners, "ja", "jinro9") == "人狼の仲間はBot2さん、Bot3さん、Bot7さんです。"


# --- the documents' words --------------------------------------------------------------------------


def test_each_ruleset_announces_the_morning_in_its_own_documents_sentence():
    two = Died(seats=(1, 4), when="morning")
    assert text(two, "ja", "jinro9") == "朝が明けると、Bot1さんとBot4さんの死体が発見されました。"
    one = Died(seats=(4,), when="morning")
    assert "朝になるとBot4さんの死体が発見されました" in text(one, "ja", "magic_city")


def test_langrensha_exiles_and_jinro9_executes():
    executed = Died(seats=(3,), when="execution")
    assert "放逐" in text(executed, "zh-Hant", "langrensha") and "處決" not in text(executed, "zh-Hant", "langrensha")
    assert "處決" in text(executed, "zh-Hant", "jinro9")


def test_witch_trial_late_night_is_not_werewolf_night_and_differs_from_its_evening():
    night = PhaseStarted(phase="night", day=2)
    evening = PhaseStarted(phase="evening", day=2)
    assert "天黑" not in text(night, "zh-Hans", "witch_trial") and "深夜" in text(night, "zh-Hans", "witch_trial")
    assert "深夜" in text(night, "ja", "witch_trial") and "夜間" in text(evening, "ja", "witch_trial")
    assert "天黑请闭眼" in text(night, "zh-Hans", "jinro9")


def test_magic_city_event_cards_read_by_name_and_the_rules_list_the_cards_in_play():
    event = Notice(key="event.chosen", args={"card": "vortex"})
    assert text(event, "ja", "magic_city") == "イベント【魂の渦】が発生しました。"
    assert text(event, "en", "magic_city") == "Event: Vortex of Souls."
    rules = Notice(
        key="city.rules",
        args={
            "first_seer": "on",
            "consecutive_guard": "off",
            "night_talk": "on",
            "format": "free",
            "tie": "draw",
            "cards": ["court", "bathhouse"],
        },
    )
    assert text(rules, "ja", "magic_city").endswith("イベントカード：裁判所、共同風呂。")


def test_magic_city_bathhouse_half_a_minute_reads_as_seconds():
    half = Notice(key="today.bathhouse", args={"minutes": 0.5})
    assert "最初の30秒は" in text(half, "ja", "magic_city")
    assert "first 30 seconds" in text(half, "en", "magic_city")
    assert "first 1 minute of" in text(Notice(key="today.bathhouse", args={"minutes": 1}), "en", "magic_city")


def test_game_created_names_the_ruleset_and_the_end_names_the_winning_side():
    created = GameCreated(
        game_id="g",
        ruleset="witch_trial",
        ruleset_version="1",
        engine_version="1",
        seats=7,
        names=NAMES[:7],
        lang="zh-Hans",
        seed_sha256="x",
    )
    assert "魔女审判" in text(created, "zh-Hans", "witch_trial") and "witch_trial" not in text(
        created, "en", "witch_trial"
    )
    ended = GameEnded(reason="village", winners=(1, 3), teams=("village",), seed="s")
    assert text(ended, "ja", "jinro9") == "ゲーム終了。村人陣営の勝利です。勝者：Bot1さん、Bot3さん"
    assert "victory to the village" in text(ended, "en", "jinro9")
    survivors = GameEnded(reason="days_over", winners=(2, 5), seed="s")
    assert text(survivors, "zh-Hans", "witch_trial") == "游戏结束，存活的Bot2和Bot5获胜。"
    assert text(GameEnded(reason="draw", seed="s"), "ja", "magic_city") == "ゲーム終了。引き分けです。"


def test_a_default_in_a_private_step_names_nobody():
    quiet = Defaulted(to=(3,), seat=3, action=Action(kind="attack", target=4))
    loud = Defaulted(seat=3, action=Action(kind="vote"))
    for lang in LANGS:
        assert "Bot3" not in text(quiet, lang, "jinro9")
        assert "Bot3" in text(loud, lang, "jinro9")


def test_join_start_step_order_prompt_and_timeout_each_have_a_text():
    assert text(Join(name="Ann"), "ja", "jinro9") == "Annさんが参加しました。"
    assert text(Start(), "en", "jinro9") == "The game begins."
    assert text(StepOpened(step=3, name="speech", seats=(2,)), "ja", "jinro9") == "Bot2さんの発言の番です。"
    assert text(StepOpened(step=4, name="night.witch"), "zh-Hant", "langrensha") == "夜晚行動開始。"
    assert text(SpeakingOrder(seats=(2, 3), rounds=1), "en", "langrensha") == (
        "Today's speaking order: Bot2 and Bot3 (1 round)."
    )
    prompt = Prompt(to=(4,), step=4, seat=4, decisions=(Decision(kind="save"), Decision(kind="poison")))
    assert text(prompt, "en", "langrensha") == "Your move: antidote or poison."
    assert text(Timeout(step=4), "ja", "langrensha") == "時間切れです。"


def test_demo_reveal_is_in_the_games_language_and_aligned_for_wide_names():
    view = {
        "names": ["太郎", "Bo", "花子"],
        "roles": {"1": "seer", "2": "werewolf", "3": "medium"},
        "alive": [True, False, True],
        "winners": [1, 3],
        "ruleset": "ultimate13",
    }
    lines = reveal(view, "ja", 12, {"ok": True, "problems": []})
    assert lines[0] == "役職の公開：" and "霊媒師" in lines[3] and "勝者：太郎さん、花子さん" in lines
    rows = lines[1:4]
    fates = [width(row[: row.index(fate)]) for row, fate in zip(rows, ("生存", "死亡", "生存"), strict=True)]
    assert len(set(fates)) == 1, rows


# --- every event of random games, every ruleset, every language ----------------------------------

GAMES = 300 if os.environ.get("CI") == "true" else 25
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


def random_game(ruleset: str, seed: int) -> Game:
    rng = random.Random(seed)
    setup: dict = {}
    if ruleset == "jinro9":
        seats, setup["preset"] = 9, rng.choice(sorted(RULESETS["jinro9"].presets))
    elif ruleset == "ultimate13":
        seats = 13
    elif ruleset == "witch_trial":
        setup["preset"] = rng.choice(sorted(RULESETS["witch_trial"].presets))
        seats = int(setup["preset"])
    elif ruleset == "langrensha":
        seats, setup["options"] = rng.randint(6, 20), {"early_close": rng.random() < 0.5}
    elif ruleset == "aiwolf":
        setup["preset"] = rng.choice(sorted(RULESETS["aiwolf"].presets))
        seats = int(setup["preset"])
        setup["options"] = {"vote_visibility": rng.random() < 0.7, "attack_allow_no_target": rng.random() < 0.3}
    else:
        seats = rng.randint(8, 20)
        setup["roles"], setup["options"] = random_roles(seats, rng), random_options(rng)
    game = Game(ruleset, seats, seed=seed, **setup)
    game.start()
    play(game, rng)
    return game


def play(game: Game, rng: random.Random) -> None:
    """Bots answer from their own views, but now and then a deadline passes with answers still owed."""
    for _ in range(20000):
        if game.state.status == "ended":
            return
        owed = [(seat, owed_action(game.views[seat], rng)) for seat in range(1, game.state.seats + 1)]
        owed = [(seat, action) for seat, action in owed if action is not None]
        if owed and rng.random() > 0.05:
            seat, action = owed[0]
            assert not isinstance(game.act(seat, action.kind, action.target, **_fields(action)), RuleViolation)
        else:
            assert not isinstance(game.timeout(), RuleViolation)
    raise AssertionError("game did not end")


def _fields(action: Action) -> dict:
    return {k: v for k, v in (("targets", action.targets), ("text", action.text), ("option", action.option)) if v}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_event_of_random_games_reads_in_every_language(ruleset):
    ids = {ruleset, *RULESETS[ruleset].roles}
    for seed in range(GAMES):
        game = random_game(ruleset, seed)
        names = game.state.names
        for event in game.events:
            said = spoken(event)
            for lang in LANGS:
                line = render(event, lang, names, ruleset)
                if line is None or said:
                    continue
                assert "None" not in line and "{" not in line and "}" not in line, (event, lang, line)
                assert not RAW_ID.search(line) and ruleset not in line, (event, lang, line)
                if lang != "en":  # no id in a sentence of another script
                    assert not ids & set(re.findall(r"[a-z_]+", line)), (event, lang, line)
                if event.to != PUBLIC and type(event).__name__ in ("Defaulted", "Prompt", "Timeout"):
                    assert not any(name in line for name in names), (event, lang, line)


# --- no document's word in the code ----------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
RULESET_FOLDERS = sorted(p for p in (ROOT / "domain" / "rulesets").iterdir() if (p / "__init__.py").is_file())
# Han, kana, CJK punctuation and full-width forms
CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _code_folders():
    yield pytest.param(ROOT / "domain", RULESET_FOLDERS, id="domain")
    for folder in RULESET_FOLDERS:
        yield pytest.param(folder, [], id=f"domain/rulesets/{folder.name}")
    yield pytest.param(ROOT / "projections", [], id="projections")
    yield pytest.param(ROOT / "service", [], id="service")


@pytest.mark.parametrize(("folder", "apart"), list(_code_folders()))
def test_no_python_file_holds_a_japanese_or_chinese_character(folder, apart):
    """Code names things by their ids; the documents' words live in the catalogs' glossaries."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(folder.rglob("*.py"))
        if not any(path.is_relative_to(other) for other in apart)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if CJK.search(line)
    ]
    assert not found, "\n".join(found)
