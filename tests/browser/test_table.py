"""The table in a real browser: games played, watched and replayed from the pages `grimoire serve` ships.

Every page is opened on a LAN-style origin (not a secure context) through a proxy that records each
request line the service is sent (conftest.py); each test that plays from pages ends by checking that no
request URL the service saw, and no line of its log, carries a token.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from grimoire.domain.events import sees
from tests.browser.conftest import DESKTOP, PHONE, screenshots
from tests.browser.players import ApiSeat, PageSeat, auth, owed, play_out

STATIC = Path(__file__).resolve().parents[2] / "service" / "static" / "table"
OTHER_RULESETS = {  # ruleset -> the game's language and how many seats play from pages
    "ultimate13": ("en", 3),
    "langrensha": ("zh-Hans", 2),
    "witch_trial": ("zh-Hant", 2),
    "magic_city": ("ja", 2),
}


def by_testid(page, testid: str):
    return page.locator(f'[data-testid="{testid}"]')


def wait_ready(page) -> None:
    page.wait_for_selector('body[data-ready="1"]')


def assert_no_token_in_any_url(proxy, server, tokens: set[str]) -> None:
    """No request line the service was sent, through the proxy or in its own log, holds a token: neither
    the ones the test knows nor any that reached the service in an Authorization header."""
    used = {seen.bearer for seen in proxy.seen if seen.bearer}
    assert used, "no page sent a token at all"
    secrets = tokens | used
    leaks = [seen.target for seen in proxy.seen if any(secret in seen.target for secret in secrets)]
    assert leaks == []
    logged = server.log_text()
    assert [secret for secret in secrets if secret in logged] == []


def assert_spectator_shows_no_role(watch, role_names: list[str]) -> None:
    """No seat on the spectator's page carries a role or shows a role's name; no `role` of its own."""
    assert by_testid(watch, "role").count() == 0
    seats = watch.locator('[data-testid^="seat-"]:not([data-testid^="seat-name-"])')
    assert seats.count() > 0
    assert seats.evaluate_all("els => els.filter(e => e.dataset.role).length") == 0
    shown = " ".join(seats.all_inner_texts())
    assert [name for name in role_names if name in shown] == []


def test_the_pages_use_no_api_that_needs_a_secure_context():
    """Phones on the LAN load the pages over plain http: no crypto.randomUUID, no crypto.subtle."""
    scripts = {path.name: path.read_text(encoding="utf-8") for path in STATIC.glob("*.js")}
    assert "play.js" in scripts
    uses = {name: re.findall(r"randomUUID\s*\(|crypto\.subtle", text) for name, text in scripts.items()}
    assert {name: found for name, found in uses.items() if found} == {}


def test_a_jinro9_game_is_played_from_nine_seat_pages_while_the_spectator_page_never_shows_a_role(
    pages, proxy, server, api
):
    home = pages.open("/?lang=ja", DESKTOP, locale="ja-JP")
    wait_ready(home)
    by_testid(home, "ruleset-select").select_option("jinro9")
    by_testid(home, "preset-select").select_option("9A")
    by_testid(home, "game-lang-select").select_option("ja")
    home.locator("details", has=by_testid(home, "option-time_scale")).locator("summary").click()
    by_testid(home, "option-time_scale").fill("0.5")  # steps close when all have answered; deadlines for safety
    by_testid(home, "option-dead_see_all").check()  # the dead see every role: their banner says so
    screenshots(home, "home-ja")
    by_testid(home, "create-submit").click()
    expect(by_testid(home, "open-seats")).to_have_text("9")
    join = by_testid(home, "join-link").get_attribute("href")
    game_id = by_testid(home, "game-id").inner_text().strip()
    assert urlsplit(join).path == f"/play/{game_id}"
    expect(by_testid(home, "loopback-warning")).to_have_count(0)  # a LAN address: phones can open it

    names = ["あかり", "ゆうと", "さくら", "はると", "みお", "そうた", "ひなた", "りん", "けんじ"]
    seat_pages = []
    for name in names:
        page = pages.open(urlsplit(join).path, locale="ja-JP")
        by_testid(page, "join-name").fill(name)
        by_testid(page, "join-submit").click()
        by_testid(page, "my-seat").wait_for()
        seat_pages.append(page)
    expect(by_testid(home, "open-seats")).to_have_text("0")
    expect(by_testid(home, "force-deadline")).to_be_disabled()  # the lobby has no step to end
    bullets = by_testid(home, "host-seat").evaluate_all("els => els.map(e => getComputedStyle(e).listStyleType)")
    assert bullets == ["none"] * 9
    by_testid(home, "start").click()
    expect(by_testid(home, "host-status")).to_have_attribute("data-status", "running")
    expect(by_testid(home, "force-deadline")).to_be_enabled()  # and the panel says what it would end
    expect(by_testid(home, "host-now").locator('[data-testid="phase"]')).to_have_text(
        re.compile(r"^[☀☾] (\d+日目の)?[昼夜]$")
    )
    expect(by_testid(home, "host-now").locator('[data-testid="deadline"]')).to_have_text(re.compile(r"^\d+:\d\d$"))
    screenshots(home, "host-ja")

    watch = pages.open(f"/watch/{game_id}", DESKTOP, locale="ja-JP")
    wait_ready(watch)
    expect(watch.locator("body")).to_have_attribute("data-phase", "night")  # night 0: the page darkens
    expect(by_testid(watch, "phase")).to_have_class(re.compile(r"\bnight\b"))
    expect(by_testid(watch, "phase")).to_have_text("☾ 0日目の夜")  # as the feed says: 0日目の夜です
    screenshots(watch, "watch-night-ja")
    role_names = [role["name"] for role in api.get("/rulesets/jinro9", params={"lang": "ja"}).json()["roles"]]
    rng = random.Random(9)
    seats = []
    for page in seat_pages:
        wait_ready(page)
        number = int(by_testid(page, "my-seat").inner_text())
        token = page.evaluate(f"localStorage.getItem('grimoire:{game_id}:token')")
        assert token
        seats.append(PageSeat(api, game_id, number, token, rng, page))
    assert sorted(seat.seat for seat in seats) == list(range(1, 10))
    cards = {role["id"]: role["card"] for role in api.get("/rulesets/jinro9", params={"lang": "ja"}).json()["roles"]}
    first = seats[0]
    own = first.view()["role"]
    expect(by_testid(first.page, "role-card")).to_contain_text(cards[own])  # the seat's own role card, open
    by_testid(first.page, "role-card").locator("summary").click()  # folded on a tap, out of the way
    expect(by_testid(first.page, "role-card")).not_to_have_attribute("open", "")
    shot_taken = []
    sights = TableSights(watch, seats)

    def each_round() -> None:
        assert_spectator_shows_no_role(watch, role_names)
        sights.look(api.get(f"/games/{game_id}/view").json()["view"])
        decision = owed(seats[0].view())
        if not shot_taken and decision and decision.get("targets"):  # the first seat with choices to click
            box = by_testid(seats[0].page, f"decision-{decision['kind']}")
            box.locator('[data-testid^="choice-"]').first.wait_for()
            screenshots(seats[0].page, "seat-ja")
            screenshots(watch, "watch-ja")
            shot_taken.append(True)

    final = play_out(api, game_id, lambda: by_testid(home, "force-deadline").click(), seats, each_round)

    assert final["status"] == "ended" and final["winners"]
    assert sum(seat.clicks for seat in seats) >= 40  # every vote, speech and night act was clicked
    assert sum(seat.turns_shown for seat in seats) >= 10  # "your turn" and the time left, on the first screen
    assert sum(seat.sends_held for seat in seats) >= 10  # no blank vote: "Send" waited for a choice
    sights.assert_seen()
    for page in [watch] + [seat.page for seat in seats]:  # after the end no chip says "live"
        expect(by_testid(page, "connection")).to_be_hidden()
        assert_feed_reads_in_order(page)
    roles = {int(seat): role for seat, role in final["roles"].items()}
    for seat, role in roles.items():  # the roles appear once the game has ended
        expect(by_testid(watch, f"seat-{seat}")).to_have_attribute("data-role", role)
    expect(by_testid(watch, "result")).not_to_be_empty()
    for seat in seats:
        expect(by_testid(seat.page, "result")).not_to_be_empty()
        expect(by_testid(seat.page, "role")).to_have_attribute("data-role", roles[seat.seat])
    other = next(s for s in roles if roles[s] != own)  # at the end every role is revealed: a tap reads its card
    by_testid(first.page, f"seat-{other}").click()
    expect(by_testid(first.page, "role-info")).to_contain_text(cards[roles[other]])
    screenshots(first.page, "role-card")
    by_testid(first.page, "role-info-close").click()
    expect(by_testid(first.page, "role-info")).to_be_hidden()
    for seat in seats[:3]:  # the receipts a page kept hold against the published log, in a menu out of the way
        expect(by_testid(seat.page, "receipts-download")).to_be_hidden()
        by_testid(seat.page, "receipts").locator("summary").click()
        expect(by_testid(seat.page, "receipts-download")).to_be_visible()
        kept = json.loads(seat.page.evaluate(f"localStorage.getItem('grimoire:{game_id}:receipts:{seat.seat}')"))
        assert len(kept) >= 1 and int(by_testid(seat.page, "receipts-count").inner_text()) == len(kept)
        assert api.post(f"/games/{game_id}/audit/receipts", json=kept).json()["ok"] is True
    pages.assert_no_errors()
    assert_no_token_in_any_url(proxy, server, {seat.token for seat in seats})


class TableSights:
    """What the jinro9 table shows while its game goes on, each checked against the view of the moment: the
    speaker's seat marked on the spectator's page, night darkening it, and a dead seat's banner (this game shows
    the dead every role)."""

    def __init__(self, watch, seats: list[PageSeat]) -> None:
        self.watch = watch
        self.seats = seats
        self.speakers = self.days = self.dead = 0
        self.dead_shot = False

    def look(self, public: dict) -> None:
        if public["status"] != "running":
            return
        living = sum(public["alive"])
        if 0 < len(public["acting"]) < living:
            shown = self.watch.locator('[data-testid^="seat-"][aria-current="true"]')
            if self.until(
                lambda: shown.evaluate_all("els => els.map(e => +e.dataset.testid.slice(5))") == public["acting"]
            ):
                self.speakers += 1
        phase = public["phase"]
        if self.until(lambda: self.watch.evaluate("document.body.dataset.phase") == phase):
            self.days += phase == "day"
            chip = by_testid(self.watch, "phase")
            assert chip.get_attribute("class").split()[-1] == ("night" if phase == "night" else "day")
        for seat in self.seats:
            if public["alive"][seat.seat - 1]:
                continue
            banner = by_testid(seat.page, "dead-banner")
            every_role = by_testid(seat.page, "dead-see-all")
            if self.until(lambda banner=banner, every_role=every_role: banner.is_visible() and every_role.is_visible()):
                assert "あなたは死亡しました" in banner.inner_text()
                assert "全員の役職が公開されます" in every_role.inner_text()
                assert seat.page.locator(".seats li:has(.role, .known)").count() == 9
                self.dead += 1
                if not self.dead_shot:
                    screenshots(seat.page, "dead-ja")
                    self.dead_shot = True

    @staticmethod
    def until(condition) -> bool:
        """Whether the page comes to show it within a few seconds (False: the game moved on first)."""
        deadline = time.monotonic() + 3
        while not condition():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)
        return True

    def assert_seen(self) -> None:
        assert self.speakers >= 3 and self.days >= 1 and self.dead >= 1, (self.speakers, self.days, self.dead)


def assert_feed_reads_in_order(page) -> None:
    """The feed's shown lines are numbered 1, 2, 3… with no gap, and no line is drawn empty (an item without
    words, such as a quiet extension, keeps its place unseen)."""
    lines = page.locator('[data-testid="feed"] li').evaluate_all(
        "els => els.map(e => [e.checkVisibility(), e.value, e.innerText.trim()])"
    )
    shown = [(value, text) for visible, value, text in lines if visible]
    assert sorted(value for value, _ in shown) == list(range(1, len(shown) + 1))
    assert [text for _, text in shown if not text] == []
    assert [text for visible, _, text in lines if not visible and text] == []


def test_the_host_panel_warns_in_the_pages_language_when_the_join_link_is_this_machines_own(browser, proxy):
    """Opened at 127.0.0.1 (no public address set), the join link and its code point at this machine itself:
    the panel says no phone can open them and how to serve the table to phones, after a reload too."""
    context = browser.new_context(viewport=PHONE, locale="ja-JP")
    try:
        home = context.new_page()
        home.goto(f"http://127.0.0.1:{proxy.port}/")
        by_testid(home, "create-submit").click()
        expect(by_testid(home, "join-link")).to_have_attribute("href", re.compile(r"^http://127\.0\.0\.1:"))
        expect(by_testid(home, "open-seats")).to_have_text("9")
        warning = by_testid(home, "loopback-warning")
        expect(warning).to_contain_text("スマホからは開けません")
        assert warning.locator("code").all_inner_texts() == [
            "grimoire serve --lan",
            "grimoire serve --host 0.0.0.0",
            "GRIMOIRE_PUBLIC_URL",
            "grimoire serve",
        ]
        screenshots(home, "host-loopback")
        home.goto(f"http://127.0.0.1:{proxy.port}/?lang=en")  # the panel comes back from the tab's storage
        expect(by_testid(home, "loopback-warning")).to_contain_text("No phone can open this join link")
        expect(by_testid(home, "loopback-warning")).to_contain_text("grimoire serve listens on 127.0.0.1 by default")
        screenshots(home, "host-en")
        # aborting asks first; "keep playing" keeps the game, "yes, abort" ends it
        expect(by_testid(home, "force-deadline")).to_be_disabled()
        expect(by_testid(home, "abort-confirm")).to_be_hidden()
        by_testid(home, "abort").click()
        expect(by_testid(home, "abort-confirm")).to_contain_text("cannot be resumed")
        by_testid(home, "abort-no").click()
        expect(by_testid(home, "abort-confirm")).to_be_hidden()
        time.sleep(0.3)
        expect(by_testid(home, "host-status")).to_have_attribute("data-status", "lobby")
        by_testid(home, "abort").click()
        by_testid(home, "abort-yes").click()
        expect(by_testid(home, "host-status")).to_have_attribute("data-status", "ended")  # ended, its result: aborted
        expect(by_testid(home, "abort")).to_be_disabled()
    finally:
        context.close()


def started_game(api, ruleset: str, lang: str, time_scale: float) -> dict:
    info = api.get(f"/rulesets/{ruleset}").json()
    preset, count = next(iter(info["preset_seats"].items()))
    names = [f"Player {i}" for i in range(1, count + 1)]
    r = api.post(
        "/games",
        json={
            "ruleset": ruleset,
            "preset": preset,
            "names": names,
            "lang": lang,
            "options": {"time_scale": time_scale},
        },
    )
    assert r.status_code == 201, r.text
    game = r.json()
    assert api.post(f"/games/{game['game_id']}/start", headers=auth(game["host_token"])).status_code == 200
    return game


def open_seat(pages, game: dict, seat: int, size=PHONE, locale: str = "en-US"):
    """A seat's page opened from its secret link; the token leaves the address bar."""
    token = game["seats"][seat - 1]["token"]
    page = pages.open(f"/play/{game['game_id']}#token={token}", size, locale=locale)
    wait_ready(page)
    assert token not in page.url
    assert int(by_testid(page, "my-seat").inner_text()) == seat
    return page


