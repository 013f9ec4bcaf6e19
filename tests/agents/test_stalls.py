"""Stalled tables: with every deed owned and no group whole, no deed changes hands,
so a bot that looked at trades only when ownership changed never offered again, and the game
ran to the 1,000-round cap. The basic bot now looks again every `LOOK_AGAIN` turns."""

from __future__ import annotations

import pytest

from magie.engine.agents import make_bot
from magie.engine.agents.basic import INF, BasicBot
from magie.engine.game.game import Game
from tests.game.helpers import playable

STALLED_SEEDS = (325, 393, 488, 536)   # classic games that reached the cap before the fix


def _play(seed: int) -> Game:
    ed = playable("classic")
    bots = [make_bot("basic", seed, i) for i in range(4)]
    g = Game(ed, [(f"b{i}", b) for i, b in enumerate(bots)], seed=seed, max_rounds=1000)
    g.play()
    return g


@pytest.mark.parametrize("seed", STALLED_SEEDS)
def test_stalled_games_now_end_by_trade_and_bankruptcy(seed):
    g = _play(seed)
    assert g.end_reason == "last_standing"
    assert g.round < 1000
    assert g.bankruptcies == 3


def test_without_a_second_look_the_first_one_stalls(monkeypatch):
    # a class constant (a compiled BasicBot has no per-instance copy of it)
    monkeypatch.setattr(BasicBot, "LOOK_AGAIN", INF)
    g = _play(STALLED_SEEDS[0])
    assert g.end_reason == "round_limit"
    assert g.turns == 4000
    # every deed owned, one group whole (built up long ago): nobody else can build
    assert all(o is not None for o, s in zip(g.owner, g.spaces, strict=True) if s.is_deed)
    whole = [grp.id for p in g.players for grp, c in zip(g.ed.groups, p.groups, strict=True)
             if c == len(grp.spaces) and grp.buildable]
    assert len(whole) == 1
