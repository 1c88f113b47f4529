"""Every text shown to players, in ja, zh-Hans, zh-Hant and en: Project Fluent catalogs, one per ruleset and
one shared, each a `<lang>.ftl` file per language in a `texts` folder beside its code.

Keys are stable ids (`role.medium`; in a catalog file `role-medium`). A ruleset's catalog holds its own
words, and a lookup tries the game's ruleset's catalog before the shared one, so no ruleset's word
overwrites another's; a ruleset's name (`ruleset.<id>`) and its refusals (`error.<code>`) are read
without a game at hand (the lobby, the service's problems), so they count as shared. Each catalog's
glossary is its Fluent terms (`-seer`): its messages refer to them, so a word is written once.

Arguments are resolved by name before Fluent sees them, and every value reaches a message as a string
(Fluent's own number formatting would write 1000 as "1,000"): seats (`seat`, `target`, `by`) become the
seat's name, `seats` a list of names in the reader's language (CLDR list patterns, from Babel), and every
argument that names a role, card, label, team, phase, option or ruleset goes through the catalog. A
message chooses its plural form itself with `PLURAL($count)`, on `count` or any other number it reads: the
first variant that names the number (`[1]`) or its CLDR category (`[one]`); `count` defaults to the number
of `seats`. Any Fluent error, a missing message, term or argument, raises MissingText instead of
rendering a fallback.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib.resources.abc import Traversable
from typing import Any, Literal, NamedTuple

from babel import Locale
from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

LANGS = ("ja", "zh-Hans", "zh-Hant", "en")


class MissingText(KeyError):
    """A key (or the key an argument names) has no entry: a bug in a ruleset's texts."""


class Text(NamedTuple):
    """One message in one language: the bundle that formats it and what it reads."""

    bundle: FluentBundle
    pattern: Any  # the bundle's compiled pattern
    variables: frozenset[str]  # the variables its text shows
    selectors: frozenset[str]  # the variables it chooses a form by
    terms: frozenset[str]  # the glossary terms it refers to
    plan: Plan | None  # the message compiled (None: Fluent formats it)
    catalog: str | None  # the ruleset whose catalog holds it (None: the shared one)


# Every message by key (a ruleset's own as `<ruleset>.<key>`), in each language.
MESSAGES: dict[str, dict[str, Text]] = {}
# Every catalog's glossary: the terms it defines, by catalog (None: the shared one).
TERMS: dict[str | None, frozenset[str]] = {}

# A ruleset's messages that every game reads: its name and its refusals.
_SHARED_PREFIXES = ("ruleset.", "error.")
# An option's `doc` in the API is one English text whatever the language: its English help, or where that
# reads otherwise its `option-<id>-doc`, a message of the en catalog only, kept apart from MESSAGES.
DOCS: dict[str, Text] = {}


