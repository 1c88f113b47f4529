"""The service's settings."""

from __future__ import annotations

import os

import msgspec


def env_list(name: str) -> tuple[str, ...]:
    """A comma-separated environment variable as its non-empty items."""
    return tuple(item.strip() for item in os.environ.get(name, "").split(",") if item.strip())


WAIT_MAX = 30  # the longest long-poll a client may ask for (the OpenAPI bound)


class Settings(msgspec.Struct, kw_only=True):
    database_url: str | None = None
    wait_cap: float = WAIT_MAX  # longest long-poll the service holds
    stream_seconds: float = 300.0  # longest SSE connection before the client reconnects
    deadline_poll: float = 0.25
    background: bool = True  # follower and deadline task
    evict_after: float = 600.0  # seconds a game stays in memory unused
    rate_limit: int = int(os.environ.get("GRIMOIRE_RATE_LIMIT", "2000"))  # requests per second per client
    log_level: str = os.environ.get("GRIMOIRE_LOG_LEVEL", "info")
    # origins a browser may call the API from (CORS); none by default
    cors_origins: tuple[str, ...] = msgspec.field(default_factory=lambda: env_list("GRIMOIRE_CORS_ORIGINS"))
    # abuse and operations (service.guards): proxies whose X-Forwarded-For is believed, addresses or CIDRs
    trusted_proxies: tuple[str, ...] = msgspec.field(default_factory=lambda: env_list("GRIMOIRE_TRUSTED_PROXIES"))
    body_timeout: float = msgspec.field(default_factory=lambda: float(os.environ.get("GRIMOIRE_BODY_TIMEOUT", "10")))
    cache_games: int = msgspec.field(default_factory=lambda: int(os.environ.get("GRIMOIRE_CACHE_GAMES", "1000")))
    # POST /games needs this in X-Creation-Token when set; /metrics answers this Bearer token when set
    creation_token: str = msgspec.field(default_factory=lambda: os.environ.get("GRIMOIRE_CREATION_TOKEN", ""))
    operator_token: str = msgspec.field(default_factory=lambda: os.environ.get("GRIMOIRE_OPERATOR_TOKEN", ""))
    metrics_port: int = msgspec.field(default_factory=lambda: int(os.environ.get("GRIMOIRE_METRICS_PORT", "0")))
    # seconds any database call may take (a request's store work too: past it, 503), and the readiness probe's
    db_timeout: float = msgspec.field(default_factory=lambda: float(os.environ.get("GRIMOIRE_DB_TIMEOUT", "5")))
    ready_timeout: float = msgspec.field(default_factory=lambda: float(os.environ.get("GRIMOIRE_READY_TIMEOUT", "2")))
    # the address players' phones open: join links and their QR codes start with it (default: the request's own)
    public_url: str = msgspec.field(default_factory=lambda: os.environ.get("GRIMOIRE_PUBLIC_URL", "").rstrip("/"))
    # the AIWolf gateway (service.aiwolf): the time scale of the games it creates (their options' `time_scale`:
    # every timeout and deadline times it), the seconds a new connection has to answer NAME, the connections
    # not yet in a game it holds per client address and in all, and the longest message it reads (bytes)
    aiwolf_time_scale: float = msgspec.field(
        default_factory=lambda: float(os.environ.get("GRIMOIRE_AIWOLF_TIME_SCALE", "1"))
    )
    aiwolf_name_timeout: float = 10.0
    aiwolf_waiting_per_address: int = msgspec.field(
        default_factory=lambda: int(os.environ.get("GRIMOIRE_AIWOLF_WAITING_PER_ADDRESS", "64"))
    )
    aiwolf_waiting_max: int = 4096
    aiwolf_max_message: int = 64 * 1024
