"""The OpenAPI document: its configuration, and the schemas a client generator needs.

Litestar names the operations and tags; the component schemas come from msgspec, one per Struct,
with each property described by the comment on its field's line (`field_docs`), so the code is the
one source of the document. The events of the feed, the stream and the audit are discriminated
unions on their tag `type`, derived from `domain.events.event_types()`.
"""

from __future__ import annotations

import copy
import importlib.metadata
import inspect
import io
import json
import re
import tokenize
from typing import Any, get_args

import msgspec
from litestar import Litestar
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme, Tag

from grimoire.domain import catalog
from grimoire.domain.events import Event
from grimoire.domain.messages import MESSAGES
from grimoire.projections.view import PRIVATE
from grimoire.service.guards import HttpRequest
from grimoire.service.problems import Problem, ValidationProblem, VersionProblem
from grimoire.service.schemas import (
    Ack,
    ActionReply,
    ActionRequest,
    AnyEvent,
    Audit,
    AuditCheck,
    CreateGameRequest,
    Feed,
    GameCreatedReply,
    Health,
    JoinReply,
    JoinRequest,
    Lang,
    Lobby,
    LobbyStatus,
    PublicKey,
    Receipt,
    ReceiptsCheck,
    RulesetInfo,
    Status,
    ViewReply,
)

REF = "#/components/schemas/{name}"
BODIES = (
    ViewReply,
    ActionReply,
    Feed,
    Lobby,
    GameCreatedReply,
    JoinReply,
    Ack,
    Audit,
    AuditCheck,
    Receipt,
    ReceiptsCheck,
    PublicKey,
    RulesetInfo,
    Health,
    Problem,
    VersionProblem,
    ValidationProblem,
    CreateGameRequest,
    JoinRequest,
    ActionRequest,
)
NAMED_ENUMS = {"Lang": Lang, "Status": Status, "LobbyStatus": LobbyStatus}
# Fields (of projections and events) whose values are a named enum
TYPED_FIELDS = {
    ("View", "status"): "Status",
    ("View", "lang"): "Lang",
    ("View", "phase"): "Phase",
    ("PhaseStarted", "phase"): "Phase",
    ("ActionRequest", "kind"): "ActionKind",
    ("Action", "kind"): "ActionKind",
    ("Decision", "kind"): "ActionKind",
    ("GameEnded", "reason"): "Result",
}


def action_kinds() -> dict[str, list[str]]:
    """Each ruleset's action kinds (`Ruleset.action_kinds`: the engine refuses any other)."""
    return {rs.id: sorted(rs.action_kinds) for rs in catalog.RULESETS.values()}


def phases() -> list[str]:
    """Every phase a game may be in: each is announced by its `phase.<id>` message, shared or a ruleset's own
    (`<ruleset>.phase.<id>`); "" before the first."""
    rulesets = tuple(f"{rs}." for rs in catalog.RULESETS)
    keys = (key.removeprefix(next((p for p in rulesets if key.startswith(p)), "")) for key in MESSAGES)
    return ["", *sorted({key.removeprefix("phase.") for key in keys if key.startswith("phase.")})]


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

