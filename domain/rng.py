"""The game's random stream: draws derived from the secret seed and a counter with HMAC-SHA256.

Every draw is keyed by (a public counter of the game, the draw's index within the handling of the
current input), so replaying the inputs with the revealed seed repeats every draw.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


class Rng:
    __slots__ = ("_key", "_stream", "_count")

    def __init__(self, seed_hex: str, stream: int) -> None:
        self._key = bytes.fromhex(seed_hex)
        self._stream = stream
        self._count = 0

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("empty range")
        msg = b"%d:%d" % (self._stream, self._count)
        self._count += 1
        digest = hmac.new(self._key, msg, hashlib.sha256).digest()
        return int.from_bytes(digest, "big") % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
