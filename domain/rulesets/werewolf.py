"""The werewolf base class langrensha and magic_city extend: the village's flow as overridable
methods (the deal, a night resolved at once, discussion by turns or free, ballots with runoffs, last
words, whispers and the win check), each composed of the shared mechanics (`domain/mechanics/`).

The werewolf family's facts (`Role`, `WolfState`, `NightResolved`, the fold `EVOLVE`) are the
village's (`rulesets/village.py`); this module's `EVOLVE` adds magic_city's generic night record.
"""

from __future__ import annotations

from typing import Any

from grimoire.domain.events import (
    MODERATOR,
    Action,
    Audience,
    Decision,
    Event,
    Resolved,
    RoleDealt,
)
from grimoire.domain.mechanics import abilities, ballots, pack, speaking
from grimoire.domain.mechanics.deaths import announce_morning, open_last_words
from grimoire.domain.mechanics.speaking import next_living
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Ruleset, StepSpec, Table
from grimoire.domain.rulesets.village import EVOLVE as VILLAGE_EVOLVE
from grimoire.domain.rulesets.village import SLEEP, NightResolved, Role, WolfState, count_whispers, with_x
from grimoire.domain.state import GameState

__all__ = [
    "EVOLVE",
    "SLEEP",
    "NightResolved",
    "Role",
    "Werewolf",
    "WolfState",
    "count_whispers",
    "next_living",
    "with_x",
]


