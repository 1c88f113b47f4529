"""A feed through the API reads every event for its own reader: a dead seat's view of every role, the
moderator's third person, a wolf's partners without itself."""

from __future__ import annotations

from tests.support.api import auth, client, new_game


def _feed(c, gid: str, headers: dict, lang: str = "ja") -> list[dict]:
    r = c.get(f"/games/{gid}/events", params={"limit": 500, "lang": lang}, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()["events"]


def test_text_dead_roles_reads_in_a_dead_seats_feed(database_url):
    """With `dead_see_all`, a dead seat's feed holds the notice of every role, and reads it."""
    with client(database_url) as c:
        game = new_game(c, moderator=True, options={"time_scale": 100, "dead_see_all": True})
        gid = game["game_id"]
        for _ in range(40):
            dead = [s for s, alive in enumerate(c.get(f"/games/{gid}/view").json()["view"]["alive"], 1) if not alive]
            if dead:
                break
            assert c.post(f"/games/{gid}/deadline", headers=game["host"]).status_code == 200
        assert dead
        for lang in ("ja", "zh-Hans", "zh-Hant", "en"):
            items = [e for e in _feed(c, gid, game["seat"][dead[0]], lang) if e["data"].get("key") == "dead.roles"]
            assert items and all(e["text"] for e in items)
        told = _feed(c, gid, auth(game["moderator_token"]))
        assert all(e["text"] for e in told if e["data"].get("key") == "dead.roles")


def test_text_partner_list_never_names_its_reader_in_a_feed(database_url):
    with client(database_url) as c:
        game = new_game(c, moderator=True)
        gid = game["game_id"]
        names = c.get(f"/games/{gid}/view").json()["view"]["names"]
        partners = None
        for seat, headers in game["seat"].items():
            for e in _feed(c, gid, headers, "en"):
                if e["data"].get("key") == "wolves.partners":
                    assert names[seat - 1] not in e["text"]
                    partners = e
        assert partners is not None
        mod = [e for e in _feed(c, gid, auth(game["moderator_token"]), "en") if e["type"] == "role_dealt"]
        assert all(e["text"].startswith(names[e["data"]["seat"] - 1] + "'s role") for e in mod)
