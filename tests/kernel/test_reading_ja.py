"""Japanese as a native player reads it: full-width punctuation, the documents' own words (周, 初日占い,
放逐's glossary), sentences a moderator would say, and facts told whole. Each text is rendered as the feed
renders it (`projections.render.render`, the catalog's `render_text`)."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from grimoire.domain.catalog import RULESETS
from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Action,
    Defaulted,
    GameCreated,
    Notice,
    SpeakingOrder,
    StepOpened,
)
from grimoire.domain.rulesets.magic_city.facts import MinutesChosen
from grimoire.domain.texts import MissingText, render_text
from grimoire.projections.render import render
from tests.kernel.test_text_forms import corpus, every_problem, problem_of
from tests.support.words import spoken

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy")
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def ja(event, ruleset: str = "jinro9", viewer=None) -> str:
    text = render(event, "ja", NAMES, ruleset, viewer)
    assert text is not None, event
    return text


def catalog_texts() -> list[tuple[str, str, str]]:
    """(file, message, literal text) of every ja catalog: the text a message writes around its arguments."""
    folders = [files("grimoire.domain.texts")] + [files(f"grimoire.domain.rulesets.{r}") / "texts" for r in RULESETS]
    out = []
    for folder in folders:
        resource = FluentParser().parse((folder / "ja.ftl").read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, ast.Message | ast.Term) and entry.value is not None:
                texts = _Texts()
                texts.visit(entry.value)
                out.append((str(folder), entry.id.name, "".join(texts.found)))
    return out


class _Texts(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.found.append(node.value)


# --- punctuation ---------------------------------------------------------------------------------


def test_text_ja_catalogs_write_full_width_colons():
    """「投票結果：」, 「勝者：」: a Japanese line never puts a half-width colon after a Japanese word."""
    half = [(f, key, text) for f, key, text in catalog_texts() if CJK.search(text) and ":" in text]
    assert not half, half


def test_text_ja_every_reader_of_the_corpus_reads_full_width_colons():
    wrong = []
    for ruleset, names, events in corpus()[::3]:
        for event in events:
            if spoken(event):
                continue  # a player's own words
            readers = [MODERATOR] + ([] if event.to == PUBLIC else [s for s in event.to if isinstance(s, int)])
            for reader in readers:
                try:
                    text = render(event, "ja", names, ruleset, reader)
                except MissingText:
                    continue
                if text and re.search(r"[\u3040-\u30ff\u4e00-\u9fff）】]:", text.replace(" ", "")):
                    wrong.append((ruleset, type(event).__name__, text))
    assert not wrong, wrong[:10]


def test_text_ja_problem_documents_write_full_width_colons_and_no_spaces_around_numbers():
    for code, status, args in every_problem():
        _title, detail = problem_of(code, status, args, "ja")
        assert ": " not in detail, (code, detail)
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff] [0-9]|[0-9] [\u3040-\u30ff\u4e00-\u9fff（]", detail), detail


def test_text_ja_a_refusals_title_says_it_was_not_accepted():
    """A refused move or setting (422) is titled as a player reads a refusal, not as the HTTP phrase translated."""
    title, _detail = problem_of("not_your_turn", 0, {}, "ja")
    assert title == "受け付けられません"


def test_text_ja_seat_number_has_no_spaces_around_it():
    told = Notice(to=(3,), key="seat.number", args={"number": 3})
    assert ja(told, viewer=3) == "あなたの席は3番です。"
    assert ja(told, viewer=MODERATOR) == "Cyさんの席は3番です。"


# --- the documents' words ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["jinro9", "ultimate13", "langrensha"])
def test_text_ja_speaking_order_counts_rounds_in_shu(ruleset):
    """jinro9.md: 議論フェーズ（2周）, 「1周 = 全生存者が1回ずつ発言」."""
    line = ja(SpeakingOrder(seats=(1, 2), rounds=2), ruleset)
    assert line == "本日の発言順：Annさん、Bobさん（2周）"


@pytest.mark.parametrize("ruleset", ["ultimate13", "magic_city"])
def test_text_ja_first_night_divination_reads_as_shonichi_uranai(ruleset):
    """ultimate13.md 「初日占い」, gm-events.md 「初日占い有」: not jinro9's お告げ."""
    first = Notice(to=(2,), key="seer.first", args={"target": 4, "label": "human"})
    assert ja(first, ruleset, 2) == "初日占い：Diさんは【人間】です。"
    assert ja(first, ruleset, MODERATOR) == "Bobさんの初日占い：Diさんは【人間】です。"


