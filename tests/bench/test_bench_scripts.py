"""The benchmark scripts run for every ruleset with their default arguments and print one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grimoire.domain.catalog import RULESETS

ENGINE = Path(__file__).parent / "engine.py"


def test_each_preset_names_the_seat_count_it_deals_for():
    assert RULESETS["jinro9"].preset_seats() == {"9A": 9, "9B": 9, "9C": 9}
    assert RULESETS["witch_trial"].preset_seats() == {"7": 7, "8": 8, "9": 9}  # 4 cards a seat


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_engine_benchmark_runs_each_ruleset_with_its_first_preset(ruleset):
    out = subprocess.run(
        [sys.executable, str(ENGINE), "--ruleset", ruleset, "--games", "2", "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    rs = RULESETS[ruleset]
    first = next(iter(rs.presets))
    assert figures["preset"] == first and figures["games"] == 2
    assert figures["games_per_s"] > 0 and figures["events_per_game"] > 0


def test_the_pages_benchmark_weighs_the_pages_and_times_a_first_render_in_chromium():
    out = subprocess.run(
        [sys.executable, str(Path(__file__).parent / "pages.py"), "--renders", "1"],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert set(figures["files"]) >= {"play.js", "table.css"}
    assert figures["js_css_bytes"] == sum(figures["files"].values()) < figures["js_css_budget_bytes"]
    assert figures["seats"] == 13 and figures["renders"] == 1 and figures["first_render_ms_median"] > 0
