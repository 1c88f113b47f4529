"""The forms of the texts in every language: alternatives joined as alternatives, every count in the form its
number takes, no English word inside a Japanese or Chinese text, problem documents wholly in the language
asked, step names and labels as a reader expects them.

The classes are checked over every event of the house corpus's games (300 games, every ruleset), each
rendered once per language as its feeds render it, and over every problem the service can answer.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import FluentParser, FluentSerializer, ast

from grimoire.domain.catalog import RULESETS, decide, initial_state
from grimoire.domain.codec import decode
from grimoire.domain.events import CreateGame, Decision, Event, GameCreated, Join, Notice, Prompt
from grimoire.domain.texts import LANGS, MESSAGES, MissingText, has, join, name_of, render_text
from grimoire.domain.violations import RuleViolation, known_codes
from grimoire.projections.render import render
from grimoire.service.labels import labels_of
from grimoire.service.problems import problem, violation
from tests.corpus.corpus import CORPORA, SERVICE_STATUS, read_games
from tests.support.words import spoken

ROOT = Path(__file__).resolve().parents[2]
CJK = ("ja", "zh-Hans", "zh-Hant")
# Words the rule documents themselves write in Latin letters inside their Japanese or Chinese text
LATIN_TERMS = frozenset({"PK", "GM", "JSON", "UTF"})
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Arguments that carry what a player wrote (a word the city's event imposes), not the catalog's words
PLAYER_WORDS = ("word", "text")


@functools.cache
def corpus() -> list[tuple[str, tuple[str, ...], list[Event]]]:
    """Every game of the house corpus: its ruleset, its seats' names (those who joined too), its events."""
    games = []
    for game in (g for c in CORPORA.values() for g in read_games(c)):
        events = [decode(e.encode()) for e in game["events"]]
        created = next(e for e in events if isinstance(e, GameCreated))
        names = (*created.names, *(e.name for e in events if isinstance(e, Join)))
        games.append((game["ruleset"], names, events))
    return games


@functools.cache
def corpus_texts(lang: str) -> list[tuple[str, Event, str, tuple[str, ...]]]:
    """Every text of the corpus in `lang` that the catalogs write (a player's own words left out)."""
    out = []
    for ruleset, names, events in corpus():
        for event in events:
            if spoken(event):
                continue
            try:
                text = render(event, lang, names, ruleset)
            except MissingText:
                continue  # an event without a text is another class's defect
            if text:
                out.append((ruleset, event, text, names))
    return out


def without_names(text: str, names: tuple[str, ...], event: Event | None = None) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    if isinstance(event, Notice):
        for arg in PLAYER_WORDS:
            if isinstance(event.args.get(arg), str):
                text = text.replace(event.args[arg], "")
    return text


def english_words(text: str) -> set[str]:
    return set(LATIN_WORD.findall(text)) - LATIN_TERMS


# --- alternatives ---------------------------------------------------------------------------------


def test_text_a_prompts_alternatives_are_joined_with_or_in_every_language():
    kinds = ("barrier", "probe", "pass")
    prompt = Prompt(to=(3,), step=4, seat=3, decisions=tuple(Decision(kind=k) for k in kinds))
    word = {"en": ", or ", "ja": "、または", "zh-Hans": "或", "zh-Hant": "或"}
    for lang in LANGS:
        text = render(prompt, lang, (), "witch_trial")
        names = [name_of("action", k, lang, "witch_trial") for k in kinds]
        assert f"{names[1]}{word[lang]}{names[2]}" in text, text
        assert f"{names[0]}、{names[1]}" in text or f"{names[0]}, {names[1]}" in text, text
    assert (
        render(prompt, "en", (), "witch_trial")
        == "Your move: " + join([name_of("action", k, "en", "witch_trial") for k in kinds], "en", "or") + "."
    )


