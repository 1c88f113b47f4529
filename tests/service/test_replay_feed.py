"""The replay of an ended game as each viewer lived it: the viewer's feed up to a point, paged and told in the
language asked, exactly the items its live feed gave it and never one it could not see; and where each phase
begins, so that a reader can jump there."""

from __future__ import annotations

import random
from collections.abc import Iterator

import msgspec
import pytest

from grimoire.domain.events import sees
from grimoire.projections.view import View
from grimoire.service.bots import owed_action
from tests.support.api import auth, client, new_game

LANGS = ("ja", "zh-Hans", "zh-Hant", "en")


@pytest.fixture(scope="module")
def ended(tmp_path_factory) -> Iterator[tuple]:
    """A jinro9 game with a moderator played to its end by random-legal seats: speeches, night actions,
    votes and deaths."""
    with client(str(tmp_path_factory.mktemp("replay") / "grimoire.db")) as c:
        game = new_game(c, moderator=True, lang="ja")
        gid = game["game_id"]
        rng = random.Random(7)
        for _ in range(600):
            acted = False
            for headers in game["seat"].values():
                view = c.get(f"/games/{gid}/view", headers=headers).json()["view"]
                if view["status"] == "ended":
                    break
                action = owed_action(msgspec.convert(view, View, strict=False), rng)
                if action is not None:
                    r = c.post(f"/games/{gid}/actions", json=msgspec.to_builtins(action), headers=headers)
                    acted = acted or r.status_code == 200
            if c.get(f"/games/{gid}/view").json()["view"]["status"] == "ended":
                break
            if not acted:
                assert c.post(f"/games/{gid}/deadline", headers=game["host"]).status_code == 200
        audit = c.get(f"/games/{gid}/audit").json()
        assert audit["status"] == "ended"
        yield c, game, audit


def viewers(game: dict) -> dict:
    """Each viewer of the game and the headers its live feed is read with."""
    return {
        **{str(seat): headers for seat, headers in game["seat"].items()},
        "spectator": {},
        "moderator": auth(game["moderator_token"]),
    }


def live_feed(c, gid: str, headers: dict, lang: str) -> list[dict]:
    r = c.get(f"/games/{gid}/events", params={"limit": 500, "lang": lang}, headers=headers)
    assert r.status_code == 200 and not r.json()["more"], r.text
    return r.json()["events"]


def replay(c, gid: str, at: int, who: str, **params) -> dict:
    r = c.get(f"/games/{gid}/replay", params={"at": at, "as": who, **params})
    assert r.status_code == 200, r.text
    return r.json()


