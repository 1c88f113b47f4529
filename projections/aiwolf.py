"""aiwolf's own facts in a view and a feed.

`View.private` carries what a speaker has left while it is asked for a talk or a whisper (the
protocol's `remain_count`, `remain_skip`, `remain_length`), gone once it has spoken; the seer's and the
medium's results go into `knowledge` (seat -> `human` / `werewolf`). The talks and whispers read as
said, the lists of votes as who voted for whom.
"""

from __future__ import annotations

import msgspec

from grimoire.domain.rulesets.aiwolf.facts import (
    Attacked,
    AttackVoteList,
    ChannelOpened,
    Counted,
    Divined,
    GuardChosen,
    Identified,
    Remaining,
    Talked,
    VoteList,
    Whispered,
)
from grimoire.projections.render import RENDER, SILENT, Reader
from grimoire.projections.view import PRIVATE, RULESET_APPLY, View

replace = msgspec.structs.replace


class AiwolfPrivate(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """aiwolf's `View.private`: while the seat is asked for a talk or a whisper, what it has left."""

    remain_count: int | msgspec.UnsetType = msgspec.UNSET  # utterances left in the phase, this one included
    remain_skip: int | msgspec.UnsetType = msgspec.UNSET  # skips left
    remain_length: int | msgspec.UnsetType = msgspec.UNSET  # the length budget left (only with a per-agent budget)


PRIVATE["aiwolf"] = AiwolfPrivate

_REMAIN = ("remain_count", "remain_skip", "remain_length")


def _asked(v: View, e: Remaining) -> View:
    if v.seat != e.seat:
        return v
    own = {"remain_count": e.remain_count, "remain_skip": e.remain_skip}
    if e.remain_length != -1:
        own["remain_length"] = e.remain_length
    return replace(v, private={**{k: x for k, x in v.private.items() if k not in _REMAIN}, **own})


def _spoken(v: View, e: Talked | Whispered) -> View:
    if v.seat != e.seat or not any(k in v.private for k in _REMAIN):
        return v
    return replace(v, private={k: x for k, x in v.private.items() if k not in _REMAIN})


def _learnt(v: View, e: Divined | Identified) -> View:
    return replace(v, knowledge={**v.knowledge, e.target: e.result})


RULESET_APPLY.update(
    {
        Remaining: _asked,
        Talked: _spoken,
        Whispered: _spoken,
        Divined: _learnt,
        Identified: _learnt,
    }
)


def _utterance(key: str, e: Talked | Whispered, r: Reader) -> str:
    """Said, done (Over) or skipped; a whisper read by its own speaker says "you" (`.self`)."""
    kind = ".over" if e.over else ".skip" if e.skip else ".said"
    own = ".self" if isinstance(e, Whispered) and r.viewer == e.seat and not r.told else ""
    args = {} if own else {"seat": e.seat}
    return r.text(key + kind + own, **args, **({} if e.over or e.skip else {"text": e.text}))


def _item(voter: int, target: int, r: Reader) -> str:
    """One vote; in a list told to some seats (the pack's), the reader's own vote or a vote for it says "you"."""
    if r.told or r.viewer is None or r.viewer not in (voter, target):
        return r.text("vote.list.item", seat=voter, target=target)
    if voter == target:
        return r.text("vote.list.item.yourself")
    return (
        r.text("vote.list.item.self", target=target) if voter == r.viewer else r.text("vote.list.item.you", seat=voter)
    )


def _votes(key: str, votes: tuple[tuple[int, int], ...], r: Reader, told: bool) -> str:
    if not votes:
        return r.text(key + ".none")
    plain = r._replace(told=()) if told else r._replace(told=(), viewer=None)
    items = [_item(voter, target, plain) for voter, target in votes]
    return r.text(key, votes=plain.text("vote.ballots.separator").join(items))


def _attacked(e: Attacked, r: Reader) -> str:
    if e.target is None:
        return r.text("attacked.none")
    return r.text("attacked.guarded" if e.guarded else "attacked", target=e.target)


RENDER.update(
    {
        Talked: lambda e, r: _utterance("talk", e, r),
        Whispered: lambda e, r: _utterance("whisper", e, r),
        VoteList: lambda e, r: _votes("vote.list", e.votes, r, False),
        AttackVoteList: lambda e, r: _votes("attack.list", e.votes, r, type(e.to) is tuple),
        Attacked: _attacked,
        GuardChosen: lambda e, r: r.text("guarded", seat=e.seat, target=e.target),
        Divined: lambda e, r: r.text("seer.result", target=e.target, label=e.result),
        Identified: lambda e, r: r.text("medium.result", target=e.target, label=e.result),
    }
)
# The order of a phase's speakers (each step names its speaker), what a speaker has left (its view's
# `private`) and the moderator's count of it: no text of their own.
SILENT.update({ChannelOpened, Remaining, Counted})
