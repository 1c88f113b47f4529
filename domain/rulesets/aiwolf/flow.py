"""aiwolf's flow: the reference's request order (`aiwolf-protocol.md` §3.1), one step per request.

Each day is a plan of parts (`DAY_ZERO`, `DAY`): the day section (`phase("day")`, the night's victim,
day 0's morning whispers, the talk), then the night section (`phase("night")`, day 0's evening
whispers, the vote from day 1, the divination, the night whispers, the guard and the attack). A part
opens its step, or is passed over when it asks nobody; when its step closes, the part either asks
again (the next utterance, a tie voted again) or the plan goes on with the next part. After every
step and part the game ends once failed agents reach the cut-off, or a side has won (`finished`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from grimoire.domain.events import Action, RoleDealt
from grimoire.domain.mechanics import pack
from grimoire.domain.ruleset import Ruleset, StepSpec, Table
from grimoire.domain.rulesets.aiwolf.choices import (
    close_attack,
    close_divine,
    close_guard,
    close_vote,
    open_attack,
    open_divine,
    open_guard,
    open_vote,
)
from grimoire.domain.rulesets.aiwolf.data import ROLES
from grimoire.domain.rulesets.aiwolf.facts import AState, Stage
from grimoire.domain.rulesets.aiwolf.roles import wolves
from grimoire.domain.rulesets.aiwolf.talk import ask_next, begin, said
from grimoire.domain.state import GameState


class Part(Enum):
    MORNING_WHISPER = "morning_whisper"
    TALK = "talk"
    NIGHT = "night"  # the night section begins (the reference's DAILY_FINISH)
    EVENING_WHISPER = "evening_whisper"
    VOTE = "vote"
    DIVINE = "divine"
    NIGHT_WHISPER = "night_whisper"
    GUARD = "guard"
    ATTACK = "attack"


DAY_ZERO = (Part.MORNING_WHISPER, Part.TALK, Part.NIGHT, Part.EVENING_WHISPER, Part.DIVINE)
DAY = (Part.TALK, Part.NIGHT, Part.VOTE, Part.DIVINE, Part.NIGHT_WHISPER, Part.GUARD, Part.ATTACK)
WHISPERS = {
    Stage.MORNING_WHISPER: Part.MORNING_WHISPER,
    Stage.EVENING_WHISPER: Part.EVENING_WHISPER,
    Stage.NIGHT_WHISPER: Part.NIGHT_WHISPER,
}


def plan(state: GameState[AState]) -> tuple[Part, ...]:
    return DAY_ZERO if state.day == 0 else DAY


# --- the end ----------------------------------------------------------------------------------------------


def cutoff(state: GameState[AState]) -> int:
    """How many failed agents end the game: int(seats × max_continue_error_ratio), at least 1."""
    return max(1, int(state.seats * state.options["max_continue_error_ratio"]))


def finished(g: Table[AState]) -> bool:
    """End the game if failed agents reach the cut-off (no winner), or a side has won: the werewolves
    once they are as many as the humans alive (the possessed is human), the village once none lives."""
    state = g.state
    if state.status == "ended":
        return True
    if len(state.x.failed) >= cutoff(state):
        g.notice("failed.end", count=len(state.x.failed))
        g.end("failed", ())
        return True
    pack_ = len(wolves(state))
    if pack_ and 2 * pack_ < len(state.living()):
        return False
    team = "wolves" if pack_ else "village"
    winners = [s for s in range(1, state.seats + 1) if ROLES[state.role(s)].team == team]
    g.end("werewolves" if pack_ else "villagers", winners, (team,))
    return True


# --- the parts ---------------------------------------------------------------------------------------------


def _night(g: Table[AState]) -> bool:
    g.phase("night", g.state.day)
    return False


def _vote(g: Table[AState]) -> bool:
    if g.state.options["vote_max_count"] <= 0:
        return False
    return open_vote(g) or _after_vote(g, {})


def _after_vote(g: Table[AState], answers: dict[int, Action]) -> bool:
    """The ballot closed: vote again (true, a step is open) or the part is done."""
    while close_vote(g, answers) is True:
        if open_vote(g):
            return True
        answers = {}
    return False


def _divine(g: Table[AState]) -> bool:
    if "seer" not in g.state.setup_roles:
        return False
    if open_divine(g):
        return True
    close_divine(g, {})
    return False


def _guard(g: Table[AState]) -> bool:
    if "bodyguard" not in g.state.setup_roles:
        return False
    if open_guard(g):
        return True
    close_guard(g, {})
    return False


def _attack(g: Table[AState]) -> bool:
    if g.state.options["attack_max_count"] <= 0:
        return False
    return open_attack(g) or _after_attack(g, {})


def _after_attack(g: Table[AState], answers: dict[int, Action]) -> bool:
    while close_attack(g, answers):
        if open_attack(g):
            return True
        answers = {}
    return False


OPENS: dict[Part, Callable[[Table[AState]], bool]] = {
    Part.MORNING_WHISPER: lambda g: begin(g, Stage.MORNING_WHISPER),
    Part.TALK: lambda g: begin(g, Stage.TALK),
    Part.NIGHT: _night,
    Part.EVENING_WHISPER: lambda g: begin(g, Stage.EVENING_WHISPER),
    Part.VOTE: _vote,
    Part.DIVINE: _divine,
    Part.NIGHT_WHISPER: lambda g: begin(g, Stage.NIGHT_WHISPER),
    Part.GUARD: _guard,
    Part.ATTACK: _attack,
}


def go(g: Table[AState], after: Part | None) -> None:
    """Play the parts after `after` (None: the day's first) until one opens a step or the game ends; past the
    day's last part, the next day begins."""
    while not finished(g):
        parts = plan(g.state)
        rest = parts if after is None else parts[parts.index(after) + 1 :]
        for part in rest:
            if OPENS[part](g):
                return
            if finished(g):
                return
        begin_day(g, g.state.day + 1)
        after = None


def begin_day(g: Table[AState], day: int) -> None:
    """The day section: the night's victim dies (cause `attack`, public) or nobody died. Past `max_day` no
    day begins: the night's victim still dies (the reference kills it in the night), and unless that
    decides the game it ends without a winner."""
    state = g.state
    limit = state.options["max_day"]
    over = 0 <= limit < day
    victim = state.x.victim
    if not over:
        g.phase("day", day)
    if day > 0 and victim and g.state.is_alive(victim):
        g.kill({victim: "attack"}, "attack")
    elif day > 0 and not over:
        g.notice("morning.none")
    if over and not finished(g):
        g.notice("max_day.end")
        g.end("max_day", ())


def start(g: Table[AState]) -> None:
    """Deal the roles, tell the werewolves their pack, and begin day 0."""
    for seat, role in enumerate(g.rng.shuffled(g.state.setup_roles), 1):
        g.emit(RoleDealt(at=g.at, to=(seat,), seat=seat, role=role))
    pack.tell_partners(g, tuple(wolves(g.state)))
    begin_day(g, 0)
    go(g, None)


# --- the steps ---------------------------------------------------------------------------------------------


def _utterance(rs: Ruleset[AState], g: Table[AState], answers: dict[int, Action]) -> None:
    """A talk or whisper step closed: the utterance, then the next speaker or the next part."""
    step = g.state.open_step()
    x = g.state.x
    asked = [s for s, own in step.prompts.items() if any(d.kind in ("talk", "whisper") for d in own)]
    if asked and x.stage is not None:
        seat = asked[0]
        said(g, seat, answers.get(seat))
        if step.name == "whisper":
            g.withdraw(seat, ("whisper",))
        if finished(g) or ask_next(g):
            return
    stage = x.stage or Stage.TALK
    go(g, Part.TALK if stage is Stage.TALK else WHISPERS[stage])


def _closes(part: Part, close: Callable[[Table[AState], dict[int, Action]], bool]) -> StepSpec[Ruleset[AState]]:
    def resolve(rs: Ruleset[AState], g: Table[AState], answers: dict[int, Action]) -> None:
        if not close(g, answers) and not finished(g):
            go(g, part)

    return StepSpec(resolve)


def _once(
    close: Callable[[Table[AState], dict[int, Action]], None],
) -> Callable[[Table[AState], dict[int, Action]], bool]:
    def run(g: Table[AState], answers: dict[int, Action]) -> bool:
        close(g, answers)
        return False

    return run


STEPS: dict[str, StepSpec[Ruleset[AState]]] = {
    "talk": StepSpec(_utterance),
    "whisper": StepSpec(_utterance),
    "vote": _closes(Part.VOTE, _after_vote),
    "divine": _closes(Part.DIVINE, _once(close_divine)),
    "guard": _closes(Part.GUARD, _once(close_guard)),
    "attack": _closes(Part.ATTACK, _after_attack),
}