def test_text_ja_langrensha_causes_of_death_read_as_nouns_in_its_terms():
    """射撃 (the glossary's 開槍), as 人狼の襲撃 is a noun: not 「ハンターに撃たれた」."""
    assert render_text("cause.hunter_shot", "ja", {}, NAMES, "langrensha") == "ハンターの射撃"
    assert render_text("cause.wolf_shot", "ja", {}, NAMES, "langrensha") == "狼王の射撃"
    shot = render_text("shot.fired", "ja", {"seat": 1, "target": 2}, NAMES, "langrensha")
    assert shot == "AnnさんがBobさんを射撃しました。"


def test_text_ja_white_wolf_kills_a_wolf_and_takes_no_one_along():
    """白狼王: 擊殺一名狼人 and lives on; 道連れ (taken along in one's death) is the 自爆 it never does."""
    killed = render_text("white_wolf.killed", "ja", {"seat": 1, "target": 2}, NAMES, "langrensha")
    cause = render_text("cause.white_wolf", "ja", {}, NAMES, "langrensha")
    assert "道連れ" not in killed + cause
    assert killed == "白狼王のAnnさんが今夜、人狼のBobさんを殺害します。"
    assert cause == "白狼王による人狼の殺害"


def test_text_ja_langrensha_withdrawal_is_one_word():
    """The step is 立候補の取り下げ: its time and its choice say the same, not 辞退."""
    for key in (
        "option.withdraw_seconds",
        "option.withdraw_seconds.help",
        "choice.withdraw",
        "option.sheriff_rules.help",
    ):
        text = render_text(key, "ja", {}, NAMES, "langrensha")
        assert "辞退" not in text and "取り下げ" in text, (key, text)


def test_text_ja_knight_duel_names_the_role_with_no():
    duel = render_text("knight.duel", "ja", {"seat": 1, "target": 2}, NAMES, "langrensha")
    assert duel == "騎士のAnnさんがBobさんに決闘を挑みました。"


def test_text_ja_witch_trial_loot_time_is_named_by_its_step():
    assert render_text("option.loot_seconds", "ja", {}, NAMES, "witch_trial") == "遺された手札の回収の時間"
    assert "戦利品" not in render_text("option.loot_seconds.help", "ja", {}, NAMES, "witch_trial")


def test_text_ja_landing_intro_names_witch_trial_in_japanese():
    intro = render_text("landing.intro", "ja", {})
    assert "魔女裁判" in intro and "审" not in intro


# --- sentences a moderator says ------------------------------------------------------------------


def test_text_ja_game_created_has_no_parentheses_inside_parentheses():
    created = GameCreated(
        game_id="g",
        ruleset="jinro9",
        ruleset_version="3",
        engine_version="3",
        seats=9,
        names=(),
        lang="ja",
        seed_sha256="x",
    )
    line = ja(created)
    assert line == "人狼（9人村）のゲームを作成しました。参加者は9人です。"


def test_text_ja_step_turn_names_the_seat_then_its_turn():
    assert ja(StepOpened(step=3, name="speech", seats=(2,))) == "Bobさんの発言の番です。"
    assert ja(StepOpened(step=4, name="last_words", seats=(2,))) == "Bobさんの遺言の番です。"


def test_text_ja_moderator_reads_the_wolves_meeting_as_a_sentence():
    partners = Notice(to=(1, 3), key="wolves.partners", args={"seats": [1, 3]})
    assert ja(partners, viewer=MODERATOR) == "人狼のAnnさん、Cyさんが互いを仲間として知りました。"