EXAMPLES = {
    "CreateGameRequest": {
        "ruleset": "jinro9",
        "preset": "9A",
        "lang": "en",
        "moderator": True,
        "names": ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"],
    },
    "JoinRequest": {"name": "Hal"},
    "ActionRequest": {"kind": "vote", "target": 4},
    "Receipt": {
        "game_id": "0f6c8f0e-3b7e-4a8e-9a51-8d5a3c2b1e4f",
        "seat": 4,
        "n": 17,
        "hash": "5d41402abc4b2a76b9719d911017c592" * 2,
        "key_id": "9f86d081884c7d65",
        "signature": "e3b0c44298fc1c149afbf4c8996fb924" * 4,
    },
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


# --- field descriptions --------------------------------------------------------------------------

FIELD = re.compile(r"^\s+(\w+)\s*:")


def field_docs(cls: type) -> dict[str, str]:
    """Each field's description: the comment on its line in the class (or in the base that declares it)."""
    docs: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        if not isinstance(base, type) or not issubclass(base, msgspec.Struct) or base is msgspec.Struct:
            continue
        try:
            source = inspect.getsource(base)
        except (OSError, TypeError):
            continue
        lines = source.splitlines()
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type != tokenize.COMMENT:
                continue
            match = FIELD.match(lines[tok.start[0] - 1])
            text = tok.string.lstrip("#").strip()
            if match and match.group(1) in base.__struct_fields__ and not text.startswith(("type:", "noqa")):
                docs[match.group(1)] = text
    return docs


def struct_classes(types: tuple[Any, ...]) -> dict[str, type[msgspec.Struct]]:
    """Every Struct class the types reach, by name."""
    found: dict[str, type[msgspec.Struct]] = {}

    def walk(t: Any) -> None:
        if isinstance(t, msgspec.inspect.StructType):
            if t.cls.__name__ in found:
                return
            found[t.cls.__name__] = t.cls
            for f in t.fields:
                walk(f.type)
        for attr in ("item_type", "key_type", "value_type"):
            if hasattr(t, attr):
                walk(getattr(t, attr))
        for sub in getattr(t, "types", ()):
            walk(sub)
        if isinstance(t, msgspec.inspect.VarTupleType | msgspec.inspect.TupleType):
            for sub in getattr(t, "item_types", ()):
                walk(sub)

    for info in msgspec.inspect.multi_type_info(types):
        walk(info)
    return found


# --- the component schemas -----------------------------------------------------------------------


def _closed(schemas: dict[str, Any]) -> None:
    """Tagged unions: oneOf with their discriminator; each variant's tag a `const`."""
    for node in _nodes(schemas):
        if node.get("items") is False and "maxItems" in node:  # a fixed tuple: maxItems says it, generators read it
            del node["items"]
        if "discriminator" in node and "anyOf" in node:
            node["oneOf"] = node.pop("anyOf")
        props = node.get("properties", {})
        tag = props.get("type")
        if isinstance(tag, dict) and len(tag.get("enum", ())) == 1:
            props["type"] = {"type": "string", "const": tag["enum"][0], "description": "The event's tag."}


def _nodes(value: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            out.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


def _named_enums(schemas: dict[str, Any]) -> None:
    """A Literal that names a shared enum (languages, statuses) refers to it instead of repeating it."""
    by_values = {tuple(sorted(get_args(t))): name for name, t in NAMED_ENUMS.items()}
    for node in _nodes(schemas):
        for key, sub in list(node.items()):
            if isinstance(sub, dict) and "enum" in sub and len(sub) <= 2:
                name = by_values.get(tuple(sorted(sub["enum"])))
                if name is not None and node is not schemas.get(name):
                    node[key] = {"$ref": REF.format(name=name), **{k: v for k, v in sub.items() if k != "enum"}}
            elif isinstance(sub, list):
                for i, item in enumerate(sub):
                    if isinstance(item, dict) and set(item) == {"enum"}:
                        name = by_values.get(tuple(sorted(item["enum"])))
                        if name is not None:
                            sub[i] = {"$ref": REF.format(name=name)}
    for name, t in NAMED_ENUMS.items():
        schemas[name] = {"type": "string", "enum": list(get_args(t)), "title": name}
    schemas["Lang"]["description"] = "A language: Japanese, Simplified Chinese, Traditional Chinese or English."
    schemas["Status"]["description"] = "A game's status: new → lobby → running → ended (an abort ends it too)."
    schemas["LobbyStatus"]["description"] = "A game's status in the lobby, where an aborted game is `aborted`."


def _describe(schemas: dict[str, Any], classes: dict[str, type[msgspec.Struct]]) -> None:
    for name, cls in classes.items():
        schema = schemas.get(name)
        if schema is None:
            continue
        names = dict(zip(cls.__struct_fields__, cls.__struct_encode_fields__, strict=True))
        docs = {names.get(field, field): text for field, text in field_docs(cls).items()}
        if schema.get("required") == []:  # every field optional (a ruleset's private facts)
            del schema["required"]
        for field, prop in schema.get("properties", {}).items():
            if field in docs:
                prop["description"] = docs[field]
            if field == "game_id" and prop.get("default") == "":  # a view replayed at 0, before the game's first event
                prop.pop("type")
                prop.pop("default")
                prop["anyOf"] = [{"type": "string", "format": "uuid"}, {"const": ""}]
            elif field == "game_id":
                prop["format"] = "uuid"
        if cls.__struct_config__.forbid_unknown_fields:
            schema["additionalProperties"] = False


def _feed_items(schemas: dict[str, Any], events: tuple[type[Event], ...]) -> None:
    """`FeedItem` as the union of one item per event type: its tag `type` and its typed `data` (the event's
    fields but `type`, `at` and `to`)."""
    item = schemas["FeedItem"]
    variants, mapping = [], {}
    for cls in events:
        tag, name = cls.__struct_config__.tag, cls.__name__
        event = schemas[name]
        data = {
            "type": "object",
            "title": name + "Fields",
            "description": f"The fields of a `{tag}` event.",
            "properties": {k: v for k, v in event["properties"].items() if k not in ("type", "at", "to")},
        }
        required = [k for k in event.get("required", []) if k in data["properties"]]
        if required:
            data["required"] = required
        schemas[name + "Fields"] = data
        props = copy.deepcopy(item["properties"])
        props["type"] = {"type": "string", "const": tag, "description": item["properties"]["type"]["description"]}
        props["data"] = {
            "$ref": REF.format(name=name + "Fields"),
            "description": item["properties"]["data"]["description"],
        }
        schemas[name + "Item"] = {
            "type": "object",
            "title": name + "Item",
            "description": (event.get("description") or f"A `{tag}` event.") + " As the caller's feed carries it.",
            "properties": props,
            "required": sorted({*item["required"], "data"}),
        }
        variants.append({"$ref": REF.format(name=name + "Item")})
        mapping[tag] = REF.format(name=name + "Item")
    schemas["FeedItem"] = {
        "title": "FeedItem",
        "description": item["description"],
        "oneOf": variants,
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }


def _typed_fields(schemas: dict[str, Any]) -> None:
    schemas["Phase"] = {
        "type": "string",
        "enum": phases(),
        "title": "Phase",
        "description": "A phase of the game; empty before the first.",
    }
    kinds = action_kinds()
    schemas["ActionKind"] = {
        "type": "string",
        "enum": sorted({k for ks in kinds.values() for k in ks}),
        "title": "ActionKind",
        "description": "What a decision asks for and the action that answers it does. By ruleset: "
        + "; ".join(f"{rs}: " + ", ".join(ks) for rs, ks in kinds.items())
        + ". Which of them a seat may take now, "
        "and with which fields, its view's decisions say.",
    }
    schemas["Result"] = {
        "type": "string",
        "enum": catalog.end_reasons(),
        "title": "Result",
        "description": "How a game ended: the winning side, another end its ruleset declares, or `aborted` by "
        "the host. By ruleset: "
        + "; ".join(f"{rs.id}: " + ", ".join(rs.end_reasons) for rs in catalog.RULESETS.values())
        + ".",
    }
    for (name, field), enum in TYPED_FIELDS.items():
        props = schemas[name]["properties"]
        props[field] = {"$ref": REF.format(name=enum), "description": props[field].get("description", "")}
    result = schemas["View"]["properties"]["result"]
    schemas["View"]["properties"]["result"] = {
        "anyOf": [{"$ref": REF.format(name="Result")}, {"type": "null"}],
        "default": None,
        "description": result.get("description", ""),
    }


def _private(schemas: dict[str, Any]) -> None:
    """`View.private` as what its ruleset's projection keeps there (`projections.view.PRIVATE`), or nothing."""
    prop = schemas["View"]["properties"]["private"]
    nothing = {"type": "object", "maxProperties": 0, "additionalProperties": False, "title": "NoPrivate"}
    refs = [{"$ref": REF.format(name=cls.__name__)} for cls in PRIVATE.values()]
    schemas["View"]["properties"]["private"] = {
        "anyOf": [*refs, nothing],
        "description": prop.get("description", "")
        + ". By ruleset: "
        + "; ".join(f"{rs}: {cls.__name__}" for rs, cls in PRIVATE.items())
        + "; the others keep nothing there.",
    }


def component_schemas() -> dict[str, Any]:
    events = get_args(AnyEvent)
    types = (*BODIES, *events, *PRIVATE.values())
    _, schemas = msgspec.json.schema_components(types, ref_template=REF)
    classes = struct_classes(types)
    _describe(schemas, classes)
    _closed(schemas)
    _typed_fields(schemas)
    _private(schemas)
    _named_enums(schemas)
    _feed_items(schemas, events)
    for name, example in EXAMPLES.items():
        schemas[name]["examples"] = [example]
    return schemas


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
