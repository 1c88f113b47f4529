"""The component schemas of the OpenAPI document, from msgspec: one per Struct of the replies, requests,
events and per-ruleset private views, each property described by the comment on its field's line
(`field_docs`), the named enums shared, the feed items a union discriminated on the event's `type`, the
request bodies with their examples.
"""

from __future__ import annotations

import copy
import inspect
import io
import re
import tokenize
from typing import Any, get_args

import msgspec

from grimoire.domain import catalog
from grimoire.domain.events import Event
from grimoire.domain.state import Status
from grimoire.domain.texts import MESSAGES
from grimoire.projections.view import PRIVATE
from grimoire.service.problems import Problem, ValidationProblem, VersionProblem
from grimoire.service.schemas import (
    Ack,
    ActionReply,
    ActionRequest,
    AnyEvent,
    Audit,
    AuditCheck,
    ClaimRequest,
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
    Replay,
    RulesetInfo,
    TransferReply,
    ViewReply,
)

REF = "#/components/schemas/{name}"
BODIES = (
    ViewReply,
    Replay,
    ActionReply,
    Feed,
    Lobby,
    GameCreatedReply,
    JoinReply,
    TransferReply,
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
    ClaimRequest,
    ActionRequest,
)
NAMED_ENUMS = {"Lang": Lang, "Status": Status, "LobbyStatus": LobbyStatus}
# Fields (of projections and events) whose values are a named enum
TYPED_FIELDS = {
    ("View", "status"): "Status",
    ("View", "lang"): "Lang",
    ("View", "phase"): "Phase",
    ("PhaseStarted", "phase"): "Phase",
    ("PhaseMark", "phase"): "Phase",
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


EXAMPLES = {
    "CreateGameRequest": {
        "ruleset": "jinro9",
        "preset": "9A",
        "lang": "en",
        "moderator": True,
        "names": ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"],
    },
    "JoinRequest": {"name": "Hal"},
    "ClaimRequest": {"code": "k3Jd8sPq0vXw1yZ2aB4cDe"},
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
