"""The published schema: its form, descriptions, messages, and the generated patch schema."""

from __future__ import annotations

import json

from edition_helpers import problems_of, where
from jsonschema import Draft7Validator

from magie.engine.edition.loader import load_edition
from magie.engine.edition.schema import PATCH_SCHEMA_PATH, load_schema, patch_schema, patch_schema_text, schema_problems
from magie.engine.edition.yamlload import read_yaml, to_plain
from magie.engine.paths import SCHEMA_PATH


def walk(node, path="#", in_condition=False):
    """(path, schema, in_condition) of every subschema; in_condition marks the body of an `if`."""
    if isinstance(node, dict):
        yield path, node, in_condition
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}", in_condition or key == "if")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}/{i}", in_condition)


def test_schema_is_draft07_with_an_id():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"] == "https://magie.dev/schema/edition.schema.json"
    Draft7Validator.check_schema(schema)
    Draft7Validator.check_schema(patch_schema())


def test_every_property_has_a_description():
    missing = []
    for path, node, in_if in walk(load_schema()):
        if in_if:
            continue  # an `if` only tests values; it declares nothing
        for name, prop in node.get("properties", {}).items():
            if not (isinstance(prop, dict) and prop.get("description")):
                missing.append(f"{path}/properties/{name}")
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and not extra.get("description"):
            missing.append(f"{path}/additionalProperties")
    assert missing == []


def _closed_by_kind(node, root) -> bool:
    """A record whose keys each kind branch (`if kind` / `then $ref`) closes: the space."""
    branches = node.get("allOf", [])
    targets = [b.get("then", {}).get("$ref", "").rsplit("/", 1)[-1] for b in branches]
    return bool(branches) and all(t in root["definitions"] and
                                  root["definitions"][t].get("additionalProperties") is False for t in targets)


def test_records_forbid_unknown_keys():
    root = load_schema()
    loose = [path for path, node, in_if in walk(root)
             if not in_if and "properties" in node and "/allOf/" not in path
             and "additionalProperties" not in node and not _closed_by_kind(node, root)]
    assert loose == []


def test_referenced_definitions_carry_no_description_of_their_own():
    # editors let a $ref's target override the description written next to the $ref
    assert [k for k, d in load_schema()["definitions"].items() if "description" in d] == []


def test_classic_satisfies_the_plain_schema():
    tree = to_plain(read_yaml(SCHEMA_PATH.parents[1] / "editions" / "classic.yaml").tree)
    errors = list(Draft7Validator(load_schema()).iter_errors(tree))
    assert errors == []


def test_patch_schema_file_is_up_to_date():
    assert PATCH_SCHEMA_PATH.read_text(encoding="utf-8") == patch_schema_text(), \
        "run: python -m magie.engine.edition.schema"


def test_patch_schema_accepts_a_partial_overlay_and_rejects_unknown_keys():
    v = Draft7Validator(patch_schema())
    overlay = {"overlay": True, "id": "x", "name": "X", "description": "d",
               "board": [{"id": "arbat", "price": 500}, {"id": "go", "delete": True}],
               "rules": {"jail": {"fine": 100}}}
    assert list(v.iter_errors(overlay)) == []
    assert [e.validator for e in v.iter_errors({"board": [{"id": "arbat", "pricee": 1}]})] == \
        ["additionalProperties"]


def patched(write, body: str):
    path = write("a.yaml", "id: a\nextends: classic\nname: A\n" + body)
    return problems_of(load_edition, str(path))


def test_missing_key_for_a_kind_says_which_kind(write):
    [p] = patched(write, "board:\n  - {id: income_tax, tax: null}\n")
    assert p.message == "board[4] (income_tax): 'tax' is required for a tax space"
    assert (p.code, p.line, p.col, p.pointer) == ("missing-key", 5, 5, "/board/4")


def test_a_misspelt_kind_is_one_problem_with_a_suggestion(write):
    [p] = patched(write, "board:\n  - {id: arbat, kind: streeet}\n")
    # a kind may be declared by the edition (space_kinds), so the meaning check names it
    assert (p.code, p.line, p.col) == ("unknown-kind", 5, 23)
    assert "did you mean 'street'" in p.message


def test_a_key_of_another_kind_of_space(write):
    [p] = patched(write, "board:\n  - {id: go, price: 100}\n")
    assert (p.code, p.line, p.col) == ("unknown-key", 5, 14)
    assert "board[0] (go): 'price' does not belong here: only deeds" in p.message


def test_unknown_key_suggests_the_close_one(write):
    [p] = patched(write, "rules:\n  jail: {fien: 10}\n")
    assert (p.code, p.line, p.col, p.pointer) == ("unknown-key", 5, 10, "/rules/jail/fien")
    assert "unknown key 'fien'; did you mean 'fine'?" in p.message


def test_wrong_types_explain_what_was_expected(write):
    problems = patched(write, "version: 2.0\nboard:\n  - {id: arbat, price: 400.0}\n"
                              "  - {id: income_tax, tax: [200]}\n")
    assert where(problems) == [("wrong-type", 4, 10), ("wrong-type", 6, 24), ("wrong-type", 7, 27)]
    assert 'write it in quotes: "2.0"' in problems[0].message
    assert "expected an integer, found the number 400.0 (amounts are whole numbers)" in problems[1].message
    assert "expected an integer or text, found a list" in problems[2].message


def test_ranges_patterns_and_dependencies(write):
    problems = patched(write, "players: {min: 0, max: 4}\n"
                              "groups:\n  - {id: brown, color: brown, hotel_cost: null}\n"
                              "board:\n  - {id: Arbat2, kind: plain, name: X}\n")
    assert where(problems) == [("bad-value", 4, 16), ("missing-key", 6, 5), ("bad-value", 6, 24),
                               ("bad-value", 8, 10)]
    assert "0 is too small (the least allowed is 1)" in problems[0].message
    assert "'house_cost' needs 'hotel_cost' too" in problems[1].message
    assert "colours are written #rrggbb" in problems[2].message
    assert "ids are lowercase letters" in problems[3].message


def test_schema_problems_on_a_bare_tree():
    assert [p.code for p in schema_problems({"id": "x"})].count("missing-key") == 10
