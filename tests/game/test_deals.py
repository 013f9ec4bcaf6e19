"""Deals among any number of players: [002] 9/1.3 "a deal may involve any
number of players and any amount of property", with the player whose turn it is taking part;
classic keeps two-party trades ([000] 20.1: "a private deal with him for a sum agreed between
you"). A `Deal` names its proposer and legs (giver -> taker: deeds, cash, held cards); every
other party is asked (decision kind `deal`), all must accept, it is checked as a whole and
carried out at once."""

import pytest

from magie.engine.agents import Scripted
from magie.engine.agents.basic import BasicBot
from magie.engine.errors import IllegalDecision
from magie.engine.game.decisions import Deal, DealLeg, TradeOffer, decode_answer, encode_answer
from magie.engine.game.events import EventLog

from .helpers import edition, game, owner_of, player, space
from .test_biznespolia_support import bgame, bz

# A lacks dairy_farm (kolkhoz, B has it), B lacks confectionery (food industry, C has it),
# C lacks shoe_factory (light industry, A has it): the three-way swap completes all three groups.
SWAP = {
    "A": {"cash": 2000, "owns": {"poultry_farm": 0, "grain_elevator": 0, "shoe_factory": 0}},
    "B": {"cash": 2000, "owns": {"bakery": 0, "meat_plant": 0, "dairy_farm": 0}},
    "C": {"cash": 2000, "owns": {"sewing_factory": 0, "textile_mill": 0, "confectionery": 0}},
}


def _swap(g) -> Deal:
    """B gives A dairy_farm, C gives B confectionery, A gives C shoe_factory; A adds 100 to B."""
    ed = g.ed
    return Deal(0, (DealLeg(1, 0, deeds=(space(ed, "dairy_farm"),)),
                    DealLeg(2, 1, deeds=(space(ed, "confectionery"),)),
                    DealLeg(0, 2, deeds=(space(ed, "shoe_factory"),), cash=0),
                    DealLeg(0, 1, cash=100)))


def _scripted(name: str, *answers: str) -> Scripted:
    return Scripted(name=name, deal=list(answers))


def test_a_three_way_deal_accepted_by_all_moves_everything_at_once():
    states = {n: dict(st, agent=_scripted(n, "accept")) for n, st in SWAP.items()}
    g = bgame(states, first="A", log=EventLog())
    a, b, c = (player(g, n) for n in "ABC")
    deal = _swap(g)
    g.check_action(a, ("trade", deal), "before_roll")
    assert g.propose_trade(deal)
    assert owner_of(g, "dairy_farm") == "A" and owner_of(g, "confectionery") == "B"
    assert owner_of(g, "shoe_factory") == "C"
    assert (a.cash, b.cash, c.cash) == (1900, 2100, 2000)
    # each now owns a whole group: the deal completes all three
    assert [g.owned_in_group(p, grp) for p, grp in ((a, "kolkhoz"), (b, "food_industry"),
                                                      (c, "light_industry"))] == [3, 3, 3]
    kinds = [e["e"] for e in g.log.events]
    assert kinds[kinds.index("deal_offer"):].count("deed") == 3
    assert [e for e in g.log.events if e["e"] == "deal_accepted"][0]["parties"] == [0, 1, 2]
    assert states["B"]["agent"].asked[-1].kind == "deal" and states["C"]["agent"].asked[-1].kind == "deal"


def test_one_rejection_stops_the_deal_and_nothing_moves():
    # B accepts, C rejects: nothing changes hands, and the deal is over at C's no
    states = {"A": dict(SWAP["A"], agent=_scripted("A")), "B": dict(SWAP["B"], agent=_scripted("B", "accept")),
              "C": dict(SWAP["C"], agent=_scripted("C", "reject"))}
    g = bgame(states, first="A", log=EventLog())
    assert not g.propose_trade(_swap(g))
    assert owner_of(g, "dairy_farm") == "B" and owner_of(g, "shoe_factory") == "A"
    assert [p.cash for p in g.players] == [2000, 2000, 2000]
    rejected = [e for e in g.log.events if e["e"] == "deal_rejected"]
    assert [(e["proposer"], e["by"]) for e in rejected] == [(0, 2)]


def test_the_first_rejection_ends_the_asking():
    states = {"A": dict(SWAP["A"]), "B": dict(SWAP["B"], agent=_scripted("B", "reject")),
              "C": dict(SWAP["C"], agent=_scripted("C", "accept"))}
    g = bgame(states, first="A")
    assert not g.propose_trade(_swap(g))
    assert not states["C"]["agent"].asked          # C was never asked


