"""Database faults are answered clearly and recovered from without a restart: a paused, stopped or
cut PostgreSQL cluster (one this test starts itself) and a SQLite file whose disk fills or turns
read-only give 503/507 problems with a code and `Retry-After` within the bound, readiness fails while
writes cannot succeed, and writes work again in the same process once the fault has passed."""

from __future__ import annotations

import threading
import time
import uuid

import pytest

from tests.service.test_exactly_once import whisper, whispers, wolf_game
from tests.support.api import NAMES9, client, service
from tests.support.faults import FaultyCluster, Tmpfs

BOUND = 1.0  # GRIMOIRE_DB_TIMEOUT in these tests
READY = 0.5  # GRIMOIRE_READY_TIMEOUT
SLACK = 1.5  # what the test client and the machine may add to a bound


def create(c):
    return c.post("/games", json={"ruleset": "jinro9", "preset": "9A", "names": NAMES9})


def fault(r, status: int, code: str) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert int(r.headers["retry-after"]) >= 1
    body = r.json()
    assert body["code"] == code and body["detail"], body
    return body


def timed(call):
    t0 = time.monotonic()
    r = call()
    return r, time.monotonic() - t0


def until_ready(c, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if c.get("/health/ready").status_code == 200:
            return
        time.sleep(0.2)
    raise AssertionError(f"not ready again within {seconds} s: {c.get('/health/ready').text}")


@pytest.fixture
def cluster():
    pg = FaultyCluster()
    pg.start()
    try:
        yield pg
    finally:
        pg.stop()


@pytest.fixture
def tmpfs():
    fs = Tmpfs("8m")
    try:
        yield fs
    finally:
        fs.unmount()


# --- PostgreSQL ---------------------------------------------------------------------------------


def test_a_paused_postgres_answers_503_within_the_bound_and_recovers_when_resumed(cluster):
    with client(cluster.url, db_timeout=BOUND, ready_timeout=READY) as c:
        assert create(c).status_code == 201
        assert c.get("/health/ready").status_code == 200
        with cluster.paused():
            r, took = timed(lambda: create(c))
            fault(r, 503, "database_unavailable")
            assert took < BOUND + SLACK, took
            r, took = timed(lambda: c.get("/health/ready"))
            fault(r, 503, "database_unavailable")
            assert took < READY + SLACK, took
        until_ready(c)
        assert create(c).status_code == 201


def test_a_stopped_postgres_answers_503_and_the_service_recovers_when_it_restarts(cluster):
    with client(cluster.url, db_timeout=BOUND, ready_timeout=READY) as c:
        assert create(c).status_code == 201
        cluster.stop_server()
        try:
            r, took = timed(lambda: create(c))
            fault(r, 503, "database_unavailable")
            assert took < BOUND + SLACK, took
            fault(c.get("/health/ready"), 503, "database_unavailable")
        finally:
            cluster.start_server()
        until_ready(c)
        assert create(c).status_code == 201


def test_killed_connections_give_success_or_503_never_500_and_no_action_twice(cluster):
    with client(cluster.url, db_timeout=BOUND, ready_timeout=READY) as c:
        game, wolves = wolf_game(c)
        stop, killed = threading.Event(), []

        def killer() -> None:
            while not stop.is_set():
                killed.append(cluster.kill_connections())
                time.sleep(1.0)

        thread = threading.Thread(target=killer)
        thread.start()
        statuses, sent = [], []
        try:
            for i in range(30):
                text, key = f"w{i}", uuid.uuid4().hex
                for _ in range(50):  # a 503 is repeated with the same key until it is answered
                    r = whisper(c, game, wolves[i % len(wolves)], text, key=key)
                    statuses.append(r.status_code)
                    if r.status_code != 503:
                        break
                    fault(r, 503, "database_unavailable")
                assert r.status_code == 200, r.text
                sent.append(text)
        finally:
            stop.set()
            thread.join()
        assert sum(killed) > 0
        assert set(statuses) <= {200, 503}, statuses
        assert whispers(c, game) == sent  # each applied once, in order


# --- SQLite -------------------------------------------------------------------------------------


def test_a_full_disk_answers_507_and_writes_work_again_once_space_is_freed(tmpfs):
    with client(str(tmpfs.dir / "grimoire.db"), db_timeout=BOUND, ready_timeout=READY) as c:
        assert create(c).status_code == 201
        tmpfs.fill()
        try:
            fault(create(c), 507, "storage_full")
            fault(c.get("/health/ready"), 503, "storage_full")
        finally:
            tmpfs.free()
        assert c.get("/health/ready").status_code == 200
        assert create(c).status_code == 201


def test_a_read_only_file_answers_503_and_writes_work_again_once_it_is_writable(tmpfs):
    with client(str(tmpfs.dir / "grimoire.db"), db_timeout=BOUND, ready_timeout=READY) as c:
        assert create(c).status_code == 201
        tmpfs.remount("ro", before=service(c).store.recover)
        try:
            fault(create(c), 503, "storage_read_only")
            fault(c.get("/health/ready"), 503, "storage_read_only")
        finally:
            tmpfs.remount("rw")
        assert c.get("/health/ready").status_code == 200
        assert create(c).status_code == 201
