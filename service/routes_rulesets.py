"""Rulesets: their roles, presets and options."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Response, get
from litestar.params import Parameter

from grimoire.domain import catalog as rulesets
from grimoire.domain.texts import MESSAGES, has, name_of, render_text, role_name
from grimoire.service.commands import preset_seats
from grimoire.service.guards import HttpRequest
from grimoire.service.labels import labels_of, option_info
from grimoire.service.problems import ApiError, responses
from grimoire.service.schemas import RoleInfo, RulesetInfo
from grimoire.service.web import (
    ETAG,
    NOT_MODIFIED,
    PUBLIC,
    VARY_LANG,
    IfNoneMatch,
    LangQuery,
    conditional,
    language,
    tag,
)


def states_of(ruleset: str) -> list[str]:
    """The states its catalog names (`state-<id>`, each with its `state-<id>-card`), in the catalog's order."""
    prefix = f"{ruleset}.state."
    return [k.removeprefix(prefix) for k in MESSAGES if k.startswith(prefix) and "." not in k.removeprefix(prefix)]


def ruleset_info(rs: Any, lang: str) -> RulesetInfo:
    return RulesetInfo(
        id=rs.id,
        name=name_of("ruleset", rs.id, lang),
        note=render_text(f"ruleset.{rs.id}.note", lang, {}, ruleset=rs.id)
        if has(f"ruleset.{rs.id}.note", rs.id)
        else "",
        version=rs.version,
        min_seats=rs.min_seats,
        max_seats=rs.max_seats,
        roles=[
            RoleInfo(
                id=r,
                name=role_name(r, lang, rs.id),
                team=getattr(role, "team", None),
                card=render_text(f"role.{r}.card", lang, {}, ruleset=rs.id),
            )
            for r, role in rs.roles.items()
        ],
        states=[
            RoleInfo(
                id=s,
                name=name_of("state", s, lang, rs.id),
                card=render_text(f"state.{s}.card", lang, {}, ruleset=rs.id),
            )
            for s in states_of(rs.id)
        ],
        presets={k: list(v) for k, v in rs.presets.items()},
        preset_seats=preset_seats(rs.id),
        preset_options={name: dict(values) for name, values in rs.preset_options.items()},
        options={k: option_info(rs, k, o, lang) for k, o in rs.all_options().items()},
        labels=labels_of(rs, lang),
    )


class RulesetRoutes(Controller):
    """A ruleset's description is fixed for a version of the service: strong ETags over the body."""

    path = "/rulesets"
    cache_control = PUBLIC
    response_headers = [*VARY_LANG, ETAG]

    @get(
        "/",
        operation_id="listRulesets",
        tags=["rulesets"],
        summary="List the rulesets",
        description="Every ruleset with its roles, presets and options, names in the language asked for.",
        responses={**responses(400), 304: NOT_MODIFIED},
    )
    async def list_rulesets(
        self, request: HttpRequest, lang: LangQuery = None, if_none_match: IfNoneMatch = None
    ) -> Response[list[RulesetInfo]]:
        lang = language(request, lang)
        body = msgspec.json.encode([ruleset_info(rs, lang) for rs in rulesets.RULESETS.values()])
        return conditional(request, body, tag(body))

    @get(
        "/{ruleset_id:str}",
        operation_id="getRuleset",
        tags=["rulesets"],
        summary="One ruleset: roles, presets, options",
        description="A ruleset by id (`jinro9`, `ultimate13`, `langrensha`, `magic_city`, `witch_trial`).",
        responses={**responses(400, 404), 304: NOT_MODIFIED},
    )
    async def get_ruleset(
        self,
        request: HttpRequest,
        ruleset_id: Annotated[str, Parameter(description="The ruleset's id.")],
        lang: LangQuery = None,
        if_none_match: IfNoneMatch = None,
    ) -> Response[RulesetInfo]:
        rs = rulesets.get(ruleset_id)
        if rs is None:
            raise ApiError(404, "ruleset_not_found")
        body = msgspec.json.encode(ruleset_info(rs, language(request, lang)))
        return conditional(request, body, tag(body))
