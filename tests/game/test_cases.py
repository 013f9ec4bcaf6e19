"""The rule cases of ../shared/cases/ that apply to classic, one test per case and reading.

Spaces by the classic ids (the cases use the US board, same layout): 1 zhitnaya (Mediterranean),
3 nagatinskaya (Baltic), 5 riga_railway (Reading), 6 varshavskoe (Oriental), 8 ogaryova
(Vermont), 9 first_parkovaya (Connecticut), 11 polyanka (St. Charles), 12 power_station,
13 sretenka, 14 rostovskaya, 15 kursk_railway, 16 ryazansky (St. James), 18 vavilova
(Tennessee), 19 rublyovskoye (New York), 24 mayakovsky (Illinois), 25 kazan_railway,
28 waterworks, 29 smolenskaya (Marvin Gardens), 35 leningrad_railway (Short Line),
37 malaya_bronnaya (Park Place), 38 luxury_tax, 39 arbat (Boardwalk).
"""

import pytest

from magie.engine.errors import IllegalDecision

from .helpers import cash, deck_ids, edition, game, owner_of, player, space, stack, turn

LIGHT_BLUE = {"varshavskoe": 0, "ogaryova": {"mortgaged": True}, "first_parkovaya": 0}
RAILROADS = ["riga_railway", "kursk_railway", "kazan_railway", "leningrad_railway"]


# ---------------------------------------------------------------- C01 double rent
def test_c01a_mortgaged_lot_cancels_double_rent_in_classic():
    g = game(edition(), {"A": {"cash": 1000, "owns": LIGHT_BLUE}, "B": {"cash": 1500}},
             dice=[(2, 4)], first="B")
    turn(g)
    assert cash(g) == {"A": 1006, "B": 1494}
    assert player(g, "B").pos == space(g.ed, "varshavskoe")
    assert g.order[g.turn_idx].name == "A"
    assert g.dice.left == 0


def test_c01a_us_reading_doubles_despite_a_mortgaged_lot():
    us = edition(rules={"rent": {"street": "2 * table[0] if level == 0 and complete else table[level]"}})
    g = game(us, {"A": {"cash": 1000, "owns": LIGHT_BLUE}, "B": {"cash": 1500}}, dice=[(2, 4)], first="B")
    turn(g)
    assert cash(g) == {"A": 1012, "B": 1488}


def test_c01b_no_rent_and_no_offer_on_a_mortgaged_lot():
    g = game(edition(), {"A": {"cash": 1000, "owns": LIGHT_BLUE}, "B": {"cash": 1500}},
             dice=[(3, 5)], first="B")
    turn(g)
    assert cash(g) == {"A": 1000, "B": 1500}
    assert not [d for d in g.agents[1].asked if d.kind == "buy"]


def test_c01c_built_sibling_keeps_double_rent_by_default():
    owns = {"zhitnaya": 1, "nagatinskaya": 0}
    g = game(edition(), {"A": {"cash": 1000, "owns": owns}, "B": {"cash": 1500}}, dice=[(1, 2)], first="B")
    assert g.houses == 31
    turn(g)
    assert cash(g) == {"A": 1008, "B": 1492}


def test_c01c_online_reading_no_double_rent_when_built():
    online = edition(rules={"rent": {"street": "2 * table[0] if level == 0 and complete and not "
                                               "group_mortgaged and not group_built else table[level]"}})
    g = game(online, {"A": {"cash": 1000, "owns": {"zhitnaya": 1, "nagatinskaya": 0}},
                      "B": {"cash": 1500}}, dice=[(1, 2)], first="B")
    turn(g)
    assert cash(g) == {"A": 1004, "B": 1496}


# ---------------------------------------------------------------- C02 utilities
def test_c02a_both_utilities_ten_times_the_throw():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"power_station": 0, "waterworks": 0}},
                         "B": {"cash": 1500, "pos": "ogaryova"}}, dice=[(1, 3)], first="B")
    turn(g)
    assert cash(g) == {"A": 1040, "B": 1460}
    assert g.dice.left == 0


def test_c02b_one_utility_four_times_the_throw():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"waterworks": 0}},
                         "B": {"cash": 1500, "pos": "mayakovsky"}}, dice=[(1, 3)], first="B")
    turn(g)
    assert cash(g) == {"A": 1016, "B": 1484}


