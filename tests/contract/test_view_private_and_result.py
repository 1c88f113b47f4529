"""What the document says of `View.private` and `View.result` holds in play.

`View.private` is each ruleset's own Struct (`projections.view.PRIVATE`), closed to other keys, and
`View.result` (`GameEnded.reason`) one of the reasons the kernel and the rulesets declare
(`catalog.end_reasons()`, the document's `Result`). Random games of every ruleset check each view of
every viewer after each input against them.
"""

from __future__ import annotations

import json
import pathlib

import msgspec
import pytest
from hypothesis import given

from grimoire.domain.catalog import RULESETS, end_reasons, initial_state
from grimoire.domain.ruleset import Table
from grimoire.projections.view import PRIVATE, View
from tests.kernel.test_view_offers_props import GAME_KINDS, SEEDS, examples, play

DOCUMENT = pathlib.Path(__file__).parents[2] / "openapi" / "openapi.json"
GAMES = 100


def check_views(ruleset: str, views: dict[int | str, View], seen: set[str]) -> None:
    for key, view in views.items():
        seen |= set(view.private)
        if ruleset in PRIVATE:
            msgspec.convert(view.private, PRIVATE[ruleset], strict=True)
        else:
            assert view.private == {}, (ruleset, key, view.private)
        assert view.result is None or view.result in end_reasons(), (ruleset, key, view.result)


@pytest.mark.parametrize("kind", GAME_KINDS)
def test_every_views_private_is_its_rulesets_struct_and_every_result_is_declared(kind):
    ended: list[str | None] = []
    seen: set[str] = set()

    @examples(GAMES)
    @given(game=GAME_KINDS[kind], seed=SEEDS)
    def views_match_the_document(game, seed):
        last: list[View] = []

        def watch(views: dict[int | str, View]) -> None:
            check_views(game["ruleset"], views, seen)
            last[:] = list(views.values())

        play(seed=seed, watch=watch, **game)
        assert all(v.result is not None for v in last)
        ended.append(last[0].result)

    views_match_the_document()
    assert ended
    declared = set(PRIVATE[kind].__struct_encode_fields__) if kind in PRIVATE else set()
    assert seen == declared  # the Struct names exactly the keys the games write


def test_private_structs_are_closed_and_optional():
    for ruleset, cls in PRIVATE.items():
        assert ruleset in RULESETS
        assert cls.__struct_config__.forbid_unknown_fields
        assert msgspec.convert({}, cls, strict=True) is not None  # a view carries only what its viewer learnt


def test_the_document_describes_private_and_result_from_the_code():
    schemas = json.loads(DOCUMENT.read_text())["components"]["schemas"]
    private = schemas["View"]["properties"]["private"]["anyOf"]
    refs = [o["$ref"].rsplit("/", 1)[1] for o in private if "$ref" in o]
    assert refs == [cls.__name__ for cls in PRIVATE.values()]
    assert [o for o in private if "$ref" not in o] == [
        {"type": "object", "maxProperties": 0, "additionalProperties": False, "title": "NoPrivate"}
    ]
    for name in refs:
        assert schemas[name]["additionalProperties"] is False
        assert "required" not in schemas[name]
    assert schemas["Result"]["enum"] == end_reasons()
    assert {"$ref": "#/components/schemas/Result"} in schemas["View"]["properties"]["result"]["anyOf"]
    assert schemas["GameEnded"]["properties"]["reason"]["$ref"] == "#/components/schemas/Result"


def test_a_ruleset_cannot_end_with_a_reason_it_does_not_declare():
    for rs in RULESETS.values():
        undeclared = next(r for r in ("village", "days_over") if r not in rs.end_reasons)
        with pytest.raises(ValueError, match="end_reasons"):
            Table(initial_state(), 0, rs, lambda state, event: state).end(undeclared, ())
