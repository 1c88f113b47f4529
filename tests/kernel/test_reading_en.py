"""English as a native Werewolf or card-game player reads it: tallies said the way a moderator says them,
counts agreeing with their lists, a prompt naming a move, a role or card written one way, every line ending
as a sentence ends, and each ruleset's own sentences (kernel cases, then the classes over recorded games)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

import grimoire.domain.rulesets as rulesets_package
from grimoire.domain.catalog import fold
from grimoire.domain.codec import decode
from grimoire.domain.events import PUBLIC, Act, Action, Decision, Notice, Prompt, VoteResult, sees
from grimoire.domain.texts import name_of, render_text
from grimoire.projections.render import render
from tests.corpus.corpus import CORPORA, read_games
from tests.support.words import spoken

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay")


def en(key: str, ruleset: str | None = None, **args: object) -> str:
    return render_text(key, "en", dict(args), NAMES, ruleset)


# --- votes ---------------------------------------------------------------------------------------


def test_text_en_tally_says_how_many_votes_for_whom_and_ends_with_a_period():
    secret = VoteResult(vote="vote", tally={2: 1.0, 3: 2.0})
    assert render(secret, "en", NAMES, "jinro9") == "Votes: 1 vote for Bob and 2 votes for Cy."
    public = VoteResult(vote="vote", tally={2: 1.0, 3: 2.0}, ballots={1: 3, 2: 3, 4: 2})
    line = render(public, "en", NAMES, "langrensha")
    assert line == "Votes: 1 vote for Bob (from Di); 2 votes for Cy (from Ann and Bob)."


# --- counts agree with the list told -----------------------------------------------------------------


def test_text_en_partner_list_agrees_with_its_count():
    pair = Notice(to=(1, 2), key="wolves.partners", args={"seats": [1, 2]})
    assert render(pair, "en", NAMES, "jinro9", viewer=1) == "Your fellow werewolf is Bob."
    pack = Notice(to=(1, 2, 3), key="wolves.partners", args={"seats": [1, 2, 3]})
    assert render(pack, "en", NAMES, "langrensha", viewer=2) == "Your fellow werewolves are Ann and Cy."
    masons = Notice(to=(4, 5), key="partners.known", args={"seats": [4, 5]})
    assert render(masons, "en", NAMES, "magic_city", viewer=5) == "Your fellow mason is Di."


# --- seers and mediums -------------------------------------------------------------------------------


def test_text_en_first_divination_is_not_a_revelation():
    for ruleset in ("jinro9", "ultimate13", "magic_city"):
        line = en("seer.first", ruleset, target=2, label="human")
        assert line == "First divination: Bob reads as human.", (ruleset, line)


def test_text_en_medium_result_names_a_role_as_a_result():
    # ultimate13's medium may learn the role: "reads as bodyguard" is no reading of a role
    role = en("medium.result", "ultimate13", target=3, label="hunter")
    assert role == "Medium result for the executed Cy: bodyguard."
    assert en("medium.result", "jinro9", target=3, label="werewolf") == "Medium result for the executed Cy: werewolf."


# --- what the table reads of a pass and a silence -------------------------------------------------


def test_text_en_passed_speech_reads_as_a_pass():
    passed = Act(to=PUBLIC, seat=2, action=Action(kind="speak"))
    assert render(passed, "en", NAMES, "jinro9", viewer="spectator") == "Bob passes without speaking."


def test_text_en_free_discussion_end_names_the_seat_first():
    assert en("defaulted.speak.seat", "ultimate13", seat=2) == "Bob had not said ready when the discussion ended."


# --- langrensha ---------------------------------------------------------------------------------------


def _prompt(ruleset: str, kind: str) -> str | None:
    event = Prompt(to=(1,), step=1, seat=1, decisions=(Decision(kind=kind),))
    return render(event, "en", NAMES, ruleset, viewer=1)


@pytest.mark.parametrize(
    ("kind", "move"), [("pick", "pick a card"), ("link", "choose the lovers"), ("badge", "pass the badge")]
)
def test_text_en_langrensha_prompt_names_a_move(kind, move):
    assert _prompt("langrensha", kind) == f"Your move: {move}."


def test_text_en_langrensha_withdrawal_step_names_what_is_withdrawn_from():
    assert en("step.opened", "langrensha", step="withdraw") == "Now: withdrawing from the race."


def test_text_en_langrensha_lovers_told_to_the_moderator_name_the_lover():
    told = en("told.lovers.partner", "langrensha", told=[1], target=2, role="seer")
    assert told == "Ann's lover is Bob (seer)."


def test_text_en_langrensha_idiot_and_candidates_read_as_sentences():
    assert en("idiot.revealed", "langrensha", seat=2) == "Bob is the idiot: Bob survives but can no longer vote."
    assert en("sheriff.candidates", "langrensha", seats=[1, 3]) == "Running for sheriff: Ann and Cy."


def test_text_en_langrensha_options_read_as_english():
    assert en("option.guard_self", "langrensha") == "Guard protects themselves"
    assert en("option.sheriff_rules.help", "langrensha")[0].isupper()
    assert "guard" not in en("option.consecutive_guard.help", "ultimate13").split()[:2]


# --- magic_city ---------------------------------------------------------------------------------------


def test_text_en_magic_city_moderator_says_the_document_sentences():
    assert en("executed", "magic_city", seat=2) == "It has been decided that Bob will be executed today."
    night = en("phase.night", "magic_city", day=1)
    assert night == "Well then, everyone, it seems night has come. Please close your eyes. (Night 1)"
    assert en("morning.none", "magic_city").startswith("Morning has come, everyone. Please open your eyes. ")


def test_text_en_magic_city_steps_read_in_their_frame():
    assert en("step.opened", "magic_city", step="check") == "Now: the role check."
    assert en("step.opened", "magic_city", step="silence") == "Now: the first minute of discussion."
    assert _prompt("magic_city", "event") == "Your move: event choice."


def test_text_en_magic_city_parliament_and_bathhouse():
    assert en("today.parliament", "magic_city", format="ordered") == "Today's vote format: ordered vote."
    assert en("format.ordered", "magic_city") == "ordered vote"
    bath = en("today.bathhouse", "magic_city", minutes=2)
    assert bath.startswith("For the first 2 minutes of today's discussion, talk only about things that have nothing")
    assert en("curse.none", "magic_city") == "Nobody is under the evil-eyed werewolf's curse today."


# --- witch_trial --------------------------------------------------------------------------------------


def test_text_en_witch_trial_lists_end_with_a_period_and_cards_keep_their_capitals():
    hand = Notice(to=(1,), key="hand.deal", args={"cards": ["barrier", "probe"]})
    assert render(hand, "en", NAMES, "witch_trial", viewer=1) == "Your hand: Barrier and Probe."
    assert en("barrier.success", "witch_trial") == "Your Barrier blocked an attack."
    passed = en("witch_killer.passed", "witch_trial", seat=1, target=2)
    assert passed == "Ann died as a wreck: the Witch Killer passes to Bob, who is now a witch."


def test_text_en_witch_trial_end_says_one_thing_after_each_colon():
    assert en("game.ended", "witch_trial", winners=[1, 2]) == "The game is over. The survivors win: Ann and Bob."


# --- the classes, over the recorded games of every ruleset ----------------------------------------------


@functools.cache
def _english_lines() -> tuple[tuple[str, str], ...]:
    """(ruleset, line) of every corpus game's feed in English, read by every viewer; words said aside."""
    lines: set[tuple[str, str]] = set()
    for corpus in CORPORA.values():
        for game in read_games(corpus):
            events = [decode(e.encode()) for e in game["events"]]
            state = fold(events)
            seats = len(state.names)
            for viewer in ("moderator", "spectator", *range(1, seats + 1)):
                for e in events:
                    if not sees(e.to, viewer):
                        continue
                    if spoken(e):
                        continue  # what a player said is theirs
                    line = render(e, "en", state.names, state.ruleset, viewer)
                    if line is not None:
                        lines.add((state.ruleset, line))
    return tuple(sorted(lines))


def test_text_en_every_feed_line_ends_as_a_sentence():
    unended = [line for _, line in _english_lines() if not re.search(r"[.!?)”]$", line)]
    assert not unended, unended[:5]


@pytest.mark.parametrize("ruleset", ["witch_trial", "magic_city"])
def test_text_en_card_names_keep_their_capitals(ruleset):
    """A card's name is a proper name: never written in lower case within a sentence."""
    catalog = (Path(rulesets_package.__file__).parent / ruleset / "texts" / "en.ftl").read_text(encoding="utf-8")
    names = [name_of("card", cid, "en", ruleset) for cid in re.findall(r"^card-(\w+) =", catalog, re.M)]
    assert names
    wrong = [
        line
        for rs, line in _english_lines()
        if rs == ruleset
        for name in names
        if re.search(rf"(?<![A-Za-z']){re.escape(name.lower())}(?![A-Za-z])", line) and name.lower() != name
    ]
    assert not wrong, wrong[:5]
