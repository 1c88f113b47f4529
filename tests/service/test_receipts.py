"""Receipts: the signed reply to an accepted action, checked against the published log after the end (over HTTP
and from the command line); the keys that sign them; a forged tail fails the receipts inside it. And what a
receipt does not give away: a seat holding its receipts can neither find its events' global positions nor test
a guess about an event it did not see between two of them, because every stored event's hashed bytes hold a salt
derived from the seed. The same attack against the chain sealed without salts succeeds, so the tests can fail."""

from __future__ import annotations

import json
import uuid

import msgspec
import pytest

from grimoire.domain.codec import decode, encode
from grimoire.domain.events import Act, Action
from grimoire.service import chain, keys
from grimoire.service.cli import main
from grimoire.service.store import Store
from tests.service.test_api import problem
from tests.support.api import client, new_game, service
from tests.support.rows import rewrite_tail, stored


def roles(c, game) -> dict[int, str]:
    gid = game["game_id"]
    return {s: c.get(f"/games/{gid}/view", headers=h).json()["view"]["role"] for s, h in game["seat"].items()}


def act(c, game, seat: int, **action) -> dict:
    r = c.post(f"/games/{game['game_id']}/actions", headers=game["seat"][seat], json=action)
    assert r.status_code == 200, r.text
    return r.json()


class Night0:
    """Night 0 of a jinro9 game: a werewolf whispers twice, a villager sleeps, the werewolf whispers again. The
    werewolf keeps what its replies and its feed hold; the test keeps the truth, read after the end."""

    def __init__(self, c) -> None:
        self.game = game = new_game(c)
        gid = game["game_id"]
        dealt = roles(c, game)
        self.wolf = min(s for s, r in dealt.items() if r == "werewolf")
        self.sleeper = min(s for s, r in dealt.items() if r == "villager")
        replies = [act(c, game, self.wolf, kind="whisper", text="the seer is 3")]
        replies.append(act(c, game, self.wolf, kind="whisper", text="or 5"))
        act(c, game, self.sleeper, kind="sleep")
        replies.append(act(c, game, self.wolf, kind="whisper", text="5, then"))
        self.receipts = [r["receipt"] for r in replies]
        self.feed = c.get(f"/games/{gid}/events", headers=game["seat"][self.wolf], params={"after": 0}).json()
        assert c.post(f"/games/{gid}/abort", headers=game["host"]).status_code == 200
        self.audit = c.get(f"/games/{gid}/audit").json()

    # what the werewolf knows ------------------------------------------------------------------

    def item(self, n: int) -> dict:
        return self.feed["events"][n - 1]

    def pack(self) -> tuple[int, ...]:
        notice = next(i for i in self.feed["events"] if i["data"].get("key") == "wolves.partners")
        return tuple(notice["data"]["args"]["seats"])

    def own_bytes(self, n: int) -> bytes:
        """The werewolf's copy of its feed's event `n`, encoded as the service encodes events."""
        item = self.item(n)
        to = self.pack() if item["type"] == "act" else (self.wolf,)
        return encode(decode(msgspec.json.encode({"type": item["type"], "at": item["at"], "to": to, **item["data"]})))

    # the truth, and the chain as it would be without salts ---------------------------------------

    def version_of(self, receipt: dict) -> int:
        """The position of a receipt's event, read from the published log after the end."""
        return next(e["version"] for e in self.audit["events"] if e["hash"] == receipt["hash"])

    def unsalted(self) -> dict[int, str]:
        """Each position's chain hash had the same events been sealed without salts."""
        hashes, prev = {}, chain.GENESIS
        for e in self.audit["events"]:
            rec = chain.seal(uuid.UUID(self.game["game_id"]), e["version"], decode(json.dumps(e["event"])), prev)
            hashes[e["version"]] = prev = rec.digest()
        return hashes


def without_salt(prev: str, event: bytes) -> bytes:
    """The stored bytes as a seat can compute them: everything but the salt it cannot know."""
    return b'{"prev":"%s","event":%s}' % (prev.encode(), event)


def positions(h1: str, h2: str, second: bytes, versions: range) -> list[int]:
    """The attack on the global position: the versions v at which the event `second`, right after the one
    hashed `h1`, would hash to `h2`."""
    return [v for v in versions if chain.link(h1, "act", v, without_salt(h1, second)) == h2]


