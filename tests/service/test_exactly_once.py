"""Exactly-once actions: an action sent with an Idempotency-Key is applied at most once whatever fails
around its append (a crash, a 5xx, a commit whose answer was lost, a request with the key on another
replica), and every retry with the key learns that it was applied."""

from __future__ import annotations

import json
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import msgspec
import psycopg
import pytest
from eventsourcing.persistence import IntegrityError

from grimoire.service.entry import token_hash
from grimoire.service.schemas import ActionRequest
from tests.support.api import auth, client, new_game, service

NAMES13 = [f"P{i}" for i in range(1, 14)]


def wolf_game(c) -> tuple[dict, list[dict]]:
    """An ultimate13 game at its first night, and its wolves' headers (wolves may whisper without limit)."""
    game = new_game(c, ruleset="ultimate13", preset="13", names=NAMES13, moderator=True)
    wolves = []
    for headers in game["seat"].values():
        view = c.get(f"/games/{game['game_id']}/view", headers=headers).json()["view"]
        if any(d["kind"] == "whisper" for d in view["decisions"]):
            wolves.append(headers)
    assert wolves
    return game, wolves


def whispers(c, game: dict) -> list[str]:
    """The text of every whisper in the game's log, read from the store."""
    records = service(c).store.load(uuid.UUID(game["game_id"]))
    return [r.event.action.text for r in records if r.topic == "act" and r.event.action.kind == "whisper"]


def same_reply(a, b) -> bool:
    """Two answers to one action: equal but for the server's clock (`now`)."""
    return a.json() | {"now": 0} == b.json() | {"now": 0}


def lose_the_reply(monkeypatch, c) -> None:
    """The next action's reply fails after its events are committed (as a crash before the answer would)."""
    Once(monkeypatch, service(c).commands, "action_reply")


def whisper(c, game: dict, headers: dict, text: str, key: str | None = None):
    if key is not None:
        headers = {**headers, "Idempotency-Key": key}
    return c.post(f"/games/{game['game_id']}/actions", json={"kind": "whisper", "text": text}, headers=headers)


class Once:
    """Makes one call of `method` on `obj` fail: before it runs, or after it ran (`after=True`)."""

    def __init__(self, monkeypatch, obj, method: str, after: bool = False, when=lambda *a, **k: True) -> None:
        self.real = getattr(obj, method)
        self.after, self.when, self.fired = after, when, False
        monkeypatch.setattr(obj, method, self)

    def __call__(self, *args, **kwargs):
        if self.fired or not self.when(*args, **kwargs):
            return self.real(*args, **kwargs)
        self.fired = True
        if self.after:
            self.real(*args, **kwargs)
        raise self.error()

    def error(self) -> Exception:
        return RuntimeError("the process died here")


def test_a_retry_after_the_reply_was_lost_gets_the_applied_action_once(database_url, monkeypatch):
    with client(database_url) as c:
        game, wolves = wolf_game(c)
        lose_the_reply(monkeypatch, c)
        assert whisper(c, game, wolves[0], "w1", key="k1").status_code == 500
        again = whisper(c, game, wolves[0], "w1", key="k1")
        assert again.status_code == 200, again.text
        now = c.get(f"/games/{game['game_id']}/view", headers=wolves[0]).json()
        assert again.json()["accepted"] is True
        assert (again.json()["view"], again.json()["seen"]) == (now["view"], now["seen"])
        assert whispers(c, game) == ["w1"]
        third = whisper(c, game, wolves[0], "w1", key="k1")
        assert same_reply(third, again)
        assert whispers(c, game) == ["w1"]


def test_a_rebuilt_reply_shows_the_view_as_of_the_action(database_url, monkeypatch):
    with client(database_url) as c:
        game, wolves = wolf_game(c)
        lose_the_reply(monkeypatch, c)
        assert whisper(c, game, wolves[0], "first", key="k1").status_code == 500
        before = c.get(f"/games/{game['game_id']}/view", headers=wolves[0]).json()
        assert whisper(c, game, wolves[1], "later").status_code == 200
        again = whisper(c, game, wolves[0], "first", key="k1").json()
        assert (again["view"], again["seen"]) == (before["view"], before["seen"])
        assert whispers(c, game) == ["first", "later"]


@pytest.mark.parametrize("committed", [False, True], ids=["before-the-append", "after-the-commit"])
def test_a_retry_after_a_5xx_applies_the_action_exactly_once(database_url, monkeypatch, committed):
    with client(database_url) as c:
        game, wolves = wolf_game(c)
        Once(monkeypatch, service(c).store, "append", after=committed)
        assert whisper(c, game, wolves[0], "w1", key="k1").status_code == 500
        assert whispers(c, game) == (["w1"] if committed else [])
        again = whisper(c, game, wolves[0], "w1", key="k1")
        assert again.status_code == 200 and again.json()["accepted"] is True, again.text
        assert whispers(c, game) == ["w1"]
        assert same_reply(whisper(c, game, wolves[0], "w1", key="k1"), again)
        assert whisper(c, game, wolves[0], "w2", key="k1").json()["code"] == "idempotency_key_reused"


