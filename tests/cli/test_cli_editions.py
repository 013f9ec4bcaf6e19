"""The edition commands of the `magie` CLI: validate, editions, show, diff, schema."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.edition.loader import load_edition
from magie.engine.edition.yamlload import to_plain
from magie.engine.paths import SCHEMA_PATH

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "editions"


@pytest.fixture(autouse=True)
def in_repo(monkeypatch):
    monkeypatch.chdir(REPO)


def run(*args):
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def overlay(tmp_path):
    def make(name: str, body: str) -> str:
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"overlay: true\nid: {name}\nname: {name}\ndescription: A test overlay.\n"
                        + textwrap.dedent(body), encoding="utf-8")
        return str(path)
    return make


def test_validate_of_a_good_edition_passes_strictly():
    # every shipped edition and overlay, without warnings: tests/edition/test_edition_loader.py
    r = run("validate", "editions/quick.yaml", "--strict")      # --strict: no warning either
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().splitlines()[-1].startswith("checked ") and "no problems" in r.stdout


def test_validate_reports_like_a_compiler_and_exits_1():
    r = run("validate", str(FIXTURES / "unknown-group.yaml"))
    assert r.exit_code == 1
    first, summary = r.stdout.strip().splitlines()
    assert first.endswith("unknown-group.yaml:6:24: error[unknown-group]: space 'arbat' names group "
                          "'darkblue', which is not defined; did you mean 'dark_blue'? (defined: brown, "
                          "light_blue, pink, orange, red, yellow, green, dark_blue, railroads, utilities)")
    assert summary == "checked 1 file: 1 error"
    assert "Traceback" not in r.output


def test_validate_json_format():
    r = run("validate", "--format", "json", str(FIXTURES / "wrong-type.yaml"))
    assert r.exit_code == 1
    [p] = json.loads(r.stdout)
    assert (p["code"], p["line"], p["col"], p["pointer"], p["severity"]) == \
        ("wrong-type", 6, 24, "/board/39/price", "error")


def test_warnings_fail_only_with_strict():
    path = str(FIXTURES / "unused-deck.yaml")
    assert run("validate", path).exit_code == 0
    r = run("validate", "--strict", path)
    assert r.exit_code == 1 and "warning[unused-deck]" in r.stdout


def test_validate_a_folder_without_yaml_and_a_missing_path(tmp_path):
    r = run("validate", str(tmp_path), str(tmp_path / "nope.yaml"))
    assert r.exit_code == 1
    assert "error[no-yaml-files]" in r.stdout and "error[file-not-found]" in r.stdout


def test_validate_an_overlay_file_applies_it_to_its_base(overlay):
    good = overlay("good", "rules: {jail: {fine: 100}}\n")
    assert run("validate", good).exit_code == 0
    bad = overlay("bad", "base: nosuch\n")
    r = run("validate", bad)
    assert r.exit_code == 1 and ":5:7: error[unknown-edition]: base: unknown edition 'nosuch'" in r.stdout


def test_editions_lists_builtins():
    r = run("editions")
    assert r.exit_code == 0
    assert "classic" in r.stdout and "The classic game on the Moscow board" in r.stdout


def test_show_board_in_english_and_russian():
    r = run("show", "classic")
    assert r.exit_code == 0
    row = next(line for line in r.stdout.splitlines() if "Arbat Street" in line)
    assert [c.strip() for c in row.strip("│ ").split("│")] == \
        ["39", "Arbat Street", "street", "Dark blue", "400", "50 200 600 1400 1700 2000", "200"]
    r = run("show", "classic", "--lang", "ru")
    assert r.exit_code == 0 and "Улица Арбат" in r.stdout and "Тёмно-синие" in r.stdout


def test_show_says_none_for_the_mortgage_of_a_deed_the_rules_allow_no_mortgage_on():
    r = run("show", str(REPO / "tests" / "fixtures" / "playable" / "plain-deeds.yaml"))
    assert r.exit_code == 0
    rows = {cells[1]: cells for line in r.stdout.splitlines()
            if len(cells := [c.strip() for c in line.strip("│ ").split("│")]) == 7}
    assert rows["Riga Railway Station"][6] == "none" and rows["Tea shop"][4:] == ["1", "5 25", "none"]
    assert rows["Kiosk"][6] == "15" and rows["Zhitnaya Street"][6] == "30"


def test_show_cards_fills_the_placeholders_as_players_read_them():
    r = run("show", "uk", "--cards")
    assert r.exit_code == 0
    assert "Pay a £10 fine or take a Chance." in r.output      # values: {fine: 10}
    assert "{fine}" not in r.output and "{amount}" not in r.output


def test_show_merged_prints_the_merged_edition_and_warns_on_stderr(overlay):
    a = overlay("a", "rules: {jail: {fine: 100}}\n")
    b = overlay("b", "rules: {jail: {fine: 200}}\n")
    r = run("show", "classic", "--variant", a, "-V", b, "--merged")
    assert r.exit_code == 0
    merged = yaml.safe_load(r.stdout)
    assert merged == to_plain(load_edition("classic", [a, b]).tree)
    assert merged["rules"]["jail"]["fine"] == 200
    assert "warning[overlay-conflict]" in r.stderr and "warning" not in r.stdout


@pytest.mark.parametrize("args, words", [
    (("show", "nosuch"), ["error[unknown-edition]", "'nosuch'", "classic"]),
    (("show", "classic", "--variant", "nope"), ["error[unknown-variant]", "'nope'", "built-in overlays"]),
    (("show", "classic", "--lang", "de"), ["unknown language 'de'", "en, ru"]),
    (("diff", "classic", "nosuch"), ["error[unknown-edition]", "'nosuch'"]),
])
def test_bad_command_line_input_is_one_line_and_exit_1(args, words):
    r = run(*args)
    assert r.exit_code == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and all(w in lines[0] for w in words), r.stderr
    assert "Traceback" not in r.output


def test_diff_shows_changes_by_pointer(overlay):
    ov = overlay("ov", """
        rules: {jail: {fine: 100}}
        board:
          - {id: luxury_tax, delete: true}
        decks:
          - {id: chance, shuffle: false}
        """)
    r = run("diff", "classic", "classic", "--variant", ov)
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0].startswith('removed   /board/38 [luxury_tax]: {"id": "luxury_tax", "kind": "tax"')
    assert lines[1:] == [
        "changed   /decks/0/shuffle [chance]: true -> false",
        "changed   /rules/jail/fine: 50 -> 100",
        "3 differences between classic and classic",
    ]
    assert run("diff", "classic", "classic").stdout.strip() == "no differences between classic and classic"


def test_schema_command():
    r = run("schema", "--path")
    assert r.exit_code == 0 and r.stdout.strip() == str(SCHEMA_PATH)
    r = run("schema")
    assert json.loads(r.stdout)["$id"] == "https://magie.dev/schema/edition.schema.json"
    assert json.loads(run("schema", "--patch").stdout)["$id"].endswith("patch.schema.json")


@pytest.mark.parametrize("command", ["validate", "editions", "show", "diff", "schema"])
def test_every_command_help_teaches_with_examples(command):
    r = run(command, "--help")
    assert r.exit_code == 0
    assert "Examples" in r.stdout and f"magie {command} " in r.stdout


def test_validate_checks_overlays_together_and_warns_on_conflicts(overlay):
    a = overlay("a", "rules: {jail: {fine: 100}}\n")
    b = overlay("b", "rules: {jail: {fine: 200}}\n")
    r = run("validate", "classic", "--variant", a, "--variant", b)
    assert r.exit_code == 0
    [warning, summary] = r.stdout.strip().splitlines()
    assert warning == (f"{b}:5:22: warning[overlay-conflict]: overlay 'b' ({b}) sets rules.jail.fine to 200, "
                       f"overriding 100 set by overlay 'a' ({a}:5:22); the later overlay wins")
    assert summary == "checked 1 file: 1 warning"
    assert run("validate", "--strict", "classic", "-V", a, "-V", b).exit_code == 1


def test_schema_write_puts_both_schemas_next_to_the_editions(tmp_path):
    target = tmp_path / "mine" / "schema"
    result = run("schema", "--write", str(target))
    assert result.exit_code == 0, result.output
    assert (target / "edition.schema.json").read_text(encoding="utf-8") == SCHEMA_PATH.read_text(encoding="utf-8")
    assert json.loads((target / "patch.schema.json").read_text(encoding="utf-8"))["title"].startswith("magie")
    assert "$schema=./schema/edition.schema.json" in result.output
    assert "$schema=./schema/patch.schema.json" in result.output


def test_schema_write_into_an_impossible_folder_is_a_message(tmp_path):
    (tmp_path / "file").write_text("x")
    result = run("schema", "--write", str(tmp_path / "file" / "sub"))
    assert result.exit_code == 1 and "cannot write the schemas" in result.output
    result = run("schema", "--write", "x" * 300)
    assert result.exit_code == 1 and "255 bytes" in result.output


@pytest.mark.parametrize("command", [["validate"], ["show"], ["diff", "classic"], ["show", "classic", "--variant"]])
def test_overlong_paths_on_the_command_line_are_messages(command):
    for arg in ("a" * 300, "./" + "a" * 300 + ".yaml", "a/" * 3000):
        result = run(*command, arg)
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


def test_show_code_lists_every_dsl_snippet_with_its_position():
    r = run("show", "uk", "--cards", "--code")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("card 'chest_fine_or_chance' ("))
    assert re.search(r"editions/uk\.yaml:\d+:\d+\)$", lines[at])
    assert lines[at + 1].strip() == "choose:" and "option pay_fine" in lines[at + 2]
    assert any(line.startswith("formula rules.rent.utility (") for line in lines)
    r = run("show", "classic", "--variant", "speed-die", "--code")
    assert r.exit_code == 0 and "'instead' of symbol 'bus' (" in r.stdout and "dice.all_alike (" in r.stdout
    assert "DSL code" not in run("show", "classic").stdout
