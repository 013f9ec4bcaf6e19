"""A game's set-up, written for speed (engine/game/start.py, the bots' factories): the same
decks, the same order of play and the same bots as the plain ways of making them."""

from __future__ import annotations

import random

import pytest

from magie.engine import agents
from magie.engine.agents import BasicBot, EasyBot, RandomBot, make_bot
from magie.engine.agents.search import rollout_bots
from magie.engine.game.dice import ForcedDice
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.game.start import _rank
from tests.game.helpers import playable


def _players(n: int) -> list:
    return [(f"p{i}", make_bot("basic", 0, i)) for i in range(n)]


def test_order_throws_rank_players_and_ties_throw_again_in_seat_order():
    # classic [000] 3: the highest throw starts; seats 0 and 2 tie at 12 and throw again (10 against 3),
    # seats 1 and 3 tie at 7 and throw again (4 against 9)
    ed = playable("classic")
    dice = ForcedDice([(6, 6), (3, 4), (6, 6), (5, 2), (5, 5), (1, 2), (2, 2), (4, 5)])
    g = Game(ed, _players(4), seed=1, dice=dice, deal=False, start=False, log=EventLog())
    assert [p.seat for p in _rank(g, list(g.players))] == [0, 2, 3, 1]
    assert dice.left == 0
    rolls = [(e["player"], e["dice"]) for e in g.log.events if e["e"] == "order_roll"]
    assert rolls == [(0, [6, 6]), (1, [3, 4]), (2, [6, 6]), (3, [5, 2]), (0, [5, 5]), (2, [1, 2]),
                     (1, [2, 2]), (3, [4, 5])]


def _rank_plainly(g, group):
    """The ranking as the rule says it, written plainly, to compare the engine's with."""
    throws = {}
    for p in group:
        throws[p.seat] = g.dice.throw(g.ed.dice_count).total
    ranked = []
    for t in sorted(set(throws.values()), reverse=True):
        tied = [p for p in group if throws[p.seat] == t]
        ranked.extend(_rank_plainly(g, tied) if len(tied) > 1 else tied)
    return ranked


@pytest.mark.parametrize("n", [2, 3, 4, 6, 8])
def test_the_order_of_play_is_the_plain_ranking(n):
    g = Game(playable("classic"), _players(n), seed=0, start=False)
    for seed in range(500):
        g.rng.seed(seed)
        got = [p.seat for p in _rank(g, list(g.players))]
        state = g.rng.getstate()
        g.rng.seed(seed)
        assert got == [p.seat for p in _rank_plainly(g, list(g.players))]
        assert g.rng.getstate() == state


def test_make_bot_makes_a_kind_it_made_before_the_same_way():
    first = [make_bot(kind, 5, 2, 0.5) for kind in ("basic", "easy", "random")]
    again = [make_bot(kind, 5, 2, 0.5) for kind in ("basic", "easy", "random")]
    for a, b, cls in zip(first, again, (BasicBot, EasyBot, RandomBot), strict=True):
        assert type(a) is type(b) is cls and a.name == b.name
    assert [b.name for b in again] == ["basic-3", "easy-3", "random-3"]
    assert again[0]._seed == 5 * 1009 + 2 and again[0].claim_attention == 0.5
    assert again[1].claim_attention == 1.0       # the share is the basic bot's only
    assert again[2].rng.random() == random.Random(5 * 1009 + 2).random()


def test_make_bot_follows_a_factory_put_in_place_of_a_kind(monkeypatch):
    make_bot("basic", 0, 0)
    monkeypatch.setitem(agents.BOTS, "basic", RandomBot)
    bot = make_bot("basic", 1, 0)
    assert type(bot) is RandomBot and bot.name == "basic-1"
    monkeypatch.undo()
    assert type(make_bot("basic", 1, 0)) is BasicBot
    monkeypatch.setitem(agents.BOTS, "newbot", RandomBot)
    make_bot("newbot", 0, 0)
    monkeypatch.undo()
    with pytest.raises(ValueError, match="unknown bot 'newbot'"):
        make_bot("newbot", 0, 0)


def test_others_are_the_living_players_in_turn_order_after_one():
    g = Game(playable("classic"), _players(4), seed=0, first=2, deal=False)
    assert [p.seat for p in g.order] == [2, 3, 0, 1]
    g.players[1].alive = False
    assert [q.seat for q in g.others(g.players[3])] == [0, 2]
    assert [q.seat for q in g.others(g.players[1])] == [2, 3, 0]     # a bankrupt player is still in the order


def test_a_copy_shares_the_window_sets_and_keeps_them():
    ed = playable("classic")
    g = Game(ed, _players(4), seed=3)
    clone = g.fork(11, rollout_bots(11, 4))     # the search bot's fork: GameState.copy_from
    assert clone.agent_windows == g.agent_windows == [frozenset({"after_landing", "between_turns"})] * 4
    assert all(a is b for a, b in zip(clone.agent_windows, g.agent_windows, strict=True))
    assert clone.agent_windows is not g.agent_windows
