"""The OpenAPI document: its configuration, and the schemas a client generator needs.

Litestar names the operations and tags; the component schemas come from msgspec, one per Struct,
with each property described by the comment on its field's line (service.openapi_schemas), so the
code is the one source of the document. The events of the feed, the stream and the audit are discriminated
unions on their tag `type`, derived from `domain.events.event_types()`.
"""

from __future__ import annotations

import copy
import importlib.metadata
import json
from typing import Any, get_args

from litestar import Litestar
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme, Tag

from grimoire.domain.events import Event
from grimoire.service.guards import HttpRequest
from grimoire.service.openapi_schemas import EXAMPLES, NAMED_ENUMS, REF, component_schemas
from grimoire.service.schemas import (
    AnyEvent,
)

TAGS = {
    "rulesets": "The rulesets this service runs: their roles, presets, options and defaults.",
    "games": "Create a game, find games in the lobby, take an open seat.",
    "host": "The host's commands (the host token): start, force the current deadline, abort.",
    "play": "A seat plays from its view: the decisions it owes with their legal choices, its actions, and its "
    "feed of the events it may see (by long-poll or server-sent events). Without a token the caller is a "
    "spectator, who sees only what is public.",
    "audit": "After the end, anyone may read a game's whole log with its seed and hash chain, verify it by "
    "replaying the inputs, check the receipts its seats kept against it, and see any viewer's view at any "
    "event. Before the end only the moderator may. The keys that sign receipts are public (`GET /keys`).",
    "health": "Liveness and readiness.",
}

LANG_PARAMETER = {
    "name": "lang",
    "in": "query",
    "required": False,
    "description": "The language of texts and messages (else `Accept-Language`, else the game's language).",
    "schema": {"$ref": REF.format(name="Lang")},
}

SWAGGER = "/static/swagger-ui"


class OfflineSwagger(OpenAPIRenderPlugin):
    """Swagger UI from the assets shipped in this package (service/static): the docs work offline and
    load nothing from another site (no CDN, no online validator)."""

    def __init__(self) -> None:
        super().__init__(
            path=["/", "/swagger"], favicon=f'<link rel="icon" type="image/png" href="{SWAGGER}/favicon-32x32.png">'
        )

    def render(self, request: HttpRequest, openapi_schema: dict[str, Any]) -> bytes:
        title = openapi_schema["info"]["title"]
        config = json.dumps(
            {
                "url": self.get_openapi_json_route(request),
                "dom_id": "#swagger-ui",
                "deepLinking": True,
                "validatorUrl": None,
                "layout": "BaseLayout",
            }
        )
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
        version=importlib.metadata.version("grimoire"),
        description="A game-master service for hidden-role games. Every error is application/problem+json "
        "with a stable `code`; a malformed request's problem lists each bad field in `errors` with a JSON "
        "pointer. Cursors and ids are the caller's own numbering of the events it may see. A token goes in "
        "`Authorization: Bearer`; where an operation takes one optionally (the view, feeds, the audit), a "
        "call without one is a spectator's.",
        path="/docs",
        render_plugins=[OfflineSwagger()],
        components=Components(
            security_schemes={
                "BearerToken": SecurityScheme(
                    type="http", scheme="bearer", description="A host, seat or moderator token."
                )
            }
        ),
        tags=[Tag(name=name, description=text) for name, text in TAGS.items()],
    )


# --- the document --------------------------------------------------------------------------------

PROBLEM_HEADERS = {
    "401": {
        "WWW-Authenticate": {
            "schema": {"type": "string"},
            "description": '`Bearer realm="grimoire"`, with `error="invalid_token"` when the token sent is not valid.',
        }
    },
    "429": {
        "Retry-After": {
            "schema": {"type": "integer", "minimum": 1},
            "description": "Seconds to wait before trying again.",
        }
    },
}
REQUEST_ID = {
    "X-Request-Id": {
        "schema": {"type": "string"},
        "description": "The request's id (the caller's own when plain), also the problem's `instance`.",
    }
}


