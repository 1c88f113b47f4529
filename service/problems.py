"""Errors as `application/problem+json` with a stable `code` and a message in the caller's language."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar.openapi.datastructures import ResponseSpec

from grimoire.domain.texts import has, render_text
from grimoire.domain.violations import RuleViolation, message_key

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
    title: str  # the HTTP status's title, in the language asked for
    status: int  # the HTTP status
    code: str  # the stable error code
    detail: str = ""  # what went wrong, in the language asked for
    instance: str = ""  # the request's id, as `urn:request:<X-Request-Id>`


class FieldError(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One bad part of a request: a body field by JSON pointer, or a parameter by name."""

    pointer: str | None = None  # RFC 6901 pointer into the body: "" is the whole body, "/names/1" a name
    parameter: str | None = None  # the query, path or header parameter's name
    detail: str  # what is wrong with it, in the language asked for


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


def title(status: int, lang: str) -> str:
    """The HTTP status's title in `lang` (in English its RFC 9110 phrase)."""
    key = f"title.{status}"
    return render_text(key if has(key) else "title.other", lang, {})


def problem(
    status: int,
    code: str,
    lang: str = "en",
    args: dict[str, Any] | None = None,
    names: tuple[str, ...] = (),
    ruleset: str | None = None,
) -> Problem:
    """A problem in `lang`: its title, and its detail by its code (or its reason's own message), naming a
    ruleset's options and roles in that ruleset's words."""
    args = args or {}
    return Problem(
        title=title(status, lang),
        status=status,
        code=code,
        detail=render_text(message_key(code, args, ruleset), lang, args, names, ruleset),
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


def _fault(message: str) -> str:
    """What a validation message (msgspec's, Litestar's) says is wrong, as the id of its text."""
    if message.startswith("Object contains unknown field"):
        return "unknown"
    if message.startswith("Object missing required field") or message.startswith("Missing required"):
        return "missing"
    if re.match(r"Expected `[^`]*`, got", message):
        return "type"
    if re.match(r"Expected `[^`]*`( of length)? [<>]=? ", message):
        return "range"
    return "invalid"


def _body_fault(message: str) -> str:
    """Why a body could not be read, as the id of its text: not UTF-8, nested too deep, or not JSON."""
    lowered = message.lower()
    if "utf-8" in lowered:
        return "utf8"
    if "depth" in lowered or "deep" in lowered:
        return "depth"
    return "json"


def bad_request(lang: str, extra: Any = None, cause: BaseException | None = None) -> ValidationProblem:
    """The problem of a malformed request, from Litestar's validation messages or a body that is not JSON."""
    errors = []
    for item in extra if isinstance(extra, list) else []:
        if not isinstance(item, dict) or "message" not in item:
            continue
        source = str(getattr(item.get("source"), "value", item.get("source") or "body"))
        key, message = str(item.get("key", "data")), str(item["message"])
        detail = render_text("error.field." + _fault(message), lang, {})
        if source == "body":
            errors.append(FieldError(pointer=_pointer(key, message), detail=detail))
        else:
            errors.append(FieldError(parameter=key, detail=detail))
    if not errors and cause is not None:
        errors.append(FieldError(pointer="", detail=render_text("error.field." + _body_fault(str(cause)), lang, {})))
    p = problem(400, "bad_request", lang)
    return ValidationProblem(**msgspec.structs.asdict(p), errors=errors)


def violation(v: RuleViolation, lang: str, names: tuple[str, ...] = (), ruleset: str | None = None) -> Problem:
    status = 409 if v.code in CONFLICT_CODES else 422
    return problem(status, v.code, lang, v.args, names, ruleset)


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
