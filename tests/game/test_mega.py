"""The Mega edition (../shared/rules/editions/mega.md): the 52-space board, building ladders up to
the skyscraper, depots on railroads, building from and rent by majority ownership, the third
utility; forced dice and stacked decks, real values from the digest."""

from __future__ import annotations

import pytest

from magie.engine.agents import BasicBot
from magie.engine.game.player import NO_WAKE
from tests.game.helpers import cash, edition, game, playable, player, space, stack, turn

MEGA_SPEED = playable("mega", ())
MEGA = edition("mega", dice={"extra": [{"id": "speed_die", "delete": True}]})
"""Mega without its speed die: the rules of buildings, rent, spaces and tickets on forced throws
of the two white dice (the speed die's own tests use MEGA_SPEED)."""


def sid(name: str) -> int:
    return space(MEGA, name)


def test_the_board_has_52_spaces_13_a_side_with_the_new_spaces_where_the_digest_puts_them():
    ed = MEGA
    assert len(ed.spaces) == 52                                            # 2.1
    assert [ed.spaces[i].kind for i in (0, 13, 26, 39)] == ["start", "jail", "free_parking", "go_to_jail"]
    assert ed.spaces[10].id == "gas_company" and ed.spaces[14].id == "auction"      # 2.2, MG3 (a)
    assert ed.spaces[32].id == "bus_ticket" and ed.spaces[47].id == "birthday_gift"
    assert ed.spaces[51].id == "boardwalk" and ed.spaces[51].rent[-1] == 3000     # MG5 (a), [M9]
    assert ed.spaces[4].rent[:6] == (5, 30, 80, 240, 360, 450)                     # MG4 (a)
    sizes = {grp.id: len(grp.spaces) for grp in ed.groups}
    assert sizes["brown"] == sizes["dark_blue"] == 3 and sizes["red"] == 4       # 2.3
    assert sizes["utilities"] == 3 and sizes["railroads"] == 4
    assert ed.setup.start_cash == 2500                                              # 1.3
    assert ed.rules.supply == {"house": 32, "hotel": 12, "skyscraper": 8, "depot": 4}   # 8.8


# ---------------------------------------------------------------- rent by the share of a group
@pytest.mark.parametrize("owned, rent", [
    (("massachusetts_avenue", "oriental_avenue"), 6),                                # 2 of 4: base
    (("massachusetts_avenue", "oriental_avenue", "vermont_avenue"), 12),             # majority x2
    (("massachusetts_avenue", "oriental_avenue", "vermont_avenue", "connecticut_avenue"), 18),  # x3
])
def test_unimproved_rent_doubles_with_all_but_one_and_triples_with_the_whole_group(owned, rent):
    # 5.1, 5.2: Oriental Avenue's base rent is 6; ann lands on it from 5 with a 3
    g = game(MEGA, {"ann": {"pos": 5}, "bob": {"owns": {s: 0 for s in owned}}}, dice=[(1, 2)])
    turn(g, "ann")
    assert player(g, "ann").pos == sid("oriental_avenue")
    assert cash(g) == {"ann": 2500 - rent, "bob": 2500 + rent}


def test_mortgaged_streets_still_count_for_the_majority():
    # 5.3 [M11]: three of four owned, one of them mortgaged: the unmortgaged one still pays double
    owns = {"massachusetts_avenue": {"mortgaged": True}, "oriental_avenue": 0, "vermont_avenue": 0}
    g = game(MEGA, {"ann": {"pos": 5}, "bob": {"owns": owns}}, dice=[(1, 2)])
    turn(g, "ann")
    assert cash(g)["ann"] == 2500 - 12


def test_the_third_utility_charges_twenty_times_the_dice():
    # 5.4 [M7]: all three utilities, a throw of 3 + 4 lands on Water Works (29 + 7 = 36)
    owns = {"gas_company": 0, "electric_company": 0, "water_works": 0}
    g = game(MEGA, {"ann": {"pos": 29}, "bob": {"owns": owns}}, dice=[(3, 4)])
    turn(g, "ann")
    assert player(g, "ann").pos == 36 and cash(g)["ann"] == 2500 - 20 * 7


