"""Errors as `application/problem+json` with a stable `code` and a message in the caller's language."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar.openapi.datastructures import ResponseSpec

from grimoire.domain.messages import register, render_text
from grimoire.domain.violations import RuleViolation

PROBLEM_JSON = "application/problem+json"

# Engine refusals that say the game is in the wrong state for the request (the rest are 422).
CONFLICT_CODES = frozenset(
    {
        "game_not_running",
        "game_not_in_lobby",
        "game_exists",
        "seats_open",
        "no_open_seat",
        "stale_deadline",
        "deadline_not_reached",
        "unsupported_ruleset_version",
    }
)


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True):
    type: str = "about:blank"  # RFC 9457 problem type
    title: str  # the HTTP status's title
    status: int  # the HTTP status
    code: str  # the stable error code
    detail: str = ""  # what went wrong, in the language asked for
    instance: str = ""  # the request's id, as `urn:request:<X-Request-Id>`


class FieldError(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One bad part of a request: a body field by JSON pointer, or a parameter by name."""

    pointer: str | None = None  # RFC 6901 pointer into the body: "" is the whole body, "/names/1" a name
    parameter: str | None = None  # the query, path or header parameter's name
    detail: str  # what is wrong with it


class ValidationProblem(Problem, kw_only=True, omit_defaults=True):
    """A malformed request (`bad_request`): each bad field or parameter in `errors`."""

    errors: list[FieldError] = []  # every bad field or parameter found


class VersionProblem(Problem, kw_only=True, omit_defaults=True):
    """A problem that may name versions: with `unsupported_ruleset_version`, those the game was recorded
    under (`stored_…`) and those this service runs; from verify also the result of the hash chain
    check, which needs no rules."""

    ruleset: str = ""  # the game's ruleset
    stored_ruleset_version: str = ""  # the ruleset version the game was recorded under
    ruleset_version: str = ""  # the ruleset version this service runs
    stored_engine_version: str = ""  # the engine version the game was recorded under
    engine_version: str = ""  # the engine version this service runs
    chain_ok: bool | None = None  # from verify: the hash chain is intact


class ApiError(Exception):
    """An error answer of the HTTP layer itself (tokens, limits, faults): its status and code."""

    def __init__(self, status: int, code: str, **args: Any) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.args_ = args

    def render(self, lang: str) -> Problem:
        return problem(self.status, self.code, lang, self.args_)


TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    413: "Content Too Large",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
    507: "Insufficient Storage",
}


def problem(
    status: int, code: str, lang: str = "en", args: dict[str, Any] | None = None, names: tuple[str, ...] = ()
) -> Problem:
    return Problem(
        title=TITLES.get(status, "Error"),
        status=status,
        code=code,
        detail=render_text("error." + code, lang, args or {}, names),
    )


_AT = re.compile(r"`([^`]*)`")


def _pointer(key: str, message: str) -> str:
    """A JSON pointer from Litestar's key (`data`, `names[1]`, `options.x`) and msgspec's message, which names
    the field itself when the object is at fault (an unknown or a missing field)."""
    parts = [] if key == "data" else [p for p in re.split(r"[.\[\]]+", key.removeprefix("data.")) if p]
    if message.startswith(("Object contains unknown field", "Object missing required field")):
        named = _AT.search(message)
        if named:
            parts.append(named.group(1))
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def bad_request(lang: str, extra: Any = None, cause: BaseException | None = None) -> ValidationProblem:
    """The problem of a malformed request, from Litestar's validation messages or a body that is not JSON."""
    errors = []
    for item in extra if isinstance(extra, list) else []:
        if not isinstance(item, dict) or "message" not in item:
            continue
        source = str(getattr(item.get("source"), "value", item.get("source") or "body"))
        key, message = str(item.get("key", "data")), str(item["message"])
        if source == "body":
            errors.append(FieldError(pointer=_pointer(key, message), detail=message))
        else:
            errors.append(FieldError(parameter=key, detail=message))
    if not errors and cause is not None:
        errors.append(FieldError(pointer="", detail=str(cause).split(" - ")[0]))
    p = problem(400, "bad_request", lang)
    return ValidationProblem(**msgspec.structs.asdict(p), errors=errors)


