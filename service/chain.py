"""The hash chain over each game's stream, computed on the bytes exactly as stored.

Each stored event's payload is ``{"prev": <hash of the row before>, "event": <the event>}`` and its
topic is the event's tag, so editing any row breaks the link the next row holds (and the replay
catches an edited last row, an outcome). The first row links to `GENESIS`. The last record of an
action sent with an idempotency key also holds the key's digest, ``{"prev": …, "key": <uuid5 over
game, token hash and key>, "event": …}``: that is how a retry finds an action already applied.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any
from uuid import UUID

import msgspec

from grimoire.domain.codec import decode, encode
from grimoire.domain.events import Event, type_id

GENESIS = "0" * 64


class Record(msgspec.Struct, frozen=True):
    """One event as the service handles it: its game, its position (1-based) and the chain link."""

    game_id: UUID
    version: int
    event: Event
    prev: str = GENESIS
    topic: str = ""
    state: bytes = b""
    key: str = ""  # the idempotency key's digest, on the last record of an action sent with one

    def digest(self) -> str:
        return link(self.prev, self.topic, self.version, self.state)


def link(prev: str, topic: str, version: int, state: bytes) -> str:
    h = hashlib.sha256(bytes.fromhex(prev))
    h.update(b"%s\x00%d\x00" % (topic.encode(), version))
    h.update(state)
    return h.hexdigest()


class Envelope(msgspec.Struct, frozen=True):
    prev: str
    event: msgspec.Raw
    key: str = ""


_envelope_decoder = msgspec.json.Decoder(Envelope)


def seal(game_id: UUID, version: int, event: Event, prev: str, *, key: str = "") -> Record:
    """The record as it will be stored: its topic and exact bytes, ready for the chain. Without a
    key the bytes are those of a key-less envelope, as ever."""
    keyed = b'"key":"%s",' % key.encode() if key else b""
    state = b'{"prev":"%s",%s"event":%s}' % (prev.encode(), keyed, encode(event))
    topic = type_id(event)
    return Record(game_id=game_id, version=version, event=event, prev=prev, topic=topic, state=state, key=key)


def unseal(game_id: UUID, version: int, topic: str, state: bytes) -> Record:
    """A stored row read back as a record (its bytes kept for the chain)."""
    env = _envelope_decoder.decode(state)
    return Record(
        game_id=game_id,
        version=version,
        event=decode(env.event),
        prev=env.prev,
        topic=topic,
        state=bytes(state),
        key=env.key,
    )


class ChainCheck(msgspec.Struct, kw_only=True):
    ok: bool
    head: str
    events: list[Event]  # the events read, up to the first row that cannot be read
    problems: list[str]


def check(game_id: UUID, rows: Iterable[Any]) -> ChainCheck:
    """Check stored rows (`originator_version`, `topic`, `state`) link up from `GENESIS`, each under
    its own event's topic."""
    problems: list[str] = []
    prev, ok, events = GENESIS, True, []
    for i, row in enumerate(rows, 1):
        try:
            rec = unseal(game_id, row.originator_version, row.topic, row.state)
        except Exception:
            problems.append(f"event {i} cannot be read")
            ok = False
            break
        if rec.prev != prev or row.originator_version != i:
            problems.append(f"event {i} does not follow the hash of the event before it")
            ok = False
        prev = link(prev, row.topic, row.originator_version, bytes(row.state))
        if row.topic != type_id(rec.event):
            problems.append(f"event {i} is stored under the wrong topic")
            ok = False
        events.append(rec.event)
    return ChainCheck(ok=ok, head=prev, events=events, problems=problems)