# ---------------------------------------------------------------- building from majority
def test_houses_may_be_built_from_majority_ownership_but_not_from_half():
    g = game(MEGA, {"ann": {"owns": {"maryland_avenue": 0, "st_charles_place": 0, "states_avenue": 0}},
                    "bob": {"owns": {"virginia_avenue": 0}}})
    ann = player(g, "ann")
    i = sid("maryland_avenue")
    assert g.build_problem(ann, i, "any") is None                                  # 8.1 [M2]
    g.request_building(ann, i, "any")
    assert g.level[i] == 1 and ann.cash == 2500 - 100 and g.houses == 31
    g2 = game(MEGA, {"ann": {"owns": {"maryland_avenue": 0, "st_charles_place": 0}},
                     "bob": {"owns": {"virginia_avenue": 0}}})
    assert g2.build_problem(player(g2, "ann"), i, "any") == \
        "ann owns 2 of group pink; building needs all but one (3)"


def test_even_building_holds_among_the_majority_owners_lots():
    g = game(MEGA, {"ann": {"owns": {"maryland_avenue": 1, "st_charles_place": 0, "states_avenue": 0}}, "bob": {}})
    ann = player(g, "ann")
    assert g.build_problem(ann, sid("maryland_avenue"), "any") == \
        "build evenly: another lot of the group has fewer buildings"
    assert g.build_problem(ann, sid("st_charles_place"), "any") is None


def test_another_players_lot_of_the_group_neither_holds_back_nor_evens_the_majority_owners():
    # bob's pink is bare and mortgaged: ann's three lots, a house on each, take their second houses
    # (its level and its mortgage are not ann's to even out or lift)
    ann_lots = {"maryland_avenue": 1, "st_charles_place": 1, "states_avenue": 1}
    g = game(MEGA, {"ann": {"owns": ann_lots}, "bob": {"owns": {"virginia_avenue": {"mortgaged": True}}}})
    ann = player(g, "ann")
    for lot in ann_lots:
        assert g.build_problem(ann, sid(lot), "any") is None
    g.mortgaged[sid("st_charles_place")] = True                  # one of ann's own does hold them back
    assert g.build_problem(ann, sid("maryland_avenue"), "any") == "st_charles_place in the group is mortgaged"


# ---------------------------------------------------------------- skyscrapers
WHOLE_PINK_HOTELS = {"maryland_avenue": 5, "st_charles_place": 5, "states_avenue": 5, "virginia_avenue": 5}


def test_a_skyscraper_needs_the_whole_group_with_hotels_and_hands_its_hotel_back():
    g = game(MEGA, {"ann": {"owns": WHOLE_PINK_HOTELS}, "bob": {"pos": 10}}, dice=[(2, 3)])
    ann = player(g, "ann")
    i = sid("maryland_avenue")
    assert g.hotels == 12 - 4 and g.stock["skyscraper"] == 8
    g.request_building(ann, i, "any")                                           # 8.2: house price (ours)
    assert g.level[i] == 6 and ann.cash == 2500 - 100
    assert g.hotels == 12 - 3 and g.stock["skyscraper"] == 7                  # the hotel goes back
    assert g.building_on(i) == ("skyscraper", 1)
    turn(g, "bob")                                                              # 10 + 5 = 15: Maryland
    assert cash(g)["bob"] == 2500 - 1250                                       # the skyscraper rent
    g.check_invariants()


def test_no_skyscraper_from_majority_nor_before_every_street_has_a_hotel():
    three = {"maryland_avenue": 5, "st_charles_place": 5, "states_avenue": 5}
    g = game(MEGA, {"ann": {"owns": three}, "bob": {"owns": {"virginia_avenue": 0}}})
    assert g.build_problem(player(g, "ann"), sid("maryland_avenue"), "any") == \
        "ann does not own the whole group pink: virginia_avenue belongs to bob"
    uneven = dict(WHOLE_PINK_HOTELS, virginia_avenue=4)
    g = game(MEGA, {"ann": {"owns": uneven}, "bob": {}})
    assert g.build_problem(player(g, "ann"), sid("maryland_avenue"), "any") == \
        "build evenly: another lot of the group has fewer buildings"
    top = dict(WHOLE_PINK_HOTELS, maryland_avenue=6)
    g = game(MEGA, {"ann": {"owns": top}, "bob": {}})
    assert g.build_problem(player(g, "ann"), sid("maryland_avenue"), "any") == \
        "maryland_avenue already has a skyscraper"


