"""witch_trial ruling 9 from version 3 on: the witch_killer holder is never a first finder; games
pinned to version 2 keep its earlier reading (barred only from the bodies it attacked)."""

from grimoire.domain.catalog import verify
from grimoire.domain.rulesets.witch_trial.facts import FirstFound, WitchKillerSeized
from tests.support.versions import deployed
from tests.support.witch_trial import B, C, K, P, W, day, deal, loot, morning, night, noon, vote

HOLDER, KILLER, OTHER_KILLER, VICTIM, BYSTANDER = 1, 2, 3, 4, 5


def holder_takes_over_and_another_body_lies(version: str | None = None):
    """Night 2: seat 2 (three cards left after a barrier) kills the holder and seizes the
    witch_killer, seat 3 kills seat 4 and leaves its cards; seat 2 did not attack seat 4's body,
    and it is the only living seat with room for a card."""
    hands = ((W, B, B, B), (K, B, P, P), (K, P, P, P), (C, C, C, C), (B, B, B, B))
    if version is None:
        g = deal(*hands)
    else:
        with deployed("witch_trial", version):
            g = deal(*hands)
    day(g, uses=[(KILLER, B)])
    morning(g)
    noon(g)
    vote(g)
    night(g, [(KILLER, K, HOLDER), (OTHER_KILLER, K, VICTIM)])
    loot(g)
    assert [e.seat for e in g.events if isinstance(e, WitchKillerSeized)] == [KILLER]
    assert W in g.state.x.hands[KILLER]
    return g


def found(g, corpse: int) -> list[int]:
    return [e.seat for e in g.events if isinstance(e, FirstFound) and e.corpse == corpse]


def test_rule_9_the_witch_killer_holder_is_never_a_first_finder():
    g = holder_takes_over_and_another_body_lies()
    assert g.state.ruleset_version == "3"
    assert found(g, VICTIM) == []  # nobody else has room: the cards go unclaimed
    assert verify(g.events).ok


def test_rule_9_under_version_2_the_holder_finds_a_body_it_did_not_attack():
    g = holder_takes_over_and_another_body_lies("2")
    assert g.state.ruleset_version == "2"
    assert found(g, VICTIM) == [KILLER]
    assert verify(g.events).ok