class _Reads(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.selectors: set[str] = set()
        self.terms: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_TermReference(self, node: ast.TermReference) -> None:
        self.terms.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        selector = _Reads()
        selector.visit(node.selector)
        self.selectors |= selector.variables
        self.terms |= selector.terms
        for variant in node.variants:
            self.visit(variant)


def _plural_of(count: Any) -> float:
    """The number a count stands for: Fluent matches it against a variant's number (`[1]`), else its CLDR
    category (`[one]`), in the variants' order."""
    return float(count.number)


class _Count(str):
    """A count as its message shows it, keeping the number that picks the plural form."""

    number: float


def _count(shown: str, number: float) -> _Count:
    c = _Count(shown)
    c.number = number
    return c


# A message compiled to its parts, for speed: text (the glossary's terms already in), a variable's name,
# or a choice of variants by the plural category of a variable. Messages that use more of Fluent than
# this are formatted by Fluent itself; a message's compiled text is checked against Fluent's at load.
# Measured with the render cache in place (every event of 20 random games, four of each ruleset, 7,802
# events, in the four languages, as projections.render renders feeds): the first render of an event costs
# 3.4 us compiled and 6.1 us through FluentBundle.format_pattern (+80%, 2.7 us an event and language),
# with every cache empty 4.1 against 6.9 us; a cached render costs 0.86 us either way. Each event is
# rendered once per language before the cache serves it, so Fluent alone would cost a feed far more than 5%.
Plan = tuple[Any, ...]


def _compile(pattern: ast.Pattern | None, glossary: dict[str, ast.Term]) -> Plan | None:
    if pattern is None:
        return None
    parts: list[Any] = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            parts.append(element.value)
            continue
        expression = element.expression
        if isinstance(expression, ast.StringLiteral):
            parts.append(expression.parse()["value"])
        elif isinstance(expression, ast.VariableReference):
            parts.append(("var", expression.id.name))
        elif isinstance(expression, ast.TermReference) and not expression.attribute and not expression.arguments:
            term = glossary.get(expression.id.name)
            word = _compile(term.value, glossary) if term is not None else None
            if word is None or not all(isinstance(p, str) for p in word):
                return None
            parts.extend(word)
        elif isinstance(expression, ast.SelectExpression) and _plural_selector(expression.selector):
            variants: list[tuple[str | float, Plan]] = []
            default: Plan | None = None
            for variant in expression.variants:
                plan = _compile(variant.value, glossary)
                if plan is None:
                    return None
                key = variant.key
                variants.append((key.name if isinstance(key, ast.Identifier) else float(key.value), plan))
                default = plan if variant.default else default
            selector = expression.selector
            assert isinstance(selector, ast.FunctionReference)
            name = selector.arguments.positional[0]
            assert isinstance(name, ast.VariableReference)
            parts.append(("select", name.id.name, variants, default))
        else:
            return None
    return tuple(parts)


def _plural_selector(selector: Any) -> bool:
    return (
        isinstance(selector, ast.FunctionReference)
        and selector.id.name == "PLURAL"
        and len(selector.arguments.positional) == 1
        and not selector.arguments.named
        and isinstance(selector.arguments.positional[0], ast.VariableReference)
    )


def _fill(plan: Plan, values: dict[str, Any], lang: str, key: str) -> str:
    out = []
    for part in plan:
        if isinstance(part, str):
            out.append(part)
        elif part[0] == "var":
            if part[1] not in values:
                raise MissingText(f"{key}: no value for {part[1]}")
            out.append(values[part[1]])
        else:
            _, name, variants, default = part
            count = values.get(name)
            if not isinstance(count, _Count):
                raise MissingText(f"{key}: no count for {name}")
            category = plural(lang, count.number)
            chosen = next((p for k, p in variants if k in (count.number, category)), default)
            out.append(_fill(chosen, values, lang, key))
    return "".join(out)


def load(folder: Traversable, ruleset: str | None = None) -> None:
    """Add a catalog (its `<lang>.ftl` files) under `ruleset` (None: the shared one). A key already present,
    a message missing from a language, or a syntax error is an error."""
    found: dict[str, dict[str, Text]] = {}
    docs: dict[str, Text] = {}
    terms: set[str] = set()
    for lang in LANGS:
        source = (folder / f"{lang}.ftl").read_text(encoding="utf-8")
        resource = FluentResource(source)
        functions: dict[str, Any] = {"PLURAL": _plural_of}
        bundle = FluentBundle([lang], functions=functions, use_isolating=False)
        bundle.add_resource(resource)
        glossary = {entry.id.name: entry for entry in resource.body if isinstance(entry, ast.Term)}
        for entry in resource.body:
            if isinstance(entry, ast.Junk):
                raise ValueError(f"{folder}/{lang}.ftl: {entry.annotations[0].message}: {entry.content!r}")
            if isinstance(entry, ast.Term):
                terms.add(entry.id.name)
            if not isinstance(entry, ast.Message):
                continue
            reads = _Reads()
            reads.visit(entry.value)
            key = entry.id.name.replace("-", ".")
            if key.endswith(".doc"):
                if lang != "en":
                    raise ValueError(f"{folder}/{lang}.ftl: {key} is the API's English text, in en.ftl only")
                docs[key] = Text(
                    bundle,
                    bundle.get_message(entry.id.name).value,
                    frozenset(),
                    frozenset(),
                    frozenset(),
                    None,
                    ruleset,
                )
                continue
            pattern = bundle.get_message(entry.id.name).value
            plan = _compile(entry.value, glossary)
            if plan is not None:
                _check(plan, bundle, pattern, reads.variables | reads.selectors, lang, key)
            text = Text(
                bundle,
                pattern,
                frozenset(reads.variables),
                frozenset(reads.selectors),
                frozenset(reads.terms),
                plan,
                ruleset,
            )
            found.setdefault(key, {})[lang] = text
    prefix = f"{ruleset}." if ruleset else ""
    named = {(key if key.startswith(_SHARED_PREFIXES) else prefix + key): texts for key, texts in found.items()}
    for key, texts in named.items():
        missing = set(LANGS) - texts.keys()
        shared = MESSAGES.get(key.removeprefix(prefix)) if prefix else None
        if missing and shared is not None:
            # a ruleset words a shared message its own way in some languages: the others read the shared one
            named[key] = texts = {lang: texts.get(lang) or shared[lang] for lang in LANGS}
        elif missing:
            raise ValueError(f"message {key} lacks {sorted(missing)}")
        if key in MESSAGES:
            raise ValueError(f"message {key} is loaded twice")
    MESSAGES.update(named)
    DOCS.update({prefix + key: text for key, text in docs.items()})
    TERMS[ruleset] = frozenset(terms)


def _check(plan: Plan, bundle: FluentBundle, pattern: Any, variables: set[str], lang: str, key: str) -> None:
    """A compiled message reads as Fluent formats it, in the singular and the plural."""
    for number in (0, 1, 2, 5):
        sample = {name: _count(f"<{name}>", number) for name in variables}
        if _fill(plan, sample, lang, key) != _format(bundle, pattern, sample, key):
            raise ValueError(f"{key}: the compiled {lang} text reads otherwise than Fluent's")


# Arguments that name seats, and those whose value is an id players read through the catalog.
_SEAT_ARGS = ("seat", "target", "by")
_SEATS_ARGS = ("seats", "winners", "told")
_CATALOG_ARGS = {
    "role": "role",
    "card": "card",
    "got_card": "card",
    "label": "label",
    "team": "team",
    "ruleset": "ruleset",
    "phase": "phase",
    "format": "format",
    "tie": "tie",
    "first_seer": "first_seer",
    "consecutive_guard": "consecutive_guard",
    "night_talk": "night_talk",
    "step": "step",
    "kind": "action",
    "cause": "cause",
}
_CATALOG_LISTS = {"cards": "card", "roles": "role", "teams": "team", "kinds": "action"}
# Lists of alternatives, one of which is chosen (the rest are lists of members, all of which hold).
_ALTERNATIVES = frozenset({"kinds"})


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang.replace("-", "_"))