@pytest.mark.parametrize("formula, rent", [
    ("table[owned - 1] * roll.total", 40),                # count every utility owned (default)
    ("table[owned_unmortgaged - 1] * roll.total", 16),    # count only unmortgaged ones
])
def test_c02c_mortgaged_second_utility(formula, rent):
    ed = edition(rules={"rent": {"utility": formula}})
    g = game(ed, {"A": {"cash": 1000, "owns": {"power_station": 0, "waterworks": {"mortgaged": True}}},
                  "B": {"cash": 1500, "pos": "ogaryova"}}, dice=[(1, 3)], first="B")
    turn(g)
    assert cash(g) == {"A": 1000 + rent, "B": 1500 - rent}


# ---------------------------------------------------------------- C03 railroads
@pytest.mark.parametrize("owned, rent", [(4, 200), (3, 100), (2, 50), (1, 25)])
def test_c03_railroad_ladder(owned, rent):
    g = game(edition(), {"A": {"cash": 1000, "owns": {r: 0 for r in RAILROADS[:owned]}},
                         "B": {"cash": 1500}}, dice=[(2, 3)], first="B")
    turn(g)
    assert cash(g) == {"A": 1000 + rent, "B": 1500 - rent}


@pytest.mark.parametrize("formula, rent", [("table[owned - 1]", 200), ("table[owned_unmortgaged - 1]", 100)])
def test_c03c_mortgaged_railroad_counts_by_reading(formula, rent):
    ed = edition(rules={"rent": {"railroad": formula}})
    owns = {r: 0 for r in RAILROADS}
    owns["leningrad_railway"] = {"mortgaged": True}
    g = game(ed, {"A": {"cash": 1000, "owns": owns}, "B": {"cash": 1500}}, dice=[(2, 3)], first="B")
    turn(g)
    assert cash(g)["B"] == 1500 - rent


# ---------------------------------------------------------------- C05 jailed owner
def test_c05_owner_in_jail_collects_rent():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"smolenskaya": 0}, "jail": 1},
                         "B": {"cash": 1500, "pos": "kazan_railway"}}, dice=[(1, 3)], first="B")
    turn(g)
    a = player(g, "A")
    assert cash(g) == {"A": 1024, "B": 1476}
    assert a.in_jail and a.jail_attempts == 1


def test_c05_matador_reading_jailed_owner_collects_nothing():
    ed = edition(rules={"rent": {"jailed_owner_collects": False}})
    g = game(ed, {"A": {"cash": 1000, "owns": {"smolenskaya": 0}, "jail": 1},
                  "B": {"cash": 1500, "pos": "kazan_railway"}}, dice=[(1, 3)], first="B")
    turn(g)
    assert cash(g) == {"A": 1000, "B": 1500}


# ---------------------------------------------------------------- C07 nearest utility card
def test_c07a_nearest_utility_card_throws_again_and_pays_ten_times():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"power_station": 0}}, "B": {"cash": 1500}},
             dice=[(3, 4), (5, 6)], first="B")
    stack(g, "chance", "chance_utility")
    turn(g)
    assert cash(g) == {"A": 1110, "B": 1390}
    assert player(g, "B").pos == space(g.ed, "power_station")
    assert g.dice.left == 0
    assert g.order[g.turn_idx].name == "A"


def test_c07b_unowned_utility_is_offered_without_a_throw():
    g = game(edition(), {"A": {"cash": 1000}, "B": {"cash": 1500, "pos": "vavilova", "script": {"buy": ["buy"]}}},
             dice=[(1, 3)], first="B")
    stack(g, "chance", "chance_utility")
    turn(g)
    assert owner_of(g, "waterworks") == "B"
    assert cash(g)["B"] == 1350
    assert g.dice.left == 0


def test_c07c_card_passing_start_then_rent_double_is_not_a_move():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"power_station": 0}},
                         "B": {"cash": 1500, "pos": "gogolevsky"}}, dice=[(1, 3), (2, 2)], first="B")
    stack(g, "chance", "chance_utility")
    turn(g)
    assert cash(g) == {"A": 1040, "B": 1660}
    assert g.dice.left == 0                      # the [2,2] rent throw gave no extra turn
    assert g.order[g.turn_idx].name == "A"
    assert player(g, "B").doubles == 0


