"""aiwolf's facts: its state `AState` and every change of it as a typed event, folded by one function each.

The talks and whispers are the protocol's Talk objects (`seat`, `day`, `idx`, `turn`, `text`, `skip`,
`over`), so the log reads as the reference's `talk_history` and `whisper_history`; the vote and the attack
vote are listed as its `vote_list` and `attack_vote_list`; the seer's and the medium's results are its
Judges. `EVOLVE` is the fold table, with the folds of the kernel's events aiwolf reads (the phases, the
steps that count ballots, and an agent's failure, `Handover(how="failed")`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

import msgspec

from grimoire.domain.events import Event, GameCreated, Handover, PhaseStarted, StepOpened
from grimoire.domain.ruleset import Ruleset
from grimoire.domain.state import GameState, with_x

replace = msgspec.structs.replace


class Stage(Enum):
    """A talk or whisper phase of the day (`ChannelOpened.stage` as stored)."""

    MORNING_WHISPER = "morning_whisper"  # day 0, before the talk
    TALK = "talk"
    EVENING_WHISPER = "evening_whisper"  # day 0, after the talk
    NIGHT_WHISPER = "night_whisper"  # from day 1, after the divination


class AState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    failed: tuple[int, ...] = ()  # the failed agents' seats, in the order they failed
    # the talk or whisper phase under way
    stage: Stage | None = None
    order: tuple[int, ...] = ()  # its speakers, shuffled once
    remain: tuple[int, ...] = ()  # per speaker (in `order`): utterances left (remain_count)
    skips: tuple[int, ...] = ()  # per speaker: skips left (remain_skip)
    budget: tuple[int, ...] = ()  # per speaker: length left (remain_length; -1: no per-agent budget)
    turn: int = 0  # the round under way
    pos: int = 0  # the place in `order` after the last speaker of this round
    idx: int = 0  # the utterances of the phase so far
    spoke: bool = False  # this round had an utterance other than Over
    # today and tonight
    ballots: int = 0  # the vote's ballots held today
    attack_ballots: int = 0  # the attack vote's ballots held tonight
    guarded: int = 0  # the seat guarded tonight (0: nobody)
    victim: int = 0  # the pack's victim tonight, who dies at the next day's start (0: nobody)


# --- events ---------------------------------------------------------------------------------------


class ChannelOpened(Event, frozen=True, kw_only=True, tag="aiwolf_channel_opened"):
    """A talk or whisper phase begins: its speakers in the order they speak each round (shuffled once)."""

    stage: str  # `morning_whisper`, `talk`, `evening_whisper` or `night_whisper`
    day: int  # the day
    order: tuple[int, ...]  # the speakers, in their order
    per_agent: int  # utterances each may make (remain_count at the start)
    max_skip: int  # skips each may make in a row (remain_skip at the start)
    per_agent_length: int  # each one's length budget (-1: none)


class Remaining(Event, frozen=True, kw_only=True, tag="aiwolf_remaining"):
    """The speaker (the audience) is asked for an utterance: what it has left before saying it."""

    seat: int  # the speaker
    turn: int  # the round it is asked in, from 0
    remain_count: int  # utterances left, this one included
    remain_skip: int  # skips left
    remain_length: int  # length budget left (-1: none)


class Counted(Event, frozen=True, kw_only=True, tag="aiwolf_counted"):
    """What a speaker has left after an utterance (the moderator's)."""

    seat: int  # the speaker
    remain_count: int  # utterances left
    remain_skip: int  # skips left
    remain_length: int  # length budget left (-1: none)


class Talked(Event, frozen=True, kw_only=True, tag="aiwolf_talk"):
    """An utterance of the day's talk (public), as the protocol's Talk: the text after the length limits."""

    seat: int  # the speaker
    day: int  # the day
    idx: int  # its number in the phase, from 0
    turn: int  # the round, from 0
    text: str  # what was said, cut to the limits; `Over` or `Skip` for those
    skip: bool = False  # a Skip (or the turn timed out)
    over: bool = False  # an Over: the speaker is done for the phase


class Whispered(Event, frozen=True, kw_only=True, tag="aiwolf_whisper"):
    """A werewolves' whisper (the living werewolves), as the protocol's Talk."""

    seat: int  # the speaker
    day: int  # the day
    idx: int  # its number in the phase, from 0
    turn: int  # the round, from 0
    text: str  # what was said, cut to the limits; `Over` or `Skip` for those
    skip: bool = False  # a Skip (or the turn timed out)
    over: bool = False  # an Over: the speaker is done for the phase


class VoteList(Event, frozen=True, kw_only=True, tag="aiwolf_vote_list"):
    """The day's ballot: each valid vote (public with `vote_visibility`, else the moderator's)."""

    day: int  # the day
    ballot: int  # the ballot, from 1 (a tie votes again while ballots remain)
    votes: tuple[tuple[int, int], ...]  # [voter, target] pairs in seat order


class AttackVoteList(Event, frozen=True, kw_only=True, tag="aiwolf_attack_vote_list"):
    """The night's attack vote: each valid vote (the living werewolves with `vote_visibility`)."""

    day: int  # the day
    ballot: int  # the ballot, from 1
    votes: tuple[tuple[int, int], ...]  # [werewolf, target] pairs in seat order


class Attacked(Event, frozen=True, kw_only=True, tag="aiwolf_attacked"):
    """The pack's victim tonight (the moderator's): it dies at the next day's start unless guarded."""

    day: int  # the day
    target: int | None = None  # the seat attacked; none: no attack tonight
    guarded: bool = False  # the bodyguard guards it: nobody dies


class GuardChosen(Event, frozen=True, kw_only=True, tag="aiwolf_guarded"):
    """The bodyguard's guard tonight (the moderator's)."""

    day: int  # the day
    seat: int  # the bodyguard
    target: int  # the seat guarded


class Divined(Event, frozen=True, kw_only=True, tag="aiwolf_divined"):
    """The seer (the audience) learns its target's species, the protocol's `divine_result`."""

    day: int  # the day of the night it divined
    seat: int  # the seer
    target: int  # the seat divined
    result: str  # `human` or `werewolf` (the possessed is human)


class Identified(Event, frozen=True, kw_only=True, tag="aiwolf_identified"):
    """The medium (the audience) learns the executed's species, the protocol's `medium_result`."""

    day: int  # the day of the execution
    seat: int  # the medium
    target: int  # the seat executed
    result: str  # `human` or `werewolf`


# --- evolve: one fold per event -----------------------------------------------------------------------


def _on_created(rs: Ruleset[AState], state: GameState[AState], e: GameCreated) -> GameState[AState]:
    return replace(state, x=AState())


def _on_phase(rs: Ruleset[AState], state: GameState[AState], e: PhaseStarted) -> GameState[AState]:
    if e.phase == "night":
        return with_x(state, attack_ballots=0, guarded=0)
    return with_x(state, ballots=0, victim=0)


def _on_step(rs: Ruleset[AState], state: GameState[AState], e: StepOpened) -> GameState[AState]:
    if e.name == "vote":
        return with_x(state, ballots=state.x.ballots + 1)
    if e.name == "attack":
        return with_x(state, attack_ballots=state.x.attack_ballots + 1)
    return state


def _on_failed(rs: Ruleset[AState], state: GameState[AState], e: Handover) -> GameState[AState]:
    if e.how != "failed" or e.seat in state.x.failed:
        return state
    return with_x(state, failed=(*state.x.failed, e.seat))


def _on_channel(rs: Ruleset[AState], state: GameState[AState], e: ChannelOpened) -> GameState[AState]:
    n = len(e.order)
    return with_x(
        state,
        stage=Stage(e.stage),
        order=e.order,
        remain=(e.per_agent,) * n,
        skips=(e.max_skip,) * n,
        budget=(e.per_agent_length,) * n,
        turn=0,
        pos=0,
        idx=0,
        spoke=False,
    )


def _set(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _on_counted(rs: Ruleset[AState], state: GameState[AState], e: Counted) -> GameState[AState]:
    x = state.x
    i = x.order.index(e.seat)
    return with_x(
        state,
        remain=_set(x.remain, i, e.remain_count),
        skips=_set(x.skips, i, e.remain_skip),
        budget=_set(x.budget, i, e.remain_length),
    )


def _on_asked(rs: Ruleset[AState], state: GameState[AState], e: Remaining) -> GameState[AState]:
    """A speaker is asked: the round's place (a new round when its turn is new)."""
    x = state.x
    return with_x(state, turn=e.turn, pos=x.order.index(e.seat) + 1, spoke=x.spoke and e.turn == x.turn)


def _on_said(rs: Ruleset[AState], state: GameState[AState], e: Talked | Whispered) -> GameState[AState]:
    """An utterance: the phase's count, and whether this round said more than Over."""
    return with_x(state, idx=state.x.idx + 1, spoke=state.x.spoke or not e.over)


Fold = Callable[[Ruleset[AState], GameState[AState], Any], GameState[AState]]
# What a seat alone learns (Divined, Identified) and the lists of votes change no state: the
# ballots are counted as the steps close.
EVOLVE: dict[type, Fold] = {
    GameCreated: _on_created,
    PhaseStarted: _on_phase,
    StepOpened: _on_step,
    Handover: _on_failed,
    ChannelOpened: _on_channel,
    Remaining: _on_asked,
    Talked: _on_said,
    Whispered: _on_said,
    Counted: _on_counted,
    GuardChosen: lambda rs, s, e: with_x(s, guarded=e.target),
    Attacked: lambda rs, s, e: with_x(s, victim=0 if e.target is None or e.guarded else e.target),
}
