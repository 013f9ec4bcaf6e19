"""A DSL error is placed at its own line and column in the YAML file, whatever the style of the
string that holds the code: plain, quoted, with escapes or a doubled quote, folded over lines,
or a `|` block (engine/dsl/positions.py, with yamlload.py's `Mark.chars`)."""

from __future__ import annotations

import pytest

from magie.engine.edition.validate import validate_file

CARDS = [
    ("do: move to gone", "gone"),
    ('do: "pay bank 10\\nmove to gone"', "gone"),                  # an escaped line break
    ('do: "pay bank \\x31\\u0030 + gone"', "gone"),                 # escapes of other lengths
    ("do: 'pay bank 10 + gone'", "gone"),
    ('do: "pay bank\n          10 + gone"', "gone"),                # a quoted string over two lines
    ("do: pay bank 10 +\n          gone", "gone"),                  # a plain one
    ("do: pay bank 10\n\n          move to gone", "gone"),        # a blank line: a line break
    ("do: |\n          pay bank 10\n          move to gone", "gone"),
    ("do: 'it''s'", "''s"),                                         # a quote written ''
]


@pytest.mark.parametrize("card,word", CARDS, ids=range(len(CARDS)))
def test_a_dsl_error_is_at_its_place_in_the_file(tmp_path, monkeypatch, card, word):
    monkeypatch.chdir(tmp_path)
    text = ("id: places\nextends: classic\nname: {en: P, ru: P}\ndecks:\n  - id: chance\n    cards:\n"
            f"      - id: chance_go\n        {card}\n")
    (tmp_path / "places.yaml").write_text(text)
    problems = [p for p in validate_file(tmp_path / "places.yaml") if p.severity == "error"]
    assert len(problems) == 1, problems
    p = problems[0]
    lines = text.split("\n")
    assert lines[p.line - 1][p.col - 1:].startswith(word), (p, lines[p.line - 1])