# ---------------------------------------------------------------- C08 card moves resolve the landing
def test_c08a_trip_to_railway_passes_start_and_pays_normal_rent():
    g = game(edition(), {"A": {"owns": {"riga_railway": 0}}, "B": {"cash": 1500}}, dice=[(3, 4)], first="B")
    stack(g, "chance", "chance_riga")
    turn(g)
    assert cash(g) == {"A": 1525, "B": 1675}


def test_c08b_advance_to_a_street_offers_it_without_salary():
    g = game(edition(), {"A": {}, "B": {"cash": 1500, "script": {"buy": ["buy"]}}}, dice=[(3, 4)], first="B")
    stack(g, "chance", "chance_mayakovsky")
    turn(g)
    assert player(g, "B").pos == space(g.ed, "mayakovsky")
    assert owner_of(g, "mayakovsky") == "B"
    assert cash(g)["B"] == 1260


def test_c08c_advance_to_a_whole_group_pays_double_after_salary():
    owns = {"polyanka": 0, "sretenka": 0, "rostovskaya": 0}
    g = game(edition(), {"A": {"owns": owns}, "B": {"cash": 1500, "pos": "vavilova"}}, dice=[(1, 3)], first="B")
    stack(g, "chance", "chance_polyanka")
    turn(g)
    assert cash(g) == {"A": 1520, "B": 1680}


# ---------------------------------------------------------------- C11 get out of jail free
def test_c11_get_out_of_jail_card_is_held_then_returns_to_the_bottom():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"kursk_railway": 0}},
                         "B": {"cash": 1500, "script": {"jail": ["card"]}},
                         "C": {"cash": 1500, "pos": "gogolevsky"}},
             dice=[(3, 4), (1, 3), (2, 3)], first="B")
    stack(g, "chance", "chance_jail_free", "chance_go")
    turn(g, "B")
    assert len(g.decks["chance"]) == 15 and deck_ids(g, "chance")[0] == "chance_go"
    assert player(g, "B").held_cards == [("chance", "chance_jail_free")]
    turn(g, "C")
    assert cash(g)["C"] == 1700 and player(g, "C").pos == 0
    assert len(g.decks["chance"]) == 15 and deck_ids(g, "chance")[-1] == "chance_go"
    b = player(g, "B")
    b.in_jail, b.pos, b.jail_attempts = True, g.ed.jail_index, 0
    turn(g, "B")
    assert not b.in_jail
    assert cash(g)["B"] == 1475 and cash(g)["A"] == 1025
    assert len(g.decks["chance"]) == 16 and deck_ids(g, "chance")[-1] == "chance_jail_free"
    assert g.dice.left == 0


# ---------------------------------------------------------------- C12 three doubles
def test_c12_third_double_goes_to_jail_without_moving():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"ogaryova": 0, "vavilova": 0}}, "B": {"cash": 1500}},
             dice=[(4, 4), (5, 5), (2, 2)], first="B")
    chance_before = deck_ids(g, "chance")
    turn(g)
    b = player(g, "B")
    assert cash(g) == {"A": 1020, "B": 1480}
    assert b.in_jail and b.pos == g.ed.jail_index and b.jail_attempts == 0
    assert deck_ids(g, "chance") == chance_before
    assert g.dice.left == 0
    assert g.order[g.turn_idx].name == "A"


# ---------------------------------------------------------------- C13 jail pays no salary
def test_c13a_go_to_jail_space_ends_the_turn_on_a_double():
    g = game(edition(), {"A": {}, "B": {"cash": 1500, "pos": "gruzinsky_val"}}, dice=[(2, 2)], first="B")
    turn(g)
    assert player(g, "B").in_jail and cash(g)["B"] == 1500 and g.dice.left == 0


def test_c13b_salary_earned_before_a_jail_card_is_kept():
    g = game(edition(), {"A": {}, "B": {"cash": 1500, "pos": "luxury_tax"}}, dice=[(2, 2)], first="B")
    stack(g, "chest", "chest_jail")
    turn(g)
    assert player(g, "B").in_jail and cash(g)["B"] == 1700 and g.dice.left == 0


def test_c13c_jail_card_from_the_last_chance_pays_no_salary():
    g = game(edition(), {"A": {}, "B": {"cash": 1500, "pos": "gogolevsky"}}, dice=[(1, 3)], first="B")
    stack(g, "chance", "chance_jail")
    turn(g)
    assert player(g, "B").in_jail and cash(g)["B"] == 1500


