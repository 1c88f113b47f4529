"""The command line: help, verify and replay of what is not there, the OpenAPI document, serve's banner."""

from __future__ import annotations

import argparse
import json
import re
import uuid
from pathlib import Path

import pytest

from grimoire.service import serving
from grimoire.service.cli import build_parser, main
from grimoire.service.serving import SERVE_ENVIRONMENT, describe_store
from grimoire.service.store import Store


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_flag_has_help_text_naming_its_default():
    for name, sub in subcommands().items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, (name, action.dest)
            if action.option_strings:
                assert "default" in action.help, (name, action.dest)


def test_replay_as_shows_a_readable_metavar(capsys):
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    out = capsys.readouterr().out
    assert "--as VIEWER" in out and "AS_" not in out


def test_serve_help_documents_every_environment_variable(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    for var in (
        "GRIMOIRE_DATABASE_URL",
        "GRIMOIRE_HOST",
        "GRIMOIRE_PORT",
        "GRIMOIRE_RATE_LIMIT",
        "GRIMOIRE_TRUSTED_PROXIES",
        "GRIMOIRE_BODY_TIMEOUT",
        "GRIMOIRE_DB_TIMEOUT",
        "GRIMOIRE_READY_TIMEOUT",
        "GRIMOIRE_CACHE_GAMES",
        "GRIMOIRE_CREATION_TOKEN",
        "GRIMOIRE_OPERATOR_TOKEN",
        "GRIMOIRE_METRICS_PORT",
        "GRIMOIRE_CORS_ORIGINS",
        "GRIMOIRE_LOG_LEVEL",
        "GRIMOIRE_SIGNING_KEY",
        "GRIMOIRE_PUBLIC_URL",
    ):
        assert var in out


def test_every_variable_the_service_reads_is_in_serve_help_and_the_readme_with_its_default():
    root = Path(__file__).resolve().parents[2]
    source = "".join(p.read_text(encoding="utf-8") for p in (root / "service").glob("*.py"))
    variables = set(re.findall(r"GRIMOIRE_[A-Z_]+", source))
    readme = root.joinpath("README.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1]: line for line in readme.splitlines() if line.startswith("| `GRIMOIRE_")}
    for var in variables:
        assert var in SERVE_ENVIRONMENT, var
        described = SERVE_ENVIRONMENT[SERVE_ENVIRONMENT.index(var) :].split("\n  GRIMOIRE_")[0]
        assert "default" in described, var
        assert any(var in name for name in rows), var


def test_verify_of_a_missing_database_creates_none_and_prints_no_ok(tmp_path, capsys):
    db = tmp_path / "none.db"
    with pytest.raises(SystemExit) as exit_:
        main(["verify", str(uuid.uuid4()), "--database-url", str(db)])
    assert exit_.value.code != 0 and "no database" in str(exit_.value.code)
    assert not db.exists()
    assert '"ok"' not in capsys.readouterr().out


def test_verify_and_replay_of_an_unknown_game_say_so_and_fail(tmp_path, capsys):
    db = tmp_path / "g.db"
    Store(str(db)).close()
    gid = str(uuid.uuid4())
    assert main(["verify", gid, "--database-url", str(db)]) == 1
    captured = capsys.readouterr()
    assert "ok" not in captured.out and f"no game {gid}" in captured.err
    assert main(["replay", gid, "--database-url", str(db)]) == 1
    assert f"no game {gid}" in capsys.readouterr().err


def test_a_malformed_game_id_is_a_usage_error_not_a_traceback(tmp_path, capsys):
    for command in ("verify", "replay"):
        with pytest.raises(SystemExit) as exit_:
            main([command, "not-a-uuid", "--database-url", str(tmp_path / "g.db")])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "not a game id" in err and "Traceback" not in err
    assert not (tmp_path / "g.db").exists()


def test_openapi_writes_to_stdout_by_default_or_to_a_file_in_the_working_directory(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["openapi"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["openapi"].startswith("3.1") and "/games" in doc["paths"]
    assert main(["openapi", "--output", "out/openapi.json"]) == 0
    assert json.loads((tmp_path / "out" / "openapi.json").read_text()) == doc


def test_serve_names_the_postgres_host_and_database_but_never_the_password():
    where = describe_store("postgresql://grim:s3cret@db.example:5433/games")
    assert "db.example" in where and "5433" in where and "games" in where and "grim" in where
    assert "s3cret" not in where
    assert describe_store("some.db").startswith("SQLite file /")


def test_the_readme_documents_every_environment_variable_the_code_reads():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    code = "".join(
        p.read_text(encoding="utf-8")
        for d in ("service", "tests", "deploy")
        for p in (root / d).rglob("*")
        if p.suffix in (".py", ".sh", ".yaml") or p.name == "Dockerfile"
    )
    names = set(re.findall(r"GRIMOIRE_[A-Z_]+", code))
    assert {"GRIMOIRE_RATE_LIMIT", "GRIMOIRE_CORS_ORIGINS", "GRIMOIRE_DATABASE_URL"} <= names
    assert {n for n in names if f"`{n}`" not in readme} == set()


def serve_banner(monkeypatch, capsys, tmp_path, *args: str) -> str:
    """What `grimoire serve ARGS` prints before it listens (uvicorn itself is not started)."""
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    assert main(["serve", *args, "--database-url", str(tmp_path / "g.db")]) == 0
    return capsys.readouterr().out


@pytest.fixture
def no_serve_environment(monkeypatch):
    for name in ("GRIMOIRE_PUBLIC_URL", "GRIMOIRE_HOST", "GRIMOIRE_PORT", "GRIMOIRE_METRICS_PORT"):
        monkeypatch.delenv(name, raising=False)


def test_serve_prints_the_address_to_open_and_warns_that_no_phone_can_open_a_loopback_one(
    no_serve_environment, monkeypatch, capsys, tmp_path
):
    out = serve_banner(monkeypatch, capsys, tmp_path)
    assert out.startswith("Open in a browser:  http://127.0.0.1:8000/ ")
    hint = out.split("\n", 1)[1].split("Grimoire API:")[0]
    assert "No phone can open this address" in hint and "127.0.0.1 by default" in hint
    assert "`grimoire serve --lan`" in hint
    assert "`grimoire serve --host 0.0.0.0` with GRIMOIRE_PUBLIC_URL=http://<this machine's address>:8000" in hint


def test_serve_on_the_lan_prints_the_lan_address_without_the_hint(no_serve_environment, monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(serving, "lan_address", lambda: "192.168.7.7")
    out = serve_banner(monkeypatch, capsys, tmp_path, "--lan", "--port", "8123")
    assert out.startswith("Open in a browser:  http://192.168.7.7:8123/ ")
    assert "No phone" not in out
    out = serve_banner(monkeypatch, capsys, tmp_path, "--host", "0.0.0.0")  # links follow the address opened
    assert out.startswith("Open in a browser:  http://192.168.7.7:8000/ ") and "No phone" not in out


def test_serve_lan_without_a_network_says_no_phone_can_reach_it(no_serve_environment, monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(serving, "lan_address", lambda: "127.0.0.1")
    out = serve_banner(monkeypatch, capsys, tmp_path, "--lan")
    assert out.startswith("Open in a browser:  http://127.0.0.1:8000/ ")
    assert "--lan found no network" in out
