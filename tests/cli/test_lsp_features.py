"""The language server's answers on any text, without the protocol: no text and no position
makes a feature raise, and the problems are those `magie validate` reports for the same file."""

from __future__ import annotations

from pathlib import Path

import pytest

from magie.cli.lsp.document import Document
from magie.cli.lsp.features import completions, definition, hover, index_of, outline, snippet_at
from magie.cli.lsp.keys import key_path
from magie.cli.lsp.references import RenameRefused, references, rename
from magie.engine.edition.validate import validate_file

REPO = Path(__file__).resolve().parents[2]

ODD = [
    "",
    "\n\n\n",
    "# only a comment\n",
    "id: [unclosed\n",
    "- a list\n- at the top\n",
    "just text",
    "id: x\n\tname: tab\n",
    "id: x\nextends: 5\n",
    "id: x\nextends: ./no/such/file.yaml\n",
    "id: x\nextends: /etc/passwd\n",
    "id: x\nextends: x.yaml\n",
    "overlay: true\nbase: [1]\n",
    "overlay: true\nbase: nonesuch\nrules: {salary: 'pay pay'}\n",
    "a: &a [*a]\n",
    "id: x\nextends: classic\ndecks: [{id: chance, cards: [{id: chance_go, do: 'move to ('}]}]\n",
    "id: x\nextends: classic\nboard:\n  - id: arbat\n    kind: \n    \n",
    "\ufeffid: bom\nextends: classic\n",
    "id: x\nextends: classic\nrules:\n  salary: |\n\n",
    "id: x\n" + "  " * 200 + "deep: 1\n",
    "id: \"\\u00e9\\x07\"\nextends: classic\n",
    "{" * 100,
    "id: x\nextends: classic\nboard:\n  - {id: a, kind: {\"x, [b, {c: ]}, d: \n  - {'q, kind: street, # {\n",
    "id: x\nboard: [{id: a, group: g, rent: [1, {x: }]}, {id: b, kind: tax, }]\ngroups: {g: {id: g}}\n",
]


@pytest.mark.parametrize("text", ODD, ids=range(len(ODD)))
def test_no_text_and_no_position_makes_a_feature_raise(tmp_path, text):
    doc = Document(tmp_path / "odd.yaml", text)
    diags = doc.diagnostics()
    assert [d.code for d in diags] == [p.code for p in validate_file(doc.path, text=text)]
    if text.strip() and "bom" not in text:
        assert any(d.severity == "error" for d in diags), text
    lines = doc.lines
    index = index_of(doc)
    for line in range(-1, len(lines) + 2):
        width = len(lines[line]) if 0 <= line < len(lines) else 3
        for col in range(0, width + 2):
            completions(doc, (line, col))
            references(doc, index, (line, col))
            try:
                rename(doc, index, (line, col), "new_id")
            except RenameRefused:
                pass
            hover(doc, (line, col))
            definition(doc, (line, col))
            snippet_at(doc, (line, col))
    outline(doc)


@pytest.mark.parametrize("name", ["classic", "mega", "quick", "biznespolia_short"])
def test_the_diagnostics_are_the_problems_validate_reports(name):
    path = REPO / "editions" / f"{name}.yaml"
    text = path.read_text().replace("do: move to ", "do: move to nowhere_", 1)
    doc = Document(path, text)
    assert doc.problems() == validate_file(path, text=text)
    assert [d.code for d in doc.diagnostics()] == [p.code for p in doc.problems()]
    if "do: move to " in path.read_text():
        assert "unknown-name" in [d.code for d in doc.diagnostics()]


def test_the_key_path_is_read_from_the_indentation_of_a_half_typed_file():
    lines = ["id: x", "board:", "  - id: arbat", "    kind: street", "    pri", "decks:", "  - id: chance",
             "    cards:", "      - id: c1", "        do: |", "          pay bank 1", "        te"]
    assert key_path(lines, 4, 4) == (["board", "*"], {"id": "arbat", "kind": "street"})
    assert key_path(lines, 11, 8)[0] == ["decks", "*", "cards", "*"]
    assert key_path(lines, 7, 4)[0] == ["decks", "*"]
    assert key_path(lines, 1, 0)[0] == []


STYLES = """\
id: styles
extends: classic
decks:
  - id: chance
    cards:
      - id: chance_go
        do: 'pay bank 5 + gone1'
      - id: chance_arbat
        do: |-
          pay bank 5
          pay bank gone2
      - id: chance_polyanka
        do: |+
            pay bank gone3

      - id: chance_riga
        do: >
          pay bank gone4
      - id: chance_railway_1
        do:   pay bank gone5   # a comment
"""


