"""The village game of the Japanese werewolf rulesets (jinro), made of data: the deal, a night
resolved at once, the day's discussion (by turns or free), a ballot with its runoff, last words, and
the win check.

A ruleset is a `Village` subclass holding data: its roles (some of `ROLES`), presets and options,
the flags of its day, and its table of night abilities (`abilities`, by `Role.night`), with at most
a few small overrides (what the medium learns, who counts as human). Its hooks compose the shared
mechanics (`domain/mechanics/`). Its facts are the werewolf family's: `Role`, `WolfState` (the ruleset's state)
folded by `EVOLVE`, and `NightResolved`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from grimoire.domain.events import (
    MODERATOR,
    Act,
    Action,
    Audience,
    Decision,
    Defaulted,
    Died,
    Event,
    GameCreated,
    PhaseStarted,
    RoleDealt,
    SpeakingOrder,
    StepOpened,
)
from grimoire.domain.mechanics import abilities, ballots, deaths, defaults, pack, speaking, teams
from grimoire.domain.mechanics.abilities import Ability
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Ruleset, StepSpec, Table
from grimoire.domain.state import GameState, with_x
from grimoire.domain.violations import RuleViolation

replace = msgspec.structs.replace


class Role(msgspec.Struct, frozen=True, kw_only=True):
    """A role as data: its team, whether it is a werewolf, and its night ability."""

    id: str
    team: str  # "village" | "wolves" | "fox"
    wolf: bool = False
    night: str | None = None  # "attack" | "divine" | "guard"


# The roles of the Japanese villages (jinro9.md, ultimate13.md), each ruleset dealing some of them.
ROLES = {
    "villager": Role(id="villager", team="village"),
    "seer": Role(id="seer", team="village", night="divine"),
    "medium": Role(id="medium", team="village"),
    "hunter": Role(id="hunter", team="village", night="guard"),
    "werewolf": Role(id="werewolf", team="wolves", wolf=True, night="attack"),
    "madman": Role(id="madman", team="wolves"),
    "fox": Role(id="fox", team="fox"),
}


class WolfState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    last_guard: dict[int, int] = {}
    whispers: int = 0
    executed: int | None = None
    executed_day: int = -1
    order: tuple[int, ...] = ()
    rounds: int = 0
    turn: int = 0
    morning_dead: tuple[int, ...] = ()


class NightResolved(Event, frozen=True, kw_only=True, tag="night_resolved"):
    """A night resolved at once (moderator): the pack's target, each guard and its target, each seer and
    the seat it divined, and the deaths with their causes. The guards are the next night's last guards."""

    attack: int | None = None  # the pack's target; none: nobody
    guards: tuple[tuple[int, int], ...] = ()  # [guard, guarded seat] pairs, also the next night's last guards
    divined: tuple[tuple[int, int], ...] = ()  # [seer, divined seat] pairs
    deaths: tuple[tuple[int, str], ...] = ()  # [seat, cause] pairs of the seats that die


SLEEP = Decision(kind="sleep")


# --- the night abilities of the villages ---------------------------------------------------------


def wolves(state: GameState[WolfState]) -> list[int]:
    """The living werewolves."""
    return [s for s in state.living() if ROLES[state.role(s)].wolf]


def alignment(state: GameState[WolfState], seat: int) -> str:
    """What the seer learns: "werewolf" or "human"."""
    return "werewolf" if ROLES[state.role(seat)].wolf else "human"


def attack_outside_pack(state: GameState[WolfState], seat: int) -> Decision:
    return pack.attack_decision(state, seat, wolves(state))


def guard_no_repeat(state: GameState[WolfState], seat: int) -> Decision:
    return abilities.guard(state, seat, state.x.last_guard.get(seat), optional=False)


def guard_no_repeat_optional_first_night(state: GameState[WolfState], seat: int) -> Decision:
    return abilities.guard(state, seat, state.x.last_guard.get(seat), optional=state.day == 1)


ATTACK = Ability(attack_outside_pack)
DIVINE = Ability(abilities.any_other("divine"), learns=alignment)
GUARD = Ability(guard_no_repeat)


