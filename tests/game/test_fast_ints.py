"""The engine's cash sentinels are ints of one 30-bit digit, which CPython compares on its fast path
(`Player.wake` is compared with cash on every credit and manage window), and they still lie
beyond every cash of a real game: no cash is below WOKEN, none reaches NO_WAKE."""

from magie.engine.agents import make_bot
from magie.engine.game.decisions import NO_CALM
from magie.engine.game.game import Game
from magie.engine.game.player import NO_WAKE, WOKEN
from tests.game.helpers import playable


def test_the_sentinels_are_one_digit_ints_beyond_any_cash_played():
    assert -(1 << 30) < WOKEN < 0 < NO_WAKE < 1 << 30
    for value in (WOKEN, NO_WAKE, NO_CALM.version, NO_CALM.wake, NO_CALM.deeds, NO_CALM.turn):
        assert -(1 << 30) < value < 1 << 30
    g = Game(playable("classic"), [(f"b{i}", make_bot("basic", 3, i)) for i in range(4)], seed=3,
             max_rounds=300, check_invariants=True)
    most = 0
    while not g.over:
        g.play_turn()
        most = max(most, *(p.cash for p in g.players))
        assert all(WOKEN < p.cash for p in g.players)
    assert 0 < most < NO_WAKE
