"""The command line's problems: one rule and one message for
the seats of simulate and of compare's configurations, configurations and keys named, ranges said,
every problem of a command line told in one run, plain decimals for shares."""

from __future__ import annotations

import os
import subprocess

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from tests.runners import run_magie


def run(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_compare_refuses_more_bots_than_players_as_simulate_does():
    conf = "quick:bots=basic,basic,basic,basic,basic:players=3"
    result = run("compare", "quick", conf, "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert (f"configuration '{conf}': bots names 5 kinds, one per seat, but players says 3: give one kind "
            "for every seat, or a single kind") in result.output
    result = run("simulate", "quick", "--bot", "basic,basic,basic,basic,basic", "--players", "3", "-n", "1")
    assert result.exit_code == 1
    assert ("--bot names 5 kinds, one per seat, but --players says 3: give one kind for every seat, or a "
            "single kind") in result.output
    # a single kind fills any table, a list of the right length plays
    ok = run("compare", "quick", "quick:bots=random:players=3", "quick:bots=basic,random:players=2", "-n", "1",
             "-j", "1", "--max-rounds", "5", "--json")
    assert ok.exit_code == 0, ok.output


@pytest.mark.parametrize("conf, words", [
    ("quick:foo", "configuration 'quick:foo': 'foo' is not KEY=VALUE (bots=KINDS, players=N, max_rounds=N or "
                  "a parameter path such as rules.salary=300)"),
    ("quick:bots=", "configuration 'quick:bots=': bots: no bot given"),
    ("quick:bots=basic,,random", "configuration 'quick:bots=basic,,random': bots: seat 2 has no bot"),
    ("quick:rules.salary=", "configuration 'quick:rules.salary=': rules.salary: no value given"),
    ("quick:max_rounds=-3", "configuration 'quick:max_rounds=-3': max_rounds must be a whole number from 1 to "
                            "1,000,000, not '-3'"),
    ("quick:players=99", "players must be a whole number from 1 to 12, not '99'"),
    ("quick:players=٣", "players must be a whole number from 1 to 12, not '٣'"),
    ("quick:max_rounds=" + "9" * 5000, "max_rounds must be a whole number from 1 to 1,000,000, not '9999"),
])
def test_a_configuration_error_names_the_configuration_and_the_key(conf, words):
    result = run("compare", "quick", conf, "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert words in result.output
    assert "--set" not in result.output


def test_a_parameter_of_a_configuration_is_told_at_the_configuration_with_every_other_problem():
    conf = "quick:rules.salary=abc:rules.nosuch=2"
    result = run("compare", "quick", conf, "quick:foo", "-n", "1", "-j", "1")
    assert result.exit_code == 1
    out = result.output
    assert f"magie: configuration '{conf}': not a valid edition (2 problems):" in out
    assert f"configuration '{conf}', rules.salary=abc: error[unknown-name]: unknown name 'abc'" in out
    assert (f"configuration '{conf}', rules.nosuch=2: error[unknown-parameter]: the edition has no parameter "
            "'rules.nosuch'") in out
    assert "configuration 'quick:foo': 'foo' is not KEY=VALUE" in out       # the other one too


def test_every_problem_of_the_sets_and_options_comes_in_one_run():
    result = run("simulate", "quick", "--set", "rules.nosuch=1", "--set", "rules.salary=abc", "--set",
                 "rules.other=2", "--set", "rules.jail.fine=x", "--set", "bare", "--claim-attention", "7",
                 "--seed", str(10**30), "-n", "1", "-j", "1")
    assert result.exit_code == 1
    out = result.output
    for words in ("--set rules.nosuch=1: error[unknown-parameter]: the edition has no parameter 'rules.nosuch'",
                  "--set rules.other=2: error[unknown-parameter]: the edition has no parameter 'rules.other'",
                  "--set rules.salary=abc: error[unknown-name]: unknown name 'abc'",
                  "--set rules.jail.fine=x: error[wrong-type]: rules.jail.fine: expected an integer",
                  "magie: --set 'bare': expected PATH=VALUE",
                  "magie: --claim-attention is the share of rents the bots claim, from 0 to 1, not 7",
                  "magie: --seed must be from"):
        assert words in out, words


def test_an_unknown_parameter_is_a_problem_of_the_configuration():
    from magie.engine.problems import ProblemsError
    from magie.engine.sim.config import load_config
    with pytest.raises(ProblemsError) as e:
        load_config("classic", (), (("rules.salery", "300"), ("rules.jail.fine", "x")))
    assert [p.code for p in e.value.problems] == ["unknown-parameter", "wrong-type"]
    assert "did you mean rules.salary" in e.value.problems[0].message


@pytest.mark.parametrize("value, words", [
    ("1e400", "--set rules.salary=1e400: error[wrong-type]: rules.salary: expected an integer or a DSL formula, "
              "found the number 1e400 (amounts and counts are whole numbers; paid on passing or landing on the "
              "start space: an integer (0 or more) or a DSL formula)"),
    ("2.5", "--set rules.salary=2.5: error[wrong-type]: rules.salary: expected an integer or a DSL formula, "
            "found the number 2.5"),
])
def test_a_number_that_is_not_whole_is_told_as_such_not_as_dsl_syntax(value, words):
    result = run("simulate", "quick", "--set", f"rules.salary={value}", "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert words in result.output and "dsl-syntax" not in result.output
    jail = run("simulate", "quick", "--set", "rules.jail.fine=1e3", "-n", "1", "-j", "1")
    assert "rules.jail.fine: expected an integer, found the number 1e3" in jail.output


@pytest.mark.parametrize("text", ["1_0", "1e-1", "inf", "nan", "0x1", " ", "½"])
def test_claim_attention_takes_plain_decimals_only(text):
    result = run("simulate", "quick", "-V", "rent-must-be-claimed", "--claim-attention", text, "-n", "1")
    assert result.exit_code == 1
    assert "--claim-attention takes a plain decimal number from 0 to 1 such as 0.8" in result.output


def test_claim_attention_minus_zero_is_zero():
    import json
    for command in (["simulate", "quick"], ["compare", "quick", "quick:players=3"]):
        result = run(*command, "-V", "rent-must-be-claimed", "--claim-attention", "-0", "-n", "1", "-j", "1",
                     "--max-rounds", "5", "--json")
        assert result.exit_code == 0, result.output
        assert '"claim_attention": 0.0' in result.output and "-0.0" not in result.output
        json.loads(result.stdout)


@pytest.mark.parametrize("sweep", ["rules.salary=nan..5", "rules.salary=0..inf:1", "rules.salary=1..2:nan",
                                   "rules.salary=1e3..2e3:1"])
def test_a_sweep_takes_plain_decimals_only(sweep):
    # nan and inf gave a traceback (ValueError, OverflowError counting the values)
    result = run("compare", "quick", "--sweep", sweep, "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert "LOW, HIGH and STEP must be plain decimal numbers, e.g. rules.salary=100..400:50" in result.output


@pytest.mark.parametrize("args, words", [
    (["--players", "999999999999"], "--players must be from 1 to 12, not 999,999,999,999"),
    (["--games", str(10**14)], "--games must be from 1 to 100,000,000"),
    (["--max-rounds", str(10**18)], "--max-rounds must be from 1 to 1,000,000"),
])
def test_compare_bounds_its_numbers_like_simulate(args, words):
    # --players 10**12 built a list of that many seats before anything was checked
    result = run("compare", "quick", "quick:players=3", *args)
    assert result.exit_code == 1
    assert words in result.output


def test_ladder_checks_its_output_file_before_the_games_with_every_other_problem(tmp_path, monkeypatch):
    # --out in a missing folder was found only after every game had been played
    monkeypatch.chdir(tmp_path)
    played = []
    import magie.engine.sim.ladder as ladder
    monkeypatch.setattr(ladder, "run_ladder", lambda *a, **k: played.append(1))
    result = run("ladder", "quick", "--bot", "basic,nosuch", "--players", "9", "--seed", str(10**30),
                 "-o", str(tmp_path / "nowhere" / "l.json"), "-n", "2")
    assert result.exit_code == 1 and played == []
    for words in ("--seed must be from", "unknown bot 'nosuch'", "quick is played by 2 to 8 players, not 9",
                  f"--out {tmp_path / 'nowhere' / 'l.json'}: there is no folder {tmp_path / 'nowhere'}"):
        assert words in result.output, words
    result = run("ladder", "quick", "--bot", "basic,random", "-o", str(tmp_path), "-n", "2")
    assert result.exit_code == 1 and played == []
    assert f"--out {tmp_path}: it is a folder" in result.output


def test_validate_in_russian_tells_files_it_cannot_read(tmp_path):
    (tmp_path / "empty").mkdir()
    result = run("validate", str(tmp_path / "nosuch"), str(tmp_path / "empty"), "--lang", "ru")
    assert result.exit_code == 1
    assert f"ошибка[file-not-found]: нет такого файла или папки: {tmp_path / 'nosuch'}" in result.output
    assert f"ошибка[no-yaml-files]: в папке {tmp_path / 'empty'} нет файлов .yaml" in result.output


def test_analyze_tells_every_problem_of_its_sets_in_one_run():
    result = run("analyze", "quick", "--set", "rules.nosuch=1", "--set", "bare", "--set", "rules.salary=q")
    assert result.exit_code == 1
    for words in ("magie: --set 'bare': expected PATH=VALUE",
                  "--set rules.nosuch=1: error[unknown-parameter]", "--set rules.salary=q: error[unknown-name]"):
        assert words in result.output, words


def test_the_warm_up_is_bounded_like_the_round_cap():
    result = run("simulate", "quick", "-n", "1", "--warm-up", str(10**20))
    assert result.exit_code == 1
    assert "--warm-up must be from 1 to 1,000,000" in result.output


@pytest.mark.parametrize("conf, words", [
    ("quick:bots=basic:bots=random", "bots is given twice (bots=basic and bots=random); give it once"),
    ("quick:players=3:players=4", "players is given twice (players=3 and players=4)"),
    ("quick:rules.salary=1:rules.salary=2", "rules.salary is given twice (rules.salary=1 and rules.salary=2)"),
])
def test_a_key_given_twice_in_a_configuration_is_refused(conf, words):
    # the later one won silently
    result = run("compare", "quick", conf, "-n", "1", "-j", "1")
    assert result.exit_code == 1
    assert f"configuration '{conf}': {words}" in result.output


def test_serve_tells_a_port_in_use_and_an_unknown_host_as_its_own_message(tmp_path):
    # uvicorn's "ERROR: [Errno 98] ..." log line and exit code 3 before
    pytest.importorskip("uvicorn", reason="magie serve needs the web extra: pip install '.[test]'")
    import socket
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    serve = ["serve", "--data", str(tmp_path / "games")]
    try:
        r = run_magie(*serve, "--port", str(port))
    finally:
        busy.close()
    assert r.returncode == 1, r.stderr
    assert f"magie: --port {port}: cannot listen on 127.0.0.1:{port}: it is in use (another magie serve?)" in r.stderr
    r = run_magie(*serve, "--host", "no such host!")
    assert r.returncode == 1, r.stderr
    assert "magie: --host 'no such host!': not an address this computer can listen on" in r.stderr


def test_odd_set_values_are_problems_told_at_the_set_not_tracebacks():
    # 5,000 digits gave Python's ValueError, 3,000 brackets a RecursionError; a huge number was taken
    result = run("simulate", "quick", "-n", "1", "-j", "1",
                 "--set", "rules.salary=" + "9" * 5000, "--set", "rules.jail.fine=" + "9" * 50,
                 "--set", "rules.salary=" + "[" * 3000, "--set", "rules.salary=" + "x" * 20_000,
                 "--set", "a." * 5000 + "=1", "--set", "rules.salary=[1")
    assert result.exit_code == 1
    out = result.output
    for words in ("error[number-out-of-range]: a number this large is out of range: whole numbers in an edition "
                  "lie between -1_000_000_000_000 and 1_000_000_000_000",
                  "--set rules.jail.fine=" + "9" * 50 + ": error[number-out-of-range]",
                  "error[yaml-syntax]: the value is not valid YAML (nested too deeply)",
                  "error[file-too-large]: the value has 20,000 characters; at most 10,000",
                  "the path has 10,000 characters; a parameter's path is at most 300",
                  "--set rules.salary=[1: error[yaml-syntax]: the value is not valid YAML"):
        assert words in out, words
    assert len(out) < 5_000                       # long values are cut, not echoed


def test_a_problem_of_a_set_for_every_configuration_is_told_once():
    result = run("compare", "quick", "quick:players=3", "quick:rules.salary=x", "-n", "1",
                 "--set", "rules.jail.fine=y")
    assert result.exit_code == 1
    out = result.output
    assert out.count("--set rules.jail.fine=y: error[wrong-type]") == 1
    assert "magie: configuration 'quick:players=3': not a valid edition (1 problem; 1 told above)" in out
    assert "configuration 'quick:rules.salary=x', rules.salary=x: error[unknown-name]: unknown name 'x'" in out


def test_an_output_encoding_that_cannot_write_the_text_is_a_message_not_a_traceback():
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "MAGIE_NO_CACHE": "1"}
    r = run_magie("show", "classic", "--lang", "ru", env=env)
    assert r.returncode == 1
    assert r.stderr.strip() == ("magie: the output's encoding (ascii) cannot write this text (it needs UTF-8): "
                                "set PYTHONIOENCODING=utf-8 or a UTF-8 locale")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["editions"], ["--help"]])
def test_an_output_that_cannot_be_written_is_one_line_not_a_traceback(args):
    with open("/dev/full", "w") as full:     # a full disk
        r = run_magie(*args, stdout=full, stderr=subprocess.PIPE)
    assert (r.returncode, r.stderr) == (1, "magie: cannot write the output: No space left on device\n")
    r = run_magie(*args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                  preexec_fn=lambda: os.close(1))      # started with its output closed
    assert (r.returncode, r.stderr) == (1, "magie: cannot write the output: the standard output is closed\n")


# ------------------------------------------------------------------ every number of a command line told at once


@pytest.mark.parametrize("args, words", [
    # click's own number checks stopped the command before magie's: only the first was told
    (["simulate", "classic", "-n", "0", "--players", "9", "--set", "rules.nosuch=1"],
     ["--games must be from 1 to 100,000,000, not 0", "classic is played by 2 to 8 players, not 9",
      "--set rules.nosuch=1: error[unknown-parameter]"]),
    (["simulate", "quick", "--seed", "x", "--jobs", "abc", "--confidence", "2", "--warm-up", "-1",
      "--max-rounds", "1.5", "-n", "9" * 5000],
     ["--seed takes a whole number from -9,223,372,036,854,775,808 to 9,223,372,036,854,775,807, not 'x'",
      "--jobs takes a whole number from 1 to 256, not 'abc'", "--confidence must be from 0.5 to 0.999, not 2",
      "--warm-up must be from 1 to 1,000,000, not -1", "--max-rounds takes a whole number from 1 to 1,000,000, "
      "not '1.5'", "--games must be from 1 to 100,000,000, not a number of 5,000 digits"]),
    (["compare", "quick", "quick:players=3", "-n", "x", "--players", "0", "--confidence", "nan"],
     ["--games takes a whole number from 1 to 100,000,000, not 'x'", "--players must be from 1 to 12, not 0",
      "--confidence takes a plain decimal number from 0.5 to 0.999, not 'nan'"]),
    (["ladder", "quick", "--players", "1", "-n", "0", "--jobs", "j", "--bot", "basic,nosuch"],
     ["--players must be from 2 to 12, not 1", "--games must be from 1 to 100,000,000, not 0",
      "--jobs takes a whole number from 1 to 256, not 'j'", "unknown bot 'nosuch'"]),
    (["analyze", "quick", "--players", "two", "--set", "rules.nosuch=1"],
     ["--players takes a whole number from 2 to 12, not 'two'", "--set rules.nosuch=1: error[unknown-parameter]"]),
    (["play", "quick", "--bots", "x", "--max-rounds", "0", "--seed", "s", "--time-limit", "inf"],
     ["--bots takes a whole number from 0 to 12, not 'x'", "--max-rounds must be from 1 to 1,000,000, not 0",
      "--seed takes a whole number from", "--time-limit must be more than 0 and at most 166,667, not inf"]),
    (["play", "--bots", "99", "--bot", "nosuch"],
     ["--bots must be from 0 to 12, not 99", "unknown bot 'nosuch'", "which edition? Give an edition id"]),
    (["board", "classic", "-o", "x.txt", "--size", "5"],
     ["--size must be from 100 to 8,000, not 5", "-o x.txt: the picture is written as .svg or .png, not .txt"]),
    (["serve", "--port", "0", "--bot-delay", "x", "--max-games", "1e3"],
     ["--port must be from 1 to 65,535, not 0", "--bot-delay takes a plain decimal number from 0 to 10, not 'x'",
      "--max-games takes a whole number from 1 to 10,000, not '1e3'"]),
    # problems found in the edition hid behind a --set's, and a count mismatch hid an unknown bot
    (["simulate", "classic", "--players", "9", "--lang", "xx", "--set", "rules.nosuch=1"],
     ["classic is played by 2 to 8 players, not 9", "unknown language 'xx' (edition 'classic' is written in: en, ru)",
      "--set rules.nosuch=1: error[unknown-parameter]"]),
    (["analyze", "classic", "--players", "9", "--lang", "xx", "--set", "rules.salary=x"],
     ["classic is played by 2 to 8 players, not 9", "unknown language 'xx'", "--set rules.salary=x: error"]),
    (["simulate", "quick", "--bot", "basic,nosuch", "--players", "3"],
     ["--bot names 2 kinds, one per seat, but --players says 3", "unknown bot 'nosuch'"]),
    (["compare", "quick", "quick:bots=basic,nosuch,basic:players=2", "quick:players=9:rules.nosuch=1"],
     ["configuration 'quick:bots=basic,nosuch,basic:players=2': bots names 3 kinds, one per seat, but players says 2",
      "configuration 'quick:bots=basic,nosuch,basic:players=2': unknown bot 'nosuch'",
      "configuration 'quick:players=9:rules.nosuch=1': quick is played by 2 to 8 players, not 9",
      "configuration 'quick:players=9:rules.nosuch=1', rules.nosuch=1: error[unknown-parameter]"]),
])
def test_every_problem_of_a_command_line_is_told_in_one_run(args, words):
    result = run(*args)
    assert result.exit_code == 1, result.output
    for w in words:
        assert w in result.output, w
    assert "Traceback" not in result.output and "Usage:" not in result.output


def test_the_help_shows_the_numbers_metavars_and_ranges():
    out = CliRunner().invoke(app, ["simulate", "--help"]).output
    entries: dict[str, str] = {}            # each option's lines of click's plain help, joined
    name = ""
    for line in out.split("Options:", 1)[1].splitlines():
        if line.startswith("  -"):
            name = line.split()[1] if line.split()[0].endswith(",") else line.split()[0]
            entries[name] = line
        elif name:
            entries[name] += " " + line.strip()

    def row(opt: str) -> str:
        return " ".join(entries[opt].split())
    for opt, shown in (("--games", "1<=x<=100000000]"), ("--jobs", "[1<=x<=256]"), ("--players", "[1<=x<=12]"),
                       ("--max-rounds", "[1<=x<=1000000]"), ("--warm-up", " 1<=x<=1000000]")):
        assert f"{opt} <int range> " in row(opt) and shown in row(opt), row(opt)
    assert "--seed <int> " in row("--seed") and "[-2^63<=x<=2^63-1]" in row("--seed")
    assert "--confidence <float range> " in row("--confidence") and "0.95; 0.5<=x<=0.999]" in row("--confidence")


def test_a_set_given_twice_is_refused_and_each_value_told():
    # the later value replaced the earlier one silently; only the later one's problem was told
    result = run("simulate", "quick", "--set", "rules.salary=" + "[" * 3000, "--set", "rules.salary=x",
                 "--set", "rules.jail.fine=5")
    assert result.exit_code == 1
    out = result.output
    assert "magie: --set rules.salary is given twice (rules.salary=[[[[" in out and "give it once" in out
    assert "error[yaml-syntax]: the value is not valid YAML (nested too deeply)" in out
    assert "--set rules.salary=x: error[unknown-name]: unknown name 'x'" in out
    assert "rules.jail.fine" not in out


def test_a_section_set_to_a_value_suggests_its_keys_not_itself():
    result = run("simulate", "classic", "--set", "rules.rent=-5")
    assert result.exit_code == 1
    assert "this is a section, not a single value; set one of its keys; did you mean rules.rent.claim" in result.output
    assert "did you mean rules.rent " not in result.output and "or rules.rent " not in result.output
    assert "rules.rent?" not in result.output


def test_claim_attention_where_no_rent_is_claimed_is_refused():
    # accepted silently: the figures passed for those of the rule
    result = run("simulate", "quick", "--claim-attention", "0.5", "-n", "1")
    assert result.exit_code == 1
    assert ("--claim-attention 0.5 changes nothing: in quick rent is paid without a claim; it is the share of "
            "rents bots claim where rules.rent.claim is owner_claims") in result.output
    result = run("compare", "quick", "quick:players=3", "--claim-attention", ".8", "-n", "1")
    assert result.exit_code == 1
    assert "--claim-attention 0.8 changes nothing: in every configuration rent is paid without a claim" in result.output
    ok = run("compare", "classic", "classic+rent-must-be-claimed", "--claim-attention", ".8", "-n", "1", "-j", "1",
             "--max-rounds", "3", "--json")
    assert ok.exit_code == 0, ok.output
    ok = run("simulate", "classic", "-V", "rent-must-be-claimed", "--claim-attention", "1", "-n", "1", "-j", "1",
             "--max-rounds", "3", "--json")
    assert ok.exit_code == 0, ok.output
    assert run("simulate", "quick", "--claim-attention", "1", "-n", "1", "-j", "1", "--max-rounds", "3",
               "--json").exit_code == 0


def _first_column(table: str) -> list[str]:
    """The cells of the first column of a rich table's body, their folded lines joined."""
    cells: list[str] = []
    body = table.split("┡", 1)[1]
    for line in body.splitlines()[1:]:
        if not line.startswith("│"):
            if line.startswith("└"):
                break
            cells.append("")                      # a line between rows
            continue
        first, second = (part.strip() for part in line.split("│")[1:3])
        if second or not cells:
            cells.append(first)
        else:
            cells[-1] += first
    return [c for c in cells if c]


def test_compare_keeps_long_configuration_names_apart():
    # the main table cut both names to "classic+free-parki…"
    confs = [f"classic+free-parking-jackpot:rules.salary={v}:max_rounds=3" for v in (300, 400)]
    result = run("compare", *confs, "-n", "1", "-j", "1")
    assert result.exit_code == 0, result.output
    main_table, differences = result.output.split("differences from", 1)
    assert _first_column(main_table) == confs
    assert _first_column(differences) == confs[1:]
    assert "…" not in main_table


def test_play_in_russian_tells_the_engine_s_messages_in_russian(tmp_path):
    # they came out in English under --lang ru
    result = run("play", "classic", "--bots", "2", "--bot", "nosuch", "--lang", "ru")
    assert result.exit_code == 1
    assert "magie: неизвестный бот 'nosuch' (известные: easy, basic, hard" in result.output
    result = run("play", "classic", "--bots", "2", "-V", "nosuch", "--lang", "ru")
    assert result.exit_code == 1
    assert "ошибка[unknown-variant]: неизвестный вариант 'nosuch' (встроенные дополнения: " in result.output
    (tmp_path / "a.json").write_text('{"a": 1}', encoding="utf-8")
    for save, words in ((tmp_path / "a.json", '1:1: ошибка[save-not-a-save]: это не сохранение magie: ожидался объект '
                                                'JSON с "format": "magie-save"'),
                        (tmp_path / "none.json", "ошибка[save-unreadable]: нет такого файла сохранения"),
                        (tmp_path, "ошибка[save-unreadable]: это папка, а не файл сохранения")):
        result = run("play", "--resume", str(save), "--lang", "ru")
        assert result.exit_code == 1 and f"{save}:{'' if words[0].isdigit() else ' '}{words}" in result.output, \
            result.output
    result = run("play", "--resume", str(tmp_path / "a.json"))         # English as before
    assert "error[save-not-a-save]: is not a magie save: expected a JSON object" in result.output


def test_a_set_nested_too_deeply_is_told_so_whatever_the_recursion_limit():
    # the depth is counted before the YAML parser runs, whose own limit is Python's recursion limit
    # (which other code in the process may have raised)
    import sys

    from magie.engine.sim.config import SetError, apply_set
    for limit in (sys.getrecursionlimit(), 100_000):
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(limit)
        try:
            with pytest.raises(SetError, match=r"not valid YAML \(nested too deeply\)"):
                apply_set({"rules": {"salary": 1}}, "rules.salary", "[" * 3000)
        finally:
            sys.setrecursionlimit(old)
    tree = {"rules": {"salary": 1}}
    apply_set(tree, "rules.salary", "'" + "[" * 100 + "'")            # brackets in quotes are text
    assert tree["rules"]["salary"] == "[" * 100