# ---------------------------------------------------------------- C14 / C16 leaving jail
def test_c14_doubles_leave_jail_move_and_give_no_extra_throw():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"ryazansky": 0}}, "B": {"cash": 1000, "jail": True}},
             dice=[(3, 3)], first="B")
    turn(g)
    assert not player(g, "B").in_jail and player(g, "B").pos == space(g.ed, "ryazansky")
    assert cash(g) == {"A": 1014, "B": 986}
    assert g.dice.left == 0 and g.order[g.turn_idx].name == "A"


def test_c16a_paying_the_fine_gives_a_normal_turn():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"kursk_railway": 0}},
                         "B": {"cash": 1000, "jail": True, "script": {"jail": ["pay"]}}},
             dice=[(2, 3)], first="B")
    turn(g)
    assert cash(g) == {"A": 1025, "B": 925}


def test_c16b_a_double_after_paying_is_an_ordinary_double():
    owns = {"kursk_railway": 0, "ryazansky": 0, "rublyovskoye": 0}
    g = game(edition(), {"A": {"cash": 1000, "owns": owns},
                         "B": {"cash": 1000, "jail": True, "script": {"jail": ["pay"]}}},
             dice=[(3, 3), (1, 2)], first="B")
    turn(g)
    assert cash(g) == {"A": 1030, "B": 920}
    assert player(g, "B").pos == space(g.ed, "rublyovskoye") and g.dice.left == 0


# ---------------------------------------------------------------- C17 mortgage gates building
def test_c17_mortgage_round_trip_and_building():
    g = game(edition(), {"A": {"cash": 500, "owns": {"zhitnaya": 0, "nagatinskaya": 0}}, "B": {}})
    a = player(g, "A")
    z, n = space(g.ed, "zhitnaya"), space(g.ed, "nagatinskaya")
    def act(*x):
        g.check_action(a, x, "before_roll")
        g.apply_action(a, x, "before_roll")
    act("mortgage", n)
    assert a.cash == 530
    with pytest.raises(IllegalDecision, match="mortgaged"):
        g.check_action(a, ("build", z), "before_roll")
    act("unmortgage", n)
    assert a.cash == 497
    act("mortgage", n)
    assert a.cash == 527
    for i in (z, n):
        with pytest.raises(IllegalDecision):
            g.check_action(a, ("build", i), "before_roll")
    assert a.deeds == {z, n} and g.mortgaged[n] and g.houses == 32
    act("unmortgage", n)
    act("build", z)
    assert a.cash == 444 and g.houses == 31
    with pytest.raises(IllegalDecision, match="evenly"):
        g.check_action(a, ("build", z), "before_roll")


# ---------------------------------------------------------------- C18 unmortgage cost
def test_c18_unmortgage_costs_value_plus_ten_percent():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"arbat": {"mortgaged": True},
                                                      "mayakovsky": {"mortgaged": True}}}, "B": {}})
    a = player(g, "A")
    g.apply_action(a, ("unmortgage", space(g.ed, "arbat")), "before_roll")
    assert a.cash == 780
    g.apply_action(a, ("unmortgage", space(g.ed, "mayakovsky")), "before_roll")
    assert a.cash == 648 and g.bank_in == 352


@pytest.mark.parametrize("rounding, left", [("up", 224), ("half_up", 224), ("down", 226)])
def test_c18_rounding_of_the_interest(rounding, left):
    ed = edition(rules={"mortgage": {"rounding": rounding}})
    g = game(ed, {"A": {"cash": 500, "owns": {"malaya_bronnaya": {"mortgaged": True},
                                              "power_station": {"mortgaged": True}}}, "B": {}})
    a = player(g, "A")
    for sid in ("malaya_bronnaya", "power_station"):
        g.apply_action(a, ("unmortgage", space(g.ed, sid)), "before_roll")
    assert a.cash == left


# ---------------------------------------------------------------- C20 where houses go
def test_c20_houses_only_on_whole_street_groups_from_anywhere():
    owns = {r: 0 for r in RAILROADS} | {"power_station": 0, "waterworks": 0, "zhitnaya": 0}
    g = game(edition(), {"A": {"cash": 1500, "pos": "free_parking", "owns": owns}, "B": {}})
    a = player(g, "A")
    for sid in ("riga_railway", "power_station", "zhitnaya"):
        with pytest.raises(IllegalDecision):
            g.check_action(a, ("build", space(g.ed, sid)), "after_landing")
    g.set_owner(space(g.ed, "nagatinskaya"), a)
    action = ("build", space(g.ed, "nagatinskaya"))
    g.check_action(a, action, "after_landing")
    g.apply_action(a, action, "after_landing")
    assert a.cash == 1450 and g.houses == 31


