"""The OpenAPI document: its configuration, and what Litestar leaves out of it."""

from __future__ import annotations

from litestar import Litestar
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import ScalarRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components, OpenAPIMediaType, OpenAPIType, Reference, Schema, SecurityScheme, Tag

STRICT_BODIES = ("CreateGameRequest", "JoinRequest", "ActionRequest")


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Grimoire",
        version="1.0.0",
        description="A game-master service for hidden-role games. Every error is application/problem+json "
        "with a stable `code`. Cursors and ids are the caller's own numbering of the events it may see.",
        path="/docs",
        render_plugins=[ScalarRenderPlugin(), SwaggerRenderPlugin(path="/swagger")],
        components=Components(
            security_schemes={"BearerToken": SecurityScheme(type="http", scheme="bearer",
                                                            description="A host, seat or moderator token.")}
        ),
        tags=[Tag(name=t) for t in ("rulesets", "games", "host", "play", "audit", "health")],
    )


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
        "text/event-stream": OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING,
                                                            description="`id`: n, `event`: type, `data`: a FeedItem")),
        "application/x-ndjson": OpenAPIMediaType(schema=Reference(ref="#/components/schemas/FeedItem")),
    }
    for item in doc.paths.values():
        for op in (item.get, item.post):
            for param in (op.parameters or []) if op else []:
                sch = param.schema
                if param.param_in == "header":
                    param.schema = Schema(type=OpenAPIType.STRING, min_length=sch.min_length,
                                          max_length=sch.max_length, pattern=sch.pattern)
                elif param.param_in == "query" and sch.maximum is not None:  # Litestar drops `ge=0`
                    kind = OpenAPIType.NUMBER if sch.type == OpenAPIType.NUMBER else OpenAPIType.INTEGER
                    param.schema = Schema(type=kind, minimum=sch.minimum or 0, maximum=sch.maximum,
                                          description=sch.description)