class Werewolf(Ruleset):
    """Shared werewolf flow; subclasses set the data and override what differs."""

    end_reasons: tuple[str, ...] = ("village", "wolves", "fox")  # the winning team (`check_win`)
    discussion = "turns"  # "turns" (speaking order, rounds) | "free" (until ready or deadline)
    rounds = 2
    secret_ballot = False
    runoff = False
    runoff_tied_vote = True
    last_words = False
    whisper_cap: int | None = None
    night0_actions = False
    guard_optional_first_night = False
    action_kinds = frozenset({"speak", "whisper", "ready", "vote", "sleep", "attack", "divine", "guard", "last_words"})

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | str:
        dealt = super().setup(seats, preset, roles)
        if isinstance(dealt, str):
            return dealt
        wolves = sum(self.roles[r].wolf for r in dealt)
        if not 0 < wolves < len(dealt) - wolves:
            return "bad_roles:the werewolves must be at least one and fewer than the rest"
        return dealt

    # --- role data -----------------------------------------------------------------------------

    def is_wolf(self, state: GameState, seat: int) -> bool:
        role: Role = self.roles[state.roles[seat - 1]]
        return role.wolf

    def wolves(self, state: GameState) -> list[int]:
        return [s for s in state.living() if self.is_wolf(state, s)]

    def seers_label(self, state: GameState, seat: int) -> str:
        return "werewolf" if self.is_wolf(state, seat) else "human"

    def medium_label(self, state: GameState, seat: int) -> str:
        return self.seers_label(state, seat)

    def counts_as_human(self, state: GameState, seat: int) -> bool:
        return not self.is_wolf(state, seat)

    def first_white_candidates(self, state: GameState, seer: int) -> list[int]:
        return [s for s in range(1, state.seats + 1) if s != seer and not self.is_wolf(state, s)]

    def attack_decision(self, state: GameState, seat: int) -> Decision:
        return pack.attack_decision(state, seat, self.wolves(state))

    def guard_decision(self, state: GameState, seat: int) -> Decision:
        optional = self.guard_optional_first_night and state.day == 1
        return abilities.guard(state, seat, state.x.last_guard.get(seat), optional)

    def night_decisions(self, state: GameState, seat: int) -> tuple[Decision, ...]:
        ability = self.roles[state.roles[seat - 1]].night
        if ability is None or (state.day == 0 and not self.night0_actions):
            own: tuple[Decision, ...] = (SLEEP,)
        elif ability == "attack":
            own = (self.attack_decision(state, seat),)
        elif ability == "guard":
            own = (self.guard_decision(state, seat),)
        else:
            own = (Decision(kind="divine", targets=state.others(seat)),)
        if self.is_wolf(state, seat) and self.may_whisper(state):
            own += (pack.whisper_decision(state),)
        return own

    def may_whisper(self, state: GameState) -> bool:
        return len(self.wolves(state)) >= 2

    # --- engine hooks ----------------------------------------------------------------------------

    def start(self, g: Table) -> None:
        for seat, role in enumerate(g.rng.shuffled(g.state.setup_roles), 1):
            g.emit(RoleDealt, to=(seat,), seat=seat, role=role)
        pack.tell_partners(g, tuple(self.wolves(g.state)))
        for seer in [s for s in range(1, g.state.seats + 1) if g.state.role(s) == "seer"]:
            candidates = self.first_white_candidates(g.state, seer)
            if candidates:
                abilities.learn(g, "seer.first", seer, g.rng.choice(candidates), "human")
        self.begin_night(g, 0)

    def begin_night(self, g: Table, day: int) -> None:
        g.phase("night", day)
        state = g.state
        executed = state.x.executed if state.x.executed_day == day else None
        if executed is not None:
            for medium in state.living():
                if state.role(medium) == "medium":
                    abilities.learn(g, "medium.result", medium, executed, self.medium_label(state, executed))
        prompts = {seat: self.night_decisions(state, seat) for seat in state.living()}
        g.open_step("night", "night0_seconds" if day == 0 else "night_seconds", private=prompts)

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        if action.kind == "whisper" and self.whisper_cap is not None and g.state.x.whispers == self.whisper_cap:
            pack.close_whispers(g, tuple(self.wolves(g.state)))

    def check(self, state: GameState, seat: int, action: Action, decision: Decision) -> str | None:
        if action.kind == "whisper" and not action.text:
            return "text_required"
        return None

    def unavailable(self, state: GameState, seat: int, action: Action) -> str | None:
        """A wolf's whisper after the night's cap (its decision was withdrawn, as the wolves were told)."""
        capped = pack.whisper_capped(self.whisper_cap, state.x.whispers)
        if action.kind == "whisper" and capped and state.phase == "night" and self.is_wolf(state, seat):
            return "whisper_cap_reached"
        return None

    def audience(self, state: GameState, seat: int, action: Action) -> Audience:
        if action.kind in ("speak", "last_words", "ready"):
            return "public"
        if action.kind == "whisper":
            return tuple(self.wolves(state))
        if action.kind == "vote" and self.open_ballots_as_cast(state):
            return "public"
        return (seat,)

    def open_ballots_as_cast(self, state: GameState) -> bool:
        return False

    def default(self, state: GameState, seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        for decision in decisions:
            if decision.kind == "attack" and decision.targets:
                return Action(kind="attack", target=rng.choice(decision.targets))
            if decision.kind in ("vote", "speak", "last_words"):
                return Action(kind=decision.kind)
        return None

    steps = {
        "night": StepSpec(lambda rs, g, answers: rs.resolve_night(g)),
        "speech": StepSpec(lambda rs, g, answers: rs.next_speech(g)),
        "discussion": StepSpec(lambda rs, g, answers: rs.open_vote(g, "vote")),
        "vote": StepSpec(lambda rs, g, answers: rs.resolve_vote(g)),
        "runoff": StepSpec(lambda rs, g, answers: rs.resolve_vote(g)),
        "last_words": StepSpec(lambda rs, g, answers: rs.after_day(g)),
    }

    # --- night -----------------------------------------------------------------------------------

    def attack_target(self, g: Table) -> int | None:
        state, step = g.state, g.state.step
        assert step is not None, "the night step is closing"
        legal = next((d for s in self.wolves(state) if (d := step.decision(s, "attack"))), None)
        return pack.attack_target(g, step.answers, legal)

    def resolve_night(self, g: Table) -> None:
        state = g.state
        if state.day == 0:
            self.dawn(g, {})
            return
        assert state.step is not None, "the night step is closing"
        answers = state.step.answers
        target = self.attack_target(g)
        guards = {s: a.target for s, a in answers.items() if a.kind == "guard" and a.target is not None}
        divined = {s: a.target for s, a in answers.items() if a.kind == "divine" and a.target is not None}
        deaths: dict[int, str] = {}
        if target is not None and target not in guards.values() and self.dies_to_attack(state, target):
            deaths[target] = "attack"
        for seer, seen in sorted(divined.items()):
            abilities.learn(g, "seer.result", seer, seen, self.seers_label(state, seen))
            if self.roles[state.role(seen)].team == "fox":
                deaths.setdefault(seen, "curse")
        g.emit(
            NightResolved,
            to=MODERATOR,
            attack=target,
            guards=tuple(sorted(guards.items())),
            divined=tuple(sorted(divined.items())),
            deaths=tuple(sorted(deaths.items())),
        )
        self.dawn(g, deaths)

    def dies_to_attack(self, state: GameState, seat: int) -> bool:
        role: Role = self.roles[state.role(seat)]
        return role.team != "fox"

    def dawn(self, g: Table, deaths: dict[int, str]) -> None:
        g.phase("day", g.state.day + 1)
        announce_morning(g, deaths)
        if not self.check_win(g):
            self.begin_discussion(g)

    # --- day -------------------------------------------------------------------------------------

    def first_speaker(self, g: Table) -> int:
        state = g.state
        x: WolfState = state.x
        executed = x.executed if x.executed_day == state.day - 1 else None
        return speaking.first_speaker(g, x.order, x.morning_dead, executed)

    def begin_discussion(self, g: Table) -> None:
        living = g.state.living()
        if self.discussion == "free":
            speaking.open_free_discussion(g, living)
            return
        speaking.announce_order(g, living, self.first_speaker(g), self.rounds)
        self.next_speech(g)

    def next_speech(self, g: Table) -> None:
        x: WolfState = g.state.x
        if speaking.turns_left(x.order, x.rounds, x.turn):
            speaking.open_turn(g, x.order, x.turn)
        else:
            self.speeches_done(g)

    def speeches_done(self, g: Table) -> None:
        """Every turn of the speaking order is spoken: by default the day's vote opens."""
        self.open_vote(g, "vote")

    def open_vote(self, g: Table, name: str, candidates: tuple[int, ...] = ()) -> None:
        living = g.state.living()
        voters = ballots.runoff_voters(living, candidates, self.runoff_tied_vote) if candidates else living
        ballots.open_ballot(g, name, voters, candidates or tuple(living))

    def resolve_vote(self, g: Table) -> None:
        step = g.state.step
        assert step is not None, "the vote is closing"
        leaders = ballots.close_ballot(g, step.name, step.answers, self.secret_ballot)
        chosen = leaders[0] if len(leaders) == 1 else None
        if chosen is not None:
            g.kill({chosen: "execution"}, "execution")
            if self.last_words:
                open_last_words(g, chosen)
                return
        elif len(leaders) > 1 and self.runoff and step.name == "vote":
            g.notice("vote.runoff", seats=leaders)
            self.open_vote(g, "runoff", leaders)
            return
        else:
            g.notice("vote.none")
        self.after_day(g)

    def after_day(self, g: Table) -> None:
        if not self.check_win(g):
            self.begin_night(g, g.state.day)

    # --- the end ---------------------------------------------------------------------------------

    def winning_team(self, state: GameState) -> str | None:
        wolves = humans = 0
        for seat in state.living():
            if self.is_wolf(state, seat):
                wolves += 1
            elif self.counts_as_human(state, seat):
                humans += 1
        if wolves == 0:
            team = "village"
        elif wolves >= humans:
            team = "wolves"
        else:
            return None
        if any(self.roles[state.role(s)].team == "fox" for s in state.living()):
            return "fox"
        return team

    def check_win(self, g: Table) -> bool:
        team = self.winning_team(g.state)
        if team is None:
            return False
        state = g.state
        winners = [
            s
            for s in range(1, state.seats + 1)
            if self.roles[state.role(s)].team == team and (team != "fox" or state.is_alive(s))
        ]
        g.end(team, winners, (team,))
        return True

    # --- evolve ----------------------------------------------------------------------------------

    def evolve(self, state: GameState, event: Event) -> GameState:
        handler = EVOLVE.get(type(event))
        return handler(self, state, event) if handler else state


def _on_resolved(rs: Ruleset, state: GameState, e: Resolved) -> GameState:
    """magic_city's night still records its guards in a generic `Resolved`."""
    if e.what == "night":
        return with_x(state, last_guard=dict(e.data["guards"]))
    return state


EVOLVE: dict[type, Any] = {**VILLAGE_EVOLVE, Resolved: _on_resolved}
