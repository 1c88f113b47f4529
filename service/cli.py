"""`grimoire`: serve, demo, verify, replay, openapi."""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import random
import socket
import sys
import tempfile
import threading
import time
import unicodedata
import uuid
from pathlib import Path
from typing import Any

import msgspec


def openapi_document() -> str:
    from grimoire.service.app import create_app

    schema = create_app().openapi_schema.to_schema()
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def cmd_openapi(args: argparse.Namespace) -> int:
    text = openapi_document()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        out = Path(args.output)  # relative to the working directory, never the installed package
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return 0


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
            return s.getsockname()[0]
        except OSError:  # no route at all: this machine only
            return "127.0.0.1"


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from grimoire.service.app import create_app
    from grimoire.service.settings import Settings

    url = database_url(args.database_url)
    settings = Settings(database_url=url)
    host = "0.0.0.0" if args.lan else args.host
    if args.lan and not settings.public_url:
        settings.public_url = f"http://{lan_address()}:{args.port}"
    app = create_app(settings)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    where = describe_store(url)
    if settings.public_url:
        print(f"The table:     {settings.public_url}/  (open it on the phones at the table)", flush=True)
    print(f"Grimoire API:  http://{shown}:{args.port}/", flush=True)
    print(f"API docs:      http://{shown}:{args.port}/docs", flush=True)
    print(f"Event store:   {where}", flush=True)
    if settings.metrics_port:
        from prometheus_client import start_http_server

        start_http_server(settings.metrics_port, addr=host)
        print(f"Metrics:       http://{shown}:{settings.metrics_port}/metrics (for the operator only)", flush=True)
    # keep-alive longer than clients idle between long-polls, so a reused connection is not closed under them
    uvicorn.run(
        app,
        host=host,
        port=args.port,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=75,
        date_header=False,  # the app dates every reply itself (a 304 too)
        proxy_headers=False,  # X-Forwarded-For counts only from GRIMOIRE_TRUSTED_PROXIES (service.guards)
    )
    return 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(database_url: str) -> tuple[str, Any]:
    """A server in this process (a background thread) on a free port."""
    import uvicorn

    from grimoire.service.app import create_app
    from grimoire.service.settings import Settings

    port = free_port()
    app = create_app(Settings(database_url=database_url, log_level="warning"))
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            access_log=False,
            timeout_keep_alive=75,
            date_header=False,
            proxy_headers=False,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def pick_preset(rs: dict, preset: str | None, players: int | None) -> tuple[str | None, int]:
    presets = rs["preset_seats"]
    if preset:
        if preset not in presets:
            raise SystemExit(f"unknown preset {preset}; {rs['id']} has {', '.join(presets)}")
        return preset, presets[preset]
    for name, seats in presets.items():
        if players is None or seats == players:
            return name, seats
    raise SystemExit(f"{rs['id']} has no preset for {players} players: {', '.join(presets)}")


def play(
    client: Any,
    ruleset: str,
    preset: str | None = None,
    players: int | None = None,
    seed: int = 0,
    lang: str = "en",
    out: Any = None,
    time_scale: float = 0.01,
    max_steps: int = 20000,
) -> dict:
    """Play a whole game through the HTTP API with random-legal bots; returns the final spectator view."""
    from grimoire.projections.view import View
    from grimoire.service.bots import owed_action

    say = (lambda line: print(line, file=out, flush=True)) if out else (lambda line: None)
    rng = random.Random(seed)
    r = client.get(f"/rulesets/{ruleset}", params={"lang": lang})
    if r.status_code != 200:
        raise SystemExit(f"unknown ruleset {ruleset}")
    rs = r.json()
    preset, seats = pick_preset(rs, preset, players)
    names = [f"Bot{i}" for i in range(1, seats + 1)]
    r = client.post(
        "/games",
        json={
            "ruleset": ruleset,
            "preset": preset,
            "names": names,
            "lang": lang,
            "options": {"time_scale": time_scale},
        },
    )
    if r.status_code != 201:
        raise SystemExit(f"create failed: {r.text}")
    game = r.json()
    gid = game["game_id"]
    host = {"Authorization": "Bearer " + game["host_token"]}
    seat_auth = {s["seat"]: {"Authorization": "Bearer " + s["token"]} for s in game["seats"]}
    say(f"game {gid}: {rs['name']}, preset {preset}, {seats} players")
    assert client.post(f"/games/{gid}/start", headers=host).status_code == 200
    cursor = 0
    actions = 0
    for _ in range(max_steps):
        feed = client.get(f"/games/{gid}/events", params={"after": cursor, "limit": 500, "lang": lang}).json()
        for item in feed["events"]:
            if item["text"] and item["type"] != "act":
                say(f"  {item['text']}")
        cursor = feed["next"]
        if feed["status"] == "ended" and not feed["more"]:
            break
        acted = False
        for auth in seat_auth.values():
            view = msgspec.convert(client.get(f"/games/{gid}/view", headers=auth).json()["view"], View, strict=False)
            action = owed_action(view, rng)
            if action is None:
                continue
            body = msgspec.to_builtins(action)
            r = client.post(f"/games/{gid}/actions", json=body, headers={**auth, "Idempotency-Key": uuid.uuid4().hex})
            if r.status_code == 200:
                actions += 1
                acted = True
        if not acted:
            client.post(f"/games/{gid}/deadline", headers=host)
    final = client.get(f"/games/{gid}/view", params={"lang": lang}).json()["view"]
    check = client.get(f"/games/{gid}/audit/verify").json()
    for line in reveal(final, lang, actions, check):
        say(line)
    return {"game_id": gid, "view": final, "audit": check, "actions": actions}


