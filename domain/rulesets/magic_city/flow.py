"""magic_city's flow: the steps it declares, who each prompts, how its answers resolve and what follows.

The server is the guide's moderator: the role check and every night are the kernel's `RoleSequence`s
of role steps in the guide's order (`CHECK_STEPS`, `NIGHT_STEPS`), each lasting until its deadline
whether its role lives or not (`early_close` closes a step once its living actors answered, and skips
it when nobody owes anything); the day's steps are declared in `DAY_STEPS`, each resolution naming
what follows it as a `Then`, which `go` opens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from grimoire.domain.events import MODERATOR, Action, RoleDealt
from grimoire.domain.ruleset import RoleSequence, StepSpec, Table
from grimoire.domain.rulesets.magic_city.cards import (
    close_event_choice,
    close_event_minutes,
    close_event_target,
    close_event_word,
    draw_event,
    event_prompts,
    resolve_event,
    tell_cult,
)
from grimoire.domain.rulesets.magic_city.city import eligible, holders, present, tonight_event
from grimoire.domain.rulesets.magic_city.data import DRAWER_NIGHT, EVENTS, Then
from grimoire.domain.rulesets.magic_city.day import close_silence, collect_ballot, dawn, open_ballot, resolve_shot
from grimoire.domain.rulesets.magic_city.facts import DeckShuffled, NightBegan
from grimoire.domain.rulesets.magic_city.night import (
    Announce,
    MakePrompts,
    Prompts,
    Resolve,
    attack_prompts,
    divine_prompts,
    first_divine_prompts,
    guard_prompts,
    lend_prompts,
    name_one,
    predict_prompts,
    resolve_attack,
    resolve_curse,
    resolve_divine,
    resolve_guard,
    resolve_lend,
    resolve_night,
    resolve_predict,
    second_attack_prompts,
    tell_medium,
    tell_partners,
    tell_wolves,
)
from grimoire.domain.rulesets.werewolf import Werewolf
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


def start(rs: Werewolf, g: Table) -> None:
    """The deal, the rules announced, the deck shuffled, and the role check."""
    state = g.state
    for seat, role in enumerate(g.rng.shuffled(state.setup_roles), 1):
        g.emit(RoleDealt, to=(seat,), seat=seat, role=role)
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
    g.emit(DeckShuffled, to=MODERATOR, deck=tuple(g.rng.shuffled([card for card in EVENTS if o[f"event_{card}"]])))
    g.phase("night", 0)
    CHECK_SEQUENCE.begin(rs, g)


def check_plan(rs: Werewolf, state: GameState) -> list[str]:
    return [name for name, roles in CHECK if present(state, roles)]


def night_plan(rs: Werewolf, state: GameState) -> list[str]:
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


def after_check(rs: Werewolf, g: Table) -> None:
    """The first role check leads to the first day (a 狐人 the first divination found dies); a
    redeal's leads to the night."""
    if g.state.day == 0:
        dawn(rs, g, dict.fromkeys(g.state.x.tonight.fox, "curse"))
    else:
        nightfall(rs, g)


def nightfall(rs: Werewolf, g: Table) -> None:
    g.phase("night", g.state.day)
    g.emit(NightBegan, to=MODERATOR, eye_alive=bool(holders(g.state, "evil_eye")))
    NIGHT_SEQUENCE.begin(rs, g)


def after_night(rs: Werewolf, g: Table) -> None:
    dawn(rs, g, resolve_night(g))


def go(rs: Werewolf, g: Table, then: Then | None) -> None:
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
# The role check and the night are `RoleSequence`s: each step of the plan opens with every prompt of
# the step made at once (from the living seats the night may touch), resolves its answers when it
# closes, and tells what its role learns as it opens.


class RoleStep(NamedTuple):
    """A role step of the check or the night: its prompts, how its answers resolve, what it tells."""

    prompts: MakePrompts | None = None
    resolve: Resolve | None = None
    announce: Announce | None = None


