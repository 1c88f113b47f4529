"""The stored form of events: JSON bytes, decoded through the union of every event class.

It sits above the catalog because the union includes the rulesets' own events.
"""

from __future__ import annotations

from typing import Union

import msgspec

from grimoire.domain import catalog
from grimoire.domain.events import Event, event_types

_encoder = msgspec.json.Encoder()
# Every ruleset module is imported by the catalog, so `event_types()` sees all of their events.
assert catalog.RULESETS
_decoder: msgspec.json.Decoder[Event] = msgspec.json.Decoder(Union[event_types()])  # noqa: UP007


def encode(event: Event) -> bytes:
    return _encoder.encode(event)


def decode(data: bytes) -> Event:
    return _decoder.decode(data)
