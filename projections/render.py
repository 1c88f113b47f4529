"""The moderator's words for an event, in the reader's language (None: the event has no text).

Every event a player reads has a text, and an event's text is seen only by its audience: a text
about a private step (a prompt, a default taken in silence) never names a seat to the seat itself.

A text is rendered for its reader: a list of seats sent to several seats (the wolves' partners) names
to each the others only, and the moderator reads what was told to seats in the third person, naming them
(the message `told.<key>`, with `$told` the seats addressed). Events that only restate what another
event's text says (`SILENT`) have no text of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from grimoire.domain.catalog import RULESETS
from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Abort,
    Act,
    CreateGame,
    DeadlineExtended,
    DeathCause,
    Defaulted,
    Died,
    Event,
    GameCreated,
    GameEnded,
    Handover,
    Join,
    Leave,
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
from grimoire.domain.rulesets.village import NightResolved
from grimoire.domain.texts import has, join, name_of, render_text

Names = tuple[str, ...]


class Reader(NamedTuple):
    """Who reads: the language, the seats' names, the game's ruleset (whose words come first), and the
    reader: a seat, the moderator, a spectator (None: a seat of the audience, unnamed). `told` is set when
    the moderator reads an event addressed to seats: the seats it was told to."""

    lang: str
    names: Names = ()
    ruleset: str | None = None
    viewer: int | str | None = None
    told: tuple[int, ...] = ()

    def text(self, key: str, **args: Any) -> str:
        if self.told:
            return render_text("told." + key, self.lang, {"told": self.told, **args}, self.names, self.ruleset)
        return render_text(key, self.lang, args, self.names, self.ruleset)

    def others(self, seats: Any) -> list[int]:
        """`seats` without the reader's own seat."""
        return [s for s in seats if s != self.viewer]

    def as_table(self) -> Reader:
        """The same reader reading a line as the table reads it, even where the moderator reads seats' lines
        in the third person (what a seat said, a public default, a role named with its seat)."""
        return self._replace(told=())

    def untargeted(self, kind: str) -> bool:
        """Whether the game's ruleset declares that `kind`'s decisions never name a seat."""
        rs = RULESETS.get(self.ruleset or "")
        return rs is not None and kind in rs.untargeted


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


def _said(e: Act | Defaulted, r: Reader) -> str | None:
    """Words a seat said (a speech, a whisper, last words), after its name as every line names a seat."""
    text = e.action.text
    if not text:
        return None
    return r.as_table().text("said", seat=e.seat, text=text)


def _act(e: Act, r: Reader) -> str | None:
    """Words said read as said; a public answer without words (a passed speech, no last words) reads as
    its ruleset's `act.<kind>` says; the moderator reads a seat's private answer naming seat and choice.
    A seat's own private answer is its view's `answered`: no line of its own."""
    if e.action.kind == "vote" and (e.to == PUBLIC or e.action.text is not None):
        return _vote(e, r)
    said = _said(e, r)
    if said is not None:
        return said
    action = e.action
    if r.told:
        targets = action.targets or ((action.target,) if action.target is not None else ())
        key, args = "act", {"seat": e.seat, "kind": action.kind}
        if targets:
            key, args = key + ".targets", {**args, "seats": targets}
        if action.option is not None and not targets and has("choice." + action.option, r.ruleset):
            # a choice between named answers (stand or not, stay or withdraw) says itself
            return r.text("act.option", seat=e.seat, choice=name_of("choice", action.option, r.lang, r.ruleset))
        if action.option is not None:
            key, args = key + ".choice", {**args, "choice": _choice(action.option, r)}
        elif not targets and action.kind == "vote":
            return r.as_table().text("act.abstain", seat=e.seat)
        elif not targets and not r.untargeted(action.kind):
            key = "act.none"  # a decision that names a seat, answered naming nobody (a guard declined)
        return r.text(key, **args)
    if type(e.to) is tuple and e.to != (e.seat,) and has("pack.act." + action.kind, r.ruleset):
        # a wolf's pick, or its being done whispering, told to the pack: each reads who chose what (its
        # own choice `.self`; a fellow wolf named as the target, where a wolf may be, `.you`)
        key = "pack.act." + action.kind
        if r.viewer == e.seat:
            key += ".self"
        elif r.viewer is not None and r.viewer == action.target:
            key += ".you"
        return r.text(key, seat=e.seat, **({"target": action.target} if action.target is not None else {}))
    if e.to == PUBLIC and has("act." + action.kind, r.ruleset):
        return r.text("act." + action.kind, seat=e.seat, **({"target": action.target} if action.target else {}))
    return None


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


def _choice(option: str, r: Reader) -> str:
    """An answer's option as the labels name it: a card, a choice, a role (a number as it is)."""
    for prefix in ("card", "choice", "role"):
        if has(f"{prefix}.{option}", r.ruleset):
            return name_of(prefix, option, r.lang, r.ruleset)
    return option


def _defaulted(e: Defaulted, r: Reader) -> str:
    """What the seat's silence did, in its ruleset's terms: an abstention, a skipped turn, no last words,
    a target drawn at random, an offer refused (`defaulted.<kind>`; `.seat`, naming the seat, where the
    table or the moderator reads it)."""
    said = _said(e, r)
    if said is not None:
        return said
    key = "defaulted." + e.action.kind
    if e.to == PUBLIC or r.told:
        return r.as_table().text(key + ".seat", seat=e.seat)
    return r.text(key)


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


