"""An aiwolf table in a real browser: a host creates a 5-player game from the create form on a phone, a person
joins it from the join link on another phone, a REST bot and three AIWolf agents (raw WebSocket agents
through the gateway's `?game=`) take the other seats, and the game is played to its end while a spectator
watches it from the lobby's link; then a 13-player game of agents only, whose wolves whisper, watched live
and replayed: the spectator never reads a whisper, a werewolf's replay does.
"""

from __future__ import annotations

import asyncio
import random
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
import msgspec
from playwright.sync_api import expect

from grimoire.domain.events import Action
from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.players import ApiSeat, PageSeat, auth, owed
from tests.browser.test_table import (
    assert_no_token_in_any_url,
    by_testid,
    feed_shown,
    open_seat,
    replayed,
    wait_ready,
)
from tests.service.aiwolf import raw_agents
from tests.support.aiwolf_agents import run_loop

SCALE = 0.2  # a step waits (60 + 5) × 0.2 = 13 s: time for a person's thumb, and steps close once all answered
FINISHED = (1000, "finished")
WHISPER = "aiwolf_whisper"
NOTE = "Steps close as soon as their agents have answered"


def shoot(page, name: str) -> None:
    """The page, whole, on a phone: screenshots/<name>-phone.png."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-phone.png"), full_page=True)


class Agents:
    """Raw AIWolf agents taking the open seats of a lobby game through `/aiwolf/ws?game=`, played in a thread
    of their own to FINISH; each one's packets and the close it got."""

    def __init__(self, server_url: str, game_id: str, count: int, team: str, behave: Any = raw_agents.usual):
        self.url = server_url.replace("http", "ws", 1) + "/aiwolf/ws?game=" + game_id
        self.packets: list[list[dict]] = [[] for _ in range(count)]
        self.closes: list[tuple[int, str]] = []
        self.team, self.behave = team, behave
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        async def play() -> list[tuple[int, str]]:
            tasks = []
            for i, packets in enumerate(self.packets):
                name = f"{self.team}{i + 1}"
                tasks.append(asyncio.create_task(raw_agents.agent(self.url, name, packets, i, self.behave)))
                await asyncio.sleep(0.05)
            return list(await asyncio.gather(*tasks))

        try:
            self.closes = run_loop(asyncio.wait_for(play(), 120))
        except BaseException as e:  # reported by join()
            self.failure = e

    def join(self, timeout: float = 30) -> None:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the agents were not closed"
        assert self.failure is None, repr(self.failure)


def every_page(api: httpx.Client, path: str, **params: Any) -> list[dict]:
    """Every item of a feed (`/events`) or a replay's feed (`/replay`), page after page."""
    items: list[dict] = []
    after = 0
    while True:
        page = api.get(path, params={**params, "after": after, "limit": 500}).json()
        items += page["events"]
        after = page["next"]
        if not page["more"]:
            return items


def wait_seated(api: httpx.Client, game_id: str, count: int) -> list[str]:
    deadline = time.monotonic() + 20
    while True:
        names = api.get(f"/games/{game_id}/view").json()["view"]["names"]
        if len(names) >= count:
            return names
        assert time.monotonic() < deadline, f"only {names} took seats"
        time.sleep(0.05)


@dataclass
class Person(PageSeat):
    """The person's seat, played by clicking its page: each talk turn a line typed and sent, every third turn the
    page's "say nothing" (the protocol's Over); votes and night actions as any page seat clicks them."""

    talk_turns: int = 0
    said: list[str] = field(default_factory=list)
    passes: int = 0
    answered: list[str] = field(default_factory=list)  # the kinds of the decisions answered on the page

    def act(self, view: dict) -> bool:
        decision = owed(view)
        if decision is None or decision["kind"] != "talk":
            acted = super().act(view)
            if acted and decision is not None:
                self.answered.append(decision["kind"])
            return acted
        box_testid = "decision-talk"
        if not self._shows_legal_choices(box_testid, set(), view["step"]):  # a box of words, with no choices
            return False
        box = self.page.locator(f'[data-testid="{box_testid}"]')
        self._check_turn(box)
        expect(box.locator('[data-testid="text-input"]')).to_be_visible()
        self.talk_turns += 1
        if self.talk_turns % 3 == 0:
            box.locator('[data-testid="abstain"]').click()
            self.passes += 1
        else:
            line = f"Phone line {self.talk_turns}"
            box.locator('[data-testid="text-input"]').fill(line)
            box.locator('[data-testid="submit"]').click()
            self.said.append(line)
        self.clicks += 1
        self._wait_answered(view["step"], decision, [])
        self.answered.append("talk")
        return True


