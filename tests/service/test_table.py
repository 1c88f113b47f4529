"""The table's pages: served by the service, tokens never in a URL, nothing that needs a secure context,
within their weight budget; every label they show comes from the API in the game's language; the join
link's QR code and `serve --lan`."""

from __future__ import annotations

import re
import socket
import uuid
from pathlib import Path

import pytest

from grimoire.domain.catalog import ENGINES, RULESETS, initial_state
from grimoire.domain.events import MODERATOR
from grimoire.domain.texts import LANGS
from grimoire.projections.view import SPECTATOR, View, deliver, new_view
from grimoire.service import cli, serving
from grimoire.service.labels import labels_of, option_info
from grimoire.service.routes_landing import STATIC
from grimoire.service.routes_table import is_loopback, join_qr
from tests.bench.engine import play
from tests.support.api import client

TABLE = STATIC / "table"
SCRIPTS = sorted(TABLE.glob("*.js"))


def own_files() -> list[Path]:
    return [p for p in TABLE.iterdir() if p.suffix in (".js", ".css")]


# --- the static files ------------------------------------------------------------------------------


def test_the_pages_own_javascript_and_css_weigh_under_100_kb():
    assert sum(p.stat().st_size for p in own_files()) < 100_000


def test_no_page_uses_an_api_that_needs_a_secure_context_or_puts_a_token_in_a_url():
    """Plain http on a LAN address is not a secure context; an EventSource cannot send a token but in its URL."""
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        for needs_secure in ("randomUUID", "crypto.subtle", "navigator.clipboard", "serviceWorker"):
            assert needs_secure not in text, (script.name, needs_secure)
        assert "EventSource" not in text, script.name
        assert not re.search(r"[?&]token=", text), script.name
    assert "crypto.getRandomValues" in (TABLE / "common.js").read_text(encoding="utf-8")


def test_the_pages_load_nothing_from_another_origin():
    for path in own_files():
        assert not re.search(r"https?://", path.read_text(encoding="utf-8")), path.name
        assert "@import" not in path.read_text(encoding="utf-8"), path.name


def test_every_page_module_documents_its_dom_hooks_and_uses_only_those_it_documents():
    for name in ("home", "play", "watch", "replay"):
        text = (TABLE / f"{name}.js").read_text(encoding="utf-8")
        header = text.split("import", 1)[0]
        assert "DOM hooks (data-testid)" in header, name
        own = set(re.findall(r'testid: "([a-z-]+)"', text))
        assert own and all(hook in header for hook in own), (name, own - {h for h in own if h in header})


# --- the pages as served ------------------------------------------------------------------------


@pytest.mark.parametrize("page", ["/", "/play/{id}", "/watch/{id}", "/replay/{id}"])
def test_each_page_is_a_shell_around_its_module_with_a_strict_content_policy(database_url, page):
    with client(database_url) as c:
        r = c.get(page.format(id=uuid.uuid4()), headers={"Accept-Language": "zh-TW"})
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert '<html lang="zh-Hant">' in r.text
        module = re.search(r'<script type="module" src="(/static/table/\w+\.js)">', r.text)
        assert module and c.get(module.group(1)).status_code == 200
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["referrer-policy"] == "no-referrer"


def test_join_links_and_the_qr_code_use_the_public_url_when_one_is_set(database_url):
    game = str(uuid.uuid4())
    with client(database_url, public_url="http://192.168.1.20:8000") as c:
        assert 'content="http://192.168.1.20:8000"' in c.get(f"/play/{game}").text
        r = c.get(f"/play/{game}/qr.svg")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        assert r.content.startswith(b"<svg") and f"http://192.168.1.20:8000/play/{game}".encode() in r.content
    with client(database_url) as c:
        assert f"http://testserver.local/play/{game}".encode() in c.get(f"/play/{game}/qr.svg").content


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://127.8.9.10:8000", True),
        ("http://[::1]:8000", True),
        ("http://localhost:8000", True),
        ("http://LocalHost.:8000", True),
        ("http://table.localhost", True),
        ("http://192.168.1.20:8000", False),
        ("http://10.0.0.5", False),
        ("http://grimoire.test:8000", False),
        ("https://table.example.org", False),
    ],
)
def test_an_address_is_loopback_when_its_host_is_this_machine_itself(url, loopback):
    assert is_loopback(url) is loopback


