"""Validation keeps up with the constructs of the last editions (building ladders, declared kinds
of space, the treasury, kept cards, choices, the edition's own dice): each mistake below once
validated and then crashed (a traceback, a RecursionError, "a bug in magie's engine") or was
told at a wrong place; each is now one problem at the file's line and column, with its pointer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from edition_helpers import REPO
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.edition.validate import validate_paths
from magie.engine.limits import MAX_DIE_FACES


def check(tmp_path: Path, text: str, name: str = "x.yaml"):
    """The problems of the edition `text` (written to `name`), with those of the base editions'
    own files left out."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [p for p in validate_paths([path]) if p.file.endswith(name)]


def placed(problems):
    return [(p.severity, p.code, p.line, p.col, p.pointer) for p in problems]


MEGA = "id: x\nname: X\nextends: mega\n"


def test_a_ladder_price_that_is_not_a_number_is_the_schemas_wrong_type(tmp_path):
    ps = check(tmp_path, MEGA + "groups:\n  - {id: brown, house_cost: x}\n")
    assert placed(ps) == [("error", "wrong-type", 5, 29, "/groups/0/house_cost")]
    assert "expected an integer, found the text 'x'" in ps[0].message
    ps = check(tmp_path, MEGA + "groups:\n  - {id: brown, costs: {house: x}}\n"
                                "rules:\n  buildings:\n    ladders:\n      depot:\n"
                                "        - {kind: depot, cost: a, owned: any}\n")
    assert [(p.code, p.line) for p in ps] == [("wrong-type", 5), ("wrong-type", 10)]


