"""Scripting langrensha games in tests: a game with a known role list, steps reached by deadlines."""

from __future__ import annotations

from grimoire.domain.events import Died, Notice, VoteResult
from grimoire.domain.rulesets.langrensha.roles import wolves as living_wolves
from grimoire.domain.violations import RuleViolation
from tests.support.harness import Game


def new(roles: list[str], seed: int = 0, **options) -> Game:
    seats = len(roles) - 2 * roles.count("thief")
    g = Game("langrensha", seats, roles=tuple(roles), options={"retries": 0, **options}, seed=seed)
    ok(g.start())
    return g


def ok(out):
    assert not isinstance(out, RuleViolation), out
    return out


def refused(out) -> str:
    assert isinstance(out, RuleViolation), out
    return out.code


def run_to(g: Game, name: str, limit: int = 400) -> None:
    """Let deadlines pass (every silent seat takes its default) until step `name` is open."""
    for _ in range(limit):
        assert g.state.status == "running", f"the game ended before {name}"
        if g.state.step.name == name:
            return
        ok(g.timeout())
    raise AssertionError(f"never reached {name}")


def run_out(g: Game, limit: int = 2000) -> None:
    for _ in range(limit):
        if g.state.status == "ended":
            return
        ok(g.timeout())
    raise AssertionError("the game did not end")


def act(g: Game, seat: int, kind: str, target: int | None = None, **fields):
    return ok(g.act(seat, kind, target, **fields))


def one(g: Game, role: str) -> int:
    (seat,) = g.seat_of(role)
    return seat


def wolves(g: Game) -> list[int]:
    return living_wolves(g.state)


def bite(g: Game, target: int) -> None:
    run_to(g, "night.wolves")
    for wolf in wolves(g):
        act(g, wolf, "attack", target)


def vote_out(g: Game, target: int) -> None:
    run_to(g, "exile_vote")
    for voter in g.state.step.public:
        act(g, voter, "vote", None if voter == target else target)


def decisions(g: Game, seat: int) -> dict:
    return {d.kind: d for d in g.views[seat].decisions}


def notices(g: Game, key: str, since: int = 0) -> list[Notice]:
    return [e for e in g.events[since:] if isinstance(e, Notice) and e.key == key]


def deaths(g: Game, since: int = 0) -> list[int]:
    return [s for e in g.events[since:] if isinstance(e, Died) for s in e.seats]


def votes(g: Game) -> list[VoteResult]:
    return [e for e in g.events if isinstance(e, VoteResult)]


def dead(g: Game, seat: int) -> bool:
    return not g.state.is_alive(seat)
