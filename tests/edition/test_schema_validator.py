"""The prepared validator (inlined `$ref`s, kind dispatch) gives exactly the errors of the plain
Draft 7 validator on the published schema, in the same order, on good and broken editions."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from magie.engine.edition.schema import load_schema
from magie.engine.edition.schema_validator import FastValidator, KindBranches, PlainValidator, prepare
from magie.engine.edition.yamlload import read_yaml, to_plain
from magie.engine.paths import EDITIONS_DIR

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _errors(validator, tree) -> list[tuple]:
    return [(e.message, list(e.absolute_path), list(e.absolute_schema_path), e.validator,
             e.validator_value, id(e.instance)) for e in validator.iter_errors(tree)]


def _same_errors(tree) -> list[tuple]:
    plain = _errors(PlainValidator(load_schema()), tree)
    fast = _errors(FastValidator(prepare(load_schema())), tree)
    assert fast == plain
    return plain


def _trees() -> list[tuple[str, object]]:
    files = sorted(EDITIONS_DIR.glob("*.yaml")) + sorted(EDITIONS_DIR.glob("variants/*.yaml")) \
        + sorted(FIXTURES.rglob("*.yaml"))
    out = []
    for f in files:
        tree = read_yaml(f).tree
        if tree is not None:
            out.append((f.name, to_plain(tree)))
    return out


@pytest.mark.parametrize(("name", "tree"), _trees(), ids=lambda v: v if isinstance(v, str) else "")
def test_same_errors_on_every_edition_file(name, tree):
    _same_errors(tree)


def _broken_spaces():
    """Classic with each space broken in each way the kind dispatch must mirror."""
    classic = to_plain(read_yaml(EDITIONS_DIR / "classic.yaml").tree)
    kinds = {s["kind"]: i for i, s in enumerate(classic["board"])}
    breaks = [
        lambda s: s.pop("kind"),
        lambda s: s.update(kind="castle"),            # neither built in nor declared
        lambda s: s.update(kind=7),
        lambda s: s.update(kind=["street"]),
        lambda s: s.update(kind=None),
        lambda s: s.update(rent=[1, 2]),              # a street's key on this kind
        lambda s: s.update(deck="chance", price="x"),
        lambda s: s.update(bogus=1),
        lambda s: s.pop("name"),
        lambda s: s.clear(),
    ]
    for kind, i in kinds.items():
        for n, brk in enumerate(breaks):
            tree = copy.deepcopy(classic)
            brk(tree["board"][i])
            yield f"{kind}-{n}", tree
        for odd in ("a text", 5, None, [1]):
            tree = copy.deepcopy(classic)
            tree["board"][i] = odd
            yield f"{kind}-{odd!r}", tree


@pytest.mark.parametrize(("name", "tree"), list(_broken_spaces()), ids=lambda v: v if isinstance(v, str) else "")
def test_same_errors_on_broken_spaces(name, tree):
    _same_errors(tree)


def test_broken_spaces_do_give_errors():
    # the comparison above compares something: most broken spaces are errors
    found = [name for name, tree in _broken_spaces() if _same_errors(tree)]
    assert len(found) > len(list(_broken_spaces())) * 3 // 4


def test_the_space_kinds_are_dispatched_not_tried_one_by_one():
    space = prepare(load_schema())["definitions"]["space"]
    assert isinstance(space["allOf"], KindBranches)
    assert set(space["allOf"].by_kind) >= {"street", "railroad", "utility", "card", "tax", "jail"}
    assert space["allOf"].other is not None


def test_another_allof_is_left_as_it_is():
    schema = {"allOf": [{"required": ["a"]}, {"if": {"required": ["kind"], "properties": {"kind": {"const": "x"}}},
                                              "then": {"required": ["b"]}}]}
    ready = prepare(schema)
    assert not isinstance(ready["allOf"], KindBranches)
    assert _errors(FastValidator(ready), {"kind": "x"})[0][:4] == _errors(PlainValidator(schema), {"kind": "x"})[0][:4]