def test_the_cli_reports_a_ladder_price_of_the_wrong_type_with_exit_1(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(MEGA + "groups:\n  - {id: brown, house_cost: x}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert "x.yaml:5:29: error[wrong-type]" in result.output and "Traceback" not in result.output


def test_a_hook_that_moves_nowhere_is_an_endless_loop_of_landings(tmp_path):
    ps = check(tmp_path, MEGA + "space_kinds:\n  - id: gift_space\n    on_land: move forward 0\n")
    assert placed(ps) == [("error", "endless-hooks", 6, 14, "/space_kinds/1/on_land")]   # mega's second kind
    assert "lands the player on 'birthday_gift' (kind 'gift_space') again" in ps[0].message


def test_a_cycle_of_hooks_is_an_endless_loop_at_the_move(tmp_path):
    # Birthday Gift (47) back 33 -> Auction (14) forward 33 -> Birthday Gift: a cycle of two
    text = MEGA + ("space_kinds:\n  - id: gift_space\n    on_land: |\n      pay bank 1\n      move back 33\n"
                   "  - id: auction_space\n    on_land: move forward 33\n")
    ps = check(tmp_path, text)
    assert placed(ps) == [("error", "endless-hooks", 10, 14, "/space_kinds/0/on_land")]
    assert "'birthday_gift'" in ps[0].message and "'auction'" in ps[0].message
    # a move of another length ends elsewhere: no cycle
    assert check(tmp_path, text.replace("forward 33", "forward 32")) == []
    # a move under a condition is left to the game (bounded there)
    assert check(tmp_path, MEGA + "space_kinds:\n  - id: gift_space\n"
                                  "    on_land: 'if cash > 0: move forward 0'\n") == []


def test_paying_a_treasury_the_edition_has_not_got(tmp_path):
    ps = check(tmp_path, MEGA + "space_kinds:\n  - id: gift_space\n    on_land: pay treasury 50\n")
    assert placed(ps) == [("error", "not-allowed-here", 6, 14, "/space_kinds/1/on_land")]
    assert "this edition has no treasury" in ps[0].message
    ps = check(tmp_path, MEGA + "space_kinds:\n  - id: gift_space\n    on_land: collect 5 from treasury\n")
    assert [(p.code, p.col) for p in ps] == [("not-allowed-here", 14)]
    # with a treasury it is fine
    text = MEGA + ("rules:\n  treasury: {start: 0, receives: [tax]}\n"
                   "space_kinds:\n  - id: gift_space\n    on_land: pay treasury 50\n")
    assert [p for p in check(tmp_path, text) if p.severity == "error"] == []


def test_a_card_kept_twice_on_one_path(tmp_path):
    card = ("decks:\n  - id: chance\n    cards:\n      - id: chance_jail_free\n        do: |\n"
            "          keep as get_out_of_jail\n          {second}\n")
    ps = check(tmp_path, MEGA + card.format(second="keep as get_out_of_jail"))
    assert placed(ps) == [("error", "not-allowed-here", 10, 11, "/decks/0/cards/15/do")]
    assert "kept twice" in ps[0].message
    # in a loop, a keep may run twice; on two branches of an `if`, once
    loop = card.format(second="pay bank 1").replace(
        "          keep as get_out_of_jail\n", "          for each player p:\n            keep as get_out_of_jail\n")
    assert [p.code for p in check(tmp_path, MEGA + loop)] == ["not-allowed-here"]
    branches = card.format(second="pay bank 1").replace(
        "          keep as get_out_of_jail\n",
        "          if cash > 5:\n            keep as get_out_of_jail\n"
        "          else:\n            keep as get_out_of_jail\n")
    assert check(tmp_path, MEGA + branches) == []


def test_a_negative_constant_price_offered(tmp_path):
    ps = check(tmp_path, MEGA + "space_kinds:\n  - id: gift_space\n    on_land: offer buy boardwalk at -5\n")
    assert placed(ps) == [("error", "constant-error", 6, 37, "/space_kinds/1/on_land")]
    assert "the price is -5: an amount of money cannot be negative" in ps[0].message


def test_a_control_character_after_cyrillic_text_is_placed_by_characters(tmp_path):
    text = 'id: x\nextends: mega\nname: {en: X, ru: "Проверка теста \x07"}\n'
    ps = check(tmp_path, text)
    assert [(p.code, p.line, p.col) for p in ps] == [("yaml-syntax", 3, 35)]
    assert text.splitlines()[2][35 - 1] == "\x07"
    assert "U+0007" in ps[0].message


def test_a_die_of_too_many_faces_is_one_problem_naming_the_limit(tmp_path):
    def die(n: int, face: str = "") -> str:
        faces = ", ".join(face or str(1 + k % 6) for k in range(n))
        return MEGA + f"dice:\n  extra:\n    - id: speed_die\n      faces: [{faces}]\n"
    told = {}
    for n in (1_000, 10_000):
        ps = [p for p in check(tmp_path, die(n)) if p.severity == "error"]
        assert len(ps) == 1, [p.format()[:200] for p in ps]
        assert (ps[0].line, ps[0].col) == (7, 14)
        assert len(ps[0].message) < 200 and "needs at least" not in ps[0].message
        told[n] = ps[0].message
    assert told[1_000].endswith(f"faces: has 1,000 items; at most {MAX_DIE_FACES} are allowed")
    assert "at most 5,000 are allowed" in told[10_000]
    # a thousand faces of an unknown symbol: still one problem (the length), not one a face
    assert len([p for p in check(tmp_path, die(1_000, "zz")) if p.severity == "error"]) == 1
    # an unknown symbol on several faces of a short die is told once
    ps = check(tmp_path, die(6, "zz"))
    assert [p.code for p in ps if p.severity == "error"] == ["unknown-symbol"]


def test_the_face_limit_is_the_schemas():
    schema = json.loads((REPO / "schema" / "edition.schema.json").read_text(encoding="utf-8"))
    assert schema["definitions"]["extra_die"]["properties"]["faces"]["maxItems"] == MAX_DIE_FACES


LABELLED = MEGA + """space_kinds:
  - id: gift_space
    labels:
      cash: {en: "Take 100", ru: "Взять 100"}
      detour: {en: "Go on one space", ru: "Пройти на клетку"}
      ticket: {en: "Take a Bus Ticket", ru: "Взять автобусный билет"}
    on_land: |
      choose:
        option cash: collect 100 from bank
        option detur: move forward 1
"""


def test_an_option_without_text_and_a_label_without_option_are_warned_of(tmp_path):
    ps = check(tmp_path, LABELLED)
    assert placed(ps) == [
        ("warning", "unused-label", 8, 15, "/space_kinds/1/labels/detour"),
        ("warning", "unused-label", 9, 15, "/space_kinds/1/labels/ticket"),
        ("warning", "label-without-text", 13, 16, "/space_kinds/1/on_land")]
    assert "option 'detur' has no text" in ps[2].message and "did you mean 'detour'" in ps[2].message
    fixed = LABELLED.replace("option detur", "option detour") + "        option ticket: pass\n"
    assert check(tmp_path, fixed) == []


def test_strict_validation_fails_on_an_option_without_text(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(LABELLED, encoding="utf-8")
    assert CliRunner().invoke(app, ["validate", str(path)]).exit_code == 0
    result = CliRunner().invoke(app, ["validate", "--strict", str(path)])
    assert result.exit_code == 1 and "label-without-text" in result.output


@pytest.mark.parametrize("dsl, said", [
    # (the DSL of a card's block, from line 9 column 10 of the file; what the message says of
    # another place, in the file's terms)
    ("choose:\n  option pay: pay bank 5\n  option pay: pass", "first at line 10, column 19"),
    ("pay bank x\nlet x = 5", "its 'let' (line 10)"),
    ("x = 1\nlet x = 5", "its 'let' (line 10)"),
    ("if cash > 0:\n    pay bank 1\n  pay bank 2", "indented to column 12, which matches no enclosing block "
                                                   "(expected column 10)"),
])
def test_positions_inside_dsl_messages_are_the_files(tmp_path, dsl, said):
    body = "".join(" " * 9 + line + "\n" for line in dsl.split("\n"))
    text = MEGA + "decks:\n  - id: chance\n    cards:\n      - id: chance_go\n        do: |\n" + body
    ps = [p for p in check(tmp_path, text) if p.severity == "error"]
    assert ps and said in ps[0].message, [p.message for p in ps]