class Bot(ApiSeat):
    """A REST bot (ApiSeat) that now and then talks with no words (an Over)."""

    def action(self, view: dict) -> Action | None:
        action = super().action(view)
        if action is not None and action.kind == "talk" and self.rng.random() < 0.25:
            action = msgspec.structs.replace(action, text=None)
        return action


def test_a_mixed_aiwolf_table_of_agents_a_phone_and_a_rest_bot_plays_to_its_end_while_a_spectator_watches(
    pages, proxy, server, api
):
    # the host's phone: the create form fills the chosen preset's values and shows the ruleset's note
    home = pages.open("/")
    wait_ready(home)
    by_testid(home, "ruleset-select").select_option("aiwolf")
    expect(by_testid(home, "ruleset-note")).to_be_visible()
    expect(by_testid(home, "ruleset-note")).to_contain_text(NOTE)
    home.locator("details", has=by_testid(home, "option-time_scale")).locator("summary").click()
    for preset, talks, whispers, players in (("13", "52", "4", "13"), ("5", "20", "0", "5")):
        by_testid(home, "preset-select").select_option(preset)
        expect(by_testid(home, "option-talk_per_day")).to_have_value(talks)
        expect(by_testid(home, "option-whisper_per_agent")).to_have_value(whispers)
        expect(by_testid(home, "players-input")).to_have_value(players)
    by_testid(home, "option-time_scale").fill(str(SCALE))
    by_testid(home, "create-submit").click()
    expect(by_testid(home, "open-seats")).to_have_text("5")
    game_id = by_testid(home, "game-id").inner_text().strip()
    join = urlsplit(by_testid(home, "join-link").get_attribute("href") or "").path
    assert join == f"/play/{game_id}"
    created = api.get(f"/games/{game_id}/view").json()["view"]
    assert (created["ruleset"], created["seats"]) == ("aiwolf", 5)

    # the person's phone: the lobby lists the open game; the join link seats the person as Agent[NN]
    phone = pages.open("/")
    wait_ready(phone)
    listed = phone.locator(f'[data-testid="lobby-game"][data-game-id="{game_id}"]')
    expect(listed).to_have_attribute("data-status", "lobby")
    expect(listed).to_contain_text("aiwolf 5")
    expect(listed.locator('[data-testid="lobby-join"]')).to_be_visible()
    phone.goto(pages.origin + join)
    by_testid(phone, "join-name").fill("Mika")
    by_testid(phone, "join-submit").click()
    expect(by_testid(phone, "my-name")).to_have_text(re.compile(r"^Agent\[0\d\]$"))
    my_name = by_testid(phone, "my-name").inner_text()

    # the REST bot, then three agents over the gateway
    r = api.post(f"/games/{game_id}/seats", json={"name": "rest bot"})
    assert r.status_code == 201, r.text
    joined = r.json()
    assert re.fullmatch(r"Agent\[0\d\]", joined["name"])
    agents = Agents(server.url, game_id, 3, "mixed")
    names = wait_seated(api, game_id, 5)
    assert sorted(names) == [f"Agent[{i:02d}]" for i in range(1, 6)]
    expect(by_testid(home, "open-seats")).to_have_text("0")

    # the host starts the game on the page; a spectator finds it running in the lobby and watches
    by_testid(home, "start").click()
    expect(by_testid(home, "host-status")).to_have_attribute("data-status", "running")
    watch = pages.open("/")
    wait_ready(watch)
    running = watch.locator(f'[data-testid="lobby-game"][data-game-id="{game_id}"]')
    expect(running).to_have_attribute("data-status", "running")
    running.locator('[data-testid="lobby-watch"]').click()
    wait_ready(watch)
    assert urlsplit(watch.url).path == f"/watch/{game_id}"

    rng = random.Random(23)
    token = phone.evaluate(f"localStorage.getItem('grimoire:{game_id}:token')")
    seat = int(by_testid(phone, "my-seat").inner_text())
    person = Person(api, game_id, seat, token, rng, phone)
    person.abstained = 1  # an optional choice is now and then left blank with the page's own button, not always first
    bot = Bot(api, game_id, joined["seat"], joined["token"], rng)
    shot = False
    deadline = time.monotonic() + 120
    while True:
        public = api.get(f"/games/{game_id}/view").json()["view"]
        if public["status"] != "running":
            break
        assert time.monotonic() < deadline, "the game did not end"
        bot.act(bot.view())
        view = person.view()
        decision = owed(view)
        if not shot and decision and decision["kind"] == "talk" and view["day"] >= 1:  # mid-game, the person's turn
            by_testid(phone, "decision-talk").locator('[data-testid="abstain"]').wait_for()
            shoot(phone, "seat-aiwolf-en")
            shoot(watch, "watch-aiwolf-en")
            shot = True
        if not person.act(view):
            time.sleep(0.05)  # the agents' turn, or a step closing: never forced, agents answer at once

    final = api.get(f"/games/{game_id}/view").json()["view"]
    assert final["status"] == "ended" and final["result"] in ("villagers", "werewolves"), final
    assert shot  # every game has a day 1, whose talk asks every living seat
    assert final["winners"]
    assert api.get(f"/games/{game_id}/audit/verify").json()["ok"] is True
    agents.join()
    assert agents.closes == [FINISHED] * 3
    assert [packets[-1]["request"] for packets in agents.packets] == ["FINISH"] * 3
    assert all(len(packets[-1]["info"]["role_map"]) == 5 for packets in agents.packets)  # every role, at FINISH

    # the person talked, said nothing once, and voted from the page; the page shows the result
    assert person.said and person.passes >= 1 and "vote" in person.answered, (person.said, person.answered)
    assert person.turns_shown >= 1  # "your turn" and the time left, on the phone's first screen
    assert bot.answers >= 3
    for page in (phone, watch):
        expect(by_testid(page, "result")).not_to_be_empty()
        expect(by_testid(page, "connection")).to_be_hidden()
    # the spectator read the talk as it went, the person's lines and its Over among it, and never a whisper
    shown = "\n".join(by_testid(watch, "feed").locator('[data-testid="feed-item"]').all_inner_texts())
    for line in person.said:
        assert f"{my_name}: {line}" in shown
    assert f"{my_name} is done talking for today." in shown
    assert re.search(r"Agent\[0\d\]: hello \d+ from Agent\[0\d\]", shown)  # the agents' talk
    types = (
        by_testid(watch, "feed")
        .locator('[data-testid="feed-item"]')
        .evaluate_all("els => els.map(e => e.dataset.type)")
    )
    assert "aiwolf_talk" in types and WHISPER not in types
    pages.assert_no_errors()
    assert_no_token_in_any_url(proxy, server, {token, joined["token"]})


