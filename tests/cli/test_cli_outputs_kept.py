"""What `magie play` writes never replaces what it did not make (`--save-to
editions/classic.yaml` must not overwrite the edition, `--log notes.txt` must not empty the text),
the save and the log are never one file, and an output that cannot be written (`> /dev/full`)
is told as such, not as a bug of the engine."""

from __future__ import annotations

import json
import subprocess

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from tests.runners import run_magie


def _play(*args: str, input: str = "q\nn\n"):
    result = CliRunner().invoke(app, ["play", "classic", "--players", "Ann", "--bots", "1", "--seed", "1", *args],
                                input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_a_file_that_is_not_a_save_or_a_log_is_not_replaced(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    edition = tmp_path / "mine.yaml"
    edition.write_text("id: mine\nextends: classic\n", encoding="utf-8")
    result = _play("--save-to", str(edition), "--log", str(notes))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (f"magie: cannot write the log {notes}: it exists and is not a magie event log, so it is not "
            "replaced (give another path, or remove the file first)") in lines
    assert (f"magie: --save-to {edition}: it exists and is not a magie save, so it is not replaced (give "
            "another path, or remove the file first)") in lines
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    assert edition.read_text(encoding="utf-8") == "id: mine\nextends: classic\n"


def test_an_earlier_save_and_log_are_replaced_and_an_empty_file_is_used(tmp_path):
    save, log, empty = tmp_path / "g.json", tmp_path / "g.jsonl", tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    for _ in range(2):                   # the second game replaces the first one's files
        result = _play("--save-to", str(save), "--log", str(log), input="q\ny\n")
        assert result.exit_code == 0, result.output
        assert json.loads(save.read_text(encoding="utf-8"))["format"] == "magie-save"
        assert log.read_text(encoding="utf-8").startswith('{"e":"start"')
    assert _play("--log", str(empty), "--save-to", str(tmp_path / "h.json"), input="q\ny\n").exit_code == 0
    assert empty.read_text(encoding="utf-8").startswith('{"e":"start"')


@pytest.mark.parametrize("option, written", [("--save-to", "the save"), ("--record", "the playthrough")])
def test_the_log_is_not_the_file_of_the_save_or_the_playthrough(tmp_path, monkeypatch, option, written):
    monkeypatch.chdir(tmp_path)
    same = tmp_path / "same.json"
    result = _play(option, str(same), "--log", str(same))
    assert result.exit_code == 1
    assert (f"magie: --log {same} and {option} {same} name the same file: {written} would be written over the "
            "log; give the log another path") in result.output.splitlines()
    assert not same.exists()


def test_a_full_standard_output_is_told_as_such(tmp_path):
    with open("/dev/full", "w") as full:
        r = run_magie("play", "classic", "--bots", "2", "--seed", "1", stdout=full, stderr=subprocess.PIPE,
                      timeout=120)
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == ["magie: cannot write the output: No space left on device"]


def test_pass_declines_a_purchase_as_play_help_says(tmp_path, monkeypatch):
    # Ann (seat 1) throws onto First Parkovaya: 'pass' declines it and the bank auctions it, as
    # after 'no' (before: "Please answer 1-2.")
    monkeypatch.chdir(tmp_path)             # quitting saves the game here
    for word in ("pass", "no"):
        result = _play("--quiet", input=f"r\n{word}\nq\n")
        assert "Auction of First Parkovaya Street" in result.output, (word, result.output[-2000:])
        assert "Please answer" not in result.output
    result = _play("--quiet", "--lang", "ru", input="r\nпас\nq\n")     # (before: "Ответьте: 1-2")
    assert "Аукцион" in result.output and "Ответьте" not in result.output, result.output[-2000:]


def test_validate_of_an_unknown_id_names_the_built_in_editions():
    result = CliRunner().invoke(app, ["validate", "nosuchid"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "nosuchid: error[file-not-found]: no such file or folder, and no built-in edition 'nosuchid' (built-in "
        "editions: biznespolia, biznespolia_short, classic, landlords_game, mega, quick, timed, uk)")


def test_the_current_folder_given_as_an_edition_is_named_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                 # it was told as "." ("edition '/tmp': . is a folder")
    result = CliRunner().invoke(app, ["play", str(tmp_path), "--bots", "2"])
    assert result.exit_code == 1
    assert f"{tmp_path} is a folder, not a YAML file" in result.output
