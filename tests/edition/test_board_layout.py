"""Bad `board_layout:` sections: each is a positioned problem (file:line:col, code, what was
expected), every problem of a file in one run, and `magie board` stops with exit code 1."""

from __future__ import annotations

import pytest
from edition_helpers import where
from typer.testing import CliRunner

from magie.cli.app import app as cli_app
from magie.engine.edition.layout import BoardLayout, plan
from magie.engine.edition.validate import validate_paths

HEAD = "id: mine\nextends: classic\nname: {en: Mine, ru: Моя}\nboard_layout:\n"


def _problems(tmp_path, body: str, head: str = HEAD):
    path = tmp_path / "mine.yaml"
    path.write_text(head + body, encoding="utf-8")
    return [p for p in validate_paths([path]) if p.severity == "error"]


@pytest.mark.parametrize("body, want, words", [
    ("  sides: [10, 10, 10, 9]\n", [("board-layout", 5, 10)], "add up to 39 spaces, the board has 40"),
    ("  sides: [10, 10, 10, 10]\n  cells: {go: [0, 0]}\n", [("board-layout", 5, 3)], "gives both 'sides' and 'cells'"),
    ("  {}\n", [("board-layout", 5, 3)], "gives neither 'sides' nor 'cells'"),
    ("  sides: [1, 13, 13, 13]\n", [("bad-value", 5, 11)], "the least allowed is 2"),
    ("  sides: [20, 20]\n", [("bad-value", 5, 10)], "at least 4 items"),
    ("  sides: [10, ten, 10, 10]\n", [("wrong-type", 5, 15)], "integer"),
    ("  side: [10, 10, 10, 10]\n", [("unknown-key", 5, 3), ("board-layout", 5, 3)], "did you mean 'sides'"),
    ("  cells: {go: [40, 0]}\n", [("bad-value", 5, 16), ("board-layout", 5, 10)], "the most allowed is 39"),
    ("  cells: {go: [0, -1]}\n", [("bad-value", 5, 19), ("board-layout", 5, 10)], "the least allowed is 0"),
    ("  cells: {go: [0]}\n", [("bad-value", 5, 15), ("board-layout", 5, 10)], "needs at least 2 items"),
    ("  cells: {go: [true, 0]}\n", [("wrong-type", 5, 16), ("board-layout", 5, 10)], "expected an integer"),
    ("  cells: {arbatt: [0, 0]}\n", [("board-layout", 5, 10), ("board-layout", 5, 19)], "did you mean 'arbat'"),
])
def test_a_bad_layout_is_a_positioned_problem(tmp_path, body, want, words):
    problems = _problems(tmp_path, body)
    assert sorted(where(problems)) == sorted(want), [p.format() for p in problems]
    assert any(words in p.message for p in problems), [p.message for p in problems]


def test_two_spaces_on_one_cell_and_spaces_without_a_cell_are_named(tmp_path):
    cells = "".join(f"    {sid}: [{k}, 0]\n" for k, sid in enumerate(["go", "zhitnaya"]))
    problems = _problems(tmp_path, "  cells:\n" + cells + "    chest_1: [1, 0]\n")
    assert sorted(where(problems)) == [("board-layout", 6, 5), ("board-layout", 8, 14)]
    doubled = next(p for p in problems if p.line == 8)
    assert doubled.message == "'chest_1' is placed on column 1, row 0, where 'zhitnaya' already is"
    missing = next(p for p in problems if p.line == 6)
    assert missing.message == ("spaces without a cell in board_layout (37; every space needs one): "
                               "'nagatinskaya', 'income_tax', 'riga_railway', 'varshavskoe', 'chance_1', ...")


def test_a_child_edition_that_deletes_a_space_must_mend_the_sides(tmp_path):
    (tmp_path / "base.yaml").write_text(HEAD + "  sides: [10, 10, 10, 10]\n", encoding="utf-8")
    child = "id: child\nextends: ./base.yaml\nboard:\n  - {id: luxury_tax, delete: true}\n"
    (tmp_path / "child.yaml").write_text(child, encoding="utf-8")
    problems = [p for p in validate_paths([tmp_path / "child.yaml"]) if p.severity == "error"]
    assert [(p.code, p.file.endswith("base.yaml"), p.line) for p in problems] == [("board-layout", True, 5)]
    assert "add up to 40 spaces, the board has 39" in problems[0].message


def test_magie_board_refuses_a_broken_layout_without_a_traceback(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text(HEAD + "  sides: [10, 10, 10, 9]\n", encoding="utf-8")
    r = CliRunner().invoke(cli_app, ["board", "mine.yaml", "-o", "b.svg"])
    assert r.exit_code == 1 and "mine.yaml:5:10: error[board-layout]" in r.output
    assert "Traceback" not in r.output and not (tmp_path / "b.svg").exists()


def test_the_plan_refuses_a_layout_that_does_not_fit_the_board():
    with pytest.raises(ValueError, match="do not add up to the board's 40 spaces"):
        plan(BoardLayout(sides=(10, 10, 10, 9)), 40)
    with pytest.raises(ValueError, match="places 2 spaces, the board has 3"):
        plan(BoardLayout(cells=((0, 0), (1, 0))), 3)


def test_a_child_edition_mends_inherited_cells_by_deleting_one(tmp_path):
    from edition_helpers import REPO
    base = REPO / "tests" / "fixtures" / "boards" / "l_shape.yaml"
    child = (f"id: child\nextends: {base}\nboard:\n  - {{id: luxury_tax, delete: true}}\n")
    (tmp_path / "child.yaml").write_text(child, encoding="utf-8")
    problems = validate_paths([tmp_path / "child.yaml"])
    assert [(p.code, p.line) for p in problems] == [("board-layout", 47)]      # the cell left over
    assert problems[0].message.startswith("board_layout places 'luxury_tax', which is not a space")
    (tmp_path / "child.yaml").write_text(child + "board_layout:\n  cells: {luxury_tax: null}\n", encoding="utf-8")
    assert validate_paths([tmp_path / "child.yaml"]) == []
