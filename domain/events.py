"""Every event of a game: immutable msgspec Structs in one tagged union.

An event is either an *input* (what came from outside: a seat's accepted action, a deadline that
passed, a host's command) or an *outcome* (what the engine derived). Every event carries the server
time it was made (`at`, milliseconds) and its audience (`to`), fixed when it is made:
``"public"``, ``"moderator"`` or a tuple of seats. The moderator and the audit see everything.

Tags are stable ids: renaming a class never changes a stored game.
"""

from __future__ import annotations

from typing import Any, cast

import msgspec

PUBLIC = "public"
MODERATOR = "moderator"
Audience = str | tuple[int, ...]


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", omit_defaults=True, gc=False):
    at: int = 0  # when it was made, milliseconds since the epoch (server time)
    to: Audience = PUBLIC  # its audience: "public", "moderator", or the seats that received it


class Input(Event, frozen=True, kw_only=True):
    """An event that records something from outside the engine."""


# --- decisions and actions ---------------------------------------------------------------------


class Decision(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """One thing a seat must or may do now, with its legal choices.

    `targets` are the legal seats (empty: the decision takes no target); the caller's own seat is
    never legal unless `self_ok`, and it is left out of public decisions' targets by each reader.
    `barred` names seats the caller may know it cannot choose, with the reason code. `optional` allows answering without a
    target (an abstention, no guard). `text` is the maximum length of a text the action carries
    (0: no text); a non-empty text within it is always legal, and some decisions need one (a
    whisper). `options` are the legal values of `option` (cards, yes/no). `repeatable`
    decisions (whisper, free talk) may be taken again and never close a step. An owed decision's
    answer may be changed by answering again until the step closes (the last answer counts), unless
    it is `final`: then the first answer stands and another is refused (`already_answered`).
    `exact_text` and `text_suffix` state a speech rule in force (the text must be exactly / end with
    it); the ruleset enforces them with its own refusal codes.
    """  # noqa: E501  the docstring is the OpenAPI document's Decision description; rewrapping it changes the API

    kind: str  # what to do (`vote`, `divine`, a card…): the `kind` of the action that answers it
    targets: tuple[int, ...] = ()  # the legal seats to choose from; empty: the decision takes no target
    barred: tuple[tuple[int, str], ...] = ()  # [seat, reason code] pairs the caller may know it cannot choose
    self_ok: bool = False  # the caller's own seat is legal
    dead_ok: bool = False  # dead seats are legal
    optional: bool = False  # it may be answered without a target (an abstention)
    text: int = 0  # the longest text the action may carry; 0: no text
    options: tuple[str, ...] = ()  # the legal values of the action's `option`
    count: int = 1  # how many seats to choose: above 1, the action carries `targets`
    repeatable: bool = False  # it may be taken again and never closes a step (a whisper, free talk)
    final: bool = False  # the first answer stands: answering again is refused (`already_answered`)
    exact_text: str = ""  # a speech rule in force: the text must be exactly this
    text_suffix: str = ""  # a speech rule in force: the text must end with this


class Action(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True, gc=False):
    """What a seat sends: the decision it answers and its choice."""

    kind: str  # the kind of the decision answered
    target: int | None = None  # the chosen seat
    targets: tuple[int, ...] = ()  # the chosen seats
    text: str | None = None  # the words said
    option: str | None = None  # the chosen option

    def required_target(self) -> int:
        """The target of an action whose decision requires one (the engine has refused it without)."""
        if self.target is None:
            raise ValueError(f"a {self.kind} action names no target")
        return self.target

    def required_option(self) -> str:
        """The option of an action whose decision offers options (the engine has refused it without)."""
        if self.option is None:
            raise ValueError(f"a {self.kind} action names no option")
        return self.option


# --- inputs ------------------------------------------------------------------------------------


class CreateGame(Input, frozen=True, kw_only=True, tag="create_game"):
    """Records the game's setup and its secret seed (moderator-only until the end)."""

    game_id: str  # the game's id
    ruleset: str  # the ruleset's id
    seats: int  # how many seats
    names: tuple[str, ...] = ()  # the players seated at creation
    preset: str | None = None  # the preset asked for
    roles: tuple[str, ...] = ()  # the role ids asked for instead of a preset
    options: dict[str, Any] = {}  # the options asked for
    lang: str | None = None  # the language asked for
    seed: str  # the secret seed of every draw
    seed_supplied: bool = False  # the creator chose the seed
    moderator: bool = False  # a moderator token was issued
    key_id: str = ""  # the id of the key that signs the game's receipts (`GET /keys`); empty: none named


class Join(Input, frozen=True, kw_only=True, tag="join"):
    name: str  # the name of the player who took the next seat


class Leave(Input, frozen=True, kw_only=True, tag="leave"):
    """Seat `seat` gives up its place before the start: the seats after it move up one, so the seats
    at the start are numbered 1..N in the order they were taken."""

    seat: int  # the seat that leaves


class Start(Input, frozen=True, kw_only=True, tag="start"):
    pass


class Act(Input, frozen=True, kw_only=True, tag="act"):
    seat: int  # the seat that acted
    action: Action  # what it sent


class Timeout(Input, frozen=True, kw_only=True, tag="timeout"):
    """The deadline of step `step` passed (or the host forced it)."""

    step: int  # the step whose deadline passed
    forced: bool = False  # the host forced it


class Abort(Input, frozen=True, kw_only=True, tag="abort"):
    pass


class Handover(Input, frozen=True, kw_only=True, tag="handover"):
    """A seat changed hands outside the rules (the service's tokens): the host released it for a player who
    lost the device (`released`), it was claimed again (`claimed`), or the program playing it stopped
    answering (`failed`: an AIWolf agent whose connection closed or that failed its liveness check). A public
    line naming the seat, never its role; it counts in no draw (see `Decider.evolve`), and it changes nothing
    of the game but in a ruleset that counts failed seats in its own fold (aiwolf)."""

    seat: int  # the seat
    how: str  # "released" | "claimed" | "failed"


HANDOVERS = ("released", "claimed", "failed")  # every `Handover.how`


# --- outcomes ----------------------------------------------------------------------------------


class GameCreated(Event, frozen=True, kw_only=True, tag="game_created"):
    game_id: str  # the game's id
    ruleset: str  # the ruleset's id
    ruleset_version: str  # the version of the ruleset the game is played under
    engine_version: str  # the version of the engine the game is played under
    seats: int  # how many seats
    names: tuple[str, ...]  # the players seated at creation
    preset: str | None = None  # the preset dealt, if any
    roles: tuple[str, ...] = ()  # the role ids dealt instead of a preset
    options: dict[str, Any] = {}  # every option's value
    lang: str  # the game's language
    seed_sha256: str  # SHA-256 of the secret seed, which the end reveals
    seed_supplied: bool = False  # the creator chose the seed
    moderator: bool = False  # the game has a moderator
    key_id: str = ""  # the id of the key that signs the game's receipts (`GET /keys`); empty: none named


class RoleDealt(Event, frozen=True, kw_only=True, tag="role_dealt"):
    seat: int  # the seat dealt
    role: str  # its role's id


class Notice(Event, frozen=True, kw_only=True, tag="notice"):
    """A moderator message. `learn` adds to its readers' knowledge of seats (seat -> label)."""

    key: str  # the message's stable id
    args: dict[str, Any] = {}  # the message's arguments (seats, roles, counts)
    learn: dict[int, str] = {}  # what its readers learn: seat -> label (a role id, `human`, `werewolf`…)


class PhaseStarted(Event, frozen=True, kw_only=True, tag="phase_started"):
    phase: str  # the phase begun (`day`, `night`…)
    day: int  # the day's number, from 0 or 1 as the ruleset counts


class StepOpened(Event, frozen=True, kw_only=True, tag="step_opened"):
    """A step opens (closing the one before). `deadline` (ms) is the same for everyone who owes it.

    `seats` owe or may take the public `decisions` (a speaking turn, a vote); private decisions
    follow as `Prompt`s. `extend`: whether a passing deadline reminds and extends while a seat
    still owes an answer (a free discussion simply ends). `hold`: the step lasts until its
    deadline even when every answer is in (a role's night step, so that timing reveals no role).
    """

    step: int  # the step's number in the game, from 1
    name: str  # what the step is (`speech`, `vote`, `night`…)
    deadline: int | None = None  # when it closes, milliseconds since the epoch; none: it waits for every answer
    seats: tuple[int, ...] = ()  # the seats that owe or may take the public decisions
    decisions: tuple[Decision, ...] = ()  # the public decisions of those seats
    extend: bool = True  # a passing deadline reminds and extends while a seat still owes an answer
    hold: bool = False  # the step lasts until its deadline even when every answer is in


class Prompt(Event, frozen=True, kw_only=True, tag="prompt"):
    """What `seat` alone owes or may do in `step`: added to its decisions, or with `reset` replacing
    them and clearing its answer (the seat owes anew, e.g. a trade offer it must answer). `withdraw`
    names kinds taken away first, its answer standing (the night's whispers are used up)."""

    step: int  # the step it belongs to
    seat: int  # the seat it is for
    decisions: tuple[Decision, ...] = ()  # what the seat owes or may do
    reset: bool = False  # the decisions replace the seat's others and clear its answer
    withdraw: tuple[str, ...] = ()  # decision kinds taken away from the seat first, its answer standing


class SpeakingOrder(Event, frozen=True, kw_only=True, tag="speaking_order"):
    """Today's public speaking order: `rounds` rounds over `seats`."""

    seats: tuple[int, ...]  # the speakers in order
    rounds: int  # how many times the order is gone through


class Defaulted(Event, frozen=True, kw_only=True, tag="defaulted"):
    """The default a seat's silence took when its deadline ran out (an abstention, a random attack)."""

    seat: int  # the silent seat
    action: Action  # the default taken for it


class DeadlineExtended(Event, frozen=True, kw_only=True, tag="deadline_extended"):
    step: int  # the step extended
    deadline: int | None  # its new deadline, milliseconds since the epoch
    retries_left: int  # how many more extensions before the defaults apply
    quiet: bool = False  # the seats that owe were reminded, each alone; the table reads no line (engine 3)


class VoteResult(Event, frozen=True, kw_only=True, tag="vote_result"):
    """A closed ballot: the tally, the ballots when they are open, and who is chosen."""

    vote: str  # which ballot (`vote`, `runoff`, a sheriff election…)
    tally: dict[int, float]  # seat -> the votes it got
    ballots: dict[int, int | None] | None = None  # voter -> its choice (none: abstained), when ballots are open
    chosen: int | None = None  # the seat chosen, if any
    tied: tuple[int, ...] = ()  # the seats tied at the top, when none is chosen


class Died(Event, frozen=True, kw_only=True, tag="died"):
    """Public deaths, in seat order, with no cause."""

    seats: tuple[int, ...]  # the seats that died
    when: str  # when they died (`night`, `day`…)


class DeathCause(Event, frozen=True, kw_only=True, tag="death_cause"):
    seat: int  # the seat that died
    cause: str  # why (`attack`, `execution`, `poison`…)


class RoleChanged(Event, frozen=True, kw_only=True, tag="role_changed"):
    """A seat's role changes (a swap, a redeal, a thief's pick, an awakening)."""

    seat: int  # the seat whose role changed
    role: str  # its new role's id


class Resolved(Event, frozen=True, kw_only=True, tag="resolved"):
    """The truth of a resolution, for the moderator and the audit (targets, guards, results)."""

    what: str  # what was resolved
    data: dict[str, Any] = {}  # the resolution's facts


class GameEnded(Event, frozen=True, kw_only=True, tag="game_ended"):
    """The end: every role, the winners and the seed are public."""

    reason: str  # how it ended: the winning side, or `aborted`, `draw`…
    winners: tuple[int, ...] = ()  # the seats that won
    teams: tuple[str, ...] = ()  # the sides that won
    roles: dict[int, str] = {}  # seat -> its role at the end
    seed: str  # the secret seed, now revealed


def event_types() -> tuple[type[Event], ...]:
    """Every concrete event class, rulesets' own included."""
    found: list[type[Event]] = []
    stack = [Event]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            stack.append(sub)
            if sub.__struct_config__.tag is not None:
                found.append(sub)
    return tuple(sorted(found, key=lambda c: str(c.__struct_config__.tag)))


def type_id(event: Event) -> str:
    """The stable tag an event is stored under."""
    return cast(str, type(event).__struct_config__.tag)


def sees(audience: Audience, viewer: int | str) -> bool:
    """Whether `viewer` (a seat number, "spectator" or "moderator") may read an event."""
    if viewer == MODERATOR:
        return True
    if audience == PUBLIC:
        return True
    if audience == MODERATOR or isinstance(viewer, str):
        return False
    return viewer in audience
