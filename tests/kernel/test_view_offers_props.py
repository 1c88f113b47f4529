"""Clients need nothing but their own view to play legally: for every ruleset, bots that take only
the decisions their own view lists (owed, repeatable, or an answer still open to change), choose only
among the listed targets and options, keep to the text caps and speech rules, and leave a target out
only where the decision is optional, are never refused. Deadlines move the game on when nobody acts.

Each seat's view is folded by `deliver`, as the service keeps it. Hypothesis draws the game (ruleset
preset or role list, options, seed); a random stream seeded from the draw makes the bots' choices.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.domain.catalog import RULESETS
from grimoire.domain.events import Act, Action, Decision, Start, Timeout
from grimoire.domain.violations import RuleViolation
from grimoire.projections.view import View
from grimoire.service.bots import say
from tests.rulesets.langrensha.test_langrensha_props import role_lists
from tests.rulesets.magic_city.test_magic_city_props import random_roles
from tests.support.harness import T0, Game

GAMES = 2000 if os.environ.get("CI") else 100
SLOW_GAMES = 20000


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


# --- the bots --------------------------------------------------------------------------------------


def answerable(view: View) -> tuple[list[Decision], list[Decision]]:
    """What the view offers now: decisions owed, and those it may take (again) without owing them."""
    if view.answered is None:
        owed = [d for d in view.decisions if not d.repeatable]
        again = [d for d in view.decisions if d.repeatable]
    else:
        owed = []
        again = [d for d in view.decisions if d.repeatable or not d.final]
    return owed, again


def choose(decision: Decision, rng: random.Random) -> Action:
    """A choice among nothing but what the decision lists (which must itself be answerable)."""
    barred = {seat for seat, _ in decision.barred}
    assert not barred & set(decision.targets), f"seats both legal and barred in {decision}"
    assert len(decision.targets) >= decision.count or decision.count == 1, f"too few targets in {decision}"
    assert decision.targets or not decision.barred or decision.optional, f"every target barred in {decision}"
    assert len(decision.exact_text or decision.text_suffix) <= decision.text, (
        f"a speech rule longer than its cap: {decision}"
    )
    target, targets = None, ()
    if decision.count > 1:
        targets = tuple(rng.sample(decision.targets, decision.count))
    elif decision.targets and not (decision.optional and rng.random() < 0.2):
        target = rng.choice(decision.targets)
    option = rng.choice(decision.options) if decision.options else None
    text = None
    if decision.text:
        if decision.exact_text:
            text = decision.exact_text
        else:
            suffix = decision.text_suffix
            text = say(rng, decision.text - len(suffix)) + suffix
    return Action(kind=decision.kind, target=target, targets=targets, option=option, text=text)


def refused(ruleset: str, seat: int, decision: Decision, action: Action, why: RuleViolation, config) -> str:
    return (
        f"{ruleset} {config}: seat {seat} was refused {why.code!r} {why.args} for {action} "
        f"answering its view's decision {decision}"
    )


def play(
    ruleset: str,
    seats: int,
    seed: int,
    preset: str | None = None,
    roles: tuple[str, ...] = (),
    options: dict | None = None,
    watch: Callable[[dict[int | str, View]], None] | None = None,
) -> None:
    """A game played to its end; `watch`, if given, sees every view (the moderator's and a spectator's
    too) after each input."""
    rng = random.Random(seed)
    silence = rng.choice((0.0, 0.05, 0.3))  # how often nobody acts and the deadline passes
    chatter = rng.choice((0.1, 0.5, 0.8))  # how often a seat takes a decision it does not owe
    config = dict(seats=seats, preset=preset, roles=roles, options=options, seed=seed)
    game = Game(ruleset, seats, preset=preset, roles=roles, options=options, seed=seed)
    views, now = game.views, T0

    def submit(inp) -> RuleViolation | None:
        out = game.submit(inp)
        if isinstance(out, RuleViolation):
            return out
        if watch is not None:
            watch(views)
        return None

    assert submit(Start(at=now)) is None
    for _ in range(20000):
        if game.state.status == "ended":
            return
        now += 1000
        owed, again = [], []
        for seat in range(1, seats + 1):
            must, may = answerable(views[seat])
            owed += [(seat, d) for d in must]
            again += [(seat, d) for d in may]
        if again and rng.random() < chatter:
            seat, decision = rng.choice(again)
        elif owed and rng.random() >= silence:
            seat, decision = rng.choice(owed)
        else:
            step = game.state.open_step()
            forced = step.deadline is None
            now = now if forced else max(now, step.deadline)
            why = submit(Timeout(at=now, step=step.no, forced=forced))
            assert why is None, (ruleset, config, why)
            continue
        action = choose(decision, rng)
        why = submit(Act(at=now, seat=seat, action=action))
        assert why is None, refused(ruleset, seat, decision, action, why, config)
    raise AssertionError(f"{ruleset} {config}: the game did not end")


# --- the games of every ruleset -------------------------------------------------------------------

SEEDS = st.integers(0, 2**32)
CAPS = st.sampled_from((1000, 1000, 24, 4))


@st.composite
def option_sets(draw, ruleset: str) -> dict:
    """Every bool and choice option of the ruleset drawn, a short speech cap sometimes, few reminders."""
    options = {"retries": draw(st.integers(0, 1)), "speech_max_chars": draw(CAPS)}
    for name, spec in RULESETS[ruleset].options.items():
        if spec.type == "bool":
            options[name] = draw(st.booleans())
        elif spec.type == "choice":
            options[name] = draw(st.sampled_from(spec.choices))
    return options


@st.composite
def jinro9_games(draw) -> dict:
    preset = draw(st.sampled_from(("9A", "9B", "9C")))
    return dict(ruleset="jinro9", seats=9, preset=preset, options=draw(option_sets("jinro9")))


@st.composite
def ultimate13_games(draw) -> dict:
    return dict(ruleset="ultimate13", seats=13, preset="13", options=draw(option_sets("ultimate13")))


@st.composite
def langrensha_games(draw) -> dict:
    seats = draw(st.integers(6, 20))
    options = draw(option_sets("langrensha"))
    if draw(st.booleans()):
        return dict(ruleset="langrensha", seats=seats, preset=str(seats), options=options)
    return dict(ruleset="langrensha", seats=seats, roles=draw(role_lists(seats)), options=options)


@st.composite
def magic_city_games(draw) -> dict:
    seats = draw(st.integers(8, 20))
    options = draw(option_sets("magic_city"))
    if draw(st.booleans()):
        return dict(ruleset="magic_city", seats=seats, preset=str(seats), options=options)
    roles = random_roles(seats, random.Random(draw(SEEDS)))
    return dict(ruleset="magic_city", seats=seats, roles=roles, options=options)


@st.composite
def witch_trial_games(draw) -> dict:
    seats = draw(st.sampled_from((7, 8, 9)))
    options = draw(option_sets("witch_trial"))
    options["days"] = draw(st.integers(1, 7))
    return dict(ruleset="witch_trial", seats=seats, preset=str(seats), options=options)


@st.composite
def aiwolf_games(draw) -> dict:
    """A 13- or 5-agent game, its settings drawn: the length limits, skips, ballots and self-votes."""
    preset = draw(st.sampled_from(("13", "5")))
    options = {"retries": draw(st.integers(0, 1)), "max_day": draw(st.sampled_from((-1, 2, 6)))}
    for channel in ("talk", "whisper"):
        options[f"{channel}_max_skip"] = draw(st.integers(0, 2))
        options[f"{channel}_base_length"] = draw(st.sampled_from((50, 5, -1)))
        options[f"{channel}_per_agent_length"] = draw(st.sampled_from((-1, -1, 30)))
        options[f"{channel}_count_in_word"] = draw(st.booleans())
    for name in ("vote_visibility", "vote_allow_self", "attack_allow_self", "attack_allow_no_target"):
        options[name] = draw(st.booleans())
    options["vote_max_count"] = draw(st.integers(1, 3))
    options["attack_max_count"] = draw(st.integers(1, 2))
    return dict(ruleset="aiwolf", seats=int(preset), preset=preset, options=options)


GAME_KINDS = {
    "jinro9": jinro9_games(),
    "ultimate13": ultimate13_games(),
    "langrensha": langrensha_games(),
    "magic_city": magic_city_games(),
    "witch_trial": witch_trial_games(),
    "aiwolf": aiwolf_games(),
}


def check(kind: str, n: int):
    @examples(n)
    @given(game=GAME_KINDS[kind], seed=SEEDS)
    def bots_from_their_views_are_never_refused(game, seed):
        play(seed=seed, **game)

    return bots_from_their_views_are_never_refused


@pytest.mark.parametrize("kind", GAME_KINDS)
def test_bots_playing_from_their_own_view_are_never_refused(kind):
    check(kind, GAMES)()


@pytest.mark.slow
@pytest.mark.parametrize("kind", GAME_KINDS)
def test_bots_playing_from_their_own_view_are_never_refused_over_many_games(kind):
    check(kind, SLOW_GAMES)()