def hidden_sleeps(h1: str, h2: str, second: bytes, versions: range, seats, times) -> list[tuple[int, int, int]]:
    """The attack on a hidden event: every (version, seat, time) of one sleep between the events hashed `h1` and
    `h2` (the latter `second`) that makes the chain link up."""
    found = []
    for at in times:
        for seat in seats:
            sleep = encode(Act(at=at, to=(seat,), seat=seat, action=Action(kind="sleep")))
            for v in versions:
                between = chain.link(h1, "act", v, without_salt(h1, sleep))
                if chain.link(between, "act", v + 1, without_salt(between, second)) == h2:
                    found.append((v, seat, at))
    return found


@pytest.fixture(scope="module")
def night0(tmp_path_factory) -> Night0:
    with client(str(tmp_path_factory.mktemp("night0") / "g.db")) as c:
        return Night0(c)


def test_a_seat_holding_two_receipts_cannot_find_their_global_position(night0):
    first, second, _ = night0.receipts
    assert second["n"] == first["n"] + 1  # two whispers in a row, in the werewolf's feed and in the log
    whisper = night0.own_bytes(second["n"])
    assert positions(first["hash"], second["hash"], whisper, range(1, 100_000)) == []

    # the same attack against the chain sealed without salts finds the position
    truth, v = night0.unsalted(), night0.version_of(second)
    assert positions(truth[v - 1], truth[v], whisper, range(1, 100_000)) == [v]


def test_a_seat_cannot_test_a_guess_about_a_hidden_sleep_between_two_of_its_receipts(night0):
    _, before, after = night0.receipts
    assert after["n"] == before["n"] + 1  # nothing between them in the werewolf's feed
    whisper = night0.own_bytes(after["n"])
    times = range(night0.item(before["n"])["at"], night0.item(after["n"])["at"] + 1)
    others = [s for s in range(1, 10) if s not in night0.pack()]  # night 0: everyone else may only sleep
    assert hidden_sleeps(before["hash"], after["hash"], whisper, range(1, 300), others, times) == []

    # against the chain sealed without salts the same search finds who slept, when, and where in the log
    truth, v = night0.unsalted(), night0.version_of(after)
    slept = next(e["event"] for e in night0.audit["events"] if e["version"] == v - 1)
    assert slept["type"] == "act" and slept["action"] == {"kind": "sleep"}
    found = hidden_sleeps(truth[v - 2], truth[v], whisper, range(1, 300), others, times)
    assert found == [(v - 1, night0.sleeper, slept["at"])]


def played(c) -> tuple[dict, list[dict]]:
    """A jinro9 game where a werewolf whispered three times, then aborted: its tokens and the receipts."""
    game = new_game(c)
    wolf = min(s for s, r in roles(c, game).items() if r == "werewolf")
    receipts = [act(c, game, wolf, kind="whisper", text=f"whisper {i}")["receipt"] for i in range(3)]
    return game, receipts


def test_a_receipt_names_a_published_key_and_checks_against_the_log_after_the_end(database_url):
    with client(database_url) as c:
        game, receipts = played(c)
        gid = game["game_id"]
        url = f"/games/{gid}/audit/receipts"
        problem(c.post(url, json=receipts), 409, "game_not_ended")
        assert c.post(f"/games/{gid}/abort", headers=game["host"]).status_code == 200

        published = c.get("/keys").json()
        created = next(
            e["event"] for e in c.get(f"/games/{gid}/audit").json()["events"] if e["topic"] == "game_created"
        )
        assert [k["key_id"] for k in published] == [created["key_id"]] == [r["key_id"] for r in receipts[:1]]
        assert published[0]["algorithm"] == "Ed25519" and len(published[0]["public_key"]) == 64

        checked = c.post(url, json=receipts).json()
        assert checked["ok"] and all(r["ok"] and r["hash_ok"] for r in checked["receipts"])

        forged_signature = {**receipts[0], "signature": "0" * 128}
        unknown_key = {**receipts[0], "key_id": "0" * 16}
        moved = {**receipts[0], "n": receipts[1]["n"]}  # a receipt for another event is not signed
        checked = c.post(url, json=[forged_signature, unknown_key, moved]).json()
        assert not checked["ok"]
        assert [(r["key_known"], r["signature_ok"]) for r in checked["receipts"]] == [
            (True, False),
            (False, False),
            (True, False),
        ]
        problem(c.post(url, json=[{**receipts[0], "extra": 1}]), 400, "bad_request")


def test_a_receipt_is_recomputed_the_same_for_a_retried_action(tmp_path):
    with client(str(tmp_path / "g.db")) as c:
        game, receipts = played(c)
        games = service(c).games
        entry = games.load(uuid.UUID(game["game_id"]))
        seat = receipts[0]["seat"]
        for receipt in receipts:
            index = entry.feeds[seat][receipt["n"] - 1]
            again = service(c).audits.receipt_for(entry, seat, index)
            assert msgspec.to_builtins(again) == receipt


