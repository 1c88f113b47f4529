"""Scripted witch_trial games: prepared deals and one call per step of the day."""

from __future__ import annotations

import random
from collections import Counter

from grimoire.domain.catalog import initial_state, run
from grimoire.domain.events import Act, CreateGame, Event, Notice, Start, StepOpened, Timeout, sees
from grimoire.domain.violations import RuleViolation
from grimoire.projections.view import deliver, new_view
from grimoire.service.bots import owed_action
from tests.support.harness import T0, Game, seed_for

W, B, K, P, C = "witch_killer", "barrier", "kill_magic", "probe", "check"
FAST = {"time_scale": 0.001}


def ok(out):
    assert not isinstance(out, RuleViolation), out
    return out


def deal(*hands: tuple[str, ...], days: int = 7, seed: int = 0, **options) -> Game:
    """A started game whose seat N holds hands[N-1] (in order)."""
    pool = tuple(card for hand in hands for card in hand)
    opts = {**FAST, "deal_in_order": True, "days": days, **options}
    g = Game("witch_trial", len(hands), roles=pool, options=opts, seed=seed)
    ok(g.start())
    return g


def step(g: Game) -> str:
    return g.state.step.name if g.state.step else ""


def morning(g: Game) -> None:
    assert step(g) == "morning"
    for s in g.state.living():
        ok(g.act(s, "ready"))


def noon(
    g: Game, offers: dict[int, tuple[int, str]] | None = None, answers: dict[int, str | None] | None = None
) -> None:
    """`offers` initiator -> (recipient, card) in submission order, then the answers (recipient -> card
    given, None refuses), then "ready" from every seat that owes it; an offer still unanswered waits
    for the deadline."""
    assert step(g) == "noon"
    for i, (r, card) in (offers or {}).items():
        ok(g.act(i, "offer", r, option=card))
    for r, card in (answers or {}).items():
        ok(g.act(r, "accept", option=card) if card else g.act(r, "refuse"))
    for s in g.state.living():
        if step(g) == "noon" and g.state.step.owes(s) and g.state.step.decision(s, "ready"):
            ok(g.act(s, "ready"))
    if step(g) == "noon":
        ok(g.timeout())
    assert step(g) == "vote"


def vote(g: Game, votes: dict[int, int | None] | None = None) -> None:
    assert step(g) == "vote"
    votes = votes or {}
    for s in g.state.living():
        ok(g.act(s, "vote", votes.get(s)))


def night(g: Game, uses: list[tuple] = ()) -> None:
    """`uses`: (seat, card) or (seat, card, target) in submission order; everyone else passes."""
    assert step(g) == "night"
    for use in uses:
        ok(g.act(use[0], use[1], use[2] if len(use) > 2 else None))
    used = {use[0] for use in uses}
    for s in g.state.living():
        if s not in used:
            ok(g.act(s, "pass"))


def loot(g: Game, picks: dict[int, str | None] | None = None) -> None:
    """Looters answer as they are prompted (`picks`: card to take, None passes), then the window ends."""
    if step(g) != "loot":
        return
    picks = picks or {}
    while step(g) == "loot":
        for s in range(1, g.state.seats + 1):
            view = g.views[s]
            if view.decisions and view.answered is None:
                card = picks.get(s)
                ok(g.act(s, "take", option=card) if card else g.act(s, "pass"))
                break
        else:
            ok(g.timeout())


def day(g: Game, offers=None, answers=None, votes=None, uses=(), picks=None) -> None:
    morning(g)
    noon(g, offers, answers)
    vote(g, votes)
    night(g, uses)
    loot(g, picks)


def hand(g: Game, seat: int) -> Counter:
    return Counter(g.state.x.hands.get(seat, ()))


def notices(g: Game, seat: int | str, key: str | None = None) -> list[Notice]:
    out = [e for e in g.events if isinstance(e, Notice) and sees(e.to, seat)]
    return [e for e in out if key is None or e.key == key]


def last_night(g: Game, *kinds: type[Event]) -> list[Event]:
    """The facts of these kinds since the last 深夜 opened: its card uses and their resolution."""
    opened = max(i for i, e in enumerate(g.events) if isinstance(e, StepOpened) and e.name == "night")
    return [e for e in g.events[opened:] if isinstance(e, kinds)]


def causes(g: Game) -> dict[int, str]:
    return dict(g.state.x.causes)


def conserved(g: Game) -> bool:
    x = g.state.x
    held = Counter(c for h in x.hands.values() for c in h) + Counter(c for h in x.corpses.values() for c in h)
    return held + Counter(x.discard) == Counter(g.state.setup_roles)


def bot_game(seed: int, seats: int, options: dict | None = None, record: bool = False, check=None):
    """A whole game of random-legal bots playing from their own views, driven from `seed`.

    Returns the events, and with `record` the inputs with the state, the seats' views and the
    outputs at each input. `check(state)` runs after every input."""
    rng = random.Random(seed)
    state = initial_state()
    views = {s: new_view(s) for s in range(1, seats + 1)}
    events: list = []
    trail: list = []
    now = T0

    def submit(inp):
        nonlocal state
        before = (inp, state, dict(views))
        result = run(state, inp)
        assert not isinstance(result, RuleViolation), (result, inp)
        out, state = result
        for e in out:
            events.append(e)
            deliver(views, e)
        if record:
            trail.append((*before, out))
        if check:
            check(state)

    names = tuple(f"P{i}" for i in range(1, seats + 1))
    submit(
        CreateGame(
            at=now,
            game_id=f"w{seed}",
            ruleset="witch_trial",
            seats=seats,
            names=names,
            options={**FAST, **(options or {})},
            seed=seed_for(seed),
        )
    )
    submit(Start(at=now))
    for _ in range(5000):
        if state.status == "ended":
            return (events, trail) if record else events
        now += 1000
        for s in range(1, seats + 1):
            action = owed_action(views[s], rng)
            if action is not None:
                submit(Act(at=now, seat=s, action=action))
                break
        else:
            now = max(now, state.step.deadline or now)
            submit(Timeout(at=now, step=state.step.no))
    raise AssertionError("game did not end")
