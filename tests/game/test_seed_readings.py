"""Issue 11: the rules of the seed texts as written, each with a position where the readings
give different results (forced dice, exact cash, owners, the bank's stock)."""

import pytest

from .helpers import deck_ids, edition, game, player, space, turn


# ---------------------------------------------------------------- item 2: lifting a mortgage online
@pytest.mark.parametrize("reading, cost", [("price", 440), ("mortgage", 220)])
def test_online_lifting_a_mortgage_costs_the_full_price_plus_ten_percent(reading, cost):
    # seed 001: mortgaging pays "half the cost of the lot", lifting costs "its full cost, plus
    # 10% on top": arbat (price 400, mortgage 200) costs 440; the classic reading 200 + 20
    ed = edition("classic", "online", rules={"mortgage": {"lift_base": reading}})
    g = game(ed, {"A": {"cash": 1000, "owns": {"arbat": {"mortgaged": True}}}, "B": {}})
    a = player(g, "A")
    assert g.unmortgage_cost(space(ed, "arbat")) == cost
    g.apply_action(a, ("unmortgage", space(ed, "arbat")), "before_roll")
    assert a.cash == 1000 - cost and not g.mortgaged[space(ed, "arbat")]
    # mortgaging again pays the printed value, half the price
    g.apply_action(a, ("mortgage", space(ed, "arbat")), "before_roll")
    assert a.cash == 1000 - cost + 200


def test_online_overlay_picks_the_price_reading():
    assert edition("classic", "online").rules.lift_base == "price"
    assert edition("classic").rules.lift_base == "mortgage"


# ---------------------------------------------------------------- item 9: a kept card after the third throw
def _third_failed_throw(reading: bool, answer: str):
    ed = edition(rules={"jail": {"card_after_attempts": reading}})
    g = game(ed, {"A": {"cash": 500, "jail": 2, "cards": ["chance_jail_free"],
                        "script": {"jail": ["roll", answer]}}, "B": {}},
             dice=[(1, 2)], first="A")
    turn(g, "A")
    return g, player(g, "A")


def test_c15_a_kept_card_replaces_the_forced_fine():
    # case C15: the third failed throw; A uses the held card instead of paying 50 and moves 3
    g, a = _third_failed_throw(True, "card")
    assert not a.in_jail and a.pos == space(g.ed, "jail") + 3
    assert a.cash == 500 and a.held_cards == [] and deck_ids(g, "chance")[-1] == "chance_jail_free"


def test_c15_the_player_may_still_pay_and_keep_the_card():
    g, a = _third_failed_throw(True, "pay")
    assert a.cash == 450 and a.held_cards == [("chance", "chance_jail_free")]


def test_c15_without_the_parameter_the_fine_is_forced():
    g, a = _third_failed_throw(False, "card")      # never asked: the second answer stays unused
    assert a.cash == 450 and a.held_cards == [("chance", "chance_jail_free")]
    assert not a.in_jail and a.pos == space(g.ed, "jail") + 3


def test_classic_picks_the_card_reading():
    assert edition().rules.jail_card_after_attempts is True
