"""The service's refusals: each a stable code with its arguments, of a kind that says why (no such
thing, no right to it, not now, not valid). They carry no HTTP status: `problems.problem_of` maps a
kind to its status and problem document, the one place that does.
"""

from __future__ import annotations

from grimoire.domain.violations import RuleViolation


class ServiceError(Exception):
    """A request the service refuses: its stable code and the arguments its message names."""

    def __init__(self, code: str, **args: object) -> None:
        super().__init__(code)
        self.code = code
        self.args_ = args


class NotFound(ServiceError):
    """No such game."""


class TokenRequired(ServiceError):
    """The request needs a token and has none."""


class Forbidden(ServiceError):
    """The caller's token may not do this."""


class NotNow(ServiceError):
    """The game's state does not allow it now: not ended yet, busy, or its stored log is damaged."""


class Invalid(ServiceError):
    """The request cannot be carried out as asked: bad roles, a reused idempotency key, no such seat or point."""


class Refused(ServiceError):
    """The rules refuse the input: the engine's violation, told in `lang` with the game's seat names and its
    ruleset's words (an option's name, a role's)."""

    def __init__(
        self, violation: RuleViolation, lang: str, names: tuple[str, ...] = (), ruleset: str | None = None
    ) -> None:
        super().__init__(violation.code)
        self.violation = violation
        self.lang = lang
        self.names = names
        self.ruleset = ruleset


class UnsupportedVersion(ServiceError):
    """A stored game pinned to a version this code does not keep: it is neither re-decided nor replayed.
    From verify also whether its hash chain holds, which needs no rules."""

    def __init__(self, violation: RuleViolation, chain_ok: bool | None = None) -> None:
        super().__init__(violation.code)
        self.violation = violation
        self.chain_ok = chain_ok
