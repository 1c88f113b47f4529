"""The machinery the werewolf rulesets share: the deal, nights resolved at once, discussion by
turns or free, ballots with runoffs, last words, whispers and the win check.

A ruleset is an instance of `Werewolf` with its data (roles, presets, options, flags) and, where
it differs, a few overridden methods: jinro9 and ultimate13 are the first two.
"""

from __future__ import annotations

from collections import Counter
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
    Resolved,
    RoleDealt,
    SpeakingOrder,
    StepOpened,
)
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Ruleset, StepSpec, Table
from grimoire.domain.state import GameState

replace = msgspec.structs.replace


class Role(msgspec.Struct, frozen=True, kw_only=True):
    """A role as data: its team, whether it is a werewolf, and its night ability."""

    id: str
    team: str  # "village" | "wolves" | "fox"
    wolf: bool = False
    night: str | None = None  # "attack" | "divine" | "guard"


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
        barred = tuple((s, "target_is_wolf") for s in self.wolves(state) if s != seat)
        targets = tuple(s for s in state.living() if not self.is_wolf(state, s))
        return Decision(kind="attack", targets=targets, barred=barred)

    def guard_decision(self, state: GameState, seat: int) -> Decision:
        last = state.x.last_guard.get(seat)
        barred = ((last, "consecutive_guard"),) if last is not None and state.is_alive(last) else ()
        targets = tuple(s for s in state.living() if s != seat and s != last)
        optional = self.guard_optional_first_night and state.day == 1
        return Decision(kind="guard", targets=targets, barred=barred, optional=optional)

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
            own += (Decision(kind="whisper", text=state.options["speech_max_chars"], repeatable=True),)
        return own

    def may_whisper(self, state: GameState) -> bool:
        return len(self.wolves(state)) >= 2

    # --- engine hooks ----------------------------------------------------------------------------

    def start(self, g: Table) -> None:
        for seat, role in enumerate(g.rng.shuffled(g.state.setup_roles), 1):
            g.emit(RoleDealt, to=(seat,), seat=seat, role=role)
        wolves = tuple(self.wolves(g.state))
        if len(wolves) > 1:
            g.notice("wolves.partners", to=wolves, learn=dict.fromkeys(wolves, "werewolf"), seats=wolves)
        elif wolves:
            g.notice("wolves.alone", to=wolves)
        for seer in [s for s in range(1, g.state.seats + 1) if g.state.role(s) == "seer"]:
            candidates = self.first_white_candidates(g.state, seer)
            if candidates:
                target = g.rng.choice(candidates)
                g.notice("seer.first", to=(seer,), learn={target: "human"}, target=target, label="human")
        self.begin_night(g, 0)

    def begin_night(self, g: Table, day: int) -> None:
        g.phase("night", day)
        state = g.state
        executed = state.x.executed if state.x.executed_day == day else None
        if executed is not None:
            for medium in state.living():
                if state.role(medium) == "medium":
                    label = self.medium_label(state, executed)
                    g.notice("medium.result", to=(medium,), learn={executed: label}, target=executed, label=label)
        prompts = {seat: self.night_decisions(state, seat) for seat in state.living()}
        g.open_step("night", "night0_seconds" if day == 0 else "night_seconds", private=prompts)

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        if action.kind == "whisper" and self.whisper_cap is not None and g.state.x.whispers == self.whisper_cap:
            wolves = tuple(self.wolves(g.state))
            g.notice("whisper.closed", to=wolves)
            step = g.state.step
            assert step is not None, "a whisper is an answer in the open step"
            for wolf in wolves:
                if step.decision(wolf, "whisper"):
                    g.withdraw(wolf, ("whisper",))

    def check(self, state: GameState, seat: int, action: Action, decision: Decision) -> str | None:
        if action.kind == "whisper" and not action.text:
            return "text_required"
        return None

    def unavailable(self, state: GameState, seat: int, action: Action) -> str | None:
        """A wolf's whisper after the night's cap (its decision was withdrawn, as the wolves were told)."""
        capped = self.whisper_cap is not None and state.x.whispers >= self.whisper_cap
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
        picks = [a.target for s, a in step.answers.items() if a.kind == "attack" and a.target is not None]
        if picks:
            counts = Counter(picks)
            top = max(counts.values())
            return g.rng.choice(sorted(t for t, c in counts.items() if c == top))
        legal = [d for s in self.wolves(state) for d in step.prompts.get(s, ()) if d.kind == "attack"]
        return g.rng.choice(legal[0].targets) if legal and legal[0].targets else None

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
            label = self.seers_label(state, seen)
            g.notice("seer.result", to=(seer,), learn={seen: label}, target=seen, label=label)
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
        if deaths:
            g.kill(deaths, "morning")
        else:
            g.notice("morning.none")
        if not self.check_win(g):
            self.begin_discussion(g)

    # --- day -------------------------------------------------------------------------------------

    def first_speaker(self, g: Table) -> int:
        state = g.state
        x: WolfState = state.x
        living = state.living()
        if state.day == 1 or not x.order:
            return g.rng.choice(living)
        if x.morning_dead:
            after = min(x.morning_dead)
        elif x.executed is not None and x.executed_day == state.day - 1:
            after = x.executed
        else:
            return x.order[0]
        return next_living(state, after)

    def begin_discussion(self, g: Table) -> None:
        living = g.state.living()
        if self.discussion == "free":
            decisions = (
                Decision(kind="speak", text=g.state.options["speech_max_chars"], repeatable=True),
                Decision(kind="ready"),
            )
            g.open_step("discussion", "discussion_seconds", seats=living, decisions=decisions, extend=False)
            return
        first = self.first_speaker(g)
        i = living.index(first)
        g.emit(SpeakingOrder, seats=tuple(living[i:] + living[:i]), rounds=self.rounds)
        self.next_speech(g)

    def next_speech(self, g: Table) -> None:
        x: WolfState = g.state.x
        if x.turn >= len(x.order) * x.rounds:
            self.speeches_done(g)
            return
        speaker = x.order[x.turn % len(x.order)]
        speak = Decision(kind="speak", text=g.state.options["speech_max_chars"], optional=True)
        g.open_step("speech", "speech_seconds", seats=(speaker,), decisions=(speak,))

    def speeches_done(self, g: Table) -> None:
        """Every turn of the speaking order is spoken: by default the day's vote opens."""
        self.open_vote(g, "vote")

    def open_vote(self, g: Table, name: str, candidates: tuple[int, ...] = ()) -> None:
        living = g.state.living()
        voters = living if not candidates or self.runoff_tied_vote else [s for s in living if s not in candidates]
        ballot = Decision(kind="vote", targets=candidates or tuple(living), optional=True)
        g.open_step(name, "vote_seconds", seats=voters, decisions=(ballot,))

    def resolve_vote(self, g: Table) -> None:
        step = g.state.step
        assert step is not None, "the vote is closing"
        ballots = {s: a.target for s, a in sorted(step.answers.items()) if a.kind == "vote"}
        tally = Counter(t for t in ballots.values() if t is not None)
        leaders = g.vote_result(step.name, tally, None if self.secret_ballot else ballots)
        chosen = leaders[0] if len(leaders) == 1 else None
        if chosen is not None:
            g.kill({chosen: "execution"}, "execution")
            if self.last_words:
                words = Decision(kind="last_words", text=g.state.options["speech_max_chars"], optional=True)
                g.open_step("last_words", "last_words_seconds", seats=(chosen,), decisions=(words,))
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


