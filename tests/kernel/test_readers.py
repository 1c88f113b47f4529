"""Texts read for their reader: a list told to several seats names each reader's others only, the moderator
reads what seats were told in the third person naming them, and every feed item that tells a viewer
something has a text (kernel cases, then the classes over recorded games of every ruleset, every language)."""

from __future__ import annotations

import functools
import itertools
import re

import pytest

from grimoire.domain.catalog import RULESETS
from grimoire.domain.codec import decode
from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Act,
    Action,
    Decision,
    Event,
    GameCreated,
    Leave,
    Notice,
    Prompt,
    RoleDealt,
    sees,
)
from grimoire.domain.texts import LANGS
from grimoire.projections.render import render, silent
from grimoire.projections.view import SPECTATOR
from tests.corpus.corpus import CORPORA, read_games
from tests.support.words import spoken

NAMES = tuple(f"P{n:02d}" for n in range(1, 21))  # no name inside another: a name found is that seat
# Second-person address, by language: a moderator's line never speaks to its reader.
SECOND_PERSON = {
    "ja": re.compile("あなた"),
    "zh-Hans": re.compile("[你您]"),
    "zh-Hant": re.compile("[你您]"),
    "en": re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE),
}
GAMES_PER_RULESET = 4  # recorded games read per ruleset: every viewer, every language (CI: a few seconds)


@functools.cache
def recorded() -> dict[str, list[tuple[list[Event], int]]]:
    """A few recorded games of each ruleset and one random game played now by bots (today's events):
    their events and seat count."""
    from tests.kernel.test_texts import random_game

    games: dict[str, list[tuple[list[Event], int]]] = {r: [] for r in RULESETS}
    dead_see_all: dict[str, int] = dict.fromkeys(RULESETS, 0)
    for game in (g for c in CORPORA.values() for g in read_games(c)):
        ruleset, head = game["ruleset"], [decode(e.encode()) for e in game["events"][:2]]
        see_all = any(isinstance(e, GameCreated) and e.options.get("dead_see_all") for e in head)
        kept = games[ruleset]
        # half of them with `dead_see_all`, whose dead seats read every role
        if dead_see_all[ruleset] < GAMES_PER_RULESET // 2 if see_all else len(kept) - dead_see_all[ruleset] < 2:
            kept.append(([decode(e.encode()) for e in game["events"]], len(game["end"]["names"])))
            dead_see_all[ruleset] += see_all
    for ruleset, kept in games.items():
        played = random_game(ruleset, 0)
        kept.append((played.events, played.state.seats))
    return games


def feeds(ruleset: str):
    """(viewer, event, language, text) for every event each viewer reads in the sampled games."""
    for events, seats in recorded()[ruleset]:
        names = NAMES[:seats]
        for event, viewer, lang in itertools.product(events, [*range(1, seats + 1), SPECTATOR, MODERATOR], LANGS):
            if sees(event.to, viewer):
                yield viewer, event, lang, render(event, lang, names, ruleset, viewer)


# --- the kernel's cases ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_text_partner_list_never_names_its_reader(lang):
    partners = Notice(to=(1, 3, 5), key="wolves.partners", args={"seats": [1, 3, 5]})
    for reader in (1, 3, 5):
        text = render(partners, lang, NAMES[:9], "jinro9", reader)
        assert text and NAMES[reader - 1] not in text
        assert all(NAMES[s - 1] in text for s in (1, 3, 5) if s != reader)
    moderator = render(partners, lang, NAMES[:9], "jinro9", MODERATOR)
    assert moderator and all(NAMES[s - 1] in moderator for s in (1, 3, 5))


def test_text_a_lone_wolf_named_alone_reads_that_it_is_the_only_one():
    alone = Notice(to=(3,), key="wolves.partners", args={"seats": [3]})
    assert render(alone, "en", NAMES[:9], "magic_city", 3) == "You are the only werewolf."


