"""Helpers that script magic_city games through the pure engine: deals, votes, nights, events."""

from __future__ import annotations

from grimoire.domain.events import Notice, VoteResult
from grimoire.domain.rulesets.magic_city import EVENTS
from grimoire.domain.violations import RuleViolation
from tests.support.harness import Game

N9 = ("citizen",) * 4 + ("prophet", "medium", "knight", "werewolf", "madman")


def only(*cards: str) -> dict:
    """Options with every other event card left out of the deck."""
    return {f"event_{c}": c in cards for c in EVENTS}


def new_game(roles: tuple[str, ...] = N9, seed: int = 0, **options) -> Game:
    game = Game("magic_city", len(roles), roles=tuple(roles), seed=seed, options={"early_close": True, **options})
    out = game.start()
    assert not isinstance(out, RuleViolation), out
    return game


def seat(game: Game, role: str, k: int = 0) -> int:
    return game.seat_of(role)[k]


def seats(game: Game, *roles: str) -> list[int]:
    """The first seat of each role."""
    return [seat(game, role) for role in roles]


def step(game: Game) -> str:
    return game.state.step.name if game.state.step else ""


def ok(out):
    assert not isinstance(out, RuleViolation), out
    return out


def until(game: Game, *names: str) -> None:
    """Let deadlines pass (every default applies) until one of the named steps is open."""
    for _ in range(500):
        if step(game) in names or game.state.status == "ended":
            return
        ok(game.timeout())
    raise AssertionError(f"never reached {names}")


def vote_all(game: Game, target: int, fallback: int | None = None) -> None:
    """Every voter of the open ballot (step after step in 順番) names `target`."""
    name = step(game)
    while step(game) == name:
        voters = [s for s in game.state.step.public if game.state.step.owes(s)]
        if not voters:
            ok(game.timeout())
            continue
        for voter in voters:
            if step(game) != name:
                break
            pick = target if voter != target else fallback
            ok(game.act(voter, "vote", pick, **({"text": "abracadabra"} if game.state.x.today == "academy" else {})))
        if step(game) == name and game.state.step.hold:
            ok(game.timeout())


def execute(game: Game, target: int, fallback: int | None = None) -> None:
    until(game, "vote")
    if fallback is None:
        fallback = next(s for s in game.state.living() if s != target)
    vote_all(game, target, fallback)


def choose_event(game: Game, card: str) -> None:
    assert step(game) == "event_choice", step(game)
    ok(game.act(game.state.x.drawer, "event", option=card))


def night(game: Game, plan: dict[str, list[tuple]]) -> None:
    """Play the night: in each named role step the listed (seat, kind, target, fields) act; then it closes."""
    while game.state.phase == "night" and game.state.status == "running":
        name = step(game)
        for entry in plan.get(name.removeprefix("night."), []):
            fields = entry[3] if len(entry) > 3 else {}
            ok(game.act(entry[0], entry[1], entry[2], **fields))
        if step(game) == name and game.state.phase == "night":
            ok(game.timeout())


def notices(game: Game, key: str, viewer: int | str | None = None) -> list[Notice]:
    from grimoire.domain.events import sees

    return [e for e in game.events if isinstance(e, Notice) and e.key == key and (viewer is None or sees(e.to, viewer))]


def results(game: Game) -> list[VoteResult]:
    return [e for e in game.events if isinstance(e, VoteResult)]


def quick_game(ruleset: str, n: int, seed: int, rng, roles: tuple[str, ...] = (), options: dict | None = None):
    """A whole game through decide/evolve alone, random bots answering from the open step's prompts
    (what each seat's view shows) and deadlines passing when nobody owes: (final state, events)."""
    import msgspec

    from grimoire.domain.catalog import decide, evolve, initial_state
    from grimoire.domain.events import Act, CreateGame, Start, Timeout
    from grimoire.service.bots import pick
    from tests.support.harness import T0, seed_for

    state, events, now = initial_state(), [], T0

    def submit(inp):
        nonlocal state
        out = decide(state, inp)
        assert not isinstance(out, RuleViolation), (out, inp)
        for event in out:
            state = evolve(state, event)
        events.extend(out)

    names = tuple(f"P{i}" for i in range(1, n + 1))
    submit(
        CreateGame(
            at=now,
            game_id=f"q{seed}",
            ruleset=ruleset,
            seats=n,
            names=names,
            roles=roles,
            options=options or {},
            seed=seed_for(seed),
        )
    )
    submit(Start(at=now))
    for _ in range(20000):
        if state.status == "ended":
            return state, events
        now += 1000
        step = state.step
        owing = step.owing()
        if owing:
            seat_ = rng.choice(owing)
            decision = rng.choice([d for d in step.prompts[seat_] if not d.repeatable])
            if seat_ in decision.targets and not decision.self_ok:
                decision = msgspec.structs.replace(decision, targets=tuple(t for t in decision.targets if t != seat_))
            submit(Act(at=now, seat=seat_, action=pick(decision, rng)))
        else:
            now = max(now, step.deadline or now)
            submit(Timeout(at=now, step=step.no))
    raise AssertionError("game did not end")
