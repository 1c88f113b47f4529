"""The talk and the whispers (`aiwolf-protocol.md` §2.2, §3.3, §3.4).

A phase's speakers are shuffled once; each round walks that order, asking every speaker with
utterances (and length) left for one utterance, a step of its own. `per_agent` utterances each, at
most `per_day` rounds; the phase ends after a round in which every utterance was `Over`. `Over` ends
the speaker's phase; `Skip` passes while skips are left (with `max_skip` 0 it is an `Over`); a
`ForceSkip`, and a turn whose time ran out, pass without spending a skip; any other text resets the
skips and is cut to the length limits, an empty result being an `Over`.

The whispers are the living werewolves': their phase is one step, opened for the table to read
whenever the game's role list could whisper; within it each whisper is the speaker's own prompt, with
its time as a deadline only the pack reads, and its words reach only the living werewolves, so that
neither how much they whispered nor how many live shows to the rest (not even in the steps' numbers).
"""

from __future__ import annotations

from typing import NamedTuple

from grimoire.domain.events import MODERATOR, PUBLIC, Action, Audience, DeadlineExtended, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.aiwolf.data import TEXT_CAP
from grimoire.domain.rulesets.aiwolf.facts import (
    AState,
    ChannelOpened,
    Counted,
    Remaining,
    Stage,
    Talked,
    Whispered,
)
from grimoire.domain.rulesets.aiwolf.roles import active, is_wolf, step_seconds, wolves
from grimoire.domain.state import GameState

OVER, SKIP, FORCE_SKIP = "Over", "Skip", "ForceSkip"
TIMED_OUT = "timed_out"  # the option of a talk or whisper its time ran out on: a skip that spends no skip


class Limits(NamedTuple):
    """A channel's settings: `max_count`, `max_length` (-1: not set) and `max_skip`."""

    per_agent: int
    per_day: int
    base_length: int
    mention_length: int
    per_talk: int
    per_agent_length: int
    count_in_word: bool
    count_spaces: bool
    max_skip: int


def limits(options: dict[str, object], channel: str) -> Limits:
    return Limits(*(options[f"{channel}_{name}"] for name in _FIELDS))  # type: ignore[arg-type]


_FIELDS = (
    "per_agent",
    "per_day",
    "base_length",
    "mention_length",
    "per_talk",
    "per_agent_length",
    "count_in_word",
    "count_spaces",
    "max_skip",
)


def channel_of(stage: Stage) -> str:
    return "talk" if stage is Stage.TALK else "whisper"


# --- the length limits ------------------------------------------------------------------------------


def count(text: str, lim: Limits) -> int:
    """The text's length in the channel's unit: words, characters, or characters other than spaces."""
    if lim.count_in_word:
        return len(text.split())
    if lim.count_spaces:
        return len(text)
    return sum(1 for c in text if not c.isspace())


def trim(text: str, n: int, lim: Limits) -> str:
    """The text cut to `n` units (spaces between counted characters kept where they are not counted)."""
    if n <= 0:
        return ""
    if count(text, lim) <= n:
        return text
    if lim.count_in_word:
        return " ".join(text.split()[:n])
    if lim.count_spaces:
        return text[:n]
    kept, counted = [], 0
    for c in text:
        if not c.isspace():
            if counted == n:
                break
            counted += 1
        kept.append(c)
    return "".join(kept).rstrip()


def cut(text: str, names: tuple[str, ...], speaker: int, lim: Limits, budget: int) -> tuple[str, int]:
    """The utterance kept, and the speaker's length budget after it (-1: none): the part before the earliest
    `@<another seat's name>` cut to `base_length`, the part after it to `mention_length`, the two joined by the
    mention with a space on each side; `per_agent_length` is a day's budget the overflow is charged to, and
    `per_talk` a cap on the whole."""
    has_budget = budget != -1
    common, mention, after = text, "", ""
    if lim.base_length != -1 or has_budget:
        base = max(lim.base_length, 0)
        at = -1
        if lim.mention_length != -1:
            for seat, name in enumerate(names, 1):
                k = text.find("@" + name) if seat != speaker else -1
                if k != -1 and (at == -1 or k < at):
                    at, mention = k, "@" + name
        whole = text if at == -1 else text[:at]
        common = trim(whole, base + max(budget, 0), lim)
        if has_budget and count(whole, lim) > base:
            budget -= count(whole, lim) - base
        if at != -1:
            after = trim(text[at + len(mention) :], lim.mention_length + max(budget, 0), lim)
            if has_budget and count(after, lim) > lim.mention_length:
                budget -= count(after, lim) - lim.mention_length
            mention = " " + mention + " "
    if lim.per_talk != -1 and count(common, lim) + count(after, lim) > lim.per_talk:
        if count(common, lim) > lim.per_talk:
            common, mention, after = trim(common, lim.per_talk, lim), "", ""
        else:
            after = trim(after, lim.per_talk - count(common, lim), lim)
    kept = common + mention + after
    return (kept if kept.strip() else ""), budget


