"""The basic bot takes edition actions aimed at its own deeds when the action's `bot` hint
holds (BasicBot._edition_action): tests/fixtures/playable/own-deed-action.yaml gives classic a
dividend, once a turn, of a tenth of the price of an unmortgaged deed of the player's."""

from __future__ import annotations

from pathlib import Path

from magie.engine.agents import make_bot
from magie.engine.game.events import EventLog
from tests.game.helpers import cash, game, playable, turn

OWN = playable(str(Path(__file__).parents[1] / "fixtures" / "playable" / "own-deed-action.yaml"), ())


def test_the_basic_bot_takes_a_dividend_on_its_own_deed():
    log = EventLog(keep=None)
    g = game(OWN, {"ann": {"pos": 10, "owns": {"zhitnaya": 0, "riga_railway": 0},
                           "agent": make_bot("basic", 0, 0)},
                   "bob": {"owns": {"kursk_railway": 0}}}, dice=[(4, 6)], log=log)   # 10 -> 20
    turn(g, "ann")
    acts = [(e["action"], e["target"]) for e in log.events if e["e"] == "action"]
    # zhitnaya (60) fails the hint, bob's kursk_railway the action's `when`: riga, once a turn
    assert acts == [("dividend", "riga_railway")]
    assert cash(g) == {"ann": 1520, "bob": 1500}


def test_a_mortgaged_deed_or_a_hint_that_holds_for_none_gives_no_action():
    log = EventLog(keep=None)
    # ann cannot lift the mortgage (110) with 50: riga stays mortgaged
    g = game(OWN, {"ann": {"pos": 10, "cash": 50, "owns": {"zhitnaya": 0, "riga_railway": {"mortgaged": True}},
                           "agent": make_bot("basic", 0, 0)}, "bob": {}}, dice=[(4, 6)], log=log)
    turn(g, "ann")
    assert not any(e["e"] == "action" for e in log.events) and cash(g)["ann"] == 50