def test_the_create_reply_names_the_join_link_and_flags_it_when_no_phone_can_open_it(database_url):
    body = {"ruleset": "jinro9", "preset": "9A"}
    with client(database_url) as c:
        for base, loopback in (("http://127.0.0.1:8000", True), ("http://localhost:8000", True), ("", False)):
            game = c.post(f"{base}/games", json=body).json()
            link = f"{base or 'http://testserver.local'}/play/{game['game_id']}"
            assert (game["join_link"], game["join_link_loopback"]) == (link, loopback)
            assert f"<title>{link}</title>".encode() in c.get(f"{base}/play/{game['game_id']}/qr.svg").content
    with client(database_url, public_url="http://192.168.1.20:8000") as c:
        game = c.post("http://127.0.0.1:8000/games", json=body).json()
        assert game["join_link"] == f"http://192.168.1.20:8000/play/{game['game_id']}"
        assert game["join_link_loopback"] is False
    with client(database_url, public_url="http://localhost:8000") as c:
        assert c.post("/games", json=body).json()["join_link_loopback"] is True


def test_the_qr_code_holds_the_join_link_and_nothing_else():
    link = f"http://10.0.0.5:8000/play/{uuid.uuid4()}"
    svg = join_qr(link).decode()
    assert f"<title>{link}</title>" in svg
    assert "token" not in svg


# --- labels: every id a view carries has a name in the game's language ------------------------------


def views_of_a_played_game(ruleset: str, preset: str, seed: int) -> list[View]:
    """Every view of every viewer after each event of a game played by random-legal bots."""
    seats = RULESETS[ruleset].preset_seats()[preset]
    state = initial_state()
    views = {v: new_view(v) for v in (*range(1, seats + 1), SPECTATOR, MODERATOR)}
    seen: list[View] = []
    for inp in play(ruleset, preset, seats, seed):
        out, state = ENGINES[ruleset].run(state, inp)
        for event in out:
            deliver(views, event)
            seen.extend(views.values())
    return seen


def unnamed(view: View, labels) -> list[str]:
    p = view.private
    missing = [f"action {d.kind}" for d in view.decisions if d.kind not in labels.actions]
    missing += [f"choice {o}" for d in view.decisions for o in d.options if o not in labels.choices and not o.isdigit()]
    missing += [f"barred {why}" for d in view.decisions for _, why in d.barred if why not in labels.barred]
    if view.step_name and view.step_name.split(".")[0] not in labels.steps:
        missing.append(f"step {view.step_name}")
    if view.phase and view.phase not in labels.phases:
        missing.append(f"phase {view.phase}")
    if view.result and view.result not in labels.results:
        missing.append(f"result {view.result}")
    missing += [f"knowledge {k}" for k in view.knowledge.values() if k not in labels.knowledge]
    cards = list(p.get("hand", [])) + ([p["offer"]["card"]] if "offer" in p else [])
    today = p.get("today") or {}
    cards += [today["event"]] if today.get("event") else []
    missing += [f"card {c}" for c in cards if c not in labels.cards]
    missing += [f"item {x}" for x in p.get("potions", []) if x not in labels.items]
    if today.get("format") and today["format"] not in labels.formats:
        missing.append(f"format {today['format']}")
    return missing


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_decision_choice_card_step_phase_and_result_of_a_played_game_has_a_name_in_each_language(ruleset):
    rs = RULESETS[ruleset]
    labels = {lang: labels_of(rs, lang) for lang in LANGS}
    missing: set[str] = set()
    for preset in (next(iter(rs.presets)), list(rs.presets)[-1]):  # the smallest table and the largest
        for view in views_of_a_played_game(ruleset, preset, seed=1):
            for lang in LANGS:
                missing.update(f"{lang}: {m}" for m in unnamed(view, labels[lang]))
    assert sorted(missing) == []