@pytest.mark.parametrize("legs, reason", [
    # the same deed twice: checked as a whole, not leg by leg
    (lambda ed: (DealLeg(1, 0, deeds=(space(ed, "dairy_farm"),)), DealLeg(1, 2, deeds=(space(ed, "dairy_farm"),))),
     "twice"),
    # A gives 1,500 to B and 600 to C: each leg alone fits A's 2,000, together they do not
    (lambda ed: (DealLeg(0, 1, cash=1500), DealLeg(0, 2, cash=600), DealLeg(1, 0, deeds=(space(ed, "bakery"),))),
     "has only 2000"),
    # C is named in a leg that hands over nothing
    (lambda ed: (DealLeg(1, 0, deeds=(space(ed, "bakery"),)), DealLeg(0, 1, cash=10), DealLeg(2, 0)),
     "every party"),
    # B gives what C owns
    (lambda ed: (DealLeg(1, 0, deeds=(space(ed, "confectionery"),)), DealLeg(0, 2, cash=10)), "does not own"),
    (lambda ed: (DealLeg(1, 1, cash=10), DealLeg(0, 2, cash=10)), "themselves"),
])
def test_a_deal_is_refused_as_a_whole(legs, reason):
    g = bgame(dict(SWAP), first="A")
    deal = Deal(0, legs(g.ed))
    with pytest.raises(IllegalDecision, match=reason):
        g.check_action(player(g, "A"), ("trade", deal), "before_roll")


def test_the_proposer_must_take_part_and_be_the_current_player():
    g = bgame(dict(SWAP), first="A")
    deal = Deal(1, (DealLeg(1, 2, cash=10), DealLeg(2, 1, deeds=(space(g.ed, "confectionery"),))))
    with pytest.raises(IllegalDecision, match="proposer"):
        g.check_action(player(g, "A"), ("trade", deal), "before_roll")


OWN3 = {"A": {"owns": {"zhitnaya": 0}}, "B": {"owns": {"nagatinskaya": 0}}, "C": {"owns": {"varshavskoe": 0}}}


def test_classic_allows_two_parties_only():
    # [000] 20.1: "a private deal with him for a sum agreed between you"
    ed = edition("classic")
    assert ed.rules.trade_parties == 2 and bz().rules.trade_parties is None
    g = game(ed, OWN3)
    three = Deal(0, (DealLeg(0, 1, deeds=(space(ed, "zhitnaya"),)), DealLeg(1, 2, deeds=(space(ed, "nagatinskaya"),)),
                     DealLeg(2, 0, deeds=(space(ed, "varshavskoe"),))))
    with pytest.raises(IllegalDecision, match="at most 2 players"):
        g.check_action(player(g, "A"), ("trade", three), "before_roll")
    two = Deal(0, (DealLeg(0, 1, deeds=(space(ed, "zhitnaya"),)), DealLeg(1, 0, deeds=(space(ed, "nagatinskaya"),))))
    g.check_action(player(g, "A"), ("trade", two), "before_roll")       # two parties: legal
    # the other reading, selectable: more parties when the edition says so
    wide = edition("classic", rules={"trade": {"parties": 3}})
    g2 = game(wide, OWN3)
    g2.check_action(player(g2, "A"), ("trade", Deal(0, three.legs)), "before_roll")


def test_kept_cards_change_hands_in_a_deal():
    ed = edition("classic", rules={"trade": {"parties": 3}})
    g = game(ed, {"A": {"cash": 500}, "B": {"owns": {"zhitnaya": 0}, "script": {"deal": ["accept"]}},
                  "C": {"cards": ["chance_jail_free"], "script": {"deal": ["accept"]}}})
    a, b, c = g.players
    held = ("chance", "chance_jail_free")
    deal = Deal(0, (DealLeg(2, 0, cards=(held,)), DealLeg(1, 0, deeds=(space(ed, "zhitnaya"),)),
                    DealLeg(0, 1, cash=150), DealLeg(0, 2, cash=50)))
    g.check_action(a, ("trade", deal), "before_roll")
    assert g.propose_trade(deal)
    assert a.held_cards == [held] and not c.held_cards and owner_of(g, "zhitnaya") == "A"
    assert (a.cash, b.cash, c.cash) == (300, 1650, 1550)


