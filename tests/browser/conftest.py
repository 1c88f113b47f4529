"""Browser tests: a real `grimoire serve` on a SQLite file, a recording proxy in front of it, and the
system's Chromium driven by Playwright.

The pages are opened at http://grimoire.test:PORT/, a name Chromium maps to the proxy on 127.0.0.1
(`--host-resolver-rules`): an origin that is not localhost is not a secure context, as a phone on the
LAN is not, so every test also checks that the pages need no secure-context-only API.
Without Chromium at /usr/bin/chromium the tests fail (CI installs it with apt-get); they never skip.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from grimoire.service.serving import free_port
from tests.browser.proxy import Proxy
from tests.browser.serve import CHROMIUM, HOST, MISSING_CHROMIUM, Server, launch

expect.set_options(timeout=15_000)  # a loaded machine: pages may take seconds to catch up
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("serve"))
    yield s
    s.stop()


@pytest.fixture(scope="session")
def proxy(server: Server) -> Iterator[Proxy]:
    p = Proxy(upstream=server.url, port=free_port())
    p.start()
    yield p
    p.stop()


@pytest.fixture(scope="session")
def origin(proxy: Proxy) -> str:
    """Where the pages are opened: a LAN-style origin, not a secure context."""
    return f"http://{HOST}:{proxy.port}"


@pytest.fixture(scope="session")
def api(server: Server) -> Iterator[httpx.Client]:
    """The API itself, straight to the server, for the test's own set-up, bots and checks."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.is_file():
        pytest.fail(MISSING_CHROMIUM, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


class Pages:
    """The pages a test opens, each in its own browser context (its own session storage, like its own
    phone); uncaught script errors on any of them are collected for `assert_no_errors`."""

    def __init__(self, browser, origin: str) -> None:
        self.browser = browser
        self.origin = origin
        self.contexts: list = []
        self.errors: list[str] = []

    def open(self, path: str, size: dict = PHONE, locale: str = "en-US"):
        context = self.browser.new_context(viewport=size, locale=locale)
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{page.url}: {exc}"))
        page.goto(self.origin + path)
        assert page.evaluate("isSecureContext") is False  # as on a phone on the LAN
        return page

    def assert_no_errors(self) -> None:
        assert self.errors == []

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser, origin) -> Iterator[Pages]:
    p = Pages(browser, origin)
    yield p
    p.close()


def screenshots(page, name: str) -> None:
    """Saves the page, whole, at a phone's and a desktop's width: screenshots/<name>-phone.png, -desktop.png."""
    SCREENSHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    for width, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size(size)
