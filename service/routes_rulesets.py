"""Rulesets: their roles, presets and options."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get
from litestar.params import FromPath

from domain import catalog as rulesets
from domain.messages import name_of, role_name
from service.games import preset_seats
from service.problems import ApiError, responses
from service.schemas import OptionInfo, RoleInfo, RulesetInfo
from service.web import LangQuery, language


def ruleset_info(rs: Any, lang: str) -> RulesetInfo:
    return RulesetInfo(
        id=rs.id,
        name=name_of("ruleset", rs.id, lang),
        version=rs.version,
        min_seats=rs.min_seats,
        max_seats=rs.max_seats,
        roles=[RoleInfo(id=r, name=role_name(r, lang, rs.id), team=getattr(role, "team", None)) for r, role in rs.roles.items()],
        presets={k: list(v) for k, v in rs.presets.items()},
        preset_seats=preset_seats(rs.id),
        options={
            k: OptionInfo(type=o.type, default=o.default, choices=list(o.choices), minimum=o.minimum,
                          maximum=o.maximum, doc=o.doc)
            for k, o in rs.all_options().items()
        },
    )


class RulesetRoutes(Controller):
    path = "/rulesets"

    @get("/", tags=["rulesets"], summary="List the rulesets", responses=responses(400))
    async def list_rulesets(self, request: Request, lang: LangQuery = None) -> list[RulesetInfo]:
        text_lang = language(request, lang)
        return [ruleset_info(rs, text_lang) for rs in rulesets.RULESETS.values()]

    @get("/{ruleset_id:str}", tags=["rulesets"], summary="One ruleset: roles, presets, options",
         responses=responses(400, 404))
    async def get_ruleset(self, request: Request, ruleset_id: FromPath[str], lang: LangQuery = None) -> RulesetInfo:
        rs = rulesets.get(ruleset_id)
        if rs is None:
            raise ApiError(404, "ruleset_not_found")
        return ruleset_info(rs, language(request, lang))