def violation(v: RuleViolation, lang: str, names: tuple[str, ...] = ()) -> Problem:
    status = 409 if v.code in CONFLICT_CODES else 422
    return problem(status, v.code, lang, v.args, names)


DESCRIPTIONS = {
    400: "Malformed request: bad JSON, unknown fields, wrong types or values out of range (`bad_request`); "
    "`errors` names each bad field by JSON pointer (`pointer`) or parameter (`parameter`).",
    401: "A token is needed or the token is not valid for this game (`token_required`, `bad_token`); creating a "
    "game where the operator requires a creation token, without one (`creation_token_required`).",
    403: "The token may not do this (`host_only`, `moderator_only`, `not_a_seat`, `not_your_seat`), or the "
    "creation token is not the operator's (`bad_creation_token`).",
    404: "No such game or ruleset (`game_not_found`, `ruleset_not_found`, `not_found`).",
    408: "The request's body did not arrive in time (`request_timeout`); the connection is closed.",
    409: "The game's state does not allow it now (engine codes such as `game_not_running`, "
    "`game_not_ended`), the game kept changing under the request (`busy`: retry it), or its stored log is "
    "damaged (`log_damaged`: an event is missing or unreadable; `log_directory_mismatch`: the directory lists "
    "it as ended but the log stops before its end). A damaged log is answered so until it is restored; "
    "`/audit/verify` names the damage.",
    413: "The request body is larger than the service accepts (`body_too_large`).",
    422: "The rules refuse it (the engine's refusal codes) or an idempotency key was reused with another body.",
    429: "Too many requests from this client (`rate_limited`).",
    503: "The database cannot serve the request now: it does not answer within the service's bound "
    "(`database_unavailable`: stopped, paused, restarting or its connection lost) or its storage is read-only "
    "(`storage_read_only`). `Retry-After` says when to try again; a write whose outcome is unknown is safe to "
    "repeat with the same `Idempotency-Key`.",
    507: "The database's storage is full (`storage_full`): nothing was stored. `Retry-After` says when to try again.",
}

# the problems of a route that reads or writes the store
STORE_FAULTS = (503, 507)
RETRY_AFTER = 2  # seconds a client is asked to wait after a database fault


def responses(*statuses: int) -> dict[int, ResponseSpec]:
    return {
        s: ResponseSpec(
            data_container=ValidationProblem if s == 400 else Problem,
            media_type=PROBLEM_JSON,
            description=DESCRIPTIONS[s],
            generate_examples=False,
        )
        for s in (*statuses, 429)
    }


# verify and replay of a stored game
VERSION_CONFLICT = ResponseSpec(
    data_container=VersionProblem,
    media_type=PROBLEM_JSON,
    description="The game was recorded under another version of its ruleset or of the engine than this service "
    "runs (`unsupported_ruleset_version`: the fields name both, and verify adds `chain_ok`, the hash chain "
    "check); for a replay, the game has not ended (`game_not_ended`); or its stored log is damaged "
    "(`log_damaged`, `log_directory_mismatch`: verify answers its findings instead).",
    generate_examples=False,
)


