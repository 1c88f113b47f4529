"""API bots for the seats no page plays: each acts from its own view, as `grimoire demo` does."""

from __future__ import annotations

import random
import threading
import uuid

import httpx
import msgspec

from grimoire.projections.view import View
from grimoire.service.bots import owed_action


class Bots:
    """Plays the given seats (seat -> token) in a background thread until the game is over or `stop`."""

    def __init__(self, url: str, game_id: str, tokens: dict[int, str], seed: int = 0) -> None:
        self.url = url
        self.game_id = game_id
        self.tokens = tokens
        self.rng = random.Random(seed)
        self.actions = 0
        self.errors: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Bots:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(10)

    def _run(self) -> None:
        with httpx.Client(base_url=self.url, timeout=30) as client:
            while not self._stop.is_set():
                for token in self.tokens.values():
                    auth = {"Authorization": "Bearer " + token}
                    r = client.get(f"/games/{self.game_id}/view", headers=auth)
                    view = msgspec.convert(r.json()["view"], View, strict=False)
                    if view.status in ("ended", "aborted"):
                        return
                    action = owed_action(view, self.rng)
                    if action is None:
                        continue
                    r = client.post(
                        f"/games/{self.game_id}/actions",
                        json=msgspec.to_builtins(action),
                        headers={**auth, "Idempotency-Key": uuid.uuid4().hex},
                    )
                    if r.status_code == 200:
                        self.actions += 1
                    elif r.status_code >= 500:
                        self.errors.append(r.text)
                self._stop.wait(0.1)
