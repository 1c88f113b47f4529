"""What one seat has read in its feed, kept as the protocol reports it, and the packets built from that and
the seat's view.

Every seat is named `Agent[NN]` by its number, whatever name it joined under (a person's name in a
mixed table may hold spaces or `@`, and an agent's original name would tell its team).

`Facts.read(event, view)` takes the seat's events in its feed's order with the seat's view right after
each (folded by `projections.view.apply`, as the REST view is): the game's setting, the results of each
day (an execution, an attack, the votes, the seer's and the medium's results: shown the next day as the
protocol's "previous day"), and the talks and whispers not yet sent. aiwolf's events carry these
facts as the protocol has them (its Talks, Votes and Judges).
"""

from __future__ import annotations

from typing import Any

from grimoire.domain.events import DeathCause, Died, Event, GameCreated
from grimoire.domain.rulesets.aiwolf.facts import (
    AttackVoteList,
    Divined,
    Identified,
    Talked,
    VoteList,
    Whispered,
)
from grimoire.projections.view import View
from grimoire.service.aiwolf.protocol import (
    UNSET,
    Info,
    Judge,
    Packet,
    Setting,
    Talk,
    UnsetType,
    Vote,
    game_ulid,
    setting_of,
)

WEREWOLF = "werewolf"
# the histories each request carries (DAILY_FINISH's whispers go to werewolves only)
TALKS = {"TALK", "DAILY_FINISH"}
WHISPERS = {"WHISPER", "ATTACK", "DAILY_FINISH"}


class Facts:
    """One seat's reading of its feed (see the module's docstring)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.game_id = ""
        self.options: dict[str, Any] = {}
        self.setting: Setting | None = None
        self.executed: dict[int, int] = {}  # day -> the seat executed that day
        self.attacked: dict[int, int] = {}  # night -> the seat the attack of that night killed
        self.votes: dict[int, list[Vote]] = {}  # day -> that day's (last) ballot
        self.attack_votes: dict[int, list[Vote]] = {}  # night -> that night's (last) attack ballot
        self.divined: dict[int, Judge] = {}  # night -> the seer's result of that night
        self.identified: dict[int, Judge] = {}  # day -> the medium's result of that day's execution
        self.talks: list[Talk] = []  # talks not yet sent to the agent
        self.whispers: list[Talk] = []  # whispers not yet sent to the agent

    # --- reading ---------------------------------------------------------------------------------

    def read(self, event: Event, view: View) -> None:
        """Take one event of the seat's feed; `view` is the seat's view right after it."""
        if isinstance(event, GameCreated):
            self.game_id = game_ulid(event.game_id, event.at)
            self.options = dict(event.options)
            self.setting = setting_of(event.options, event.roles, event.seats)
            return
        if isinstance(event, DeathCause):
            self._death(event.seat, event.cause, view)
            return
        if isinstance(event, Died):
            if event.when in ("execution", "attack"):
                for seat in event.seats:
                    self._death(seat, event.when, view)
            return
        if isinstance(event, Talked | Whispered):
            talk = Talk(
                idx=event.idx,
                day=event.day,
                turn=event.turn,
                agent=named(view, event.seat),
                text=event.text,
                skip=event.skip,
                over=event.over,
            )
            (self.talks if isinstance(event, Talked) else self.whispers).append(talk)
        elif isinstance(event, VoteList | AttackVoteList):
            ballots = [Vote(day=event.day, agent=named(view, v), target=named(view, t)) for v, t in event.votes]
            (self.votes if isinstance(event, VoteList) else self.attack_votes)[event.day] = ballots
        elif isinstance(event, Divined):
            self.divined[event.day] = Judge(
                day=event.day,
                agent=named(view, event.seat),
                target=named(view, event.target),
                result=event.result.upper(),
            )
        elif isinstance(event, Identified):  # the reference's medium Judge names the executed as both
            target = named(view, event.target)
            self.identified[event.day] = Judge(day=event.day, agent=target, target=target, result=event.result.upper())

    def _death(self, seat: int, cause: str, view: View) -> None:
        if cause == "execution":
            self.executed[view.day] = seat
        elif cause == "attack":  # at the next day's start, or still at night
            self.attacked[view.day if view.phase == "night" else view.day - 1] = seat

    def reset(self) -> None:
        """INITIALIZE and DAILY_INITIALIZE restart the histories (the reference's `resetLastIdxMaps`)."""
        self.talks.clear()
        self.whispers.clear()

    # --- packets ---------------------------------------------------------------------------------

    def packet(self, request: str, view: View, day: int | None = None) -> Packet:
        """The packet of `request` as the seat's view and feed have it now; `day` overrides the view's
        (FINISH's)."""
        info = self.info(request, view, view.day if day is None else day)
        setting = self.setting if request in ("INITIALIZE", "DAILY_INITIALIZE") and self.setting else UNSET
        talks: list[Talk] | UnsetType = UNSET
        whispers: list[Talk] | UnsetType = UNSET
        if request in TALKS:
            talks, self.talks = self.talks, []
        wolf = view.role == WEREWOLF
        if request in WHISPERS and (request != "DAILY_FINISH" or wolf):
            whispers, self.whispers = self.whispers, []
        return Packet(request=request, info=info, setting=setting, talk_history=talks, whisper_history=whispers)

    def info(self, request: str, view: View, day: int) -> Info:
        before = day - 1
        visible = bool(self.options.get("vote_visibility", True))
        wolf = view.role == WEREWOLF
        votes = self.votes.get(before) if visible else None
        attack_votes = self.attack_votes.get(before) if visible and wolf else None
        remain: dict[str, Any] = {}
        if request in ("TALK", "WHISPER"):
            private = view.private
            remain = {k: private[k] for k in ("remain_count", "remain_skip") if isinstance(private.get(k), int)}
            length = private.get("remain_length")
            if isinstance(length, int) and length >= 0:
                remain["remain_length"] = length
        return Info(
            game_id=self.game_id,
            day=day,
            agent=named(view, self.seat),
            medium_result=self.identified.get(before, UNSET),
            divine_result=self.divined.get(before, UNSET),
            executed_agent=named(view, self.executed[before]) if before in self.executed else UNSET,
            attacked_agent=named(view, self.attacked[before]) if before in self.attacked else UNSET,
            vote_list=votes if votes else UNSET,
            attack_vote_list=attack_votes if attack_votes else UNSET,
            status_map={name: "ALIVE" if alive else "DEAD" for name, alive in zip(view.names, view.alive, strict=True)},
            role_map=role_map(view),
            **remain,
        )


def role_map(view: View) -> dict[str, str]:
    """The roles the seat knows as the protocol tells them: its own; a werewolf's also every werewolf; at
    the end everyone's (the view's `roles` then hold them all)."""
    if view.status == "ended":
        return {named(view, s): r.upper() for s, r in sorted(view.roles.items())}
    if view.seat is None or view.role is None:
        return {}
    known = {view.seat: view.role}
    if view.role == WEREWOLF:
        for s, r in view.roles.items():
            if r == WEREWOLF:
                known[s] = r
        for s, label in view.knowledge.items():
            if label == WEREWOLF:
                known[s] = WEREWOLF
    return {named(view, s): r.upper() for s, r in sorted(known.items())}


def named(view: View, seat: int) -> str:
    """A seat as agents know it: its in-game name, `Agent[NN]` in every aiwolf game (the service names every
    seat so; after a seat left the lobby, a name's number may differ from its seat's)."""
    return view.names[seat - 1]
