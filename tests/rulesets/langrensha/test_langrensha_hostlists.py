"""Random legal games with any host role list, for every size: they end, keep invariants and replay."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.domain.catalog import verify
from grimoire.domain.events import GameEnded
from grimoire.domain.rulesets.langrensha import LANGRENSHA
from tests.rulesets.langrensha.test_langrensha_props import OPTIONS, invariants, play, role_lists


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(6, 20), seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_games_with_any_host_list_end_keep_invariants_and_replay(data, n, seed, options):
    roles = data.draw(role_lists(n))
    assert LANGRENSHA.setup(n, None, roles) == roles
    events = play(n, seed, options, roles, check=invariants)
    assert isinstance(events[-1], GameEnded)
    assert verify(events).ok