def width(text: str) -> int:
    """Columns a terminal gives `text`: CJK (wide and fullwidth) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, columns: int) -> str:
    return text + " " * max(columns - width(text), 0)


def reveal(view: dict, lang: str, actions: int, check: dict) -> list[str]:
    """The end of a demo in the game's language: every seat's role and fate, the winners, the audit."""
    from grimoire.domain.texts import join, render_text, role_name

    t = lambda key, **args: render_text(key, lang, args)  # noqa: E731
    rows = []
    for seat, name in enumerate(view["names"], 1):
        role = view["roles"].get(str(seat)) or ""  # a card game may deal no roles
        fate = t("demo.alive") if view["alive"][seat - 1] else t("demo.dead")
        rows.append((f"{seat:2}", name, role_name(role, lang, view["ruleset"]) if role else "-", fate))
    columns = [max(width(row[i]) for row in rows) for i in range(3)]
    lines = [t("demo.reveal")]
    lines += ["  " + "  ".join(pad(cell, columns[i]) if i < 3 else cell for i, cell in enumerate(row)) for row in rows]
    winners = join([view["names"][s - 1] for s in view["winners"]], lang)
    lines.append(t("demo.winners", names=winners) if winners else t("demo.no_winners"))
    lines.append(t("demo.actions", count=actions))
    lines.append(t("demo.audit_ok") if check["ok"] else t("demo.audit_failed", problems="; ".join(check["problems"])))
    return lines


def cmd_demo(args: argparse.Namespace) -> int:
    import httpx

    server = None
    url = args.url
    if url is None:
        db = os.path.join(tempfile.mkdtemp(prefix="grimoire-demo-"), "demo.db")
        url, server = start_server(args.database_url or db)
        print(f"started a server at {url} (docs: {url}/docs)")
    try:
        with httpx.Client(base_url=url, timeout=60) as client:
            result = play(
                client, args.ruleset, args.preset, args.players, args.seed, args.lang, sys.stdout, args.time_scale
            )
    finally:
        if server is not None:
            server.should_exit = True
    return 0 if result["audit"]["ok"] else 1


def game_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a game id (a UUID such as {uuid.UUID(int=0)}): {text!r}") from None


def _store(args: argparse.Namespace) -> Any:
    """The existing store named by `--database-url`; a SQLite file that does not exist is not created."""
    from grimoire.service.settings import Settings
    from grimoire.service.store import Store, environment

    url = database_url(args.database_url)
    env = environment(url)
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite" and not Path(env["SQLITE_DBNAME"]).is_file():
        raise SystemExit(f"grimoire: no database at {describe_store(url)}")
    return Store(url, Settings().db_timeout)


def cmd_verify(args: argparse.Namespace) -> int:
    from grimoire.service.games import Games
    from grimoire.service.problems import ApiError, UnsupportedVersion
    from grimoire.service.schemas import Receipt

    receipts = None
    if args.receipts is not None:
        try:
            receipts = msgspec.json.decode(Path(args.receipts).read_bytes(), type=list[Receipt])
        except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
            print(f"grimoire: cannot read receipts from {args.receipts}: {exc}", file=sys.stderr)
            return 1
    store = _store(args)
    checked = None
    try:
        games = Games(store)
        if not store.recorder.select_events(args.game_id, limit=1):
            print(
                f"grimoire: no game {args.game_id} in {describe_store(database_url(args.database_url))}",
                file=sys.stderr,
            )
            return 1
        report = games.verify(args.game_id)
        if receipts is not None:
            entry = games.game(args.game_id)
            if entry.damage is not None:
                raise ApiError(409, entry.damage[0], version=entry.damage[1])
            checked = games.check_receipts(entry, receipts)
    except (UnsupportedVersion, ApiError) as refused:
        print(msgspec.json.encode(refused.render("en")).decode())
        return 1
    finally:
        store.close()
    print(msgspec.json.encode(report).decode())
    if checked is not None:
        print(msgspec.json.encode(checked).decode())
    return 0 if report.ok and (checked is None or checked.ok) else 1


def cmd_replay(args: argparse.Namespace) -> int:
    from grimoire.domain.catalog import unsupported_version
    from grimoire.projections.view import project
    from grimoire.service.games import Games
    from grimoire.service.problems import ApiError, UnsupportedVersion

    store = _store(args)
    try:
        events = Games(store).history(args.game_id)
    except ApiError as damaged:
        print(msgspec.json.encode(damaged.render("en")).decode(), file=sys.stderr)
        return 1
    finally:
        store.close()
    if not events:
        print(f"grimoire: no game {args.game_id} in {describe_store(database_url(args.database_url))}", file=sys.stderr)
        return 1
    unsupported = unsupported_version(events)
    if unsupported is not None:
        print(msgspec.json.encode(UnsupportedVersion(unsupported).render("en")).decode(), file=sys.stderr)
        return 1
    viewer: int | str = int(args.as_) if args.as_.isdigit() else args.as_
    at = len(events) if args.at is None else args.at
    print(msgspec.json.format(msgspec.json.encode(project(events[:at], viewer))).decode())
    return 0


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
  GRIMOIRE_SIGNING_KEY    the Ed25519 key that signs receipts, 64 hex digits, the same on every replica
                          (a comma-separated list signs with the first; default: a key kept beside a
                          SQLite file, or in a PostgreSQL database)"""


