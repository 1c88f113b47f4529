"""The README's "Game night", followed word for word: its command run as written (with the port flag the
section allows, on a free port), the address it prints opened in the browser, a game created there, its
code scanned (the QR code holds the join link), a player joining under a name from the link, and Start."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
from playwright.sync_api import expect

from grimoire.service.routes_table import is_loopback
from grimoire.service.serving import free_port
from tests.browser.conftest import PHONE
from tests.browser.serve import ROOT


def by_testid(page, testid: str):
    return page.locator(f'[data-testid="{testid}"]')


def game_night() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split("\n## Game night\n", 1)[1].split("\n## ", 1)[0]


def printed_address(log: Path, label: str, proc: subprocess.Popen) -> str:
    """The address `serve` prints after `label`, once it listens there."""
    deadline = time.monotonic() + 90  # a loaded machine imports slowly
    while time.monotonic() < deadline and proc.poll() is None:
        found = re.search(rf"^{re.escape(label)}\s+(\S+)", log.read_text(encoding="utf-8"), re.M)
        if found:
            try:
                if httpx.get(found.group(1) + "health/ready", timeout=1).status_code == 200:
                    return found.group(1)
            except httpx.HTTPError:
                pass
        time.sleep(0.1)
    raise AssertionError(f"grimoire serve printed no address after {label!r}:\n{log.read_text()}")


def test_the_readmes_game_night_is_followed_word_for_word_from_its_command_to_start(browser, tmp_path):
    section = game_night()
    commands = re.findall(r"^    (\S.*)$", section, re.M)
    assert commands == [".venv/bin/grimoire serve --lan"]
    program, *args = commands[0].split()
    # the README's first command installs the `grimoire` script into .venv/bin, beside the interpreter
    argv = [str(Path(sys.executable).parent / Path(program).name), *args]
    port_flag = re.search(r"add `(--port) \d+`", section)
    assert port_flag, "the section no longer lets the port be chosen"
    argv += [port_flag.group(1), str(free_port())]
    label = re.search(r"Open the address it prints after `([^`]+)`", section)
    assert label
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRIMOIRE_")}
    log = tmp_path / "serve.out"
    with open(log, "wb") as out:
        proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        address = printed_address(log, label.group(1), proc)
        assert re.fullmatch(r"http://[0-9.]+:\d+/", address)  # this computer's address on the network
        context = browser.new_context(viewport=PHONE, locale="en-US")
        try:
            host = context.new_page()
            host.goto(address)
            by_testid(host, "create-submit").click()  # "create a game": as the form stands
            link = by_testid(host, "join-link")
            expect(link).to_have_attribute("href", re.compile("^" + re.escape(address) + "play/"))
            join = link.get_attribute("href")
            assert join
            if is_loopback(address):  # a computer with no network: both serve and the panel say so
                assert "No phone can open this address" in log.read_text(encoding="utf-8")
                expect(by_testid(host, "loopback-warning")).to_be_visible()
            else:
                expect(by_testid(host, "loopback-warning")).to_have_count(0)
            qr = httpx.get(address.rstrip("/") + by_testid(host, "join-qr").get_attribute("src"), timeout=10).text
            assert f"<title>{join}</title>" in qr  # the code a phone scans is the join link

            phone = browser.new_context(viewport=PHONE, locale="en-US").new_page()
            phone.goto(join)
            by_testid(phone, "join-name").fill("Ann")
            by_testid(phone, "join-submit").click()
            expect(by_testid(phone, "my-name")).to_contain_text("Ann")
            game = join.rsplit("/", 1)[1]
            view = httpx.get(f"{address}games/{game}/view", timeout=10).json()["view"]
            for n in range(view["seats"] - len(view["names"])):  # the others join alike; here through the API
                r = httpx.post(f"{address}games/{game}/seats", json={"name": f"P{n + 2}"}, timeout=10)
                assert r.status_code == 201, r.text
            expect(by_testid(host, "open-seats")).to_have_text("0")
            expect(by_testid(host, "start")).to_be_enabled()
            by_testid(host, "start").click()
            expect(by_testid(host, "host-status")).to_have_attribute("data-status", "running")
            phone.context.close()
        finally:
            context.close()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
