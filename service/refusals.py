"""The problem documents of the service's refusals (service.errors): the one place that gives each kind
its HTTP status, for the app's answers and the command line's alike.
"""

from __future__ import annotations

import msgspec

from grimoire.service.errors import (
    Forbidden,
    Invalid,
    NotFound,
    NotNow,
    Refused,
    ServiceError,
    TokenRequired,
    UnsupportedVersion,
)
from grimoire.service.problems import Problem, VersionProblem, problem, violation

STATUS_OF: dict[type[ServiceError], int] = {
    NotFound: 404,
    TokenRequired: 401,
    Forbidden: 403,
    NotNow: 409,
    Invalid: 422,
}


def problem_of(error: ServiceError, lang: str) -> Problem:
    """The problem document of a refusal, in `lang`; an engine refusal in the language of its command, with
    the seats' names; an unsupported version names the versions."""
    if isinstance(error, Refused):
        return violation(error.violation, error.lang, error.names, error.ruleset)
    if isinstance(error, UnsupportedVersion):
        p = violation(error.violation, lang)
        return VersionProblem(**msgspec.structs.asdict(p), **error.violation.args, chain_ok=error.chain_ok)
    return problem(STATUS_OF[type(error)], error.code, lang, error.args_)