def _parameter(param: dict[str, Any]) -> dict[str, Any]:
    """Shared `lang`; no nullable query parameters (absent is the default); headers as plain strings."""
    if param.get("name") == "lang" and param.get("in") == "query":
        return {"$ref": "#/components/parameters/lang"}
    sch = param.get("schema", {})
    options = sch.get("oneOf") or sch.get("anyOf")
    if param["in"] in ("query", "header") and options:
        kept = [o for o in options if o.get("type") != "null"]
        if len(kept) == 1:
            sch = {**kept[0], **{k: v for k, v in sch.items() if k not in ("oneOf", "anyOf")}}
    if param["in"] == "header":
        sch = {k: sch[k] for k in ("minLength", "maxLength", "pattern", "description") if k in sch}
        sch["type"] = "string"
    if sch.get("type") == "integer" and "maximum" in sch:  # Litestar drops `ge=0`
        sch.setdefault("minimum", 0)
    if "enum" in sch and None in sch["enum"]:
        sch["enum"] = [v for v in sch["enum"] if v is not None]
    by_values = {tuple(sorted(get_args(t))): name for name, t in NAMED_ENUMS.items()}
    if "enum" in sch and tuple(sorted(sch["enum"])) in by_values:
        sch = {"$ref": REF.format(name=by_values[tuple(sorted(sch["enum"]))])}
    sch.pop("examples", None)
    return {**param, "schema": sch}


def _stream(op: dict[str, Any], events: tuple[type[Event], ...]) -> None:
    """The stream's schema is one event's (as OpenAPI 3.1 tools read a `text/event-stream` schema): its name is
    the feed item's `type`, its id the item's `n`, and its data the item as JSON (`contentSchema`)."""
    tags = [c.__struct_config__.tag for c in events]
    op["responses"]["200"] = {
        "description": "The caller's feed, one message an event, until the game ends or the stream's time is up: "
        "server-sent events (the default), or NDJSON with `Accept: application/x-ndjson`. A comment line (an empty "
        "line in NDJSON) keeps a quiet connection alive.",
        "content": {
            "text/event-stream": {
                "schema": {
                    "type": "object",
                    "title": "FeedEvent",
                    "description": "One server-sent event: a FeedItem.",
                    "properties": {
                        "event": {
                            "type": "string",
                            "enum": [*tags, "message"],
                            "description": "The feed item's `type` (`message`, the default name, only for a "
                            "keep-alive).",
                        },
                        "id": {
                            "type": "string",
                            "pattern": "^[0-9]+$",
                            "description": "The feed item's `n`: send it back as `Last-Event-ID` to resume.",
                        },
                        "data": {
                            "anyOf": [
                                {"const": ""},  # a keep-alive comment, which some readers report
                                {
                                    "type": "string",
                                    "contentMediaType": "application/json",
                                    "contentSchema": {"$ref": REF.format(name="FeedItem")},
                                },
                            ],
                            "description": "The feed item as JSON (empty in a keep-alive).",
                        },
                    },
                }
            },
            "application/x-ndjson": {"schema": {"$ref": REF.format(name="FeedItem")}},
        },
    }


def _headers(op: dict[str, Any]) -> None:
    """Every answer names its request's id; a 401 says how to authenticate, a 429 when to come back."""
    for status, response in op.get("responses", {}).items():
        headers = {**response.get("headers", {}), **PROBLEM_HEADERS.get(status, {}), **REQUEST_ID}
        for header in headers.values():  # a documentation-only header (ETag) comes without one
            header.setdefault("schema", {"type": "string"})
        response["headers"] = headers


def document(raw: dict[str, Any]) -> dict[str, Any]:
    """The document Litestar generated, finished: our component schemas, shared parameters, examples."""
    doc = copy.deepcopy(raw)
    events = get_args(AnyEvent)
    doc["components"]["schemas"] = component_schemas()
    doc["components"]["parameters"] = {"lang": LANG_PARAMETER}
    for item in doc["paths"].values():
        for op in item.values():
            if not isinstance(op, dict):
                continue
            op["parameters"] = [_parameter(p) for p in op.get("parameters", [])] or None
            if op["parameters"] is None:
                del op["parameters"]
            for path_param in op.get("parameters", []):
                if path_param.get("name") == "game_id":
                    path_param["schema"] = {"type": "string", "format": "uuid"}
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                schema = body["schema"]
                body.pop("examples", None)
                if "$ref" in schema:
                    body["example"] = EXAMPLES[schema["$ref"].rsplit("/", 1)[1]]
                else:  # a list of one component
                    body["example"] = [EXAMPLES[schema["items"]["$ref"].rsplit("/", 1)[1]]]
            if op.get("operationId") == "streamEvents":
                _stream(op, events)
            _headers(op)
    return doc


def finish_openapi(app: Litestar) -> None:
    """Replace what Litestar generated with the finished document (served and written alike)."""
    spec = app.openapi_schema
    doc = document(spec.to_schema())
    spec.paths = doc["paths"]
    spec.components = doc["components"]
