"""Seats that change hands: a transfer code moves a seat to another device once and for two minutes, the
host releases a seat it never sees the token or role of, and a revoked token stops reading at once, on
every replica (two services on one store)."""

from __future__ import annotations

import json
import threading
import time
import uuid

from tests.support.api import auth, client, new_game, service

FEED = {"limit": 500}


def transfer(c, game, seat: int) -> str:
    r = c.post(f"/games/{game['game_id']}/seats/me/transfer", headers=game["seat"][seat])
    assert r.status_code == 201, r.text
    assert r.headers["cache-control"] == "no-store"
    return r.json()["code"]


def claim(c, game, **body):
    return c.post(f"/games/{game['game_id']}/claim", json=body)


def reads(c, game, headers) -> int:
    return c.get(f"/games/{game['game_id']}/events", params=FEED, headers=headers).status_code


def test_security_a_transfer_code_moves_the_seat_once_and_revokes_the_old_token(database_url):
    with client(database_url) as c:
        game = new_game(c)
        code = transfer(c, game, 3)
        assert reads(c, game, game["seat"][3]) == 200  # the code alone revokes nothing
        r = claim(c, game, code=code)
        assert r.status_code == 201, r.text
        moved = r.json()
        assert moved["seat"] == 3 and moved["name"] == "P3"
        assert r.headers["cache-control"] == "no-store"
        assert reads(c, game, game["seat"][3]) == 401
        assert c.get(f"/games/{game['game_id']}/view", headers=auth(moved["token"])).json()["view"]["seat"] == 3
        again = claim(c, game, code=code)
        assert again.status_code == 422 and again.json()["code"] == "seat_not_claimable"
        assert reads(c, game, auth(moved["token"])) == 200


def test_security_a_transfer_code_is_refused_after_two_minutes_by_the_services_clock(database_url):
    with client(database_url) as c:
        game = new_game(c)
        games = service(c).opened()
        now = [time.time()]
        games.clock = lambda: now[0]
        code = transfer(c, game, 2)
        now[0] += 119
        fresh = transfer(c, game, 4)
        now[0] += 2  # 121 s after the first code, 2 s after the second
        late = claim(c, game, code=code)
        assert late.status_code == 422 and late.json()["code"] == "seat_not_claimable"
        assert reads(c, game, game["seat"][2]) == 200
        assert claim(c, game, code=fresh).status_code == 201


def test_security_a_released_seat_is_claimed_once_and_its_old_token_reads_nothing(database_url):
    with client(database_url) as c:
        game = new_game(c)
        gid = game["game_id"]
        refused = c.post(f"/games/{gid}/seats/5/release", headers=game["seat"][1])
        assert refused.status_code == 403 and refused.json()["code"] == "host_only"
        assert claim(c, game, seat=5).status_code == 422  # not released
        r = c.post(f"/games/{gid}/seats/5/release", headers=game["host"])
        assert r.status_code == 200 and set(r.json()) == {"accepted", "status"}  # no token, no role
        assert reads(c, game, game["seat"][5]) == 401
        assert c.get(f"/games/{gid}/view", headers=game["seat"][5]).status_code == 401
        first = claim(c, game, seat=5)
        assert first.status_code == 201 and first.json()["seat"] == 5
        assert claim(c, game, seat=5).status_code == 422
        assert reads(c, game, auth(first.json()["token"])) == 200


def test_text_a_release_and_a_claim_are_public_lines_naming_the_seat_never_its_role(database_url):
    with client(database_url) as c:
        game = new_game(c, moderator=True)
        gid = game["game_id"]
        roles = c.get(f"/games/{gid}/view", headers=auth(game["moderator_token"])).json()["view"]["roles"]
        before = c.get(f"/games/{gid}/events", params=FEED).json()["next"]
        assert c.post(f"/games/{gid}/seats/5/release", headers=game["host"]).status_code == 200
        assert claim(c, game, seat=5).status_code == 201
        for lang in ("en", "ja", "zh-Hans", "zh-Hant"):
            lines = c.get(f"/games/{gid}/events", params={"after": before, "lang": lang}).json()["events"]
            assert [(e["type"], e["data"]) for e in lines] == [
                ("handover", {"seat": 5, "how": "released"}),
                ("handover", {"seat": 5, "how": "claimed"}),
            ]
            assert all("P5" in e["text"] and not e["private"] for e in lines)
            info = c.get("/rulesets/jinro9", params={"lang": lang}).json()["roles"]
            role = next(r["name"] for r in info if r["id"] == roles["5"])
            assert role not in "".join(e["text"] for e in lines)
        assert c.get(f"/games/{gid}/audit/verify", headers=auth(game["moderator_token"])).json()["ok"]


def test_security_revocation_ends_a_stream_and_a_long_poll_on_another_replica(database_url):
    url = database_url
    with client(url, stream_seconds=30.0, wait_cap=30.0) as a, client(url, stream_seconds=30.0, wait_cap=30.0) as b:
        game = new_game(a)
        gid = game["game_id"]
        seen = b.get(f"/games/{gid}/events", params=FEED, headers=game["seat"][6]).json()["next"]
        ended: dict[str, tuple[float, int]] = {}

        def stream() -> None:
            t0 = time.monotonic()
            r = b.get(f"/games/{gid}/stream", params={"after": seen}, headers=game["seat"][6])
            ended["stream"] = (time.monotonic() - t0, r.status_code)

        def poll() -> None:
            t0 = time.monotonic()
            r = b.get(f"/games/{gid}/events", params={"after": seen, "wait": 30}, headers=game["seat"][6])
            ended["poll"] = (time.monotonic() - t0, r.status_code)

        threads = [threading.Thread(target=stream), threading.Thread(target=poll)]
        for t in threads:
            t.start()
        time.sleep(1.0)
        assert not ended
        assert claim(a, game, code=transfer(a, game, 6)).status_code == 201
        for t in threads:
            t.join(10)
        assert ended["stream"][0] < 5 and ended["poll"][0] < 5, ended
        assert ended["poll"][1] == 401
        assert reads(b, game, game["seat"][6]) == 401


def test_security_a_transfer_code_and_its_qr_code_reach_no_address_and_no_log(database_url, capfd):
    with client(database_url, log_level="info") as c:
        game = new_game(c)
        gid = game["game_id"]
        capfd.readouterr()
        code = transfer(c, game, 7)
        qr = c.post(f"/play/{gid}/qr.svg", json={"code": code})
        assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
        assert qr.headers["cache-control"] == "no-store"
        assert f"/play/{gid}#transfer={code}" in qr.text  # the link carries it in its fragment
        assert c.post(f"/play/{gid}/qr.svg", json={"code": "<svg>"}).status_code == 400
        moved = claim(c, game, code=code).json()
        err = capfd.readouterr().err
    logged = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert len([x for x in logged if x.get("event") == "request" and x.get("method") == "POST"]) >= 4
    assert code not in err and moved["token"] not in err


def test_rule_a_handover_moves_no_draw_of_the_game(database_url):
    with client(database_url) as c:
        game = new_game(c)
        entry = service(c).opened().game(uuid.UUID(game["game_id"]))
        shown, version = entry.state.shown, entry.version
        assert c.post(f"/games/{game['game_id']}/seats/2/release", headers=game["host"]).status_code == 200
        assert claim(c, game, seat=2).status_code == 201
        assert entry.version == version + 2 and entry.state.shown == shown  # the draws stay keyed as before
