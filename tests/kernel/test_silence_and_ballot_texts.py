"""What players read of a silence and of a ballot: a default says what the silence did (an abstention, a
skipped turn, no last words, a random target, a refused offer), in each ruleset's terms; where ballots
are public, who voted for whom and who abstained; an empty tally says that no vote was cast."""

from __future__ import annotations

import pytest

from grimoire.domain.catalog import RULESETS, fold
from grimoire.domain.codec import decode
from grimoire.domain.events import PUBLIC, Act, Action, Defaulted, Event, VoteResult
from grimoire.domain.texts import LANGS, has
from grimoire.projections.render import render
from tests.corpus.corpus import CORPORA, read_games

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
# What a text about a default must never say: that an answer was "taken by default", or that time ran out
# (a free discussion simply ends; a host may end the time early).
FALSE = ("default", "ran out", "既定", "時間切れ", "默认", "預設", "时间到", "時間到")
ABSTAIN = {"ja": "棄権", "zh-Hans": "弃票", "zh-Hant": "棄票", "en": "abst"}  # en: abstains, an abstention


def text(event: Event, lang: str, ruleset: str) -> str:
    line = render(event, lang, NAMES, ruleset)
    assert line is not None, (event, lang, ruleset)
    for word in FALSE:
        assert word not in line, (event, lang, line)
    return line


def _silent(kind: str, public: bool = False, target: int | None = None) -> Defaulted:
    return Defaulted(to=PUBLIC if public else (2,), seat=2, action=Action(kind=kind, target=target))


# --- defaults ------------------------------------------------------------------------------------


def test_text_default_vote_reads_as_abstention():
    for ruleset in RULESETS:
        for lang in LANGS:
            assert ABSTAIN[lang] in text(_silent("vote"), lang, ruleset)
    public = _silent("vote", public=True)  # magic_city's ordered and free votes are public
    assert text(public, "ja", "magic_city") == "Bobさんの投票がなかったため、棄権扱いとなりました。"
    assert text(public, "en", "magic_city") == "Bob did not vote in time: the ballot counts as an abstention."


@pytest.mark.parametrize("ruleset", ["jinro9", "langrensha"])
def test_text_default_speech_reads_as_skipped_turn(ruleset):
    speech = _silent("speak", public=True)
    skipped = {"ja": "スキップ", "zh-Hans": "跳过", "zh-Hant": "跳過", "en": "skipped"}
    for lang in LANGS:
        line = text(speech, lang, ruleset)
        assert skipped[lang] in line and "Bob" in line, line
    assert text(speech, "ja", ruleset) == "Bobさんの発言がなかったため、スキップして次へ進みます。"


@pytest.mark.parametrize("ruleset", ["jinro9", "langrensha"])
def test_text_default_last_words_reads_as_none(ruleset):
    none = {"ja": "Bobさんの遺言はありませんでした。", "zh-Hans": "Bob没有留下遗言。", "zh-Hant": "Bob沒有留下遺言。"}
    none["en"] = "Bob left no last words."
    for lang in LANGS:
        assert text(_silent("last_words", public=True), lang, ruleset) == none[lang]


@pytest.mark.parametrize("ruleset", ["jinro9", "ultimate13", "langrensha", "magic_city"])
def test_text_default_attack_reads_as_a_random_target(ruleset):
    random = {"ja": "ランダム", "zh-Hans": "随机", "zh-Hant": "隨機", "en": "at random"}
    attack = _silent("attack", target=4)
    for lang in LANGS:
        line = text(attack, lang, ruleset)
        assert random[lang] in line, line
        assert not any(name in line for name in NAMES), line  # a private line names no seat


def test_text_default_trade_answer_reads_as_refused():
    refused = {"ja": "断った", "zh-Hans": "拒绝交易", "zh-Hant": "拒絕交易", "en": "refused"}
    for lang in LANGS:
        assert refused[lang] in text(_silent("refuse"), lang, "witch_trial")


def test_text_free_discussion_end_is_not_a_timeout():
    ended = _silent("speak", public=True)
    over = {
        "ja": "Bobさんは準備完了にしないまま、議論時間が終了しました。",
        "zh-Hans": "Bob的讨论时间结束。",
        "zh-Hant": "Bob的討論時間結束。",
    }
    over["en"] = "Bob had not said ready when the discussion ended."
    for lang in LANGS:
        assert text(ended, lang, "ultimate13") == over[lang]


# --- ballots -------------------------------------------------------------------------------------

BALLOTS = VoteResult(vote="vote", tally={2: 1.0, 3: 2.0}, ballots={1: None, 2: 3, 3: 2, 4: 3, 5: None}, tied=())


