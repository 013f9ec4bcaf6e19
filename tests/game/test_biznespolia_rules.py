"""Biznespolia's rules ([002]; digest ../shared/rules/biznespolia.md; our readings in
docs/editions/biznespolia.md): the board, one scenario per rule with forced dice and exact
states, the introductory lap, the short board and the start-auction overlay. The cards are in
test_biznespolia_cards.py, the court in test_biznespolia_court.py."""

import pytest

from magie.engine.agents import Scripted
from magie.engine.errors import IllegalDecision
from magie.engine.game.decisions import TradeOffer
from magie.engine.game.dice import ForcedDice
from magie.engine.game.game import Game

from .helpers import cash, deck_ids, owner_of, player, space, stack, turn
from .test_biznespolia_support import START_CASH, Recorder, bgame, bz, short

KOLKHOZ = {"poultry_farm": 0, "dairy_farm": 0, "grain_elevator": 0}


# ---------------------------------------------------------------- the board (our design)
def test_the_board_has_four_avenues_of_ten_between_the_corners():
    ed = bz()
    assert len(ed.spaces) == 44
    assert [ed.spaces[i].kind for i in (0, 11, 22, 33)] == ["start", "jail", "free_parking", "go_to_jail"]
    assert ed.spaces[11].cells == 3
    for avenue in range(4):
        kinds = [ed.spaces[i].kind for i in range(avenue * 11 + 1, avenue * 11 + 11)]
        assert sorted(kinds) == sorted(["street"] * 6 + ["railroad", "utility", "card", "card"])
    assert not [s for s in ed.spaces if s.kind == "tax"]            # D3a: no fine squares


