"""Problem documents as a client reads them: title and detail in the language asked (`?lang=`, else
Accept-Language), a refused option by its name, a refused setup by its reason, field errors too; the
stable `code` and the refusal's reason id stay as they were."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from litestar.testing import TestClient

from grimoire.service.app import create_app
from grimoire.service.settings import Settings


@pytest.fixture(scope="module")
def client():
    folder = Path(tempfile.mkdtemp(prefix="grimoire-problems-"))
    settings = Settings(database_url=str(folder / "g.db"), log_level="warning")
    with TestClient(create_app(settings)) as c:
        yield c


def test_problem_title_and_detail_are_in_the_language_asked(client):
    r = client.post("/games", params={"lang": "ja"}, json={"ruleset": "jinro9", "roles": ["villager"] * 9})
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "bad_roles"
    assert body["title"] == "受け付けられません"
    assert body["detail"] == "配役が不正です：人狼は1人以上、かつ人狼以外の人数より少なくしてください。"


def test_problem_language_follows_accept_language_without_lang(client):
    r = client.post(
        "/games",
        headers={"Accept-Language": "zh-TW"},
        json={"ruleset": "jinro9", "seats": 9, "roles": ["villager"] * 8},
    )
    body = r.json()
    assert body["title"] == "無法處理的內容"
    assert body["detail"] == "身分配置無效：9名玩家，卻指定了8個身分。"


def test_problem_bad_option_names_the_option_as_its_label_reads(client):
    r = client.post("/games", params={"lang": "ja"}, json={"ruleset": "jinro9", "options": {"speech_seconds": -5}})
    body = r.json()
    assert body["code"] == "bad_option"
    assert "発言時間" in body["detail"] and "speech_seconds" not in body["detail"]
    label = client.get("/rulesets/jinro9", params={"lang": "ja"}).json()
    assert any(o["name"] == "発言時間" for o in label["options"].values())


def test_problem_bad_option_of_a_rulesets_own_option_reads_the_rulesets_words(client):
    r = client.post("/games", params={"lang": "zh-Hans"}, json={"ruleset": "magic_city", "options": {"first_seer": 3}})
    body = r.json()
    assert body["code"] == "bad_option" and "first_seer" not in body["detail"] and "选项" in body["detail"]


def test_problem_field_errors_are_in_the_language_asked(client):
    r = client.post("/games", params={"lang": "ja"}, content=b'{"ruleset": "jinro9", "bogus": 1}')
    body = r.json()
    assert body["title"] == "不正なリクエスト"
    assert body["errors"] == [{"pointer": "/bogus", "detail": "そのような項目はありません。"}]


def test_problem_a_preset_and_roles_together_are_refused_in_the_language_asked(client):
    body = {"ruleset": "jinro9", "preset": "9A", "roles": ["villager"] * 9}
    r = client.post("/games", params={"lang": "zh-Hans"}, json=body)
    assert r.json()["code"] == "bad_roles"
    assert r.json()["detail"] == "身份配置无效：预设和身份列表只能指定其中之一。"


def test_problem_a_body_that_is_not_json_is_named_in_the_language_asked(client):
    r = client.post("/games", params={"lang": "zh-Hant"}, content=b'{"ruleset": ')
    assert r.json()["errors"] == [{"pointer": "", "detail": "請求本文不是有效的 JSON。"}]
