"""An aiwolf game's seats carry the AIWolf protocol's names, people's too: `Agent[NN]` by number."""

from __future__ import annotations

from tests.support.api import client


def test_a_person_joining_an_aiwolf_lobby_game_plays_under_its_seat_s_protocol_name(database_url):
    with client(database_url) as c:
        r = c.post("/games", json={"ruleset": "aiwolf", "preset": "5"})
        assert r.status_code == 201, r.text
        game = r.json()["game_id"]
        first = c.post(f"/games/{game}/seats", json={"name": "Alice @home"})
        second = c.post(f"/games/{game}/seats", json={"name": "Agent[01]"})
        assert first.status_code == 201 and second.status_code == 201, (first.text, second.text)
        assert (first.json()["seat"], first.json()["name"]) == (1, "Agent[01]")
        assert (second.json()["seat"], second.json()["name"]) == (2, "Agent[02]"), "a name asked for is not kept"
        assert c.get(f"/games/{game}/view").json()["view"]["names"] == ["Agent[01]", "Agent[02]"]


def test_an_aiwolf_game_created_with_named_seats_names_them_by_number(database_url):
    with client(database_url) as c:
        names = ["Ann", "Bo", "Cy", "Di", "Ed"]
        r = c.post("/games", json={"ruleset": "aiwolf", "preset": "5", "names": names})
        assert r.status_code == 201, r.text
        assert [s["name"] for s in r.json()["seats"]] == [f"Agent[0{i}]" for i in range(1, 6)]


def test_other_rulesets_keep_the_names_players_choose(database_url):
    with client(database_url) as c:
        game = c.post("/games", json={"ruleset": "jinro9", "preset": "9A"}).json()["game_id"]
        assert c.post(f"/games/{game}/seats", json={"name": "Alice @home"}).json()["name"] == "Alice @home"