def test_a_deal_is_saved_and_replayed_as_json():
    g = bgame(dict(SWAP), first="A")
    deal = _swap(g)
    data = encode_answer(("trade", deal))
    assert data[1] == {"deal": deal.to_json()}
    assert decode_answer(data) == ("trade", deal)
    from magie.engine.saves.reader import answer_problem as _answer_problem
    assert _answer_problem(data) is None
    assert "legs" in _answer_problem(["trade", {"deal": {"proposer": 0, "legs": 5}}])


def test_two_party_offers_keep_their_events_and_decision():
    # a TradeOffer is still asked as `trade` and logged as trade_offer/trade (golden logs unchanged)
    g = game(edition("classic"), {"A": {"owns": {"zhitnaya": 0}}, "B": {"script": {"trade": ["accept"]}}},
             log=EventLog())
    offer = TradeOffer(0, 1, give_deeds=(space(g.ed, "zhitnaya"),), get_cash=100)
    assert offer.legs[0] == DealLeg(0, 1, deeds=(space(g.ed, "zhitnaya"),))
    assert g.propose_trade(offer)
    assert [e["e"] for e in g.log.events if e["e"].startswith(("trade", "deal"))] == ["trade_offer", "trade"]


# ---------------------------------------------------------------- the basic bot
def test_the_basic_bot_accepts_a_fair_deal_and_rejects_an_unfair_one():
    g = bgame(dict(SWAP), first="A")
    bot = BasicBot()
    b, c = player(g, "B"), player(g, "C")
    deal = _swap(g)
    # B gets confectionery (completes its food industry, worth 2 x 160) for dairy_farm and 100
    assert bot.deal_balance(g, b, deal) == 312 and bot.ANSWERS["deal"](bot, g, _ask(g, b, deal)) == "accept"
    # C gets shoe_factory (2 x 100) for confectionery (160 + 30% + half its price, it completes
    # B's group): 88 short, so C rejects, and accepts once A adds the 88
    assert bot.deal_balance(g, c, deal) == -88 and bot.ANSWERS["deal"](bot, g, _ask(g, c, deal)) == "reject"
    topped = Deal(0, deal.legs + (DealLeg(0, 2, cash=88),))
    assert bot.ANSWERS["deal"](bot, g, _ask(g, c, topped)) == "accept"
    # C gives its confectionery (B's missing lot) for nothing: unfair to C
    robbed = Deal(0, (DealLeg(2, 1, deeds=(space(g.ed, "confectionery"),)), DealLeg(0, 1, cash=10)))
    assert bot.deal_balance(g, c, robbed) < 0 and bot.ANSWERS["deal"](bot, g, _ask(g, c, robbed)) == "reject"


def _ask(g, p, deal):
    from magie.engine.game.decisions import TRADE_OPTIONS, Decision
    return Decision("deal", p, TRADE_OPTIONS, offer=deal)


def test_the_basic_bot_proposes_the_three_way_swap_that_completes_its_group():
    # A lacks dairy_farm (B's), B lacks confectionery (C's), C lacks shoe_factory (A's): no
    # two-party trade completes anyone's group, the three-way one completes all three
    bots = {n: BasicBot(seed=i, name=n) for i, n in enumerate("ABC")}
    g = bgame({n: dict(st, agent=bots[n]) for n, st in SWAP.items()}, first="A", log=EventLog())
    a = player(g, "A")
    a.cash = 270          # too little to buy dairy_farm outright (115 and a reserve of 166)
    assert bots["A"]._propose(g, a, "before_roll", bots["A"].reserve(g)) is None
    deal = bots["A"]._propose_deal(g, a, "before_roll", bots["A"].reserve(g))
    assert isinstance(deal, Deal) and deal.parties == (0, 1, 2)
    assert deal.gives(0) == ((space(g.ed, "shoe_factory"),), 88, ())     # C's shortfall, paid by A
    assert g.propose_trade(deal)
    assert (a.cash, player(g, "C").cash) == (182, 2088)
    assert owner_of(g, "dairy_farm") == "A" and owner_of(g, "confectionery") == "B"
    assert owner_of(g, "shoe_factory") == "C"



def test_the_basic_bot_proposes_no_deal_where_two_parties_is_the_most():
    ed = bz(rules={"trade": {"parties": 2}})
    bot = BasicBot()
    g = bgame(dict(SWAP), ed=ed, first="A")
    assert bot._propose_deal(g, player(g, "A"), "before_roll", 0) is None