def test_skyscrapers_run_out_on_their_own_supply():
    # 8.8: the 8 skyscrapers are a supply of their own; houses and hotels are left
    g = game(MEGA, {"ann": {"owns": WHOLE_PINK_HOTELS}, "bob": {}})
    g.stock["skyscraper"] = 0
    assert g.build_problem(player(g, "ann"), sid("maryland_avenue"), "any") == \
        "the bank has no skyscrapers left"


def test_selling_a_skyscraper_takes_a_hotel_back_from_the_bank():
    # 8.3 [M11]: selling down the ladder; half the price back (8.4)
    top = dict(WHOLE_PINK_HOTELS, maryland_avenue=6)
    g = game(MEGA, {"ann": {"owns": top}, "bob": {}})
    ann = player(g, "ann")
    i = sid("maryland_avenue")
    g.hotels = 0
    assert g.sell_problem(ann, i) == ("breaking a skyscraper down needs 1 hotel in the bank (it has 0); "
                                      "sell all the group's buildings at once instead")
    g.hotels = 8
    g.sell_building(ann, i)
    assert g.level[i] == 5 and g.hotels == 7 and g.stock["skyscraper"] == 8 and ann.cash == 2500 + 50
    assert g.sell_problem(ann, sid("st_charles_place")) is None     # one by one, keeping even levels


def test_a_skyscraper_sold_outright_refunds_half_of_every_level():
    top = dict(WHOLE_PINK_HOTELS, maryland_avenue=6)
    g = game(MEGA, {"ann": {"owns": top}, "bob": {}})
    assert g.building_refund(sid("maryland_avenue"), 6) == (4 * 100 + 100 + 100) // 2


def test_the_most_a_player_can_raise_rounds_each_lots_refund_down():
    """Every building sold back at 15% (a reading of `sell_percent`) and every unmortgaged deed
    mortgaged: each lot's refund is rounded down on its own (brown's 50 a level: 1 house is 7,
    3 houses 22, not 15% of the 200 together, 30)."""
    ed = edition("mega", dice={"extra": [{"id": "speed_die", "delete": True}]},
                 rules={"buildings": {"sell_percent": 15}})
    g = game(ed, {"ann": {"owns": {"mediterranean_avenue": 1, "baltic_avenue": 3, "arctic_avenue": 0}},
                  "bob": {}})
    assert g.liquidation_value(player(g, "ann")) == 50 * 15 // 100 + 150 * 15 // 100 + 30 + 30 + 40


# ---------------------------------------------------------------- depots
def test_a_depot_on_one_railroad_doubles_its_rent():
    # 8.7 [M8]: 100, no need of the other railroads, one per railroad
    g = game(MEGA, {"ann": {"owns": {"reading_railroad": 0}}, "bob": {"pos": 3}}, dice=[(1, 2)])
    ann = player(g, "ann")
    i = sid("reading_railroad")
    assert g.build_problem(ann, i, "any") is None
    g.request_building(ann, i, "any")
    assert ann.cash == 2400 and g.stock["depot"] == 3 and g.building_on(i) == ("depot", 1)
    assert g.build_problem(ann, i, "any") == "reading_railroad already has a depot"
    turn(g, "bob")                                                     # 3 + 3 = 6: Reading Railroad
    assert cash(g) == {"ann": 2400 + 50, "bob": 2500 - 50}
    g.check_invariants()


