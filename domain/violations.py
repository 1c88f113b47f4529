"""Refusals: a stable machine code and a message in every language the game speaks."""

from __future__ import annotations

from typing import Any

import msgspec

from grimoire.domain.texts import MESSAGES, has, render_text


class RuleViolation(msgspec.Struct, frozen=True, kw_only=True):
    code: str
    args: dict[str, Any] = {}

    def message(self, lang: str = "en", names: tuple[str, ...] = (), ruleset: str | None = None) -> str:
        return render_text(message_key(self.code, self.args, ruleset), lang, self.args, names, ruleset)

    def messages(self) -> dict[str, str]:
        return {lang: self.message(lang) for lang in ("ja", "zh-Hans", "zh-Hant", "en")}


def refusal(code: str, **args: Any) -> RuleViolation:
    """A refusal; a `reason` argument (an id) names the message `error.<code>.<reason>` that tells it."""
    return RuleViolation(code=code, args=args)


def message_key(code: str, args: dict[str, Any], ruleset: str | None = None) -> str:
    """The message of a refusal: its reason's own (`error.bad_roles.count`), else its code's."""
    reason = args.get("reason")
    if isinstance(reason, str) and has(f"error.{code}.{reason}", ruleset):
        return f"error.{code}.{reason}"
    return "error." + code


def known_codes() -> list[str]:
    """Every refusal code with a message (a reason's message `error.<code>.<reason>` is not a code)."""
    return sorted(key.removeprefix("error.") for key in MESSAGES if key.startswith("error.") and key.count(".") == 1)