def test_text_every_prompt_of_the_corpus_joins_its_alternatives_as_alternatives():
    checked = 0
    for lang in LANGS:
        for ruleset, event, text, _ in corpus_texts(lang):
            if not isinstance(event, Prompt):
                continue
            kinds = list(dict.fromkeys(d.kind for d in event.decisions))
            if len(kinds) < 2:
                continue
            words = [name_of("action", k, lang, ruleset) for k in kinds]
            assert join(words, lang, "or") in text, (ruleset, lang, text)
            assert join(words, lang) not in text, (ruleset, lang, text)
            checked += 1
    assert checked > 100


# --- counts ---------------------------------------------------------------------------------------

# The English nouns a count names, in both forms
COUNT_NOUNS = re.compile(
    r"^(votes?|cards?|players?|rounds?|minutes?|seconds?|actions?|characters?|roles?|werewol(f|ves)|\{ -\w+ \}s?)$"
)
NUMBERS = ("count", "max", "dealt", "needed", "players")
COUNTED = re.compile(r"\{ \$(\w+) \} (\{ -\w+ \}s?|[A-Za-z]+)")


def english_catalogs() -> list[Path]:
    return [ROOT / "domain" / "texts" / "en.ftl", *sorted((ROOT / "domain" / "rulesets").glob("*/texts/en.ftl"))]


def test_text_a_message_that_counts_something_chooses_its_form_by_the_number():
    """`{ $count } votes` reads "1 votes" for one: a number followed by what it counts selects its plural form."""
    unselected = []
    for path in english_catalogs():
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(entry, ast.Message) or entry.value is None:
                continue
            source = FluentSerializer().serialize_entry(entry)
            for variable, noun in COUNTED.findall(source):
                if variable in NUMBERS and COUNT_NOUNS.match(noun) and f"PLURAL(${variable})" not in source:
                    unselected.append(f"{path.parent.parent.name}: {entry.id.name}")
    assert not unselected, sorted(set(unselected))


def test_text_every_count_of_the_corpus_agrees_with_its_number():
    one_plural = re.compile(r"\b1 (votes|cards|players|rounds|minutes|seconds|actions|characters|roles)\b")
    many_singular = re.compile(r"\b([02-9]|\d{2,}) (vote|card|player|round|minute|second|action|character|role)\b")
    for ruleset, _, text, _ in corpus_texts("en"):
        assert not one_plural.search(text) and not many_singular.search(text), (ruleset, text)
    for lang in CJK:
        for ruleset, _, text, _ in corpus_texts(lang):
            assert not re.search(r"1枚、そのうち1枚|持有1[张張]手牌，其中一[张張]", text), (ruleset, text)


@pytest.mark.parametrize("lang", LANGS)
def test_text_probe_of_a_single_card_reads_as_one_card(lang):
    one = render_text("probe.result", lang, {"target": 1, "count": 1, "card": "barrier"}, ("Ann",), "witch_trial")
    many = render_text("probe.result", lang, {"target": 1, "count": 3, "card": "barrier"}, ("Ann",), "witch_trial")
    assert one != many.replace("3", "1")
    assert (
        "1 cards" not in one
        and "1枚、そのうち" not in one
        and "1张手牌，其中" not in one
        and "1張手牌，其中" not in one
    )


def test_text_impeach_tally_and_a_game_of_one_count_in_the_singular():
    assert render_text("impeach.tally", "en", {"count": 1}, (), "langrensha") == "1 vote to impeach."
    assert render_text("impeach.tally", "en", {"count": 2}, (), "langrensha") == "2 votes to impeach."
    assert render_text("error.speech_too_long", "en", {"max": 1}).endswith("(at most 1 character).")
    assert render_text("game.created", "en", {"ruleset": "jinro9", "count": 1}).endswith(", 1 player).")


def test_text_a_message_may_choose_a_variant_for_an_exact_number_in_a_language_without_plurals():
    assert "1枚のみ" in render_text(
        "probe.result", "ja", {"target": 1, "count": 1, "card": "probe"}, ("A",), "witch_trial"
    )
    assert "1枚のみ" not in render_text(
        "probe.result", "ja", {"target": 1, "count": 2, "card": "probe"}, ("A",), "witch_trial"
    )


