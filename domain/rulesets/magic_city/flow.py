"""magic_city's flow: the steps it declares, who each prompts, how its answers resolve and what follows.

The server is the guide's moderator: the role check and every night are the kernel's `RoleSequence`s
of role steps in the guide's order (`CHECK_STEPS`, `NIGHT_STEPS`), each lasting until its deadline
whether its role lives or not (`early_close` closes a step once its living actors answered, and skips
it when nobody owes anything); the day's steps are declared in `DAY_STEPS`, each resolution naming
what follows it as a `Then`, which `go` opens.
"""

from __future__ import annotations

from collections.abc import Callable

from grimoire.domain.events import MODERATOR, Action, RoleDealt
from grimoire.domain.ruleset import RoleSequence, Ruleset, StepSpec, Table
from grimoire.domain.rulesets.magic_city.cards import (
    close_event_choice,
    close_event_minutes,
    close_event_target,
    close_event_word,
    draw_event,
    drawer,
    event_prompt,
    resolve_event,
    tell_cult,
)
from grimoire.domain.rulesets.magic_city.city import eligible, holders, present, tonight_event
from grimoire.domain.rulesets.magic_city.data import DRAWER_NIGHT, EVENTS, Then
from grimoire.domain.rulesets.magic_city.day import close_silence, collect_ballot, dawn, open_ballot, resolve_shot
from grimoire.domain.rulesets.magic_city.facts import CityState, DeckShuffled, NightBegan
from grimoire.domain.rulesets.magic_city.night import (
    Resolve,
    attack_prompt,
    divine_prompt,
    first_divine_prompt,
    guard_prompt,
    lend_prompt,
    name_one,
    pack,
    pack_and_masons,
    predict_prompt,
    resolve_attack,
    resolve_curse,
    resolve_divine,
    resolve_guard,
    resolve_lend,
    resolve_night,
    resolve_predict,
    second_attack_prompt,
    tell_medium,
    tell_partners,
    tell_wolves,
)
from grimoire.domain.state import GameState

# The role check in the guide's order: (step, the roles it wakes).
CHECK = (
    ("foxkin", ("foxkin",)),
    ("wolves", ("werewolf", "evil_eye")),
    ("evil_eye", ("evil_eye",)),
    ("chimera", ("chimera",)),
    ("golem", ("golem",)),
    ("demon", ("demon",)),
    ("prophet", ("prophet",)),
    ("medium", ("medium",)),
    ("guards", ("knight", "dragon", "spirit_caller")),
    ("mason", ("mason",)),
    ("moneylender", ("moneylender",)),
    ("marksman", ("marksman",)),
    ("madman", ("madman",)),
)
# The night's role steps after the event's own: (step, the roles it belongs to).
NIGHT_ROLES = (
    ("evil_eye", ("evil_eye",)),
    ("werewolf", ()),
    ("second_attack", ()),
    ("chimera", ("chimera",)),
    ("prophet", ("prophet",)),
    ("medium", ("medium",)),
    ("knight", ("knight", "dragon")),
    ("spirit_caller", ("spirit_caller",)),
    ("moneylender", ("moneylender",)),
)


def start(rs: Ruleset[CityState], g: Table[CityState]) -> None:
    """The deal, the rules announced, the deck shuffled, and the role check."""
    state = g.state
    for seat, role in enumerate(g.rng.shuffled(state.setup_roles), 1):
        g.emit(RoleDealt(at=g.at, to=(seat,), seat=seat, role=role))
    o = state.options
    g.notice(
        "city.rules",
        first_seer="on" if o["first_seer"] else "off",
        consecutive_guard="on" if o["consecutive_guard"] else "off",
        night_talk="on" if o["night_talk"] else "off",
        format=o["vote_format"],
        tie=o["tie_rule"],
        cards=[card for card in EVENTS if o[f"event_{card}"]],
    )
    g.emit(
        DeckShuffled(at=g.at, to=MODERATOR, deck=tuple(g.rng.shuffled([card for card in EVENTS if o[f"event_{card}"]])))
    )
    g.phase("night", 0)
    CHECK_SEQUENCE.begin(rs, g)


def check_plan(rs: Ruleset[CityState], state: GameState[CityState]) -> list[str]:
    return [name for name, roles in CHECK if present(state, roles)]


def night_plan(rs: Ruleset[CityState], state: GameState[CityState]) -> list[str]:
    event = tonight_event(state)
    steps = ["event"] if event in DRAWER_NIGHT else []
    if event == "cult":
        steps.append("cult")
    for name, roles in NIGHT_ROLES:
        if name == "second_attack" and event not in ("beast_forest", "casino"):
            continue
        if name == "chimera" and state.x.announced:
            continue
        if not roles or present(state, roles):
            steps.append(name)
    return steps


def after_check(rs: Ruleset[CityState], g: Table[CityState]) -> None:
    """The first role check leads to the first day (a foxkin the first divination found dies); a
    redeal's leads to the night."""
    if g.state.day == 0:
        dawn(rs, g, dict.fromkeys(g.state.x.tonight.fox, "curse"))
    else:
        nightfall(rs, g)


