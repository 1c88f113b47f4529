"""Prometheus metrics for the whole process, on prometheus_client's default registry (with its process
and Python collectors): no per-game labels, counts or times.

They are for operators only, never public: counting inputs on a quiet server counts whispers and
night actions. They are served on a port of their own (`GRIMOIRE_METRICS_PORT`) and at `/metrics` to
the operator's token (`GRIMOIRE_OPERATOR_TOKEN`); with neither set nobody can read them.
"""

from __future__ import annotations

import importlib.metadata
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    Info,
    disable_created_metrics,
    generate_latest,
)

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)


class ByLabel:
    """A counter with one label, counted by that label's value (each value's child looked up once: a
    `labels()` lookup costs more than the count)."""

    def __init__(self, counter: Counter) -> None:
        self.counter = counter
        self.children: dict[str, Any] = {}

    def inc(self, value: str) -> None:
        child = self.children.get(value)
        if child is None:
            child = self.children.setdefault(value, self.counter.labels(value))
        child.inc()


# a `_created` time per label set is noise here (and dates a game's first input)
disable_created_metrics()  # type: ignore[no-untyped-call]  # prometheus_client leaves it unannotated
BUILD = Info("grimoire_build", "The running build.")
BUILD.info({"version": importlib.metadata.version("grimoire")})
REQUESTS = Counter(
    "grimoire_http_requests", "HTTP requests by route template, method and status.", ["method", "route", "status"]
)
LATENCY = Histogram(
    "grimoire_http_request_seconds",
    "Request latency by route template, method and status class.",
    ["method", "route", "status_class"],
    buckets=BUCKETS,
)
INPUTS = ByLabel(Counter("grimoire_inputs", "Actions, joins and host commands by outcome.", ["outcome"]))
GAMES = ByLabel(Counter("grimoire_games", "Games created.", ["event"]))
DEADLINES = ByLabel(Counter("grimoire_deadlines", "Deadline firings by outcome.", ["outcome"]))
STREAMS = Gauge("grimoire_open_streams", "Feed streams (server-sent events or NDJSON) open now.")
CACHED_GAMES = Gauge("grimoire_cached_games", "Games held in this process's memory.")


METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


_REQUEST_CHILDREN: dict[tuple[str, str, int], tuple[Any, Any]] = {}


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    method = method if method in METHODS else "other"  # a client may send any token as a method
    children = _REQUEST_CHILDREN.get((method, route, status))
    if children is None:  # routes are templates and methods a fixed set, so these stay few
        children = (REQUESTS.labels(method, route, str(status)), LATENCY.labels(method, route, f"{status // 100}xx"))
        _REQUEST_CHILDREN[(method, route, status)] = children
    children[0].inc()
    children[1].observe(seconds)


def render() -> tuple[bytes, str]:
    """The text exposition of every metric, and its media type."""
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