class Village(Ruleset[WolfState]):
    """A village ruleset made of data; its subclasses set the data and override the hooks that differ."""

    roles: Mapping[str, Role] = {}
    abilities: dict[str, Ability[WolfState]] = {"attack": ATTACK, "divine": DIVINE, "guard": GUARD}  # by `Role.night`
    end_reasons: tuple[str, ...] = ("village", "wolves", "fox")  # the winning team (`winning_team`)
    discussion = "turns"  # "turns" (speaking order, rounds) | "free" (until ready or deadline)
    rounds = 2
    secret_ballot = False
    runoff = False
    runoff_tied_vote = True  # the tied seats vote in the runoff too
    last_words = False
    whisper_cap: int | None = None
    first_white_never: tuple[str, ...] = ()  # roles the seer's first white never names (besides the wolves)
    action_kinds = frozenset(
        {"speak", "whisper", "ready", "vote", "sleep", "attack", "divine", "guard", "last_words", "done"}
    )
    untargeted = frozenset({"speak", "whisper", "ready", "sleep", "last_words"})

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | RuleViolation:
        dealt = super().setup(seats, preset, roles)
        if isinstance(dealt, RuleViolation):
            return dealt
        return pack.size_error(sum(self.roles[r].wolf for r in dealt), len(dealt)) or dealt

    # --- role data -----------------------------------------------------------------------------

    def is_wolf(self, state: GameState[WolfState], seat: int) -> bool:
        role: Role = self.roles[state.role(seat)]
        return role.wolf

    def wolves(self, state: GameState[WolfState]) -> list[int]:
        """The living werewolves."""
        return [s for s in state.living() if self.is_wolf(state, s)]

    def may_whisper(self, state: GameState[WolfState]) -> bool:
        return len(self.wolves(state)) >= 2

    def medium_label(self, state: GameState[WolfState], seat: int) -> str:
        """What the medium learns of the executed: by default whether it is a werewolf."""
        return "werewolf" if self.is_wolf(state, seat) else "human"

    def counts_as_human(self, state: GameState[WolfState], seat: int) -> bool:
        """Who counts against the wolves at parity."""
        return not self.is_wolf(state, seat)

    # --- engine hooks ----------------------------------------------------------------------------

    def start(self, g: Table[WolfState]) -> None:
        for seat, role in enumerate(g.rng.shuffled(g.state.setup_roles), 1):
            g.emit(RoleDealt(at=g.at, to=(seat,), seat=seat, role=role))
        pack.tell_partners(g, tuple(self.wolves(g.state)))
        state = g.state
        for seer in [s for s in range(1, state.seats + 1) if state.role(s) == "seer"]:
            candidates = [
                s
                for s in range(1, state.seats + 1)
                if s != seer and not self.is_wolf(state, s) and state.role(s) not in self.first_white_never
            ]
            if candidates:
                abilities.learn(g, "seer.first", seer, g.rng.choice(candidates), "human")
        self.begin_night(g, 0)

    def on_act(self, g: Table[WolfState], seat: int, action: Action, decision: Decision) -> None:
        if action.kind == "whisper" and self.whisper_cap is not None and g.state.x.whispers == self.whisper_cap:
            pack.close_whispers(g, tuple(self.wolves(g.state)))

    def check(self, state: GameState[WolfState], seat: int, action: Action, decision: Decision) -> str | None:
        return pack.whisper_refusal(action)

    def unavailable(self, state: GameState[WolfState], seat: int, action: Action) -> str | None:
        """A wolf's whisper after the night's cap (its decision was withdrawn, as the wolves were told);
        `done`, before the version that brought it, as no action at all."""
        if action.kind == "done" and not self.applies(state, pack.WOLVES_DONE.id):
            return "unknown_action"
        capped = pack.whisper_capped(self.whisper_cap, state.x.whispers)
        if action.kind == "whisper" and capped and state.phase == "night" and self.is_wolf(state, seat):
            return "whisper_cap_reached"
        return None

    def audience(self, state: GameState[WolfState], seat: int, action: Action) -> Audience:
        if action.kind in pack.PICKS and self.applies(state, pack.WOLVES_SEE_PICKS.id):
            return tuple(self.wolves(state))
        return speaking.audience(state, seat, action, self.wolves)

    def default(
        self, state: GameState[WolfState], seat: int, decisions: tuple[Decision, ...], rng: Rng
    ) -> Action | None:
        return defaults.timed_out(decisions, rng, self.applies(state, pack.SILENT_WOLF_DEFERS.id))

    def evolve(self, state: GameState[WolfState], event: Event) -> GameState[WolfState]:
        fold = EVOLVE.get(type(event))
        return fold(self, state, event) if fold else state

    # --- night -----------------------------------------------------------------------------------

    def begin_night(self, g: Table[WolfState], day: int) -> None:
        g.phase("night", day)
        state = g.state
        x: WolfState = state.x
        if x.executed is not None and x.executed_day == day:
            for medium in state.living():
                if state.role(medium) == "medium":
                    abilities.learn(g, "medium.result", medium, x.executed, self.medium_label(state, x.executed))
        prompts = {seat: self.night_decisions(state, seat) for seat in state.living()}
        g.open_step("night", "night0_seconds" if day == 0 else "night_seconds", private=prompts)

    def night_decisions(self, state: GameState[WolfState], seat: int) -> tuple[Decision, ...]:
        role = self.roles[state.role(seat)]
        ability = self.abilities[role.night] if role.night else None
        own = abilities.decision(ability, state, seat) if ability else None
        decisions: tuple[Decision, ...] = (own or SLEEP,)
        if self.is_wolf(state, seat) and self.may_whisper(state):
            if own is None and self.applies(state, pack.WOLVES_DONE.id):
                return (pack.whisper_decision(state), pack.DONE)  # the whisper first, then "we are done"
            decisions += (pack.whisper_decision(state),)
        return decisions

    def attack_target(self, g: Table[WolfState]) -> int | None:
        """The pack's target among the answers of the open step."""
        return pack.chosen_target(g, self.wolves(g.state))

    def resolve_night(self, g: Table[WolfState]) -> None:
        state = g.state
        if state.day == 0:
            self.dawn(g, {})
            return
        answers = state.open_step().answers
        target = self.attack_target(g)
        guards = {s: a.target for s, a in answers.items() if a.kind == "guard" and a.target is not None}
        divined = {s: a.target for s, a in answers.items() if a.kind == "divine" and a.target is not None}
        dead: dict[int, str] = {}
        if target is not None and target not in guards.values() and self.roles[state.role(target)].team != "fox":
            dead[target] = "attack"
        learns = self.abilities["divine"].learns or alignment
        for seer, seen in sorted(divined.items()):
            abilities.learn(g, "seer.result", seer, seen, learns(state, seen))
            if self.roles[state.role(seen)].team == "fox":
                dead.setdefault(seen, "curse")
        g.emit(
            NightResolved(
                at=g.at,
                to=MODERATOR,
                attack=target,
                guards=tuple(sorted(guards.items())),
                divined=tuple(sorted(divined.items())),
                deaths=tuple(sorted(dead.items())),
            ),
        )
        self.dawn(g, dead)

    def dawn(self, g: Table[WolfState], dead: dict[int, str]) -> None:
        g.phase("day", g.state.day + 1)
        deaths.announce_morning(g, dead)
        if not self.check_win(g):
            self.begin_discussion(g)

    # --- day -------------------------------------------------------------------------------------

    def first_speaker(self, g: Table[WolfState]) -> int:
        state = g.state
        x: WolfState = state.x
        executed = x.executed if x.executed_day == state.day - 1 else None
        return speaking.first_speaker(g, x.order, x.morning_dead, executed)

    def begin_discussion(self, g: Table[WolfState]) -> None:
        living = g.state.living()
        if self.discussion == "free":
            speaking.open_free_discussion(g, living)
            return
        speaking.announce_order(g, living, self.first_speaker(g), self.rounds)
        self.next_speech(g)

    def next_speech(self, g: Table[WolfState]) -> None:
        x: WolfState = g.state.x
        if speaking.turns_left(x.order, x.rounds, x.turn):
            speaking.open_turn(g, x.order, x.turn)
        else:
            self.speeches_done(g)

    def speeches_done(self, g: Table[WolfState]) -> None:
        """Every turn of the speaking order is spoken: by default the day's vote opens."""
        self.open_vote(g)

    def open_vote(self, g: Table[WolfState]) -> None:
        living = g.state.living()
        ballots.open_ballot(g, "vote", living, tuple(living))

    def close_vote(self, g: Table[WolfState], answers: dict[int, Action]) -> None:
        name = g.state.open_step().name
        leaders = ballots.close_ballot(g, name, answers, self.secret_ballot)
        if len(leaders) == 1:
            g.kill({leaders[0]: "execution"}, "execution")
            if self.last_words:
                deaths.open_last_words(g, leaders[0])
                return
        elif len(leaders) > 1 and self.runoff and name == "vote":
            g.notice("vote.runoff", seats=leaders)
            voters = ballots.runoff_voters(g.state.living(), leaders, self.runoff_tied_vote)
            ballots.open_ballot(g, "runoff", voters, leaders)
            return
        else:
            g.notice("vote.none")
        self.after_day(g)

    def after_day(self, g: Table[WolfState]) -> None:
        if not self.check_win(g):
            self.begin_night(g, g.state.day)

    # --- the end ---------------------------------------------------------------------------------

    def winning_team(self, state: GameState[WolfState]) -> str | None:
        """The wolves none: the village; as many wolves as humans: the wolves; either with a fox alive: the fox."""
        count = humans = 0
        for seat in state.living():
            if self.is_wolf(state, seat):
                count += 1
            elif self.counts_as_human(state, seat):
                humans += 1
        if count == 0:
            team = "village"
        elif count >= humans:
            team = "wolves"
        else:
            return None
        if any(self.roles[state.role(s)].team == "fox" for s in state.living()):
            return "fox"
        return team

    def check_win(self, g: Table[WolfState]) -> bool:
        team = self.winning_team(g.state)
        if team is None:
            return False
        state = g.state
        teams.win(g, team, lambda s: self.roles[state.role(s)].team, living_only=team == "fox")
        return True

    steps = {
        "night": StepSpec(lambda rs, g, answers: rs.resolve_night(g)),
        "speech": StepSpec(lambda rs, g, answers: rs.next_speech(g)),
        "discussion": StepSpec(lambda rs, g, answers: rs.open_vote(g)),
        "vote": StepSpec(lambda rs, g, answers: rs.close_vote(g, answers)),
        "runoff": StepSpec(lambda rs, g, answers: rs.close_vote(g, answers)),
        "last_words": StepSpec(lambda rs, g, answers: rs.after_day(g)),
    }


# --- evolve --------------------------------------------------------------------------------------


def count_whispers(rs: Ruleset[WolfState], state: GameState[WolfState], e: Act | Defaulted) -> GameState[WolfState]:
    if e.action.kind == "whisper":
        return with_x(state, whispers=state.x.whispers + 1)
    return state


def _on_phase(rs: Ruleset[WolfState], state: GameState[WolfState], e: PhaseStarted) -> GameState[WolfState]:
    if e.phase == "night":
        return with_x(state, whispers=0)
    return with_x(state, morning_dead=())


def _on_night(rs: Ruleset[WolfState], state: GameState[WolfState], e: NightResolved) -> GameState[WolfState]:
    return with_x(state, last_guard=dict(e.guards))


Fold = Callable[[Ruleset[WolfState], GameState[WolfState], Any], GameState[WolfState]]
EVOLVE: dict[type, Fold] = {
    GameCreated: lambda rs, s, e: replace(s, x=WolfState()),
    Act: count_whispers,
    Defaulted: count_whispers,
    PhaseStarted: _on_phase,
    Died: deaths.fold_died,
    SpeakingOrder: speaking.fold_order,
    StepOpened: speaking.fold_turn,
    NightResolved: _on_night,
}