# ---------------------------------------------------------------- C22 / C23 shortage
def test_c22_building_limited_by_the_bank_stock():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"varshavskoe": 0, "ogaryova": 0, "first_parkovaya": 0,
                                                      "zhitnaya": 4, "nagatinskaya": 4}},
                         "B": {"cash": 0}}, houses=2)
    a = player(g, "A")
    def do(sid):
        g.check_action(a, ("build", space(g.ed, sid)), "after_landing")
        g.apply_action(a, ("build", space(g.ed, sid)), "after_landing")
    do("varshavskoe")
    do("ogaryova")
    assert a.cash == 900 and g.houses == 0
    with pytest.raises(IllegalDecision, match="no houses"):
        g.check_action(a, ("build", space(g.ed, "first_parkovaya")), "after_landing")
    do("zhitnaya")                         # a hotel hands 4 houses back
    assert a.cash == 850 and g.houses == 4 and g.hotels == 11
    do("first_parkovaya")
    assert a.cash == 800 and g.houses == 3


def test_c23a_hotels_cannot_be_broken_down_without_houses():
    g = game(edition(), {"A": {"cash": 0, "owns": {"malaya_bronnaya": 5, "arbat": 5}}, "B": {}},
             houses=0, hotels=10)
    a = player(g, "A")
    with pytest.raises(IllegalDecision, match="houses in the bank"):
        g.check_action(a, ("sell", space(g.ed, "arbat")), "raise")
    g.check_action(a, ("sell_all", "dark_blue"), "raise")
    g.apply_action(a, ("sell_all", "dark_blue"), "raise")
    assert a.cash == 1000 and g.hotels == 12 and g.houses == 0
    assert g.level[space(g.ed, "arbat")] == 0 and g.level[space(g.ed, "malaya_bronnaya")] == 0


def test_c23b_a_hotel_breaks_down_when_the_bank_has_houses():
    # C23 (b) on the one-by-one reading of hotel sales (K13: [003], [004])
    g = game(edition(rules={"buildings": {"hotel_sale": "one_by_one"}}),
             {"A": {"cash": 0, "owns": {"malaya_bronnaya": 5, "arbat": 5}}, "B": {}},
             houses=4, hotels=10)
    a = player(g, "A")
    g.check_action(a, ("sell", space(g.ed, "arbat")), "raise")
    g.apply_action(a, ("sell", space(g.ed, "arbat")), "raise")
    assert g.level[space(g.ed, "arbat")] == 4 and g.houses == 0 and g.hotels == 11 and a.cash == 100


def test_k13_classic_hotels_of_a_group_are_sold_together():
    # [000] 19: "All the hotels of one colour group must be sold at the same time"; a hotel is
    # exchanged back for four houses plus half its cost. The bank's 4 houses are not enough
    # for the group's two hotels: one hotel alone may not be broken down (the C23 (b) position).
    g = game(edition(), {"A": {"cash": 0, "owns": {"malaya_bronnaya": 5, "arbat": 5}}, "B": {}},
             houses=4, hotels=10)
    a = player(g, "A")
    assert g.rules.hotel_sale == "together"
    with pytest.raises(IllegalDecision, match="8 houses in the bank"):
        g.check_action(a, ("sell", space(g.ed, "arbat")), "raise")
    # with 8 houses in the bank both hotels come down to four houses at once: 2 x 100
    g = game(edition(), {"A": {"cash": 0, "owns": {"malaya_bronnaya": 5, "arbat": 5}}, "B": {}},
             houses=8, hotels=10)
    a = player(g, "A")
    g.apply_action(a, ("sell", space(g.ed, "arbat")), "raise")
    assert g.level[space(g.ed, "arbat")] == 4 and g.level[space(g.ed, "malaya_bronnaya")] == 4
    assert g.houses == 0 and g.hotels == 12 and a.cash == 200