def test_no_depot_on_a_mortgaged_railroad_and_the_card_doubles_the_depot_rent():
    g = game(MEGA, {"ann": {"owns": {"reading_railroad": {"mortgaged": True}}}, "bob": {}})
    assert g.build_problem(player(g, "ann"), sid("reading_railroad"), "any") == \
        "reading_railroad in the group is mortgaged"
    # 5.6: the nearest-railroad card pays twice the rent, a depot doubling it again: 4 owned -> 800
    rails = {"reading_railroad": 1, "pennsylvania_railroad": 1, "b_and_o_railroad": 1, "short_line": 1}
    g = game(MEGA, {"ann": {"pos": 6}, "bob": {"owns": rails}}, dice=[(1, 2)])
    stack(g, "chance", "chance_railroad_1")
    turn(g, "ann")                                                     # 6 + 3 = 9: Chance -> 20
    assert player(g, "ann").pos == 20 and cash(g)["ann"] == 2500 - 800


def test_repairs_charge_a_skyscraper_as_a_hotel():
    top = dict(WHOLE_PINK_HOTELS, maryland_avenue=6)
    g = game(MEGA, {"ann": {"owns": dict(top, oriental_avenue=0), "pos": 6}, "bob": {}}, dice=[(1, 2)])
    stack(g, "chance", "chance_repairs")
    turn(g, "ann")
    assert cash(g)["ann"] == 2500 - 100 * 4                              # 3 hotels + 1 skyscraper


# ---------------------------------------------------------------- bus tickets
def _tickets(g) -> dict[str, int]:
    return {p.name: g.holds(p, "bus_ticket") for p in g.players}


def test_the_bus_ticket_space_gives_a_kept_ticket():
    # 6.2: 27 + 5 = 32, the Bus Ticket space: the top ticket is kept
    g = game(MEGA, {"ann": {"pos": 27}, "bob": {}}, dice=[(2, 3)])
    stack(g, "bus_tickets", "bus_5")
    turn(g, "ann")
    assert player(g, "ann").held_cards == [("bus_tickets", "bus_5")] and _tickets(g) == {"ann": 1, "bob": 0}


def test_a_ticket_replaces_the_throw_and_leaves_the_game():
    # 7.2-7.4: played instead of rolling (no dice are thrown: none are forced), forward to a
    # space of the current side (15..26 from Auction, 14; the corner 26 ends it), then out
    g = game(MEGA, {"ann": {"pos": 14, "cards": ["bus_2"],
                            "script": {"play_card": [("bus_tickets", "bus_2")],
                                       "pick": [sid("new_york_avenue")], "buy": ["buy"]}}, "bob": {}})
    g.kept_uses[("bus_tickets", "bus_2")] = "bus_ticket"
    turn(g, "ann")
    ann = player(g, "ann")
    d = next(d for d in g.agents[0].asked if d.kind == "pick")
    assert d.options == tuple(range(15, 27))
    assert d.hint == sid("pennsylvania_railroad")          # the bots' pick: the dearest for sale, first on ties
    assert ann.pos == sid("new_york_avenue") and g.owner[ann.pos] is ann and ann.cash == 2500 - 200
    assert not ann.held_cards
    assert g.removed_cards == [("bus_tickets", "bus_2")] and len(g.decks["bus_tickets"]) == 15
    g.check_invariants()


def test_a_ticket_may_replace_the_throw_that_doubles_give():
    # 4.2 [M2]: doubles 2+2 from 0 to 4 (Arctic Avenue), then the ticket instead of the second throw
    g = game(MEGA, {"ann": {"pos": 0, "cards": ["bus_3"],
                            "script": {"play_card": [None, ("bus_tickets", "bus_3")]}}, "bob": {}},
             dice=[(2, 2)])
    g.kept_uses[("bus_tickets", "bus_3")] = "bus_ticket"
    turn(g, "ann")
    ann = player(g, "ann")
    assert 5 <= ann.pos <= 13 and not ann.held_cards and g.dice.left == 0    # 4 + the ticket, side 1
    asked = [d.window for d in g.agents[0].asked if d.kind == "play_card"]
    assert asked == ["roll", "roll"]


