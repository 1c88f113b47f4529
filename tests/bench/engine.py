"""Engine benchmark: whole games in one process, every viewer's projection kept current.

    python tests/bench/engine.py --ruleset jinro9 --preset 9A --games 500
    python tests/bench/engine.py --ref 69ec65a                # every ruleset, that commit beside this checkout

Bots play from their own views: every seat speaks on every turn, wolves whisper a uniformly drawn
0–10 messages a night, everyone votes and acts. Then the same games' inputs are replayed through
`run` with every view folded, without the bots: `games_per_s` is that rate (the engine's own work),
`cpu_games_per_s` the same in this process's CPU time (which the machine's other work disturbs
less), `played_games_per_s` the rate with the bots choosing. Each figure is the best of `--repeat`
rounds, as with `timeit`: slower rounds measure the machine's other work. The last line printed is
one JSON object.

With `--ref COMMIT`, the same workload runs on that commit's engine (its tree extracted with `git
archive` and imported first on this environment's path as the package `grimoire`) and on this
checkout, each measurement in a process of its own, interleaved: `--runs` rounds, each measuring every
ruleset (`--ruleset`: one) on both builds, the order of the two alternating from round to round. Per
ruleset it prints the median `games_per_s` and `cpu_games_per_s` of each build and new over ref; the
last line is one JSON object with every run's figures and the medians.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from grimoire.domain.catalog import (
    ENGINES,
    RULESETS,
    initial_state,
)
from grimoire.domain.events import MODERATOR, Act, Action, CreateGame, Input, Prompt, Start, StepOpened, Timeout
from grimoire.projections.view import SPECTATOR, deliver, new_view
from grimoire.service.bots import owed_action, pick, say
from tests.bench.reference import extract, link_tree


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


def best_rate(work, repeat: int) -> tuple[float, float, object]:
    """The fastest of `repeat` rounds of `work()`, in seconds of wall-clock time and of this process's
    CPU time (which other processes on a busy machine disturb less), and the last round's result."""
    best, best_cpu, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        result = work()
        best = min(best, time.perf_counter() - started)
        best_cpu = min(best_cpu, time.process_time() - started_cpu)
    return best, best_cpu, result


def measure(ruleset: str, preset: str | None, players: int | None, games: int, repeat: int) -> dict:
    rs = RULESETS[ruleset]
    preset = preset if preset or players else next(iter(rs.presets), None)
    players = players or rs.preset_seats()[preset]
    play(ruleset, preset, players, -1)  # warm-up
    seeds = range(games)
    played, _, recorded = best_rate(lambda: [play(ruleset, preset, players, seed) for seed in seeds], repeat)
    engine, engine_cpu, counts = best_rate(lambda: [replay(inputs, players) for inputs in recorded], repeat)
    events = sum(counts)
    return {
        "ruleset": ruleset,
        "preset": preset if preset else f"{players}p",
        "games": games,
        "games_per_s": round(games / engine, 1),
        "cpu_games_per_s": round(games / engine_cpu, 1),
        "played_games_per_s": round(games / played, 1),
        "events_per_game": round(events / games, 1),
        "us_per_event": round(engine / events * 1e6, 2),
    }


# --- against a reference commit -----------------------------------------------------------------


def reference_tree(ref: str, into: Path) -> tuple[str, str]:
    """The commit's short id and a folder holding its tree as the package `grimoire`, to put first on the path."""
    commit, src = extract(ref, into)
    return commit, link_tree(src, into)


def build_env(pythonpath: str | None, expected: Path) -> dict[str, str]:
    """The environment a build's measurements run in, checked to import the engine from `expected`."""
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (pythonpath, env.get("PYTHONPATH")) if p)
    where = subprocess.run(
        [sys.executable, "-c", "import grimoire.domain.engine as m; print(m.__file__)"],
        env=env,
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(where).resolve().is_relative_to(expected.resolve()):
        raise SystemExit(f"the build meant to run {expected} imports {where}")
    return env


def measure_in(env: dict[str, str], ruleset: str, args: argparse.Namespace) -> dict:
    cmd = [sys.executable, __file__, "--ruleset", ruleset, "--games", str(args.games), "--repeat", str(args.repeat)]
    if args.preset:
        cmd += ["--preset", args.preset]
    if args.players:
        cmd += ["--players", str(args.players)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def against(args: argparse.Namespace) -> dict:
    """Every ruleset's figures on the reference commit and on this checkout, `args.runs` interleaved runs each
    (a ruleset the reference does not have is left out: there is nothing to compare it with)."""
    with tempfile.TemporaryDirectory(prefix="grimoire-bench-") as folder:
        commit, tree = reference_tree(args.ref, Path(folder))
        kept = [rs for rs in sorted(RULESETS) if (Path(tree) / "grimoire" / "domain" / "rulesets" / rs).exists()]
        rulesets = [args.ruleset] if args.ruleset else kept
        envs = {"ref": build_env(tree, Path(folder) / "src"), "new": build_env(None, ROOT)}
        runs: dict[str, dict[str, list[dict]]] = {rs: {"ref": [], "new": []} for rs in rulesets}
        for n in range(args.runs):
            order = ("ref", "new") if n % 2 == 0 else ("new", "ref")
            for ruleset in rulesets:
                for build in order:
                    figures = measure_in(envs[build], ruleset, args)
                    runs[ruleset][build].append(figures)
                    line = f"{figures['games_per_s']} games/s, {figures['cpu_games_per_s']} in CPU time"
                    print(f"run {n + 1} {ruleset} {build}: {line}", file=sys.stderr)
    out: dict = {"ref": commit, "runs": args.runs, "games": args.games, "repeat": args.repeat, "rulesets": {}}
    for ruleset, by_build in runs.items():
        summary: dict = {"preset": by_build["new"][0]["preset"]}
        line = f"{ruleset:12}"
        for figure in ("games_per_s", "cpu_games_per_s"):
            median = {b: statistics.median(f[figure] for f in figures) for b, figures in by_build.items()}
            ratio = round(median["new"] / median["ref"], 3)
            line += f"  {figure} ref {median['ref']:7.1f} new {median['new']:7.1f} new/ref {ratio:.3f}"
            summary[figure] = {
                "ref": median["ref"],
                "new": median["new"],
                "new_over_ref": ratio,
                "ref_runs": [f[figure] for f in by_build["ref"]],
                "new_runs": [f[figure] for f in by_build["new"]],
            }
        summary["events_per_game"] = {b: figures[0]["events_per_game"] for b, figures in by_build.items()}
        print(line)
        out["rulesets"][ruleset] = summary
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", choices=sorted(RULESETS), help="required without --ref; with it, all by default")
    parser.add_argument("--preset")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ref", help="a commit whose engine runs the same workload beside this checkout's")
    parser.add_argument("--runs", type=int, default=5, help="with --ref: interleaved runs of each build")
    args = parser.parse_args()
    if args.ref:
        print(json.dumps(against(args)))
        return
    if not args.ruleset:
        parser.error("--ruleset is required without --ref")
    print(json.dumps(measure(args.ruleset, args.preset, args.players, args.games, args.repeat)))


if __name__ == "__main__":
    main()