def next_living(state: GameState, after: int) -> int:
    n = state.seats
    for k in range(1, n + 1):
        seat = (after - 1 + k) % n + 1
        if state.is_alive(seat):
            return seat
    return after


def with_x(state: GameState, **changes: Any) -> GameState:
    return replace(state, x=replace(state.x, **changes))


def count_whispers(rs: Werewolf, state: GameState, e: Act | Defaulted) -> GameState:
    if e.action.kind == "whisper":
        return with_x(state, whispers=state.x.whispers + 1)
    return state


def _on_phase(rs: Werewolf, state: GameState, e: PhaseStarted) -> GameState:
    if e.phase == "night":
        return with_x(state, whispers=0)
    return with_x(state, morning_dead=())


def _on_died(rs: Werewolf, state: GameState, e: Died) -> GameState:
    if e.when == "morning":
        return with_x(state, morning_dead=e.seats)
    if e.when == "execution":
        return with_x(state, executed=e.seats[0], executed_day=state.day)
    return state


def _on_step(rs: Werewolf, state: GameState, e: StepOpened) -> GameState:
    return with_x(state, turn=state.x.turn + 1) if e.name == "speech" else state


def _on_night(rs: Werewolf, state: GameState, e: NightResolved) -> GameState:
    return with_x(state, last_guard=dict(e.guards))


def _on_resolved(rs: Werewolf, state: GameState, e: Resolved) -> GameState:
    """magic_city's night still records its guards in a generic `Resolved`."""
    if e.what == "night":
        return with_x(state, last_guard=dict(e.data["guards"]))
    return state


EVOLVE: dict[type, Any] = {
    GameCreated: lambda rs, s, e: replace(s, x=WolfState()),
    Act: count_whispers,
    Defaulted: count_whispers,
    PhaseStarted: _on_phase,
    Died: _on_died,
    SpeakingOrder: lambda rs, s, e: with_x(s, order=e.seats, rounds=e.rounds, turn=0),
    StepOpened: _on_step,
    NightResolved: _on_night,
    Resolved: _on_resolved,
}