@pytest.mark.parametrize("ruleset", ["ultimate13", "langrensha", "magic_city", "witch_trial"])
def test_text_public_ballots_say_who_voted_for_whom(ruleset):
    said = {
        "ja": "投票結果：Bobさん 1票（Cyさんから）、Cyさん 2票（Bobさん、Diさんから）。棄権：Annさん、Eveさん",
        "zh-Hans": "投票结果：Bob 1票（来自Cy）；Cy 2票（来自Bob和Di）。弃票：Ann和Eve",
        "zh-Hant": "投票結果：Bob 1票（來自Cy）；Cy 2票（來自Bob和Di）。棄票：Ann和Eve",
        "en": "Votes: 1 vote for Bob (from Cy); 2 votes for Cy (from Bob and Di). Abstained: Ann and Eve.",
    }
    for lang in LANGS:
        assert text(BALLOTS, lang, ruleset) == said[lang]
    # jinro9's ballots are secret: its tally names no voter
    secret = VoteResult(vote="vote", tally={2: 1.0, 3: 2.0})
    assert text(secret, "en", "jinro9") == "Votes: 1 vote for Bob and 2 votes for Cy."


def test_text_public_vote_names_its_target():
    vote = Act(seat=4, action=Action(kind="vote", target=2))
    incantation = Act(seat=4, action=Action(kind="vote", target=2, text="I trust #48"))
    assert text(vote, "ja", "magic_city") == "DiさんはBobさんに投票しました。"
    assert text(vote, "en", "magic_city") == "Di votes for Bob."
    assert text(incantation, "ja", "magic_city") == "Diさんは「I trust #48」と唱えてBobさんに投票しました。"
    assert text(incantation, "en", "magic_city") == "Di votes for Bob, with the incantation “I trust #48”."
    for lang in LANGS:
        assert "Bob" in text(vote, lang, "magic_city")
        assert "Bob" in text(incantation, lang, "magic_city") and "I trust #48" in text(incantation, lang, "magic_city")


def test_text_an_abstention_says_so():
    abstain = Act(seat=4, action=Action(kind="vote"))
    incantation = Act(seat=4, action=Action(kind="vote", text="I trust #48"))
    everyone = VoteResult(vote="imprison", tally={}, ballots={2: None, 3: None, 4: None})
    for lang in LANGS:
        assert ABSTAIN[lang] in text(abstain, lang, "magic_city")
        assert ABSTAIN[lang] in text(incantation, lang, "magic_city")
        line = text(everyone, lang, "witch_trial")
        assert ABSTAIN[lang] in line and all(name in line for name in ("Bob", "Cy", "Di")), line
    assert text(everyone, "en", "witch_trial") == "No votes for anyone: Bob, Cy, and Di abstained."


def test_text_empty_tally_says_no_ballot_was_cast():
    nobody = {
        "ja": "投票はありませんでした。",
        "zh-Hans": "无人投票。",
        "zh-Hant": "無人投票。",
        "en": "No votes were cast.",
    }
    for lang in LANGS:
        assert text(VoteResult(vote="runoff", tally={}), lang, "jinro9") == nobody[lang]
        assert text(VoteResult(vote="vote_runoff", tally={}, ballots={}), lang, "magic_city") == nobody[lang]


# --- every game of the house corpus ----------------------------------------------------------------


def _events_of(game: dict, types: tuple[str, ...]) -> list[Event]:
    wanted = tuple(f'"type":"{t}"' for t in types)
    return [decode(e.encode()) for e in game["events"] if any(w in e for w in wanted)]


def test_text_every_default_and_ballot_of_recorded_games_says_what_happened():
    """Every default the corpus's games took reads as its ruleset's own text (not the generic one), every
    open ballot names its voters, and every vote cast in public names its target."""
    seen: set[tuple[str, str]] = set()
    for game in (g for c in CORPORA.values() for g in read_games(c)):
        ruleset = game["ruleset"]
        names = fold(decode(e.encode()) for e in game["events"]).names
        for event in _events_of(game, ("defaulted", "vote_result", "act")):
            if isinstance(event, Defaulted):
                seen.add((ruleset, event.action.kind))
                assert has("defaulted." + event.action.kind, ruleset), (ruleset, event)
            for lang in LANGS:
                line = render(event, lang, names, ruleset)
                if isinstance(event, VoteResult) and event.ballots:
                    assert line is not None and all(names[v - 1] in line for v in event.ballots), (event, line)
                if isinstance(event, Act) and event.action.kind == "vote" and event.to == PUBLIC:
                    target = event.action.target
                    assert line is not None and (target is None or names[target - 1] in line), (event, line)
                if isinstance(event, Defaulted):
                    assert line is not None and not any(word in line for word in FALSE), (event, line)
    assert {kind for _, kind in seen} == {"vote", "speak", "last_words", "attack", "refuse", "talk", "whisper"}
