"""The landing page (`/`: the table's home, where a game is created) and the static assets the pages load."""

from __future__ import annotations

from html import escape
from pathlib import Path

from litestar import Controller, Response, get
from litestar.datastructures import CacheControlHeader
from litestar.static_files import create_static_files_router

from grimoire.domain.texts import LANGS, render_text
from grimoire.service.guards import HttpRequest
from grimoire.service.routes_table import page_response
from grimoire.service.web import VARY_LANG, language

STATIC = Path(__file__).parent / "static"

static_assets = create_static_files_router(
    path="/static",
    directories=[STATIC],
    include_in_schema=False,
    cache_control=CacheControlHeader(public=True, max_age=86400),
)

# The landing page's lines, in the shared catalog as `landing.<id>`.
_LINES = ("intro", "docs", "lobby", "openapi", "health")


def landing_links(lang: str) -> str:
    """What `/` says without its script: the service in a line, links to the docs, the lobby, the OpenAPI
    document and health, and the page in each language."""
    intro, docs, lobby, openapi, health = (escape(render_text(f"landing.{n}", lang, {})) for n in _LINES)
    en, ja, hans, hant = (
        escape(render_text(f"language.{code}", lang, {})) for code in ("en", "ja", "zh_Hans", "zh_Hant")
    )
    return f"""<footer id="about">
<p>{intro}</p>
<ul>
<li><a href="/docs">{docs}</a></li>
<li><a href="/games">{lobby}</a></li>
<li><a href="/docs/openapi.json">{openapi}</a></li>
<li><a href="/health/ready">{health}</a></li>
</ul>
<p lang="en"><a href="/?lang=en">{en}</a> · <a href="/?lang=ja">{ja}</a> · <a href="/?lang=zh-Hans">{hans}</a> ·
<a href="/?lang=zh-Hant">{hant}</a></p>
</footer>
"""


class LandingRoutes(Controller):
    path = "/"
    include_in_schema = False

    @get("/", media_type="text/html", response_headers=VARY_LANG)
    async def landing(self, request: HttpRequest) -> Response[str]:
        given = request.query_params.get("lang")
        lang = language(request, given if given in LANGS else None)
        return page_response(request, "home", landing_links(lang))
