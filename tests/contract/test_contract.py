"""The committed OpenAPI document is current, and the app honours it under schemathesis."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import hypothesis
import pytest
import schemathesis
from litestar.testing import TestClient
from schemathesis import GenerationMode

from grimoire.service.app import create_app
from grimoire.service.cli import openapi_document
from grimoire.service.directory import Follower
from grimoire.service.lifecycle import Service
from grimoire.service.settings import Settings

OPENAPI = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def test_the_committed_openapi_document_is_current():
    assert OPENAPI.read_text(encoding="utf-8") == openapi_document(), (
        "run `grimoire openapi --output openapi/openapi.json` and commit the result"
    )


def test_every_operation_documents_its_errors_as_problem_json():
    import json

    doc = json.loads(openapi_document())
    for path, item in doc["paths"].items():
        for method, op in item.items():
            codes = {c for c in op["responses"] if c.startswith("4")}
            assert "429" in codes or path.startswith(("/health", "/metrics", "/docs")), (method, path)
            for code in codes:
                assert list(op["responses"][code]["content"]) == ["application/problem+json"], (method, path, code)


# --- the app under test, with games whose tokens the generated requests carry ---------------------

SETTINGS = Settings(
    database_url=str(Path(tempfile.mkdtemp(prefix="grimoire-contract-")) / "g.db"),
    wait_cap=0.05,
    stream_seconds=0.05,
    log_level="warning",
)
SERVICE = Service(SETTINGS)
SERVICE.open()
APP = create_app(SETTINGS, service=SERVICE)
FOLLOWER = Follower(SERVICE.store, SERVICE.games.heard, poll=0.02)
FOLLOWER.start()
TOKENS: dict[str, list[str]] = {}  # game id -> its tokens (host, moderator, seats)


def remember(game: dict) -> None:
    tokens = [game["host_token"], *(s["token"] for s in game["seats"])]
    if game.get("moderator_token"):
        tokens.append(game["moderator_token"])
    TOKENS[game["game_id"]] = tokens


def make_games() -> None:
    c = TestClient(APP)
    names = [f"P{i}" for i in range(1, 10)]
    for start, abort in ((False, False), (True, False), (True, True)):
        game = c.post(
            "/games",
            json={
                "ruleset": "jinro9",
                "preset": "9A",
                "names": names[: 9 if start else 7],
                "moderator": True,
                "options": {"time_scale": 100},
            },
        ).json()
        remember(game)
        host = {"Authorization": "Bearer " + game["host_token"]}
        if start:
            c.post(f"/games/{game['game_id']}/start", headers=host)
        if abort:
            c.post(f"/games/{game['game_id']}/abort", headers=host)


make_games()
CYCLE = itertools.count()
KNOWN = list(TOKENS)


def token_for(game_id: str | None) -> str:
    tokens = TOKENS.get(str(game_id)) or TOKENS[KNOWN[1]]
    return tokens[next(CYCLE) % len(tokens)]


@schemathesis.auth(refresh_interval=None)
class GameTokens:
    """A valid token for the game in the path: the host's, a seat's or the moderator's in turn."""

    def get(self, case, context):
        return token_for((case.path_parameters or {}).get("game_id"))

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


CONFIG = schemathesis.config.SchemathesisConfig.from_str(
    """
[checks]
# 401: the audit of a running game asked for without a token (its token is optional after the end)
positive_data_acceptance.expected-statuses = ["2xx", 401, 403, 404, 409, 422]
# 413: a schema-violating body may be refused for its size before its fields are read
negative_data_rejection.expected-statuses = [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429]

[generation]
max-examples = 25
"""
)
schema = schemathesis.openapi.from_asgi("/docs/openapi.json", APP, config=CONFIG)
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])


def aim_at_known_games(case) -> None:
    """Most generated game ids would only ever meet 404: point half of the valid ones at real games."""
    params = case.path_parameters or {}
    gid = params.get("game_id")
    if gid is not None and len(str(gid)) == 36 and next(CYCLE) % 2:
        params["game_id"] = KNOWN[next(CYCLE) % len(KNOWN)]
        if case.headers and "Authorization" in case.headers:
            case.headers["Authorization"] = "Bearer " + token_for(params["game_id"])


@schema.parametrize()
@hypothesis.settings(deadline=None, suppress_health_check=list(hypothesis.HealthCheck))
def test_every_operation_honours_its_contract(case):
    if case.meta is None or case.meta.generation.mode == GenerationMode.POSITIVE:
        aim_at_known_games(case)
    case.call_and_validate()


class Sequences(schema.as_state_machine()):
    def after_call(self, response, case):
        if case.method == "POST" and case.path == "/games" and response.status_code == 201:
            remember(response.json())


@pytest.mark.filterwarnings("ignore")
def test_stateful_sequences_honour_the_contract():
    Sequences.run(
        settings=hypothesis.settings(
            max_examples=40, stateful_step_count=6, deadline=None, suppress_health_check=list(hypothesis.HealthCheck)
        )
    )
