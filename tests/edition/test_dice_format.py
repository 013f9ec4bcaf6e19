"""The edition's own dice (`dice.extra`, `dice.symbols`, `dice.all_alike`): bad input is a
located problem."""

from __future__ import annotations

from edition_helpers import problems_of

from magie.engine.edition.loader import load_edition
from magie.engine.edition.playable import load_playable

HEAD = "id: a\nextends: classic\nname: A\n"
SYMBOLS = "  symbols:\n    - {id: hop, after: move forward 1}\n"


def problems(write, body: str, *, play: bool = False):
    path = write("a.yaml", HEAD + body)
    return [p for p in problems_of(load_playable if play else load_edition, str(path))
            if p.severity == "error"]


def test_a_die_without_faces_is_an_error_at_the_die(write):
    [p] = problems(write, "dice:\n  extra:\n    - {id: red}\n")
    assert (p.code, p.line, p.pointer) == ("missing-key", 6, "/dice/extra/0")
    assert "'faces' is required" in p.message


def test_a_die_with_an_empty_list_of_faces(write):
    [p] = problems(write, "dice:\n  extra:\n    - {id: red, faces: []}\n")
    assert (p.code, p.line, p.col, p.pointer) == ("bad-value", 6, 24, "/dice/extra/0/faces")
    assert "needs at least 1 item" in p.message


def test_a_face_that_is_neither_a_number_nor_a_symbol_id(write):
    [p] = problems(write, "dice:\n  extra:\n    - {id: red, faces: [1, -2]}\n" + SYMBOLS)
    assert p.pointer == "/dice/extra/0/faces/1" and p.line == 6


def test_a_face_naming_an_undeclared_symbol_is_an_error_with_a_suggestion(write):
    [p] = problems(write, "dice:\n  extra:\n    - {id: red, faces: [1, hpo]}\n" + SYMBOLS)
    assert (p.code, p.line, p.col, p.pointer) == ("unknown-symbol", 6, 28, "/dice/extra/0/faces/1")
    assert "did you mean 'hop'" in p.message


def test_a_symbol_without_effect(write):
    [p] = problems(write, "dice:\n  extra:\n    - {id: red, faces: [1, hop]}\n"
                          "  symbols:\n    - {id: hop}\n")
    assert (p.code, p.line, p.pointer) == ("symbol-without-effect", 8, "/dice/symbols/0")


def test_an_unknown_key_of_a_symbol_suggests_the_hook(write):
    ps = problems(write, "dice:\n  extra:\n    - {id: red, faces: [1, hop]}\n"
                         "  symbols:\n    - {id: hop, aftre: move forward 1}\n")
    [p] = [p for p in ps if p.code == "unknown-key"]
    assert (p.line, p.col) == (8, 17) and "did you mean 'after'" in p.message


def test_the_dsl_of_a_die_is_checked_in_its_context(write):
    ps = problems(write, "dice:\n  extra:\n    - {id: red, faces: [1, hop], when: roll(1).total > 3}\n"
                         "  symbols:\n    - {id: hop, after: move forward rol.total}\n", play=True)
    assert [(p.code, p.line, p.pointer) for p in ps] == [
        ("not-allowed-here", 6, "/dice/extra/0/when"), ("unknown-name", 8, "/dice/symbols/0/after")]
    assert "did you mean 'roll'" in ps[1].message


def test_two_dice_with_one_id(write):
    [p] = problems(write, "dice:\n  extra:\n    - {id: red, faces: [1]}\n    - {id: red, faces: [2]}\n")
    assert (p.code, p.line) == ("duplicate-id", 7)