def test_an_expiring_ticket_takes_every_other_held_ticket_out_of_the_game():
    # 7.5 [M4] [M10]: "ALL TICKETS EXPIRE, EXCEPT THIS ONE"
    g = game(MEGA, {"ann": {"pos": 27, "cards": ["bus_2"]}, "bob": {"cards": ["bus_3", "bus_4"]}},
             dice=[(2, 3)])
    for c in ("bus_2", "bus_3", "bus_4"):
        g.kept_uses[("bus_tickets", c)] = "bus_ticket"
    stack(g, "bus_tickets", "bus_expire_1")
    turn(g, "ann")
    assert player(g, "ann").held_cards == [("bus_tickets", "bus_expire_1")]
    assert player(g, "bob").held_cards == []
    assert sorted(g.removed_cards) == [("bus_tickets", "bus_2"), ("bus_tickets", "bus_3"), ("bus_tickets", "bus_4")]
    g.check_invariants()


def test_a_ticket_from_a_corner_reaches_the_next_corner():
    # 7.3 [M4]: corners start and end a side: from Free Parking (26) to 27..39, Go To Jail last
    g = game(MEGA, {"ann": {"pos": 26, "cards": ["bus_2"],
                            "script": {"play_card": [("bus_tickets", "bus_2")], "pick": [39]}}, "bob": {}})
    g.kept_uses[("bus_tickets", "bus_2")] = "bus_ticket"
    turn(g, "ann")
    d = next(d for d in g.agents[0].asked if d.kind == "pick")
    assert d.options == tuple(range(27, 40)) and player(g, "ann").in_jail


# ---------------------------------------------------------------- the auction and birthday spaces
def test_the_auction_space_auctions_the_property_the_lander_picks():
    # 6.1 [M3] [M9]: 9 + 5 = 14; ann picks Boardwalk, bob wins it at 60
    g = game(MEGA, {"ann": {"pos": 9, "script": {"pick": [sid("boardwalk")], "bid": [None]}},
                    "bob": {"script": {"bid": [60]}}}, dice=[(2, 3)])
    turn(g, "ann")
    assert g.owner[sid("boardwalk")] is player(g, "bob") and cash(g) == {"ann": 2500, "bob": 2500 - 60}


def test_with_every_property_owned_the_auction_space_sends_to_the_highest_rent_ahead():
    # 6.1: no property left: forward to the one with the highest rent, and pay it; bob owns
    # everything, Boardwalk and Park Place with hotels (2000 and 1500 rent)
    owns = {s.id: 0 for s in MEGA.spaces if s.is_deed}
    owns.update(boardwalk=5, park_place=5, florida_avenue=5)
    g = game(MEGA, {"ann": {"pos": 9, "cash": 5000}, "bob": {"owns": owns}}, dice=[(2, 3)])
    turn(g, "ann")
    assert player(g, "ann").pos == sid("boardwalk") and cash(g)["ann"] == 5000 - 2000


@pytest.mark.parametrize("answer, ann_cash, tickets", [("cash", 2600, 0), ("ticket", 2500, 1)])
def test_the_birthday_gift_is_100_or_a_ticket(answer, ann_cash, tickets):
    # 6.3 [M3]: 43 + 4 = 47
    g = game(MEGA, {"ann": {"pos": 43, "script": {"choice": [answer]}}, "bob": {}}, dice=[(1, 3)])
    turn(g, "ann")
    assert cash(g)["ann"] == ann_cash and _tickets(g)["ann"] == tickets


def test_the_birthday_gift_pays_100_without_asking_when_no_ticket_is_left():
    g = game(MEGA, {"ann": {"pos": 43}, "bob": {}}, dice=[(1, 3)])
    g.decks["bus_tickets"].clear()
    g.removed_cards.extend(("bus_tickets", c.id) for c in MEGA.decks["bus_tickets"].cards)
    turn(g, "ann")
    assert cash(g)["ann"] == 2600 and not any(d.kind == "choice" for d in g.agents[0].asked)
    g.check_invariants()


