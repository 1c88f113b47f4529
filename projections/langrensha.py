"""langrensha's own facts in a view: `View.private[key]` (the thief's cards, the witch's target, the sheriff).

Each reaches only the views its event's audience includes; the rest of langrensha's facts are the
moderator's and change no view.
"""

from __future__ import annotations

import msgspec

from grimoire.domain.rulesets.langrensha.facts import (
    ApostleTurned,
    Blocked,
    BlockTold,
    Charmed,
    DutiesQueued,
    DutyTaken,
    ElderSurvived,
    Guarded,
    IdiotRevealed,
    Info,
    KnightDueled,
    LoverShown,
    LoversLinked,
    PackAttacked,
    PackKnown,
    PotionsLeft,
    PowersLost,
    RavenMarked,
    Runoff,
    SheriffCandidates,
    SheriffChanged,
    Shielded,
    Shot,
    SpareCards,
    SpeechesBegan,
    Swapped,
    ThiefCards,
    ThiefPicked,
    VoteRound,
    WhiteWolfKilled,
    WitchPoisoned,
    WitchSaved,
    Withdrew,
    WolfTargetShown,
)
from grimoire.projections.render import QUIET_ACTS, RENDER, SILENT
from grimoire.projections.view import PRIVATE, RULESET_APPLY, View


class LangrenshaPrivate(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """langrensha's `View.private`: each key only once the viewer has learnt it."""

    lover: tuple[int, str] | msgspec.UnsetType = msgspec.UNSET  # [the lover's partner, the partner's role id]
    spare_cards: list[str] | msgspec.UnsetType = msgspec.UNSET  # the thief's two spare role ids
    charmed: int | msgspec.UnsetType = msgspec.UNSET  # the seat the wolf beauty charmed: it dies when she dies
    potions: list[str] | msgspec.UnsetType = msgspec.UNSET  # the witch's potions left: `antidote`, `poison`
    wolf_target: int | msgspec.UnsetType = msgspec.UNSET  # the pack's target tonight, as the witch learns it
    sheriff: int | msgspec.UnsetType | None = msgspec.UNSET  # the sheriff; null: no sheriff
    candidates: list[int] | msgspec.UnsetType = msgspec.UNSET  # the seats that stand for sheriff
    no_vote: list[int] | msgspec.UnsetType = msgspec.UNSET  # the revealed idiots, who no longer vote


PRIVATE["langrensha"] = LangrenshaPrivate


def _private(view: View, key: str, value: object) -> View:
    return msgspec.structs.replace(view, private={**view.private, key: value})


RULESET_APPLY.update(
    {
        LoverShown: lambda v, e: _private(v, "lover", [e.lover, e.role]),
        ThiefCards: lambda v, e: _private(v, "spare_cards", list(e.cards)),
        Charmed: lambda v, e: _private(v, "charmed", e.target),
        PotionsLeft: lambda v, e: _private(v, "potions", list(e.potions)),
        WolfTargetShown: lambda v, e: _private(v, "wolf_target", e.target),
        SheriffChanged: lambda v, e: _private(v, "sheriff", e.sheriff),
        SheriffCandidates: lambda v, e: _private(v, "candidates", list(e.seats)),
        IdiotRevealed: lambda v, e: _private(v, "no_vote", [*v.private.get("no_vote", ()), e.seat]),
        Info: lambda v, e: _private(v, e.key, e.value),  # stored games before the typed facts
    }
)
RENDER[Info] = lambda e, r: None
# Facts a notice or prompt beside them tells (the lover, the spare cards, the witch's target and potions, the
# sheriff's election and badge, the idiot revealed), or the seat's own answer (the charm), and the same facts as
# games stored before the typed facts wrote them (Info): no text of their own.
QUIET_ACTS.add("duel")  # the knight's duel is announced by knight.duel
SILENT.update(
    {
        Info,
        LoverShown,
        ThiefCards,
        Charmed,
        PotionsLeft,
        WolfTargetShown,
        SheriffChanged,
        SheriffCandidates,
        IdiotRevealed,
    }
)
# The moderator's records that a text beside them gives (the pack by wolves.partners, the block by
# nightmare.blocked, the apostle by apostle.turned, the spare cards by thief.cards, the thief's pick by its
# role_changed, the withdrawals, the runoff, the duel and the elder's exile by their notices), and the order of
# the day kept for the engine (duties, rounds of speeches and votes: the steps they open say them).
SILENT.update(
    {
        PackKnown,
        BlockTold,
        ApostleTurned,
        SpareCards,
        ThiefPicked,
        Withdrew,
        Runoff,
        KnightDueled,
        PowersLost,
        DutiesQueued,
        DutyTaken,
        SpeechesBegan,
        VoteRound,
    }
)
# The moderator's record of each night's choices.
RENDER.update(
    {
        LoversLinked: lambda e, r: r.text("lovers.linked", seat=e.cupid, seats=e.lovers),
        Swapped: lambda e, r: r.text("swapped", seat=e.magician, seats=e.seats),
        Blocked: lambda e, r: r.text("blocked", seat=e.nightmare, target=e.target),
        Guarded: lambda e, r: (
            r.text("guarded", seat=e.guard, target=e.target)
            if e.target is not None
            else r.text("guarded.none", seat=e.guard)
        ),
        Shielded: lambda e, r: r.text("shielded", seat=e.wolf, target=e.target),
        PackAttacked: lambda e, r: (
            r.text("pack.attacked", target=e.target) if e.target is not None else r.text("pack.attacked.none")
        ),
        WhiteWolfKilled: lambda e, r: r.text("white_wolf.killed", seat=e.wolf, target=e.target),
        WitchSaved: lambda e, r: r.text("witch.saved", seat=e.witch, target=e.target),
        WitchPoisoned: lambda e, r: r.text("witch.poisoned", seat=e.witch, target=e.target),
        RavenMarked: lambda e, r: r.text("raven.marked", seat=e.raven, target=e.target),
        ElderSurvived: lambda e, r: r.text("elder.survived", seat=e.seat),
        Shot: lambda e, r: r.text("shot.fired", seat=e.shooter, target=e.target),
    }
)
