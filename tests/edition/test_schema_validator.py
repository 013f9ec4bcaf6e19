"""The prepared validator (inlined `$ref`s, kind dispatch) gives exactly the errors of the plain
Draft 7 validator on the published schema, in the same order, on good and broken editions."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from magie.engine.edition.schema import load_schema, schema_problems
from magie.engine.edition.schema_validator import FastValidator, KindBranches, KnownValid, PlainValidator, prepare
from magie.engine.edition.yamlload import copy_marked, read_yaml, to_plain
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


FILES = sorted(EDITIONS_DIR.glob("*.yaml")) + sorted(EDITIONS_DIR.glob("variants/*.yaml")) \
    + sorted(FIXTURES.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_same_errors_on_every_edition_file(path):
    tree = read_yaml(path).tree
    if tree is not None:
        _same_errors(to_plain(tree))


def _broken_spaces():
    """A board of one of classic's spaces, broken in each way the kind dispatch must mirror (the
    rest of the edition left out: its errors are the same for both and cost time)."""
    classic = to_plain(read_yaml(EDITIONS_DIR / "classic.yaml").tree)
    kinds = {s["kind"]: s for s in classic["board"]}
    breaks = [
        lambda s: None,
        lambda s: s.pop("kind"),
        lambda s: s.update(kind="castle"),            # neither built in nor declared
        lambda s: s.update(kind=7),
        lambda s: s.update(kind=["street"]),
        lambda s: s.update(kind=None),
        lambda s: s.update(kind="court"),             # the kinds classic does not use
        lambda s: s.update(kind="plain"),
        lambda s: s.update(rent=[1, 2]),              # a street's key on this kind
        lambda s: s.update(deck="chance", price="x"),
        lambda s: s.update(bogus=1),
        lambda s: s.pop("name"),
        lambda s: s.clear(),
    ]
    for kind, space in kinds.items():
        for n, brk in enumerate(breaks):
            broken = copy.deepcopy(space)
            brk(broken)
            yield f"{kind}-{n}", {"board": [broken]}
        for odd in ("a text", 5, None, [1]):
            yield f"{kind}-{odd!r}", {"board": [odd]}


def test_same_errors_on_broken_spaces():
    compared = {name: _same_errors(tree) for name, tree in _broken_spaces()}
    # every kind is compared, and on spaces with errors of their own (not only the missing sections)
    assert len({name.split("-")[0] for name in compared}) >= 9
    top = len(_same_errors({"board": []}))
    assert sum(len(errors) > top for errors in compared.values()) > len(compared) * 3 // 4


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


def test_a_valid_content_is_not_walked_again_and_a_changed_one_is(monkeypatch):
    from magie.engine.edition import schema

    tree = read_yaml(EDITIONS_DIR / "classic.yaml").tree
    assert schema_problems(tree) == []

    def walked():
        raise AssertionError("walked again")
    monkeypatch.setattr(schema, "_validator", walked)
    assert schema_problems(copy_marked(tree)) == []           # the same content
    monkeypatch.undo()
    tree["board"][1]["name"] = 5
    found = schema_problems(tree)
    assert found and {p.code for p in found} == {"wrong-type"}
    assert schema_problems(tree) == found                    # errors are never remembered


def test_the_known_valid_contents_are_bounded():
    known = KnownValid(size=2)
    for digest in ("a", "b", "c"):
        known.add(digest)
    assert "a" not in known and "b" in known and "c" in known


def test_the_known_valid_contents_take_additions_from_several_threads():
    # the studio and uploads of the web server check editions in several threads at once
    import sys
    import threading

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)         # threads switch as often as they can
    known, failed = KnownValid(size=2), []

    def add(thread: int) -> None:
        try:
            for i in range(20_000):
                known.add(f"{thread}-{i}")
        except Exception as e:          # a shared eviction: KeyError, or a size change mid-iteration
            failed.append(e)

    threads = [threading.Thread(target=add, args=(t,)) for t in range(8)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert failed == [] and len(known.hashes) == 2
