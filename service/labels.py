"""A ruleset's display names in one language, by the ids its views and feeds carry, so that a client shows
every decision, choice, card, phase, step, side and result in the game's language without a table of its own
(`RulesetInfo.labels`).

The names come from the text catalogs (`domain.texts`): a label is a message that reads no argument, and a
ruleset's own message (`<ruleset>.<prefix>.<id>`) comes before the shared one. An option's name and help
are `option.<id>` and `option.<id>.help`, a choice's value `option.<id>.<value>`; a duration in seconds
reads its help through `option.duration.help`. Its `doc` is its English help, or its English-only
`option.<id>.doc` where that reads otherwise.
"""

from __future__ import annotations

from typing import Any

from grimoire.domain import catalog
from grimoire.domain.ruleset import Option
from grimoire.domain.texts import MESSAGES, name_of, option_doc, render_text
from grimoire.service.schemas import Labels, OptionInfo


def _ids(prefix: str, ruleset: str) -> list[str]:
    """The ids of the catalog's labels `<prefix>.<id>` (shared or the ruleset's own): messages that read no
    argument, whose id has no dot of its own."""
    found = []
    for key, texts in MESSAGES.items():
        own = key.removeprefix(ruleset + ".")
        if own == key and key.split(".", 1)[0] in catalog.RULESETS:
            continue  # another ruleset's entry
        if texts["en"].catalog not in (None, ruleset):
            continue  # another ruleset's message that every game reads (its refusals)
        head, _, rest = own.partition(".")
        if head != prefix or not rest or "." in rest:
            continue
        if any(t.variables or t.selectors for t in texts.values()):
            continue  # an announcement, not a name
        found.append(rest)
    return sorted(set(found))


def _names(prefix: str, ruleset: str, lang: str, ids: Any = None) -> dict[str, str]:
    return {i: name_of(prefix, i, lang, ruleset) for i in (_ids(prefix, ruleset) if ids is None else ids)}


def _used(prefix: str, ruleset: str, lang: str, used: Any) -> dict[str, str]:
    """The names of `prefix`: the ruleset's own, and the shared ones among the ids it `used`."""
    names = _names(prefix, ruleset, lang)
    return {i: n for i, n in names.items() if i in used or f"{ruleset}.{prefix}.{i}" in MESSAGES}


def labels_of(rs: Any, lang: str) -> Labels:
    """Every display name a client needs for `rs`'s games, in `lang`."""
    r = rs.id
    roles = list(rs.roles)
    cards = _names("card", r, lang)
    # the shared teams, decisions and steps only where the ruleset has them
    sides = {getattr(role, "team", None) for role in rs.roles.values()}
    teams = _used("team", r, lang, sides)
    actions = _used("action", r, lang, rs.action_kinds)
    steps = _used("step", r, lang, {name.partition(".")[0] for name in rs.steps})
    # a team's victory only where a role plays for it (ultimate13, whose village has no fox, never ends so)
    reasons = ("aborted", *(x for x in rs.end_reasons if f"team.{x}" not in MESSAGES or x in teams))
    return Labels(
        actions=actions,
        choices={**cards, **_names("role", r, lang, roles), **_names("choice", r, lang)},
        cards=cards,
        phases=_names("phase_name", r, lang),
        steps=steps,
        teams=teams,
        results={x: name_of("result", x, lang, r) for x in reasons},
        knowledge={**_names("role", r, lang, roles), **_names("label", r, lang)},
        barred=_names("error", r, lang),
        formats=_names("format", r, lang),
        items=_names("item", r, lang),
    )


def option_info(rs: Any, key: str, o: Option, lang: str) -> OptionInfo:
    """An option as a creator reads it: its type and bounds, its name and help in `lang`, its values' names."""
    r = rs.id
    doc = option_doc(key, r)
    help = name_of("option", key + ".help", lang, r)
    if o.unit == "seconds":
        doc = render_text("option.duration.help", "en", {"help": doc}, ruleset=r)
        help = render_text("option.duration.help", lang, {"help": help}, ruleset=r)
    return OptionInfo(
        type=o.type,  # type: ignore[arg-type]  # an Option's type is one of the four
        default=o.default,
        choices=list(o.choices),
        minimum=o.minimum,
        maximum=o.maximum,
        doc=doc,
        name=name_of("option", key, lang, r),
        help=help,
        choice_names={c: name_of("option", f"{key}.{c}", lang, r) for c in o.choices},
    )
