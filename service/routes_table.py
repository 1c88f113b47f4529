"""The table: the pages a browser plays, watches and replays games from, and the join link's QR code.

Each page is a small HTML shell around one ES module under `static/table/`, which talks to the public API
like any other client (tokens only in the Authorization header, never in a URL the server sees). The
shell carries the address players' phones open (`GRIMOIRE_PUBLIC_URL`, set by `grimoire serve --lan`),
which join links and QR codes start with.
"""

from __future__ import annotations

import io
import ipaddress
from html import escape
from typing import Annotated
from urllib.parse import urlsplit

import msgspec
import segno
from litestar import Controller, Response, get, post
from litestar.params import JSONBody

from grimoire.service.guards import HttpRequest
from grimoire.service.web import VARY_LANG, GameId, language, service_of


class TransferQr(msgspec.Struct, forbid_unknown_fields=True):
    """A transfer code to draw as its link's QR code."""

    code: Annotated[str, msgspec.Meta(pattern="^[A-Za-z0-9_-]{1,64}$")]


PAGES = ("home", "play", "watch", "replay")
# the pages load only their own files; a page's token lives in the tab and leaves in no Referer
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}


def public_url(request: HttpRequest) -> str:
    """Where players reach this service: the operator's public address, else the one this request used."""
    return service_of(request).settings.public_url or str(request.base_url).rstrip("/")


def is_loopback(url: str) -> bool:
    """Whether an address's host is this machine itself (127.0.0.0/8, ::1, localhost), which no phone can open."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def join_link(request: HttpRequest, game_id: object) -> str:
    return f"{public_url(request)}/play/{game_id}"


def page(name: str, lang: str, base: str, extra: str = "") -> str:
    """The HTML shell of one page: its module renders everything else in the browser."""
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="grimoire-public-url" content="{escape(base)}">
<title>Grimoire</title>
<link rel="icon" type="image/png" href="/static/swagger-ui/favicon-32x32.png">
<link rel="stylesheet" href="/static/table/table.css">
<script type="module" src="/static/table/{name}.js"></script>
</head>
<body>
<main id="app"></main>
{extra}</body>
</html>
"""


def page_response(request: HttpRequest, name: str, extra: str = "") -> Response[str]:
    given = request.query_params.get("lang")
    lang = language(request, given if given in ("ja", "zh-Hans", "zh-Hant", "en") else None)
    return Response(page(name, lang, public_url(request), extra), media_type="text/html", headers=PAGE_HEADERS)


def join_qr(link: str) -> bytes:
    """A QR code (SVG) of a join link."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False, title=link)
    return out.getvalue()


class TableRoutes(Controller):
    path = "/"
    include_in_schema = False
    response_headers = VARY_LANG

    @get("/play/{game_id:uuid}", media_type="text/html")
    async def play(self, request: HttpRequest, game_id: GameId) -> Response[str]:
        """A seat's page: join the game under a name, or play the seat whose token the tab holds."""
        return page_response(request, "play")

    @get("/watch/{game_id:uuid}", media_type="text/html")
    async def watch(self, request: HttpRequest, game_id: GameId) -> Response[str]:
        """A spectator's page: what the public sees, live."""
        return page_response(request, "watch")

    @get("/replay/{game_id:uuid}", media_type="text/html")
    async def replay(self, request: HttpRequest, game_id: GameId) -> Response[str]:
        """A finished game's log, any viewer's view at any event, and its verification."""
        return page_response(request, "replay")

    @get("/play/{game_id:uuid}/qr.svg", media_type="image/svg+xml")
    async def qr(self, request: HttpRequest, game_id: GameId) -> Response[bytes]:
        """The QR code of the game's join link (the game's id only: each phone joins under its own name)."""
        return Response(join_qr(join_link(request, game_id)), media_type="image/svg+xml")

    @post("/play/{game_id:uuid}/qr.svg", media_type="image/svg+xml", status_code=200)
    async def transfer_qr(self, request: HttpRequest, game_id: GameId, data: JSONBody[TransferQr]) -> Response[bytes]:
        """The QR code of a seat's transfer link, drawn on the seat's own screen. The code travels in the
        body, never in an address, so no log holds it; the link carries it in its fragment."""
        link = f"{public_url(request)}/play/{game_id}#transfer={data.code}"
        return Response(join_qr(link), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})
