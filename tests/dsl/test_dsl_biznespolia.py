"""The 34 Biznespolia notice cards (../shared/rules/biznespolia.md section 5), written in the DSL
on the test board (tests/dsl/board.yaml), checked, compiled, and run on the fake game with the
readings and suggestions of the digest."""

from __future__ import annotations

import pytest

from magie.engine.dsl import check_edition

# Space indices on the test board.
START, CENTRAL_BANK, SAVINGS_BANK, STATE_BANK, TC_NORTH = 0, 1, 3, 4, 5
WATER, JAIL, COURT, POWER, TC_EAST, GAS, TC_SOUTH, HEATING, TC_WEST = 7, 10, 11, 12, 14, 17, 19, 21, 22


def test_the_board_checks_clean(board):
    assert check_edition(*board) == []


def test_the_deck_has_34_cards_numbered_1_to_35_without_10(board):
    ids = [c["id"] for c in board[0]["decks"][0]["cards"]]
    assert ids == [f"n{i:02d}" for i in range(1, 36) if i != 10]


# ---------------------------------------------------------------- money from other players

@pytest.mark.parametrize("cash, expected", [
    (199, [199 + 30 + 30, 1470, 1470, 20]),   # two can pay, one has only 20
    (200, [200, 1500, 1500, 20]),             # not poor: nothing happens
])
def test_n01_begging(cards, new_game, cash, expected):
    g = new_game(players=4)
    g.players[0].cash = cash
    g.players[3].cash = 20
    cards["n01"](g, g.players[0])
    assert [p.cash for p in g.players] == expected
    assert all(c[0] == "pay" and c[2] == 0 and c[3] == 30 for c in g.calls)


def test_n02_master_class(cards, new_game):
    g = new_game(players=3)
    g.players[2].cash = 49
    cards["n02"](g, g.players[0])
    assert g.calls == [("pay", 1, 0, 50, "card")]
    assert [p.cash for p in g.players] == [1550, 1450, 49]


# ---------------------------------------------------------------- pay the bank

@pytest.mark.parametrize("cash, paid", [(999, 0), (1000, 200), (2999, 400), (3000, 600)])
def test_n03_inflation_whole_thousands(cards, new_game, cash, paid):
    g = new_game()
    me = g.players[0]
    me.cash = cash
    cards["n03"](g, me)
    assert g.calls == [("pay", 0, None, paid, "card")]
    assert me.cash == cash - paid


@pytest.mark.parametrize("cash, paid", [(1000, None), (1001, 100), (2345, 234)])
def test_n04_inflation_ten_percent_above_1000(cards, new_game, cash, paid):
    g = new_game()
    me = g.players[0]
    me.cash = cash
    cards["n04"](g, me)
    assert g.calls == ([] if paid is None else [("pay", 0, None, paid, "card")])


@pytest.mark.parametrize("cash, paid", [(0, 0), (99, 9), (2345, 234)])
def test_n05_bad_deposit(cards, new_game, cash, paid):
    g = new_game()
    me = g.players[0]
    me.cash = cash
    cards["n05"](g, me)
    assert me.cash == cash - paid


def test_n16_n17_repairs_counted_when_drawn(cards, new_game):
    g = new_game()
    me = g.players[0]
    for lot, level in ((CENTRAL_BANK, 3), (SAVINGS_BANK, 5), (STATE_BANK, 4)):
        g.owner[lot] = me
        g.level[lot] = level
    cards["n16"](g, me)
    cards["n17"](g, me)
    assert g.calls == [("pay", 0, None, 15 * 7 + 100, "card"),
                       ("pay", 0, None, 25 * 7 + 125, "card")]


def test_n24_speeding_fine_is_a_normal_debt(cards, new_game):
    g = new_game()
    me = g.players[0]
    me.cash = 50
    cards["n24"](g, me)
    assert g.calls == [("pay", 0, None, 80, "card")]
    assert not me.alive                         # the fake bankrupts a player who cannot pay


