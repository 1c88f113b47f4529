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
    at: int = 0
    to: Audience = PUBLIC


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
    """

    kind: str
    targets: tuple[int, ...] = ()
    barred: tuple[tuple[int, str], ...] = ()
    self_ok: bool = False
    dead_ok: bool = False
    optional: bool = False
    text: int = 0
    options: tuple[str, ...] = ()
    count: int = 1
    repeatable: bool = False
    final: bool = False
    exact_text: str = ""
    text_suffix: str = ""


class Action(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True, gc=False):
    """What a seat sends: the decision it answers and its choice."""

    kind: str
    target: int | None = None
    targets: tuple[int, ...] = ()
    text: str | None = None
    option: str | None = None

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

    game_id: str
    ruleset: str
    seats: int
    names: tuple[str, ...] = ()
    preset: str | None = None
    roles: tuple[str, ...] = ()
    options: dict[str, Any] = {}
    lang: str | None = None
    seed: str
    seed_supplied: bool = False
    moderator: bool = False


class Join(Input, frozen=True, kw_only=True, tag="join"):
    name: str


class Start(Input, frozen=True, kw_only=True, tag="start"):
    pass


class Act(Input, frozen=True, kw_only=True, tag="act"):
    seat: int
    action: Action


class Timeout(Input, frozen=True, kw_only=True, tag="timeout"):
    """The deadline of step `step` passed (or the host forced it)."""

    step: int
    forced: bool = False


class Abort(Input, frozen=True, kw_only=True, tag="abort"):
    pass


# --- outcomes ----------------------------------------------------------------------------------


class GameCreated(Event, frozen=True, kw_only=True, tag="game_created"):
    game_id: str
    ruleset: str
    ruleset_version: str
    engine_version: str
    seats: int
    names: tuple[str, ...]
    preset: str | None = None
    roles: tuple[str, ...] = ()
    options: dict[str, Any] = {}
    lang: str
    seed_sha256: str
    seed_supplied: bool = False
    moderator: bool = False


class RoleDealt(Event, frozen=True, kw_only=True, tag="role_dealt"):
    seat: int
    role: str


class Notice(Event, frozen=True, kw_only=True, tag="notice"):
    """A moderator message. `learn` adds to its readers' knowledge of seats (seat -> label)."""

    key: str
    args: dict[str, Any] = {}
    learn: dict[int, str] = {}


class PhaseStarted(Event, frozen=True, kw_only=True, tag="phase_started"):
    phase: str
    day: int


class StepOpened(Event, frozen=True, kw_only=True, tag="step_opened"):
    """A step opens (closing the one before). `deadline` (ms) is the same for everyone who owes it.

    `seats` owe or may take the public `decisions` (a speaking turn, a vote); private decisions
    follow as `Prompt`s. `extend`: whether a passing deadline reminds and extends while a seat
    still owes an answer (a free discussion simply ends). `hold`: the step lasts until its
    deadline even when every answer is in (a role's night step, so that timing reveals no role).
    """

    step: int
    name: str
    deadline: int | None = None
    seats: tuple[int, ...] = ()
    decisions: tuple[Decision, ...] = ()
    extend: bool = True
    hold: bool = False


class Prompt(Event, frozen=True, kw_only=True, tag="prompt"):
    """What `seat` alone owes or may do in `step`: added to its decisions, or with `reset` replacing
    them and clearing its answer (the seat owes anew, e.g. a trade offer it must answer). `withdraw`
    names kinds taken away first, its answer standing (the night's whispers are used up)."""

    step: int
    seat: int
    decisions: tuple[Decision, ...] = ()
    reset: bool = False
    withdraw: tuple[str, ...] = ()


class SpeakingOrder(Event, frozen=True, kw_only=True, tag="speaking_order"):
    """Today's public speaking order: `rounds` rounds over `seats`."""

    seats: tuple[int, ...]
    rounds: int


class Defaulted(Event, frozen=True, kw_only=True, tag="defaulted"):
    """The default a seat's silence took when its deadline ran out (an abstention, a random attack)."""

    seat: int
    action: Action


class DeadlineExtended(Event, frozen=True, kw_only=True, tag="deadline_extended"):
    step: int
    deadline: int | None
    retries_left: int


class VoteResult(Event, frozen=True, kw_only=True, tag="vote_result"):
    """A closed ballot: the tally, the ballots when they are open, and who is chosen."""

    vote: str
    tally: dict[int, float]
    ballots: dict[int, int | None] | None = None
    chosen: int | None = None
    tied: tuple[int, ...] = ()


class Died(Event, frozen=True, kw_only=True, tag="died"):
    """Public deaths, in seat order, with no cause."""

    seats: tuple[int, ...]
    when: str


class DeathCause(Event, frozen=True, kw_only=True, tag="death_cause"):
    seat: int
    cause: str


class RoleChanged(Event, frozen=True, kw_only=True, tag="role_changed"):
    """A seat's role changes (a swap, a redeal, a thief's pick, an awakening)."""

    seat: int
    role: str


class Resolved(Event, frozen=True, kw_only=True, tag="resolved"):
    """The truth of a resolution, for the moderator and the audit (targets, guards, results)."""

    what: str
    data: dict[str, Any] = {}


class GameEnded(Event, frozen=True, kw_only=True, tag="game_ended"):
    """The end: every role, the winners and the seed are public."""

    reason: str
    winners: tuple[int, ...] = ()
    teams: tuple[str, ...] = ()
    roles: dict[int, str] = {}
    seed: str


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