def test_the_readings_differ_on_a_majority_the_classic_formula_pays_the_base_rent():
    # the same position on the classic board (light blue, 3 lots: varshavskoe, ogaryova,
    # first_parkovaya): bob holds 2 of 3; classic pays the base 6, the Mega formula 12
    mega_rent = MEGA_TREE_RENT
    for ed, due in ((edition("classic"), 6), (edition("classic", rules={"rent": {"street": mega_rent}}), 12)):
        g = game(ed, {"ann": {"pos": 3}, "bob": {"owns": {"varshavskoe": 0, "first_parkovaya": 0}}}, dice=[(1, 2)])
        turn(g, "ann")
        assert player(g, "ann").pos == 6 and cash(g)["ann"] == 1500 - due


MEGA_TREE_RENT = ("3 * table[0] if level == 0 and complete else 2 * table[0] if level == 0 and "
                  "owned == group_size - 1 else table[level]")


def test_the_last_skyscraper_is_auctioned_when_another_player_could_build_one():
    # [000] 18.3 per kind of building (8.8): one skyscraper left, bob could build one too
    orange = {"st_james_place": 5, "tennessee_avenue": 5, "new_york_avenue": 5, "new_jersey_avenue": 5}
    g = game(MEGA, {"ann": {"owns": WHOLE_PINK_HOTELS, "script": {"bid": [None]}},
                    "bob": {"owns": orange, "script": {"bid": [150], "place": [sid("new_york_avenue")]}}})
    g.stock["skyscraper"] = 1
    assert g.houses == 32 and g.hotels == 12 - 8
    g.request_building(player(g, "ann"), sid("maryland_avenue"), "any")
    assert g.level[sid("new_york_avenue")] == 6 and g.level[sid("maryland_avenue")] == 5
    assert g.stock["skyscraper"] == 0 and g.hotels == 12 - 7 and cash(g) == {"ann": 2500, "bob": 2500 - 150}


# ---------------------------------------------------------------- the speed die, from the first turn
def test_the_speed_die_is_thrown_from_the_first_turn_and_its_number_adds():
    # 3.2, 3.4 [M1] [M5]: 1 + 2 + 3 from GO = 6, Reading Railroad, on the very first turn
    g = game(MEGA_SPEED, {"ann": {"script": {"buy": ["buy"]}}, "bob": {}}, dice=[(1, 2, 3)])
    turn(g, "ann")
    assert player(g, "ann").pos == 6 and g.owner[6] is player(g, "ann") and cash(g)["ann"] == 2300


def test_mr_monopoly_moves_on_to_the_next_unowned_property():
    # 3.5 [M1]: white 1 + 2 to Baltic (3), bought; then on to Arctic Avenue (4), bought too
    g = game(MEGA_SPEED, {"ann": {"script": {"buy": ["buy", "buy"]}}, "bob": {}}, dice=[(1, 2, "mr_monopoly")])
    turn(g, "ann")
    ann = player(g, "ann")
    assert ann.pos == 4 and ann.deeds == {3, 4} and ann.cash == 2500 - 60 - 80


def test_mr_monopoly_with_everything_owned_goes_to_the_next_rent():
    # 3.5: all owned; the next deed where rent is owed (bob's, unmortgaged) after Baltic
    owns = {s.id: 0 for s in MEGA.spaces if s.is_deed}
    owns["arctic_avenue"] = {"mortgaged": True}
    g = game(MEGA_SPEED, {"ann": {}, "bob": {"owns": owns}}, dice=[(1, 2, "mr_monopoly")])
    turn(g, "ann")
    # Baltic pays 3 x 4 (bob holds the whole brown group), then Reading Railroad (6), 4 owned: 200
    assert player(g, "ann").pos == 6 and cash(g)["ann"] == 2500 - 12 - 200


@pytest.mark.parametrize("answer", ["ticket", "card_space"])
def test_the_bus_face_gives_a_ticket_or_the_nearest_chance_or_chest(answer):
    # 3.6 [M1]: white 2 + 3 to Income Tax (5, pays 200), then a ticket, or on to Chance (9)
    g = game(MEGA_SPEED, {"ann": {"script": {"choice": [answer]}}, "bob": {}}, dice=[(2, 3, "bus")])
    stack(g, "chance", "chance_dividend")
    turn(g, "ann")
    ann = player(g, "ann")
    if answer == "ticket":
        assert ann.pos == 5 and g.holds(ann, "bus_ticket") == 1 and ann.cash == 2300
    else:
        assert ann.pos == 9 and g.holds(ann, "bus_ticket") == 0 and ann.cash == 2300 + 50


