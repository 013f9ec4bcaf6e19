"""How the commands read their arguments (the probe of the eighth session): an option given once
refused when repeated, a --set that a --sweep would drop, files that would hang or cannot be
written checked up front, every problem of a command line in one run (click's own errors too),
one shape for every error, and the help's ranges."""

from __future__ import annotations

from typer.testing import CliRunner

from magie.cli.app import app


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
