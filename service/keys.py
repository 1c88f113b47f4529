"""The service's signing keys (Ed25519) and the receipts they sign.

A receipt is the service's signature over one seat's accepted action: the game's id, the seat, the
seat's own feed number `n` of the event its action made, and the chain hash at that event. The signed
message is the UTF-8 bytes of ``grimoire-receipt-v1\\n<game id>\\n<seat>\\n<n>\\n<chain hash>`` (the id
in its 36-character form, numbers in ASCII decimal, the hash in lowercase hex). Ed25519 signatures
are deterministic, so a receipt is a pure function of (key, game id, seat, n, hash): answering the same
action again gives the same receipt.

The key: `GRIMOIRE_SIGNING_KEY` holds the 32-byte Ed25519 private key as 64 hex digits (every replica
gets the same); a comma-separated list signs with the first and still publishes the others, so a
rotated-out key keeps verifying old receipts. Without it, a SQLite store keeps a generated key in a
file beside the database (``<file>.signing-key``), and a PostgreSQL store keeps one in the database
(table ``stored_signingkey``), created by whichever replica starts first, so replicas share it.
A key's id is the first 16 hex digits of the SHA-256 of its raw 32-byte public key.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Literal

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from eventsourcing.persistence import IntegrityError, ProgrammingError

from grimoire.service.schemas import PublicKey, Receipt
from grimoire.service.store import Store

ALGORITHM: Literal["Ed25519"] = "Ed25519"
ENV = "GRIMOIRE_SIGNING_KEY"
STORED_KEY = uuid.UUID("6b8f3f1e-5d1c-4f57-9a35-3c0f7c6e2a11")  # the row holding a PostgreSQL store's key


def raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def key_id(public: Ed25519PublicKey) -> str:
    return hashlib.sha256(raw_public(public)).hexdigest()[:16]


def message(game_id: str, seat: int, n: int, chain_hash: str) -> bytes:
    return f"grimoire-receipt-v1\n{game_id}\n{seat}\n{n}\n{chain_hash}".encode()


def parse_private(text: str) -> Ed25519PrivateKey:
    """A private key from its 64 hex digits (the `GRIMOIRE_SIGNING_KEY` format)."""
    try:
        raw = bytes.fromhex(text.strip())
    except ValueError:
        raw = b""
    if len(raw) != 32:
        raise ValueError(f"{ENV}: a signing key is 64 hex digits (32 bytes)")
    return Ed25519PrivateKey.from_private_bytes(raw)


def new_private_hex() -> str:
    return os.urandom(32).hex()


class Keyring:
    """The key that signs and every key whose receipts are still checked."""

    def __init__(self, signing: Ed25519PrivateKey, others: tuple[Ed25519PrivateKey, ...] = ()) -> None:
        self.signing = signing
        self.key_id = key_id(signing.public_key())
        self.known: dict[str, Ed25519PublicKey] = {}
        for k in (signing, *others):
            self.known.setdefault(key_id(k.public_key()), k.public_key())

    def receipt(self, game_id: str, seat: int, n: int, chain_hash: str) -> Receipt:
        signature = self.signing.sign(message(game_id, seat, n, chain_hash)).hex()
        return Receipt(game_id=game_id, seat=seat, n=n, hash=chain_hash, key_id=self.key_id, signature=signature)

    def signature_ok(self, r: Receipt) -> bool | None:
        """Whether the receipt's signature holds under its key; None when the key is not known."""
        public = self.known.get(r.key_id)
        if public is None:
            return None
        try:
            public.verify(bytes.fromhex(r.signature), message(r.game_id, r.seat, r.n, r.hash))
        except (InvalidSignature, ValueError):
            return False
        return True

    def public(self) -> list[PublicKey]:
        return [PublicKey(key_id=i, algorithm=ALGORITHM, public_key=raw_public(k).hex()) for i, k in self.known.items()]


def keyring_for(store: Store) -> Keyring:
    """The keyring from `GRIMOIRE_SIGNING_KEY`, else the store's own key (made on first use)."""
    given = [part for part in os.environ.get(ENV, "").split(",") if part.strip()]
    if given:
        first, *rest = (parse_private(k) for k in given)
        return Keyring(first, tuple(rest))
    if store.postgres:
        return Keyring(parse_private(_stored_key(store)))
    path = store.env.get("SQLITE_DBNAME", "")
    if not path or path == ":memory:" or path.startswith("file:"):
        return Keyring(parse_private(new_private_hex()))  # a database of this process only: a key of its own
    return Keyring(parse_private(_key_file(Path(path + ".signing-key"))))


def _key_file(path: Path) -> str:
    """The key kept in `path`, written once: a second process starting at the same time reads the first's."""
    if not path.exists():
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, prefix=".key-") as tmp:
            tmp.write(new_private_hex())
        os.chmod(tmp.name, 0o600)
        with contextlib.suppress(FileExistsError):
            os.link(tmp.name, path)  # atomic, and never over a key already there
        os.unlink(tmp.name)
    return path.read_text()


def _stored_key(store: Store) -> str:
    for attempt in range(10):
        try:
            recorder: Any = store.factory.aggregate_recorder("signingkey")
            break
        except (IntegrityError, ProgrammingError):  # another replica is creating the table now
            if attempt == 9:
                raise
            time.sleep(0.2)
    store.put(recorder, STORED_KEY, 1, ALGORITHM, new_private_hex().encode())
    return store.get(recorder, STORED_KEY)[0].state.decode()
