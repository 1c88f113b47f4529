"""Prometheus counters for the whole process: no per-game labels, counts or times."""

from __future__ import annotations

import threading
from collections import defaultdict

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)


class Counter:
    def __init__(self, name: str, help: str, label: str) -> None:
        self.name, self.help, self.label = name, help, label
        self.values: dict[str, int] = defaultdict(int)
        self.lock = threading.Lock()

    def inc(self, value: str) -> None:
        with self.lock:
            self.values[value] += 1

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} counter"]
        lines += [f'{self.name}{{{self.label}="{v}"}} {n}' for v, n in sorted(self.values.items())]
        return lines


class Requests:
    """Requests by route template, method and status, with a latency histogram per route."""

    def __init__(self) -> None:
        self.counts: dict[tuple[str, str, int], int] = defaultdict(int)
        self.hist: dict[tuple[str, str], list[int]] = {}
        self.sums: dict[tuple[str, str], float] = defaultdict(float)
        self.lock = threading.Lock()

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        with self.lock:
            self.counts[(method, route, status)] += 1
            buckets = self.hist.setdefault((method, route), [0] * (len(BUCKETS) + 1))
            for i, bound in enumerate(BUCKETS):
                if seconds <= bound:
                    buckets[i] += 1
            buckets[-1] += 1
            self.sums[(method, route)] += seconds

    def render(self) -> list[str]:
        lines = ["# HELP grimoire_http_requests_total HTTP requests.", "# TYPE grimoire_http_requests_total counter"]
        for (method, route, status), n in sorted(self.counts.items()):
            lines.append(f'grimoire_http_requests_total{{method="{method}",route="{route}",status="{status}"}} {n}')
        lines += [
            "# HELP grimoire_http_request_seconds Request latency.",
            "# TYPE grimoire_http_request_seconds histogram",
        ]
        for (method, route), buckets in sorted(self.hist.items()):
            labels = f'method="{method}",route="{route}"'
            for bound, n in zip(BUCKETS, buckets):
                lines.append(f'grimoire_http_request_seconds_bucket{{{labels},le="{bound}"}} {n}')
            lines.append(f'grimoire_http_request_seconds_bucket{{{labels},le="+Inf"}} {buckets[-1]}')
            lines.append(f"grimoire_http_request_seconds_sum{{{labels}}} {self.sums[(method, route)]:.6f}")
            lines.append(f"grimoire_http_request_seconds_count{{{labels}}} {buckets[-1]}")
        return lines


REQUESTS = Requests()
INPUTS = Counter("grimoire_inputs_total", "Actions, joins and host commands by outcome.", "outcome")
GAMES = Counter("grimoire_games_total", "Games created.", "event")
DEADLINES = Counter("grimoire_deadlines_total", "Deadline firings by outcome.", "outcome")


def render(cached_games: int) -> str:
    lines: list[str] = []
    for metric in (REQUESTS, INPUTS, GAMES, DEADLINES):
        lines += metric.render()
    lines += [
        "# HELP grimoire_cached_games Games held in this process's memory.",
        "# TYPE grimoire_cached_games gauge",
        f"grimoire_cached_games {cached_games}",
    ]
    return "\n".join(lines) + "\n"
