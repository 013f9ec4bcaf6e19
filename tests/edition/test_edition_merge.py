"""Each merge rule of extends and overlays (docs/authoring.md, "Merge rules")."""

from __future__ import annotations

from magie.engine.edition.merge import Layer, Merger
from magie.engine.edition.yamlload import read_yaml, to_plain

BASE = """
a: {x: 1, y: {deep: 1, keep: 2}}
gone: 5
items:
  - {id: one, v: 1, sub: {p: 1, q: 2}}
  - {id: two, v: 2}
  - {id: three, v: 3}
plain: [1, 2, 3]
scalar: old
"""


def merge(write, patch: str, kind: str = "edition"):
    base = read_yaml(write("base.yaml", BASE)).tree
    child = read_yaml(write("child.yaml", patch)).tree
    m = Merger()
    out = m.apply(base, child, Layer(kind, "child", "child.yaml"), "edition 'base'")
    return out, m


def test_maps_merge_deeply(write):
    out, _ = merge(write, "a: {y: {deep: 9}, z: 3}\n")
    assert to_plain(out)["a"] == {"x": 1, "y": {"deep": 9, "keep": 2}, "z": 3}


def test_null_deletes_a_key(write):
    out, _ = merge(write, "gone: null\na: {x: ~}\n")
    assert "gone" not in out and to_plain(out)["a"] == {"y": {"deep": 1, "keep": 2}}


def test_items_with_the_same_id_merge_deeply(write):
    out, _ = merge(write, "items:\n  - {id: one, v: 10, sub: {q: 20}}\n")
    assert to_plain(out)["items"][0] == {"id": "one", "v": 10, "sub": {"p": 1, "q": 20}}
    assert [i["id"] for i in out["items"]] == ["one", "two", "three"]


def test_new_ids_are_appended_and_base_order_is_kept(write):
    out, m = merge(write, "items:\n  - {id: four, v: 4}\n  - {id: two, v: 22}\n")
    assert [(i["id"], i["v"]) for i in out["items"]] == [("one", 1), ("two", 22), ("three", 3), ("four", 4)]
    assert [a.path[-1].id for a in m.appended] == ["four"]


def test_delete_true_removes_an_item(write):
    out, m = merge(write, "items:\n  - {id: two, delete: true}\n")
    assert [i["id"] for i in out["items"]] == ["one", "three"] and m.problems == []


def test_deleting_a_missing_id_names_the_file_and_the_target(write):
    _, m = merge(write, "items:\n  - {id: twoo, delete: true}\n", kind="overlay")
    [p] = m.problems
    assert (p.code, p.line, p.col) == ("unknown-target", 2, 5)
    assert "overlay 'child' (child.yaml)" in p.message and "'twoo'" in p.message
    assert "did you mean 'two'" in p.message


def test_delete_with_other_keys_is_an_error(write):
    _, m = merge(write, "items:\n  - {id: two, delete: true, v: 3}\n")
    assert [(p.code, p.line, p.col) for p in m.problems] == [("bad-delete", 2, 29)]


def test_other_lists_replace(write):
    out, _ = merge(write, "plain: [9]\n")
    assert out["plain"] == [9]


def test_a_list_of_id_items_replaces_a_list_without_ids(write):
    out, _ = merge(write, "plain: [{id: a}]\n")
    assert to_plain(out)["plain"] == [{"id": "a"}]


def test_an_empty_list_replaces_a_list_of_id_items(write):
    out, _ = merge(write, "items: []\n")
    assert out["items"] == []


def test_scalars_replace(write):
    out, _ = merge(write, "scalar: new\n")
    assert out["scalar"] == "new"


def test_patch_item_without_id_is_reported(write):
    _, m = merge(write, "items:\n  - {v: 5}\n")
    assert [(p.code, p.line) for p in m.problems] == [("missing-key", 2)]


def test_marks_point_at_the_file_that_last_set_each_node(write):
    out, _ = merge(write, "items:\n  - {id: two, v: 22}\n")
    two = out["items"][1]
    assert two.value_marks["v"].file.endswith("child.yaml") and two.value_marks["v"].line == 2
    assert two.value_marks["id"].file.endswith("child.yaml")
    three = out["items"][2]
    assert three.value_marks["v"].file.endswith("base.yaml") and three.value_marks["v"].line == 6
    assert out.value_marks["scalar"].file.endswith("base.yaml")


def test_inputs_are_not_changed(write):
    base = read_yaml(write("base.yaml", BASE)).tree
    before = to_plain(base)
    child = read_yaml(write("child.yaml", "a: {x: 2}\nitems: [{id: one, delete: true}]\n")).tree
    Merger().apply(base, child, Layer("edition", "c", "c"), "edition 'base'")
    assert to_plain(base) == before


def test_two_overlays_setting_one_value_differently_warn_and_the_later_wins(write):
    base = read_yaml(write("base.yaml", BASE)).tree
    o1 = read_yaml(write("o1.yaml", "a: {x: 5}\nscalar: same\n")).tree
    o2 = read_yaml(write("o2.yaml", "a: {x: 6}\nscalar: same\n")).tree
    m = Merger()
    t = m.apply(base, o1, Layer("overlay", "o1", "o1.yaml"), "edition 'base'")
    t = m.apply(t, o2, Layer("overlay", "o2", "o2.yaml"), "edition 'base'")
    assert t["a"]["x"] == 6
    [w] = m.warnings(t)
    assert (w.severity, w.code, w.line, w.col, w.pointer) == ("warning", "overlay-conflict", 1, 8, "/a/x")
    assert "overlay 'o2'" in w.message and "a.x" in w.message and "overriding 5" in w.message


def test_an_overlay_overriding_the_edition_is_no_conflict(write):
    base = read_yaml(write("base.yaml", BASE)).tree
    child = read_yaml(write("child.yaml", "scalar: x\n")).tree
    o1 = read_yaml(write("o1.yaml", "scalar: y\n")).tree
    m = Merger()
    t = m.apply(base, child, Layer("edition", "child", "child.yaml"), "edition 'base'")
    t = m.apply(t, o1, Layer("overlay", "o1", "o1.yaml"), "edition 'child'")
    assert t["scalar"] == "y" and m.warnings(t) == []