def test_triples_move_anywhere_and_end_the_turn():
    # 4.3 [M2]: 2-2-2: ann picks Boardwalk and buys it; no second throw though the white dice
    # are doubles (none is forced: another throw would fail)
    g = game(MEGA_SPEED, {"ann": {"script": {"pick": [51], "buy": ["buy"]}}, "bob": {}}, dice=[(2, 2, 2)])
    turn(g, "ann")
    ann = player(g, "ann")
    assert ann.pos == 51 and g.owner[51] is ann and ann.cash == 2100 and g.dice.left == 0


def test_utility_rent_counts_the_white_dice_only():
    # 5.4, MG7 (a): white 2 + 1, speed 3, from 4 to the Gas Company (10); one utility: 4 x 3
    g = game(MEGA_SPEED, {"ann": {"pos": 4}, "bob": {"owns": {"gas_company": 0}}}, dice=[(2, 1, 3)])
    turn(g, "ann")
    assert player(g, "ann").pos == 10 and cash(g)["ann"] == 2500 - 4 * 3


@pytest.mark.parametrize("kind", ["deed", "railroad", "card"])
def test_the_spaces_of_a_kind_ahead_are_met_in_board_order_own_space_last(kind):
    """What `nearest(each KIND ...)` goes through (holdings.ahead with a kind): from every space,
    the spaces of the kind alone, in the order met moving forward, the token's own space last."""
    g = game(MEGA, {"ann": {}, "bob": {}})
    ann = player(g, "ann")
    is_kind = (lambda s: s.is_deed) if kind == "deed" else (lambda s: s.kind == kind)
    for pos in range(52):
        ann.pos = pos
        want = [(pos + k) % 52 for k in range(1, 53) if is_kind(MEGA.spaces[(pos + k) % 52])]
        assert list(g.ahead(ann, kind)) == want


def test_unowned_counts_the_deeds_nobody_owns():
    """The DSL's `unowned()` (holdings.unowned_deeds): every deed at the start, one less for each
    deed owned, whoever owns it; the spaces that are no deed never count."""
    g = game(MEGA, {"ann": {"owns": {"boardwalk": 0}}, "bob": {"owns": {"short_line": 0}}})
    deeds = sum(1 for s in MEGA.spaces if s.is_deed)
    assert g.unowned_deeds() == deeds - 2
    g.set_owner(sid("gas_company"), player(g, "bob"))
    assert g.unowned_deeds() == deeds - 3


def test_the_basic_bot_plans_no_skyscraper_on_a_group_held_by_majority():
    """Hotels on 3 of the 4 pinks (majority building, [M2] 8.1): the next level, a skyscraper,
    needs the whole group (8.2), so the bot's plan holds no build there at all, rather than one
    the check refuses at every look; with the fourth pink its houses come first."""
    hotels = {"maryland_avenue": 5, "st_charles_place": 5, "states_avenue": 5}
    g = game(MEGA, {"ann": {"owns": hotels, "cash": 5000}, "bob": {"owns": {"virginia_avenue": 0}}})
    ann, bot = player(g, "ann"), BasicBot()
    assert g.build_problem(ann, sid("maryland_avenue"), "after_landing") is not None
    bot._refresh(g, ann)
    assert bot._whole == [tuple(sid(x) for x in hotels)]    # the lots it builds on evenly
    assert bot._develop(g, ann, "after_landing") == (None, NO_WAKE)
    g.set_owner(sid("virginia_avenue"), ann)
    bot._refresh(g, ann)
    assert bot._develop(g, ann, "after_landing") == (("build", sid("virginia_avenue")), 0)


