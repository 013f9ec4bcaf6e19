"""`magie compare`: common random numbers, paired differences, verdicts, --set and --sweep."""

import json

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.problems import ProblemsError
from magie.engine.sim.batch import BatchSpec, simulate
from magie.engine.sim.compare import ConfigError, compare, parse_config, parse_sweep
from magie.engine.sim.config import load_config

runner = CliRunner()
BASE = BatchSpec(edition="", max_rounds=200, seed=9, counters=False)


def test_configuration_strings():
    label, spec = parse_config("classic+free-parking-jackpot:bots=basic,random:rules.salary=300", BASE)
    assert spec.edition == "classic" and spec.variants == ("free-parking-jackpot",)
    assert spec.bots == ("basic", "random") and spec.sets == (("rules.salary", "300"),)
    _, spec = parse_config("quick:players=3", BASE)
    assert spec.bots == ("basic",) * 3
    with pytest.raises(ConfigError):
        parse_config("classic:players=x", BASE)
    assert parse_sweep("rules.salary=100..400:50") == \
        ("rules.salary", ["100", "150", "200", "250", "300", "350", "400"])
    assert parse_sweep("rules.jail.fine=0,50") == ("rules.jail.fine", ["0", "50"])
    with pytest.raises(ConfigError):
        parse_sweep("rules.salary=400..100:50")


def test_a_set_changes_the_rules_and_unknown_paths_get_suggestions():
    ed = load_config("classic", (), (("rules.jail.fine", "120"), ("board.arbat.price", "450")))
    assert ed.rules.jail_fine == 120 and ed.spaces[ed.space_index["arbat"]].price == 450
    assert ed.content_hash != load_config("classic").content_hash
    with pytest.raises(ProblemsError, match="did you mean rules.salary"):
        load_config("classic", (), (("rules.salery", "300"),))


def test_a_set_keeps_the_rule_switches_and_reaches_their_editions():
    """A rule switch plays the edition as set: the Single Tax voted in on a table whose jail
    fine was set keeps that fine (the switch's overlay does not touch it)."""
    plain = load_config("landlords_game")
    ed = load_config("landlords_game", (), (("rules.jail.fine", "77"),))
    assert [s.id for s in ed.switches] == [s.id for s in plain.switches] == ["single_tax"]
    assert ed.rules.jail_fine == 77 and ed.switches[0].edition.rules.jail_fine == 77
    assert plain.switches[0].edition.rules.jail_fine != 77


def test_common_random_numbers_make_equal_configurations_equal():
    a = BatchSpec(edition="classic", max_rounds=200, seed=9, counters=False)
    b = BatchSpec(edition="classic", max_rounds=200, seed=9, counters=False, sets=(("rules.jail.fine", "50"),))
    result = compare(["classic", "same"], [a, b], 6)
    d = result.diffs[1]["rounds"]
    assert d.n == 6 and d.mean == 0 and d.sd == 0
    assert "no clear difference" in result.verdict(1, "rounds")
    # the paired games are the games simulate plays
    assert result.summaries[0].to_json() == simulate(a, 6).to_json()


def test_a_clear_difference_gets_a_verdict():
    a = BatchSpec(edition="classic", max_rounds=200, seed=9, counters=False)
    b = BatchSpec(edition="classic", max_rounds=15, seed=9, counters=False)
    result = compare(["classic", "short cap"], [a, b], 8)
    assert result.diffs[1]["rounds"].mean < -10
    assert result.verdict(1, "rounds").startswith("short cap is ") and "rounds shorter than classic" in \
        result.verdict(1, "rounds")


def test_compare_cli_json_and_sweep(tmp_path):
    r = runner.invoke(app, ["compare", "classic", "quick", "-n", "4", "--max-rounds", "150", "--jobs", "1", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [c["label"] for c in data["configs"]] == ["classic", "quick"]
    diff = data["differences"][0]["rounds"]
    assert diff["low"] <= diff["mean"] <= diff["high"]
    assert "classic" in diff["verdict"]
    r = runner.invoke(app, ["compare", "classic", "--sweep", "rules.salary=100..300:100", "-n", "3",
                            "--max-rounds", "60", "--jobs", "1", "--json"])
    assert r.exit_code == 0, r.output
    assert [c["label"] for c in json.loads(r.stdout)["configs"]] == \
        ["rules.salary=100", "rules.salary=200", "rules.salary=300"]


def test_compare_bad_input():
    r = runner.invoke(app, ["compare", "classic"])
    assert r.exit_code == 1 and "two or more" in r.output
    r = runner.invoke(app, ["compare", "classic", "classic:rules.jail.fien=3", "-n", "2"])
    assert r.exit_code == 1 and "did you mean rules.jail.fine" in r.output
    r = runner.invoke(app, ["compare", "classic", "--sweep", "rules.jail.fine=-5,-10", "-n", "2"])
    assert r.exit_code == 1
    assert "no valid edition in the sweep" in r.output and "rules.jail.fine: -5 is too small" in r.output


def test_a_set_of_negative_money_is_refused_with_every_field_in_one_run():
    # salary, rents, fines and the like are amounts the rules pay, never negative (the schema's minimum 0)
    with pytest.raises(ProblemsError) as info:
        load_config("classic", (), (("rules.salary", "-100000"), ("rules.rent.street", "-5"),
                                    ("rules.jail.fine", "-1"), ("setup.start_cash", "-3")))
    said = [p.format() for p in info.value.problems]
    assert len(said) == 4, said
    for field in ("rules.salary: -100000", "rules.rent.street: -5", "rules.jail.fine: -1", "setup.start_cash: -3"):
        assert any(field in s and "too small" in s for s in said), (field, said)
    r = runner.invoke(app, ["simulate", "classic", "-n", "1", "--set", "rules.salary=-100000",
                            "--set", "rules.rent.utility=-7"])
    assert r.exit_code == 1 and "rules.salary: -100000 is too small" in r.output
    assert "rules.rent.utility: -7 is too small" in r.output and "Traceback" not in r.output
    # a formula is still a formula, and a card's named amounts may be anything the text shows
    assert load_config("classic", (), (("rules.salary", "100 + 100"),)).rules is not None


def test_an_unknown_edition_is_one_message():
    for cmd in (["compare", "classic", "nosuch", "-n", "1"],
                ["compare", "nosuch", "--sweep", "rules.salary=100,200", "-n", "1"]):
        r = runner.invoke(app, cmd)
        assert r.exit_code == 1, cmd
        lines = r.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("magie: configuration 'nosuch': "), (cmd, r.output)
        assert "unknown edition 'nosuch'" in lines[0]
    # problems in a file keep their compiler-style lines under the configuration's name
    r = runner.invoke(app, ["compare", "classic", "classic:rules.salary=-1:rules.jail.fine=-1", "-n", "1"])
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [
        "magie: configuration 'classic:rules.salary=-1:rules.jail.fine=-1': not a valid edition (2 problems):",
        "magie: configuration 'classic:rules.salary=-1:rules.jail.fine=-1', rules.salary=-1: error[bad-value]: "
        "rules.salary: -1 is too small (the least allowed is 0)",
        "magie: configuration 'classic:rules.salary=-1:rules.jail.fine=-1', rules.jail.fine=-1: error[bad-value]: "
        "rules.jail.fine: -1 is too small (the least allowed is 0)"]
