"""The 34 notice cards of Biznespolia ([002] l. 149-182, digest section 5), each played in a real
game: A stands on housing_works (21) and throws 1 + 2 onto notice_e (24), where the card is on
top of the deck; every player's cash, the positions, owners, offices and flags are checked."""

import pytest

from magie.engine.agents import Scripted

from .helpers import cash, deck_ids, owner_of, player, space, stack, turn
from .test_biznespolia_support import START_CASH, Recorder, bgame

NOTICE_E = 24


def draw(card: str, a: dict | None = None, b: dict | None = None, c: dict | None = None,
         dice=((1, 2),), pos: str = "housing_works"):
    """A (at `pos`) throws `dice[0]`, lands on a notice space and carries out `card`."""
    players = {"A": {"pos": pos, **(a or {})}, "B": dict(b or {}), "C": dict(c or {})}
    g = bgame(players, dice=list(dice), first="A")
    stack(g, "notice", card)
    turn(g, "A")
    assert g.dice.left == 0
    assert deck_ids(g, "notice")[-1] == card or card == "notice_14"
    return g


def test_the_deck_is_34_cards_numbered_as_in_the_source():
    g = bgame(["A", "B"], first="A")
    cards = g.ed.decks["notice"].cards
    assert [c.id for c in cards] == [f"notice_{i:02d}" for i in range(1, 36) if i != 10]
    assert all(c.text.get("en") and c.text.get("ru") for c in cards)
    assert cards[0].text["ru"].startswith("У вас меньше 200 β?")


# ---------------------------------------------------------------- money from the other players
@pytest.mark.parametrize("mine, expected", [
    (199, {"A": 229, "B": 970, "C": 20}),      # C has less than 30 and pays nothing (G32)
    (200, {"A": 200, "B": 1000, "C": 20}),     # not poor: nothing happens
])
def test_card_01_begging(mine, expected):
    g = draw("notice_01", {"cash": mine}, {"cash": 1000}, {"cash": 20})
    assert cash(g) == expected


def test_card_02_master_class():
    g = draw("notice_02", {"cash": 100}, {"cash": 1000}, {"cash": 49})
    assert cash(g) == {"A": 150, "B": 950, "C": 49}


# ---------------------------------------------------------------- pay the bank
@pytest.mark.parametrize("mine, left", [(999, 999), (1000, 800), (2999, 2599), (3000, 2400)])
def test_card_03_inflation_200_per_whole_thousand(mine, left):
    assert cash(draw("notice_03", {"cash": mine}))["A"] == left


@pytest.mark.parametrize("mine, left", [(1000, 1000), (1001, 901), (2345, 2111)])
def test_card_04_inflation_10_percent_above_1000_rounded_down(mine, left):
    assert cash(draw("notice_04", {"cash": mine}))["A"] == left


@pytest.mark.parametrize("mine, left", [(0, 0), (99, 90), (2345, 2111)])
def test_card_05_bad_deposit_10_percent(mine, left):
    g = draw("notice_05", {"cash": mine})
    assert cash(g) == {"A": left, "B": START_CASH, "C": START_CASH}


def _buildings():
    # 9 offices on the kolkhoz; light industry: two business centres and 4 offices
    return {"poultry_farm": 3, "dairy_farm": 3, "grain_elevator": 3,
            "sewing_factory": 5, "shoe_factory": 5, "textile_mill": 4}


@pytest.mark.parametrize("card, per_office, per_centre", [("notice_16", 15, 100), ("notice_17", 25, 125)])
def test_cards_16_17_pay_per_office_and_business_centre(card, per_office, per_centre):
    g = draw(card, {"cash": 1000, "owns": _buildings()})
    assert cash(g)["A"] == 1000 - (13 * per_office + 2 * per_centre)
    assert sum(g.level) == 23


