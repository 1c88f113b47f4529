"""Health, and the operator's metrics."""

from __future__ import annotations

from litestar import Controller, Response, get
from litestar.openapi import ResponseSpec

from grimoire.service import metrics
from grimoire.service.guards import HttpRequest, is_operator
from grimoire.service.problems import PROBLEM_JSON, ApiError, Problem
from grimoire.service.schemas import Health
from grimoire.service.web import NO_STORE, blocking, service_of


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
        summary="The database takes writes",
        description="Answers when a test write to the database succeeds within `GRIMOIRE_READY_TIMEOUT` seconds "
        "(and, on SQLite, the file's filesystem has room), else 503 with the fault's code.",
        responses={
            503: ResponseSpec(
                data_container=Problem,
                media_type=PROBLEM_JSON,
                description="Writes cannot succeed now: the database does not answer in time (`database_unavailable`), "
                "its storage is read-only (`storage_read_only`) or full (`storage_full`). `Retry-After` says when to "
                "ask again.",
                generate_examples=False,
            )
        },
    )
    async def ready(self, request: HttpRequest) -> Health:
        svc = service_of(request)
        if svc.store is None:
            raise ApiError(503, "database_unavailable")
        try:
            await blocking(svc.store, svc.store.probe, svc.settings.ready_timeout, bound=svc.settings.ready_timeout)
        except ApiError as exc:  # a full disk makes the service not ready: 503 here, not 507
            raise ApiError(503, exc.code) from None
        return Health(status="ready")

    @get("/metrics", include_in_schema=False, cache_control=NO_STORE)
    async def get_metrics(self, request: HttpRequest) -> Response[bytes]:
        """Prometheus metrics, to the operator's token only (`GRIMOIRE_OPERATOR_TOKEN`); without one set,
        there is nothing here (they may be served on their own port, `GRIMOIRE_METRICS_PORT`)."""
        token = service_of(request).settings.operator_token
        if not token:
            raise ApiError(404, "not_found")
        if not is_operator(request, token):
            raise ApiError(401, "bad_token" if request.headers.get("authorization") else "token_required")
        body, media_type = metrics.render()
        return Response(body, media_type=media_type)
