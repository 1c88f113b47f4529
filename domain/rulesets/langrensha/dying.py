"""Deaths and what the dead may still do: who dies with the dead, the duties the dead owe (last words,
shots, the badge), the blood moon apostle's turning, and the end of the game."""

from __future__ import annotations

from collections.abc import Callable

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.langrensha.facts import (
    ApostleTurned,
    DutiesQueued,
    Duty,
    DutyKind,
    LState,
    SheriffChanged,
    Shot,
)
from grimoire.domain.rulesets.langrensha.night import tell_pack
from grimoire.domain.rulesets.langrensha.roles import can_shoot, early, is_wolf, mixed, role_of, wolves
from grimoire.domain.state import GameState


def closure(state: GameState[LState], deaths: dict[int, str]) -> dict[int, str]:
    """Heartbreak and the charm, until nobody more dies with the dead."""
    out = dict(deaths)
    lovers, mark = state.x.lovers, state.x.mark
    changed = True
    while changed:
        changed = False
        for seat in sorted(out):
            follow = []
            if seat in lovers:
                follow.append((lovers[0] + lovers[1] - seat, "heartbreak"))
            if state.role(seat) == "wolf_beauty" and mark[seat - 1]:
                follow.append((mark[seat - 1], "charm"))
            for other, cause in follow:
                if state.is_alive(other) and other not in out:
                    out[other] = cause
                    changed = True
    return out


def die(g: Table[LState], deaths: dict[int, str], when: str, words: list[int]) -> bool:
    """Kill, then queue what the dead may still do: last words, shots, the badge. True: the game ended."""
    state = g.state
    deaths = closure(state, deaths)
    g.kill(deaths, when)
    turn_apostles(g)
    if check_win(g):
        return True
    duties: list[Duty] = []
    if words:
        duties.append(Duty(kind=DutyKind.WORDS.value, seats=tuple(words)))
    blocked = state.x.blocked if when == "morning" else 0  # the nightmare's block lasts the whole night
    shooters = tuple(s for s, c in sorted(deaths.items()) if s != blocked and can_shoot(state, s, c))
    duties.append(Duty(kind=DutyKind.SHOT.value, seats=shooters))
    if state.x.sheriff in deaths:
        duties.append(Duty(kind=DutyKind.BADGE.value, seats=(state.x.sheriff,)))
    g.emit(DutiesQueued(at=g.at, to=MODERATOR, duties=tuple(duties)))
    return False


def turn_apostles(g: Table[LState]) -> None:
    state = g.state
    waiting = [s for s in state.living() if state.role(s) == "blood_moon" and not is_wolf(state, s)]
    if waiting and not wolves(state):
        for seat in waiting:
            g.emit(ApostleTurned(at=g.at, to=MODERATOR, seat=seat))
            g.notice("apostle.turned", to=(seat,))
        tell_pack(g)


# --- the duties: each opens its step (True), or passes when nobody can act on it (False) --------------


def _last_words(g: Table[LState], seats: tuple[int, ...]) -> bool:
    words = Decision(kind="last_words", text=g.state.options["speech_max_chars"], optional=True)
    g.open_step("last_words", "last_words_seconds", seats=seats, decisions=(words,))
    return True


def _shot(g: Table[LState], seats: tuple[int, ...]) -> bool:
    state = g.state
    if not seats and early(state):
        return False
    shoot = (Decision(kind="shoot", targets=tuple(state.living()), optional=True),)
    hold = not early(state)
    g.open_step("shot", "shot_seconds", private=dict.fromkeys(seats, shoot), hold=hold, extend=False)
    return True


def _badge(g: Table[LState], seats: tuple[int, ...]) -> bool:
    state = g.state
    if state.x.sheriff != seats[0]:
        return False
    badge = Decision(kind="badge", targets=tuple(state.living()), optional=True)
    g.open_step("badge", "badge_seconds", seats=seats, decisions=(badge,))
    return True


DUTIES: dict[DutyKind, Callable[[Table[LState], tuple[int, ...]], bool]] = {
    DutyKind.WORDS: _last_words,
    DutyKind.SHOT: _shot,
    DutyKind.BADGE: _badge,
}


def shoot(g: Table[LState], answers: dict[int, Action]) -> bool:
    """The shots fired, and the deaths they cause. True: the game ended."""
    state = g.state
    victims: dict[int, str] = {}
    for seat, a in sorted(answers.items()):
        if a.kind == "shoot" and a.target is not None and state.is_alive(a.target):
            cause = "hunter_shot" if state.role(seat) == "huntsman" else "wolf_shot"
            victims.setdefault(a.target, cause)
            g.emit(Shot(at=g.at, to=MODERATOR, shooter=seat, target=a.target))
    return bool(victims) and die(g, victims, "day", [])


def pass_badge(g: Table[LState], answers: dict[int, Action]) -> None:
    """The dead sheriff passes the badge to a living seat, or tears it."""
    state = g.state
    a = answers.get(state.x.sheriff)
    heir = a.target if a is not None and a.target is not None and state.is_alive(a.target) else 0
    badge(g, heir, "badge.passed", "badge.torn")


def badge(g: Table[LState], seat: int, given: str, gone: str) -> None:
    """The badge goes to `seat` (0: nobody), announced with the notice `given` or `gone`."""
    g.emit(SheriffChanged(at=g.at, sheriff=seat or None))
    if seat:
        g.notice(given, seat=seat)
    else:
        g.notice(gone)


def check_win(g: Table[LState]) -> bool:
    state = g.state
    living = state.living()
    lovers = state.x.lovers
    is_mixed = mixed(state)
    if lovers and sorted(living) == sorted(lovers):
        winners = [*lovers, state.x.cupid] if is_mixed and state.x.cupid else lovers
        g.end("mixed_lovers" if is_mixed else "lovers", winners, ("lovers",))
        return True
    pack = len(wolves(state))
    if pack and pack >= len(living) - pack:
        team = "wolves"
    elif not pack and not any(state.role(s) == "blood_moon" for s in living):
        team = "village"
    else:
        return False
    left_out = [*lovers, state.x.cupid] if is_mixed else []
    winners = [s for s in range(1, state.seats + 1) if role_of(state, s).team == team and s not in left_out]
    if not winners:
        # every member of the side is in the mixed couple's own team (or is its cupid): nobody wins
        g.end("no_winner", ())
        return True
    g.end(team, winners, (team,))
    return True
