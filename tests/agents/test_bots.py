"""The bots as units: each answer from a forced position (classic edition, [000] prices)."""

from __future__ import annotations

import pytest

from magie.engine.agents import BOTS, BasicBot, RandomBot, Scripted, make_bot
from magie.engine.game.decisions import DONE, Decision, TradeOffer
from tests.game.helpers import edition, game, player


def _sp(g, sid: str) -> int:
    return g.ed.space_index[sid]


def test_make_bot_names_and_seeds_bots_and_refuses_unknown_kinds():
    bot = make_bot("basic", seed=2, seat=1)
    assert isinstance(bot, BasicBot) and bot.name == "basic-2"
    assert set(BOTS) == {"easy", "basic", "hard", "search", "random"}
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")


def test_basic_buys_when_it_keeps_its_reserve_and_declines_when_not():
    g = game(edition(), {"A": {"cash": 1500}, "B": {}})
    a = player(g, "A")
    arbat = _sp(g, "arbat")
    bot = BasicBot()
    assert bot.decide(g, Decision("buy", a, ("buy", "decline"), space=arbat, price=400)) == "buy"
    a.cash = 420         # 20 left: below the reserve of 1500 // 15 = 100
    assert bot.decide(g, Decision("buy", a, ("buy", "decline"), space=arbat, price=400)) == "decline"
    assert bot.decide(g, Decision("buy", a, ("decline",), space=arbat, price=400)) == "decline"


def test_basic_raises_money_by_mortgaging_a_lone_deed_first():
    g = game(edition(), {"A": {"cash": 0, "owns": {"arbat": 0, "zhitnaya": 0, "nagatinskaya": 0}}, "B": {}})
    a = player(g, "A")
    d = Decision("raise", a, game=g, window="raise", amount=100, creditor=None, reason="tax")
    # zhitnaya and nagatinskaya are the whole brown group: arbat (alone in its group) goes first
    assert BasicBot().decide(g, d) == ("mortgage", _sp(g, "arbat"))


def test_basic_is_done_managing_with_nothing_to_do_and_pays_the_lower_tax():
    g = game(edition("classic", "income-tax-choice"), {"A": {"cash": 1500}, "B": {}})
    a = player(g, "A")
    bot = BasicBot()
    assert bot.decide(g, Decision.of("manage", a, None, g, {"window": "after_landing", "more_rolls": False})) == DONE
    tax = next(s.index for s in g.spaces if s.kind == "tax" and s.tax_alternative is not None)
    # 10% of 1500 (no deeds, no buildings) = 150 < the fixed 200
    assert bot.decide(g, Decision("tax", a, ("fixed", "alternative"), space=tax, fixed=200)) == "alternative"


def test_basic_accepts_a_fair_trade_and_rejects_a_gift_of_its_group():
    g = game(edition(), {"A": {"cash": 1500, "owns": {"zhitnaya": 0}},
                         "B": {"cash": 1500, "owns": {"nagatinskaya": 0}}})
    a, b = player(g, "A"), player(g, "B")
    bot = BasicBot()
    stingy = TradeOffer(a.seat, b.seat, give_cash=1, get_deeds=(_sp(g, "nagatinskaya"),))
    assert bot.decide(g, Decision("trade", b, ("accept", "reject"), offer=stingy)) == "reject"
    generous = TradeOffer(a.seat, b.seat, give_cash=600, get_deeds=(_sp(g, "nagatinskaya"),))
    assert bot.decide(g, Decision("trade", b, ("accept", "reject"), offer=generous)) == "accept"


def test_random_bids_within_bounds_or_passes_and_manages_with_legal_actions():
    g = game(edition(), {"A": {"cash": 300, "owns": {"arbat": 0}}, "B": {}})
    a = player(g, "A")
    bot = RandomBot(seed=5)
    for _ in range(50):
        bid = bot.decide(g, Decision("bid", a, min=10, max=300, price=None, high_bidder=None, space=0))
        assert bid is None or 10 <= bid <= 40
        d = Decision.of("manage", a, None, g, {"window": "before_roll", "more_rolls": False})
        act = bot.decide(g, d)
        if act[0] == "trade":
            assert g.trade_problem(act[1], "before_roll") is None
        else:
            assert act in d.options


