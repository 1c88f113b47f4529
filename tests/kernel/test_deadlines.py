"""Rulings, "Deadlines", from engine version 3: a deadline that passes while a seat owes an answer
reminds that seat alone (what it owes, the time left) and extends the step by a quarter of its length,
at least 10 s (times `time_scale`); nobody else reads "time is up" or "extended", and the default's
outcome is read once, by the default's own audience. Games pinned to engine 2 keep their deadlines."""

from __future__ import annotations

from grimoire.domain.catalog import verify
from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    DeadlineExtended,
    Defaulted,
    Event,
    Notice,
    StepOpened,
    Timeout,
    sees,
)
from grimoire.projections.render import render
from grimoire.projections.view import SPECTATOR
from tests.support.harness import Script
from tests.support.versions import deployed

NAMES = tuple(f"P{i}" for i in range(1, 10))


def first_speech(options: dict | None = None, engine: str | None = None) -> Script:
    """A jinro9 game at the first speaking turn of day 1 (20-second turns unless `options` say otherwise)."""
    with deployed("jinro9", "4" if engine is None else "3", engine):
        game = Script("jinro9", 9, preset="9A", seed=1, options={"speech_seconds": 20, **(options or {})})
    game.start()
    game.night()  # night 0
    assert game.step_name() == "speech"
    return game


def texts(events: list[Event], viewer: int | str, lang: str = "en") -> list[str]:
    """What `viewer` reads of `events` (the texts of those whose audience includes it)."""
    out = []
    for event in events:
        if sees(event.to, viewer):
            text = render(event, lang, NAMES, "jinro9", viewer)
            if text is not None:
                out.append(text)
    return out


def until_next_step(events: list[Event]) -> list[Event]:
    """The events before the next step opens (what the deadline itself told)."""
    return events[: next((i for i, e in enumerate(events) if isinstance(e, StepOpened)), len(events))]


def test_rule_deadlines_a_missed_turn_is_one_line():
    game = first_speech()
    assert game.state.engine_version == "3"
    speaker = game.state.step.public[0]
    reminded, defaulted = game.timeout(), []
    reminded += game.timeout()
    defaulted = until_next_step(game.timeout())
    others = [s for s in range(1, 10) if s != speaker]
    for viewer in (*others, SPECTATOR):
        assert texts(reminded, viewer) == []
        assert texts(defaulted, viewer) == [f"P{speaker} did not speak in time: the turn is skipped."]
    assert texts(reminded, speaker) == ["You have not answered yet (speech): 10 seconds left."] * 2
    assert texts(defaulted, speaker) == [f"P{speaker} did not speak in time: the turn is skipped."]
    assert verify(game.events).ok


def test_rule_deadlines_extension_is_a_quarter_of_the_step_at_least_10_s():
    game = first_speech()  # a 20-second turn: a quarter is 5 s, so 10 s
    opened = game.state.step.opened_at
    assert game.state.step.deadline == opened + 20_000
    game.timeout()
    assert game.state.step.deadline == opened + 30_000
    game.timeout()
    assert game.state.step.deadline == opened + 40_000  # the silent turn lasts 40 s, not 60 s
    long = first_speech({"speech_seconds": 200})  # a quarter of 200 s is 50 s
    opened = long.state.step.opened_at
    long.timeout()
    assert long.state.step.deadline == opened + 250_000
    scaled = first_speech({"time_scale": 0.5})  # 10 s turns: at least 10 s × 0.5
    opened = scaled.state.step.opened_at
    scaled.timeout()
    assert scaled.state.step.deadline == opened + 15_000


