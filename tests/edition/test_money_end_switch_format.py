"""Bad input in the treasury, loans, end conditions, votes and rule switches: each a located
validation error (file:line:col), never a traceback."""

from __future__ import annotations

import pytest

from magie.engine.edition.loader import load_edition
from magie.engine.problems import ProblemsError


def problems(tmp_path, body: str, base: str = "classic"):
    path = tmp_path / "bad.yaml"
    path.write_text("overlay: true\nid: bad\nname: Bad\ndescription: bad input\n" + body, encoding="utf-8")
    with pytest.raises(ProblemsError) as e:
        load_edition(base, [str(path)])
    return [p for p in e.value.problems if p.severity == "error"]


@pytest.mark.parametrize("body, code, line, words", [
    ("end:\n  when:\n    - {condition: 'max_laps >= 5', rank: richest}\n", "bad-value", 7, "richest"),
    ("end:\n  vote: {needs: some}\n", "bad-value", 6, "some"),
    ("end:\n  vote: {needs: 2, every: 0}\n", "bad-value", 6, "every"),
    ("end:\n  when:\n    - {condition: 'max_lap >= 5'}\n", "unknown-name", 7, "max_lap"),
    ("rules:\n  loans: {unit: 0, interest: 5}\n", "bad-value", 6, "unit"),
    ("rules:\n  loans: {unit: 100, interest: 5, charged_on: week}\n", "bad-value", 6, "week"),
    ("rules:\n  treasury: {receives: [salary]}\n", "bad-value", 6, "salary"),
    ("rules:\n  treasury:\n    receives: [tax]\n    spend: {at: 0, do: pay bank 1}\n", "bad-value", 8, "at"),
    ("rules:\n  treasury:\n    receives: [tax]\n    spend: {at: 50, do: collect 50 from tresury}\n",
     "unknown-name", 8, "tresury"),
])
def test_bad_parameters_are_located(tmp_path, body, code, line, words):
    found = problems(tmp_path, body)
    assert any(p.code == code and p.line == line and words in p.message for p in found), found


def test_a_flag_duration_that_is_not_positive_is_located(tmp_path):
    body = ("rules:\n  treasury:\n    receives: [tax]\n    spend:\n      at: 50\n"
            "      do: set flag broke on me for 0 rounds\n")
    (p,) = [p for p in problems(tmp_path, body) if p.code == "not-positive"]
    assert p.line == 10


def test_a_switch_that_changes_the_board_is_refused(tmp_path):
    ov = tmp_path / "shrink.yaml"
    ov.write_text("overlay: true\nid: shrink\nname: Shrink\ndescription: x\n"
                  "board:\n  - {id: luxury, delete: true}\n", encoding="utf-8")
    body = f"switches:\n  - id: shrink\n    overlays: ['{ov}']\n    when: 'round > 3'\n"
    found = problems(tmp_path, body, base="landlords_game")
    assert any(p.code == "switch-changes-board" and p.line == 6 and "board" in p.message for p in found), found


def test_a_switch_naming_an_unknown_overlay_is_located(tmp_path):
    body = "switches:\n  - id: x\n    overlays: [no-such-overlay]\n"
    (p,) = [p for p in problems(tmp_path, body) if p.code == "unknown-variant"]
    assert p.line == 7 and "no-such-overlay" in p.message


def test_a_vote_switch_with_a_bad_bot_hint_is_located(tmp_path):
    body = "switches:\n  - id: x\n    overlays: [online]\n    vote: {needs: majority, bot: 'cash > '}\n"
    (p,) = [p for p in problems(tmp_path, body) if p.code == "dsl-syntax"]
    assert p.line == 8