def test_scripted_answers_in_order_then_defaults_and_records_what_it_was_asked():
    g = game(edition(), ["A", "B"])
    a = player(g, "A")
    bot = Scripted(buy=["buy"])
    assert bot.decide(g, Decision("buy", a, ("buy", "decline"))) == "buy"
    assert bot.decide(g, Decision("buy", a, ("buy", "decline"))) == "decline"
    assert bot.decide(g, Decision("place", a, [7, 9], optional=True)) == 7
    assert [d.kind for d in bot.asked] == ["buy", "buy", "place"] and bot.left() == {}


def test_basic_pays_a_creditor_partly_in_a_lone_deed_rather_than_mortgage_it():
    # [000] 23.1: A (10 cash, Ogaryova Street alone of light blue) throws 2 + 4 from the jail
    # corner onto B's Ryazansky Prospekt: rent 14. Mortgaging Ogaryova would raise 50; the basic
    # bot offers the deed to B at its price, 100, and B's basic bot accepts (worth 100 to it).
    from tests.game.helpers import cash, owner_of, turn
    g = game(edition(), {"A": {"cash": 10, "pos": "jail", "owns": {"ogaryova": 0}, "agent": BasicBot(name="A")},
                         "B": {"cash": 1000, "owns": {"ryazansky": 0}, "agent": BasicBot(name="B")}},
             dice=[(2, 4)], first="A")
    turn(g, "A")
    assert owner_of(g, "ogaryova") == "B" and not g.mortgaged[_sp(g, "ogaryova")]
    assert cash(g) == {"A": 10 + 100 - 14, "B": 1000 - 100 + 14}


def test_basic_mortgages_when_the_deed_would_complete_the_creditors_group():
    # the same throw, but B holds the rest of light blue: the deed is not offered, A mortgages it
    from tests.game.helpers import cash, owner_of, turn
    g = game(edition(), {"A": {"cash": 10, "pos": "jail", "owns": {"ogaryova": 0}, "agent": BasicBot(name="A")},
                         "B": {"cash": 1000, "owns": {"ryazansky": 0, "varshavskoe": 0, "first_parkovaya": 0},
                               "agent": BasicBot(name="B")}},
             dice=[(2, 4)], first="A")
    turn(g, "A")
    assert owner_of(g, "ogaryova") == "A" and g.mortgaged[_sp(g, "ogaryova")]
    assert cash(g) == {"A": 10 + 50 - 14, "B": 1000 + 14}


def test_basic_makes_its_generator_on_first_use_with_the_draws_of_its_seed():
    import random

    bot = BasicBot(7, claim_attention=0.5)
    assert bot._rng is None                        # a game that never draws does not seed it
    want = random.Random(7)
    assert [bot._claim_rent() for _ in range(20)] == [want.random() < 0.5 for _ in range(20)]
    assert bot.rng is bot.rng
    assert BasicBot(7)._claim_rent() and BasicBot(7)._rng is None   # attention 1: no draw


def test_basic_bids_by_the_deeds_value_as_it_is_at_each_round():
    """The basic bot bids half way from the minimum to what the deed is worth to it (its price;
    twice that once it holds the rest of the group): the value kept from an earlier round of the
    auction is not used once a deed changed hands."""
    g = game(edition(), {"A": {"cash": 1500}, "B": {}})
    a = player(g, "A")
    arbat = _sp(g, "arbat")
    (other,) = [j for j in g.ed.groups[g.spaces[arbat].group_index].spaces if j != arbat]
    bot = BasicBot()

    def bid(lo):
        return bot.decide(g, Decision("bid", a, min=lo, max=1500, price=None, high_bidder=None, space=arbat))

    price = g.spaces[arbat].price
    assert bid(10) == 10 + (price - 10) // 2
    assert bid(20) == 20 + (price - 20) // 2               # a later round: the same value
    g.set_owner(other, a)
    assert bid(20) == 20 + (2 * price - 20) // 2           # completes A's group: worth twice