@pytest.mark.parametrize(
    ("ruleset", "key", "line"),
    [
        ("langrensha", "lovers.linked", "キューピッドのAnnさんがBobさんとCyさんを恋人にしました。"),
        ("langrensha", "swapped", "魔術師のAnnさんがBobさんとCyさんの役職を入れ替えました。"),
        ("langrensha", "morning.dead", "朝が明けると、BobさんとCyさんの死体が発見されました。"),
        ("witch_trial", "morning.dead", "BobさんとCyさんの死体が発見されました。"),
        ("magic_city", "tree.bound", "伝説の木がBobさんとCyさんを結びました。一人が死ねばもう一人も死にます。"),
    ],
    ids=["lovers", "swapped", "langrensha-morning", "witch_trial-morning", "legend_tree"],
)
def test_text_ja_a_pair_or_the_dead_are_joined_with_to(ruleset, key, line):
    """Two lovers, two swapped cards, the morning's dead: 「○○と○○」 (jinro9.md's morning), not a bare list."""
    assert render_text(key, "ja", {"seat": 1, "seats": [2, 3]}, NAMES, ruleset) == line


def test_text_ja_moderator_reads_the_masons_meeting_as_the_wolves_one():
    known = Notice(to=(1, 3), key="partners.known", args={"seats": [1, 3]})
    assert ja(known, "magic_city", MODERATOR) == "共有者のAnnさんとCyさんが互いを仲間として知りました。"


def test_text_ja_event_cards_drawn_are_named_as_cards():
    drawn = render_text("event.drawn", "ja", {"seat": 1, "cards": ["court", "bank"]}, NAMES, "magic_city")
    assert drawn == "Annさんがイベントカード（裁判所、銀行）を引き、一枚を選びます。"


def test_text_ja_an_unanswered_offer_is_deemed_refused():
    silent = Defaulted(to=PUBLIC, seat=2, action=Action(kind="refuse"))
    assert ja(silent, "witch_trial") == "Bobさんは取引の申し込みに答えなかったため、断ったものとみなされました。"


def test_text_ja_free_discussion_end_says_who_did_not_close_it():
    """ultimate13's discussion is the table's time, not a seat's own: the seat did not say it was ready."""
    ended = Defaulted(to=PUBLIC, seat=2, action=Action(kind="speak"))
    assert ja(ended, "ultimate13") == "Bobさんは準備完了にしないまま、議論時間が終了しました。"


# --- facts told whole ----------------------------------------------------------------------------


def test_text_ja_witch_timer_of_one_night_says_no_run():
    """One night without a kill is not 「1晩続けて」."""
    one = render_text("witch.timer", "ja", {"seat": 1, "count": 1}, NAMES, "witch_trial")
    two = render_text("witch.timer", "ja", {"seat": 1, "count": 2}, NAMES, "witch_trial")
    assert "続けて" not in one and "今夜" in one
    assert two == "【魔女化】したAnnさんは2晩続けて殺害に成功していません。"


def test_text_ja_bathhouse_minutes_are_the_off_topic_opening_not_the_discussions_length():
    """gm-events.md 共同風呂: 「本日の議論時間最初の〇〇分は、人狼と関係ない話をしなければなりません」."""
    chosen = render(MinutesChosen(minutes=2), "ja", NAMES, "magic_city", MODERATOR)
    assert chosen == "共同風呂：明日の議論時間の最初の2分は、人狼と関係ない話をしなければなりません。"


def test_text_ja_attack_unfit_tells_the_attack_was_not_made_and_the_card_kept():
    """witch-trial.md: over the cap, 「今晚不宜行动」 — and the attack is not carried out (the card stays)."""
    unfit = Notice(to=(2,), key="attack.unfit", args={})
    line = ja(unfit, "witch_trial", 2)
    assert "攻撃は行われず" in line and "カードは手元に残ります" in line


def test_text_ja_witch_become_names_the_seat_first():
    become = Notice(to=(2,), key="witch.become", args={})
    assert ja(become, "witch_trial", MODERATOR) == "Bobさんは殺害に成功し、【魔女化】しました。"
