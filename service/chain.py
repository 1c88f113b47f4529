"""The hash chain over each game's stream, computed on the bytes exactly as stored: the one place
where events are sealed into the chain and the chain is checked.

Each stored event's payload is ``{"prev": <hash of the row before>, "salt": <salt>, "event": <the
event>}`` and its topic is the event's tag, so editing any row breaks the link the next row holds (and
the replay catches an edited last row, an outcome). The first row links to `GENESIS`. A row's hash is
``SHA-256(prev as 32 bytes ‖ topic ‖ 0x00 ‖ position in ASCII decimal ‖ 0x00 ‖ the stored payload)``.

The salt of the event at position ``v`` (1-based) is ``HMAC-SHA256(key=seed, msg=v)`` in lowercase
hex, where ``seed`` is the game's secret seed as UTF-8 bytes (the 64 hex digits as written, not
decoded) and ``v`` is the position in ASCII decimal digits, no padding. No seat knows the seed before
the end, so no seat can recompute any hash over an event it did not see, nor test a guess about one,
even when it holds chain hashes (its receipts) around it; the audit reveals the seed at the end and
the check recomputes every salt, which also pins each event to its position. (A game whose creator
supplied the seed gives that creator the salts.) Logs stored before salts have none (``"salt"``
absent) and still verify.
The last record of an action sent with an idempotency key also holds the key's digest after the
salt, ``{"prev": …, "salt": …, "key": <uuid5 over game, token hash and key>, "event": …}``: that is
how a retry finds an action already applied.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from collections.abc import Iterable
from typing import Annotated, Any
from uuid import UUID

import msgspec

from grimoire.domain.codec import decode, encode
from grimoire.domain.events import CreateGame, Event, type_id

GENESIS = "0" * 64


class Record(msgspec.Struct, frozen=True):
    """One event as the service handles it: its game, its position (1-based) and the chain link."""

    game_id: UUID
    version: int
    event: Event
    prev: str = GENESIS
    topic: str = ""
    state: bytes = b""
    salt: str = ""
    key: str = ""  # the idempotency key's digest, on the last record of an action sent with one

    def digest(self) -> str:
        return link(self.prev, self.topic, self.version, self.state)


def link(prev: str, topic: str, version: int, state: bytes) -> str:
    h = hashlib.sha256(bytes.fromhex(prev))
    h.update(b"%s\x00%d\x00" % (topic.encode(), version))
    h.update(state)
    return h.hexdigest()


def salt_for(seed: str, version: int) -> str:
    """The salt of the event at `version` of a game with this seed (see the module's docstring)."""
    mac = _keyed(seed).copy()
    mac.update(b"%d" % version)
    return mac.hexdigest()


@functools.lru_cache(maxsize=4096)
def _keyed(seed: str) -> hmac.HMAC:
    """The HMAC keyed with a game's seed, copied for each salt (keying it costs more than the salt)."""
    return hmac.new(seed.encode(), digestmod=hashlib.sha256)


Hash = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]


class Envelope(msgspec.Struct, frozen=True):
    prev: Hash
    event: msgspec.Raw
    salt: str = ""
    key: str = ""


_envelope_decoder = msgspec.json.Decoder(Envelope)


def seal(game_id: UUID, version: int, event: Event, prev: str, *, salt: str = "", key: str = "") -> Record:
    """The record as it will be stored: its topic and exact bytes, ready for the chain. Without a salt
    or a key the bytes are those of the envelope before them, as ever."""
    salted = b'"salt":"%s",' % salt.encode() if salt else b""
    keyed = b'"key":"%s",' % key.encode() if key else b""
    state = b'{"prev":"%s",%s%s"event":%s}' % (prev.encode(), salted, keyed, encode(event))
    topic = type_id(event)
    return Record(
        game_id=game_id, version=version, event=event, prev=prev, topic=topic, state=state, salt=salt, key=key
    )


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
        salt=env.salt,
        key=env.key,
    )


class ChainCheck(msgspec.Struct, kw_only=True):
    ok: bool
    head: str
    events: list[Event]  # the events read, up to the first gap or row that cannot be read
    problems: list[str]
    whole: bool = True  # no event is missing or unreadable: `events` is the whole stream


def check(game_id: UUID, rows: Iterable[Any]) -> ChainCheck:
    """Check stored rows (`originator_version`, `topic`, `state`) link up from `GENESIS`, each under
    its own event's topic and, once the seed is known (the first event records it), with its salt.

    After a break the check follows the chain from the row itself (its own `prev`), so one damage
    is one finding, naming the event changed: an edited event no longer hashes to the link the next
    one holds (one break); an edited link shows as a break before and after its own event (two
    breaks in a row); a deleted event is a gap in the positions."""
    problems: list[str] = []
    events: list[Event] = []
    whole = True
    breaks: list[int] = []  # positions whose `prev` is not the hash of the row before them
    named: set[int] = set()  # positions a finding of their own names already (a wrong topic or salt)
    prev_hash: str | None = GENESIS  # None after a row that cannot be read
    expected, seed, salted = 1, "", False
    for row in rows:
        v, state = row.originator_version, bytes(row.state)
        gap = v != expected
        if gap:
            missing = f"event {expected}" if v == expected + 1 else f"events {expected} to {v - 1}"
            problems.append(f"{missing} {'is' if v == expected + 1 else 'are'} missing (the log skips to {v})")
            whole = False
        try:
            rec = unseal(game_id, v, row.topic, state)
        except Exception:
            problems.append(f"event {v} cannot be read")
            whole = False
            prev_hash, expected = None, v + 1
            continue
        if v == 1 and isinstance(rec.event, CreateGame):
            seed, salted = rec.event.seed, bool(rec.salt)
        if prev_hash is not None and rec.prev != prev_hash and not gap:
            breaks.append(v)
        if row.topic != type_id(rec.event):
            problems.append(f"event {v} is stored under the wrong topic")
            named.add(v)
        if salted and seed and rec.salt != salt_for(seed, v):
            problems.append(f"event {v} does not carry the salt of position {v}")
            named.add(v)
        if whole:
            events.append(rec.event)
        prev_hash, expected = link(rec.prev, row.topic, v, state), v + 1
    problems.extend(_breaks(breaks, named))
    return ChainCheck(ok=not problems, head=prev_hash or "", events=events, problems=problems, whole=whole)


def _breaks(breaks: list[int], named: set[int]) -> list[str]:
    """Name the event changed for each run of breaks: one break before `v` is an edit of event v-1
    (unless a finding of its own names it already); two in a row, before and after `v`, an edit of
    event v's link to the one before it."""
    found, i = [], 0
    while i < len(breaks):
        v = breaks[i]
        if i + 1 < len(breaks) and breaks[i + 1] == v + 1:
            found.append(f"event {v} was changed: its link to event {v - 1} is not that event's hash")
            i += 2
        else:
            if v - 1 not in named:
                found.append(f"event {v - 1} was changed: it no longer hashes to the link event {v} holds")
            i += 1
    return found
