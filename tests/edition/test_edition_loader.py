"""Loading editions: built-in ids, paths, extends chains, overlays, hashes, pointers."""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest
from edition_helpers import REPO, problems_of, where

from magie.engine.edition.listing import list_builtin
from magie.engine.edition.loader import content_hash, load_edition
from magie.engine.edition.validate import validate_paths
from magie.engine.edition.yamlload import to_plain
from magie.engine.paths import EDITIONS_DIR


def test_classic_loads_with_every_key_and_defaults():
    e = load_edition("classic")
    assert e.id == "classic" and e.warnings == [] and e.variants == ()
    assert e.files == [EDITIONS_DIR / "classic.yaml"]
    assert len(e.tree["board"]) == 40 and e.tree["board"][39]["id"] == "arbat"
    assert e.tree["setup"]["deal_deeds"] is None  # schema default
    assert all(d["shuffle"] is True for d in e.tree["decks"])  # schema default
    assert e.tree["actions"] == [] and e.tree["params"] == {}


def test_content_hash_is_sha256_of_canonical_json():
    e = load_edition("classic")
    text = json.dumps(to_plain(e.tree), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert e.content_hash == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert load_edition("classic").content_hash == e.content_hash


def test_locate_maps_a_json_pointer_to_the_file_position():
    e = load_edition("classic")
    m = e.locate("/decks/0/cards/3/do")
    assert m.file.endswith("classic.yaml") and (m.line, m.col) == (93, 13)
    assert e.tree["decks"][0]["cards"][3]["do"] == "move to polyanka"
    assert e.locate("/board/4").line == e.locate("/board/4/tax").line
    assert e.locate("/nope/1") is None and e.locate("/board/99") is None
    assert e.locate("").line == 8  # the root map starts at the first key


def test_extends_chain_merges_and_marks_point_at_each_file(write):
    write("base.yaml", """
        id: mid
        extends: classic
        name: Middle
        rules: {jail: {fine: 60}}
        """)
    child = write("sub/child.yaml", """
        id: child
        extends: ../base.yaml
        name: {en: Child, ru: Дочь}
        board:
          - {id: arbat, price: 450}
        """)
    e = load_edition(str(child))
    assert e.id == "child" and "extends" not in e.tree
    assert e.tree["rules"]["jail"]["fine"] == 60 and e.tree["board"][39]["price"] == 450
    assert [f.name for f in e.files] == ["classic.yaml", "base.yaml", "child.yaml"]
    assert e.locate("/rules/jail/fine").file.endswith("base.yaml")
    assert e.locate("/board/39/price").file.endswith("child.yaml")
    assert e.locate("/board/39/rent").file.endswith("classic.yaml")
    assert e.content_hash != load_edition("classic").content_hash


def test_extends_cycle_names_the_chain(write):
    write("a.yaml", "id: a\nextends: ./b.yaml\nname: A\n")
    b = write("b.yaml", "id: b\nextends: ./a.yaml\nname: B\n")
    [p] = problems_of(load_edition, str(b))
    assert (p.code, p.line, p.col) == ("extends-cycle", 2, 1) and p.file.endswith("a.yaml")
    assert "b.yaml -> " in p.message and "a.yaml -> " in p.message


def test_an_edition_extending_itself(write):
    a = write("a.yaml", "id: a\nextends: ./a.yaml\nname: A\n")
    [p] = problems_of(load_edition, str(a))
    assert p.code == "extends-cycle"


def test_extends_of_a_missing_edition_is_reported_at_the_extends_line(write):
    a = write("a.yaml", "id: a\nname: A\nextends: clasic\n")
    [p] = problems_of(load_edition, str(a))
    assert (p.code, p.line, p.col) == ("unknown-edition", 3, 10)
    assert "'clasic'" in p.message and "classic" in p.message
    b = write("b.yaml", "id: b\nname: B\nextends: ./nowhere.yaml\n")
    assert where(problems_of(load_edition, str(b))) == [("file-not-found", 3, 10)]


def test_an_edition_that_extends_needs_its_own_id(write):
    a = write("a.yaml", "extends: classic\nname: A\n")
    assert where(problems_of(load_edition, str(a))) == [("missing-key", 1, 1)]


def test_unknown_edition_and_variant_on_the_command_line():
    problems = problems_of(load_edition, "nosuch", ["nope"])
    assert [(p.code, p.file) for p in problems] == [("unknown-edition", ""), ("unknown-variant", "")]
    assert "built-in editions: " in problems[0].message
    assert all(f"{e}," in problems[0].message for e in ("classic", "landlords_game", "mega", "quick", "timed"))


@pytest.fixture
def builtins(tmp_path):
    """A folder of built-in editions: classic and two overlays."""
    shutil.copy(EDITIONS_DIR / "classic.yaml", tmp_path / "classic.yaml")
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "rich_start.yaml").write_text(
        "overlay: true\nid: rich_start\nname: Rich start\ndescription: Everyone starts with 3000.\n"
        "setup: {start_cash: 3000}\n")
    (tmp_path / "variants" / "poor_start.yaml").write_text(
        "overlay: true\nid: poor_start\nname: Poor start\ndescription: Everyone starts with 500.\n"
        "setup: {start_cash: 500}\n")
    return tmp_path


def test_builtin_overlays_apply_in_order_and_conflicts_warn(builtins):
    e = load_edition("classic", ["rich_start", "poor_start"], base_dir=builtins)
    assert e.tree["setup"]["start_cash"] == 500
    assert e.variants == ("rich_start", "poor_start")
    assert [f.name for f in e.files] == ["classic.yaml", "rich_start.yaml", "poor_start.yaml"]
    [w] = e.warnings
    assert (w.code, w.line, w.col, w.pointer) == ("overlay-conflict", 5, 21, "/setup/start_cash")
    assert w.file.endswith("poor_start.yaml") and "overriding 3000" in w.message
    # the overlay's own id, name and description do not replace the edition's
    assert e.id == "classic" and e.tree["name"]["en"] == "Classic"