register(
    {
        "error.bad_request": {
            "ja": "リクエストの形式が正しくありません。",
            "zh-Hans": "请求格式不正确。",
            "zh-Hant": "請求格式不正確。",
            "en": "The request is malformed.",
        },
        "error.not_found": {
            "ja": "見つかりません。",
            "zh-Hans": "未找到。",
            "zh-Hant": "找不到。",
            "en": "Not found.",
        },
        "error.method_not_allowed": {
            "ja": "このメソッドは使えません。",
            "zh-Hans": "不允许此方法。",
            "zh-Hant": "不允許此方法。",
            "en": "This method is not allowed here.",
        },
        "error.game_not_found": {
            "ja": "そのゲームはありません。",
            "zh-Hans": "没有这个游戏。",
            "zh-Hant": "沒有這個遊戲。",
            "en": "There is no such game.",
        },
        "error.ruleset_not_found": {
            "ja": "そのルールはありません。",
            "zh-Hans": "没有这个规则。",
            "zh-Hant": "沒有這個規則。",
            "en": "There is no such ruleset.",
        },
        "error.token_required": {
            "ja": "トークンが必要です。",
            "zh-Hans": "需要令牌。",
            "zh-Hant": "需要權杖。",
            "en": "A token is required.",
        },
        "error.bad_token": {
            "ja": "このゲームのトークンではありません。",
            "zh-Hans": "令牌对此游戏无效。",
            "zh-Hant": "權杖對此遊戲無效。",
            "en": "The token is not valid for this game.",
        },
        "error.host_only": {
            "ja": "ホストだけができます。",
            "zh-Hans": "只有房主可以这样做。",
            "zh-Hant": "只有房主可以這樣做。",
            "en": "Only the host may do this.",
        },
        "error.moderator_only": {
            "ja": "終了前は司会者だけが見られます。",
            "zh-Hans": "结束前只有主持人可以查看。",
            "zh-Hant": "結束前只有主持人可以查看。",
            "en": "Only the moderator may see this before the end.",
        },
        "error.not_a_seat": {
            "ja": "席のトークンだけが行動できます。",
            "zh-Hans": "只有座位令牌可以行动。",
            "zh-Hant": "只有座位權杖可以行動。",
            "en": "Only a seat's token may act.",
        },
        "error.not_your_seat": {
            "ja": "他の席の代わりには行動できません。",
            "zh-Hans": "不能替其他座位行动。",
            "zh-Hant": "不能替其他座位行動。",
            "en": "You may not act for another seat.",
        },
        "error.game_not_ended": {
            "ja": "ゲームはまだ終わっていません。",
            "zh-Hans": "游戏尚未结束。",
            "zh-Hant": "遊戲尚未結束。",
            "en": "The game has not ended yet.",
        },
        "error.unsupported_ruleset_version": {
            "ja": "このゲームは {ruleset} バージョン {stored_ruleset_version}（エンジン {stored_engine_version}）で"
            "記録されましたが、このサービスはバージョン {ruleset_version}（エンジン {engine_version}）です。"
            "検証と再生はできません。",
            "zh-Hans": "此游戏以 {ruleset} 版本 {stored_ruleset_version}（引擎 {stored_engine_version}）记录，"
            "而本服务运行的是版本 {ruleset_version}（引擎 {engine_version}），无法验证或重放。",
            "zh-Hant": "此遊戲以 {ruleset} 版本 {stored_ruleset_version}（引擎 {stored_engine_version}）記錄，"
            "而本服務執行的是版本 {ruleset_version}（引擎 {engine_version}），無法驗證或重播。",
            "en": "This game was recorded with {ruleset} version {stored_ruleset_version} (engine "
            "{stored_engine_version}); this service runs version {ruleset_version} (engine {engine_version}), "
            "so it cannot verify or replay it.",
        },
        "error.log_damaged": {
            "ja": "このゲームの保存されたログが壊れています（イベント {version} が欠けているか読めません）。"
            "監査の検証で詳細を確認できます。",
            "zh-Hans": "此游戏保存的日志已损坏（事件 {version} 缺失或无法读取）。审计验证会列出详情。",
            "zh-Hant": "此遊戲儲存的日誌已損壞（事件 {version} 缺失或無法讀取）。稽核驗證會列出詳情。",
            "en": "This game's stored log is damaged (event {version} is missing or cannot be read); "
            "its audit verification names the damage.",
        },
        "error.log_directory_mismatch": {
            "ja": "ゲーム一覧ではこのゲームは終了していますが、保存されたログはイベント {version} で"
            "終わらずに途切れています。ログの末尾が欠けています。",
            "zh-Hans": "游戏目录显示此游戏已结束，但保存的日志在事件 {version} 处中断且没有结束：日志末尾缺失。",
            "zh-Hant": "遊戲目錄顯示此遊戲已結束，但儲存的日誌在事件 {version} 處中斷且沒有結束：日誌末尾缺失。",
            "en": "The directory lists this game as ended, but its stored log stops at event {version} without "
            "an end: events are missing from the end of the log.",
        },
        "error.bad_replay_point": {
            "ja": "その時点はありません。",
            "zh-Hans": "没有这个时间点。",
            "zh-Hant": "沒有這個時間點。",
            "en": "There is no such point in the game.",
        },
        "error.idempotency_key_reused": {
            "ja": "この冪等キーは別の内容で使われました。",
            "zh-Hans": "此幂等键已用于不同的请求。",
            "zh-Hant": "此冪等鍵已用於不同的請求。",
            "en": "This idempotency key was used with another body.",
        },
        "error.busy": {
            "ja": "混み合っています。もう一度お試しください。",
            "zh-Hans": "繁忙，请重试。",
            "zh-Hant": "繁忙，請重試。",
            "en": "The game is busy; try again.",
        },
        "error.body_too_large": {
            "ja": "リクエストが大きすぎます。",
            "zh-Hans": "请求体过大。",
            "zh-Hant": "請求內容過大。",
            "en": "The request body is too large.",
        },
        "error.request_timeout": {
            "ja": "リクエスト本文が時間内に届きませんでした。",
            "zh-Hans": "请求体未在时限内送达。",
            "zh-Hant": "請求內容未在時限內送達。",
            "en": "The request body did not arrive in time.",
        },
        "error.creation_token_required": {
            "ja": "ゲームの作成には作成トークンが必要です。",
            "zh-Hans": "创建游戏需要创建令牌。",
            "zh-Hant": "建立遊戲需要建立權杖。",
            "en": "Creating a game needs a creation token.",
        },
        "error.bad_creation_token": {
            "ja": "作成トークンが正しくありません。",
            "zh-Hans": "创建令牌无效。",
            "zh-Hant": "建立權杖無效。",
            "en": "The creation token is not valid.",
        },
        "error.rate_limited": {
            "ja": "リクエストが多すぎます。",
            "zh-Hans": "请求过多。",
            "zh-Hant": "請求過多。",
            "en": "Too many requests.",
        },
        "error.internal": {
            "ja": "サーバーエラー。",
            "zh-Hans": "服务器错误。",
            "zh-Hant": "伺服器錯誤。",
            "en": "Server error.",
        },
        "error.database_unavailable": {
            "ja": "データベースが応答しません。しばらくしてからもう一度お試しください。",
            "zh-Hans": "数据库无响应，请稍后重试。",
            "zh-Hant": "資料庫無回應，請稍後重試。",
            "en": "The database does not answer; try again shortly.",
        },
        "error.storage_read_only": {
            "ja": "データベースの保存先が読み取り専用になっています。しばらくしてからもう一度お試しください。",
            "zh-Hans": "数据库的存储当前为只读，请稍后重试。",
            "zh-Hant": "資料庫的儲存空間目前為唯讀，請稍後重試。",
            "en": "The database's storage is read-only now; try again shortly.",
        },
        "error.storage_full": {
            "ja": "データベースの保存先がいっぱいです。何も保存されていません。",
            "zh-Hans": "数据库的存储已满，未保存任何内容。",
            "zh-Hant": "資料庫的儲存空間已滿，未儲存任何內容。",
            "en": "The database's storage is full; nothing was stored.",
        },
        "error.unavailable": {
            "ja": "データベースに接続できません。",
            "zh-Hans": "无法连接数据库。",
            "zh-Hant": "無法連接資料庫。",
            "en": "The database is not reachable.",
        },
    }
)
