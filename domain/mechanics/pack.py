"""The pack: the wolves learn each other, whisper at night (up to a cap) and choose one attack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from grimoire.domain.events import Action, Decision
from grimoire.domain.ruleset import Change, Table
from grimoire.domain.state import GameState, X
from grimoire.domain.violations import RuleViolation, refusal

# Rulings, "Wolves choose together": a wolf silent at the deadline defers to the pack (its default
# names nobody); a random target is drawn only when no living wolf named one. Before version 3 each
# silent wolf's default was a random name of its own.
SILENT_WOLF_DEFERS = Change("3", "silent_wolf_defers", "a wolf silent at the deadline defers to the pack")
# Rulings, "Wolves choose together": the living wolves see each other's current pick while the step is
# open (the pick's audience is the pack and the moderator). Before version 4 a pick was its wolf's alone.
WOLVES_SEE_PICKS = Change("4", "wolves_see_picks", "the living wolves see each other's pick while the step is open")
# The wolves' first meeting (night 0, nothing to choose yet) ends by a deliberate "we are done" of every
# living wolf, its own decision, told to the pack; before version 4 a wolf answered "sleep" like the rest.
WOLVES_DONE = Change("4", "wolves_done", "on night 0 each wolf ends the meeting with done whispering, not sleep")
DONE = Decision(kind="done")
PICKS = frozenset({"attack", "done"})  # the actions of a wolf its pack reads (`WOLVES_SEE_PICKS`)


def pick_audience(pack: Sequence[int], action: Action) -> tuple[int, ...] | None:
    """Who reads a wolf's pick (`WOLVES_SEE_PICKS`): an attack or a done whispering reaches the living
    `pack`; any other action is not the pack's (None)."""
    return tuple(pack) if action.kind in PICKS else None


def tell_partners(g: Table[X], pack: tuple[int, ...]) -> None:
    """At the deal: several wolves learn each other; a lone wolf learns it is alone."""
    if len(pack) > 1:
        g.notice("wolves.partners", to=pack, learn=dict.fromkeys(pack, "werewolf"), seats=pack)
    elif pack:
        g.notice("wolves.alone", to=pack)


def attack_decision(state: GameState[X], seat: int, pack: Sequence[int]) -> Decision:
    """A wolf's attack: any living seat outside the pack (its fellow wolves barred as such)."""
    barred = tuple((s, "target_is_wolf") for s in pack if s != seat)
    targets = tuple(s for s in state.living() if s not in pack)
    return Decision(kind="attack", targets=targets, barred=barred)


def size_error(wolves: int, seats: int) -> RuleViolation | None:
    """Why a deal is refused for its wolves: there must be at least one, and fewer than the rest."""
    if 0 < wolves < seats - wolves:
        return None
    return refusal("bad_roles", reason="wolves")


def attack_target(g: Table[X], answers: Mapping[int, Action], legal: Decision | None) -> int | None:
    """The pack's one target: the most named (a tie drawn at random); if no wolf named one, a
    random choice among the `legal` attack's targets (none: nobody is attacked)."""
    picks = [a.target for a in answers.values() if a.kind == "attack" and a.target is not None]
    if picks:
        counts = Counter(picks)
        top = max(counts.values())
        return g.rng.choice(sorted(t for t, c in counts.items() if c == top))
    return g.rng.choice(legal.targets) if legal is not None and legal.targets else None


def chosen_target(g: Table[X], pack: Sequence[int]) -> int | None:
    """The pack's target among the answers of the open step (`attack_target`), the legal targets
    being those of the first of the `pack` prompted to attack."""
    step = g.state.open_step()
    legal = next((d for s in pack if (d := step.decision(s, "attack"))), None)
    return attack_target(g, step.answers, legal)


def whisper_decision(state: GameState[X]) -> Decision:
    return Decision(kind="whisper", text=state.options["speech_max_chars"], repeatable=True)


def whisper_refusal(action: Action) -> str | None:
    """A whisper must say something."""
    return "text_required" if action.kind == "whisper" and not action.text else None


def whisper_capped(cap: int | None, whispers: int) -> bool:
    """The night's whispers reached the cap (none: no cap)."""
    return cap is not None and whispers >= cap


def close_whispers(g: Table[X], pack: tuple[int, ...]) -> None:
    """The cap is reached: the wolves are told, and the whisper is taken from each that had it."""
    g.notice("whisper.closed", to=pack)
    step = g.state.open_step()
    for wolf in pack:
        if step.decision(wolf, "whisper"):
            g.withdraw(wolf, ("whisper",))