def points(audit: dict) -> list[int]:
    total = len(audit["events"])
    return [0, 1, total // 3, total // 2, total - 1, total]


def test_replay_feed_of_each_viewer_is_its_live_feed_up_to_the_point(ended):
    """A seat, the spectator and the moderator each read in the replay, up to any point, the very items
    (numbers, texts, data) their live feed gave them, and their view at that point."""
    c, game, audit = ended
    gid = game["game_id"]
    for who, headers in viewers(game).items():
        live = live_feed(c, gid, headers, "en")
        for at in points(audit):
            got = replay(c, gid, at, who, lang="en", limit=500)
            count = sum(1 for e in audit["events"][:at] if sees(to(e), viewer(who)))
            assert got["seen"] == count and got["next"] == count and not got["more"]
            assert got["events"] == live[:count], (who, at)
            assert got["end"] == len(audit["events"])
        assert replay(c, gid, len(audit["events"]), who, lang="en", limit=500)["events"] == live
    seat_texts = [e["text"] for e in replay(c, gid, len(audit["events"]), "1", lang="en", limit=500)["events"]]
    assert any(t and "P1" in t for t in seat_texts)  # its own speeches and the deaths it learned are told


def to(audited: dict) -> str | tuple[int, ...]:
    audience = audited["event"].get("to", "public")
    return audience if isinstance(audience, str) else tuple(audience)


def viewer(who: str) -> int | str:
    return int(who) if who.isdigit() else who


def test_replay_feed_of_a_seat_never_holds_an_event_it_could_not_see(ended):
    """Each seat's replay holds, in order, exactly the events of the published log whose audience holds it:
    not another seat's role, night action or private notice, nor the moderator's truths."""
    c, game, audit = ended
    gid = game["game_id"]
    total = len(audit["events"])
    everything = replay(c, gid, total, "moderator", limit=500)["events"]
    for seat in game["seat"]:
        mine = [e["event"] for e in audit["events"] if sees(to(e), seat)]
        got = replay(c, gid, total, str(seat), limit=500)["events"]
        assert [(e["type"], e["data"]) for e in got] == [
            (e["type"], {k: v for k, v in e.items() if k not in ("type", "at", "to")}) for e in mine
        ]
        unseen = [e for e in audit["events"] if not sees(to(e), seat)]
        assert unseen and len(got) == len(everything) - len(unseen)
        assert all(e["data"].get("seat") in (None, seat) for e in got if e["type"] == "role_dealt")
    public = replay(c, gid, total, "spectator", limit=500)["events"]
    assert public and not any(e["private"] for e in public)


def test_replay_feed_pages_with_a_cursor_as_the_live_feed_does(ended):
    c, game, audit = ended
    gid = game["game_id"]
    at = len(audit["events"]) // 2
    whole = replay(c, gid, at, "moderator", limit=500)
    pages, after = [], 0
    while True:
        page = replay(c, gid, at, "moderator", after=after, limit=7)
        pages.append(page)
        assert page["view"] == whole["view"] and page["phases"] == whole["phases"]
        after = page["next"]
        if not page["more"]:
            break
    assert [e for p in pages for e in p["events"]] == whole["events"]
    assert len(pages) == -(-whole["seen"] // 7) and all(len(p["events"]) == 7 for p in pages[:-1])
    assert pages[0]["events"][0]["n"] == 1 and pages[1]["events"][0]["n"] == 8
    beyond = replay(c, gid, at, "moderator", after=whole["seen"] + 5)
    assert beyond["events"] == [] and beyond["next"] == whole["seen"] and not beyond["more"]
    assert len(replay(c, gid, at, "moderator")["events"]) == min(100, whole["seen"])  # the page size by default
    for limit in (0, 501):
        assert c.get(f"/games/{gid}/replay", params={"at": at, "limit": limit}).status_code == 400


def test_replay_feed_reads_in_the_language_asked_as_the_live_feed_does(ended):
    c, game, audit = ended
    gid = game["game_id"]
    total = len(audit["events"])
    told = {}
    for lang in LANGS:
        for who in ("3", "moderator"):
            live = live_feed(c, gid, viewers(game)[who], lang)
            got = replay(c, gid, total, who, lang=lang, limit=500)["events"]
            assert [e["text"] for e in got] == [e["text"] for e in live]
            told[lang, who] = [e["text"] for e in got if e["type"] == "died"]
    assert told["en", "3"] and len({tuple(told[lang, "3"]) for lang in LANGS}) == 4
    game_lang = c.get(f"/games/{gid}/replay", params={"at": total, "as": "3", "limit": 500}).json()["events"]
    assert [e["text"] for e in game_lang] == [e["text"] for e in live_feed(c, gid, viewers(game)["3"], "ja")]


def test_replay_phases_mark_where_each_day_and_night_begins(ended):
    c, game, audit = ended
    gid = game["game_id"]
    marks = replay(c, gid, 0, "spectator")["phases"]
    starts = [(i, e["event"]) for i, e in enumerate(audit["events"], 1) if e["event"]["type"] == "phase_started"]
    assert [(m["at"], m["phase"], m["day"]) for m in marks] == [(i, e["phase"], e["day"]) for i, e in starts]
    assert {"day", "night"} <= {m["phase"] for m in marks}
    for mark in marks:
        view = replay(c, gid, mark["at"], "2")["view"]
        assert (view["phase"], view["day"]) == (mark["phase"], mark["day"])


def test_replay_is_of_ended_games_only_and_reads_no_token(ended, tmp_path):
    """The replay opens after the end, to anyone, whatever token is sent; before the end not even a seat's
    token opens its own."""
    c, game, audit = ended
    gid = game["game_id"]
    total = len(audit["events"])
    anyone = replay(c, gid, total, "4", limit=500)
    with_token = c.get(f"/games/{gid}/replay", params={"at": total, "as": "4", "limit": 500}, headers=game["seat"][5])
    assert with_token.json()["events"] == anyone["events"]
    running = new_game(c)
    r = c.get(f"/games/{running['game_id']}/replay", params={"at": 3, "as": "1"}, headers=running["seat"][1])
    assert r.status_code == 409 and r.json()["code"] == "game_not_ended"