# --- no English inside Japanese or Chinese -----------------------------------------------------------


@pytest.mark.parametrize("lang", CJK)
def test_text_no_english_word_inside_a_japanese_or_chinese_feed(lang):
    found = set()
    for ruleset, event, text, names in corpus_texts(lang):
        for word in english_words(without_names(text, names, event)):
            found.add((ruleset, word, text))
    assert not found, sorted(found)[:20]


@pytest.mark.parametrize("lang", CJK)
def test_text_no_english_word_inside_a_rulesets_labels(lang):
    found = []
    for ruleset, rs in RULESETS.items():
        for group, names in _label_groups(rs, lang).items():
            found += [(ruleset, group, i, n) for i, n in names.items() if english_words(n)]
    assert not found, found


def _label_groups(rs: Any, lang: str) -> dict[str, dict[str, str]]:
    labels = labels_of(rs, lang)
    return {field: getattr(labels, field) for field in labels.__struct_fields__}


# --- problem documents ----------------------------------------------------------------------------

# Representative arguments of every refusal and reason (a role the list names that no ruleset knows is
# shown as the host typed it: left out of the check as a player's own word)
ARGS: dict[str, Any] = {
    "max": 1000,
    "option": "speech_seconds",
    "version": 7,
    "ruleset": "jinro9",
    "stored_ruleset_version": "1",
    "ruleset_version": "2",
    "stored_engine_version": "1",
    "engine_version": "2",
    "dealt": 8,
    "players": 9,
    "needed": 2,
    "ids": "wizard",
    "roles": ["mason", "knight"],
    "count": 2,
}


def every_problem() -> list[tuple[str, int, dict[str, Any]]]:
    """(code, status, args) for every code the service answers, and every reason of a code, with the
    arguments its message reads."""
    import grimoire.service.app  # noqa: F401  the service's own codes' texts

    out = []
    for key, texts in MESSAGES.items():
        head, _, rest = key.partition(".")
        code, _, reason = rest.partition(".")
        if head != "error" or code not in known_codes():
            continue
        reads = texts["en"].variables | texts["en"].selectors
        args = {name: ARGS[name] for name in reads} | ({"reason": reason} if reason else {})
        out.append((code, SERVICE_STATUS.get(code, 0), args))
    return out


def problem_of(code: str, status: int, args: dict[str, Any], lang: str) -> tuple[str, str]:
    p = problem(status, code, lang, args) if status else violation(RuleViolation(code=code, args=args), lang)
    return p.title, p.detail


@pytest.mark.parametrize("lang", LANGS)
def test_problem_documents_are_entirely_in_the_language_asked(lang):
    wrong = []
    for code, status, args in every_problem():
        title, detail = problem_of(code, status, args, lang)
        text = f"{title} {detail}".replace(ARGS["ids"], "")
        if lang == "en":
            if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
                wrong.append((code, args.get("reason"), text))
        elif english_words(text):
            wrong.append((code, args.get("reason"), text))
    assert not wrong, wrong


def test_problem_titles_differ_by_language_and_name_no_http_phrase_outside_english():
    for status in (400, 401, 403, 404, 409, 422, 429, 500, 503):
        titles = {lang: problem(status, "internal", lang).title for lang in LANGS}
        assert len(set(titles.values())) >= 3, titles
    assert problem(422, "bad_roles", "en").title == "Unprocessable Content"


def test_problem_a_refused_option_is_named_by_its_name_not_its_id():
    refused = RuleViolation(code="bad_option", args={"option": "speech_seconds"})
    assert "発言時間" in violation(refused, "ja").detail and "speech_seconds" not in violation(refused, "ja").detail
    city = RuleViolation(code="bad_option", args={"option": "first_seer"})
    assert "first_seer" not in violation(city, "zh-Hans", ruleset="magic_city").detail


