"""The landing page (`/`: the table's home, where a game is created) and the static assets the pages load."""

from __future__ import annotations

from html import escape
from pathlib import Path

from litestar import Controller, Response, get
from litestar.datastructures import CacheControlHeader
from litestar.static_files import create_static_files_router

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

TEXTS = {
    "en": (
        "A game-master service for hidden-role games: Werewolf, 人狼, 狼人殺 and 魔女审判.",
        "Interactive API docs",
        "The lobby: games and open seats",
        "The OpenAPI document",
        "Health",
    ),
    "ja": (
        "人狼・狼人殺・魔女审判など正体隠匿ゲームの進行役サービスです。",
        "API ドキュメント（対話式）",
        "ロビー：ゲームと空席",
        "OpenAPI 定義",
        "稼働状況",
    ),
    "zh-Hans": (
        "狼人杀、人狼、魔女审判等身份隐藏游戏的主持服务。",
        "交互式 API 文档",
        "大厅：游戏与空位",
        "OpenAPI 文档",
        "运行状态",
    ),
    "zh-Hant": (
        "狼人殺、人狼、魔女審判等身分隱藏遊戲的主持服務。",
        "互動式 API 文件",
        "大廳：遊戲與空位",
        "OpenAPI 文件",
        "運行狀態",
    ),
}


def landing_links(lang: str) -> str:
    """What `/` says without its script: the service in a line, links to the docs, the lobby, the OpenAPI
    document and health, and the page in each language."""
    intro, docs, lobby, openapi, health = (escape(t) for t in TEXTS[lang])
    return f"""<footer id="about">
<p>{intro}</p>
<ul>
<li><a href="/docs">{docs}</a></li>
<li><a href="/games">{lobby}</a></li>
<li><a href="/docs/openapi.json">{openapi}</a></li>
<li><a href="/health/ready">{health}</a></li>
</ul>
<p lang="en"><a href="/?lang=en">English</a> · <a href="/?lang=ja">日本語</a> · <a href="/?lang=zh-Hans">简体中文</a> ·
<a href="/?lang=zh-Hant">繁體中文</a></p>
</footer>
"""


class LandingRoutes(Controller):
    path = "/"
    include_in_schema = False

    @get("/", media_type="text/html", response_headers=VARY_LANG)
    async def landing(self, request: HttpRequest) -> Response[str]:
        given = request.query_params.get("lang")
        lang = language(request, given if given in TEXTS else None)
        return page_response(request, "home", landing_links(lang))
