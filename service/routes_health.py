"""Health and metrics."""

from __future__ import annotations

import anyio
from litestar import Controller, Request, get
from litestar.openapi import ResponseSpec

from grimoire.service import metrics
from grimoire.service.problems import PROBLEM_JSON, ApiError, Problem
from grimoire.service.schemas import Health
from grimoire.service.web import service_of


class HealthRoutes(Controller):
    path = "/"

    @get(
        "/health/live",
        operation_id="live",
        tags=["health"],
        summary="The process is up",
        description="Answers while the process runs.",
    )
    async def live(self) -> Health:
        return Health(status="ok")

    @get(
        "/health/ready",
        operation_id="ready",
        tags=["health"],
        summary="The database answers",
        description="Answers when the database does, else 503.",
        responses={
            503: ResponseSpec(
                data_container=Problem,
                media_type=PROBLEM_JSON,
                description="The database does not answer (`unavailable`).",
                generate_examples=False,
            )
        },
    )
    async def ready(self, request: Request) -> Health:
        store = service_of(request).store
        try:
            if store is None:
                raise LookupError("the store is closed")
            await anyio.to_thread.run_sync(store.ping)
        except Exception:
            raise ApiError(503, "unavailable") from None
        return Health(status="ready")

    @get(
        "/metrics",
        operation_id="getMetrics",
        tags=["health"],
        summary="Prometheus metrics (no per-game detail)",
        description="Counters and gauges in the Prometheus text format.",
        media_type="text/plain",
    )
    async def get_metrics(self, request: Request) -> str:
        svc = service_of(request)
        return metrics.render(cached_games=len(svc.games.entries) if svc.games else 0)