ListStyle = Literal["standard", "or"]


def join(items: list[str], lang: str, style: ListStyle = "standard") -> str:
    """A list in the reader's language by its CLDR pattern: members `A, B, and C` in English, alternatives
    (`style="or"`) `A, B, or C`."""
    return _joined(tuple(items), lang, style) if items else ""


@lru_cache(maxsize=4096)
def _joined(items: tuple[str, ...], lang: str, style: ListStyle) -> str:
    """Babel's list pattern applied (looking the pattern up costs more than applying it): the same few
    lists of names and roles recur in every feed."""
    return format_list(list(items), style=style, locale=_locale(lang))


def plural(lang: str, count: float) -> str:
    return _locale(lang).plural_form(abs(count))


def entry(key: str, ruleset: str | None = None) -> dict[str, Text]:
    if ruleset is not None:
        own = MESSAGES.get(f"{ruleset}.{key}")
        if own is not None:
            return own
    found = MESSAGES.get(key)
    if found is None:
        raise MissingText(f"{ruleset}.{key}" if ruleset else key)
    return found


def option_doc(option: str, ruleset: str) -> str:
    """The API's English `doc` of an option (without a duration's note on seconds)."""
    key = f"option.{option}.doc"
    text = DOCS.get(f"{ruleset}.{key}") or DOCS.get(key)
    if text is None:
        return render_text(f"option.{option}.help", "en", {}, ruleset=ruleset)
    return _format(text.bundle, text.pattern, {}, key)


def has(key: str, ruleset: str | None = None) -> bool:
    return (ruleset is not None and f"{ruleset}.{key}" in MESSAGES) or key in MESSAGES


@lru_cache(maxsize=8192)
def name_of(prefix: str, value: str, lang: str, ruleset: str | None = None) -> str:
    """A display name: `name_of("role", "medium", "ja", "ultimate13")` is ultimate13's word for its medium."""
    return render_text(f"{prefix}.{value}", lang, {}, ruleset=ruleset)