@pytest.mark.parametrize("card, amount", [("n25", 130), ("n26", 180), ("n27", 40), ("n28", 115)])
@pytest.mark.parametrize("cash", [0, 39, 1000])
def test_n25_to_n28_insurance_pays_the_rest(cards, new_game, card, amount, cash):
    g = new_game()
    me = g.players[0]
    me.cash = cash
    cards[card](g, me)
    assert g.calls == [("pay", 0, None, min(cash, amount), "card")]
    assert me.alive and me.cash == cash - min(cash, amount)


# ---------------------------------------------------------------- receive from the bank

@pytest.mark.parametrize("card, cash, gain", [
    ("n12", 149, 149), ("n12", 0, 0), ("n12", 150, None),
    ("n22", 10, 50),
    ("n29", 99, 100), ("n29", 100, None),
    ("n30", 149, 100), ("n30", 150, None),
    ("n35", 10, 4),
])
def test_money_from_the_bank(cards, new_game, card, cash, gain):
    g = new_game()
    me = g.players[0]
    me.cash = cash
    cards[card](g, me)
    assert g.calls == ([] if gain is None else [("pay", None, 0, gain, "card")])


def test_n34_help_for_the_homeless(cards, new_game):
    g = new_game()
    me = g.players[0]
    g.owner[CENTRAL_BANK] = me                 # a lot is not a building
    cards["n34"](g, me)
    assert me.cash == 1640
    g.level[CENTRAL_BANK] = 1
    cards["n34"](g, me)
    assert me.cash == 1640


# ---------------------------------------------------------------- moves

@pytest.mark.parametrize("card, target", [("n06", TC_NORTH), ("n07", TC_EAST), ("n08", TC_WEST),
                                          ("n09", TC_SOUTH)])
def test_n06_to_n09_shopping_centres_forward(cards, new_game, card, target):
    g = new_game()
    me = g.players[0]
    me.pos = 13
    cards[card](g, me)
    assert g.calls == [("move_to", 0, target, True, None, False, None)]
    assert me.pos == target
    assert me.cash == (1500 + 200 if target < 13 else 1500)     # Start passed: lap salary


def test_n11_nearest_utility_three_dice_salary_100(cards, new_game):
    g = new_game(dice=[6, 5, 4])
    me, owner = g.players[0], g.players[1]
    me.pos = 23
    g.owner[WATER] = owner
    g.normal_rent = lambda space, dice: 4 * dice.total
    cards["n11"](g, me)
    _, seat, space, forward, salary, has_rent, dice = g.calls[0]
    assert (seat, space, forward, salary, has_rent) == (0, WATER, True, 100, False)
    assert g.calls[1] == ("roll", 3, (6, 5, 4))        # thrown when the rent is due, not before
    assert g.calls[2] == ("rent", 0, 1, 60)
    assert me.cash == 1500 + 100 - 60


def test_n18_forward_one_after_the_money(cards, new_game):
    g = new_game()
    me = g.players[0]
    me.pos = 23
    cards["n18"](g, me)
    assert g.calls == [("pay", None, 0, 40, "card"), ("move_by", 0, 1, None, False, None)]
    assert (me.pos, me.cash) == (0, 1500 + 40 + 200)


@pytest.mark.parametrize("card, steps", [("n19", 1), ("n20", 3), ("n21", 5)])
def test_n19_to_n21_backwards_no_lap(cards, new_game, card, steps):
    g = new_game()
    me = g.players[0]
    me.pos = 2
    cards[card](g, me)
    assert g.calls == [("pay", None, 0, 20, "card"), ("move_by", 0, -steps, None, False, None)]
    assert (me.pos, me.cash) == ((2 - steps) % 24, 1520)


def test_n33_back_to_start_with_200_and_no_lap(cards, new_game):
    g = new_game()
    me = g.players[0]
    me.pos = 15
    cards["n33"](g, me)
    assert g.calls == [("pay", None, 0, 200, "card"), ("move_to", 0, START, False, None, False,
                                                        None)]
    assert (me.pos, me.cash) == (START, 1700)


