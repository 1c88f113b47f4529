"""Refusals: a stable machine code and a message in every language the game speaks."""

from __future__ import annotations

from typing import Any

import msgspec

from grimoire.domain.texts import MESSAGES, render_text


class RuleViolation(msgspec.Struct, frozen=True, kw_only=True):
    code: str
    args: dict[str, Any] = {}

    def message(self, lang: str = "en", names: tuple[str, ...] = ()) -> str:
        return render_text("error." + self.code, lang, self.args, names)

    def messages(self) -> dict[str, str]:
        return {lang: self.message(lang) for lang in ("ja", "zh-Hans", "zh-Hant", "en")}


def known_codes() -> list[str]:
    return sorted(key.removeprefix("error.") for key in MESSAGES if key.startswith("error."))
