"""An agent's WebSocket as the gateway uses it: text out, raw text in, with one read always pending.

The read stays pending across waits (a wait that ends first leaves it for the next), so a message is
never lost to a cancelled read; whoever waits next takes it, and a message that arrived before a
request was sent is found (`stale`) and never taken for its answer. A closed socket shows as `Closed`,
on the next read or send.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from litestar import WebSocket


class Closed(Exception):
    """The agent's socket closed (or could not be written)."""


class Link:
    """One agent's socket."""

    __slots__ = ("closed", "reading", "socket")

    def __init__(self, socket: WebSocket[Any, Any, Any]) -> None:
        self.socket = socket
        self.reading: asyncio.Task[str | None] | None = None
        self.closed = False

    async def send(self, text: str) -> None:
        if self.closed:
            raise Closed
        try:
            await self.socket.send_text(text)
        except Exception:  # the client went away: the server or Litestar raises its own error
            self.closed = True
            raise Closed from None

    def read(self) -> asyncio.Task[str | None]:
        """The pending read (started if none is): its result is the next message, None once closed."""
        if self.reading is None:
            self.reading = asyncio.ensure_future(self._read())
        return self.reading

    async def _read(self) -> str | None:
        try:
            message = await self.socket.receive()
        except Exception:  # disconnected before or while reading
            return None
        if message["type"] != "websocket.receive":
            return None
        text = message.get("text")
        if text is None:  # a binary frame: read as UTF-8, as the reference reads every message
            text = (message.get("bytes") or b"").decode("utf-8", "replace")
        return str(text)

    def take(self) -> str:
        """The message of the finished pending read (`Closed` when the socket closed); the next read starts at
        once, so that whatever the agent sends next is read as it comes (and `stale` before a request)."""
        task = self.read()
        self.reading = None
        text = task.result()
        if text is None:
            self.closed = True
            raise Closed
        self.read()
        return text

    def stale(self) -> str | None:
        """A message already read and not taken (None: none), taken now: what arrived before a request was
        sent is no answer to it (`Closed` when the socket closed)."""
        if self.reading is None or not self.reading.done():
            return None
        return self.take()

    async def receive(self, timeout: float) -> str:
        """The next message within `timeout` seconds (`TimeoutError` past it; the read stays pending)."""
        task = self.read()
        if not task.done():
            await asyncio.wait({task}, timeout=max(0.0, timeout))
        if not task.done():
            raise TimeoutError
        return self.take()

    async def close(self, reason: str = "", code: int = 1000) -> None:
        """Close the socket (once), and drop the pending read."""
        if self.reading is not None and not self.reading.done():
            self.reading.cancel()
        self.reading = None
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.socket.close(code=code, reason=reason[:120])


def either(*waits: asyncio.Future[Any]) -> list[asyncio.Future[Any]]:
    """Futures to wait on together (`asyncio.wait`), whatever their results."""
    return list(waits)