def nightfall(rs: Ruleset[CityState], g: Table[CityState]) -> None:
    g.phase("night", g.state.day)
    g.emit(NightBegan(at=g.at, to=MODERATOR, eye_alive=bool(holders(g.state, "evil_eye"))))
    NIGHT_SEQUENCE.begin(rs, g)


def after_night(rs: Ruleset[CityState], g: Table[CityState]) -> None:
    dawn(rs, g, resolve_night(g))


def go(rs: Ruleset[CityState], g: Table[CityState], then: Then | None) -> None:
    """Open what a step's resolution named to follow it (None: it is open already, or the game ended)."""
    if then is Then.NIGHT:
        nightfall(rs, g)
    elif then is Then.EVENT:
        go(rs, g, draw_event(g))
    elif then is Then.CHECK:
        CHECK_SEQUENCE.begin(rs, g)
    elif then is not None:  # a ballot, by its purpose
        go(rs, g, open_ballot(rs, g, then.value))


# --- the role steps ----------------------------------------------------------------------------
# The role check and the night are `RoleSequence`s. A step prompts the living seats the night may
# touch (its own actors where it names them), resolves its answers when it closes, and tells what its
# role learns as it opens.


def nothing(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
    """A step that resolves nothing: it only lasts (so that timing reveals no role), or it tells."""


def tonight_seats(rs: Ruleset[CityState], g: Table[CityState], name: str) -> list[int]:
    return eligible(g.state)


CHECK_STEPS: dict[str, StepSpec[Ruleset[CityState]]] = {
    **{name: StepSpec(nothing) for name, _ in CHECK},
    "wolves": StepSpec(nothing, announce=tell_wolves),
    "prophet": StepSpec(prompt=first_divine_prompt, resolve=resolve_divine(first=True)),
    "guards": StepSpec(nothing, announce=tell_partners("knight", "dragon")),
    "mason": StepSpec(nothing, announce=tell_partners("mason")),
}
NIGHT_STEPS: dict[str, StepSpec[Ruleset[CityState]]] = {
    "event": StepSpec(prompt=event_prompt, actors=drawer, resolve=resolve_event),
    "cult": StepSpec(nothing, announce=tell_cult),
    "evil_eye": StepSpec(prompt=name_one("curse", "evil_eye"), resolve=resolve_curse),
    "werewolf": StepSpec(prompt=attack_prompt, actors=pack_and_masons, resolve=resolve_attack(second=False)),
    "second_attack": StepSpec(prompt=second_attack_prompt, actors=pack, resolve=resolve_attack(second=True)),
    "chimera": StepSpec(prompt=predict_prompt, resolve=resolve_predict),
    "prophet": StepSpec(prompt=divine_prompt, resolve=resolve_divine(first=False)),
    "medium": StepSpec(nothing, announce=tell_medium),
    "knight": StepSpec(prompt=guard_prompt("knight", "dragon"), resolve=resolve_guard),
    "spirit_caller": StepSpec(prompt=guard_prompt("spirit_caller"), resolve=resolve_guard),
    "moneylender": StepSpec(prompt=lend_prompt, resolve=resolve_lend),
}
CHECK_SEQUENCE = RoleSequence(
    prefix="check.",
    plan=check_plan,
    steps=CHECK_STEPS,
    actors=tonight_seats,
    finish=after_check,
    duration=lambda name: "role_check_seconds",
    resolve_skipped=False,  # a skipped step chose nothing
)
NIGHT_SEQUENCE = RoleSequence(
    prefix="night.",
    plan=night_plan,
    steps=NIGHT_STEPS,
    actors=tonight_seats,
    finish=after_night,
    duration=lambda name: "night_step_seconds",
    resolve_skipped=False,
)


# --- the day's steps ---------------------------------------------------------------------------


Close = Callable[[Ruleset[CityState], Table[CityState], dict[int, Action]], Then | None]


def then(close: Close) -> Resolve:
    """A day step's resolution: `close` applies the answers and names what follows, which `go` opens."""

    def resolve(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
        go(rs, g, close(rs, g, answers))

    return resolve


def always(follows: Then) -> Resolve:
    return then(lambda rs, g, answers: follows)


# Each day step and what follows it (None: a step its resolution opened itself, or the game's end).
DAY_STEPS: dict[str, StepSpec[Ruleset[CityState]]] = {
    "silence": StepSpec(then(close_silence)),  # the discussion's rest, or Then.VOTE
    "discussion": StepSpec(always(Then.VOTE)),
    # a ballot: its next voter, a runoff, the shot, or what its purpose names (AFTER_EXECUTION, or NIGHT)
    **{name: StepSpec(then(collect_ballot)) for p in ("vote", "court", "prison") for name in (p, p + "_runoff")},
    "shot": StepSpec(then(resolve_shot)),  # AFTER_EXECUTION of the ballot the shooter died by
    "event_choice": StepSpec(then(close_event_choice)),  # the card's own step, or what the card names
    "event_target": StepSpec(then(close_event_target)),  # Then.NIGHT
    "event_word": StepSpec(then(close_event_word)),  # Then.NIGHT
    "event_minutes": StepSpec(then(close_event_minutes)),  # Then.NIGHT
}
STEPS = {**DAY_STEPS, **CHECK_SEQUENCE.specs(), **NIGHT_SEQUENCE.specs()}