def test_a_thirteen_agent_aiwolf_game_never_shows_a_whisper_to_its_spectator_and_a_werewolfs_replay_does(
    pages, server, api
):
    created = api.post(
        "/games", json={"ruleset": "aiwolf", "preset": "13", "lang": "en", "options": {"time_scale": 0.05}}
    )
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], created.json()["host_token"]

    async def whisper_marked(ws, packet, answer):
        if packet["request"] == "WHISPER" and answer is not None and answer != "Over":
            answer = "psst " + answer
        await raw_agents.usual(ws, packet, answer)

    agents = Agents(server.url, game_id, 13, "pack", whisper_marked)
    wait_seated(api, game_id, 13)
    watch = pages.open(f"/watch/{game_id}")
    wait_ready(watch)
    assert api.post(f"/games/{game_id}/start", headers=auth(host)).status_code == 200
    agents.join(60)
    assert agents.closes == [FINISHED] * 13
    whispered = [t for packets in agents.packets for p in packets for t in p.get("whisper_history", [])]
    assert [t for t in whispered if t["text"].startswith("psst ")], "the wolves whispered nothing"
    final = api.get(f"/games/{game_id}/view").json()["view"]
    assert final["status"] == "ended" and final["result"] in ("villagers", "werewolves")

    # the spectator's page, live to the end, and the spectator's feed from the API: talk, never a whisper
    expect(by_testid(watch, "result")).not_to_be_empty()
    items = by_testid(watch, "feed").locator('[data-testid="feed-item"]')
    shown = "\n".join(items.all_inner_texts())
    assert "hello" in shown and "psst" not in shown
    assert WHISPER not in items.evaluate_all("els => els.map(e => e.dataset.type)")
    feed = every_page(api, f"/games/{game_id}/events")
    assert feed and not [e for e in feed if e["type"] == WHISPER or "psst" in (e["text"] or "")]

    # after the end a werewolf's replay has the pack's whispers, on the replay page too; the spectator's has none
    wolf = next(int(s) for s, role in final["roles"].items() if role == "werewolf")
    total = len(api.get(f"/games/{game_id}/audit").json()["events"])
    as_wolf = every_page(api, f"/games/{game_id}/replay", at=total, **{"as": wolf})
    assert [e for e in as_wolf if e["type"] == WHISPER and "psst" in e["text"]]
    as_spectator = every_page(api, f"/games/{game_id}/replay", at=total)
    assert not [e for e in as_spectator if e["type"] == WHISPER or "psst" in (e["text"] or "")]
    replay = pages.open(f"/replay/{game_id}?as={wolf}", PHONE)
    wait_ready(replay)
    replayed(replay, total, str(wolf))
    assert [line for line in feed_shown(replay) if "psst" in line]
    pages.assert_no_errors()


