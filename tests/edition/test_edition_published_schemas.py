"""The published schemas agree with `magie validate`: what an editor checks with them
gives no false error on the built-in files and the docs' examples, and knows each kind of space."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from edition_helpers import REPO, problems_of
from jsonschema import Draft7Validator

from magie.engine.edition.loader import load_edition
from magie.engine.edition.schema import PATCH_SCHEMA_PATH
from magie.engine.paths import SCHEMA_PATH

EDITION = Draft7Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
PATCH = Draft7Validator(json.loads(PATCH_SCHEMA_PATH.read_text(encoding="utf-8")))
SPACE = Draft7Validator({"definitions": EDITION.schema["definitions"], "$ref": "#/definitions/space"})
BUILTIN = sorted((REPO / "editions").glob("*.yaml")) + sorted((REPO / "editions" / "variants").glob("*.yaml"))


def _schema_for(tree: dict) -> Draft7Validator:
    return PATCH if "extends" in tree or tree.get("overlay") is True else EDITION


def _messages(validator: Draft7Validator, tree) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(tree)]


@pytest.mark.parametrize("path", BUILTIN, ids=lambda p: p.stem)
def test_every_builtin_file_satisfies_its_published_schema(path):
    text = path.read_text(encoding="utf-8")
    tree = yaml.safe_load(text)
    first = text.splitlines()[0]
    named = re.search(r"\$schema=(\S+)", first)
    validator = _schema_for(tree)
    if named:   # the schema the file names for editors is the one it satisfies
        assert (path.parent / named.group(1)).resolve().name == ("patch.schema.json" if validator is PATCH
                                                                  else "edition.schema.json")
    assert _messages(validator, tree) == []


def _doc_examples():
    for doc in sorted((REPO / "docs").rglob("*.md")):
        for m in re.finditer(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
            line = doc.read_text(encoding="utf-8")[:m.start()].count("\n") + 2
            yield pytest.param(m.group(1), id=f"{doc.name}:{line}")


@pytest.mark.parametrize("text", list(_doc_examples()))
def test_the_docs_examples_satisfy_the_published_schemas(text):
    tree = yaml.safe_load(text)
    top = set(json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["properties"])
    if not isinstance(tree, dict) or not set(tree) <= top:
        pytest.skip("a fragment below the top level")
    validator = EDITION if "$schema=../schema/edition" in text and {"board", "groups"} <= set(tree) else PATCH
    assert _messages(validator, tree) == []


def test_overlay_ids_with_a_dash_and_null_deletes_pass_the_patch_schema():
    overlay = {"overlay": True, "id": "free-parking-jackpot", "name": "X", "description": "d",
               "decks": [{"id": "chance", "shuffle": None}], "rules": {"jackpot": None},
               "board": [{"id": "chance_1", "deck": None}]}
    assert _messages(PATCH, overlay) == []
    assert _messages(PATCH, {"board": [{"id": "go", "dekc": "x"}]}) != []


def test_the_schema_knows_the_kind_of_a_space():
    street = {"id": "a", "kind": "street", "name": "A", "group": "g", "price": 1, "mortgage": 1, "rent": [1]}
    assert list(SPACE.iter_errors(street)) == []
    errors = [e for e in SPACE.iter_errors({**street, "deck": "chance"})]
    assert [e.validator for e in errors] == ["additionalProperties"] and "'deck'" in errors[0].message
    card = {"id": "c", "kind": "card", "name": "C"}
    errors = list(SPACE.iter_errors(card))
    assert [(e.validator, e.message) for e in errors] == [("required", "'deck' is a required property")]
    # the branch an editor completes from offers the keys of that kind only
    assert set(EDITION.schema["definitions"]["space_street"]["properties"]) == \
        {"id", "kind", "name", "group", "price", "mortgage", "rent", "rent_tables"}
    assert set(EDITION.schema["definitions"]["space_card"]["properties"]) == {"id", "kind", "name", "deck", "decks"}


def test_validate_names_the_kind_when_a_key_belongs_to_another(write):
    path = write("a.yaml", "id: a\nextends: classic\nname: A\nboard:\n  - {id: arbat, deck: chance}\n")
    [p] = problems_of(load_edition, str(path))
    assert (p.code, p.line, p.col) == ("unknown-key", 5, 17)
    assert p.message.startswith("board[39] (arbat): 'deck' does not belong here: only card spaces have 'deck' "
                                "(a street space has: id, kind, name, group, price, mortgage, rent, rent_tables)")
