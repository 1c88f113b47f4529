"""Ballots and tallies: secret or open, a runoff between the tied, and seats whose vote weighs more."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from grimoire.domain.events import Action, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.state import X


def cast(answers: Mapping[int, Action]) -> dict[int, int | None]:
    """Each voter's ballot in seat order (None: an abstention)."""
    return {s: a.target for s, a in sorted(answers.items()) if a.kind == "vote"}


def tally(ballots: Mapping[int, int | None], weight: Callable[[int], float] | None = None) -> dict[int, float]:
    """The votes each named seat got, in the order first named; `weight(voter)` weighs a ballot
    (none: every ballot counts one)."""
    counts: dict[int, float] = {}
    for voter, target in ballots.items():
        if target is not None:
            counts[target] = counts.get(target, 0) + (1 if weight is None else weight(voter))
    return counts


def runoff_voters(living: Sequence[int], candidates: Sequence[int], tied_vote: bool) -> list[int]:
    """Who votes in a runoff between `candidates`: everyone living, or (not `tied_vote`) all but them."""
    return list(living) if tied_vote else [s for s in living if s not in candidates]


def open_ballot(g: Table[X], name: str, voters: Sequence[int], candidates: tuple[int, ...]) -> None:
    """Open a ballot among `candidates` for `voters`; each may abstain."""
    ballot = Decision(kind="vote", targets=candidates, optional=True)
    g.open_step(name, "vote_seconds", seats=voters, decisions=(ballot,))


def close_ballot(
    g: Table[X], name: str, answers: Mapping[int, Action], secret: bool, weight: Callable[[int], float] | None = None
) -> tuple[int, ...]:
    """Tally a closed ballot, announce it (a secret ballot without who voted for whom) and return
    its leaders: one is chosen, several are tied, none if nobody was named."""
    ballots = cast(answers)
    return g.vote_result(name, tally(ballots, weight), None if secret else ballots)