def test_industries_of_three_lots_with_office_costs_by_avenue():
    ed = bz()
    colour = [g for g in ed.groups if g.buildable]
    assert len(colour) == 8 and all(len(g.spaces) == 3 for g in colour)
    for g in colour:
        avenue = g.spaces[0] // 11 + 1
        assert all(i // 11 + 1 == avenue for i in g.spaces)
        assert g.house_cost == g.hotel_cost == 50 * avenue          # r8.1; a business centre: one more office
    for s in ed.deeds():
        assert s.mortgage * 2 == s.price                           # 9/1.1: half the price


def test_shopping_centres_and_utility_services_are_industries_of_four():
    ed = bz()
    shops = [ed.spaces[i] for i in ed.group_by_id["shopping_centres"].spaces]
    assert [s.name["ru"] for s in shops] == ["ТЦ Северный", "ТЦ Восточный", "ТЦ Южный", "ТЦ Западный"]
    assert all(s.kind == "railroad" and s.rent == (25, 50, 100, 200) for s in shops)
    services = [ed.spaces[i] for i in ed.group_by_id["utility_services"].spaces]
    assert [s.id for s in services] == ["water", "electricity", "gas", "heating"]
    assert all(s.kind == "utility" and s.rent == (4, 10, 20, 30) for s in services)   # D14


def test_names_in_both_languages_and_the_currency_is_the_bin():
    ed = bz()
    assert all(s.name.get("en") and s.name.get("ru") for s in ed.spaces)
    assert all(g.name.get("en") and g.name.get("ru") for g in ed.groups)
    assert ed.currency.show(450) == "450 β" and ed.setup.start_cash == START_CASH
    assert [s.id for s in ed.spaces if s.kind == "card"] == [f"notice_{c}" for c in "abcdefgh"]
    assert {s.deck for s in ed.spaces if s.kind == "card"} == {"notice"}


# ---------------------------------------------------------------- salary (D1, r5)
@pytest.mark.parametrize("owns, salary", [
    ({}, 450),
    ({"sc_north": 0}, 400),                                         # a lone shopping centre is an industry
    ({"sc_north": 0, "poultry_farm": 0, "dairy_farm": 0}, 350),     # two lots of one industry count once
    ({"sc_north": 0, "poultry_farm": 0, "water": 0, "central_bank": 0}, 250),
])
def test_salary_is_450_minus_50_per_industry(owns, salary):
    g = bgame({"A": {"pos": "central_bank", "cash": 1000, "owns": owns}, "B": {}}, dice=[(2, 4)], first="A")
    turn(g)      # 43 -> 5 (sc_north: A's own, or declined and left unsold)
    assert cash(g) == {"A": 1000 + salary, "B": START_CASH}
    assert player(g, "A").pos == space(g.ed, "sc_north")


def test_the_source_example_three_industries_bring_300_a_mortgaged_lot_counts():
    # r5.4: lots of three industries; 5.3: mortgaged or not. Then the lap end's mortgage decision
    owns = {"poultry_farm": 0, "dairy_farm": 0, "sc_north": {"mortgaged": True}, "water": 0}
    g = bgame({"A": {"pos": "central_bank", "cash": 1000, "owns": owns, "script": {"redeem": ["redeem"]}},
               "B": {}}, dice=[(1, 3)], first="A")
    turn(g)
    # 450 - 3 x 50 = 300, then the mortgage is redeemed: 100 + 10% = 110 (G13)
    assert cash(g) == {"A": 1000 + 300 - 110, "B": START_CASH}
    assert owner_of(g, "sc_north") == "A" and not g.mortgaged[space(g.ed, "sc_north")]
    assert [d.kind for d in g.agents[0].asked if d.kind == "redeem"] == ["redeem"]


def test_a_negative_salary_is_paid_to_the_bank():
    # G5: lots in all ten industries: 450 - 500 = -50
    ten = ["poultry_farm", "sewing_factory", "bakery", "brickworks", "newspaper", "ore_mine",
           "oil_well", "savings_bank", "sc_north", "water"]
    g = bgame({"A": {"pos": "central_bank", "cash": 100, "owns": dict.fromkeys(ten, 0)}, "B": {}},
              dice=[(2, 4)], first="A")
    turn(g)
    assert cash(g) == {"A": 50, "B": START_CASH}


def test_the_lap_is_settled_before_the_notice_card_reached_by_passing_start():
    # r6.1: 650 + 450 = 1100, then inflation takes 200 per whole 1000 (card 3): 900.
    # Drawn first, the card would take nothing (650 < 1000) and A would end with 1100.
    g = bgame({"A": {"pos": "central_bank", "cash": 650}, "B": {}}, dice=[(1, 2)], first="A")
    stack(g, "notice", "notice_03")
    turn(g)
    assert cash(g) == {"A": 900, "B": START_CASH}
    assert player(g, "A").pos == space(g.ed, "notice_a")


# ---------------------------------------------------------------- rent
@pytest.mark.parametrize("others, multiplier", [
    ([], 4), (["water"], 10), (["water", "gas"], 20), (["water", "gas", "heating"], 30)])
def test_utility_multipliers_4_10_20_30(others, multiplier):
    owns = dict.fromkeys(["electricity", *others], 0)
    g = bgame({"A": {"pos": "jail"}, "B": {"owns": owns}}, dice=[(3, 4)], first="A")
    turn(g)
    assert cash(g) == {"A": START_CASH - 7 * multiplier, "B": START_CASH + 7 * multiplier}
    assert player(g, "A").pos == space(g.ed, "electricity") and g.dice.left == 0


def test_shopping_centre_rent_by_how_many_the_owner_has():
    g = bgame({"A": {"pos": "jail"}, "B": {"owns": {"sc_north": 0, "sc_east": 0, "sc_south": 0}}},
              dice=[(2, 3)], first="A")
    turn(g)
    assert cash(g) == {"A": START_CASH - 100, "B": START_CASH + 100}


def test_double_rent_on_a_whole_unbuilt_industry():
    # G40 (classic fallback); A also passes start: 450
    g = bgame({"A": {"pos": "central_bank"}, "B": {"owns": KOLKHOZ}}, dice=[(2, 3)], first="A")
    turn(g)
    assert cash(g) == {"A": START_CASH + 450 - 8, "B": START_CASH + 8}


def test_no_rent_on_a_mortgaged_lot():
    # 9.3': a mortgaged lot owes the owner nothing
    g = bgame({"A": {"pos": "jail"}, "B": {"owns": {"electricity": {"mortgaged": True}}}},
              dice=[(3, 4)], first="A")
    turn(g)
    assert cash(g) == {"A": START_CASH, "B": START_CASH}


# ---------------------------------------------------------------- building (D9, r8)
def test_at_most_two_offices_per_turn_extra_moves_from_doubles_included():
    rec = Recorder()
    owns = {**KOLKHOZ, "tv_channel": 0, "gas": 0}
    g = bgame({"A": {"pos": "parking", "cash": 1000, "owns": owns,
                     "agent": Scripted(rec, name="A", manage=[("build", 1), ("build", 3)])},
               "B": {"pos": "jail", "owns": {"sc_east": 0}}},
              dice=[(2, 2), (1, 2), (2, 3), (3, 4)], first="A")
    turn(g)      # builds two before the roll; a double (tv_channel), then gas: no third office
    a = player(g, "A")
    assert [w for w, _ in rec.windows] == ["before_roll", "after_landing", "after_landing"]
    assert all(o[0] != "build" for _, opts in rec.windows for o in opts)
    with pytest.raises(IllegalDecision, match="at most 2 buildings per turn"):
        g.check_action(a, ("build", 4), "after_landing")
    assert [g.level[i] for i in (1, 3, 4)] == [1, 1, 0] and a.cash == 900
    assert a.pos == space(g.ed, "gas")
    turn(g)      # B
    g.agents[0].answers["manage"] = [("build", 4), ("build", 1)]
    turn(g)      # A's next turn: two more
    assert [g.level[i] for i in (1, 3, 4)] == [2, 1, 1] and a.cash == 800
    assert g.dice.left == 0


def test_no_office_while_a_lot_of_the_industry_is_mortgaged():
    g = bgame({"A": {"cash": 1000, "owns": {**KOLKHOZ, "dairy_farm": {"mortgaged": True}}}, "B": {}},
              first="A")
    a = player(g, "A")
    with pytest.raises(IllegalDecision, match="dairy_farm in the group is mortgaged"):
        g.check_action(a, ("build", 1), "before_roll")
    g.apply_action(a, ("unmortgage", 3), "before_roll")       # 30 + 10% = 33
    g.apply_action(a, ("build", 1), "before_roll")
    assert a.cash == 1000 - 33 - 50 and g.level[1] == 1


def test_no_offices_on_shopping_centres_or_utility_services():
    g = bgame({"A": {"owns": {"sc_north": 0, "sc_east": 0, "sc_south": 0, "sc_west": 0, "water": 0}},
               "B": {}}, first="A")
    for sid in ("sc_north", "water"):
        with pytest.raises(IllegalDecision, match="not a lot that takes buildings"):
            g.check_action(player(g, "A"), ("build", space(g.ed, sid)), "before_roll")


@pytest.mark.parametrize("lots, office", [
    (("poultry_farm", "dairy_farm", "grain_elevator"), 50),
    (("bakery", "meat_plant", "confectionery"), 100),
    (("newspaper", "radio_station", "tv_channel"), 150),
    (("oil_well", "oil_pipeline", "oil_refinery"), 200)])
def test_offices_cost_50_100_150_200_by_avenue_and_close_for_half(lots, office):
    g = bgame({"A": {"cash": 1000, "owns": dict.fromkeys(lots, 0)}, "B": {}}, first="A")
    a = player(g, "A")
    i = space(g.ed, lots[0])
    g.apply_action(a, ("build", i), "before_roll")
    assert a.cash == 1000 - office and g.level[i] == 1
    g.apply_action(a, ("sell", i), "before_roll")
    assert a.cash == 1000 - office + office // 2 and g.level[i] == 0


def test_a_business_centre_replaces_four_offices_for_one_more_office():
    # l. 51, G17: the lot's four offices plus one office price, five in all; it closes for half
    g = bgame({"A": {"cash": 1000, "owns": dict.fromkeys(KOLKHOZ, 4)}, "B": {}}, first="A")
    a = player(g, "A")
    g.apply_action(a, ("build", 1), "before_roll")
    assert a.cash == 950 and g.level[1] == 5
    assert g.hotels_of(a) == 1 and g.houses_of(a) == 8 and g.building_costs(a) == 5 * 50 + 8 * 50
    g.apply_action(a, ("sell", 1), "before_roll")            # back to four offices
    assert a.cash == 975 and g.level[1] == 4


def test_building_is_even_within_an_industry():
    g = bgame({"A": {"cash": 1000, "owns": {"poultry_farm": 1, "dairy_farm": 0, "grain_elevator": 0}},
               "B": {}}, first="A")
    with pytest.raises(IllegalDecision, match="build evenly"):
        g.check_action(player(g, "A"), ("build", 1), "before_roll")


# ---------------------------------------------------------------- mortgage and sale to the bank (D8, 9/1)
def test_mortgage_pays_half_and_a_lot_mortgaged_before_the_roll_is_decided_at_that_lap_end():
    # G14: mortgaged at step 3.1, the pawn crosses start at 3.3 in the same turn
    g = bgame({"A": {"pos": "central_bank", "cash": 1000, "owns": {"savings_bank": 0, "sc_north": 0},
                     "script": {"manage": [("mortgage", 39)], "redeem": ["redeem"]}}, "B": {}},
              dice=[(2, 4)], first="A")
    turn(g)
    # +175 (half of 350); salary 450 - 2 x 50; redeem 175 + 17.5 rounded up = 193
    assert cash(g) == {"A": 1000 + 175 + 350 - 193, "B": START_CASH}
    assert owner_of(g, "savings_bank") == "A" and not g.mortgaged[39]


def test_at_the_lap_end_the_bank_takes_a_mortgaged_lot_not_redeemed_and_sells_it_again():
    g = bgame({"A": {"pos": "commercial_bank", "cash": 1000,
                     "owns": {"savings_bank": {"mortgaged": True}, "sc_north": 0}},
               "B": {"pos": "oil_pipeline", "script": {"buy": ["buy"]}}},
              dice=[(2, 4), (1, 2)], first="A")
    turn(g)                                        # A: 41 -> 3 (dairy_farm, declined, unsold)
    assert cash(g) == {"A": 1000 + 350, "B": START_CASH}       # two industries at the lap end
    assert owner_of(g, "savings_bank") is None and not g.mortgaged[39]
    turn(g)                                        # B: 36 -> 39, buys the lot the bank took (G15)
    assert owner_of(g, "savings_bank") == "B" and cash(g)["B"] == START_CASH - 350


def test_a_lot_is_sold_to_the_bank_for_half_its_price():
    g = bgame({"A": {"cash": 100, "owns": {"central_bank": 0}}, "B": {}}, first="A")
    a = player(g, "A")
    g.apply_action(a, ("sell_deed", 43), "before_roll")
    assert a.cash == 300 and owner_of(g, "central_bank") is None and not a.deeds


def test_no_lot_of_an_industry_with_offices_is_sold_mortgaged_or_traded():
    # 9/1.4: close every office of the industry first
    g = bgame({"A": {"cash": 100, "owns": {"poultry_farm": 1, "dairy_farm": 1, "grain_elevator": 0}},
               "B": {}}, first="A")
    a = player(g, "A")
    for act in (("sell_deed", 4), ("mortgage", 4), ("trade", TradeOffer(0, 1, give_deeds=(4,), get_cash=10))):
        with pytest.raises(IllegalDecision, match="buildings"):
            g.check_action(a, act, "before_roll")


# ---------------------------------------------------------------- auction (D11, D12, 9/1.4)
def test_a_declined_lot_is_auctioned_from_half_its_price():
    g = bgame({"A": {"pos": "heating"}, "B": {"script": {"bid": [200]}}, "C": {}},
              dice=[(1, 2)], first="A")
    turn(g)
    bids = [(d.player.name, d.min, d.max) for ag in g.agents for d in ag.asked if d.kind == "bid"]
    # bidding starts after the decliner, who may bid too (G20); bids are not capped at cash;
    # before the sale the rivals are asked once more (9/1.4, auction.reask)
    assert sorted(bids) == [("A", 201, None), ("A", 201, None), ("B", 200, None), ("C", 201, None),
                            ("C", 201, None)]
    assert owner_of(g, "central_bank") == "B"
    assert cash(g) == {"A": START_CASH, "B": START_CASH - 200, "C": START_CASH}


@pytest.mark.parametrize("reask, winner, price", [(True, "C", 250), (False, "B", 200)])
def test_the_last_bidder_asks_the_rivals_again_before_buying(reask, winner, price):
    # [002] 9/1.4: the last remaining bidder "must ask the rivals again whether they object to
    # his buying at the named sum or want to name their own": C passed, then names 250 when
    # asked again and buys; without the re-ask B buys at 200
    ed = bz(rules={"auction": {"reask": reask}})
    g = bgame({"A": {"pos": "heating"}, "B": {"script": {"bid": [200]}}, "C": {"script": {"bid": [None, 250]}}},
              dice=[(1, 2)], first="A", ed=ed)
    turn(g)
    assert owner_of(g, "central_bank") == winner
    assert cash(g)[winner] == START_CASH - price


def test_a_winning_bid_that_cannot_be_paid_is_bankruptcy():
    # 9/1.4: bids beyond one's cash stand; the winner must raise the sum or go bankrupt
    g = bgame({"A": {"pos": "heating"}, "B": {"cash": 150, "owns": {"poultry_farm": 0},
                                             "script": {"bid": [300]}}, "C": {}},
              dice=[(1, 2)], first="A")
    turn(g)
    b = player(g, "B")
    assert not b.alive and not b.deeds and not g.over
    assert owner_of(g, "central_bank") is None and owner_of(g, "poultry_farm") is None
    assert cash(g) == {"A": START_CASH, "B": 0, "C": START_CASH}


# ---------------------------------------------------------------- trades (9/1.3, 9.2')
def test_only_the_player_whose_turn_it_is_manages_and_proposes():
    recs = {n: Recorder() for n in "ABC"}
    g = bgame({n: {"agent": Scripted(recs[n], name=n), "pos": "jail"} for n in "ABC"},
              dice=[(2, 3)], first="A")
    turn(g)
    assert [w for w, _ in recs["A"].windows] == ["before_roll", "after_landing"]
    assert recs["B"].windows == [] and recs["C"].windows == []


def test_the_current_player_cannot_arrange_a_deal_between_two_others():
    g = bgame({"A": {}, "B": {"owns": {"poultry_farm": 0}}, "C": {}}, first="A")
    with pytest.raises(IllegalDecision):
        g.check_action(player(g, "A"), ("trade", TradeOffer(1, 2, give_deeds=(1,), get_cash=50)), "before_roll")


def test_no_deal_while_a_payment_is_owed():
    # 9.2': A owes 50 rent with 10 in hand; each time a deal is refused and A mortgages instead
    tried = []

    def debtor(g, d):
        if d.kind == "raise":
            offer = TradeOffer(0, 1, give_deeds=(space(g.ed, "poultry_farm"),), get_cash=100)
            try:
                g.check_action(d.player, ("trade", offer), "raise")
            except IllegalDecision as exc:
                tried.append(exc.reason)
        return Scripted().decide(g, d)

    g = bgame({"A": {"pos": "savings_bank", "cash": 10, "owns": {"poultry_farm": 0, "dairy_farm": 0},
                     "agent": Scripted(debtor, name="A")},
               "B": {"owns": {"central_bank": 0}}}, dice=[(1, 3)], first="A")
    turn(g)      # 39 -> 43: rent 50; A mortgages poultry_farm (+30), dairy_farm (+30) and pays
    assert tried == ["no trades while a payment is owed"] * 2
    assert cash(g) == {"A": 10 + 30 + 30 - 50, "B": START_CASH + 50}
    assert g.mortgaged[1] and g.mortgaged[3] and owner_of(g, "poultry_farm") == "A"


# ---------------------------------------------------------------- jail (D6, D7, 9.2, 9.3)
def test_arrested_sends_straight_to_jail_and_ends_the_turn():
    g = bgame({"A": {"pos": "steelworks"}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    a = player(g, "A")
    assert a.in_jail and a.pos == space(g.ed, "jail") and a.cash == START_CASH and g.dice.left == 0


def test_three_cells_two_missed_turns_then_free_on_the_last_cell():
    g = bgame({"A": {"jail": True},
               "B": {"pos": "jail", "owns": {"sc_east": 0, "housing_works": 0, "electricity": 0}}},
              dice=[(1, 2), (2, 3), (1, 3), (2, 3), (3, 4)], first="A")
    a = player(g, "A")
    turn(g)                    # cell 1 -> 2: no double
    assert a.in_jail and a.pos == 11 and a.jail_attempts == 1
    turn(g)                    # B: 11 -> 16
    turn(g)                    # cell 2 -> 3: no double
    assert a.in_jail and a.pos == 11 and a.free_next_turn and a.cash == START_CASH
    turn(g)                    # B: 16 -> 21
    turn(g)                    # A leaves free from the last cell and moves 7: 11 -> 18 (B's)
    assert not a.in_jail and a.pos == space(g.ed, "electricity")
    assert cash(g) == {"A": START_CASH - 4 * 7, "B": START_CASH + 4 * 7}
    assert len([d for d in g.agents[0].asked if d.kind == "jail"]) == 2 and g.dice.left == 0


def test_a_double_frees_and_moves_without_another_roll():
    g = bgame({"A": {"jail": 1, "owns": {"brickworks": 0}}, "B": {}}, dice=[(3, 3)], first="A")
    turn(g)
    a = player(g, "A")
    assert not a.in_jail and a.pos == space(g.ed, "brickworks") and g.dice.left == 0
    assert g.order[g.turn_idx].name == "B" and a.cash == START_CASH


def test_leaving_jail_by_paying_200():
    g = bgame({"A": {"jail": 0, "script": {"jail": ["pay"]}, "owns": {"brickworks": 0}}, "B": {}},
              dice=[(2, 4)], first="A")
    turn(g)
    a = player(g, "A")
    assert not a.in_jail and a.cash == START_CASH - 200 and a.pos == space(g.ed, "brickworks")


def test_leaving_jail_with_the_good_lawyer_card_which_returns_to_the_deck():
    g = bgame({"A": {"jail": 0, "cards": ["notice_14"], "script": {"jail": ["card"]},
                     "owns": {"brickworks": 0}}, "B": {}}, dice=[(2, 4)], first="A")
    turn(g)
    a = player(g, "A")
    assert not a.in_jail and a.cash == START_CASH and a.held_cards == []
    assert deck_ids(g, "notice")[-1] == "notice_14" and len(g.decks["notice"]) == 34


def test_the_third_double_in_a_row_goes_to_jail():
    g = bgame({"A": {"pos": "start", "owns": {"grain_elevator": 0, "shoe_factory": 0}}, "B": {}},
              dice=[(2, 2), (2, 2), (1, 1)], first="A")
    turn(g)
    a = player(g, "A")
    assert a.in_jail and a.pos == 11 and g.dice.left == 0


def test_a_jailed_owner_collects_rent():
    g = bgame({"A": {"pos": "jail"}, "B": {"jail": 0, "owns": {"sc_east": 0}}}, dice=[(2, 3)], first="A")
    turn(g)
    assert cash(g) == {"A": START_CASH - 25, "B": START_CASH + 25}


# ---------------------------------------------------------------- bankruptcy (9.3', G35)
def test_a_player_who_cannot_pay_rent_the_owner_gets_the_shortfall_from_the_bank():
    owns_b = {"savings_bank": 4, "commercial_bank": 4, "central_bank": 4}       # rent 1700
    g = bgame({"A": {"pos": "heating", "cash": 100, "owns": {"poultry_farm": 0}},
               "B": {"owns": owns_b}, "C": {}}, dice=[(1, 2)], first="A")
    turn(g)
    a = player(g, "A")
    assert not a.alive and not g.over
    assert cash(g) == {"A": 0, "B": START_CASH + 1700, "C": START_CASH}
    # the lots go back to the bank unowned, without an auction
    assert owner_of(g, "poultry_farm") is None and not a.deeds
    assert not [d for ag in g.agents for d in ag.asked if d.kind == "bid"]


def test_bankrupt_to_the_bank_the_lots_return_unowned_without_auction():
    g = bgame({"A": {"pos": "housing_works", "cash": 10, "owns": {"poultry_farm": 0}}, "B": {}, "C": {}},
              dice=[(1, 2)], first="A")
    stack(g, "notice", "notice_24")       # 21 -> 24: an 80 fine, no insurance clause
    turn(g)
    a = player(g, "A")
    assert not a.alive and owner_of(g, "poultry_farm") is None and not g.over
    assert cash(g) == {"A": 0, "B": START_CASH, "C": START_CASH}
    assert not [d for ag in g.agents for d in ag.asked if d.kind == "bid"]


# ---------------------------------------------------------------- order of play (r1.a)
def test_players_play_in_the_order_of_their_opening_rolls():
    ed = bz()
    agents = [(n, Scripted(name=n)) for n in "ABC"]
    g = Game(ed, agents, dice=ForcedDice([(5, 5), (1, 2), (3, 3)]), deal=False)
    assert [p.name for p in g.order] == ["A", "C", "B"]        # seating would give A, B, C


# ---------------------------------------------------------------- the introductory lap (D4b, r6.2, 9.2)
def test_intro_lap_doubles_give_no_extra_move():
    g = bgame({"A": {"intro": True, "owns": {"grain_elevator": 0}}, "B": {}}, dice=[(2, 2)], first="A")
    turn(g)
    a = player(g, "A")
    assert a.pos == 4 and a.intro and a.doubles == 0 and g.dice.left == 0
    assert g.order[g.turn_idx].name == "B"


def test_intro_lap_a_notice_gives_another_move_and_no_card():
    g = bgame({"A": {"intro": True, "owns": {"water": 0}}, "B": {}}, dice=[(1, 1), (2, 3)], first="A")
    before = deck_ids(g, "notice")
    turn(g)
    a = player(g, "A")
    assert a.pos == space(g.ed, "water") and a.cash == START_CASH
    assert deck_ids(g, "notice") == before and g.dice.left == 0


def test_intro_lap_arrested_gives_another_move_and_no_jail():
    g = bgame({"A": {"intro": True, "pos": "ore_mine", "owns": {"oil_pipeline": 0}}, "B": {}},
              dice=[(2, 3), (1, 2)], first="A")
    turn(g)
    a = player(g, "A")
    assert not a.in_jail and a.pos == space(g.ed, "oil_pipeline") and g.dice.left == 0


def test_intro_lap_extra_moves_chain():
    g = bgame({"A": {"intro": True, "owns": {"sc_east": 0}}, "B": {}},
              dice=[(1, 1), (3, 4), (1, 3), (1, 2)], first="A")
    turn(g)      # 0 -> 2 notice_a -> 9 notice_b -> 13 notice_c -> 16 sc_east
    assert player(g, "A").pos == 16 and g.dice.left == 0


def test_intro_lap_ends_at_start_which_is_settled_and_the_next_notice_draws():
    g = bgame({"A": {"intro": True, "pos": "heating"}, "B": {}}, dice=[(2, 4)], first="A")
    stack(g, "notice", "notice_22")
    turn(g)      # 40 -> 2: the lap ends (450), then notice_a draws the kickback (50)
    a = player(g, "A")
    assert not a.intro and a.cash == START_CASH + 450 + 50 and a.pos == 2


def test_after_the_intro_lap_doubles_count_again():
    g = bgame({"A": {"intro": True, "pos": "heating", "owns": {"sewing_factory": 0}}, "B": {"pos": "jail"}},
              dice=[(2, 2), (1, 2), (3, 3), (2, 3)], first="A")
    turn(g)      # 40 + 4 = start: the lap ends (450 - 50); that double gave no extra move
    a = player(g, "A")
    assert a.pos == 0 and not a.intro and a.cash == START_CASH + 400 and g.order[g.turn_idx].name == "B"
    turn(g)      # B: 11 -> 14 (meat_plant, declined, unsold)
    turn(g)      # A: (3, 3) -> 6 sewing_factory, a double: again (2, 3) -> 11
    assert a.pos == 11 and g.dice.left == 0


# ---------------------------------------------------------------- the short board (r5.2, r8.2)
def test_short_board_salary_400_minus_50_per_industry():
    ed = short()
    g = bgame({"A": {"pos": "commercial_bank", "cash": 1000, "owns": {"poultry_farm": 0}}, "B": {}},
              ed=ed, dice=[(1, 1), (2, 3)], first="A")
    turn(g)      # 34 + 2 = start (350), a double: 0 + 5 = sc_north (unowned, declined)
    assert player(g, "A").pos == space(ed, "sc_north") and cash(g)["A"] == 1000 + 350


def test_short_board_layout_offices_and_three_utilities():
    ed = short()
    assert len(ed.spaces) == 36 and [ed.spaces[i].kind for i in (0, 10, 20, 27)] == [
        "start", "jail", "free_parking", "go_to_jail"]
    colour = [g for g in ed.groups if g.buildable]
    assert [g.id for g in colour] == ["kolkhoz", "light_industry", "food_industry", "construction",
                                      "media", "oil", "bank"]
    assert [g.house_cost for g in colour] == [50, 50, 100, 100, 150, 100, 150]
    services = [ed.spaces[i] for i in ed.group_by_id["utility_services"].spaces]
    assert [s.id for s in services] == ["water", "electricity", "gas"]
    assert all(s.rent == (4, 10, 20) for s in services)
    assert len([s for s in ed.spaces if s.kind == "card"]) == 4


# ---------------------------------------------------------------- the start auction (D4a, r2.1)
def _first_bidder_takes_all(g, d):
    if d.kind == "bid":
        return d.min if d.player.name == "A" and d.price is None else None
    return Scripted().decide(g, d)


def test_start_auction_twelve_random_deeds_from_half_price_and_no_intro_lap():
    ed = bz("start-auction")
    assert ed.setup.start_cash == 2500 and ed.setup.auction_count == 12
    agents = [(n, Scripted(_first_bidder_takes_all, name=n)) for n in "ABC"]
    g = Game(ed, agents, seed=3, first=0)
    a = player(g, "A")
    deeds = sorted(a.deeds)
    assert len(deeds) == 12 and all(o is None or o is a for o in g.owner)
    assert a.cash == 2500 - sum(g.ed.spaces[i].price // 2 for i in deeds)
    first_bids = [d for d in g.agents[0].asked if d.kind == "bid"]
    assert [d.min for d in first_bids] == [g.ed.spaces[d.space].price // 2 for d in first_bids]
    assert not any(p.intro for p in g.players)
    g2 = Game(ed, agents, seed=4, first=0)
    assert sorted(player(g2, "A").deeds) != deeds                 # another seed, other deeds


def test_start_auction_a_deed_nobody_bids_on_stays_with_the_bank():
    ed = bz("start-auction")
    g = Game(ed, [(n, Scripted(name=n)) for n in "AB"], seed=3, first=0)
    assert all(o is None for o in g.owner) and cash(g) == {"A": 2500, "B": 2500}
    assert len([d for d in g.agents[0].asked if d.kind == "bid"]) == 12


def test_the_default_start_is_the_introductory_lap():
    g = Game(bz(), [(n, Scripted(name=n)) for n in "AB"], seed=3, first=0)
    assert all(p.intro for p in g.players) and all(o is None for o in g.owner)
    assert cash(g) == {"A": 2500, "B": 2500}


def test_short_board_plays_with_the_start_auction_too():
    g = Game(short("start-auction"), [(n, Scripted(_first_bidder_takes_all, name=n)) for n in "AB"],
             seed=5, first=0)
    assert len(player(g, "A").deeds) == 12