def build_parser() -> argparse.ArgumentParser:
    from grimoire.domain import catalog as rulesets

    parser = argparse.ArgumentParser(prog="grimoire", description="A game-master service for hidden-role games.")
    parser.add_argument("--version", action="version", version=f"grimoire {importlib.metadata.version('grimoire')}")
    sub = parser.add_subparsers(dest="command", required=True)
    db_help = "postgresql://user@host:5432/db or a SQLite file (default: $GRIMOIRE_DATABASE_URL, else grimoire.db)"

    def command(name: str, help: str, epilog: str | None = None) -> argparse.ArgumentParser:
        return sub.add_parser(
            name, help=help, description=help, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter
        )

    p = command("serve", "run the service", SERVE_ENVIRONMENT)
    p.add_argument(
        "--host",
        default=os.environ.get("GRIMOIRE_HOST", "127.0.0.1"),
        help="address to listen on (default: $GRIMOIRE_HOST, else 127.0.0.1; now %(default)s)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("GRIMOIRE_PORT", "8000")),
        help="port to listen on (default: $GRIMOIRE_PORT, else 8000; now %(default)s)",
    )
    p.add_argument(
        "--lan",
        action="store_true",
        help="listen on every interface and print this machine's LAN address, which join links and QR codes "
        "use unless $GRIMOIRE_PUBLIC_URL names another (for a game night on one network; default: off, --host)",
    )
    p.add_argument("--database-url", default=None, metavar="URL", help=db_help)
    p.set_defaults(func=cmd_serve)

    p = command("demo", "play a whole game with bots through the HTTP API")
    p.add_argument("--url", default=None, help="a running service (default: start one in this process)")
    p.add_argument(
        "--ruleset",
        default="jinro9",
        choices=sorted(rulesets.RULESETS),
        help="the ruleset to play (default: %(default)s)",
    )
    p.add_argument(
        "--preset", default=None, help="a preset of the ruleset (default: the first one, or the one for --players)"
    )
    p.add_argument("--players", type=int, default=None, help="how many seats (default: the preset's)")
    p.add_argument("--seed", type=int, default=0, help="seeds the bots' choices (default: %(default)s)")
    p.add_argument(
        "--lang",
        default="en",
        choices=["ja", "zh-Hans", "zh-Hant", "en"],
        help="language of the game's texts (default: %(default)s)",
    )
    p.add_argument(
        "--time-scale", type=float, default=0.01, help="multiplies every step's duration (default: %(default)s)"
    )
    p.add_argument(
        "--database-url",
        default=None,
        metavar="URL",
        help="for the server it starts (default: a file in a new temporary directory)",
    )
    p.set_defaults(func=cmd_demo)

    p = command("verify", "check a stored game's hash chain and replay its inputs")
    p.add_argument("game_id", type=game_id, metavar="GAME_ID", help="the game's id (a UUID)")
    p.add_argument("--database-url", default=None, metavar="URL", help=db_help)
    p.add_argument(
        "--receipts",
        default=None,
        metavar="FILE",
        help="also check receipts kept from action replies (a JSON list) against the stored log (default: none)",
    )
    p.set_defaults(func=cmd_verify)

    p = command("replay", "print any viewer's view at any event of a stored game")
    p.add_argument("game_id", type=game_id, metavar="GAME_ID", help="the game's id (a UUID)")
    p.add_argument("--at", type=int, default=None, metavar="N", help="after the first N events (default: all)")
    p.add_argument(
        "--as",
        dest="as_",
        default="spectator",
        metavar="VIEWER",
        help="spectator, moderator or a seat number (default: %(default)s)",
    )
    p.add_argument("--database-url", default=None, metavar="URL", help=db_help)
    p.set_defaults(func=cmd_replay)

    p = command("openapi", "write the OpenAPI document")
    p.add_argument(
        "--output",
        "-o",
        default="-",
        metavar="FILE",
        help="a file, relative to the working directory, or - for standard output (default: %(default)s)",
    )
    p.set_defaults(func=cmd_openapi)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
