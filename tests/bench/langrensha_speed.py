"""Games per second of langrensha on one core: random-legal players straight on the engine's state.

Time is the process's CPU time, so other work on a shared machine does not count against it.

    python tests/bench/langrensha_speed.py [--players 12] [--seconds 5] [--early-close]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from msgspec.structs import replace

from grimoire.domain.catalog import initial_state, run
from grimoire.domain.events import Act, CreateGame, Join, Start, Timeout
from grimoire.service.bots import pick

T0 = 1_700_000_000_000


def play(players: int, seed: int, options: dict) -> int:
    """One whole game; returns its number of events."""
    rng = random.Random(seed)
    state, now, count = initial_state(), T0, 0

    def submit(inp):
        nonlocal state, count
        result = run(state, inp)
        assert isinstance(result, tuple), result
        out, state = result
        count += len(out)

    submit(CreateGame(at=now, game_id="b", ruleset="langrensha", seats=players, options=options, seed=f"{seed:064x}"))
    for i in range(players):
        submit(Join(at=now, name=f"P{i + 1}"))
    submit(Start(at=now))
    while state.status != "ended":
        now += 1000
        step = state.step
        owing = step.owing()
        if owing:
            seat = owing[0]
            owed = rng.choice([d for d in step.prompts[seat] if not d.repeatable])
            if seat in owed.targets and not owed.self_ok:  # as a view shows a public decision
                owed = replace(owed, targets=tuple(t for t in owed.targets if t != seat))
            submit(Act(at=now, seat=seat, action=pick(owed, rng, seat)))
        else:
            now = max(now, step.deadline or now)
            submit(Timeout(at=now, step=step.no))
    return count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--early-close", action="store_true")
    args = parser.parse_args()
    options = {"early_close": args.early_close}
    games = events = 0
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        events += play(args.players, games, options)
        games += 1
    elapsed = time.process_time() - start
    print(f"{games / elapsed:.1f} games/s, {events / games:.0f} events/game ({games} games, {args.players} players)")


if __name__ == "__main__":
    main()