def test_rule_deadlines_the_reminder_names_what_is_owed_and_the_time_left_to_that_seat_alone():
    game = first_speech({"speech_seconds": 200})
    speaker = game.state.step.public[0]
    out = game.timeout()
    (reminder,) = [e for e in out if isinstance(e, Notice)]
    assert reminder.to == (speaker,) and reminder.args == {"kinds": ["speak"], "left": 50}
    assert [e.to for e in out if isinstance(e, Timeout)] == [MODERATOR]
    assert [e.quiet for e in out if isinstance(e, DeadlineExtended)] == [True]
    reads = {lang: render(reminder, lang, NAMES, "jinro9", speaker) for lang in ("ja", "zh-Hans", "zh-Hant", "en")}
    assert reads == {
        "ja": "まだ行動が済んでいません（発言）。残り50秒です。",
        "zh-Hans": "你还没有行动（发言），还剩50秒。",
        "zh-Hant": "你還沒有行動（發言），還剩50秒。",
        "en": "You have not answered yet (speech): 50 seconds left.",
    }
    moderator = render(reminder, "en", NAMES, "jinro9", MODERATOR)
    assert moderator == f"P{speaker} has not answered yet (speech): 50 seconds left."


def test_rule_deadlines_a_reminder_says_a_long_extension_in_minutes_and_seconds():
    game = first_speech({"speech_seconds": 360})  # a quarter: 90 s
    out = game.timeout()
    (reminder,) = [e for e in out if isinstance(e, Notice)]
    assert render(reminder, "ja", NAMES, "jinro9", reminder.to[0]).endswith("残り1分30秒です。")


def test_rule_deadlines_a_secret_ballots_default_stays_secret():
    game = first_speech()
    game.talk()
    assert game.step_name() == "vote"
    silent = game.state.step.owing()[0]
    for seat in game.state.step.owing()[1:]:
        game.ok(game.act(seat, "vote", next(t for t in game.living() if t not in (seat, silent))))
    told = game.timeout() + game.timeout() + game.timeout()
    (default,) = [e for e in told if isinstance(e, Defaulted)]
    assert default.seat == silent and default.to == (silent,)
    for viewer in (*(s for s in range(1, 10) if s != silent), SPECTATOR):
        assert not [t for t in texts(told, viewer) if f"P{silent}" in t and "abstain" in t]
        assert not [t for t in texts(told, viewer) if "Time is up" in t or "extended" in t]
    assert texts([default], silent) == ["You did not vote in time: your ballot counts as an abstention."]


def test_rule_deadlines_the_host_forcing_a_deadline_is_told_to_the_table():
    game = first_speech()
    out = game.timeout(forced=True)
    assert [e.to for e in out if isinstance(e, Timeout)] == [PUBLIC]
    assert "The host ended the time early." in texts(out, SPECTATOR)


def test_rule_deadlines_a_game_pinned_to_engine_2_keeps_its_deadlines():
    game = first_speech(engine="2")
    assert game.state.engine_version == "2"
    speaker = game.state.step.public[0]
    opened = game.state.step.opened_at
    out = game.timeout() + game.timeout()
    assert game.state.step.deadline == opened + 60_000  # the whole length again, twice
    spectator = texts(out, SPECTATOR)
    assert spectator == ["Time is up.", "The deadline was extended."] * 2
    assert texts(out, speaker) == ["Time is up.", "The deadline was extended.", "You still owe a decision."] * 2
    assert not [e for e in out if isinstance(e, DeadlineExtended) and e.quiet]
    assert verify(game.events).ok


def test_text_the_retries_option_is_named_and_explained_in_the_create_form_in_every_language():
    """The create form shows each option's name and help (`GET /rulesets/{id}`): `retries` says what a
    reminder does, how long it extends (a quarter, at least 10 s) and what follows."""
    from grimoire.domain.catalog import RULESETS
    from grimoire.domain.ruleset import COMMON_OPTIONS
    from grimoire.service.labels import option_info

    quarter = {"ja": "4分の1", "zh-Hans": "四分之一", "zh-Hant": "四分之一", "en": "a quarter"}
    for ruleset in ("jinro9", "langrensha", "magic_city", "ultimate13", "witch_trial"):
        for lang, words in quarter.items():
            info = option_info(RULESETS[ruleset], "retries", COMMON_OPTIONS["retries"], lang)
            assert words in info.help and "10" in info.help, (ruleset, lang, info.help)
            assert info.name and info.name != info.help
    assert option_info(RULESETS["jinro9"], "retries", COMMON_OPTIONS["retries"], "en").name == (
        "Reminders before the default"
    )
