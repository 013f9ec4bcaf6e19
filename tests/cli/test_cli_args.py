"""How the commands read their arguments: an option given once
refused when repeated, a --set that a --sweep would drop, files that would hang or cannot be
written checked up front, every problem of a command line in one run (click's own errors too),
one shape for every error, and the help's ranges."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from tests.runners import run_magie


def run(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def problems(result) -> list[str]:
    """The lines of stderr (CliRunner mixes them into output; these commands print nothing else)."""
    return result.output.splitlines()


# ------------------------------------------------------------------ options given once

def test_a_second_sweep_is_refused_not_dropped():
    result = run("compare", "classic", "--sweep", "rules.salary=100,200", "--sweep", "rules.jail.fine=0,50",
                 "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert problems(result) == [
        "magie: --sweep is given twice (--sweep rules.salary=100,200 and --sweep rules.jail.fine=0,50); give "
        "it once: a sweep varies one parameter (to vary two, give each configuration, e.g. "
        "classic:rules.salary=100:rules.jail.fine=0 classic:rules.salary=200:rules.jail.fine=0)"]


def test_a_set_of_the_swept_parameter_is_refused_naming_both():
    result = run("compare", "classic", "--set", "rules.salary=300", "--sweep", "rules.salary=100,200",
                 "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert problems(result) == [
        "magie: --set rules.salary=300 and --sweep rules.salary=100,200 both set rules.salary; the sweep "
        "would replace the set value: give one of them"]
    result = run("compare", "classic:rules.salary=300", "--sweep", "rules.salary=100,200", "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert problems(result) == [
        "magie: configuration 'classic:rules.salary=300' sets rules.salary=300 and --sweep "
        "rules.salary=100,200 both set rules.salary; the sweep would replace the set value: give one of them"]
    # another parameter set beside the sweep is kept in every configuration
    ok = run("compare", "quick", "--set", "rules.jail.fine=70", "--sweep", "rules.salary=100,200", "-n", "1",
             "-j", "1", "--json", "--max-rounds", "3")
    assert ok.exit_code == 0, ok.output
    assert '"rules.jail.fine": "70"' in ok.output


def test_a_repeated_claim_attention_is_refused_in_simulate_and_compare():
    line = "magie: --claim-attention is given twice (--claim-attention 0.5 and --claim-attention 1); give it once"
    result = run("simulate", "classic", "-V", "rent-must-be-claimed", "--claim-attention", "0.5",
                 "--claim-attention", "1", "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert problems(result) == [line]
    result = run("compare", "classic", "classic+rent-must-be-claimed", "--claim-attention", "0.5",
                 "--claim-attention", "1", "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert problems(result) == [line]


# ------------------------------------------------------------------ one shape for every error

def test_a_set_problem_starts_with_magie_as_every_problem_of_the_command_line():
    result = run("simulate", "classic", "--set", "rules.salary=abc", "-n", "0")
    assert result.exit_code == 1
    assert problems(result) == ["magie: --games must be from 1 to 100,000,000, not 0",
                                "magie: --set rules.salary=abc: error[unknown-name]: unknown name 'abc'"]
    result = run("analyze", "classic", "--set", "rules.salary=abc")
    assert problems(result) == ["magie: --set rules.salary=abc: error[unknown-name]: unknown name 'abc'"]
    result = run("compare", "quick", "quick:rules.salary=abc", "-n", "1", "-j", "1")
    assert problems(result) == [
        "magie: configuration 'quick:rules.salary=abc': not a valid edition (1 problem):",
        "magie: configuration 'quick:rules.salary=abc', rules.salary=abc: error[unknown-name]: unknown name 'abc'"]


# ------------------------------------------------------------------ saves that are empty or cut short

def test_an_empty_or_cut_short_save_is_told_so_not_in_the_json_parsers_words(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cases = {"empty.json": ("", "empty.json:1:1: error[save-not-json]: is empty, not a save file (a save is a "
                                "JSON object)"),
             "blank.json": ("\n \n", "blank.json:3:1: error[save-not-json]: is empty, not a save file (a save "
                                     "is a JSON object)"),
             "cut.json": ('{"format": "magie-save",\n "seats": [1,',
                          "cut.json:2:14: error[save-not-json]: is not a complete save file: it ends before its "
                          "JSON does (cut short?)"),
             "cut2.json": ('{"format": "magie-sa',
                           "cut2.json:1:12: error[save-not-json]: is not a complete save file: it ends before "
                           "its JSON does (cut short?)")}
    for name, (text, line) in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        result = run("play", "--resume", name)
        assert result.exit_code == 1
        assert problems(result) == [line]
    # JSON wrong inside the file keeps the parser's detail, at its place
    (tmp_path / "bad.json").write_text('{"format": x}', encoding="utf-8")
    assert problems(run("play", "--resume", "bad.json")) == [
        "bad.json:1:12: error[save-not-json]: is not a magie save: not valid JSON (Expecting value)"]


# ------------------------------------------------------------------ files written: checked up front

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


@needs_fifo
def test_a_fifo_nobody_reads_is_refused_by_every_option_that_writes_a_file(tmp_path):
    # simulate --out FIFO waited for a reader for ever; board -o FIFO too
    for name in ("f.jsonl", "f.json", "f.svg"):
        os.mkfifo(tmp_path / name)
    for args, line in (
            (["simulate", "quick", "-n", "1", "-j", "1", "--out", str(tmp_path / "f.jsonl")],
             f"magie: --out {tmp_path / 'f.jsonl'}: cannot write it (it exists and is not a regular file)"),
            (["ladder", "quick", "--bot", "basic,random", "-n", "1", "-j", "1", "--out", str(tmp_path / "f.json")],
             f"magie: --out {tmp_path / 'f.json'}: it exists and is not a regular file"),
            (["board", "quick", "-o", str(tmp_path / "f.svg")],
             f"magie: cannot write {tmp_path / 'f.svg'}: it exists and is not a regular file")):
        r = run_magie(*args, timeout=60)
        assert r.returncode == 1, args
        assert r.stderr.splitlines() == [line]


def test_a_file_that_opens_but_cannot_be_written_is_refused_before_the_game(tmp_path):
    # --log /proc/version: the game was played, then "could not be written (Input/output error)"
    if not os.path.isfile("/proc/version"):
        pytest.skip("needs /proc/version")
    result = run("play", "quick", "--bots", "2", "--seed", "1", "--quiet", "--log", "/proc/version")
    assert result.exit_code == 1
    assert problems(result) == ["magie: cannot write the log /proc/version: the system does not let it be "
                                "written (Input/output error)"]
    result = run("board", "quick", "-o", "/proc/version.svg")
    assert result.exit_code == 1 and "Wrote" not in result.output


def test_the_out_file_is_told_with_every_other_problem(tmp_path):
    result = run("simulate", "quick", "-n", "0", "--out", str(tmp_path), "--report", str(tmp_path / "a" / "b"))
    assert result.exit_code == 1
    assert problems(result)[:2] == ["magie: --games must be from 1 to 100,000,000, not 0",
                                    f"magie: --out {tmp_path}: unknown format '(none)'; use a file ending in "
                                    ".jsonl, .csv, .parquet"]
    result = run("simulate", "quick", "-n", "0", "--out", str(tmp_path / "nowhere" / "g.csv"))
    assert problems(result) == ["magie: --games must be from 1 to 100,000,000, not 0",
                                f"magie: --out {tmp_path / 'nowhere' / 'g.csv'}: cannot write it (there is no "
                                f"folder {tmp_path / 'nowhere'})"]
    assert not (tmp_path / "a").exists()            # nothing is made when the command line is wrong


def test_a_file_where_a_folder_is_expected_is_told_so(tmp_path):
    # "cannot create the folder (File exists)", the system's words
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    for args, line in (
            (["simulate", "quick", "-n", "1", "--report", str(blocker)], f"magie: --report {blocker}: a folder is "
                                                                        f"expected, and {blocker} is a file"),
            (["analyze", "quick", "--report", str(blocker / "sub")], f"magie: --report {blocker / 'sub'}: a folder "
                                                                    f"is expected, and {blocker} is a file"),
            (["compare", "quick", "classic", "-n", "1", "--report", str(blocker)],
             f"magie: --report {blocker}: a folder is expected, and {blocker} is a file"),
            (["schema", "--write", str(blocker)],
             f"magie: cannot write the schemas into {blocker}: a folder is expected, and {blocker} is a file")):
        result = run(*args)
        assert result.exit_code == 1, args
        assert problems(result) == [line]
        assert "File exists" not in result.output


def test_serve_data_that_is_a_file_is_told_so_with_the_other_problems(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = run("serve", "--data", str(blocker), "--port", "0")
    assert result.exit_code == 1
    assert problems(result) == ["magie: --port must be from 1 to 65,535, not 0",
                                f"magie: cannot use the data folder {blocker}: a folder is expected, and {blocker} "
                                "is a file"]


def test_a_log_to_the_standard_output_redirected_to_a_file_is_whole(tmp_path):
    # two writers at two offsets of one file: 62 of the 1350 events of this game were left
    ref = tmp_path / "ref.jsonl"
    r = run("play", "classic", "--bots", "4", "--seed", "1", "--quiet", "--log", str(ref))
    assert r.exit_code == 0, r.output
    events = ref.read_text(encoding="utf-8").splitlines()
    assert len(events) == 1350
    out = tmp_path / "out.txt"
    with out.open("w", encoding="utf-8") as f:
        r = run_magie("play", "classic", "--bots", "4", "--seed", "1", "--log", "/dev/stdout", stdout=f,
                      stderr=subprocess.PIPE, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line.startswith("{")] == events
    assert any("Game over" in line for line in lines)        # and the game's own lines are there too
    assert lines[-1] == "Event log written to /dev/stdout"


# ------------------------------------------------------------------ every problem of a command line in one run

def test_play_tells_its_numbers_an_unknown_overlay_and_a_language_together():
    # only --max-rounds was told; then the overlay; then the language: three runs
    result = run("play", "classic", "--lang", "xx", "-V", "nope", "--max-rounds", "-3", "--bots", "2")
    assert result.exit_code == 1
    lines = problems(result)
    assert lines[:2] == ["magie: --max-rounds must be from 1 to 1,000,000, not -3",
                         "magie: unknown language 'xx' (edition 'classic' is written in: en, ru)"]
    assert lines[2].startswith("magie: error[unknown-variant]: unknown variant 'nope' (built-in overlays: ")
    assert len(lines) == 3
    result = run("play", "classic", "--lang", "xx", "--players", "Anna,,Boris", "--bots", "9")
    assert problems(result) == [
        "magie: --players \"Anna,,Boris\": name 2 is empty; give a name for each player, separated by commas, "
        "e.g. --players \"Anna,Boris\"",
        "magie: unknown language 'xx' (edition 'classic' is written in: en, ru)"]
    result = run("play", "classic", "--bots", "9", "--lang", "xx", "--save-to", "/nowhere/s.json")
    assert problems(result) == [
        "magie: --save-to /nowhere/s.json: there is no folder /nowhere",
        "magie: unknown language 'xx' (edition 'classic' is written in: en, ru)",
        "magie: edition 'classic' is for 2 to 8 players, not 9 (0 from --players and 9 from --bots)"]


def test_clicks_own_errors_are_told_with_the_other_problems():
    # a bad choice or a missing argument stopped the command before magie's checks
    cases = [
        (["simulate", "--backend", "nope", "-n", "0"],
         ["magie: --games must be from 1 to 100,000,000, not 0", "magie: --backend takes process or ray, not 'nope'",
          "magie: which edition? Give an edition id (see `magie editions`) or the path of an edition file, e.g. "
          "`magie simulate classic -n 1000`"]),
        (["analyze", "classic", "--jail-policy", "nope", "--players", "1"],
         ["magie: --players must be from 2 to 12, not 1", "magie: --jail-policy takes short or long, not 'nope'"]),
        (["compare", "classic", "quick", "--lang", "xx", "--backend", "x", "-n", "0"],
         ["magie: unknown language 'xx' (the interface speaks: en, ru)",
          "magie: --backend takes process or ray, not 'x'", "magie: --games must be from 1 to 100,000,000, not 0"]),
        (["ladder", "classic", "--lang", "xx", "-n", "0", "--bot", "basic"],
         ["magie: unknown language 'xx' (the interface speaks: en, ru)",
          "magie: --games must be from 1 to 100,000,000, not 0",
          "magie: --bot needs at least two kinds to compare, separated by commas, e.g. --bot basic,hard"]),
        (["board", "--size", "5"],
         ["magie: --size must be from 100 to 8,000, not 5",
          "magie: where to? Give the picture's file with -o FILE.svg (or FILE.png)",
          "magie: which edition? Give an edition id (see `magie editions`) or the path of an edition file, e.g. "
          "`magie board classic -o board.svg`"]),
        (["board", "classic", "-o", "x.txt", "--size", "5", "--lang", "xx"],
         ["magie: --size must be from 100 to 8,000, not 5",
          "magie: -o x.txt: the picture is written as .svg or .png, not .txt",
          "magie: unknown language 'xx' (edition 'classic' is written in: en, ru)"]),
    ]
    for args, lines in cases:
        result = run(*args)
        assert result.exit_code == 1, args
        assert problems(result) == lines, args
    result = run("board", "nosuch", "--size", "5")
    assert problems(result)[:2] == ["magie: --size must be from 100 to 8,000, not 5",
                                    "magie: where to? Give the picture's file with -o FILE.svg (or FILE.png)"]
    assert problems(result)[2].startswith("magie: error[unknown-edition]: unknown edition 'nosuch'")


def test_the_choices_read_by_magie_still_choose(tmp_path):
    short = run("analyze", "quick", "--jail-policy", "short", "--json")
    long = run("analyze", "quick", "--json")
    assert short.exit_code == 0 and long.exit_code == 0
    assert '"jail_policy": "short"' in short.output and '"jail_policy": "long"' in long.output
    ok = run("board", "quick", "-o", str(tmp_path / "b.svg"))
    assert ok.exit_code == 0 and (tmp_path / "b.svg").read_text(encoding="utf-8").startswith("<svg")


def test_validate_tells_its_format_language_and_missing_paths_together():
    result = run("validate", "--format", "x", "--lang", "xx")
    assert result.exit_code == 1
    assert problems(result) == ["magie: unknown language 'xx' (the interface speaks: en, ru)",
                                "magie: --format takes text or json, not 'x'",
                                "magie: what to check? Give edition or overlay files, folders or edition ids, "
                                "e.g. `magie validate editions/`"]
    ok = run("validate", "quick", "-f", "json")
    assert ok.exit_code == 0 and ok.output.strip() == "[]"


# ------------------------------------------------------------------ the help's ranges and flags

def _help(command: str) -> str:
    """`magie COMMAND --help`, one line an option, each bracket of the help on its own: click's
    `[default: 1000; 1<=x<=100000000]` as `[default: 1000] [1<=x<=100000000]`."""
    result = CliRunner().invoke(app, [command, "--help"], terminal_width=300, max_content_width=300)
    assert result.exit_code == 0
    return re.sub(r"(\[default: [^;\]]*); ", r"\1] [", result.output)


def test_the_help_shows_the_whole_range_each_number_is_checked_against():
    # [x>=1] was shown where 1 to 256 is accepted
    from magie.engine.limits import MAX_ROUNDS, MAX_SEATS, MAX_SEED, MIN_SEED

    assert (MIN_SEED, MAX_SEED) == (-2**63, 2**63 - 1)
    seed = "[-2^63<=x<=2^63-1]"               # at the end of its help: 19 digits a side squeezed the table
    expected = {"simulate": ["[1<=x<=100000000]", seed, "[1<=x<=256]", f"[1<=x<={MAX_SEATS}]",
                             f"[1<=x<={MAX_ROUNDS}]", "[0.5<=x<=0.999]"],
                "compare": ["[1<=x<=100000000]", seed, "[1<=x<=256]", f"[1<=x<={MAX_SEATS}]"],
                "ladder": [f"[2<=x<={MAX_SEATS}]", seed, "[1<=x<=256]"],
                "analyze": [f"[2<=x<={MAX_SEATS}]"],
                "play": [seed, f"after the people. [0<=x<={MAX_SEATS}]", f"[1<=x<={MAX_ROUNDS}]"],
                "board": ["[100<=x<=8000]"], "serve": ["[1<=x<=65535]", "[1<=x<=10000]"]}
    for command, ranges in expected.items():
        text = _help(command)
        for shown in ranges:
            assert shown in text, (command, shown)
        assert "x>=" not in text and "x<=" not in text.replace("<=x<=", ""), command   # no half range
    # the bounds shown are those checked
    assert run("simulate", "quick", "--jobs", "257").output == "magie: --jobs must be from 1 to 256, not 257\n"
    assert run("play", "quick", "--bots", str(MAX_SEATS + 1)).output == (
        f"magie: --bots must be from 0 to {MAX_SEATS}, not {MAX_SEATS + 1}\n")


def test_a_flag_shows_no_type_in_the_help():
    # <bool> was shown beside every flag, as if it took a value
    for command in ("simulate", "play", "validate", "analyze", "compare", "show"):
        text = _help(command)
        assert "<bool>" not in text, command
        assert "--help" in text
    line = next(line for line in _help("simulate").splitlines() if "--json" in line and "Print" in line)
    assert line.split("--json", 1)[1].split()[0] == "Print"
