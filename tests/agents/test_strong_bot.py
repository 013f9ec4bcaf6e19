"""The strong bot (the `hard` level): each heuristic from a forced position (classic edition,
[000] prices), and whole games that it plays legally and deterministically."""

from __future__ import annotations

import pytest

from magie.engine.agents import BasicBot, StrongBot, make_bot
from magie.engine.game.decisions import DONE, Decision, TradeOffer
from magie.engine.game.game import Game
from tests.game.helpers import edition, game, playable, player


def _sp(g, sid: str) -> int:
    return g.ed.space_index[sid]


def _trade(bot, g, who, offer) -> str:
    return bot.decide(g, Decision("trade", who, ("accept", "reject"), offer=offer))


def _manage(bot, g, who, window: str = "after_landing"):
    return bot.decide(g, Decision.of("manage", who, None, g, {"window": window, "more_rolls": False}))


def test_hard_is_the_strong_bot_and_keeps_a_quarter_of_the_basic_reserve():
    g = game(edition(), ["A", "B"])
    hard = make_bot("hard", 1, 0)
    assert isinstance(hard, StrongBot) and hard.name == "hard-1"
    assert BasicBot().reserve(g) == 1500 // 15 == 100
    assert hard.reserve(g) == 25
    built = game(edition(), {"A": {}, "B": {"owns": {"arbat": 4, "malaya_bronnaya": 4}}})
    assert BasicBot().reserve(built) == 100 + 8 * 20      # 1/75 of the start cash a house
    assert hard.reserve(built) == 260 // 4


def test_it_offers_the_least_cash_the_holders_measure_accepts_for_the_lot_completing_its_group():
    # A holds two of orange, B the third (200): B values it at 200 * 1.3 (it blocks A's group)
    # plus half its price for completing A's group: 260 + 100 = 360.
    g = game(edition(), {"A": {"cash": 1500, "owns": {"ryazansky": 0, "vavilova": 0}},
                         "B": {"cash": 1500, "owns": {"rublyovskoye": 0}}})
    a, b = player(g, "A"), player(g, "B")
    bot = StrongBot(name="A")
    act = _manage(bot, g, a)
    assert act == ("trade", TradeOffer(a.seat, b.seat, give_cash=360, get_deeds=(_sp(g, "rublyovskoye"),)))
    assert _trade(BasicBot(), g, b, act[1]) == "accept"
    cheaper = TradeOffer(a.seat, b.seat, give_cash=359, get_deeds=(_sp(g, "rublyovskoye"),))
    assert _trade(BasicBot(), g, b, cheaper) == "reject"
    assert _manage(bot, g, a) is DONE         # the same offer is not made again at once


def test_it_pays_in_spare_deeds_first_and_asks_the_difference_back():
    # B values Kursk Railway at 260 (it holds another railroad) and Polyanka at 140: after Kursk
    # 100 is still owed, after Polyanka B owes 40 back.
    g = game(edition(), {"A": {"cash": 1500, "owns": {"ryazansky": 0, "vavilova": 0, "kursk_railway": 0,
                                                      "polyanka": 0}},
                         "B": {"cash": 1500, "owns": {"rublyovskoye": 0, "riga_railway": 0}}})
    a, b = player(g, "A"), player(g, "B")
    act = _manage(StrongBot(name="A"), g, a)
    want = TradeOffer(a.seat, b.seat, give_deeds=(_sp(g, "kursk_railway"), _sp(g, "polyanka")),
                      get_deeds=(_sp(g, "rublyovskoye"),), get_cash=40)
    assert act == ("trade", want)
    assert _trade(BasicBot(), g, b, want) == "accept"
    greedy = TradeOffer(a.seat, b.seat, give_deeds=want.give_deeds, get_deeds=want.get_deeds, get_cash=41)
    assert _trade(BasicBot(), g, b, greedy) == "reject"


def test_it_refuses_a_trade_completing_another_players_group_that_the_basic_bot_takes():
    g = game(edition(), {"A": {"cash": 1500, "owns": {"rublyovskoye": 0}},
                         "B": {"cash": 1500, "owns": {"ryazansky": 0, "vavilova": 0}}})
    a, b = player(g, "A"), player(g, "B")
    rich = TradeOffer(b.seat, a.seat, give_cash=1000, get_deeds=(_sp(g, "rublyovskoye"),))
    assert _trade(BasicBot(), g, a, rich) == "accept"
    assert _trade(StrongBot(), g, a, rich) == "reject"
    # a trade completing nobody's group is judged by the basic bot's measure
    g2 = game(edition(), {"A": {"cash": 1500, "owns": {"polyanka": 0}}, "B": {"cash": 1500}})
    a2, b2 = player(g2, "A"), player(g2, "B")
    fair = TradeOffer(b2.seat, a2.seat, give_cash=140, get_deeds=(_sp(g2, "polyanka"),))
    assert _trade(StrongBot(), g2, a2, fair) == "accept"
    assert _trade(StrongBot(), g2, a2, TradeOffer(b2.seat, a2.seat, give_cash=139,
                                                  get_deeds=(_sp(g2, "polyanka"),))) == "reject"


