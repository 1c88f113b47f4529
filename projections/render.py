"""The moderator's words for an event, in the reader's language (None: the event has no text).

Every event a player reads has a text, and an event's text is seen only by its audience: a text
about a private step (a prompt, a default taken in silence) never names a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from grimoire.domain.events import (
    PUBLIC,
    Act,
    DeadlineExtended,
    Defaulted,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Join,
    Notice,
    PhaseStarted,
    Prompt,
    RoleChanged,
    RoleDealt,
    SpeakingOrder,
    Start,
    StepOpened,
    Timeout,
    VoteResult,
)
from grimoire.domain.texts import render_text

Names = tuple[str, ...]


class Reader(NamedTuple):
    """Who reads: the language, the seats' names and the game's ruleset (whose words come first)."""

    lang: str
    names: Names = ()
    ruleset: str | None = None

    def text(self, key: str, **args: Any) -> str:
        return render_text(key, self.lang, args, self.names, self.ruleset)


def _died(e: Died, r: Reader) -> str:
    if e.when == "execution":
        return r.text("executed", seat=e.seats[0])
    if e.when == "morning":
        return r.text("morning.dead", seats=e.seats)
    return r.text("died." + e.when, seats=e.seats)


def _ended(e: GameEnded, r: Reader) -> str:
    if e.reason == "aborted":
        return r.text("game.aborted")
    if e.teams:
        return r.text("game.won", teams=e.teams, winners=e.winners)
    if e.winners:
        return r.text("game.ended", winners=e.winners)
    return r.text("game.ended.none")


def _act(e: Act | Defaulted, r: Reader) -> str | None:
    if e.action.kind == "vote" and (e.to == PUBLIC or e.action.text is not None):
        return _vote(e, r)
    text = e.action.text
    if text is None:
        return None
    return f"{r.names[e.seat - 1] if e.seat <= len(r.names) else e.seat}: {text}"


def _vote(e: Act | Defaulted, r: Reader) -> str:
    """A ballot cast where the table sees it: for whom (or an abstention), with the words said casting it."""
    target, said = e.action.target, e.action.text
    key = "act.abstain" if target is None else "act.vote"
    args: dict[str, Any] = {"seat": e.seat}
    if target is not None:
        args["target"] = target
    if said is not None:
        key, args["text"] = key + ".said", said
    return r.text(key, **args)


def _defaulted(e: Defaulted, r: Reader) -> str:
    """What the seat's silence did, in its ruleset's terms: an abstention, a skipped turn, no last words,
    a target drawn at random, an offer refused (`defaulted.<kind>`; `.seat` where the table reads it)."""
    key = "defaulted." + e.action.kind
    return r.text(key + ".seat", seat=e.seat) if e.to == PUBLIC else r.text(key)


def _vote_result(e: VoteResult, r: Reader) -> str:
    """The tally; where ballots are open, who voted for whom (by the seat voted for) and who abstained."""
    ballots = sorted((e.ballots or {}).items())
    abstained = [voter for voter, choice in ballots if choice is None]
    if not e.tally:
        return r.text("vote.abstained.all", seats=abstained) if abstained else r.text("vote.tally.none")
    if e.ballots is None:
        return r.text("vote.tally", tally=e.tally)
    items = []
    for seat, count in sorted(e.tally.items()):  # in seat order, as are the voters
        voters = [voter for voter, choice in ballots if choice == seat]
        if voters:
            items.append(r.text("vote.ballots.item", seat=seat, count=count, seats=voters))
        else:  # a vote no ballot cast (langrensha's raven)
            items.append(r.text("tally.item", seat=seat, count=count))
    said = r.text("vote.ballots.separator").join(items)
    if abstained:
        return r.text("vote.ballots.abstained", ballots=said, seats=abstained)
    return r.text("vote.ballots", ballots=said)


def _step(e: StepOpened, r: Reader) -> str:
    step = e.name.partition(".")[0]
    if len(e.seats) == 1:
        return r.text("step.turn", step=step, seat=e.seats[0])
    return r.text("step.opened", step=step)


def _prompt(e: Prompt, r: Reader) -> str:
    kinds = list(dict.fromkeys(d.kind for d in e.decisions))
    return r.text("prompt.reset" if e.reset else "prompt", kinds=kinds)


def _timeout(e: Timeout, r: Reader) -> str:
    return r.text("timeout.forced" if e.forced else "timeout")


RENDER: dict[type, Callable[[Any, Reader], str | None]] = {
    GameCreated: lambda e, r: r.text("game.created", ruleset=e.ruleset, count=e.seats),
    Join: lambda e, r: r.text("game.joined", name=e.name),
    Start: lambda e, r: r.text("game.started"),
    RoleDealt: lambda e, r: r.text("role.dealt", role=e.role),
    RoleChanged: lambda e, r: r.text("role.changed", role=e.role),
    Notice: lambda e, r: r.text(e.key, **e.args),
    PhaseStarted: lambda e, r: r.text("phase." + e.phase, day=e.day),
    StepOpened: _step,
    SpeakingOrder: lambda e, r: r.text("speaking.order", seats=e.seats, count=e.rounds),
    Prompt: _prompt,
    Timeout: _timeout,
    DeadlineExtended: lambda e, r: r.text("deadline.extended"),
    Died: _died,
    VoteResult: _vote_result,
    GameEnded: _ended,
    Act: _act,
    Defaulted: _defaulted,
}


# Texts already rendered, by the event's encoding and its reader: every subscriber of a game and every read
# of its feed reads the same few events, in one or two languages. Emptied whole when full.
_RENDERED: dict[tuple[bytes, str, Names, str | None], str | None] = {}
_RENDERED_MAX = 32768
_encode = msgspec.json.Encoder().encode


def render(event: Event, lang: str, names: Names, ruleset: str | None = None) -> str | None:
    """Rulesets add their own events' renderers to RENDER; a missing text raises MissingText."""
    handler = RENDER.get(type(event))
    if handler is None:
        return None
    key = (_encode(event), lang, names, ruleset)
    try:
        return _RENDERED[key]
    except KeyError:
        pass
    text = handler(event, Reader(lang, names, ruleset))
    if len(_RENDERED) >= _RENDERED_MAX:
        _RENDERED.clear()
    _RENDERED[key] = text
    return text
