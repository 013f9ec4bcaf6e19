"""The command line's problems (the fresh probe of the sixth session): one rule and one message for
the seats of simulate and of compare's configurations, configurations and keys named, ranges said,
every problem of a command line told in one run, plain decimals for shares."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from magie.cli.app import app


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
    (["--players", "999999999999"], "--players must be at most 12, not 999,999,999,999"),
    (["--games", str(10**14)], "--games must be at most"),
    (["--max-rounds", str(10**18)], "--max-rounds must be at most 1,000,000"),
])
def test_compare_bounds_its_numbers_like_simulate(args, words):
    # --players 10**12 built a list of that many seats before anything was checked
    result = run("compare", "quick", "quick:players=3", *args)
    assert result.exit_code == 1
    assert words in result.output
