"""`grimoire`: serve, demo, verify, replay, openapi. The commands on stored games are in service.stored,
running the service in service.serving; the demo and the document are here."""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import random
import sys
import tempfile
import unicodedata
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import msgspec

from grimoire.service.serving import SERVE_ENVIRONMENT, cmd_serve, start_server
from grimoire.service.stored import cmd_replay, cmd_verify, game_id

if TYPE_CHECKING:
    import httpx

Json = dict[str, Any]  # a JSON object the API answered


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


def pick_preset(rs: Json, preset: str | None, players: int | None) -> tuple[str | None, int]:
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
    client: httpx.Client,
    ruleset: str,
    preset: str | None = None,
    players: int | None = None,
    seed: int = 0,
    lang: str = "en",
    out: TextIO | None = None,
    time_scale: float = 0.01,
    max_steps: int = 20000,
) -> Json:
    """Play a whole game through the HTTP API with random-legal bots; returns the final spectator view."""
    from grimoire.projections.view import View
    from grimoire.service.bots import owed_action

    def say(line: str) -> None:
        if out:
            print(line, file=out, flush=True)

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


def reveal(view: Json, lang: str, actions: int, check: Json) -> list[str]:
    """The end of a demo in the game's language: every seat's role and fate, the winners, the audit."""
    from grimoire.domain.texts import render_text, role_name

    def t(key: str, **args: object) -> str:
        return render_text(key, lang, args, tuple(view["names"]))

    rows = []
    for seat, name in enumerate(view["names"], 1):
        role = view["roles"].get(str(seat)) or ""  # a card game may deal no roles
        fate = t("demo.alive") if view["alive"][seat - 1] else t("demo.dead")
        rows.append((f"{seat:2}", name, role_name(role, lang, view["ruleset"]) if role else "-", fate))
    columns = [max(width(row[i]) for row in rows) for i in range(3)]
    lines = [t("demo.reveal")]
    lines += ["  " + "  ".join(pad(cell, columns[i]) if i < 3 else cell for i, cell in enumerate(row)) for row in rows]
    winners = view["winners"]  # seats, named as every line of the feed names them (with the honorific)
    lines.append(t("demo.winners", winners=winners) if winners else t("demo.no_winners"))
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
    command: Callable[[argparse.Namespace], int] = args.func
    return command(args)


if __name__ == "__main__":
    sys.exit(main())
