"""Every error that stops a game names the edition's snippet (file:line:col) or says plainly that
it is an engine bug; the game so far is saved for a report."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.game.game import Game

runner = CliRunner()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_an_edition_error_names_the_formula_and_keeps_the_game(in_tmp):
    (in_tmp / "greedy.yaml").write_text("id: greedy\nextends: classic\nname: Greedy\nrules:\n"
                                        "  salary: cash * cash\n", encoding="utf-8")
    r = runner.invoke(app, ["play", "./greedy.yaml", "--bots", "2", "--seed", "1", "--quiet", "--max-rounds", "300"])
    assert r.exit_code == 1, r.output
    assert "magie: the game cannot go on: formula rules.salary" in r.stderr and "greedy.yaml:5:11" in r.stderr
    assert "bug in magie's engine" not in r.stderr
    assert list(in_tmp.glob("*.json")), "the game so far is kept"


def test_an_engine_bug_is_called_one_and_keeps_the_game(in_tmp, monkeypatch):
    def broken(self):
        raise KeyError("somewhere inside")
    monkeypatch.setattr(Game, "play_turn", broken)
    r = runner.invoke(app, ["play", "classic", "--bots", "2", "--seed", "1", "--quiet"])
    assert r.exit_code == 1, r.output
    assert "KeyError" in r.stderr and "bug in magie's engine, not in the edition" in r.stderr
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert list(in_tmp.glob("*.json"))
