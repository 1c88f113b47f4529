"""The requests that name an agent (`aiwolf-protocol.md` §3.5): the vote and its execution, the seer's
divination, the bodyguard's guard and the werewolves' attack vote.

Each is one step asking every seat that owes it at once; each answer may name nobody (the gateway's
answer to a reply that names no living agent). A step that asks nobody is resolved as it opens, so
that a dead seer's step takes no longer in the log than a living one's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from grimoire.domain.events import MODERATOR, PUBLIC, Action, Decision
from grimoire.domain.mechanics import abilities
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.aiwolf.facts import (
    AState,
    Attacked,
    AttackVoteList,
    Divined,
    GuardChosen,
    Identified,
    VoteList,
)
from grimoire.domain.rulesets.aiwolf.roles import active, holders, is_wolf, species, step_seconds, wolves
from grimoire.domain.state import GameState


def _leaders(votes: tuple[tuple[int, int], ...]) -> list[int]:
    counts = Counter(t for _, t in votes)
    top = max(counts.values(), default=0)
    return sorted(t for t, c in counts.items() if c == top) if top else []


def _votes(answers: Mapping[int, Action], kind: str) -> tuple[tuple[int, int], ...]:
    return tuple(abilities.named(answers, kind))


# --- the vote -------------------------------------------------------------------------------------------


def open_vote(g: Table[AState]) -> bool:
    """A ballot of every living agent; false when it asks nobody (it is then closed at once)."""
    state = g.state
    voters = [s for s in state.living() if active(state, s)]
    ballot = Decision(
        kind="vote", targets=tuple(state.living()), self_ok=state.options["vote_allow_self"], optional=True
    )
    g.open_step("vote", step_seconds(state), seats=voters, decisions=(ballot,), extend=False)
    return bool(voters)


def close_vote(g: Table[AState], answers: Mapping[int, Action]) -> int | bool | None:
    """The ballot's outcome: the executed seat, None for no execution, True when it is voted again (no
    single leader while ballots remain; the last ballot's tie is drawn at random)."""
    state = g.state
    votes = _votes(answers, "vote")
    leaders = _leaders(votes)
    again = len(leaders) != 1 and state.x.ballots < state.options["vote_max_count"]
    shown = PUBLIC if state.options["vote_visibility"] and not again else MODERATOR
    g.emit(VoteList(at=g.at, to=shown, day=state.day, ballot=state.x.ballots, votes=votes))
    if again:
        return True
    if not leaders:
        g.notice("vote.none")
        return None
    executed = leaders[0] if len(leaders) == 1 else g.rng.choice(leaders)
    g.kill({executed: "execution"}, "execution")
    result = species(g.state, executed)
    for medium in holders(g.state, "medium"):
        g.emit(Identified(at=g.at, to=(medium,), day=state.day, seat=medium, target=executed, result=result))
    return executed


# --- the night ------------------------------------------------------------------------------------------


def _single(g: Table[AState], name: str, role: str) -> bool:
    """A step asking the living holders of `role` to name another living agent; false when it asks nobody."""
    state = g.state
    asked = holders(state, role)
    own: dict[int, tuple[Decision, ...]] = {
        s: (Decision(kind=name, targets=state.others(s), optional=True),) for s in asked
    }
    g.open_step(name, step_seconds(state), private=own, extend=False)
    return bool(asked)


def open_divine(g: Table[AState]) -> bool:
    return _single(g, "divine", "seer")


def open_guard(g: Table[AState]) -> bool:
    return _single(g, "guard", "bodyguard")


def close_divine(g: Table[AState], answers: Mapping[int, Action]) -> None:
    """Each seer learns its living target's species (itself or a dead seat: no result)."""
    state = g.state
    for seer, target in _votes(answers, "divine"):
        if target != seer and state.is_alive(target):
            result = species(state, target)
            g.emit(Divined(at=g.at, to=(seer,), day=state.day, seat=seer, target=target, result=result))


def close_guard(g: Table[AState], answers: Mapping[int, Action]) -> None:
    """The bodyguard guards its living target tonight (itself or a dead seat: no guard)."""
    state = g.state
    for guard, target in _votes(answers, "guard"):
        if target != guard and state.is_alive(target):
            g.emit(GuardChosen(at=g.at, to=MODERATOR, day=state.day, seat=guard, target=target))


def _targets(state: GameState[AState], seat: int, self_ok: bool) -> tuple[int, ...]:
    """The living seats, the asked seat's own among them only where it may name itself."""
    return tuple(state.living()) if self_ok else state.others(seat)


def open_attack(g: Table[AState]) -> bool:
    """The attack vote of the living werewolves; false when it asks nobody."""
    state = g.state
    asked = [s for s in wolves(state) if active(state, s)]
    self_ok = state.options["attack_allow_self"]
    own: dict[int, tuple[Decision, ...]] = {
        s: (Decision(kind="attack", targets=_targets(state, s, self_ok), self_ok=self_ok, optional=True),)
        for s in asked
    }
    g.open_step("attack", step_seconds(state), private=own, extend=False)
    return bool(asked)


def close_attack(g: Table[AState], answers: Mapping[int, Action]) -> bool:
    """The attack vote's outcome (the pack reads the votes); true when a tie is voted again.

    Votes for werewolves are listed but not counted; the most named target is attacked, a tie drawn
    at random (with `attack_allow_no_target`, a tie attacks nobody); no target named: no attack. One
    draw is made whatever the votes, so that the pack's choice moves no later draw the table sees."""
    state = g.state
    votes = _votes(answers, "attack")
    leaders = _leaders(tuple((w, t) for w, t in votes if not is_wolf(state.role(t))))
    again = len(leaders) != 1 and state.x.attack_ballots < state.options["attack_max_count"]
    pack = tuple(wolves(state))
    shown = pack if state.options["vote_visibility"] else MODERATOR
    g.emit(AttackVoteList(at=g.at, to=shown, day=state.day, ballot=state.x.attack_ballots, votes=votes))
    if again:
        return True
    drawn = g.rng.choice(leaders or [0])
    target = leaders[0] if len(leaders) == 1 else None
    if len(leaders) > 1 and not state.options["attack_allow_no_target"]:
        target = drawn
    guarded = target is not None and target == state.x.guarded and _guard_lives(g)
    g.emit(Attacked(at=g.at, to=MODERATOR, day=state.day, target=target, guarded=guarded))
    return False


def _guard_lives(g: Table[AState]) -> bool:
    return any(g.state.role(s) == "bodyguard" for s in g.state.living())
