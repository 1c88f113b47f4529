"""Running the service from the command line: in the foreground (`grimoire serve`), or on a free port in
a thread of this process (the demo's server); the database it is given and how that is named.
"""

from __future__ import annotations

import argparse
import os
import socket
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import uvicorn

    from grimoire.service.settings import Settings


def database_url(given: str | None) -> str:
    return given or os.environ.get("GRIMOIRE_DATABASE_URL") or "grimoire.db"


def describe_store(url: str) -> str:
    """Where the events are kept, for a person: host, port, database and user; never a password."""
    from grimoire.service.store import environment

    env = environment(url)
    if env["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
        return (
            f"PostgreSQL database {env['POSTGRES_DBNAME']} on {env['POSTGRES_HOST']}:{env['POSTGRES_PORT']} "
            f"as {env['POSTGRES_USER']}"
        )
    return f"SQLite file {os.path.abspath(env['SQLITE_DBNAME'])}"


def lan_address() -> str:
    """This machine's address on its network: the source address of the primary interface, found by
    connecting a UDP socket (which sends nothing) towards a documentation address."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
            address: str = s.getsockname()[0]
            return address
        except OSError:  # no route at all: this machine only
            return "127.0.0.1"


def loopback_hint(lan: bool, port: int) -> str:
    """What `serve` says when the address it prints is this machine's own, which no phone can open."""
    if lan:
        return (
            "  No phone can open this address: --lan found no network on this machine. Join the phones'\n"
            "  network (the same Wi-Fi) and start `grimoire serve --lan` again."
        )
    return (
        "  No phone can open this address: it is this machine's own, and `grimoire serve` listens on\n"
        "  127.0.0.1 by default. To serve the table to phones on this network, run `grimoire serve --lan`,\n"
        f"  or `grimoire serve --host 0.0.0.0` with GRIMOIRE_PUBLIC_URL=http://<this machine's address>:{port}"
    )


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from grimoire.service.app import create_app
    from grimoire.service.routes_table import is_loopback
    from grimoire.service.settings import Settings

    url = database_url(args.database_url)
    settings = Settings(database_url=url)
    host = "0.0.0.0" if args.lan else args.host
    if args.lan and not settings.public_url:
        settings.public_url = f"http://{lan_address()}:{args.port}"
    app = create_app(settings)
    every = host in ("0.0.0.0", "::")  # on every interface, phones reach the page at the LAN address
    shown = "localhost" if every else f"[{host}]" if ":" in host else host
    where = describe_store(url)
    table = settings.public_url or f"http://{lan_address() if every else shown}:{args.port}"
    print(f"Open in a browser:  {table}/  (the table: create a game, then the phones scan its code)", flush=True)
    if is_loopback(table):
        print(loopback_hint(args.lan, args.port), flush=True)
    print(f"Grimoire API:       http://{shown}:{args.port}/", flush=True)
    print(f"API docs:           http://{shown}:{args.port}/docs", flush=True)
    print(f"AIWolf agents:      ws://{shown}:{args.port}/aiwolf/ws  (?players=13, or ?players=5)", flush=True)
    print(f"Event store:        {where}", flush=True)
    if settings.metrics_port:
        from prometheus_client import start_http_server

        start_http_server(settings.metrics_port, addr=host)
        print(f"Metrics:            http://{shown}:{settings.metrics_port}/metrics (for the operator only)", flush=True)
    uvicorn.run(app, host=host, port=args.port, **server_options(settings))
    return 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def server_options(settings: Settings) -> dict[str, Any]:
    """How uvicorn serves the app. WebSockets (the AIWolf gateway, `/aiwolf/ws`) use the `websockets`
    library's sans-I/O protocol ("websockets-sansio"): uvicorn feeds it from its own event-loop callbacks,
    so a connection costs no task or thread of the server's own (the legacy "websockets" implementation
    runs tasks per connection and is deprecated upstream; "wsproto" parses frames in pure Python). No
    server pings: the reference server never pings, and the agents' client answers a ping only while it
    waits for a message, so a slow agent thinking would be dropped. A message is capped at
    `aiwolf_max_message` bytes (an agent's reply is a name or a short text): a longer one closes the socket
    (1009), which fails that agent."""
    return dict(
        log_level="warning",
        access_log=False,
        timeout_keep_alive=75,  # longer than clients idle between long-polls, so a reused connection stays
        date_header=False,  # the app dates every reply itself (a 304 too)
        proxy_headers=False,  # X-Forwarded-For counts only from GRIMOIRE_TRUSTED_PROXIES (service.guards)
        ws="websockets-sansio",
        ws_ping_interval=None,
        ws_ping_timeout=None,
        ws_max_size=settings.aiwolf_max_message,
        ws_per_message_deflate=False,
    )


def start_server(database_url: str, settings: Settings | None = None) -> tuple[str, uvicorn.Server]:
    """A server in this process (a background thread) on a free port, with `settings` (the database and
    log level set here; e.g. `Settings(aiwolf_time_scale=0.01)` for fast AIWolf games). Its AIWolf
    gateway is at `ws://127.0.0.1:{port}/aiwolf/ws` (`url.replace("http", "ws") + "/aiwolf/ws"`)."""
    import msgspec
    import uvicorn

    from grimoire.service.app import create_app
    from grimoire.service.settings import Settings

    port = free_port()
    settings = msgspec.structs.replace(settings or Settings(), database_url=database_url, log_level="warning")
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, **server_options(settings)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


SERVE_ENVIRONMENT = """environment:
  GRIMOIRE_DATABASE_URL   the database, as --database-url (default: grimoire.db)
  GRIMOIRE_HOST, GRIMOIRE_PORT  as --host and --port (default: 127.0.0.1 and 8000)
  GRIMOIRE_RATE_LIMIT     requests per second per token, or per client address for calls
                          without one (default: 2000)
  GRIMOIRE_TRUSTED_PROXIES  comma-separated addresses or CIDRs of proxies whose X-Forwarded-For
                          names the client (default: none, the peer's address counts)
  GRIMOIRE_BODY_TIMEOUT   seconds a request's body may take to arrive, else 408 (default: 10)
  GRIMOIRE_DB_TIMEOUT     seconds any database call, and a request's database work, may take;
                          past it 503 database_unavailable (default: 5)
  GRIMOIRE_READY_TIMEOUT  seconds /health/ready's test write may take, else 503 (default: 2)
  GRIMOIRE_CACHE_GAMES    most games held in memory; the least recently used leave first (default: 1000)
  GRIMOIRE_CREATION_TOKEN  when set, POST /games needs it in X-Creation-Token (default: none, open)
  GRIMOIRE_OPERATOR_TOKEN  when set, /metrics answers it as a Bearer token (default: none, /metrics is 404)
  GRIMOIRE_METRICS_PORT   when set, Prometheus metrics on this port of --host (default: none)
  GRIMOIRE_CORS_ORIGINS   comma-separated origins browsers may call from (default: none, CORS off)
  GRIMOIRE_LOG_LEVEL      debug, info, warning or error (default: info)
  GRIMOIRE_PUBLIC_URL     the address players open (http://host:port): join links and QR codes start
                          with it (default: with --lan, this machine's LAN address; else the request's)
  GRIMOIRE_AIWOLF_TIME_SCALE  the time scale of the games AIWolf agents start at /aiwolf/ws: their
                          timeouts (60 s + 5 s, then 120 s) are multiplied by it (default: 1)
  GRIMOIRE_AIWOLF_WAITING_PER_ADDRESS  AIWolf connections not yet in a game, per client address
                          (default: 64)
  GRIMOIRE_SIGNING_KEY    the Ed25519 key that signs receipts, 64 hex digits, the same on every replica
                          (a comma-separated list signs with the first; default: a key kept beside a
                          SQLite file, or in a PostgreSQL database)"""
