"""Edit a game's stored rows behind the service's back (SQLite and PostgreSQL), as damage or a forger would."""

from __future__ import annotations

import uuid

from grimoire.domain.events import Event
from grimoire.service import chain
from grimoire.service.store import Store


def _run(store: Store, sql: str, params: tuple) -> None:
    ds = store.recorder.datastore
    table = store.recorder.events_table_name
    if store.postgres:
        from psycopg.sql import SQL, Identifier

        with ds.transaction(commit=True) as cur:
            cur.execute(SQL(sql.replace("?", "%s")).format(Identifier(ds.schema), Identifier(table)), params)
    else:
        with ds.transaction(commit=True) as cur:
            cur.execute(sql.replace("{0}.{1}", table), tuple(p.hex if isinstance(p, uuid.UUID) else p for p in params))


def delete_row(store: Store, game_id: uuid.UUID, version: int) -> None:
    _run(store, "DELETE FROM {0}.{1} WHERE originator_id = ? AND originator_version = ?", (game_id, version))


def set_state(store: Store, game_id: uuid.UUID, version: int, state: bytes) -> None:
    _run(
        store,
        "UPDATE {0}.{1} SET state = ? WHERE originator_id = ? AND originator_version = ?",
        (state, game_id, version),
    )


def stored(store: Store, game_id: uuid.UUID) -> list[chain.Record]:
    return store.load(game_id)


def rewrite_tail(
    store: Store, game_id: uuid.UUID, start: int, change: dict[int, Event], salt_at: dict[int, int] | None = None
) -> None:
    """Rewrite the log from `start` on as a forger holding the revealed seed would: the events in `change`
    replaced, every hash after them and every salt recomputed, so the chain links up again. `salt_at`
    gives a row the salt of another position."""
    records = store.load(game_id)
    seed = records[0].event.seed  # type: ignore[attr-defined]
    prev = records[start - 2].digest() if start > 1 else chain.GENESIS
    for rec in records[start - 1 :]:
        event = change.get(rec.version, rec.event)
        salt = chain.salt_for(seed, (salt_at or {}).get(rec.version, rec.version))
        forged = chain.seal(game_id, rec.version, event, prev, salt=salt)
        set_state(store, game_id, rec.version, forged.state)
        prev = forged.digest()