def test_a_forged_tail_with_relinked_hashes_and_salts_fails_the_receipts_inside_it(database_url):
    with client(database_url) as c:
        game, receipts = played(c)
        gid = game["game_id"]
        assert c.post(f"/games/{gid}/abort", headers=game["host"]).status_code == 200
        store = service(c).store
        records = stored(store, uuid.UUID(gid))
        second = next(r for r in records if r.digest() == receipts[1]["hash"])
        assert isinstance(second.event, Act)
        words = msgspec.structs.replace(second.event.action, text="I am the seer")
        # after the end the forger has the seed: it rewrites the tail from the second whisper on, every hash
        # and every salt recomputed, so the chain and the replay hold
        rewrite_tail(
            store, uuid.UUID(gid), second.version, {second.version: msgspec.structs.replace(second.event, action=words)}
        )
    with client(database_url) as c:
        assert c.get(f"/games/{gid}/audit/verify").json()["ok"]
        checked = c.post(f"/games/{gid}/audit/receipts", json=receipts).json()
        assert not checked["ok"]
        assert [r["hash_ok"] for r in checked["receipts"]] == [True, False, False]
        assert all(r["signature_ok"] for r in checked["receipts"])


def test_cli_verify_checks_kept_receipts(tmp_path, capsys):
    db = str(tmp_path / "g.db")
    with client(db) as c:
        game, receipts = played(c)
        gid = game["game_id"]
        assert c.post(f"/games/{gid}/abort", headers=game["host"]).status_code == 200
    kept = tmp_path / "receipts.json"
    kept.write_text(json.dumps(receipts))
    assert main(["verify", gid, "--database-url", db, "--receipts", str(kept)]) == 0
    report, checked = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert report["ok"] and checked["ok"] and len(checked["receipts"]) == 3

    kept.write_text(json.dumps([{**receipts[0], "hash": receipts[1]["hash"]}]))
    assert main(["verify", gid, "--database-url", db, "--receipts", str(kept)]) == 1
    checked = json.loads(capsys.readouterr().out.splitlines()[1])
    assert checked["receipts"][0]["signature_ok"] is False


def test_the_signing_key_comes_from_the_environment_else_beside_the_sqlite_file(tmp_path, monkeypatch):
    monkeypatch.delenv(keys.ENV, raising=False)
    store = Store(str(tmp_path / "g.db"))
    try:
        made = keys.keyring_for(store)
        assert (tmp_path / "g.db.signing-key").is_file()
        assert keys.keyring_for(store).key_id == made.key_id  # kept: a restart signs with the same key
        given, old = keys.new_private_hex(), keys.new_private_hex()
        monkeypatch.setenv(keys.ENV, f"{given},{old}")
        ring = keys.keyring_for(store)
        assert ring.key_id == keys.key_id(keys.parse_private(given).public_key())
        assert [k.key_id for k in ring.public()] == [ring.key_id, keys.key_id(keys.parse_private(old).public_key())]
        monkeypatch.setenv(keys.ENV, "not hex")
        with pytest.raises(ValueError, match=keys.ENV):
            keys.keyring_for(store)
    finally:
        store.close()


def test_replicas_on_postgresql_share_the_key_kept_in_the_database(postgres, monkeypatch):
    monkeypatch.delenv(keys.ENV, raising=False)
    url = postgres.schema()
    a, b = Store(url), Store(url)
    try:
        assert keys.keyring_for(a).key_id == keys.keyring_for(b).key_id
    finally:
        a.close()
        b.close()


def test_a_salt_is_hmac_sha256_of_the_position_keyed_with_the_seed_as_documented(night0):
    import hashlib
    import hmac

    seed = night0.audit["seed"]
    for e in night0.audit["events"]:
        salt = stored_salt(night0, e["version"])
        assert salt == hmac.new(seed.encode(), str(e["version"]).encode(), hashlib.sha256).hexdigest()


def stored_salt(night: Night0, version: int) -> str:
    """The salt in the hashed bytes of an event: the audit's hash is over them, so recompute it with the salt."""
    e = next(x for x in night.audit["events"] if x["version"] == version)
    salt = chain.salt_for(night.audit["seed"], version)
    rec = chain.seal(uuid.UUID(night.game["game_id"]), version, decode(json.dumps(e["event"])), e["prev"], salt=salt)
    assert rec.digest() == e["hash"]  # these are the bytes the published hash is over
    return salt