class LostAnswer(Once):
    """The recorder's own retry of an insert whose commit succeeded: it meets its own rows."""

    def error(self) -> Exception:
        return IntegrityError("duplicate key value violates unique constraint")


@pytest.mark.parametrize("key", [None, "k1"], ids=["no-key", "key"])
def test_an_insert_that_meets_its_own_committed_rows_is_not_decided_again(database_url, monkeypatch, key):
    with client(database_url) as c:
        game, wolves = wolf_game(c)
        recorder = service(c).store.recorder
        LostAnswer(monkeypatch, recorder, "insert_events", after=True)
        r = whisper(c, game, wolves[0], "w1", key=key)
        assert r.status_code == 200, r.text
        assert whispers(c, game) == ["w1"]
        # a decision that may be made only once, answered as accepted and not refused by a second decision
        gid = game["game_id"]
        villager = next(
            h
            for h in game["seat"].values()
            if h not in wolves
            and any(d["kind"] == "sleep" for d in c.get(f"/games/{gid}/view", headers=h).json()["view"]["decisions"])
        )
        LostAnswer(monkeypatch, service(c).store.recorder, "insert_events", after=True)
        count = len(service(c).store.load(uuid.UUID(gid)))
        r = c.post(f"/games/{gid}/actions", json={"kind": "sleep"}, headers=villager)
        assert r.status_code == 200, r.text
        assert len(service(c).store.load(uuid.UUID(gid))) == count + 1


def test_concurrent_requests_with_one_key_apply_the_action_once_and_all_get_it(database_url):
    with client(database_url) as c:
        game, wolves = wolf_game(c)
        games, commands = service(c).games, service(c).commands
        entry = games.game(uuid.UUID(game["game_id"]))
        token = wolves[0]["Authorization"].removeprefix("Bearer ")
        who = games.principal(entry, token)
        data = ActionRequest(kind="whisper", text="w1")

        def act(_: int) -> dict:
            return json.loads(msgspec.json.encode(commands.act(entry, who, data, "en", token, "k1")))

        with ThreadPoolExecutor(max_workers=8) as pool:
            replies = list(pool.map(act, range(8)))
        assert all(r["accepted"] for r in replies)
        assert all(r["view"] == replies[0]["view"] for r in replies)
        assert whispers(c, game) == ["w1"]


def test_a_refused_action_with_a_key_is_decided_again_and_leaves_the_key_open(database_url):
    with client(database_url) as c:
        game, wolves = wolf_game(c)
        first = whisper(c, game, wolves[0], "", key="k1")  # an empty whisper is refused
        assert first.status_code == 422
        again = whisper(c, game, wolves[0], "", key="k1")
        assert again.status_code == 422
        assert again.json() | {"instance": ""} == first.json() | {"instance": ""}
        assert whispers(c, game) == []
        # nothing was applied under the key: another action with it is decided, once
        applied = whisper(c, game, wolves[0], "w1", key="k1")
        assert applied.status_code == 200, applied.text
        assert same_reply(whisper(c, game, wolves[0], "w1", key="k1"), applied)
        assert whispers(c, game) == ["w1"]


def test_a_repeat_on_another_replica_that_has_not_heard_of_the_action_gets_it_once(tmp_path):
    """The second replica's cached game is behind: its append meets the version the first took, it catches
    up, finds the key in the log and answers the action as applied instead of deciding it again."""
    db = str(tmp_path / "grimoire.db")
    with client(db) as one, client(db, background=False) as two:  # no follower: two hears of nothing
        game, wolves = wolf_game(one)
        gid = uuid.UUID(game["game_id"])
        behind = service(two).games.game(gid)
        version = behind.version
        first = whisper(one, game, wolves[0], "w1", key="k1")
        assert first.status_code == 200, first.text
        assert behind.version == version  # the second replica has not heard of it
        again = whisper(two, game, wolves[0], "w1", key="k1")
        assert again.status_code == 200, again.text
        assert same_reply(again, first)
        assert whisper(two, game, wolves[0], "w2", key="k1").json()["code"] == "idempotency_key_reused"
        assert whispers(one, game) == ["w1"]