def role_name(role: str, lang: str, ruleset: str | None = None) -> str:
    return name_of("role", role, lang, ruleset)


def _label(value: str, lang: str, ruleset: str | None) -> str:
    return name_of("label" if has("label." + value, ruleset) else "role", value, lang, ruleset)


def seat_name(seat: Any, names: tuple[str, ...]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= len(names):
        return names[seat - 1]
    if isinstance(seat, int) and not isinstance(seat, bool):
        return str(seat)
    raise MissingText(f"seat {seat!r}")


def number(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _seat(seat: Any, lang: str, names: tuple[str, ...]) -> str:
    """A seat as players read it, with the honorific its language puts after a name, on every line alike."""
    return seat_name(seat, names) + _honorific(lang)


@cache
def _honorific(lang: str) -> str:
    return render_text("seat.honorific", lang, {})


def _value(name: str, value: Any, lang: str, names: tuple[str, ...], ruleset: str | None) -> str:
    if name in _SEAT_ARGS:
        return _seat(value, lang, names)
    if name in _SEATS_ARGS:
        return join([_seat(s, lang, names) for s in value], lang)
    if name == "label":
        return _label(value, lang, ruleset)
    if name == "option":  # an option's name; one the service does not know (a refusal's) as it was given
        return name_of("option", value, lang, ruleset) if has("option." + value, ruleset) else str(value)
    if name in _CATALOG_ARGS:
        return name_of(_CATALOG_ARGS[name], value, lang, ruleset)
    if name in _CATALOG_LISTS:
        style: ListStyle = "or" if name in _ALTERNATIVES else "standard"
        return join([name_of(_CATALOG_LISTS[name], v, lang, ruleset) for v in value], lang, style)
    if name == "tally":
        return join(
            [render_text("tally.item", lang, {"seat": int(s), "count": v}, names, ruleset) for s, v in value.items()],
            lang,
        )
    if name == "minutes":
        return _duration(round(float(value) * 60), lang, ruleset)
    if name == "left":  # a time left, in seconds
        return _duration(int(value), lang, ruleset)
    if value is None:
        raise MissingText(f"argument {name} is None")
    return str(number(value))


def _duration(seconds: int, lang: str, ruleset: str | None) -> str:
    """A duration as the documents say it: "4 min 30 s", as magic_city's speaks, not "270 s"."""
    if seconds > 60 and seconds % 60:
        args = {"count": seconds // 60, "seconds": seconds % 60}
        return render_text("unit.minutes.seconds", lang, args, ruleset=ruleset)
    if seconds % 60:
        return render_text("unit.seconds", lang, {"count": seconds}, ruleset=ruleset)
    return render_text("unit.minutes", lang, {"count": seconds // 60}, ruleset=ruleset)


def render_text(
    key: str, lang: str, args: dict[str, Any], names: tuple[str, ...] = (), ruleset: str | None = None
) -> str:
    """The text of `key` in `lang`; raises MissingText for a missing key or an unfilled placeholder."""
    if lang not in LANGS:
        lang = "en"  # a language no game speaks (the service refuses it where it must): every key has en
    text = entry(key, ruleset)[lang]
    ruleset = ruleset or text.catalog  # a ruleset's shared message (a refusal) reads its arguments in its words
    values: dict[str, Any] = {name: _value(name, value, lang, names, ruleset) for name, value in args.items()}
    for name, value in args.items():
        if isinstance(value, int | float) and not isinstance(value, bool) and name not in _SEAT_ARGS:
            values[name] = _count(values[name], value)  # any number may choose a plural form
    if "count" not in args and "count" in text.selectors and "count" not in text.variables:
        values["count"] = _count("", len(args["seats"]) if "seats" in args else 1)
    if "seats_and" in text.variables and "seats" in args:
        # jinro9's morning in Japanese joins the dead with `list.and`, as its document's sentence does
        values["seats_and"] = render_text("list.and", lang, {}).join(_seat(s, lang, names) for s in args["seats"])
    if text.plan is not None:
        return _fill(text.plan, values, lang, key)
    return _format(text.bundle, text.pattern, values, key)


def _format(bundle: FluentBundle, pattern: Any, values: dict[str, Any], key: str) -> str:
    result, errors = bundle.format_pattern(pattern, values)
    if errors:
        raise MissingText(f"{key}: {errors[0]}")
    return str(result)