CHECK_STEPS: dict[str, RoleStep] = {
    **{name: RoleStep() for name, _ in CHECK},
    "wolves": RoleStep(announce=tell_wolves),
    "prophet": RoleStep(prompts=first_divine_prompts, resolve=resolve_divine(first=True)),
    "guards": RoleStep(announce=tell_partners("knight", "dragon")),
    "mason": RoleStep(announce=tell_partners("mason")),
}
NIGHT_STEPS: dict[str, RoleStep] = {
    "event": RoleStep(prompts=event_prompts, resolve=resolve_event),
    "cult": RoleStep(announce=tell_cult),
    "evil_eye": RoleStep(prompts=name_one("curse", "evil_eye"), resolve=resolve_curse),
    "werewolf": RoleStep(prompts=attack_prompts, resolve=resolve_attack(second=False)),
    "second_attack": RoleStep(prompts=second_attack_prompts, resolve=resolve_attack(second=True)),
    "chimera": RoleStep(prompts=predict_prompts, resolve=resolve_predict),
    "prophet": RoleStep(prompts=divine_prompts, resolve=resolve_divine(first=False)),
    "medium": RoleStep(announce=tell_medium),
    "knight": RoleStep(prompts=guard_prompts("knight", "dragon"), resolve=resolve_guard),
    "spirit_caller": RoleStep(prompts=guard_prompts("spirit_caller"), resolve=resolve_guard),
    "moneylender": RoleStep(prompts=lend_prompts, resolve=resolve_lend),
}


def _sequence(
    prefix: str,
    steps: dict[str, RoleStep],
    plan: Callable[[Werewolf, GameState], list[str]],
    finish: Callable[[Werewolf, Table], None],
    duration: str,
) -> RoleSequence:
    def prompts(rs: Werewolf, g: Table, name: str) -> Prompts:
        make = steps[name].prompts
        return make(rs, g.state, eligible(g.state)) if make else {}

    def announce(rs: Werewolf, g: Table, name: str) -> None:
        tell = steps[name].announce
        if tell:
            tell(rs, g, eligible(g.state))

    def _nothing(rs: Werewolf, g: Table, answers: dict[int, Action]) -> None:
        return None

    return RoleSequence(
        prefix=prefix,
        plan=plan,
        steps={name: StepSpec(step.resolve or _nothing) for name, step in steps.items()},
        prompts=prompts,
        finish=finish,
        duration=lambda name: duration,
        resolve_skipped=False,  # a skipped step chose nothing
        announce=announce,
    )


CHECK_SEQUENCE = _sequence("check.", CHECK_STEPS, check_plan, after_check, "role_check_seconds")
NIGHT_SEQUENCE = _sequence("night.", NIGHT_STEPS, night_plan, after_night, "night_step_seconds")


# --- the day's steps ---------------------------------------------------------------------------


def then(resolve: Callable[[Werewolf, Table, dict[int, Action]], Then | None]) -> Resolve:
    """A day step's resolution, followed by what it names."""

    def close(rs: Werewolf, g: Table, answers: dict[int, Action]) -> None:
        go(rs, g, resolve(rs, g, answers))

    return close


DAY_STEPS: dict[str, StepSpec] = {
    "silence": StepSpec(then(close_silence)),  # the discussion's rest, or the vote
    "discussion": StepSpec(lambda rs, g, answers: go(rs, g, Then.VOTE)),
    **{name: StepSpec(then(collect_ballot)) for p in ("vote", "court", "prison") for name in (p, p + "_runoff")},
    "shot": StepSpec(then(resolve_shot)),
    "event_choice": StepSpec(then(close_event_choice)),
    "event_target": StepSpec(then(close_event_target)),
    "event_word": StepSpec(then(close_event_word)),
    "event_minutes": StepSpec(then(close_event_minutes)),
}
STEPS = {**DAY_STEPS, **CHECK_SEQUENCE.specs(), **NIGHT_SEQUENCE.specs()}
