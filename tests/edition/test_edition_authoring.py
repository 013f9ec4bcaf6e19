"""Friction a new author meets: errors in the author's own file, stale translations,
and the colon inside a DSL effect."""

from __future__ import annotations

from edition_helpers import problems_of, where

from magie.engine.edition.loader import load_edition
from magie.engine.edition.yamlload import read_yaml


def test_a_deleted_space_a_card_still_names_is_reported_at_the_delete(write):
    path = write("mine.yaml", "id: mine\nextends: classic\nname: Mine\nboard:\n  - {id: arbat, delete: true}\n")
    [p] = problems_of(load_edition, str(path))
    assert (p.file, p.line, p.col, p.code) == (str(path), 5, 5, "unknown-name")
    assert "deletes board item 'arbat', which is still named at" in p.message
    assert "classic.yaml:" in p.message and "unknown name 'arbat'" in p.message


def test_a_deleted_group_its_spaces_still_name_is_reported_at_the_delete(write):
    path = write("mine.yaml", "id: mine\nextends: classic\nname: Mine\ngroups:\n  - {id: dark_blue, delete: true}\n")
    ps = problems_of(load_edition, str(path))
    assert {(p.file, p.line, p.code) for p in ps} == {(str(path), 5, "unknown-group")}
    assert len(ps) == 2 and all("deletes groups item 'dark_blue'" in p.message for p in ps)


def test_patching_one_language_of_a_text_warns_about_the_others(write):
    path = write("mine.yaml", "id: mine\nextends: classic\nname: Mine\nboard:\n"
                              "  - {id: income_tax, name: {en: Property Tax}}\n"
                              "  - {id: luxury_tax, name: {en: Luxury, ru: Роскошь}}\n")
    loaded = load_edition(str(path))
    [w] = loaded.warnings
    assert (w.code, w.severity, w.line, w.col) == ("partial-translation", "warning", 5, 28)
    assert "in en but not in ru, which keeps 'Подоходный налог'" in w.message
    # deleting the stale language is an answer too
    path.write_text(path.read_text(encoding="utf-8").replace("{en: Property Tax}", "{en: Property Tax, ru: null}"))
    assert load_edition(str(path)).warnings == []


def test_an_unquoted_colon_inside_an_effect_gets_the_hint(write):
    for text, at in (("do: if cash > 5: pay bank 5\n", (2, 16)),
                     ("cards:\n  - {id: a, do: if cash > 5: pay bank 5}\n", (3, 28))):
        [p] = read_yaml(write("c.yaml", "id: c\n" + text)).problems
        assert where([p]) == [("yaml-syntax", *at)]
        assert "the value of 'do' contains ': '" in p.message and 'do: "..."' in p.message