# ---------------------------------------------------------------- C24 / C25 auctions
def test_c24a_declined_lot_is_auctioned_and_the_decliner_may_win():
    g = game(edition(), {"B": {"cash": 1500, "script": {"bid": [60]}},
                         "A": {"cash": 1000, "script": {"bid": [10, None]}},
                         "C": {"cash": 800, "script": {"bid": [50, None]}}},
             dice=[(2, 4)], first="B")
    turn(g)
    assert owner_of(g, "varshavskoe") == "B"
    assert cash(g) == {"B": 1440, "A": 1000, "C": 800}


def test_c24b_nobody_bids_and_the_lot_stays_with_the_bank():
    g = game(edition(), {"B": {"cash": 1500}, "A": {"cash": 1000}, "C": {"cash": 800}}, dice=[(2, 4)], first="B")
    turn(g)
    assert owner_of(g, "varshavskoe") is None and cash(g) == {"B": 1500, "A": 1000, "C": 800}


def test_c25_capped_bids_the_poor_bidder_cannot_overbid():
    g = game(edition(), {"B": {"cash": 300, "pos": "chest_3", "owns": {"zhitnaya": 0}},
                         "A": {"cash": 1000, "script": {"bid": [320]}}}, dice=[(2, 4)], first="B")
    turn(g)
    assert owner_of(g, "arbat") == "A" and cash(g) == {"B": 300, "A": 680}


def test_c25_binding_bids_an_unpayable_bid_is_bankruptcy():
    ed = edition(rules={"auction": {"bid_limit": "binding"}})
    g = game(ed, {"B": {"cash": 300, "pos": "chest_3", "owns": {"zhitnaya": 0}, "script": {"bid": [350]}},
                  "A": {"cash": 1000, "script": {"bid": [320, None]}},
                  "C": {"cash": 1500}}, dice=[(2, 4)], first="B")
    turn(g)
    b = player(g, "B")
    assert not b.alive and not b.deeds
    assert owner_of(g, "arbat") is None or owner_of(g, "arbat") != "B"


# ---------------------------------------------------------------- C26 income tax (classic: flat)
def test_c26_classic_income_tax_is_flat():
    owns = {"varshavskoe": 1, "ogaryova": 1, "first_parkovaya": 1, "nagatinskaya": {"mortgaged": True}}
    g = game(edition(), {"A": {}, "B": {"cash": 900, "pos": "luxury_tax", "owns": owns}},
             dice=[(3, 3), (2, 3)], first="B")
    turn(g)
    b = player(g, "B")
    assert b.cash == 900 and b.pos == space(g.ed, "first_parkovaya") and g.dice.left == 0


# ---------------------------------------------------------------- C27 free parking
def test_c27_free_parking_pays_nothing():
    g = game(edition(), {"A": {}, "B": {"cash": 1485, "pos": "chest_2"}}, dice=[(1, 2)], first="B")
    turn(g)
    assert cash(g)["B"] == 1485 and player(g, "B").pos == space(g.ed, "free_parking")


# ---------------------------------------------------------------- C28 raise before bankruptcy
def test_c28_debtor_sells_and_mortgages_instead_of_going_bankrupt():
    owns = {"varshavskoe": 1, "ogaryova": 1, "first_parkovaya": 1}
    v, o, f = (space(edition(), s) for s in owns)
    g = game(edition(), {"A": {"cash": 500, "owns": {r: 0 for r in RAILROADS}},
                         "B": {"cash": 100, "owns": owns,
                               "script": {"raise": [("sell", v), ("sell", o), ("sell", f), ("mortgage", v)]}}},
             dice=[(2, 3)], first="B")
    turn(g)
    b = player(g, "B")
    assert b.alive and cash(g) == {"A": 700, "B": 25} and g.houses == 32
    assert g.mortgaged[v] and not g.mortgaged[o] and not g.mortgaged[f]


def test_c28_the_bot_liquidation_never_declares_bankruptcy_when_it_can_pay():
    owns = {"varshavskoe": 1, "ogaryova": 1, "first_parkovaya": 1}
    g = game(edition(), {"A": {"cash": 500, "owns": {r: 0 for r in RAILROADS}},
                         "B": {"cash": 100, "owns": owns}}, dice=[(2, 3)], first="B")
    turn(g)
    assert player(g, "B").alive and cash(g)["A"] == 700 and cash(g)["B"] >= 0