def test_a_werewolfs_page_whispers_each_of_its_turns_within_the_whisper_step(pages, api):
    """Day 0 of a 13-player game: the whispers are one step, each werewolf's turn its own prompt within it; a
    werewolf's page shows each prompt and sends its words, which its page's feed tells and the spectator's never."""
    names = [f"P{i}" for i in range(1, 14)]
    body = {"ruleset": "aiwolf", "preset": "13", "names": names, "lang": "en", "options": {"time_scale": SCALE}}
    game = api.post("/games", json=body).json()
    game_id, host = game["game_id"], auth(game["host_token"])
    assert api.post(f"/games/{game_id}/start", headers=host).status_code == 200
    rng = random.Random(13)
    seats: list[ApiSeat | PageSeat] = [ApiSeat(api, game_id, s["seat"], s["token"], rng) for s in game["seats"]]
    wolf = next(seat for seat in seats if seat.view()["role"] == "werewolf")
    page_seat = PageSeat(api, game_id, wolf.seat, wolf.token, rng, open_seat(pages, game, wolf.seat))
    seats[wolf.seat - 1] = page_seat
    watch = pages.open(f"/watch/{game_id}")
    wait_ready(watch)
    asked: list[str] = []
    deadline = time.monotonic() + 60
    while api.get(f"/games/{game_id}/view").json()["view"]["day"] == 0:  # day 0: whispers, talk, whispers
        assert time.monotonic() < deadline, "day 0 did not end"
        for seat in seats:
            view = seat.view()
            decision = owed(view)
            if seat is page_seat and decision:
                asked.append(decision["kind"])
            seat.act(view)
    assert asked.count("whisper") >= 2 and "talk" in asked, asked
    assert page_seat.clicks >= len(asked) - 1  # each prompt shown and answered on the page (one may close first)
    feed = by_testid(page_seat.page, "feed").locator('[data-testid="feed-item"]')
    expect(feed.filter(has_text=re.compile(r"^You whisper: "))).not_to_have_count(0)
    shown = watch.locator('[data-testid="feed-item"]')
    assert WHISPER not in shown.evaluate_all("els => els.map(e => e.dataset.type)")
    assert not [line for line in shown.all_inner_texts() if re.search(r"[Ww]hispers?: ", line)]
    assert api.post(f"/games/{game_id}/abort", headers=host).status_code == 200
    pages.assert_no_errors()
