"""A recording reverse proxy in front of the server: the browser talks to the service through it.

It records every request line the service is sent (method, path and query string) with the bearer
token it carried, so a test can check that no URL ever held a token; and it can cut the feeds it is
passing on mid-stream, as a dropped connection would, so a test can watch a page resume.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn

HOP_BY_HOP = {b"connection", b"keep-alive", b"transfer-encoding", b"content-length", b"upgrade"}
FEEDS = ("/stream", "/events")  # the paths whose replies a drop cuts


@dataclass(frozen=True)
class Seen:
    method: str
    target: str  # the path and the query string, as sent
    bearer: str  # the token of `Authorization: Bearer`, or ""


class Dropped(Exception):
    """Raised inside the proxy to close a client's connection in the middle of a reply."""


@dataclass
class Proxy:
    upstream: str
    port: int
    seen: list[Seen] = field(default_factory=list)
    _cuts: set[asyncio.Event] = field(default_factory=set)
    _loop: asyncio.AbstractEventLoop | None = None
    _server: uvicorn.Server | None = None

    def start(self) -> None:
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="error", lifespan="off", interface="asgi3"
        )
        self._server = uvicorn.Server(config)
        threading.Thread(target=self._server.run, daemon=True).start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the recording proxy did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True

    def drop_feeds(self) -> int:
        """Cuts every feed reply in flight; returns how many were cut."""
        assert self._loop is not None

        async def cut() -> int:
            cuts = list(self._cuts)
            for event in cuts:
                event.set()
            return len(cuts)

        return asyncio.run_coroutine_threadsafe(cut(), self._loop).result(5)

    def open_feeds(self) -> int:
        return len(self._cuts)

    async def app(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        self._loop = asyncio.get_running_loop()
        headers = [(k, v) for k, v in scope["headers"] if k.lower() not in HOP_BY_HOP]
        auth = next((v.decode("latin-1") for k, v in headers if k.lower() == b"authorization"), "")
        target = scope["raw_path"].decode("latin-1")
        if scope["query_string"]:
            target += "?" + scope["query_string"].decode("latin-1")
        self.seen.append(Seen(scope["method"], target, auth.partition(" ")[2].strip()))
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        async with httpx.AsyncClient(base_url=self.upstream, timeout=None) as client:
            request = client.build_request(
                scope["method"], target, headers=[(k.decode(), v.decode("latin-1")) for k, v in headers], content=body
            )
            reply = await client.send(request, stream=True)
            try:
                await send(
                    {
                        "type": "http.response.start",
                        "status": reply.status_code,
                        "headers": [
                            (k, v) for k, v in reply.headers.raw if k.lower() not in HOP_BY_HOP - {b"content-length"}
                        ],
                    }
                )
                if scope["path"].endswith(FEEDS):
                    await self._pass_cuttable(reply, receive, send)
                else:
                    async for chunk in reply.aiter_raw():
                        await send({"type": "http.response.body", "body": chunk, "more_body": True})
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
            finally:
                await reply.aclose()

    async def _pass_cuttable(self, reply: httpx.Response, receive: Any, send: Any) -> None:
        cut = asyncio.Event()
        self._cuts.add(cut)

        async def pump() -> None:
            async for chunk in reply.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        tasks = [asyncio.ensure_future(pump()), asyncio.ensure_future(gone()), asyncio.ensure_future(cut.wait())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._cuts.discard(cut)
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if cut.is_set():
            raise Dropped("the test cut this feed")