def _notice(e: Notice, r: Reader) -> str | None:
    args = e.args
    if e.key == "dead.roles":
        # the roles a dead seat now sees (none where the ruleset deals no roles)
        shown = [(seat, role) for seat, role in sorted(e.learn.items()) if role and seat != r.viewer]
        if not shown:
            return None
        items = [r.as_table().text("seat.role", seat=seat, role=role) for seat, role in shown]
        args = {"assignments": join(items, r.lang)}
    elif "seats" in args and e.to != PUBLIC and not r.told and r.viewer in args["seats"]:
        # a list told to several seats names to each of them the others
        others = r.others(args["seats"])
        if not others:
            return r.text(e.key.rpartition(".")[0] + ".alone")
        args = {**args, "seats": others}
    elif r.viewer is not None and args.get("target") == r.viewer and not r.told and has(e.key + ".self", r.ruleset):
        # told to the very seat it names (the witch attacked herself): `<key>.self`
        return r.text(e.key + ".self", **args)
    return r.text(e.key, **args)


def _step(e: StepOpened, r: Reader) -> str:
    step = e.name.partition(".")[0]
    if len(e.seats) == 1:
        return r.text("step.turn", step=step, seat=e.seats[0])
    return r.text("step.opened", step=step)


def _prompt(e: Prompt, r: Reader) -> str | None:
    """A prompt that only takes decisions away has no line: the notice before it says why (the whisper's cap)."""
    kinds = list(dict.fromkeys(d.kind for d in e.decisions))
    if not kinds:
        return None
    return r.text("prompt.reset" if e.reset else "prompt", kinds=kinds)


def _night(e: NightResolved, r: Reader) -> str:
    """The moderator's record of a night resolved at once: the attack, each guard, each divination (the
    deaths follow, each with its cause)."""
    lines = [r.text("night.attack", target=e.attack) if e.attack is not None else r.text("night.attack.none")]
    lines += [r.text("night.guard", seat=seat, target=target) for seat, target in e.guards]
    lines += [r.text("night.divined", seat=seat, target=target) for seat, target in e.divined]
    return render_text("sentence.gap", r.lang, {}).join(lines)


def _timeout(e: Timeout, r: Reader) -> str:
    return r.text("timeout.forced" if e.forced else "timeout")


RENDER: dict[type, Callable[[Any, Reader], str | None]] = {
    GameCreated: lambda e, r: r.text("game.created", ruleset=e.ruleset, count=e.seats),
    Join: lambda e, r: r.text("game.joined", name=e.name),
    Leave: lambda e, r: r.text("game.left", number=e.seat),
    Start: lambda e, r: r.text("game.started"),
    RoleDealt: lambda e, r: r.text("role.dealt", role=e.role),
    RoleChanged: lambda e, r: r.text("role.changed", role=e.role),
    Notice: _notice,
    DeathCause: lambda e, r: r.text("death.cause", seat=e.seat, cause=e.cause),
    NightResolved: _night,
    PhaseStarted: lambda e, r: r.text("phase." + e.phase, day=e.day),
    StepOpened: _step,
    SpeakingOrder: lambda e, r: r.text("speaking.order", seats=e.seats, count=e.rounds),
    Prompt: _prompt,
    Timeout: _timeout,
    DeadlineExtended: lambda e, r: None if e.quiet else r.text("deadline.extended"),
    Died: _died,
    VoteResult: _vote_result,
    GameEnded: _ended,
    Act: _act,
    Defaulted: _defaulted,
    Handover: lambda e, r: r.text("seat." + e.how, seat=e.seat),
}


# Events whose facts another event's text gives, in the same feeds: a game's creation and abort as inputs
# (GameCreated, GameEnded tell them). Rulesets add their own (a typed fact beside its notice, a count kept).
SILENT: set[type] = {CreateGame, Abort}
# Public answers without words that a notice beside them announces (langrensha's duel: its knight.duel).
QUIET_ACTS: set[str] = set()


def silent(event: Event) -> bool:
    """The event tells its readers nothing another event's text does not: it may have no text."""
    if type(event) in SILENT:
        return True
    if isinstance(event, Prompt):
        return not event.decisions
    if isinstance(event, DeadlineExtended):
        return event.quiet  # the seats that owe read their reminders; the table reads only the new deadline
    if isinstance(event, Notice) and event.key == "dead.roles":
        return not any(event.learn.values())
    if isinstance(event, Act) and not event.action.text:
        return event.to == (event.seat,) or (event.to == PUBLIC and event.action.kind in QUIET_ACTS)
    return False


# Texts already rendered, by the event's encoding and its reader: every subscriber of a game and every read
# of its feed reads the same few events, in one or two languages. Emptied whole when full.
_RENDERED: dict[tuple[bytes, str, Names, str | None, int | str | None], str | None] = {}
_RENDERED_MAX = 32768
_encode = msgspec.json.Encoder().encode


def render(
    event: Event, lang: str, names: Names, ruleset: str | None = None, viewer: int | str | None = None
) -> str | None:
    """The event's text for `viewer` (a seat, "moderator", "spectator"; None: a seat of its audience, unnamed).
    Rulesets add their own events' renderers to RENDER; a missing text raises MissingText."""
    to = event.to
    # public or the moderator's own (an audience named by a string): every reader reads it alike
    key = (_encode(event), lang, names, ruleset, None if type(to) is str else viewer)
    try:
        return _RENDERED[key]
    except KeyError:
        pass
    handler = RENDER.get(type(event))
    told = to if viewer == MODERATOR and type(to) is tuple else ()
    text = None if handler is None else handler(event, Reader(lang, names, ruleset, key[4], told))
    if len(_RENDERED) >= _RENDERED_MAX:
        _RENDERED.clear()
    _RENDERED[key] = text
    return text