# --- the phase ---------------------------------------------------------------------------------------


def whispers_possible(state: GameState[AState]) -> bool:
    """The role list deals two werewolves or more and the whisper settings allow a whisper."""
    lim = limits(state.options, "whisper")
    return sum(is_wolf(r) for r in state.setup_roles) >= 2 and lim.per_agent > 0 and lim.per_day > 0


def audience(state: GameState[AState], channel: str) -> Audience:
    return PUBLIC if channel == "talk" else tuple(wolves(state))


def begin(g: Table[AState], stage: Stage) -> bool:
    """Begin a talk or whisper phase; whether a step is open (false: the phase has nothing to run)."""
    state = g.state
    channel = channel_of(stage)
    lim = limits(state.options, channel)
    if channel == "whisper":
        if not whispers_possible(state):
            return False
        g.open_step("whisper", 0, extend=False)  # the table reads that the werewolves whisper, never for how long
        speakers, living = [s for s in wolves(state) if active(state, s)], len(wolves(state))
    else:
        speakers, living = [s for s in state.living() if active(state, s)], len(state.living())
    # every seat is shuffled, whoever speaks, so that the draw uses the stream as much in every world
    order = tuple(s for s in g.rng.shuffled(range(1, state.seats + 1)) if s in speakers)
    if living < 2 or not order or lim.per_agent <= 0 or lim.per_day <= 0:
        return False
    g.emit(
        ChannelOpened(
            at=g.at,
            to=audience(state, channel),
            stage=stage.value,
            day=state.day,
            order=order,
            per_agent=lim.per_agent,
            max_skip=lim.max_skip,
            per_agent_length=lim.per_agent_length,
        )
    )
    return ask_next(g)


def ask_next(g: Table[AState]) -> bool:
    """Ask the next speaker of this round, else of the next; false when the phase is over."""
    x, state = g.state.x, g.state
    assert x.stage is not None, "a phase is under way"
    lim = limits(state.options, channel_of(x.stage))
    for turn, start in ((x.turn, x.pos), (x.turn + 1, 0)):
        if turn > x.turn and (not x.spoke or turn >= lim.per_day):
            return False
        for i in range(start, len(x.order)):
            seat = x.order[i]
            if x.remain[i] > 0 and (lim.per_agent_length == -1 or x.budget[i] > 0) and active(state, seat):
                _ask(g, x.stage, seat, turn, i)
                return True
    return False


def _ask(g: Table[AState], stage: Stage, seat: int, turn: int, i: int) -> None:
    x, channel = g.state.x, channel_of(stage)
    decision = Decision(kind=channel, text=TEXT_CAP, optional=True)
    seconds = step_seconds(g.state)
    if channel == "talk":
        g.open_step("talk", seconds, seats=(seat,), decisions=(decision,), extend=False)
    else:  # within the phase's one step: the speaker's prompt, and its time, which only the pack reads
        pack = tuple(wolves(g.state))
        deadline = g.duration(seconds)
        g.emit(DeadlineExtended(at=g.at, to=pack, step=g.state.steps, deadline=deadline, retries_left=0, quiet=True))
        g.prompt(seat, (decision,), reset=True)
    g.emit(
        Remaining(
            at=g.at,
            to=(seat,),
            seat=seat,
            turn=turn,
            remain_count=x.remain[i],
            remain_skip=x.skips[i],
            remain_length=x.budget[i],
        )
    )


def said(g: Table[AState], seat: int, action: Action | None) -> None:
    """The speaker's utterance (none: it gave none), as the protocol records it, and what it has left."""
    state, x = g.state, g.state.x
    assert x.stage is not None, "a phase is under way"
    channel = channel_of(x.stage)
    lim = limits(state.options, channel)
    i = x.order.index(seat)
    remain, skips, budget = x.remain[i] - 1, x.skips[i], x.budget[i]
    raw = "" if action is None or action.text is None else action.text
    if (action is not None and action.option == TIMED_OUT) or raw == FORCE_SKIP:
        text = SKIP
    elif raw == SKIP:
        text = SKIP if skips > 0 else OVER
        skips = skips - 1 if skips > 0 else skips
    elif raw == OVER:
        text = OVER
    else:
        skips = lim.max_skip
        text, budget = cut(raw, state.names, seat, lim, budget)
        text = text or OVER
    if text == OVER:
        remain = 0
    kind = Talked if channel == "talk" else Whispered
    g.emit(
        kind(
            at=g.at,
            to=audience(state, channel),
            seat=seat,
            day=state.day,
            idx=x.idx,
            turn=x.turn,
            text=text,
            skip=text == SKIP,
            over=text == OVER,
        )
    )
    g.emit(Counted(at=g.at, to=MODERATOR, seat=seat, remain_count=remain, remain_skip=skips, remain_length=budget))