def test_it_bids_the_smallest_step_up_to_twice_the_price_of_the_lot_completing_its_group():
    g = game(edition(), {"A": {"cash": 1500, "owns": {"ryazansky": 0, "vavilova": 0}}, "B": {}})
    a = player(g, "A")
    rub = _sp(g, "rublyovskoye")
    bot = StrongBot()

    def bid(lo: int):
        return bot.decide(g, Decision("bid", a, min=lo, max=None, price=None, high_bidder=None, space=rub))
    assert bid(10) == 10                      # the basic bot jumps to the middle of its range
    assert BasicBot().decide(g, Decision("bid", a, min=10, max=None, price=None, high_bidder=None,
                                         space=rub)) == 10 + (400 - 10) // 2
    assert bid(400) == 400
    assert bid(401) is None
    a.cash = 300                              # cash less half the reserve (12) is the limit
    assert bid(288) == 288 and bid(289) is None


def test_it_buys_keeping_half_its_reserve():
    g = game(edition(), {"A": {"cash": 212}, "B": {}})
    a = player(g, "A")
    d = Decision("buy", a, ("buy", "decline"), space=_sp(g, "rublyovskoye"), price=200)
    assert StrongBot().decide(g, d) == "buy"          # 12 left: half the reserve of 25
    assert BasicBot().decide(g, d) == "decline"        # below its reserve of 100
    a.cash = 211
    assert StrongBot().decide(g, d) == "decline"


def test_it_mortgages_a_spare_deed_to_build_on_its_whole_group():
    # Brown's house costs 50; A has 40 (its reserve is 25): Polyanka's mortgage (70) pays for it.
    g = game(edition(), {"A": {"cash": 40, "owns": {"zhitnaya": 0, "nagatinskaya": 0, "polyanka": 0}},
                         "B": {}})
    a = player(g, "A")
    bot = StrongBot()
    assert _manage(BasicBot(), g, a) is DONE
    act = _manage(bot, g, a)
    assert act == ("mortgage", _sp(g, "polyanka"))
    g.apply_action(a, act, "after_landing")
    assert a.cash == 110 and g.mortgaged[_sp(g, "polyanka")]
    assert _manage(bot, g, a) == ("build", _sp(g, "zhitnaya"))
    g.level[_sp(g, "zhitnaya")] = g.level[_sp(g, "nagatinskaya")] = 3    # at three houses it stops
    a.cash = 0
    g.mortgaged[_sp(g, "polyanka")] = False
    assert bot._fund(g, a, "after_landing") is None


@pytest.mark.parametrize("edition_id", ["quick", "classic", "biznespolia", "mega"])
def test_a_hard_bot_plays_a_whole_game_legally_and_as_a_function_of_its_seed(edition_id):
    ed = playable(edition_id)

    def play() -> Game:
        agents = [make_bot("hard" if i == 1 else "basic", 7, i) for i in range(4)]
        g = Game(ed, [(a.name, a) for a in agents], seed=7, record=True, check_invariants=True,
                 max_rounds=ed.end.max_rounds or 300)
        g.play()
        return g
    first, second = play(), play()
    assert first.over and first.end_reason == second.end_reason
    assert first.answers == second.answers and len(first.answers) > 100
    assert [p.name for p in first.winners] == [p.name for p in second.winners]


def test_on_a_stalled_table_it_swaps_lots_that_complete_a_group_for_each_side():
    # A cannot pay B's 360 for Rublyovskoye; Tverskaya completes B's red group, so B values it at
    # twice its price (440): a swap, with B paying back the 80 its measure leaves over.
    g = game(edition(), {"A": {"cash": 100, "owns": {"ryazansky": 0, "vavilova": 0, "tverskaya": 0}},
                         "B": {"cash": 1500, "owns": {"rublyovskoye": 0, "pushkinskaya": 0, "mayakovsky": 0}}})
    a, b = player(g, "A"), player(g, "B")
    bot = StrongBot(name="A")
    g.round = StrongBot.STALL_ROUNDS - 1
    assert _manage(bot, g, a) is DONE
    g.round = StrongBot.STALL_ROUNDS
    want = TradeOffer(a.seat, b.seat, give_deeds=(_sp(g, "tverskaya"),), get_deeds=(_sp(g, "rublyovskoye"),),
                      get_cash=80)
    assert _manage(bot, g, a) == ("trade", want)
    assert _trade(StrongBot(name="B"), g, b, want) == "accept"      # it completes a group of each
    assert _trade(BasicBot(), g, b, want) == "accept"