def test_labels_are_in_the_language_asked_for():
    rs = RULESETS["witch_trial"]
    assert labels_of(rs, "ja").cards["check"] == "検定魔法"
    assert labels_of(rs, "en").cards["check"] == "Inquest"
    assert labels_of(RULESETS["langrensha"], "zh-Hans").choices["stand"] == "上警"
    assert labels_of(RULESETS["jinro9"], "ja").actions["vote"] == "投票"
    assert labels_of(RULESETS["magic_city"], "zh-Hant").results["draw"] == "平局"


def test_a_rulesets_reply_carries_its_labels_in_the_language_asked_for(database_url):
    with client(database_url) as c:
        body = c.get("/rulesets/jinro9", params={"lang": "ja"}).json()
        assert body["labels"]["actions"]["divine"] == "占い"
        assert body["labels"]["phases"] == {"day": "昼", "night": "夜"}
        assert c.get("/rulesets/jinro9", params={"lang": "en"}).json()["labels"]["actions"]["divine"] == "divination"


# --- grimoire serve --lan --------------------------------------------------------------------------


def test_the_lan_address_is_an_ipv4_address_of_this_machine():
    address = serving.lan_address()
    socket.inet_aton(address)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind((address, 0))  # only an address of one of this machine's interfaces can be bound


def test_serve_lan_listens_on_every_interface_and_prints_the_table_at_the_lan_address(monkeypatch, capsys, tmp_path):
    import uvicorn

    ran = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(kw, app=app))
    monkeypatch.setattr(serving, "lan_address", lambda: "192.168.7.7")
    monkeypatch.delenv("GRIMOIRE_PUBLIC_URL", raising=False)
    assert cli.main(["serve", "--lan", "--port", "8123", "--database-url", str(tmp_path / "g.db")]) == 0
    assert ran["host"] == "0.0.0.0"
    assert "http://192.168.7.7:8123/" in capsys.readouterr().out
    assert ran["app"].state.service.settings.public_url == "http://192.168.7.7:8123"


def test_serve_lan_keeps_the_public_url_the_operator_named(monkeypatch, capsys, tmp_path):
    import uvicorn

    ran = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(kw, app=app))
    monkeypatch.setenv("GRIMOIRE_PUBLIC_URL", "https://table.example.org/")
    assert cli.main(["serve", "--lan", "--database-url", str(tmp_path / "g.db")]) == 0
    assert ran["app"].state.service.settings.public_url == "https://table.example.org"
    assert "https://table.example.org/" in capsys.readouterr().out


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_has_a_name_help_and_named_values_in_each_language(lang):
    for rs in RULESETS.values():
        for key, option in rs.all_options().items():
            info = option_info(rs, key, option, lang)
            assert info.name and info.help and info.name != key, (rs.id, key)
            assert set(info.choice_names) == set(option.choices), (rs.id, key)
            assert all(info.choice_names.values()), (rs.id, key)


def test_option_help_is_in_the_language_asked_for_with_the_rulesets_own_wording():
    jinro9, witch_trial = RULESETS["jinro9"], RULESETS["witch_trial"]
    vote = jinro9.all_options()["vote_seconds"]
    assert option_info(jinro9, "vote_seconds", vote, "ja").help == "投票と決選投票の時間。単位は秒。0は無期限。"
    assert option_info(witch_trial, "vote_seconds", witch_trial.all_options()["vote_seconds"], "en").help.startswith(
        "The imprisonment vote."
    )
    magic_city = RULESETS["magic_city"]
    babel = option_info(magic_city, "event_babel", magic_city.all_options()["event_babel"], "ja")
    assert babel.name == "バベルの魔塔" and "バベルの魔塔" in babel.help
