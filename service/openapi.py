"""The OpenAPI document: its configuration, and what Litestar leaves out of it."""

from __future__ import annotations

import json
from typing import Any

from litestar import Litestar, Request
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.openapi.spec import (
    Components,
    OpenAPIHeader,
    OpenAPIMediaType,
    OpenAPIType,
    Reference,
    Schema,
    SecurityScheme,
    Tag,
)

STRICT_BODIES = ("CreateGameRequest", "JoinRequest", "ActionRequest")
SWAGGER = "/static/swagger-ui"


class OfflineSwagger(OpenAPIRenderPlugin):
    """Swagger UI from the assets shipped in this package (service/static): the docs work offline and
    load nothing from another site (no CDN, no online validator)."""

    def __init__(self) -> None:
        super().__init__(path=["/", "/swagger"],
                         favicon=f'<link rel="icon" type="image/png" href="{SWAGGER}/favicon-32x32.png">')

    def render(self, request: Request, openapi_schema: dict[str, Any]) -> bytes:
        title = openapi_schema["info"]["title"]
        config = json.dumps({"url": self.get_openapi_json_route(request), "dom_id": "#swagger-ui",
                             "deepLinking": True, "validatorUrl": None, "layout": "BaseLayout"})
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} API</title>
{self.favicon}
<link rel="stylesheet" href="{SWAGGER}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{SWAGGER}/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({config});</script>
</body>
</html>
""".encode()


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Grimoire",
        version="1.0.0",
        description="A game-master service for hidden-role games. Every error is application/problem+json "
        "with a stable `code`. Cursors and ids are the caller's own numbering of the events it may see.",
        path="/docs",
        render_plugins=[OfflineSwagger()],
        components=Components(
            security_schemes={"BearerToken": SecurityScheme(type="http", scheme="bearer",
                                                            description="A host, seat or moderator token.")}
        ),
        tags=[Tag(name=t) for t in ("rulesets", "games", "host", "play", "audit", "health")],
    )


PROBLEM_HEADERS = {
    "401": {"WWW-Authenticate": OpenAPIHeader(schema=Schema(type=OpenAPIType.STRING),
                                              description='`Bearer realm="grimoire"`, with `error="invalid_token"` '
                                              "when the token sent is not valid.")},
    "429": {"Retry-After": OpenAPIHeader(schema=Schema(type=OpenAPIType.INTEGER, minimum=1),
                                         description="Seconds to wait before trying again.")},
}
REQUEST_ID = {"X-Request-Id": OpenAPIHeader(schema=Schema(type=OpenAPIType.STRING),
                                            description="The request's id (the caller's own when plain), also the "
                                            "problem's `instance`.")}


def finish_openapi(app: Litestar) -> None:
    """What Litestar leaves out: closed request bodies, constraints on list items, plain string headers."""
    doc = app.openapi_schema
    schemas = doc.components.schemas
    for name in STRICT_BODIES:
        schemas[name].additional_properties = False
    seat = Schema(type=OpenAPIType.INTEGER, minimum=1, maximum=99)
    schemas["ActionRequest"].properties["targets"].items = seat
    for field in ("names", "roles"):
        schemas["CreateGameRequest"].properties[field].items = Schema(type=OpenAPIType.STRING, min_length=1,
                                                                      max_length=40)
    stream = doc.paths["/games/{game_id}/stream"].get.responses["200"]
    stream.description = "Server-sent events (the default), or NDJSON with `Accept: application/x-ndjson`."
    stream.content = {
        "text/event-stream": OpenAPIMediaType(schema=Schema(
            type=OpenAPIType.OBJECT, description="One event: `id` the item's `n`, `event` its `type`, `data` the "
            "FeedItem as JSON; a comment line as keep-alive.",
            properties={k: Schema(type=OpenAPIType.STRING) for k in ("id", "event", "data")})),
        "application/x-ndjson": OpenAPIMediaType(schema=Reference(ref="#/components/schemas/FeedItem")),
    }
    for item in doc.paths.values():
        for op in (item.get, item.post, item.delete):
            for status, header in PROBLEM_HEADERS.items():
                if op and status in (op.responses or {}):
                    op.responses[status].headers = {**(op.responses[status].headers or {}), **header}
            for response in (op.responses or {}).values() if op else []:
                response.headers = {**(response.headers or {}), **REQUEST_ID}
            for param in (op.parameters or []) if op else []:
                sch = param.schema
                if param.param_in == "header":
                    param.schema = Schema(type=OpenAPIType.STRING, min_length=sch.min_length,
                                          max_length=sch.max_length, pattern=sch.pattern)
                elif param.param_in == "query" and sch.maximum is not None:  # Litestar drops `ge=0`
                    kind = OpenAPIType.NUMBER if sch.type == OpenAPIType.NUMBER else OpenAPIType.INTEGER
                    param.schema = Schema(type=kind, minimum=sch.minimum or 0, maximum=sch.maximum,
                                          description=sch.description)
