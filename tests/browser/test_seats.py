"""Seats that survive a closed tab, in a real browser at a phone's size: the seat page and the host's page
come back from the join link and the page's address, and a seat moves to another phone by its transfer
link, whose code travels only in the fragment and in a request body."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.test_table import by_testid, wait_ready


def reopen(page, url: str):
    """The tab closed, and a new one opened in the same browser (its storage kept)."""
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(url)
    wait_ready(again)
    return again


def test_a_closed_seat_tab_and_a_closed_host_tab_come_back_and_a_seat_moves_by_its_transfer_link(
    pages, proxy, server, api, origin
):
    home = pages.open("/")
    wait_ready(home)
    by_testid(home, "create-submit").click()
    expect(by_testid(home, "open-seats")).to_have_text("9")
    join = urlsplit(by_testid(home, "join-link").get_attribute("href")).path
    game_id = by_testid(home, "game-id").inner_text().strip()

    seat = pages.open(join)
    by_testid(seat, "join-name").fill("Ann")
    by_testid(seat, "join-submit").click()
    expect(by_testid(seat, "my-seat")).to_have_text("1")
    seat = reopen(seat, origin + join)  # the join link, in a new tab: the same seat, no join form
    expect(by_testid(seat, "my-seat")).to_have_text("1")
    expect(by_testid(seat, "join-name")).to_have_count(0)

    for i in range(2, 10):
        assert api.post(f"/games/{game_id}/seats", json={"name": f"P{i}"}).status_code == 201
    home = reopen(home, origin + "/")  # the host's page from its address: the panel and its commands
    expect(by_testid(home, "open-seats")).to_have_text("0")
    by_testid(home, "start").click()
    expect(by_testid(home, "host-status")).to_have_attribute("data-status", "running")
    expect(by_testid(home, "release-1")).to_be_visible()

    by_testid(seat, "transfer-start").click()
    expect(by_testid(seat, "transfer-qr")).to_be_visible()
    link = urlsplit(by_testid(seat, "transfer-link").get_attribute("href"))
    code = link.fragment.removeprefix("transfer=")
    assert link.path == f"/play/{game_id}" and not link.query and code
    other = pages.open(f"{link.path}#{link.fragment}")
    wait_ready(other)
    expect(by_testid(other, "my-seat")).to_have_text("1")
    assert code not in other.url
    expect(by_testid(seat, "claim-seat-number")).to_be_visible()  # the old phone's stream ended: it left the seat
    expect(by_testid(seat, "my-seat")).to_have_count(0)
    seat = reopen(seat, origin + join)  # and its token is gone from its storage
    expect(by_testid(seat, "my-seat")).to_have_count(0)
    assert [s.target for s in proxy.seen if code in s.target] == []
    assert code not in server.log_text()
    pages.assert_no_errors()