def create(ruleset: str, seats: int, roles: tuple[str, ...]) -> Any:
    return decide(initial_state(), CreateGame(game_id="g", ruleset=ruleset, seats=seats, roles=roles, seed="00" * 32))


REFUSED_SETUPS = [
    ("jinro9", 9, ()),
    ("magic_city", 9, ("citizen",) * 5 + ("prophet", "medium", "werewolf", "madman")),
    ("magic_city", 9, ("citizen",) * 4 + ("prophet", "mason", "knight", "werewolf", "madman")),
    ("jinro9", 9, ("villager",) * 8),
    ("jinro9", 9, ("villager",) * 9),
    ("jinro9", 9, ("wizard",) * 9),
    ("ultimate13", 13, ("werewolf",) * 13),
    ("langrensha", 6, ("werewolf", "thief", "villager", "villager", "villager")),
    ("langrensha", 6, ("werewolf", "thief", *("villager",) * 6)),
    ("langrensha", 6, ("werewolf", "cupid", "cupid", "villager", "villager", "villager")),
    ("magic_city", 9, ("citizen",) * 6 + ("werewolf",) * 3),
    ("magic_city", 9, ("citizen",) * 4 + ("werewolf", "madman", "prophet", "medium", "medium")),
    ("magic_city", 9, ("citizen",) * 4 + ("madman", "madman", "prophet", "medium", "knight")),
    ("witch_trial", 5, ()),
    ("witch_trial", 5, ("probe",) * 20),
    ("witch_trial", 5, ("sword",) * 20),
    ("witch_trial", 5, ("probe",) * 19),
]


@pytest.mark.parametrize("ruleset, seats, roles", REFUSED_SETUPS)
def test_refusal_a_setups_reason_is_a_message_id_with_arguments_in_every_language(ruleset, seats, roles):
    out = create(ruleset, seats, roles)
    assert isinstance(out, RuleViolation) and out.code in ("bad_roles", "bad_pool"), out
    reason = out.args["reason"]
    assert re.fullmatch(r"[a-z_]+", reason) and has(f"error.{out.code}.{reason}"), out.args
    for lang in CJK:
        detail = violation(out, lang, ruleset=ruleset).detail
        assert not english_words(detail.replace(out.args.get("ids", "\0"), "")), detail


# --- step names and labels ------------------------------------------------------------------------


def test_text_english_step_names_read_in_lower_case_as_the_sentence_places_them():
    for ruleset, rs in RULESETS.items():
        for step, name in labels_of(rs, "en").steps.items():
            assert name[0].islower(), (ruleset, step, name)


def test_labels_name_only_the_rulesets_own_results_teams_steps_decisions_and_refusals():
    foreign = {"witch_killer_only", "offer_pending", "babel_word", "cursed_silent", "trade_used"}
    for ruleset, rs in RULESETS.items():
        labels = labels_of(rs, "en")
        assert set(labels.results) <= {"aborted", *rs.end_reasons}
        for team in labels.teams:
            assert any(getattr(r, "team", None) == team for r in rs.roles.values()) or has(f"{ruleset}.team.{team}")
        own_refusals = {
            k.split(".")[1] for k, t in MESSAGES.items() if k.startswith("error.") and t["en"].catalog == ruleset
        }
        assert not (set(labels.barred) & foreign) - own_refusals, ruleset
    assert "fox" not in labels_of(RULESETS["ultimate13"], "en").results
    assert not labels_of(RULESETS["witch_trial"], "en").teams
    assert "speech" not in labels_of(RULESETS["witch_trial"], "en").steps


def test_text_demo_winners_are_named_with_the_honorific_as_every_line_names_them():
    from grimoire.service.cli import reveal

    view = {"names": ["Ann", "Bo"], "roles": {}, "alive": [True, True], "winners": [1, 2], "ruleset": "jinro9"}
    assert "勝者：Annさん、Boさん" in reveal(view, "ja", 3, {"ok": True, "problems": []})
    assert "Winners: Ann and Bo" in reveal(view, "en", 3, {"ok": True, "problems": []})