@pytest.mark.parametrize("lang", LANGS)
def test_text_the_moderator_reads_a_seats_role_and_prompt_naming_the_seat(lang):
    dealt = RoleDealt(to=(3,), seat=3, role="werewolf")
    prompt = Prompt(to=(3,), step=1, seat=3, decisions=(Decision(kind="divine"),))
    for event in (dealt, prompt):
        mine = render(event, lang, NAMES[:9], "jinro9", 3)
        told = render(event, lang, NAMES[:9], "jinro9", MODERATOR)
        assert mine and SECOND_PERSON[lang].search(mine) and NAMES[2] not in mine
        assert told and not SECOND_PERSON[lang].search(told) and NAMES[2] in told
    assert render(dealt, "ja", NAMES[:9], "jinro9", MODERATOR) == "P03さんの役職は【人狼】です。"


@pytest.mark.parametrize("lang", LANGS)
def test_text_whisper_cap_withdraws_without_an_empty_prompt(lang):
    withdrawn = Prompt(to=(2,), step=4, seat=2, withdraw=("whisper",))
    assert render(withdrawn, lang, NAMES[:9], "jinro9", 2) is None
    assert render(withdrawn, lang, NAMES[:9], "jinro9", MODERATOR) is None
    assert silent(withdrawn)


def test_text_whisper_cap_in_a_game_closes_with_its_notice_and_no_empty_prompt():
    from tests.rulesets.jinro9.test_jinro9 import game

    g = game()
    a, b = g.seat_of("werewolf")
    for i in range(10):
        g.ok(g.act(a if i < 7 else b, "whisper", text=f"w{i}"))
    withdrawn = [e for e in g.events if isinstance(e, Prompt) and e.withdraw]
    closed = [e for e in g.events if isinstance(e, Notice) and e.key == "whisper.closed"]
    assert withdrawn and closed
    for lang, reader in itertools.product(LANGS, (a, b, MODERATOR)):
        assert all(render(e, lang, NAMES[:9], "jinro9", reader) is None for e in withdrawn)
        assert render(closed[0], lang, NAMES[:9], "jinro9", reader)


@pytest.mark.parametrize("lang", LANGS)
def test_text_leaving_the_lobby_a_skipped_speech_and_no_last_words(lang):
    events = (
        Leave(seat=4),
        Act(seat=2, action=Action(kind="speak")),
        Act(seat=2, action=Action(kind="speak", text="")),
        Act(seat=5, action=Action(kind="last_words")),
    )
    texts = [render(e, lang, NAMES[:9], "jinro9", SPECTATOR) for e in events]
    assert all(texts) and "4" in texts[0] and NAMES[1] in texts[1] and NAMES[4] in texts[3]


@pytest.mark.parametrize("ruleset", ["jinro9", "witch_trial"])
def test_text_dead_roles_has_a_text_where_roles_are_dealt(ruleset):
    dead = Notice(
        to=(2,), key="dead.roles", learn={1: "werewolf", 2: "seer"} if ruleset == "jinro9" else {1: "", 2: ""}
    )
    for lang in LANGS:
        text = render(dead, lang, NAMES[:9], ruleset, 2)
        assert (text is not None) == (ruleset == "jinro9") and (text is not None or silent(dead))


# --- the classes, over recorded games of every ruleset ------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_addressed_to_a_seat_never_lists_that_seat_among_the_others(ruleset):
    """A text told to seats never names its reader: a list names the others, a trade says "you"."""
    lists = 0
    for viewer, event, lang, text in feeds(ruleset):
        if isinstance(viewer, int) and event.to != PUBLIC and text and not spoken(event):
            assert NAMES[viewer - 1] not in text, (lang, text)
            lists += isinstance(event, Notice) and "seats" in event.args
    assert lists or ruleset == "witch_trial"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_the_moderators_lines_are_third_person(ruleset):
    """What the moderator reads of events told to seats or to itself never addresses its reader (words
    players said are theirs, and public announcements speak to the whole table)."""
    for viewer, event, lang, text in feeds(ruleset):
        if viewer == MODERATOR and event.to != PUBLIC and text and not spoken(event):
            assert not SECOND_PERSON[lang].search(text), (lang, text)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_text_every_feed_item_that_tells_something_has_a_text(ruleset):
    """Every event a viewer reads has a text, the moderator's records included, unless another text says
    what it tells (`silent`); a public ballot without words is read in its vote's tally."""
    for viewer, event, lang, text in feeds(ruleset):
        public_ballot = isinstance(event, Act) and event.action.kind == "vote" and event.to == PUBLIC
        assert text is not None or silent(event) or public_ballot, (viewer, lang, event)


