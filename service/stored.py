"""The command line's commands on a stored game, reading its database directly (no server): verify,
with kept receipts, and replay.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from grimoire.service.serving import database_url, describe_store

if TYPE_CHECKING:
    from grimoire.service.store import Store


def game_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a game id (a UUID such as {uuid.UUID(int=0)}): {text!r}") from None


def open_store(args: argparse.Namespace) -> Store:
    """The existing store named by `--database-url`; a SQLite file that does not exist is not created."""
    from grimoire.service.settings import Settings
    from grimoire.service.store import Store, environment

    url = database_url(args.database_url)
    env = environment(url)
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite" and not Path(env["SQLITE_DBNAME"]).is_file():
        raise SystemExit(f"grimoire: no database at {describe_store(url)}")
    return Store(url, Settings().db_timeout)


def cmd_verify(args: argparse.Namespace) -> int:
    from grimoire.service.audit import Audits
    from grimoire.service.errors import NotNow, ServiceError
    from grimoire.service.games import Games
    from grimoire.service.refusals import problem_of
    from grimoire.service.schemas import Receipt

    receipts = None
    if args.receipts is not None:
        try:
            receipts = msgspec.json.decode(Path(args.receipts).read_bytes(), type=list[Receipt])
        except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
            print(f"grimoire: cannot read receipts from {args.receipts}: {exc}", file=sys.stderr)
            return 1
    store = open_store(args)
    checked = None
    try:
        games = Games(store)
        audits = Audits(games)
        if not store.recorder.select_events(args.game_id, limit=1):
            print(
                f"grimoire: no game {args.game_id} in {describe_store(database_url(args.database_url))}",
                file=sys.stderr,
            )
            return 1
        report = audits.verify(args.game_id)
        if receipts is not None:
            entry = games.game(args.game_id)
            if entry.damage is not None:
                raise NotNow(entry.damage[0], version=entry.damage[1])
            checked = audits.check_receipts(entry, receipts)
    except ServiceError as refused:
        print(msgspec.json.encode(problem_of(refused, "en")).decode())
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
    from grimoire.service.audit import Audits
    from grimoire.service.errors import ServiceError, UnsupportedVersion
    from grimoire.service.games import Games
    from grimoire.service.refusals import problem_of

    store = open_store(args)
    try:
        events = Audits(Games(store)).history(args.game_id)
    except ServiceError as damaged:
        print(msgspec.json.encode(problem_of(damaged, "en")).decode(), file=sys.stderr)
        return 1
    finally:
        store.close()
    if not events:
        print(f"grimoire: no game {args.game_id} in {describe_store(database_url(args.database_url))}", file=sys.stderr)
        return 1
    unsupported = unsupported_version(events)
    if unsupported is not None:
        print(msgspec.json.encode(problem_of(UnsupportedVersion(unsupported), "en")).decode(), file=sys.stderr)
        return 1
    viewer: int | str = int(args.as_) if args.as_.isdigit() else args.as_
    at = len(events) if args.at is None else args.at
    print(msgspec.json.format(msgspec.json.encode(project(events[:at], viewer))).decode())
    return 0
