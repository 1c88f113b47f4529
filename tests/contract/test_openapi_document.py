"""The committed OpenAPI document as an integrator reads it: valid OpenAPI 3.1, every operation named and
described, every property described, typed unions with discriminators, field errors by JSON pointer."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import jsonschema
import pytest
from litestar.testing import TestClient
from openapi_spec_validator import validate

from grimoire.domain import catalog
from grimoire.domain.events import Input, event_types
from grimoire.service.app import create_app
from grimoire.service.openapi_schemas import field_docs
from grimoire.service.schemas import ActionRequest
from grimoire.service.settings import Settings

OPENAPI = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
DOC = json.loads(OPENAPI.read_text(encoding="utf-8"))
SCHEMAS = DOC["components"]["schemas"]
OPERATIONS = [(path, method, op) for path, item in DOC["paths"].items() for method, op in item.items()]
WIRE_EVENTS = [c for c in event_types() if c is not Input]


def test_the_document_is_valid_openapi_3_1():
    assert DOC["openapi"].startswith("3.1")
    validate(DOC)


def test_every_operation_is_named_by_hand_with_a_summary_a_description_and_a_described_tag():
    tags = {t["name"]: t.get("description") for t in DOC["tags"]}
    ids = {op["operationId"] for _, _, op in OPERATIONS}
    assert {
        "createGame",
        "getView",
        "postAction",
        "listGames",
        "joinGame",
        "leaveGame",
        "startGame",
        "forceDeadline",
        "abortGame",
        "getEvents",
        "streamEvents",
        "getAudit",
        "verifyAudit",
        "replayView",
        "listRulesets",
        "getRuleset",
        "live",
        "ready",
    } <= ids
    for path, method, op in OPERATIONS:
        assert op["operationId"][0].islower() and "_" not in op["operationId"], (method, path)
        assert op.get("summary") and op.get("description"), (method, path)
        assert op["tags"] and all(tags.get(t) for t in op["tags"]), (method, path)


def test_every_property_has_a_description():
    missing = [
        f"{name}.{prop}"
        for name, schema in SCHEMAS.items()
        for prop, sub in schema.get("properties", {}).items()
        if not sub.get("description")
    ]
    assert missing == []


def test_field_descriptions_are_the_comments_on_the_fields_lines():
    docs = field_docs(ActionRequest)
    assert docs["target"] == "the chosen seat, from the decision's `targets`"
    assert SCHEMAS["ActionRequest"]["properties"]["target"]["description"] == docs["target"]


def test_lang_is_one_shared_optional_parameter_with_the_four_languages():
    assert DOC["components"]["parameters"]["lang"]["schema"] == {"$ref": "#/components/schemas/Lang"}
    assert DOC["components"]["parameters"]["lang"]["required"] is False
    assert SCHEMAS["Lang"]["enum"] == ["ja", "zh-Hans", "zh-Hant", "en"]
    for path, method, op in OPERATIONS:
        for param in op.get("parameters", []):
            assert param.get("name") != "lang", (method, path)  # only the shared reference
            assert "null" not in json.dumps(param.get("schema", {})), (method, path, param)


def test_a_spectators_operations_declare_no_security_so_clients_call_them_without_a_token():
    by_id = {op["operationId"]: op for _, _, op in OPERATIONS}
    for name in ("getView", "getEvents", "streamEvents", "getAudit", "verifyAudit", "replayView"):
        assert "security" not in by_id[name], name
    for name in ("postAction", "startGame", "forceDeadline", "abortGame"):
        assert by_id[name]["security"] == [{"BearerToken": []}], name


def test_game_ids_are_uuids_everywhere():
    props = [sub for node in _nodes(SCHEMAS) for key, sub in node.get("properties", {}).items() if key == "game_id"]
    params = [p["schema"] for _, _, op in OPERATIONS for p in op.get("parameters", []) if p.get("name") == "game_id"]
    assert len(props) >= 5 and len(params) >= 10
    for sub in props + params:  # a view's id is empty only when replayed at 0, before the game's first event
        assert sub.get("format") == "uuid" or sub["anyOf"] == [{"type": "string", "format": "uuid"}, {"const": ""}]


def test_feed_items_and_audit_events_are_discriminated_unions_of_every_event_type():
    tags = {c.__struct_config__.tag for c in WIRE_EVENTS}
    feed = SCHEMAS["FeedItem"]
    assert feed["discriminator"]["propertyName"] == "type"
    assert set(feed["discriminator"]["mapping"]) == tags
    assert len(feed["oneOf"]) == len(tags)
    event = SCHEMAS["AuditEvent"]["properties"]["event"]
    assert event["discriminator"]["propertyName"] == "type"
    assert set(event["discriminator"]["mapping"]) == tags
    vote = SCHEMAS["VoteResultItem"]
    assert vote["properties"]["type"]["const"] == "vote_result"
    assert SCHEMAS["VoteResultFields"]["properties"]["tally"]["type"] == "object"


def test_statuses_are_enums():
    for name, field in (("View", "status"), ("Ack", "status"), ("Feed", "status"), ("Audit", "status")):
        assert SCHEMAS[name]["properties"][field]["$ref"] == "#/components/schemas/Status"
    assert SCHEMAS["LobbyGame"]["properties"]["status"]["$ref"] == "#/components/schemas/LobbyStatus"


def test_action_kinds_are_an_enum_of_every_rulesets_action_kinds():
    kinds = set().union(*(rs.action_kinds for rs in catalog.RULESETS.values()))
    assert set(SCHEMAS["ActionKind"]["enum"]) == kinds
    for name in ("ActionRequest", "Decision", "Action"):
        assert SCHEMAS[name]["properties"]["kind"]["$ref"] == "#/components/schemas/ActionKind"


def test_phases_are_an_enum_of_every_announced_phase():
    assert {"day", "night", "noon"} <= set(SCHEMAS["Phase"]["enum"])
    for name in ("View", "PhaseStarted", "PhaseStartedFields"):
        assert SCHEMAS[name]["properties"]["phase"]["$ref"] == "#/components/schemas/Phase"


def test_the_stream_documents_its_event_names_and_their_data_schema():
    op = DOC["paths"]["/games/{game_id}/stream"]["get"]
    event = op["responses"]["200"]["content"]["text/event-stream"]["schema"]["properties"]
    assert set(event["event"]["enum"]) == {c.__struct_config__.tag for c in WIRE_EVENTS} | {"message"}
    data = event["data"]["anyOf"][1]
    assert data["contentMediaType"] == "application/json"
    assert data["contentSchema"] == {"$ref": "#/components/schemas/FeedItem"}


def test_every_request_body_has_an_example_valid_against_its_schema():
    bodies = 0
    for _, _, op in OPERATIONS:
        content = op.get("requestBody", {}).get("content", {}).get("application/json")
        if content is None:
            continue
        bodies += 1
        schema = {**_resolve(content["schema"]), "components": DOC["components"]}
        jsonschema.validate(content["example"], schema, cls=jsonschema.Draft202012Validator)
    assert bodies == 5


# --- validation errors name each bad field ----------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    settings = Settings(database_url=str(Path(tempfile.mkdtemp(prefix="grimoire-doc-")) / "g.db"), log_level="warning")
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.mark.parametrize(
    "body, pointer",
    [
        (b'{"ruleset": ', ""),  # malformed JSON
        (b'{"ruleset": "jinro9", "bogus": 1}', "/bogus"),  # an unknown field
        (b'{"ruleset": 5}', "/ruleset"),  # a wrong type
        (b'{"ruleset": "jinro9", "names": ["Ann", 3]}', "/names/1"),  # a wrong type inside a list
        (b'{"preset": "9A"}', "/ruleset"),  # a missing field
    ],
)
def test_a_malformed_body_names_the_bad_field_by_json_pointer(client, body, pointer):
    r = client.post("/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.headers["content-type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["code"] == "bad_request"
    assert [e["pointer"] for e in problem["errors"]] == [pointer]
    assert problem["errors"][0]["detail"]
    jsonschema.validate(
        problem, {**SCHEMAS["ValidationProblem"], "components": DOC["components"]}, cls=jsonschema.Draft202012Validator
    )


def test_a_bad_query_parameter_is_named(client):
    r = client.get("/games", params={"limit": "many"})
    assert r.status_code == 400
    assert r.json()["errors"] == [{"parameter": "limit", "detail": "This value has the wrong type."}]


# --- helpers -------------------------------------------------------------------------------------


def _resolve(schema: dict) -> dict:
    ref = schema.get("$ref")
    return SCHEMAS[ref.rsplit("/", 1)[1]] if ref else schema


def _nodes(value):
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            yield v
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
