"""Money that grows without bound: a formula result outside ±MONEY_LIMIT stops the game
with an error naming the formula's file:line:col, instead of play going on with absurd amounts."""

from __future__ import annotations

import re

import pytest

from magie.engine.agents import make_bot
from magie.engine.dsl.vocabulary import MONEY_LIMIT
from magie.engine.edition.loader import load_edition
from magie.engine.edition.playable import load_playable
from magie.engine.errors import EffectError
from magie.engine.game.game import Game


def test_salary_cash_times_cash_warns_then_stops_the_game_at_the_formula(tmp_path):
    path = tmp_path / "greedy.yaml"
    path.write_text("id: greedy\nextends: classic\nname: Greedy\nrules:\n  salary: cash * cash\n", encoding="utf-8")
    [w] = load_edition(str(path)).warnings
    assert (w.code, w.severity, w.line, w.col) == ("unbounded-money", "warning", 5, 11)
    ed = load_playable(str(path))
    g = Game(ed, [(f"b{i}", make_bot("basic", 1, i)) for i in range(2)], seed=1, max_rounds=200)
    with pytest.raises(EffectError) as info:
        g.play()
    assert re.search(r"greedy\.yaml:5:11", info.value.where), info.value.where
    assert f"beyond ±{MONEY_LIMIT:_}" in info.value.message
    assert all(p.cash <= MONEY_LIMIT for p in g.players)
