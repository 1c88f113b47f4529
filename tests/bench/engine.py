"""Engine benchmark: whole games in one process, every viewer's projection kept current.

    python tests/bench/engine.py --ruleset jinro9 --preset 9A --games 500

Bots play from their own views: every seat speaks on every turn, wolves whisper a uniformly drawn
0–10 messages a night, everyone votes and acts. Then the same games' inputs are replayed through
`run` with every view folded, without the bots: `games_per_s` is that rate (the engine's own work),
`played_games_per_s` the rate with the bots choosing. Each figure is the best of `--repeat` rounds,
as with `timeit`: slower rounds measure the machine's other work. The last line printed is one JSON
object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from grimoire.domain.catalog import (
    ENGINES,
    RULESETS,
    initial_state,
)
from grimoire.domain.events import MODERATOR, Act, Action, CreateGame, Input, Prompt, Start, StepOpened, Timeout
from grimoire.projections.view import SPECTATOR, deliver, new_view
from grimoire.service.bots import owed_action, pick, say


def play(ruleset: str, preset: str | None, players: int, seed: int) -> list[Input]:
    """One whole game; returns its accepted inputs."""
    rng = random.Random(seed)
    state = initial_state()
    viewers = (*range(1, players + 1), SPECTATOR, MODERATOR)
    views = {v: new_view(v) for v in viewers}
    inputs: list[Input] = []
    now = 1_700_000_000_000
    changed: set[int] = set()
    run = ENGINES[ruleset].run  # the game's engine, bound once as the service binds it per game

    def submit(inp: Input) -> bool:
        nonlocal state
        result = run(state, inp)
        if not isinstance(result, tuple):
            return False
        inputs.append(inp)
        out, state = result
        for event in out:
            deliver(views, event)
            # a bot looks at its view again when it is prompted
            if type(event) is StepOpened:
                changed.update(event.seats)
            elif type(event) is Prompt:
                changed.add(event.seat)
        return True

    names = tuple(f"P{i}" for i in range(1, players + 1))
    seed_hex = hashlib.sha256(b"bench-%d" % seed).hexdigest()
    submit(
        CreateGame(
            at=now,
            game_id=str(seed),
            ruleset=ruleset,
            seats=players,
            names=names,
            preset=preset,
            seed=seed_hex,
            options={"early_close": True} if "early_close" in RULESETS[ruleset].options else {},
        )
    )
    submit(Start(at=now))
    whispered_step = 0
    spoken: set[tuple[int, int]] = set()
    while state.status != "ended":
        now += 1000
        step = state.step
        if step.no != whispered_step and step.name == "night":
            whispered_step = step.no
            wolves = [s for s in state.living() if any(d.kind == "whisper" for d in views[s].decisions)]
            for _ in range(rng.randint(0, 10) if wolves else 0):
                seat = rng.choice(wolves)
                submit(Act(at=now, seat=seat, action=Action(kind="whisper", text=say(rng, 200))))
        acted = False
        for seat in sorted(changed):
            changed.discard(seat)
            view = views[seat]
            talk = next((d for d in view.decisions if d.kind == "speak" and d.repeatable), None)
            if talk is not None and (step.no, seat) not in spoken:  # free talk: everyone speaks once
                spoken.add((step.no, seat))
                submit(Act(at=now, seat=seat, action=pick(talk, rng, seat)))
            action = owed_action(views[seat], rng)
            if action is not None and submit(Act(at=now, seat=seat, action=action)):
                acted = True
                break
        if not acted and not changed:
            now = max(now, step.deadline or now)
            submit(Timeout(at=now, step=step.no, forced=step.deadline is None))
    return inputs


def replay(inputs: list[Input], players: int) -> int:
    """The engine's work for one recorded game: decide, evolve and every view; returns its events."""
    state = initial_state()
    views = {v: new_view(v) for v in (*range(1, players + 1), SPECTATOR, MODERATOR)}
    count = 0
    run = ENGINES[inputs[0].ruleset].run  # the first input creates the game and names its ruleset
    for inp in inputs:
        out, state = run(state, inp)
        for event in out:
            deliver(views, event)
        count += len(out)
    return count


def best_rate(work, repeat: int) -> tuple[float, object]:
    """The fastest of `repeat` rounds of `work()` (seconds) and the last round's result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - started)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", required=True, choices=sorted(RULESETS))
    parser.add_argument("--preset")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rs = RULESETS[args.ruleset]
    preset = args.preset if args.preset or args.players else next(iter(rs.presets), None)
    players = args.players or rs.preset_seats()[preset]
    play(args.ruleset, preset, players, -1)  # warm-up
    seeds = range(args.games)
    played, games = best_rate(lambda: [play(args.ruleset, preset, players, seed) for seed in seeds], args.repeat)
    engine, counts = best_rate(lambda: [replay(inputs, players) for inputs in games], args.repeat)
    events = sum(counts)
    print(
        json.dumps(
            {
                "ruleset": args.ruleset,
                "preset": preset if preset else f"{players}p",
                "games": args.games,
                "games_per_s": round(args.games / engine, 1),
                "played_games_per_s": round(args.games / played, 1),
                "events_per_game": round(events / args.games, 1),
                "us_per_event": round(engine / events * 1e6, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
