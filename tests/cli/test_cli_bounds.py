"""CLI numbers and paths are checked before anything is allocated or opened."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from magie.cli.app import app


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize(("args", "words"), [
    (["play", "classic", "--bots", "99999999999999999999"], "--bots must be from 0 to 12"),
    (["play", "classic", "--bots", "2", "--max-rounds", str(10**18)], "--max-rounds must be from 1 to 1,000,000"),
    (["play", "classic", "--bots", "2", "--seed", str(10**30)], "--seed must be from"),
    (["play", "classic", "--bots", "2", "--time-limit", "1e300"], "--time-limit must be more than 0"),
    (["simulate", "classic", "--players", "999999999999"], "--players must be from 1 to 12"),
    (["simulate", "classic", "--jobs", "99999999"], "--jobs must be from 1 to 256"),
    (["simulate", "classic", "-n", str(10**14)], "--games must be from 1 to 100,000,000"),
    (["simulate", "classic", "--max-rounds", str(10**18)], "--max-rounds must be from 1 to 1,000,000"),
    (["simulate", "classic", "--bot", ",".join(["basic"] * 100)], "more kinds than the 12 seats"),
    (["simulate", "classic", "--claim-attention", "1.5"], "--claim-attention is the share of rents the bots "
                                                         "claim, from 0 to 1, not 1.5"),
    (["simulate", "classic", "--claim-attention", "-0.2"], "from 0 to 1, not -0.2"),
    (["simulate", "classic", "--claim-attention", "nan"], "a plain decimal number from 0 to 1 such as 0.8, "
                                                         "not 'nan'"),
    (["compare", "classic", "quick", "--claim-attention", "2"], "--claim-attention is the share of rents"),
    # one bound for seeds, told one way, in every command that takes one (saves hold 64-bit seeds)
    (["simulate", "classic", "--seed", str(2**63)], "--seed must be from -9,223,372,036,854,775,808 to "
                                                    "9,223,372,036,854,775,807, not 9,223,372,036,854,775,808"),
    (["simulate", "classic", "--seed", str(-2**63 - 1)], "--seed must be from -9,223,372,036,854,775,808"),
    (["compare", "classic", "classic", "--seed", str(10**30)], "--seed must be from -9,223,372,036,854,775,808"),
    (["ladder", "classic", "--bot", "basic,random", "--seed", str(10**30)], "--seed must be from -9,223,"),
    (["play", "classic", "--bots", "2", "--seed", str(2**63)], "--seed must be from -9,223,372,036,854,775,808"),
])
def test_numbers_out_of_bounds_are_refused_with_a_message(args, words):
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert words in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_resume_from_a_device_or_an_overlong_path_is_a_message():
    for target in ("/dev/zero", "a" * 300):
        result = run("play", "--resume", target)
        assert result.exit_code == 1 and "save-unreadable" in result.output