@pytest.mark.parametrize("card, gain", [("n13", 20), ("n23", 100)])
def test_n13_n23_money_then_jail(cards, new_game, card, gain):
    g = new_game()
    me = g.players[0]
    cards[card](g, me)
    assert g.calls == [("pay", None, 0, gain, "card"), ("go_to_jail", 0)]
    assert me.in_jail and me.pos == JAIL


# ---------------------------------------------------------------- lawyers, casino, building loan

def test_n14_good_lawyer_is_kept(cards, new_game):
    g = new_game()
    cards["n14"](g, g.players[1])
    assert g.calls == [("keep_card", 1, "n14", "get_out_of_jail")]


def test_n15_lawyer_flag_until_end_of_turn(cards, new_game):
    g = new_game()
    cards["n15"](g, g.players[0])
    assert g.calls == [("set_flag", 0, "lawyer", "end_of_turn")]


@pytest.mark.parametrize("dice, cash, expected_call, cash_after", [
    ([4, 4], 500, ("pay", None, 0, 80, "card"), 580),      # doubles: win 10 x 8
    ([6, 6], 0, ("pay", None, 0, 120, "card"), 120),
    ([3, 4], 500, ("pay", 0, None, 70, "card"), 430),      # no doubles: pay 10 x 7
    ([6, 5], 50, ("pay", 0, None, 50, "card"), 0),         # insurance covers the rest
])
def test_n31_casino(cards, new_game, dice, cash, expected_call, cash_after):
    g = new_game(dice=dice)
    me = g.players[0]
    me.cash = cash
    cards["n31"](g, me)
    assert g.calls == [("roll", 2, tuple(dice)), expected_call]
    assert me.cash == cash_after and me.alive


def test_n32_building_loan_half_price(cards, new_game):
    g = new_game()
    me = g.players[0]
    for lot in (CENTRAL_BANK, SAVINGS_BANK, STATE_BANK):
        g.owner[lot] = me
    g.build_choice = SAVINGS_BANK
    cards["n32"](g, me)
    assert g.calls == [("offer_build", 0, {CENTRAL_BANK: 25, SAVINGS_BANK: 25, STATE_BANK: 25})]
    assert me.cash == 1475 and g.level[SAVINGS_BANK] == 1


# ---------------------------------------------------------------- the court action

def test_court_when_and_do(compiled, new_game):
    when, do, bot = (compiled[f"/actions/0/{k}"] for k in ("when", "do", "bot"))
    g = new_game(dice=[3, 3, 5, 2])
    me, other = g.players[0], g.players[1]
    g.owner[CENTRAL_BANK] = me
    g.owner[SAVINGS_BANK] = other
    assert when(g, me, SAVINGS_BANK) is False           # not on the court, no lawyer
    g.last_landed = COURT
    assert when(g, me, SAVINGS_BANK) is True
    assert when(g, me, TC_NORTH) is False               # nobody owns it
    assert bot(g, me, SAVINGS_BANK) is False            # would not complete the group
    g.flags[(0, "lawyer")] = "end_of_turn"
    do(g, me, SAVINGS_BANK)                             # 3 against 3: the lawyer wins the tie
    assert g.calls[:4] == [("pay", 0, None, 90, "action"), ("roll", 1, (3,)), ("roll", 1, (3,)),
                           ("use_flag", 0, "lawyer")]
    assert g.owner[SAVINGS_BANK] is me
    g.owner[STATE_BANK] = other
    do(g, me, STATE_BANK)                               # 5 against 2: a plain win
    assert g.calls[-1] == ("transfer_deed", STATE_BANK, 0)
    assert g.calls[-4] == ("pay", 0, None, 120, "action")


def test_action_without_target(compiled, new_game):
    g = new_game(players=3)
    me = g.players[0]
    assert compiled["/actions/1/when"](g, me, None) is True
    compiled["/actions/1/do"](g, me, None)
    assert [p.cash for p in g.players] == [1480, 1510, 1510]