@pytest.mark.parametrize("card, due", [("notice_16", 395), ("notice_17", 575)])
def test_cards_16_17_selling_to_pay_does_not_change_the_amount(card, due):
    g = draw(card, {"cash": 100, "owns": _buildings()})
    sold = 23 - sum(g.level)                          # each level sells back for 25
    assert sold == -(-(due - 100) // 25)
    assert cash(g)["A"] == 100 + 25 * sold - due and player(g, "A").alive


def test_card_24_speeding_fine_is_a_debt():
    g = draw("notice_24", {"cash": 50, "owns": {"poultry_farm": 0}})
    assert cash(g)["A"] == 0 and g.mortgaged[space(g.ed, "poultry_farm")]   # 50 + 30 - 80


@pytest.mark.parametrize("card, amount", [("notice_25", 130), ("notice_26", 180),
                                          ("notice_27", 40), ("notice_28", 115)])
def test_cards_25_to_28_insurance_pays_what_the_cash_does_not(card, amount):
    rich = draw(card, {"cash": 1000, "owns": {"poultry_farm": 0}})
    assert cash(rich) == {"A": 1000 - amount, "B": START_CASH, "C": START_CASH}
    poor = draw(card, {"cash": amount - 1, "owns": {"poultry_farm": 0}})
    assert cash(poor)["A"] == 0 and not poor.mortgaged[space(poor.ed, "poultry_farm")]


# ---------------------------------------------------------------- moves
def test_card_06_north_shopping_centre_forward_across_start():
    g = draw("notice_06", b={"owns": {"sc_north": 0}})
    assert player(g, "A").pos == space(g.ed, "sc_north")
    assert cash(g) == {"A": START_CASH + 450 - 25, "B": START_CASH + 25, "C": START_CASH}


def test_card_07_east_shopping_centre_unowned_is_offered():
    g = draw("notice_07", {"script": {"buy": ["buy"]}})
    assert player(g, "A").pos == space(g.ed, "sc_east") and owner_of(g, "sc_east") == "A"
    assert cash(g)["A"] == START_CASH + 450 - 200        # lap, then the purchase


def test_card_08_west_shopping_centre_no_lap():
    g = draw("notice_08", b={"owns": {"sc_west": 0, "sc_north": 0}})
    assert player(g, "A").pos == space(g.ed, "sc_west")
    assert cash(g) == {"A": START_CASH - 50, "B": START_CASH + 50, "C": START_CASH}


def test_card_09_south_shopping_centre_four_owned():
    shops = dict.fromkeys(["sc_north", "sc_east", "sc_south", "sc_west"], 0)
    g = draw("notice_09", b={"owns": shops})
    assert player(g, "A").pos == space(g.ed, "sc_south")
    assert cash(g) == {"A": START_CASH - 200, "B": START_CASH + 200, "C": START_CASH}


def test_card_11_nearest_company_rent_by_three_dice():
    # notice_e -> gas; B owns two services: 10 x (2 + 3 + 4)
    g = draw("notice_11", b={"owns": {"gas": 0, "water": 0}}, dice=[(1, 2), (2, 3, 4)])
    assert player(g, "A").pos == space(g.ed, "gas")
    assert cash(g) == {"A": START_CASH - 90, "B": START_CASH + 90, "C": START_CASH}


def test_card_11_crossing_start_pays_100_instead_of_the_salary_and_is_a_lap_end():
    # notice_h -> water across start: 100 replaces 450 - 50 (G26); the mortgage is still decided
    g = draw("notice_11", {"owns": {"sc_north": {"mortgaged": True}}, "script": {"redeem": ["release"]}},
             {"owns": {"water": 0}}, dice=[(1, 2), (1, 1, 1)], pos="savings_bank")
    assert player(g, "A").pos == space(g.ed, "water") and owner_of(g, "sc_north") is None
    assert cash(g) == {"A": START_CASH + 100 - 4 * 3, "B": START_CASH + 12, "C": START_CASH}


def test_card_11_an_unowned_company_is_offered_and_no_rent_roll_is_thrown():
    g = draw("notice_11", {"script": {"buy": ["buy"]}}, dice=[(1, 2)])
    assert owner_of(g, "gas") == "A" and cash(g)["A"] == START_CASH - 150
    assert g.dice.left == 0


def test_card_18_one_square_forward_and_40():
    g = draw("notice_18", b={"owns": {"radio_station": 0}})
    assert player(g, "A").pos == space(g.ed, "radio_station")
    assert cash(g) == {"A": START_CASH + 40 - 18, "B": START_CASH + 18, "C": START_CASH}


def test_card_19_one_square_back_and_20():
    g = draw("notice_19", b={"owns": {"newspaper": 0}})
    assert player(g, "A").pos == space(g.ed, "newspaper")
    assert cash(g) == {"A": START_CASH + 20 - 18, "B": START_CASH + 18, "C": START_CASH}


def test_card_20_three_squares_back_and_20():
    g = draw("notice_20", b={"owns": {"housing_works": 0}})
    assert player(g, "A").pos == space(g.ed, "housing_works")
    assert cash(g) == {"A": START_CASH + 20 - 16, "B": START_CASH + 16, "C": START_CASH}


def test_card_21_five_squares_back_and_20():
    g = draw("notice_21", b={"owns": {"cement_works": 0}})
    assert player(g, "A").pos == space(g.ed, "cement_works")
    assert cash(g) == {"A": START_CASH + 20 - 14, "B": START_CASH + 14, "C": START_CASH}


def test_card_20_back_across_start_pays_no_second_salary():
    # 43 -> 2 (notice_a) pays the lap; back 3 to central_bank completes no lap
    g = draw("notice_20", dice=[(1, 2)], pos="central_bank")
    assert player(g, "A").pos == space(g.ed, "central_bank")
    assert cash(g)["A"] == START_CASH + 450 + 20


def test_card_33_back_to_start_200_and_no_lap():
    # G27: no salary, no tax, no mortgage decision
    g = draw("notice_33", {"owns": {"sc_north": {"mortgaged": True}}})
    a = player(g, "A")
    assert a.pos == 0 and a.cash == START_CASH + 200 and owner_of(g, "sc_north") == "A"
    assert not [d for d in g.agents[0].asked if d.kind == "redeem"]


# ---------------------------------------------------------------- jail and the lawyer
@pytest.mark.parametrize("card, gain", [("notice_13", 20), ("notice_23", 100)])
def test_cards_13_23_receive_then_straight_to_jail(card, gain):
    g = draw(card)
    a = player(g, "A")
    assert a.in_jail and a.pos == space(g.ed, "jail") and a.cash == START_CASH + gain
    assert g.order[g.turn_idx].name == "B"


def test_card_14_good_lawyer_is_kept():
    g = draw("notice_14")
    assert player(g, "A").held_cards == [("notice", "notice_14")]
    assert "notice_14" not in deck_ids(g, "notice") and len(g.decks["notice"]) == 33


def test_card_15_good_lawyer_lasts_until_the_next_move():
    seen = []
    rec = Recorder()

    def watch(g, d):
        if d.kind == "manage" and d.window == "after_landing":
            seen.append(g.has_flag(d.player, "lawyer"))
        return rec(g, d)

    g = draw("notice_15", {"agent": Scripted(watch, name="A")})
    assert seen == [True] and player(g, "A").flags == {}     # gone at the end of the turn at the latest
    assert cash(g) == {"A": START_CASH, "B": START_CASH, "C": START_CASH}


# ---------------------------------------------------------------- receive from the bank
@pytest.mark.parametrize("mine, left", [(0, 0), (149, 298), (150, 150)])
def test_card_12_deflation_doubles_cash_under_150(mine, left):
    assert cash(draw("notice_12", {"cash": mine}))["A"] == left


def test_card_22_kickback():
    assert cash(draw("notice_22")) == {"A": START_CASH + 50, "B": START_CASH, "C": START_CASH}


@pytest.mark.parametrize("card, mine, left", [
    ("notice_29", 99, 199), ("notice_29", 100, 100), ("notice_30", 149, 249), ("notice_30", 150, 150)])
def test_cards_29_30_aid_for_the_poor(card, mine, left):
    assert cash(draw(card, {"cash": mine}))["A"] == left


@pytest.mark.parametrize("owns, gain", [({}, 140), ({"poultry_farm": 0, "dairy_farm": 0, "grain_elevator": 0}, 140),
                                        ({"poultry_farm": 1, "dairy_farm": 0, "grain_elevator": 0}, 0)])
def test_card_34_help_for_the_homeless_counts_buildings_not_lots(owns, gain):
    assert cash(draw("notice_34", {"owns": owns}))["A"] == START_CASH + gain


def test_card_35_beauty_contest_4():
    assert cash(draw("notice_35")) == {"A": START_CASH + 4, "B": START_CASH, "C": START_CASH}


# ---------------------------------------------------------------- casino (31)
@pytest.mark.parametrize("mine, throw, left", [
    (500, (3, 3), 560),        # a double: receive 10 x 6
    (500, (5, 6), 390),        # otherwise pay 10 x 11
    (50, (5, 6), 0),           # the insurance pays the rest
])
def test_card_31_casino(mine, throw, left):
    g = draw("notice_31", {"cash": mine, "owns": {"poultry_farm": 0}}, dice=[(1, 2), throw])
    assert cash(g) == {"A": left, "B": START_CASH, "C": START_CASH}
    assert not g.mortgaged[1] and g.order[g.turn_idx].name == "B"     # the casino double is not a move


# ---------------------------------------------------------------- building loan (32)
KOLKHOZ = {"poultry_farm": 0, "dairy_farm": 0, "grain_elevator": 0}


def test_card_32_building_loan_one_office_at_half_price_outside_the_limit():
    g = draw("notice_32", {"cash": 100, "owns": KOLKHOZ})
    a = player(g, "A")
    assert a.cash == 75 and [g.level[i] for i in (1, 3, 4)] == [1, 0, 0]
    assert a.built_this_turn == 0                                    # G30: not one of the two a turn


@pytest.mark.parametrize("a", [
    {"cash": 24, "owns": KOLKHOZ},                                   # not enough cash for 25
    {"cash": 1000, "owns": {"poultry_farm": 0, "dairy_farm": 0}},    # no monopoly
    {"cash": 1000, "owns": dict.fromkeys(KOLKHOZ, 4)},               # an office only, not a business centre
    {"cash": 1000, "owns": {**KOLKHOZ, "dairy_farm": {"mortgaged": True}}},
])
def test_card_32_building_loan_without_a_legal_office_does_nothing(a):
    g = draw("notice_32", a)
    assert cash(g)["A"] == a["cash"] and not [d for d in g.agents[0].asked if d.kind == "place"]


def test_card_32_building_loan_may_be_declined():
    g = draw("notice_32", {"cash": 100, "owns": KOLKHOZ, "script": {"place": [None]}})
    assert cash(g)["A"] == 100 and sum(g.level) == 0