@pytest.mark.parametrize("lang", LANGS)
def test_text_a_trade_reads_to_each_side_as_its_own(lang):
    from grimoire.domain.rulesets.witch_trial.facts import TradeAccepted, TradeRefused

    for event in (
        TradeAccepted(to=(2, 5), initiator=2, recipient=5, card="probe", got="barrier"),
        TradeRefused(to=(2, 5), initiator=2, recipient=5, card="probe"),
    ):
        initiator, recipient, moderator = (render(event, lang, NAMES[:8], "witch_trial", v) for v in (2, 5, MODERATOR))
        assert initiator and NAMES[1] not in initiator and NAMES[4] in initiator
        assert recipient and NAMES[4] not in recipient and NAMES[1] in recipient
        assert moderator and NAMES[1] in moderator and NAMES[4] in moderator


@pytest.mark.parametrize("lang", LANGS)
def test_text_the_witch_told_that_the_wolves_attacked_her_reads_it_of_herself(lang):
    told = Notice(to=(4,), key="witch.target", args={"target": 4})
    text = render(told, lang, NAMES[:12], "langrensha", 4)
    assert text and NAMES[3] not in text and SECOND_PERSON[lang].search(text)
    assert NAMES[3] in (render(told, lang, NAMES[:12], "langrensha", MODERATOR) or "")


def test_text_dead_roles_lists_every_other_seat_and_not_the_reader():
    dead = Notice(to=(2,), key="dead.roles", learn={1: "werewolf", 2: "seer", 3: "villager"})
    text = render(dead, "en", NAMES[:9], "jinro9", 2)
    assert text and NAMES[0] in text and NAMES[2] in text and NAMES[1] not in text


def test_text_a_ruleset_that_words_a_message_its_own_way_words_its_moderators_twin_too():
    """Where a ruleset's catalog has its own `<key>`, it has its own `told-<key>`: the moderator reads the
    ruleset's terms (ultimate13's medium is 霊媒, not the shared 霊能)."""
    from grimoire.domain.texts import MESSAGES

    for key in MESSAGES:
        ruleset, _, own = key.partition(".")
        if ruleset in RULESETS and f"told.{own}" in MESSAGES:
            assert f"{ruleset}.told.{own}" in MESSAGES, key


def test_text_a_speech_names_its_speaker_as_every_line_names_a_seat():
    speech = Act(seat=2, action=Action(kind="speak", text="I trust #5"))
    expected = {
        "ja": f"{NAMES[1]}さん：I trust #5",
        "zh-Hans": f"{NAMES[1]}：I trust #5",
        "en": f"{NAMES[1]}: I trust #5",
    }
    for lang, text in expected.items():
        assert render(speech, lang, NAMES[:9], "jinro9", SPECTATOR) == text


@pytest.mark.parametrize("lang", LANGS)
def test_text_the_moderator_reads_an_answer_naming_nobody_as_naming_nobody(lang):
    """A secret abstention reads as an abstention and a declined guard as naming nobody, never as the bare
    action's name (which reads as if the seat had guarded)."""
    abstain = Act(to=(2,), seat=2, action=Action(kind="vote"))
    declined = Act(to=(3,), seat=3, action=Action(kind="guard"))
    slept = Act(to=(4,), seat=4, action=Action(kind="sleep"))
    voted_nobody = render(abstain, lang, NAMES[:9], "jinro9", MODERATOR)
    guarded_nobody = render(declined, lang, NAMES[:9], "jinro9", MODERATOR)
    assert voted_nobody == render(Act(seat=2, action=Action(kind="vote")), lang, NAMES[:9], "ultimate13", SPECTATOR)
    assert guarded_nobody != render(
        Act(to=(3,), seat=3, action=Action(kind="guard", target=5)), lang, NAMES[:9], "jinro9", MODERATOR
    )
    assert guarded_nobody != render(slept, lang, NAMES[:9], "jinro9", MODERATOR).replace(NAMES[3], NAMES[2])
    assert any(word in guarded_nobody for word in ("nobody", "対象なし", "未选择对象", "未選擇對象"))