def test_unknown_variant_lists_the_known_ones(builtins):
    [p] = problems_of(load_edition, "classic", ["rich"], base_dir=builtins)
    assert p.code == "unknown-variant" and "poor_start, rich_start" in p.message


def test_list_builtin(builtins):
    infos = list_builtin(builtins)
    assert [(i.kind, i.id) for i in infos] == [("edition", "classic"), ("overlay", "poor_start"),
                                               ("overlay", "rich_start")]
    assert infos[0].description.startswith("The classic game") and infos[2].name == "Rich start"
    assert "classic" in [i.id for i in list_builtin() if i.kind == "edition"]


def test_overlay_patching_a_missing_id_names_the_overlay_and_the_target(write):
    ov = write("ov.yaml", """
        overlay: true
        id: ov
        name: Bad patch
        description: Patches a space that is not there.
        board:
          - {id: nowhere, price: 5}
          - {id: arbatt, price: 5}
        """)
    problems = problems_of(load_edition, "classic", [str(ov)])
    assert where(problems) == [("unknown-target", 6, 5), ("unknown-target", 7, 5)]
    assert "overlay 'ov'" in problems[0].message and "ov.yaml" in problems[0].message
    assert "board item 'nowhere'" in problems[0].message and "edition 'classic'" in problems[0].message
    assert "missing: kind, name" in problems[0].message
    assert "did you mean 'arbat'" in problems[1].message


def test_a_new_complete_item_in_an_overlay_is_added(write):
    ov = write("ov.yaml", """
        overlay: true
        id: ov
        name: New deck
        description: Adds a deck and a space that draws from it.
        decks:
          - id: bonus
            name: Bonus
            cards: [{id: bonus_1, text: Gift, do: collect 10 from bank}]
        board:
          - {id: chance_3, deck: bonus}
        """)
    e = load_edition("classic", [str(ov)])
    assert [d["id"] for d in e.tree["decks"]] == ["chance", "chest", "bonus"]
    assert e.tree["board"][36]["deck"] == "bonus"


def test_edition_as_variant_and_overlay_as_edition_are_refused(write):
    ed = write("ed.yaml", "id: ed\nextends: classic\nname: Ed\n")
    ov = write("ov.yaml", "overlay: true\nid: ov\nname: Ov\ndescription: An overlay.\n")
    assert where(problems_of(load_edition, "classic", [str(ed)])) == [("wrong-file-kind", 1, 1)]
    assert where(problems_of(load_edition, str(ov))) == [("wrong-file-kind", 1, 1)]


def test_overlay_needs_its_own_keys(write):
    ov = write("ov.yaml", "overlay: true\nid: Bad Id\nrules: {jail: {fine: 10}}\n")
    problems = problems_of(load_edition, "classic", [str(ov)])
    assert sorted(where(problems)) == [("bad-value", 2, 5), ("missing-key", 1, 1), ("missing-key", 1, 1)]
    assert {p.message for p in problems if p.code == "missing-key"} == {"'name' is required",
                                                                        "'description' is required"}


def test_null_resets_a_nullable_rule_to_its_default(write):
    a = write("a.yaml", "id: a\nextends: classic\nname: A\nend: {max_rounds: 100}\n")
    b = write("b.yaml", "id: b\nextends: ./a.yaml\nname: B\nend: {max_rounds: null}\n")
    assert load_edition(str(a)).tree["end"]["max_rounds"] == 100
    assert load_edition(str(b)).tree["end"]["max_rounds"] is None


def test_every_problem_of_a_file_in_one_run(write):
    a = write("a.yaml", """
        id: a
        extends: classic
        name: A
        players: {min: 9, max: 3}
        rules: {turn_order: random, jail: {fine: "50"}}
        board:
          - {id: arbat, pricee: 1, group: darkblue}
        """)
    problems = problems_of(load_edition, str(a))
    assert where(problems) == [("players-range", 4, 16), ("bad-value", 5, 21), ("wrong-type", 5, 42),
                               ("unknown-key", 7, 17), ("unknown-group", 7, 35)]


def test_content_hash_ignores_marks_and_key_order(write):
    a = write("a.yaml", "id: a\nextends: classic\nname: A\nplayers: {min: 2, max: 6}\n")
    b = write("b.yaml", "\n\nname: A\nplayers:\n  max: 6\n  min: 2\nextends: classic\nid: a\n")
    assert load_edition(str(a)).content_hash == load_edition(str(b)).content_hash
    assert content_hash({"b": 1, "a": [1]}) == content_hash({"a": [1], "b": 1})


def test_shipped_editions_validate_cleanly():
    # every edition and overlay under editions/, warnings included: `magie validate editions/ --strict`
    assert validate_paths([REPO / "editions"]) == []


def test_shipped_editions_have_english_and_russian_text():
    for info in list_builtin():
        e = load_edition(str(info.path)) if info.kind == "edition" else None
        tree = e.tree if e else None
        if tree is None:
            continue
        texts = [tree["name"], tree["description"]] + [s["name"] for s in tree["board"]]
        texts += [g["name"] for g in tree["groups"]] + [d["name"] for d in tree["decks"]]
        texts += [c["text"] for d in tree["decks"] for c in d["cards"]]
        assert all(isinstance(t, dict) and t.get("en") and t.get("ru") for t in texts), info.id
        assert tree["id"] == info.id
