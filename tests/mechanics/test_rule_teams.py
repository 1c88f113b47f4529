"""Teams (`domain/mechanics/teams.py`): the winning team's seats win (jinro9.md's 勝利条件; the fox
only while it lives)."""

from __future__ import annotations

from grimoire.domain.events import GameEnded
from grimoire.domain.mechanics import teams
from grimoire.domain.ruleset import Ruleset, Table
from tests.mechanics.table import table

ROLES = ("villager", "werewolf", "villager", "fox", "seer")
TEAMS = {"villager": "village", "seer": "village", "werewolf": "wolves", "fox": "fox"}


class Village(Ruleset):
    end_reasons = ("village", "wolves", "fox")


def village(roles: tuple[str, ...], dead: tuple[int, ...]) -> Table:
    g = table(roles, dead=dead)
    g.rs = Village()
    return g


def test_rule_jinro9_every_seat_of_the_winning_team_wins_the_dead_too():
    g = village(ROLES, dead=(1,))
    teams.win(g, "village", lambda s: TEAMS[g.state.role(s)])
    (end,) = [e for e in g.events if isinstance(e, GameEnded)]
    assert (end.reason, end.winners, end.teams) == ("village", (1, 3, 5), ("village",))


def test_rule_jinro9_a_team_that_wins_only_living_names_its_living_seats():
    g = village(("fox", "werewolf", "fox", "villager"), dead=(1,))
    teams.win(g, "fox", lambda s: TEAMS[g.state.role(s)], living_only=True)
    (end,) = [e for e in g.events if isinstance(e, GameEnded)]
    assert (end.reason, end.winners) == ("fox", (3,))