def test_dsl_errors_are_exact_in_single_quoted_chomped_indented_and_folded_strings(tmp_path):
    doc = Document(tmp_path / "styles.yaml", STYLES)
    found = sorted((d.start, d.end) for d in doc.diagnostics() if d.code == "unknown-name")
    lines = STYLES.split("\n")
    assert [lines[s[0]][s[1]:e[1]] for s, e in found] == ["gone1", "gone2", "gone3", "gone4", "gone5"]


def test_an_overlays_base_problems_are_shown_at_its_base_line(tmp_path):
    (tmp_path / "mine.yaml").write_text("id: mine\nextends: classic\nboard:\n  - {id: arbat, price: -1}\n")
    doc = Document(tmp_path / "house.yaml", "overlay: true\nid: house\nbase: ./mine.yaml\n"
                                            "name: {en: H, ru: H}\ndescription: {en: x, ru: x}\nrules: {salary: 300}\n")
    diags = doc.diagnostics()
    assert diags and all((d.start, d.end) == ((2, 6), (2, 17)) for d in diags), diags
    assert any(d.elsewhere is not None and d.elsewhere[0].endswith("mine.yaml") and d.elsewhere[1] == 4
               for d in diags)


def test_a_plain_string_over_lines_is_dsl_on_each_of_its_lines(tmp_path):
    text = "id: x\nextends: classic\ndecks:\n  - id: chance\n    cards:\n      - id: chance_go\n" \
           "        do: pay bank 10 +\n          owned_in(me, brown)\n      - id: chance_arbat\n"
    doc = Document(tmp_path / "x.yaml", text)
    assert snippet_at(doc, (7, 12)) is not None and snippet_at(doc, (8, 8)) is None
    labels = {i.label for i in completions(doc, (7, 12))}
    assert {"owned_in", "brown"} <= labels


def test_a_declared_plugins_functions_are_completed_and_hovered(tmp_path, monkeypatch):
    from magie.engine.dsl import vocabulary
    from magie.engine.dsl.typesys import INT

    spec = vocabulary.FunctionSpec("digit_sum", 1, 1, "digit_sum(int) -> int", "the sum of the digits",
                                   params=(INT,), returns=INT, plugin="magie-example",
                                   doc="The sum of the digits of n.")
    asked: list[list[str]] = []
    monkeypatch.setattr(vocabulary, "plugin_functions", lambda plugins=None: asked.append(list(plugins)) or
                        {"digit_sum": spec})
    text = "id: x\nextends: classic\nplugins: [magie-example]\nrules:\n  salary: digit_sum(200)\n"
    doc = Document(tmp_path / "x.yaml", text)
    assert "digit_sum" in {i.label for i in completions(doc, (4, 12))} and asked[-1] == ["magie-example"]
    said = hover(doc, (4, 13))
    assert said is not None and "plugin magie-example" in said[0] and "digits of n" in said[0]
    undeclared = Document(tmp_path / "y.yaml", text.replace("plugins: [magie-example]\n", ""))
    assert "digit_sum" not in {i.label for i in completions(undeclared, (3, 12))}


def test_the_key_path_of_a_flow_map_is_read_from_its_brackets_and_the_block_above():
    from magie.cli.lsp.keys import flow_path
    lines = ["board:", "  - {id: a, kind: street, rent_tables: [{when: 'x, y', }], group: g}",
             "rules:", "  doubles: {roll_again: true, }", "  jail: {fine: {a: "]
    at = lines[1].index("', }") + 3            # after `'x, y', `
    assert flow_path(lines, 1, at) == (["board", "*", "rent_tables", "*"], {"when": "x, y"})
    assert flow_path(lines, 1, len("  - {id: a, ")) == (["board", "*"], {
        "id": "a", "kind": "street", "rent_tables": "", "group": "g"})
    assert flow_path(lines, 3, len(lines[3]) - 1) == (["rules", "doubles"], {"roll_again": "true"})
    assert flow_path(lines, 1, len("  - {id: a, kind: st")) is None         # a value, not a key
    assert flow_path(lines, 4, len(lines[4])) is None                       # a value again
    assert flow_path(lines, 0, 3) is None and flow_path(lines, 9, 0) is None


def test_a_base_that_did_not_load_is_loaded_again_once_its_file_is_saved(tmp_path):
    import os

    parent = tmp_path / "parent.yaml"
    parent.write_text("id: parent\nextends: classic\nboard:\n  - {id: arbat, price: -1}\n")
    doc = Document(tmp_path / "child.yaml", "id: child\nextends: ./parent.yaml\n")
    assert doc.base is None                                    # the price is refused
    parent.write_text("id: parent\nextends: classic\nboard:\n  - {id: arbat, price: 450}\n")
    later = parent.stat().st_mtime + 2
    os.utime(parent, (later, later))                           # saved a moment later
    base = doc.base
    assert base is not None and base.tree["board"][39]["price"] == 450
