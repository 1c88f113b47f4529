"""Record a corpus: python -m tests.corpus.record CORPUS (a name of `corpus.CORPORA`, or `documents`)

Plays seeded games of random legal bots through the engine, over every ruleset's presets, player
counts and options, with every ruleset deployed at the corpus's version (its games are pinned to
it), and writes the corpus's games.jsonl.gz; `documents` writes documents.json beside this file. Run
it only to add a corpus for a new version of the rules (see README.md), never to make a difference
go away. `python -m tests.corpus.record texts CORPUS` re-records only the feed-text hashes of a
corpus's games, for a change that means to change texts.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from grimoire.domain.catalog import RULESETS, fold, initial_state, run
from grimoire.domain.codec import decode
from grimoire.domain.events import Abort, Act, Action, CreateGame, Input, Join, Leave, Start, Timeout
from grimoire.domain.ruleset import Option, Ruleset
from grimoire.domain.texts import LANGS
from grimoire.domain.violations import RuleViolation, known_codes
from grimoire.projections.view import deliver, new_view
from grimoire.service.bots import owed_action, pick
from tests.corpus.corpus import (
    CORPORA,
    DOCUMENTS,
    SERVICE_STATUS,
    Corpus,
    encoded,
    end_summary,
    problem_digests,
    read_games,
    ruleset_document_digests,
    text_digests,
    view_digests,
    write_games,
)
from tests.support.versions import deployed

T0 = 1_700_000_000_000
MAX_INPUTS = 4000  # a game still running after this many inputs is aborted by its host
NAMES = (
    "Alice",
    "Bob",
    "Chloé",
    "Dmitri",
    "Eve",
    "さくら",
    "たろう",
    "山田",
    "小明",
    "小红",
    "陳大文",
    "林美玲",
    "Zoë",
    "Omar",
    "Priya",
    "Kenji",
    "Lin",
    "Marta",
    "Noah",
    "Olga",
    "Paul",
    "Quinn",
    "Rosa",
    "Sam",
    "Tomás",
)


# --- setups ------------------------------------------------------------------------------------


def option_value(name: str, spec: Option, rng: random.Random) -> Any:
    if spec.type == "bool":
        return rng.random() < 0.5
    if spec.type == "choice":
        return rng.choice(spec.choices)
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else low + 100
    if spec.type == "int":
        low, high = int(low), int(high)
        if name == "retries":
            return rng.randint(low, min(high, 3)) if rng.random() < 0.9 else high
        return rng.randint(low, high)
    if name == "time_scale":
        return rng.choice((low, 0.5, 1.5, high, round(rng.uniform(low, 3), 3)))
    return rng.choice((low, high, round(rng.uniform(low, min(high, 600)), 1), float(rng.randint(int(low), 300))))


def random_options(rs: Ruleset, rng: random.Random) -> dict[str, Any]:
    """Each option set with probability one half, to a random legal value."""
    share = rng.choice((0.0, 0.3, 0.6))
    return {name: option_value(name, spec, rng) for name, spec in rs.all_options().items() if rng.random() < share}


def langrensha_roles(n: int, rng: random.Random) -> tuple[str, ...]:
    roles = RULESETS["langrensha"].roles
    wolves = [r for r, role in roles.items() if role.wolf]
    others = [r for r, role in roles.items() if not role.wolf and r not in ("thief", "cupid", "villager")]
    thief = rng.random() < 0.3
    size = n + 2 * thief
    picked = [rng.choice(wolves) for _ in range(rng.randint(1 + thief, max(1 + thief, size // 3)))]
    picked += ["thief"] * thief + ["cupid"] * (rng.random() < 0.4)
    while len(picked) < size:
        picked.append(rng.choice([*others, "villager", "villager", "villager"]))
    return tuple(picked[:size]) if picked[:size].count("thief") == thief else tuple(picked)


def magic_city_roles(n: int, rng: random.Random) -> tuple[str, ...]:
    from grimoire.domain.rulesets.magic_city import EVIL, regulation_error

    village = ("prophet", "medium", "knight", "dragon", "spirit_caller", "moneylender", "marksman", "golem")
    evil = (n - 1) // 2 - 2
    bad = [rng.choice(("werewolf", "evil_eye"))]
    while len(bad) < evil:
        role = rng.choice((*EVIL, "werewolf", "werewolf"))
        if role == "werewolf" or role not in bad:
            bad.append(role)
    others = n - 2 * evil - 2
    good = rng.sample(village, others)
    if others >= 2 and rng.random() < 0.4:
        good[:2] = ["mason", "mason"]
    roles = ["citizen"] * (evil + 2) + bad + good
    rng.shuffle(roles)
    assert regulation_error(tuple(roles)) is None
    return tuple(roles)


def witch_trial_pool(n: int, rng: random.Random) -> tuple[str, ...]:
    others = ("barrier", "barrier", "barrier", "probe", "check", "kill_magic")
    return ("witch_killer", *(rng.choice(others) for _ in range(4 * n - 1)))


def setups(ruleset: str, rng: random.Random, count: int) -> list[tuple[int, str | None, tuple[str, ...]]]:
    """(seats, preset, roles) for each game of the ruleset: every preset, then host lists where allowed."""
    rs = RULESETS[ruleset]
    presets = [(seats, preset, ()) for preset, seats in rs.preset_seats().items()]
    out: list[tuple[int, str | None, tuple[str, ...]]] = []
    for i in range(count):
        if ruleset == "langrensha" and i % 3 == 2:
            n = rng.randint(6, 20)
            out.append((n, None, langrensha_roles(n, rng)))
        elif ruleset == "magic_city" and i % 3 == 2:
            n = rng.randint(8, 20)
            out.append((n, None, magic_city_roles(n, rng)))
        elif ruleset == "witch_trial" and i % 3 == 2:
            n = rng.choice((2, 3, 4, 5, 6, 10, 11, 12))
            out.append((n, None, witch_trial_pool(n, rng)))
        else:
            out.append(presets[sum(1 for _, preset, _ in out if preset) % len(presets)])
    return out


# --- playing -----------------------------------------------------------------------------------


class Recorder:
    """One game: every input submitted with what it produced, and the views the bots play from."""

    def __init__(self, seats: int) -> None:
        self.state = initial_state()
        self.inputs: list[str] = []
        self.outcomes: list[int | dict[str, Any]] = []
        self.events: list = []
        self.views = {s: new_view(s) for s in range(1, seats + 1)}
        self.now = T0

    def submit(self, inp: Input) -> bool:
        result = run(self.state, inp)
        self.inputs.append(encoded(inp))
        if isinstance(result, RuleViolation):
            self.outcomes.append({"code": result.code, "args": result.args})
            return False
        out, self.state = result
        self.outcomes.append(len(out))
        for event in out:
            self.events.append(event)
            deliver(self.views, event)
        return True

    def tick(self) -> int:
        self.now += 1000
        return self.now


def play(ruleset: str, number: int, seats: int, preset: str | None, roles: tuple[str, ...]) -> dict[str, Any]:
    seed = hashlib.sha256(f"corpus-{ruleset}-{number}".encode()).hexdigest()
    rng = random.Random(seed)
    rs = RULESETS[ruleset]
    while True:
        g = Recorder(seats)
        names = rng.sample(NAMES, seats) if seats <= len(NAMES) else [f"P{i}" for i in range(1, seats + 1)]
        seated = seats if rng.random() < 0.7 else rng.randint(0, seats)
        create = CreateGame(
            at=g.now,
            game_id=f"{ruleset}-{number}",
            ruleset=ruleset,
            seats=seats,
            names=tuple(names[:seated]),
            preset=preset,
            roles=roles,
            options=random_options(rs, rng),
            lang=rng.choice((None, *LANGS)),
            seed=seed,
            seed_supplied=rng.random() < 0.3,
            moderator=rng.random() < 0.5,
            key_id=rng.choice(("", "k1")),
        )
        if g.submit(create):
            break
    lobby(g, rng, names[seated:])
    bots(g, rng)
    return {
        "id": f"{ruleset}-{number:03d}",
        "ruleset": ruleset,
        "inputs": g.inputs,
        "outcomes": g.outcomes,
        "events": [encoded(e) for e in g.events],
        "end": end_summary(g.state, g.events),
        "texts": text_digests(g.events, g.state),
        "views": view_digests(g.events, g.state.seats),
    }


def lobby(g: Recorder, rng: random.Random, names: list[str]) -> None:
    """The others join (one leaves now and then and someone else takes a seat), then the game starts."""
    spare = [f"Guest{i}" for i in range(1, 4)]
    if rng.random() < 0.2:
        g.submit(Start(at=g.tick()))  # refused: seats are open
    for name in names:
        g.submit(Join(at=g.tick(), name=name))
        if rng.random() < 0.1 and g.state.names:
            g.submit(Leave(at=g.tick(), seat=rng.randint(1, len(g.state.names))))
            g.submit(Join(at=g.tick(), name=spare.pop() if spare else f"Late{len(g.inputs)}"))
    if rng.random() < 0.1:
        g.submit(Join(at=g.tick(), name="Extra"))  # refused: no open seat
    while len(g.state.names) < g.state.seats:
        g.submit(Join(at=g.tick(), name=f"Filler{len(g.inputs)}"))
    g.submit(Start(at=g.tick()))


def bots(g: Recorder, rng: random.Random) -> None:
    """Bots answer from their own views; some stay silent (deadlines, reminders and defaults follow),
    some take optional decisions or send what the rules refuse, and a host may force a deadline or abort."""
    rs = RULESETS[g.state.ruleset]
    silence = rng.choice((0.0, 0.05, 0.2, 0.5))
    extra = rng.choice((0.0, 0.05, 0.2))
    abort_after = rng.randint(5, 200) if rng.random() < 0.04 else None
    seats = g.state.seats
    kinds = sorted(rs.action_kinds) + ["fly"]
    for count in range(MAX_INPUTS):
        if g.state.status == "ended":
            return
        if count == abort_after or count == MAX_INPUTS - 1:
            g.submit(Abort(at=g.tick()))
            continue
        if rng.random() < 0.02:
            seat = rng.randint(0, seats + 1)
            action = Action(kind=rng.choice(kinds), target=rng.choice((None, rng.randint(0, seats + 1))))
            g.submit(Act(at=g.tick(), seat=seat, action=action))
            continue
        if extra and rng.random() < extra:
            choices = [(s, d) for s in range(1, seats + 1) for d in g.views[s].decisions if d.repeatable]
            if choices:
                seat, decision = rng.choice(choices)
                g.submit(Act(at=g.tick(), seat=seat, action=pick(decision, rng, seat)))
                continue
        order = list(range(1, seats + 1))
        rng.shuffle(order)
        acted = False
        for seat in order:
            action = owed_action(g.views[seat], rng)
            if action is not None and rng.random() >= silence:
                acted = g.submit(Act(at=g.tick(), seat=seat, action=action))
                break
        if acted:
            continue
        step = g.state.step
        if step is None:
            g.submit(Abort(at=g.tick()))
            continue
        forced = step.deadline is None or rng.random() < 0.03
        g.now = g.tick() if forced else max(g.now, step.deadline)
        g.submit(Timeout(at=g.now, step=step.no, forced=forced))
    raise AssertionError("the game did not end")


def record(corpus: Corpus) -> None:
    """The corpus's games: the same seeds in every corpus, so the first games of one are the games of
    another played under other rules."""
    games = []
    for ruleset in sorted(corpus.rulesets):
        rng = random.Random(f"corpus-{ruleset}")
        with deployed(ruleset, corpus.version_of(ruleset), corpus.engine):
            for number, (seats, preset, roles) in enumerate(setups(ruleset, rng, corpus.per_ruleset)):
                games.append(play(ruleset, number, seats, preset, roles))
        print(ruleset, len(games), file=sys.stderr)
    write_games(corpus, games)


def record_documents() -> None:
    engine_codes = known_codes()
    import grimoire.service.app  # noqa: F401  the service registers its own codes' texts

    service_codes = {code: SERVICE_STATUS[code] for code in sorted(set(known_codes()) - set(engine_codes))}
    documents = {
        "rulesets": ruleset_document_digests(sorted(RULESETS)),
        "problems": problem_digests(engine_codes, service_codes),
    }
    DOCUMENTS.write_text(json.dumps(documents, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def record_texts(corpus: Corpus) -> None:
    """Re-record the feed-text hashes of a corpus's games, and nothing else: a change of texts. The
    games (their inputs, events, outcomes, ends and views) stay the bytes they were recorded as."""
    games = []
    for game in read_games(corpus):
        events = [decode(e.encode()) for e in game["events"]]
        games.append({**game, "texts": text_digests(events, fold(events))})
    write_games(corpus, games)


def main(argv: list[str]) -> None:
    if argv[0] == "documents":
        record_documents()
    elif argv[0] == "texts":
        record_texts(CORPORA[argv[1]])
    else:
        (name,) = argv
        record(CORPORA[name])


if __name__ == "__main__":
    main(sys.argv[1:])
