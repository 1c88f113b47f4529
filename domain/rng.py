"""The game's random stream: draws derived from the secret seed and a counter with HMAC-SHA256.

Every draw is keyed by (a public counter of the game, the draw's index within the handling of the
current input), so replaying the inputs with the revealed seed repeats every draw.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


_BLOCK = 64  # SHA-256's block size in bytes


@lru_cache(maxsize=1024)
def _keyed(seed_hex: str) -> tuple[Any, Any]:
    """HMAC-SHA256's inner and outer hashes, keyed once per seed (RFC 2104; the same digests as `hmac`)."""
    key = bytes.fromhex(seed_hex)
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    return hashlib.sha256(bytes(b ^ 0x36 for b in key)), hashlib.sha256(bytes(b ^ 0x5C for b in key))


class Rng:
    __slots__ = ("_count", "_inner", "_outer", "_stream")

    def __init__(self, seed_hex: str, stream: int) -> None:
        self._inner, self._outer = _keyed(seed_hex)
        self._stream = stream
        self._count = 0

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("empty range")
        msg = b"%d:%d" % (self._stream, self._count)
        self._count += 1
        inner = self._inner.copy()
        inner.update(msg)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return int.from_bytes(outer.digest(), "big") % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