def test_no_view_or_feed_shows_the_idempotency_key_digest(database_url):
    with client(database_url) as c:
        game, wolves = wolf_game(c)
        gid = game["game_id"]
        assert whisper(c, game, wolves[0], "w1", key="k1").status_code == 200
        token = wolves[0]["Authorization"].removeprefix("Bearer ")
        digest = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{gid}:{token_hash(token)}:k1"))
        assert any(r.key == digest for r in service(c).store.load(uuid.UUID(gid)))
        readers = [*game["seat"].values(), auth(game["moderator_token"]), {}]
        for headers in readers:
            for path in ("view", "events"):
                body = c.get(f"/games/{gid}/{path}", params={"limit": 500} if path == "events" else {}, headers=headers)
                assert body.status_code == 200
                assert digest not in body.text
        audit = c.get(f"/games/{gid}/audit", headers=auth(game["moderator_token"]))
        assert audit.status_code == 200 and digest not in audit.text
        verify = c.get(f"/games/{gid}/audit/verify", headers=auth(game["moderator_token"]))
        assert verify.json()["chain_ok"] is True, verify.text


@pytest.fixture(scope="module")
def cluster():
    """A PostgreSQL cluster of this module's own, to fault."""
    from tests.support.pg import TempCluster

    cluster = TempCluster()
    try:
        cluster.start()
    except Exception as exc:
        cluster.stop()
        pytest.skip(f"no PostgreSQL cluster: {exc}")
    yield cluster
    cluster.stop()


@pytest.fixture
def lost_commits(cluster):
    """The cluster behind a proxy that can lose a commit's answer, and a store's URL through it."""
    from tests.support.lost_commit import LostCommitProxy

    proxy = LostCommitProxy(cluster.port)
    schema = "s_" + uuid.uuid4().hex[:12]
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:{cluster.port}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    yield proxy, f"postgresql://postgres@127.0.0.1:{proxy.port}/postgres?schema={schema}&pool_size=4&max_overflow=8"
    proxy.close()


def test_an_append_whose_commit_answer_is_lost_on_postgres_is_applied_once_and_answered(lost_commits):
    proxy, url = lost_commits
    with client(url) as c:
        game, wolves = wolf_game(c)
        gid = game["game_id"]
        before = proxy.lost
        proxy.arm()
        r = whisper(c, game, wolves[0], "w1")
        assert proxy.lost == before + 1
        assert r.status_code == 200, r.text
        assert whispers(c, game) == ["w1"]
        # a decision that may be made only once is answered as accepted, not refused by a second decision
        villager = next(
            h
            for h in game["seat"].values()
            if h not in wolves
            and any(d["kind"] == "sleep" for d in c.get(f"/games/{gid}/view", headers=h).json()["view"]["decisions"])
        )
        count = len(service(c).store.load(uuid.UUID(gid)))
        proxy.arm()
        r = c.post(f"/games/{gid}/actions", json={"kind": "sleep"}, headers=villager)
        assert proxy.lost == before + 2
        assert r.status_code == 200, r.text
        assert len(service(c).store.load(uuid.UUID(gid))) == count + 1
        proxy.arm()
        r = whisper(c, game, wolves[0], "w2", key="k2")
        assert proxy.lost == before + 3
        assert r.status_code == 200, r.text
        assert same_reply(whisper(c, game, wolves[0], "w2", key="k2"), r)
        assert whispers(c, game) == ["w1", "w2"]


def test_a_group_commit_that_meets_its_own_rows_answers_each_append_once(tmp_path, monkeypatch):
    """Appends of several games committed together, whose commit succeeded but was answered with a
    conflict (the recorder's retry met the batch's own rows): the one-by-one retry of the batch meets
    them again, and each game recognises its own events instead of deciding again."""
    with client(str(tmp_path / "grimoire.db")) as c:
        games, commands = service(c).games, service(c).commands
        store = service(c).store
        played = [wolf_game(c) for _ in range(3)]
        real, calls, blocked, go = store.insert, [], threading.Event(), threading.Event()

        def insert(records):
            calls.append({r.game_id for r in records})
            real(records)
            if len(calls) == 1:  # holds the committer while the next appends queue up
                blocked.set()
                go.wait(30)
            elif len(calls) == 2:
                raise IntegrityError("duplicate key value violates unique constraint")

        monkeypatch.setattr(store, "insert", insert)

        def act(n: int) -> None:
            game, wolves = played[n]
            entry = games.game(uuid.UUID(game["game_id"]))
            token = wolves[0]["Authorization"].removeprefix("Bearer ")
            who = games.principal(entry, token)
            commands.act(entry, who, ActionRequest(kind="whisper", text=f"w{n}"), "en", token)

        with ThreadPoolExecutor(max_workers=3) as pool:
            first = pool.submit(act, 0)
            assert blocked.wait(30)
            rest = [pool.submit(act, n) for n in (1, 2)]
            while len(store.committer.pending) < 2 and not any(f.done() for f in rest):
                time.sleep(0.01)
            go.set()
            for f in (first, *rest):
                f.result(30)
        assert len(calls[1]) == 2, "the two appends were not committed together"
        assert [whispers(c, game) for game, _ in played] == [["w0"], ["w1"], ["w2"]]
