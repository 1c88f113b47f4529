"""Health, and the operator's metrics."""

from __future__ import annotations

import anyio
from litestar import Controller, Request, Response, get
from litestar.openapi import ResponseSpec

from grimoire.service import metrics
from grimoire.service.guards import is_operator
from grimoire.service.problems import PROBLEM_JSON, ApiError, Problem
from grimoire.service.schemas import Health
from grimoire.service.web import NO_STORE, service_of


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

    @get("/metrics", include_in_schema=False, cache_control=NO_STORE)
    async def get_metrics(self, request: Request) -> Response[bytes]:
        """Prometheus metrics, to the operator's token only (`GRIMOIRE_OPERATOR_TOKEN`); without one set,
        there is nothing here (they may be served on their own port, `GRIMOIRE_METRICS_PORT`)."""
        token = service_of(request).settings.operator_token
        if not token:
            raise ApiError(404, "not_found")
        if not is_operator(request, token):
            raise ApiError(401, "bad_token" if request.headers.get("authorization") else "token_required")
        body, media_type = metrics.render()
        return Response(body, media_type=media_type)