def test_the_basic_bots_lots_follow_only_deeds_of_groups_it_holds_enough_of():
    """The lots the bot builds on evenly (whole groups, majority lots, depots) are worked out
    again only where a deed that came or went is of a group the player holds, or held, all but
    one of (or a railroad): a second red lot leaves them as they were (the same object), a third
    adds the reds, a pink sold away drops the pinks, a railroad adds its depot."""
    pinks = {"maryland_avenue": 0, "st_charles_place": 0, "states_avenue": 0}
    g = game(MEGA, {"ann": {"owns": dict(pinks, kentucky_avenue=0)}, "bob": {}})
    ann, bob, bot = player(g, "ann"), player(g, "bob"), BasicBot()
    pink_lots = tuple(sid(x) for x in pinks)
    bot._refresh(g, ann)
    assert bot._whole == [pink_lots]
    kept = bot._whole
    g.set_owner(sid("indiana_avenue"), ann)             # 2 of 4 reds: no lot to build on
    g.set_owner(sid("gas_company"), ann)                # a utility takes no buildings
    bot._refresh(g, ann)
    assert bot._whole is kept
    g.set_owner(sid("illinois_avenue"), ann)            # 3 of 4: building from majority ownership
    bot._refresh(g, ann)
    reds = tuple(sid(x) for x in ("kentucky_avenue", "indiana_avenue", "illinois_avenue"))
    assert bot._whole == [pink_lots, reds]
    g.set_owner(sid("maryland_avenue"), bob)            # 2 of 4 pinks left
    bot._refresh(g, ann)
    assert bot._whole == [reds]
    g.set_owner(sid("short_line"), ann)                 # a depot on its own
    bot._refresh(g, ann)
    assert bot._whole == [reds, (sid("short_line"),)]


def test_the_basic_bots_plan_brought_up_to_date_after_each_build_is_the_plan_worked_out_anew():
    """After each build the bot's plan changes only at the step built (`_after_build`); all the
    way up the ladders of a majority group, a whole group and two depots, with a mortgaged deed
    to lift, it is at every step the plan `_steps` works out from scratch."""
    owns = {"maryland_avenue": 0, "st_charles_place": 0, "states_avenue": 0, "florida_avenue": 0,
            "park_place": 0, "boardwalk": 0, "reading_railroad": 0, "short_line": 0,
            "gas_company": {"mortgaged": True}}
    g = game(MEGA, {"ann": {"owns": owns, "cash": 100_000}, "bob": {"owns": {"virginia_avenue": 0}}})
    ann, bot = player(g, "ann"), BasicBot()
    builds = 0
    while True:
        bot._refresh(g, ann)
        act, _ = bot._develop(g, ann, "after_landing")
        plan = bot._plan
        assert (plan.steps, plan.where, plan.lowest) == bot._steps(g, ann)
        if act is None or act[0] != "build":
            break
        g.request_building(ann, act[1], "after_landing")
        builds += 1
    # pinks to hotels (5 levels on 3 lots: no skyscraper from a majority), dark blue up to its
    # skyscrapers (6 on 3), a depot on each railroad
    assert builds == 5 * 3 + 6 * 3 + 2
    assert bot._plan.steps == ((bot._lift_cost(g, sid("gas_company")) * 2, ("unmortgage", sid("gas_company"))),)


def test_the_lots_where_a_rival_could_build_a_kind_now_in_a_shortage():
    """`building_spots` (the rivals of a building shortage, 18.3, and where a winner places):
    lots whose next level is of that kind and affordable now; a depot at the top is none."""
    pinks = ("maryland_avenue", "st_charles_place", "states_avenue")
    g = game(MEGA, {"ann": {"owns": {"reading_railroad": 1}},
                    "bob": {"cash": 100, "owns": dict.fromkeys(pinks + ("pennsylvania_railroad",), 0)},
                    "carl": {"cash": 99, "owns": {"short_line": 0}}})
    ann, bob, carl = player(g, "ann"), player(g, "bob"), player(g, "carl")
    assert g.building_spots(bob, "depot") == [sid("pennsylvania_railroad")]      # 100 a depot
    assert g.building_spots(bob, "house") == sorted(sid(x) for x in pinks)      # 100 a pink house
    assert g.building_spots(carl, "depot") == []                                # 99: too little
    assert g.building_spots(ann, "depot") == []                                 # its depot stands