# ---------------------------------------------------------------- C30 bankruptcy to the bank
def test_c30_bankrupt_to_the_bank_deeds_auctioned_free_of_mortgage():
    # the bank auctions the deeds in board order (nagatinskaya 3, then polyanka 11); C bids first
    g = game(edition(), {"A": {"cash": 1000, "script": {"bid": [None, 80]}},
                         "B": {"cash": 20, "pos": "leningrad_railway",
                               "owns": {"polyanka": 0, "nagatinskaya": {"mortgaged": True}},
                               "cards": ["chance_jail_free"]},
                         "C": {"cash": 1500, "script": {"bid": [20, None]}}},
             dice=[(1, 2)], first="B")
    turn(g)
    assert not player(g, "B").alive
    assert deck_ids(g, "chance")[-1] == "chance_jail_free" and len(g.decks["chance"]) == 16
    assert owner_of(g, "polyanka") == "A" and owner_of(g, "nagatinskaya") == "C"
    assert not g.mortgaged[space(g.ed, "nagatinskaya")]
    assert cash(g) == {"A": 920, "B": 0, "C": 1480}


# ---------------------------------------------------------------- C32 round cap
@pytest.mark.parametrize("score, winner", [
    ("cash + deed_prices - mortgaged_prices // 2 + building_costs", "B"),   # quick-game valuation
    ("cash + deed_prices + building_costs", "A"),                           # mortgaged at full price
])
def test_c32_turn_limit_ranks_by_net_worth(score, winner):
    ed = edition(end={"max_rounds": 2, "score": score})
    g = game(ed, {"A": {"cash": 1500, "owns": {"varshavskoe": 0, "nagatinskaya": {"mortgaged": True}}},
                  "B": {"cash": 1440, "owns": {"riga_railway": 0}}},
             dice=[(4, 6)] * 4, first="A")
    g.play()
    assert g.over and g.end_reason == "round_limit" and g.dice.left == 0
    assert [p.name for p in g.winners] == [winner]


def test_c30_reading_the_deed_is_auctioned_still_mortgaged():
    ed = edition(rules={"bankruptcy": {"mortgages": "kept"}})
    g = game(ed, {"A": {"cash": 1000, "script": {"bid": [None, 80]}},
                  "B": {"cash": 20, "pos": "leningrad_railway",
                        "owns": {"polyanka": 0, "nagatinskaya": {"mortgaged": True}}},
                  "C": {"cash": 1500, "script": {"bid": [20, None], "inherited_mortgage": ["keep"]}}},
             dice=[(1, 2)], first="B", check_invariants=True)
    turn(g)
    assert owner_of(g, "nagatinskaya") == "C" and g.mortgaged[space(g.ed, "nagatinskaya")]
    assert cash(g)["C"] == 1500 - 20 - 3            # and 10% of the mortgage value 30 at once


def test_c16b_reading_paying_the_fine_gives_one_throw_only():
    ed = edition(rules={"jail": {"paid_exit": "one_throw"}})
    owns = {"kursk_railway": 0, "ryazansky": 0, "rublyovskoye": 0}
    g = game(ed, {"A": {"cash": 1000, "owns": owns},
                  "B": {"cash": 1000, "jail": True, "script": {"jail": ["pay"]}}},
             dice=[(3, 3)], first="B")
    turn(g)
    assert cash(g) == {"A": 1014, "B": 936}
    assert player(g, "B").pos == space(g.ed, "ryazansky") and g.dice.left == 0


def test_c11_variant_a_card_sold_and_used_goes_back_to_its_own_deck():
    from magie.engine.game.decisions import TradeOffer
    g = game(edition(), {"A": {"cash": 1000, "script": {"jail": ["card"]}},
                         "B": {"cash": 1500, "cards": ["chance_jail_free"], "script": {"trade": ["accept"]}}},
             dice=[(2, 3)], first="A")
    a, b = player(g, "A"), player(g, "B")
    offer = TradeOffer(a.seat, b.seat, give_cash=30, get_cards=(("chance", "chance_jail_free"),))
    g.apply_action(a, ("trade", offer), "before_roll")
    assert cash(g) == {"A": 970, "B": 1530} and a.held_cards == [("chance", "chance_jail_free")]
    a.in_jail, a.pos = True, g.ed.jail_index
    turn(g, "A")
    assert not a.in_jail and a.held_cards == []
    assert deck_ids(g, "chance")[-1] == "chance_jail_free" and "chance_jail_free" not in deck_ids(g, "chest")
