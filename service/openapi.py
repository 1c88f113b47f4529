"""The OpenAPI document: its configuration, and what Litestar leaves out of it."""

from __future__ import annotations

from typing import TypeVar

from litestar import Litestar
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import ScalarRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components, OpenAPIType, Parameter, Schema, SecurityScheme, Tag

STRICT_BODIES = ("CreateGameRequest", "JoinRequest", "ActionRequest")
T = TypeVar("T")


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
        _inline(schemas[name], Schema).additional_properties = False
    seat = Schema(type=OpenAPIType.INTEGER, minimum=1, maximum=99)
    _property(schemas["ActionRequest"], "targets").items = seat
    for field in ("names", "roles"):
        _property(schemas["CreateGameRequest"], field).items = Schema(type=OpenAPIType.STRING, min_length=1,
                                                                      max_length=40)
    for item in (doc.paths or {}).values():
        for op in (item.get, item.post):
            for p in (op.parameters or []) if op else []:
                param = _inline(p, Parameter)
                if param.param_in == "header":
                    sch = _inline(param.schema, Schema)
                    param.schema = Schema(type=OpenAPIType.STRING, min_length=sch.min_length,
                                          max_length=sch.max_length, pattern=sch.pattern)
                elif param.param_in == "query":
                    sch = _inline(param.schema, Schema)
                    if sch.maximum is not None:  # Litestar drops `ge=0`
                        kind = OpenAPIType.NUMBER if sch.type == OpenAPIType.NUMBER else OpenAPIType.INTEGER
                        param.schema = Schema(type=kind, minimum=sch.minimum or 0, maximum=sch.maximum,
                                              description=sch.description)


def _inline(value: object, cls: type[T]) -> T:
    """A part of the document Litestar generates inline (never a reference, never left out)."""
    if not isinstance(value, cls):
        raise TypeError(f"expected {cls.__name__} in the generated document, got {value!r}")
    return value


def _property(schema: object, name: str) -> Schema:
    """A property of an object schema Litestar generated."""
    return _inline((_inline(schema, Schema).properties or {})[name], Schema)
