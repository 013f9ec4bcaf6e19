"""Bots from the command line: levels, a user's own bot as module:Class (the example of
docs/agents.md), one that raises or answers illegally (reported by name and decision, game
saved), and `magie ladder`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.saves import read_save

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"

BROKEN = '''
class Bad:
    def decide(self, game, d):
        if d.kind == "buy":
            raise RuntimeError("oops")
        if d.kind == "manage":
            return ("done",)
        if d.kind == "bid":
            return None
        return d.options[0]


class Illegal(Bad):
    def decide(self, game, d):
        return "maybe" if d.kind == "buy" else super().decide(game, d)
'''


@pytest.fixture(autouse=True)
def bots_here(tmp_path, monkeypatch):
    """Each test runs in its own folder holding mybots.py: the docs' example plus broken bots."""
    code = re.search(r"`mybots.py`.*?```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S).group(1)
    (tmp_path / "mybots.py").write_text(code + BROKEN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("mybots", None)
    return tmp_path


def test_the_docs_example_bot_plays_from_the_command_line():
    r = runner.invoke(app, ["play", "classic", "--bots", "4", "--bot", "mybots:Greedy", "--seed", "1",
                            "--quiet", "--max-rounds", "30"])
    assert r.exit_code == 0, r.output
    assert "Winner" in r.output
    r = runner.invoke(app, ["simulate", "classic", "-n", "4", "-j", "1", "--json",
                            "--bot", "mybots:Greedy,basic,basic,basic", "--max-rounds", "40"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["games"] == 4 and data["bots"][0] == "mybots:Greedy"


def test_a_bot_that_raises_is_named_with_the_decision_and_the_game_is_saved(bots_here):
    r = runner.invoke(app, ["play", "classic", "--bots", "4", "--bot", "mybots:Bad", "--seed", "3", "--quiet"])
    assert r.exit_code == 1
    assert re.search(r"bot 'Bad-\d' \(mybots:Bad\) raised RuntimeError: oops when asked 'buy' for Bot \d", r.output)
    save = read_save(bots_here / "magie-classic-seed3.json")
    assert [s.agent for s in save.seats] == ["mybots:Bad"] * 4
    assert save.decisions                  # the game so far, for a bug report
    assert "fault of that bot" in r.output and "bug in magie's engine" not in r.output


def test_an_illegal_answer_at_the_terminal_is_the_bots_fault_not_the_engines(bots_here):
    r = runner.invoke(app, ["play", "classic", "--bots", "2", "--bot", "mybots:Illegal", "--seed", "3", "--quiet"])
    assert r.exit_code == 1
    assert "gave an illegal answer to 'buy': 'maybe' is not one of ['buy', 'decline']" in r.output
    assert "this is a fault of that bot, not of magie's engine" in r.output
    assert "bug in magie's engine" not in r.output


def test_an_illegal_answer_in_a_simulation_is_named_and_the_game_is_saved(bots_here):
    r = runner.invoke(app, ["simulate", "classic", "-n", "2", "-j", "1", "--bot", "basic,mybots:Illegal,basic,basic"])
    assert r.exit_code == 1
    assert "gave an illegal answer to 'buy': 'maybe' is not one of ['buy', 'decline']" in r.output
    saved = list(bots_here.glob("magie-failed-classic-seed*.json"))
    assert len(saved) == 1
    assert read_save(saved[0]).seats[1].agent == "mybots:Illegal"


@pytest.mark.parametrize("kind, message", [
    ("nosuch:Bot", "cannot import module 'nosuch'"),
    ("mybots:Nope", "module 'mybots' has no class 'Nope'"),
    ("strong", "unknown bot 'strong'"),
    ("collections:OrderedDict", "it has no decide(game, decision) method"),   # a class, not an agent
    ("os:system", "cannot create it: TypeError"),                             # not even created
])
def test_a_bot_that_cannot_be_loaded_is_a_message(kind, message):
    for cmd in (["play", "classic", "--bots", "2", "--bot", kind], ["simulate", "classic", "--bot", kind, "-n", "1"],
                ["ladder", "classic", "--bot", f"basic,{kind}", "-n", "1"]):
        r = runner.invoke(app, cmd)
        assert r.exit_code == 1, cmd
        assert message in r.output, (cmd, r.output)
        assert "Traceback" not in r.output


def test_levels_play_at_the_terminal():
    r = runner.invoke(app, ["play", "classic", "--bots", "3", "--bot", "easy", "--seed", "2", "--quiet",
                            "--max-rounds", "20"])
    assert r.exit_code == 0, r.output


def test_the_ladder_rates_kinds_and_writes_json(bots_here):
    r = runner.invoke(app, ["ladder", "classic", "--bot", "basic,random", "-n", "6", "-j", "1",
                            "--max-rounds", "60", "--out", "l.json"])
    assert r.exit_code == 0, r.output
    assert "basic" in r.output and "random" in r.output and "rating" in r.output
    data = json.loads((bots_here / "l.json").read_text())
    assert data["games"] == 6 and data["players"] == 4
    # two kinds at four seats: the tables that mix them (3 basic + 1 random, 2 + 2, 1 + 3)
    assert sorted(map(tuple, data["tables"])) == [("basic", "basic", "basic", "random"),
                                                   ("basic", "basic", "random", "random"),
                                                   ("basic", "random", "random", "random")]
    by = {k["kind"]: k for k in data["ranking"]}
    assert by["basic"]["games"] + by["random"]["games"] == 6 * 4
    assert by["basic"]["games"] == 2 * (3 + 2 + 1)
    assert data["ranking"][0]["kind"] == "basic" and by["basic"]["mu"] > by["random"]["mu"]
    again = runner.invoke(app, ["ladder", "classic", "--bot", "basic,random", "-n", "6", "-j", "2",
                                "--max-rounds", "60", "--out", "l2.json"])
    assert again.exit_code == 0
    def rated(d: dict) -> list:         # the time per decision varies; the ratings do not
        return [{k: v for k, v in s.items() if k != "ms_per_decision"} for s in d["ranking"]]
    assert rated(json.loads((bots_here / "l2.json").read_text())) == rated(data)


def test_help_does_not_import_the_rl_libraries():
    code = ("import sys\nfrom magie.cli.app import main\nsys.argv=['magie','--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('pettingzoo','gymnasium','numpy','openskill') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_a_save_never_runs_a_bot_class_the_person_did_not_allow(bots_here):
    # a save is a file anyone can send: a seat's module:Class would import and run its code
    r = runner.invoke(app, ["play", "classic", "--players", "Anna", "--bots", "2", "--bot", "mybots:Greedy",
                            "--seed", "1", "--save-to", "s.json"], input="q\n")
    assert r.exit_code == 0, r.output
    sys.modules.pop("mybots", None)
    r = runner.invoke(app, ["play", "--resume", "s.json"], input="q\n")
    assert r.exit_code == 1
    assert "save-plugin-bot" in r.output and "--bot mybots:Greedy" in r.output
    assert "mybots" not in sys.modules                       # refused before anything was imported
    r = runner.invoke(app, ["play", "--resume", "s.json", "--bot", "mybots:Other"], input="q\n")
    assert r.exit_code == 1 and "save-plugin-bot" in r.output
    r = runner.invoke(app, ["play", "--resume", "s.json", "--bot", "basic"], input="q\n")
    assert r.exit_code == 1 and "leave out --bot-kind" in r.output
    r = runner.invoke(app, ["play", "--resume", "s.json", "--bot", "mybots:Greedy"], input="q\n")
    assert r.exit_code == 0, r.output
    assert "mybots" in sys.modules


def test_a_plug_in_bot_in_a_compare_configuration(bots_here):
    # the `:` of module:Class is not the separator of the configuration's KEY=VALUE parts
    from magie.engine.sim.batch import BatchSpec
    from magie.engine.sim.compare import parse_config

    base = BatchSpec(edition="", seed=0, counters=False)
    _, spec = parse_config("classic:bots=mybots:Greedy,basic:players=2:rules.salary=300", base)
    assert spec.bots == ("mybots:Greedy", "basic") and spec.sets == (("rules.salary", "300"),)
    _, spec = parse_config("classic:bots=basic,pkg.mod:Cls,random", base)
    assert spec.bots == ("basic", "pkg.mod:Cls", "random")
    _, spec = parse_config("classic:bots=mybots:Greedy", BatchSpec(edition="", bots=("basic",) * 3))
    assert spec.bots == ("mybots:Greedy",) * 3       # one kind sits at every seat of the table
    r = runner.invoke(app, ["compare", "classic", "classic:bots=mybots:Greedy", "-n", "2", "-j", "1",
                            "--max-rounds", "30", "--json"])
    assert r.exit_code == 0, r.output
    assert [c["label"] for c in json.loads(r.stdout)["configs"]] == ["classic", "classic:bots=mybots:Greedy"]
    r = runner.invoke(app, ["compare", "classic", "classic:bots=mybots:Nope", "-n", "1"])
    assert r.exit_code == 1 and "module 'mybots' has no class 'Nope'" in r.output
    assert "Traceback" not in r.output
    assert "module:Class" in runner.invoke(app, ["compare", "--help"]).output
