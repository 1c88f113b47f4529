"""Driving aiwolf games step by step: the agents named as the gateway names them, each request answered."""

from __future__ import annotations

from collections.abc import Callable

from grimoire.domain.events import Act, Action, Event
from grimoire.domain.violations import RuleViolation
from tests.support.harness import Script

W, P, S, B, M, V = "werewolf", "possessed", "seer", "bodyguard", "medium", "villager"
THIRTEEN = (W, W, W, P, S, B, M, V, V, V, V, V, V)
FIVE = (W, P, S, V, V)
SPEAKS = ("talk", "whisper")


def names(n: int) -> tuple[str, ...]:
    return tuple(f"Agent[{i:02d}]" for i in range(1, n + 1))


def new(
    roles: tuple[str, ...] = THIRTEEN, options: dict | None = None, seed: int = 0, preset: str | None = None
) -> Script:
    """A started game dealing `roles` (or a preset) at random, its agents named Agent[01]…"""
    n = int(preset) if preset else len(roles)
    g = Script("aiwolf", n, preset=preset, roles=() if preset else roles, options=options, seed=seed, names=names(n))
    g.ok(g.start())
    return g


def asked(g: Script, kind: str | None = None) -> list[int]:
    """The seats whose view offers a decision (of `kind`) now, in seat order."""
    return [s for s in range(1, g.state.seats + 1) if any(kind in (None, d.kind) for d in g.views[s].decisions)]


def speaker(g: Script) -> int:
    (seat,) = [s for s in asked(g) if g.views[s].decisions[0].kind in SPEAKS]
    return seat


def say(g: Script, text: str | None) -> list[Event]:
    seat = speaker(g)
    kind = g.views[seat].decisions[0].kind
    return g.ok(g.act(seat, kind, text=text))


Answer = Callable[[Script, int], str | None]


def over(g: Script, seat: int) -> str | None:
    return "Over"


def speak_through(g: Script, answer: Answer = over) -> list[tuple[int, str | None]]:
    """Answer every utterance of the talk or whisper phase under way; the (seat, reply) pairs in order."""
    said, name = [], g.step_name()
    while g.step_name() == name in SPEAKS and g.state.status != "ended" and asked(g):
        seat = speaker(g)
        reply = answer(g, seat)
        said.append((seat, reply))
        say(g, reply)
    return said


def vote(g: Script, ballots: dict[int, int | None]) -> None:
    """Every asked voter votes as `ballots` says (absent: names nobody)."""
    for seat in asked(g, "vote"):
        g.ok(g.act(seat, "vote", ballots.get(seat)))


def answer(g: Script, kind: str, picks: dict[int, int | None]) -> None:
    for seat in asked(g, kind):
        g.ok(g.act(seat, kind, picks.get(seat)))


def run_to(g: Script, name: str, day: int | None = None) -> None:
    """Play on until step `name` opens (on `day`): every utterance Over, every other request unanswered."""
    for _ in range(2000):
        if g.state.status == "ended":
            raise AssertionError(f"the game ended before {name}")
        if g.step_name() == name and (day is None or g.state.day == day) and (asked(g) or name not in SPEAKS):
            return
        if g.step_name() in SPEAKS and asked(g):
            say(g, "Over")
        elif asked(g):
            for seat in asked(g):
                g.ok(g.act(seat, g.views[seat].decisions[0].kind))
        else:
            g.ok(g.timeout())
    raise AssertionError(f"{name} never opened")


def refused(out: list[Event] | RuleViolation) -> str:
    assert isinstance(out, RuleViolation), out
    return out.code


def typed(g: Script, cls: type, viewer: int | str | None = None) -> list:
    events = g.events if viewer is None else g.feed(viewer)
    return [e for e in events if isinstance(e, cls)]


def act(g: Script, seat: int, kind: str, target: int | None = None, **fields) -> list[Event] | RuleViolation:
    return g.submit(Act(at=g.tick(), seat=seat, action=Action(kind=kind, target=target, **fields)))
