"""Who is what in the city, which seats are named, how seats die, and which side wins."""

from __future__ import annotations

from grimoire.domain.events import MODERATOR
from grimoire.domain.mechanics import teams
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.magic_city.data import ROLES
from grimoire.domain.rulesets.magic_city.facts import AwakeningAnnounced, ChimeraAwoke, CityState, DemonWon, Named
from grimoire.domain.state import GameState


def is_wolf(state: GameState[CityState], seat: int) -> bool:
    role = state.role(seat)
    return role in ("werewolf", "evil_eye") or (role == "chimera" and seat in state.x.awakened)


def wolves(state: GameState[CityState]) -> list[int]:
    return [s for s in state.living() if is_wolf(state, s)]


def holders(state: GameState[CityState], *roles: str) -> list[int]:
    return [s for s in state.living() if state.role(s) in roles]


def eligible(state: GameState[CityState]) -> list[int]:
    """The living seats a night may touch: the `prison` event's prisoner sits this night out."""
    x: CityState = state.x
    return [s for s in state.living() if not (s == x.prison and x.prison_day == state.day)]


def tonight_event(state: GameState[CityState]) -> str | None:
    x: CityState = state.x
    return x.event if x.event_day == state.day else None


def present(state: GameState[CityState], roles: tuple[str, ...]) -> bool:
    return any(r in state.setup_roles for r in roles)


def seers_label(state: GameState[CityState], seat: int) -> str:
    return "werewolf" if is_wolf(state, seat) else "human"


def mark(g: Table[CityState], *seats: int | None) -> None:
    """The seats an ability or event names (the demon's mark)."""
    new = [s for s in seats if s is not None and s not in g.state.x.named]
    if new:
        g.emit(Named(at=g.at, to=MODERATOR, seats=tuple(dict.fromkeys(new))))


def die(g: Table[CityState], deaths: dict[int, str], when: str, reveal: bool | None = None) -> None:
    """Deaths at once: `legend_tree` takes the partner along; `altar` shows roles; a marked demon wins."""
    state = g.state
    x: CityState = state.x
    deaths = {s: c for s, c in deaths.items() if state.is_alive(s)}
    grew = True
    while grew:
        grew = False
        for pair in x.trees:
            for a, b in (pair, pair[::-1]):
                if a in deaths and b not in deaths and state.is_alive(b):
                    deaths[b] = "legend_tree"
                    grew = True
    if not deaths:
        return
    if when == "morning":
        g.kill(deaths, when)
    else:  # the named death first, so it reads as what it is; the tree's partners beside it
        g.kill({s: c for s, c in deaths.items() if c != "legend_tree"}, when)
        g.kill({s: c for s, c in deaths.items() if c == "legend_tree"}, "legend_tree")
    if x.altar if reveal is None else reveal:
        show_roles(g, tuple(sorted(deaths)))
    marked = [s for s in sorted(deaths) if state.role(s) == "demon" and s in x.named]
    if marked and g.state.x.demon_won is None:
        g.emit(DemonWon(at=g.at, to=MODERATOR, seat=marked[0]))


def show_roles(g: Table[CityState], seats: tuple[int, ...]) -> None:
    for seat in seats:
        g.notice("altar.role", learn={seat: g.state.role(seat)}, seat=seat, role=g.state.role(seat))


def awaken(g: Table[CityState]) -> None:
    """The chimera awakens when it becomes the last of the wolf side able to attack."""
    state = g.state
    x: CityState = state.x
    if x.announced or any(state.role(s) in ("werewolf", "evil_eye") for s in state.living()):
        return
    chimeras = [s for s in state.living() if state.role(s) == "chimera" and s not in x.awakened]
    if chimeras:
        g.emit(ChimeraAwoke(at=g.at, to=MODERATOR, seats=tuple(chimeras)))
        announce_awakening(g)


def announce_awakening(g: Table[CityState]) -> None:
    g.notice("chimera.awakened")
    g.emit(AwakeningAnnounced(at=g.at, to=g.state.x.awakened))
    pack = tuple(wolves(g.state))
    g.notice("wolves.partners", to=pack, learn=dict.fromkeys(pack, "werewolf"), seats=pack)


def winning_team(state: GameState[CityState]) -> str | None:
    living = state.living()
    pack = sum(1 for s in living if is_wolf(state, s))
    humans = sum(1 for s in living if not is_wolf(state, s) and state.role(s) != "foxkin")
    if not pack and not any(state.role(s) == "chimera" for s in living):
        team = "village"
    elif pack and pack >= humans:
        team = "wolves"
    else:
        return None
    return "fox" if any(state.role(s) == "foxkin" for s in living) else team


def check_win(g: Table[CityState]) -> bool:
    """Whether the game ended: a marked demon died, or a side won (`winning_team`; the fox's only if alive)."""
    demon = g.state.x.demon_won
    if demon is not None:
        g.end("demon", (demon,), ("demon",))
        return True
    awaken(g)
    state = g.state
    team = winning_team(state)
    if team is None:
        return False
    teams.win(g, team, lambda s: ROLES[state.role(s)].team, living_only=team == "fox")
    return True
