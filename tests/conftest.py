import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


@pytest.fixture(scope="session")
def postgres():
    """A fresh PostgreSQL database for this session; a failure (never a skip) when it is required."""
    from tests.support.pg import Database

    try:
        db = Database()
    except Exception as exc:
        if os.environ.get("GRIMOIRE_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required and could not be reached or started: {exc}")
        pytest.skip(f"no PostgreSQL: {exc}")
    yield db
    db.drop()


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, tmp_path):
    """A fresh store on each backend: a SQLite file, or a new schema in the session's database."""
    if request.param == "sqlite":
        return str(tmp_path / "grimoire.db")
    return request.getfixturevalue("postgres").schema()


def pytest_collection_modifyitems(config, items):
    """Long property runs (`slow`) run only when asked for: `pytest -m slow`."""
    if "slow" in (config.getoption("markexpr") or ""):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]
