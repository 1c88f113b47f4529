"""The benchmark scripts run for every ruleset with their default arguments and print one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grimoire.domain.catalog import RULESETS

ENGINE = Path(__file__).parent / "engine.py"
HTTP = Path(__file__).parent / "http.py"


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


def test_the_engine_benchmark_measures_a_reference_commit_beside_this_checkout():
    if not (Path(__file__).parents[2] / ".git").exists():
        pytest.skip("not a git checkout")
    cmd = [sys.executable, str(ENGINE), "--ref", "HEAD", "--ruleset", "jinro9", "--games", "1", "--repeat", "1"]
    out = subprocess.run([*cmd, "--runs", "2"], capture_output=True, text=True, timeout=300, check=True)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["runs"] == 2 and list(figures["rulesets"]) == ["jinro9"]
    jinro9 = figures["rulesets"]["jinro9"]
    for figure in ("games_per_s", "cpu_games_per_s"):
        assert len(jinro9[figure]["ref_runs"]) == len(jinro9[figure]["new_runs"]) == 2
        assert jinro9[figure]["ref"] > 0 and jinro9[figure]["new"] > 0 and jinro9[figure]["new_over_ref"] > 0
    assert jinro9["events_per_game"]["ref"] == jinro9["events_per_game"]["new"]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_http_benchmark_reports_the_servers_cpu_per_action_and_stream_latencies(backend, request):
    """A tiny run of each measurement: the load (bots in two processes), open streams and fan-out
    (across two replicas on PostgreSQL), each figure present and plausible."""
    cmd = [sys.executable, str(HTTP), "--backend", backend, "--games", "2", "--procs", "2"]
    cmd += ["--sse", "20", "--sse-samples", "20", "--sse-seconds", "1", "--fanout", "3", "--fanout-games", "1"]
    if backend == "postgres":
        cmd += ["--database-url", request.getfixturevalue("postgres").admin]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    figures = json.loads(out.stdout.strip().splitlines()[-1])[backend]
    load = figures["new"]
    assert load["games_ended"] == 2 and load["refused"] == 0
    assert load["actions"] > 20 and load["actions_per_s"] > 0
    assert 0 < load["p50_ms"] <= load["p99_ms"] < 10_000
    assert 0 < load["cpu_ms_per_action"] < 1000 and load["server_cpu_s"] > 0
    sse = figures["sse"]["new"]
    assert sse["opened"] == 20 and sse["failed"] == 0
    assert 0 < sse["live_p50_ms"] <= sse["live_p99_ms"] < 10_000
    replicas = ["replicas_1", "replicas_2"] if backend == "postgres" else ["replicas_1"]
    assert sorted(figures["fanout"]["new"]) == replicas
    for fan in figures["fanout"]["new"].values():
        assert fan["samples"] == 3 * 13  # every seat of the 13-seat game received every speech
        assert 0 < fan["p50_ms"] <= fan["p99_ms"] < 10_000


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