@pytest.mark.parametrize("ruleset", sorted(OTHER_RULESETS))
def test_a_game_of_each_other_ruleset_is_played_to_its_end_from_seat_pages_and_bots(ruleset, pages, proxy, server, api):
    lang, from_pages = OTHER_RULESETS[ruleset]
    locale = {"en": "en-US", "ja": "ja-JP", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW"}[lang]
    game = started_game(api, ruleset, lang, time_scale=1)
    game_id = game["game_id"]
    rng = random.Random(ruleset)
    seats: list[ApiSeat | PageSeat] = []
    for entry in game["seats"]:
        number, token = entry["seat"], entry["token"]
        if number <= from_pages:
            seats.append(PageSeat(api, game_id, number, token, rng, open_seat(pages, game, number, locale=locale)))
        else:
            seats.append(ApiSeat(api, game_id, number, token, rng))
    page_seats = [seat for seat in seats if isinstance(seat, PageSeat)]
    seen = RulesetSights(ruleset, page_seats)
    info = api.get(f"/rulesets/{ruleset}", params={"lang": lang}).json()
    cards = {role["id"]: role["card"] for role in info["roles"] + info["states"]}
    view = page_seats[0].view()  # witch_trial deals cards: its seat reads the prisoner's card, or the witch's
    own = view["role"] or ("witch" if "witch_killer" in view["private"]["hand"] else "prisoner")
    expect(by_testid(page_seats[0].page, "role-card")).to_contain_text(cards[own])
    if ruleset == "witch_trial":  # a tap on a card of the hand reads what the card does
        card = view["private"]["hand"][0]
        by_testid(page_seats[0].page, "hand").locator(f'[data-testid="card-{card}"]').first.click()
        expect(by_testid(page_seats[0].page, "role-info")).to_contain_text(cards[card])

    final = play_out(
        api, game_id, lambda: api.post(f"/games/{game_id}/deadline", headers=auth(game["host_token"])), seats, seen
    )

    assert final["status"] == "ended"
    assert sum(seat.clicks for seat in page_seats) >= 1
    if ruleset == "magic_city":  # every day's vote may be an abstention: the page's own button took one
        assert sum(seat.abstained for seat in page_seats) >= 1
    seen.assert_seen()
    for seat in page_seats:
        expect(by_testid(seat.page, "result")).not_to_be_empty()
    pages.assert_no_errors()
    assert_no_token_in_any_url(proxy, server, {seat.token for seat in seats})


class RulesetSights:
    """What a ruleset's seat pages must show from their views while the game goes on: a witch_trial
    hand, magic_city's event in force, langrensha's sheriff to those who may know it."""

    def __init__(self, ruleset: str, seats: list[PageSeat]) -> None:
        self.ruleset = ruleset
        self.seats = seats
        self.checked = 0
        self.shot = False

    def __call__(self) -> None:
        for seat in self.seats:
            view = seat.view()
            if view["status"] != "running":
                continue
            self.checked += self.check(seat.page, view)
            decision = owed(view)
            if not self.shot and decision and decision.get("targets"):  # a page with choices to click
                seat.page.locator(
                    f'[data-testid="decision-{decision["kind"]}"] [data-testid^="choice-"]'
                ).first.wait_for()
                screenshots(seat.page, f"seat-{self.ruleset}")
                self.shot = True

    def check(self, page, view: dict) -> int:
        private = view.get("private") or {}
        shown = 0
        if private.get("hand"):  # witch_trial: the seat's cards
            hand = by_testid(page, "hand").locator('[data-testid^="card-"]')
            cards = {f"card-{card}" for card in private["hand"]}
            shown += self.eventually(lambda: set(hand.evaluate_all("els => els.map(e => e.dataset.testid)")) == cards)
        if private.get("offer"):  # witch_trial: a trade offered to the seat
            expect(by_testid(page, "offer")).to_be_visible()
            shown += 1
        if (private.get("today") or {}).get("event"):  # magic_city: the event in force
            event = private["today"]["event"]
            expect(by_testid(page, "today")).to_have_attribute("data-event", event)
            shown += 1
        if private.get("sheriff"):  # langrensha: the sheriff, to those who know
            sheriff = str(private["sheriff"])
            expect(by_testid(page, "sheriff")).to_have_attribute("data-seat", sheriff)
            shown += 1
        if private.get("lover"):  # langrensha: the seat's lover
            lover = str(private["lover"][0])
            expect(by_testid(page, "lover")).to_have_attribute("data-seat", lover)
            shown += 1
        return shown

    @staticmethod
    def eventually(condition) -> int:
        deadline = time.monotonic() + 5
        while not condition():
            assert time.monotonic() < deadline, "the page did not show what its view holds"
            time.sleep(0.1)
        return 1

    def assert_seen(self) -> None:
        if self.ruleset == "witch_trial":  # every seat holds cards; magic_city may deal no event while pages watch
            assert self.checked > 0


def feed_of_page(page) -> list[tuple[int, str]]:
    """The page's feed items as (number, type), in number order (the page may list the newest first)."""
    items = page.locator('[data-testid="feed-item"]').evaluate_all("els => els.map(e => [e.dataset.n, e.dataset.type])")
    return sorted((int(n), kind) for n, kind in items)


def test_a_seat_page_whose_stream_is_cut_resumes_after_its_last_item_without_losing_or_repeating_one(
    pages, proxy, server, api
):
    game = started_game(api, "ultimate13", "en", time_scale=100)
    game_id = game["game_id"]
    page = open_seat(pages, game, 1)
    rng = random.Random(13)
    bots = [ApiSeat(api, game_id, s["seat"], s["token"], rng) for s in game["seats"] if s["seat"] != 1]

    def feed_of_seat_1() -> list[dict]:
        return api.get(
            f"/games/{game_id}/events", params={"after": 0, "limit": 500}, headers=auth(game["seats"][0]["token"])
        ).json()["events"]

    def settle() -> list[dict]:
        """The page's feed once it has caught up with the API's."""
        expected = feed_of_seat_1()
        deadline = time.monotonic() + 10
        while feed_of_page(page) != [(item["n"], item["type"]) for item in expected]:
            assert time.monotonic() < deadline, (feed_of_page(page), [item["n"] for item in expected])
            time.sleep(0.1)
            expected = feed_of_seat_1()
        return expected

    for bot in bots:  # the first day's actions, so the feed has items before the cut
        bot.act(bot.view())
    before = settle()
    assert proxy.open_feeds() >= 1
    streams_before = len([s for s in proxy.seen if "/stream" in s.target])

    assert proxy.drop_feeds() >= 1
    for bot in bots:  # events while the page is cut off or reconnecting
        bot.act(bot.view())
    api.post(f"/games/{game_id}/deadline", headers=auth(game["host_token"]))
    by_testid(page, "connection").and_(page.locator('[data-state="live"]')).wait_for()
    after = settle()

    assert len(after) > len(before)
    assert [n for n, _ in feed_of_page(page)] == list(range(1, len(after) + 1))  # none lost, none twice
    resumed = [s.target for s in proxy.seen if "/stream" in s.target][streams_before:]
    assert any(f"after={before[-1]['n']}" in target for target in resumed), resumed
    watch = pages.open(f"/watch/{game_id}")
    wait_ready(watch)
    assert_feed_reads_in_order(watch)
    screenshots(page, "seat-en")
    screenshots(watch, "watch-en")
    api.post(f"/games/{game_id}/abort", headers=auth(game["host_token"]))
    pages.assert_no_errors()
    assert_no_token_in_any_url(proxy, server, {s["token"] for s in game["seats"]})


def replayed(page, at: int, who: str) -> None:
    """Waits until the replay page shows `who`'s view and feed at the point `at`."""
    page.wait_for_selector(f'body[data-replayed="{at}:{who}"]')


def feed_shown(page, own: bool = False) -> list[str]:
    """The replay's feed lines as the page shows them, oldest first (the page lists the newest first): the
    API's texts, or (`own`) the lines the page tells of the seat's own answers the API gives no words."""
    items = by_testid(page, "replay-feed").locator(
        '[data-testid="feed-item"]' + ("[data-own]" if own else ":not([data-own])")
    )
    return [text for text in reversed(items.all_inner_texts()) if text]


def feed_replayed(api, game_id: str, at: int, who: str, lang: str) -> list[str]:
    r = api.get(f"/games/{game_id}/replay", params={"at": at, "as": who, "lang": lang, "limit": 500}).json()
    return [e["text"] for e in r["events"] if e["text"]]


def audience(audited: dict) -> str | tuple[int, ...]:
    to = audited["event"].get("to", "public")
    return to if isinstance(to, str) else tuple(to)


def assert_fits_a_phone(page) -> None:
    """No horizontal scroll, and every control a finger's width high."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    small = page.locator("main button, main select, main .button").evaluate_all(
        "els => els.filter(e => e.checkVisibility() && e.getBoundingClientRect().height < 40).map(e => e.outerHTML)"
    )
    assert small == []


def test_the_replay_page_tells_a_seats_game_then_what_really_happened_and_shares_the_point(pages, api):
    """On a phone: a seat's feed and seats at the start of a day as the API replays them for it (its own night
    action among them), one line on, then what really happened (the moderator's view at the same point), a
    jump to a night, and the page's link to that point opened in a new page landing there; in English and in
    Japanese."""
    game = started_game(api, "jinro9", "en", time_scale=100)
    game_id = game["game_id"]
    rng = random.Random(4)
    bots = [ApiSeat(api, game_id, s["seat"], s["token"], rng) for s in game["seats"]]
    end = play_out(api, game_id, lambda: api.post(f"/games/{game_id}/deadline", headers=auth(game["host_token"])), bots)
    audit = api.get(f"/games/{game_id}/audit").json()["events"]
    marks = api.get(f"/games/{game_id}/replay", params={"at": 0}).json()["phases"]
    night1 = next(m["at"] for m in marks if (m["phase"], m["day"]) == ("night", 1))
    # a seat's own night action on night 1 (a divination, a guard), and the day after it; not the wolves'
    # attack, which their feed tells in words (each wolf sees its partner's pick)
    i, act = next(
        (i, e["event"])
        for i, e in enumerate(audit[night1:], night1)
        if e["event"]["type"] == "act"
        and audience(e) != "public"
        and e["event"]["action"].get("target")
        and e["event"]["action"]["kind"] != "attack"
    )
    who = str(act["seat"])
    day = next(m for m in marks if m["at"] > i and m["phase"] == "day")
    chose = api.get("/rulesets/jinro9", params={"lang": "en"}).json()["labels"]["actions"][act["action"]["kind"]]

    page = pages.open(f"/replay/{game_id}")
    wait_ready(page)
    replayed(page, len(audit), "spectator")
    by_testid(page, "viewer-select").select_option(who)
    page.locator(f'[data-testid="jump"][data-phase="day"][data-day="{day["day"]}"]').click()
    replayed(page, day["at"], who)
    assert feed_shown(page) == feed_replayed(api, game_id, day["at"], who, "en")
    expected = api.get(f"/games/{game_id}/replay", params={"at": day["at"], "as": who}).json()["view"]
    assert json.loads(by_testid(page, "replay-view-json").text_content() or "null") == expected
    assert by_testid(page, "role").get_attribute("data-role") == end["roles"][who]
    shown_roles = page.locator('[data-testid^="seat-"][data-role]').evaluate_all(
        "els => els.map(e => e.dataset.testid)"
    )
    assert shown_roles == [f"seat-{n}" for n in sorted(map(int, expected["roles"]))]  # only the roles it knew
    assert len(shown_roles) < 9
    target = end["names"][act["action"]["target"] - 1]
    assert f"Your answer: {chose} {target}" in feed_shown(page, own=True)  # its night action, told from its labels
    nxt = next(i + 1 for i in range(day["at"], len(audit)) if sees(audience(audit[i]), int(who)))
    by_testid(page, "step-forward").click()
    replayed(page, nxt, who)
    assert feed_shown(page) == feed_replayed(api, game_id, nxt, who, "en")
    assert_fits_a_phone(page)
    screenshots(page, "replay-en")

    by_testid(page, "step-back").click()  # the line just brought in goes again
    replayed(page, nxt - 1, who)

    by_testid(page, "truth").click()
    replayed(page, nxt - 1, "moderator")
    assert feed_shown(page) == feed_replayed(api, game_id, nxt - 1, "moderator", "en")
    assert page.locator('[data-testid^="seat-"][data-role]').count() == 9
    page.locator('[data-testid="jump"][data-phase="night"][data-day="1"]').click()
    replayed(page, night1, "moderator")
    assert by_testid(page, "phase").get_attribute("data-phase") == "night"
    assert by_testid(page, "viewer-select").input_value() == who
    assert f"as={who}" in page.url and f"at={night1}" in page.url and "truth=1" in page.url
    by_testid(page, "verify-result").and_(page.locator('[data-ok="true"]')).wait_for()
    assert_fits_a_phone(page)

    href = by_testid(page, "share-link").get_attribute("href")
    assert href.startswith(pages.origin + "/replay/")  # the address this phone reached the page at
    link = urlsplit(href)
    for lang, locale in (("en", "en-US"), ("ja", "ja-JP")):
        shared = pages.open(f"{link.path}?{link.query}" + ("&lang=ja" if lang == "ja" else ""), locale=locale)
        wait_ready(shared)
        replayed(shared, night1, "moderator")
        assert by_testid(shared, "truth").get_attribute("aria-pressed") == "true"
        assert by_testid(shared, "viewer-select").input_value() == who
        assert feed_shown(shared) == feed_replayed(api, game_id, night1, "moderator", lang)
        assert_fits_a_phone(shared)
    assert by_testid(shared, "truth").inner_text() == "実際に起きたこと"
    screenshots(shared, "replay-ja")
    pages.assert_no_errors()
