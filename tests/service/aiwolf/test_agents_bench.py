"""The AIWolf benchmark runs: a tiny run through a `grimoire serve` of its own prints its figures as one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "aiwolf.py"


def test_the_aiwolf_benchmark_plays_concurrent_games_and_reports_the_servers_cpu_per_packet():
    out = subprocess.run([sys.executable, str(BENCH), "2"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["games"] == figures["games_finished"] == 2 and figures["agent_errors"] == 0
    assert figures["games_per_min"] > 0 and 0 < figures["cpu_ms_per_packet"] < 100
    assert figures["packets"] > 2 * 13 * 10 and figures["replies"] > 0 and figures["server_cpu_s"] > 0
