"""Rulings, langrensha, "Knight", from version 3 on: declining the duel (the duel answer without a
target) is seen by the knight and the moderator only; a duel with a target stays public. Games
pinned to version 2 keep the public decline."""

from __future__ import annotations

from grimoire.domain.catalog import verify
from grimoire.domain.events import MODERATOR, Act, Event
from grimoire.projections.view import SPECTATOR
from tests.support.langrensha import act, new, one, run_to, wolves
from tests.support.versions import deployed

W, V = "werewolf", "villager"
ROLES = [W, W, "knight", V, V, V, V, V]


def duel_answer(version: str | None = None, target: bool = False):
    if version is None:
        g = new(ROLES)
    else:
        with deployed("langrensha", version):
            g = new(ROLES)
    knight = one(g, "knight")
    run_to(g, "duel")
    act(g, knight, "duel", wolves(g)[0] if target else None)
    (answer,) = [e for e in g.events if isinstance(e, Act) and e.action.kind == "duel"]
    return g, knight, answer


def readers(g, event: Event) -> set[int | str]:
    return {v for v in (*range(1, g.state.seats + 1), SPECTATOR, MODERATOR) if event in g.feed(v)}


def test_rule_knight_decline_is_private():
    g, knight, answer = duel_answer()
    assert g.state.ruleset_version == "4"
    assert answer.to == (knight,)
    assert readers(g, answer) == {knight, MODERATOR}
    assert verify(g.events).ok


def test_rule_knight_duel_with_a_target_stays_public():
    g, _, answer = duel_answer(target=True)
    assert answer.to == "public"
    assert readers(g, answer) == {*range(1, g.state.seats + 1), SPECTATOR, MODERATOR}


def test_rule_knight_decline_under_version_2_stays_public():
    g, _, answer = duel_answer("2")
    assert g.state.ruleset_version == "2"
    assert answer.to == "public"
    assert verify(g.events).ok
