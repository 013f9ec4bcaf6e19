"""Scenario tests of the classic rules (../shared/rules/classic.md), forced dice and cards, exact
states. The rule cases of ../shared/cases are in test_cases.py; the cards in test_cards_classic.py."""

import pytest

from magie.engine.agents import Scripted
from magie.engine.errors import GameError, IllegalDecision
from magie.engine.game.decisions import TradeOffer
from magie.engine.game.dice import ForcedDice
from magie.engine.game.game import Game

from .helpers import cash, deck_ids, edition, game, owner_of, player, space, stack, turn


# ---------------------------------------------------------------- order of play [000] 3.1-3.2
def test_highest_throw_starts_and_play_passes_to_the_left():
    ed = edition()
    agents = [(n, Scripted(name=n)) for n in "ABC"]
    g = Game(ed, agents, dice=ForcedDice([(1, 2), (6, 5), (3, 3)]), deal=False)
    assert [p.name for p in g.order] == ["B", "C", "A"]


def test_tied_highest_throws_are_thrown_again():
    ed = edition()
    agents = [(n, Scripted(name=n)) for n in "ABC"]
    g = Game(ed, agents, dice=ForcedDice([(6, 6), (1, 1), (6, 6), (2, 3), (4, 4)]), deal=False)
    assert g.order[0].name == "C" and [p.name for p in g.order] == ["C", "A", "B"]
    assert g.dice.left == 0


def test_ranking_order_follows_the_throws():
    ed = edition(rules={"turn_order": "ranking"})
    agents = [(n, Scripted(name=n)) for n in "ABC"]
    g = Game(ed, agents, dice=ForcedDice([(1, 2), (6, 5), (3, 3)]), deal=False)
    assert [p.name for p in g.order] == ["B", "C", "A"]
    g2 = Game(ed, agents, dice=ForcedDice([(5, 5), (1, 2), (3, 3)]), deal=False)
    assert [p.name for p in g2.order] == ["A", "C", "B"]


# ---------------------------------------------------------------- doubles and salary
def test_a_double_gives_another_throw():
    g = game(edition(), ["A", "B"], dice=[(1, 1), (2, 3)], first="A")
    turn(g)
    assert player(g, "A").pos == 7 and g.dice.left == 0 and g.order[g.turn_idx].name == "B"


def test_salary_on_passing_start():
    g = game(edition(), {"A": {"pos": "luxury_tax"}, "B": {}}, dice=[(2, 1)], first="A")
    turn(g)
    assert player(g, "A").pos == 1 and cash(g)["A"] == 1700


def test_salary_on_landing_exactly_on_start():
    g = game(edition(), {"A": {"pos": "luxury_tax"}, "B": {}}, dice=[(1, 1), (1, 2)], first="A")
    turn(g)
    assert cash(g)["A"] == 1700 and player(g, "A").pos == 3


def test_salary_twice_in_one_turn_by_card():
    g = game(edition(), {"A": {"pos": "arbat"}, "B": {}}, dice=[(2, 1)], first="A")
    stack(g, "chest", "chest_go")
    turn(g)
    assert cash(g)["A"] == 1900 and player(g, "A").pos == 0


# ---------------------------------------------------------------- buying
def test_buying_at_the_printed_price():
    g = game(edition(), {"A": {"script": {"buy": ["buy"]}}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    assert owner_of(g, "nagatinskaya") == "A" and cash(g)["A"] == 1440


def test_a_player_short_of_cash_raises_money_to_buy():
    g = game(edition(), {"A": {"cash": 50, "owns": {"arbat": 0}, "script": {"buy": ["buy"]}}, "B": {}},
             dice=[(1, 2)], first="A")
    turn(g)
    assert owner_of(g, "nagatinskaya") == "A" and g.mortgaged[space(g.ed, "arbat")]
    assert cash(g)["A"] == 50 + 200 - 60


def test_a_player_who_cannot_raise_the_price_may_only_decline():
    g = game(edition(), {"A": {"cash": 50}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    buy = [d for d in g.agents[0].asked if d.kind == "buy"][0]
    assert list(buy.options) == ["decline"]


def test_online_reading_the_decliner_may_not_bid():
    ed = edition(rules={"auction": {"decliner_may_bid": False}})
    g = game(ed, {"A": {"script": {"bid": [10]}}, "B": {"script": {"bid": [20]}}}, dice=[(1, 2)], first="A")
    turn(g)
    assert owner_of(g, "nagatinskaya") == "B" and cash(g)["B"] == 1480
    assert not [d for d in g.agents[0].asked if d.kind == "bid"]


def test_auction_opening_bid_and_step_are_parameters():
    ed = edition(rules={"auction": {"start": "price // 2", "step": 10}})
    g = game(ed, {"A": {"script": {"bid": [None]}}, "B": {"script": {"bid": [30]}}}, dice=[(1, 2)], first="A")
    turn(g)
    bids = [d for d in g.agents[1].asked if d.kind == "bid"]
    assert bids[0].min == 30          # half of 60
    assert owner_of(g, "nagatinskaya") == "B" and cash(g)["B"] == 1470


def test_a_bid_below_the_minimum_from_a_bot_stops_the_game_with_a_clear_error():
    g = game(edition(), {"A": {"script": {"bid": [0]}}, "B": {}}, dice=[(1, 2)], first="A")
    with pytest.raises(GameError, match=r"bot 'A'.*'bid'.*at least 1"):
        turn(g)


def test_declined_purchase_stays_with_the_bank_when_the_edition_has_no_auction():
    ed = edition(rules={"purchase": {"declined": "none"}})
    g = game(ed, {"A": {}, "B": {"script": {"bid": [10]}}}, dice=[(1, 2)], first="A")
    turn(g)
    assert owner_of(g, "nagatinskaya") is None and cash(g) == {"A": 1500, "B": 1500}


# ---------------------------------------------------------------- rent
@pytest.mark.parametrize("level, rent", [(1, 20), (2, 60), (3, 180), (4, 320), (5, 450)])
def test_street_rent_by_buildings(level, rent):
    owns = {"zhitnaya": min(level, 4) if level < 5 else 5, "nagatinskaya": level}
    g = game(edition(), {"A": {"cash": 1000, "owns": owns}, "B": {}}, dice=[(1, 2)], first="B")
    turn(g)
    assert cash(g) == {"A": 1000 + rent, "B": 1500 - rent}


def test_no_double_rent_on_an_incomplete_group():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"nagatinskaya": 0}}, "B": {}}, dice=[(1, 2)], first="B")
    turn(g)
    assert cash(g)["A"] == 1004


def test_nearest_railroad_card_pays_double():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"kazan_railway": 0, "riga_railway": 0}},
                         "B": {"pos": "vavilova"}}, dice=[(2, 2), (3, 1)], first="B")
    stack(g, "chance", "chance_railway_1")
    turn(g)
    # 18 -> 22 (chance) -> nearest railway 25, rent 50 doubled; then the double: 25 -> 29
    assert cash(g)["A"] == 1100 and player(g, "B").pos == space(g.ed, "smolenskaya")


def test_owner_may_be_made_to_claim_rent():
    ed = edition(rules={"rent": {"claim": "owner_claims"}})
    g = game(ed, {"A": {"cash": 1000, "owns": {"nagatinskaya": 0}, "script": {"claim": [False]}}, "B": {}},
             dice=[(1, 2)], first="B")
    turn(g)
    assert cash(g) == {"A": 1000, "B": 1500}


# ---------------------------------------------------------------- taxes
@pytest.mark.parametrize("start, paid", [("go", 200), ("kutuzovsky", 100)])
def test_tax_spaces(start, paid):
    g = game(edition(), {"A": {"pos": start}, "B": {}}, dice=[(1, 3)], first="A")
    turn(g)
    assert cash(g)["A"] == 1500 - paid


# ---------------------------------------------------------------- cards
def test_drawn_cards_go_to_the_bottom_in_order():
    g = game(edition(), {"A": {"pos": "chest_2"}, "B": {}}, dice=[(2, 3)], first="A")
    stack(g, "chance", "chance_dividend", "chance_speeding")
    turn(g)
    assert deck_ids(g, "chance")[0] == "chance_speeding" and deck_ids(g, "chance")[-1] == "chance_dividend"


def test_decks_are_shuffled_by_the_seed():
    ed = edition()
    def make(seed):
        return Game(ed, [("A", Scripted()), ("B", Scripted())], seed=seed, first=0)
    assert deck_ids(make(1), "chance") == deck_ids(make(1), "chance")
    assert deck_ids(make(1), "chance") != deck_ids(make(2), "chance")


# ---------------------------------------------------------------- jail
def test_third_failed_attempt_pays_the_fine_and_moves():
    g = game(edition(), {"A": {"jail": 2}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    a = player(g, "A")
    assert not a.in_jail and a.pos == space(g.ed, "sretenka") and a.cash == 1450


def test_a_failed_attempt_stays_in_jail():
    g = game(edition(), {"A": {"jail": 0}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    a = player(g, "A")
    assert a.in_jail and a.jail_attempts == 1 and a.pos == g.ed.jail_index and a.cash == 1500


def test_online_reading_leaves_free_after_the_third_failure():
    ed = edition(rules={"jail": {"after_attempts": "move"}})
    g = game(ed, {"A": {"jail": 2}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    assert not player(g, "A").in_jail and cash(g)["A"] == 1500


def test_jail_fine_cannot_be_paid_without_the_cash():
    g = game(edition(), {"A": {"jail": 0, "cash": 40}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    jail = [d for d in g.agents[0].asked if d.kind == "jail"][0]
    assert "pay" not in jail.options and "roll" in jail.options


# ---------------------------------------------------------------- building
def test_houses_before_a_hotel_and_the_hotel_returns_them():
    g = game(edition(), {"A": {"cash": 2000, "owns": {"zhitnaya": 4, "nagatinskaya": 3}}, "B": {}})
    a = player(g, "A")
    z, n = space(g.ed, "zhitnaya"), space(g.ed, "nagatinskaya")
    with pytest.raises(IllegalDecision, match="evenly"):
        g.check_action(a, ("build", z), "after_landing")
    g.apply_action(a, ("build", n), "after_landing")
    assert g.houses == 24
    g.check_action(a, ("build", z), "after_landing")
    g.apply_action(a, ("build", z), "after_landing")
    assert g.level[z] == 5 and g.houses == 28 and g.hotels == 11 and a.cash == 1900


def test_quick_reading_three_houses_before_a_hotel():
    ed = edition(rules={"buildings": {"houses_before_hotel": 3}})
    g = game(ed, {"A": {"cash": 2000, "owns": {"zhitnaya": 3, "nagatinskaya": 3}}, "B": {}})
    a = player(g, "A")
    z = space(g.ed, "zhitnaya")
    g.apply_action(a, ("build", z), "after_landing")
    assert g.level[z] == 4 and g.hotels_of(a) == 1 and g.houses == 32 - 3 and g.rent_level(z) == 5


def test_buildings_sell_back_at_half_and_evenly():
    g = game(edition(), {"A": {"cash": 0, "owns": {"zhitnaya": 2, "nagatinskaya": 1}}, "B": {}})
    a = player(g, "A")
    with pytest.raises(IllegalDecision, match="evenly"):
        g.check_action(a, ("sell", space(g.ed, "nagatinskaya")), "after_landing")
    g.apply_action(a, ("sell", space(g.ed, "zhitnaya")), "after_landing")
    assert a.cash == 25 and g.houses == 30


def test_hotel_sold_outright_brings_half_of_hotel_and_houses():
    g = game(edition(), {"A": {"cash": 0, "owns": {"zhitnaya": 5, "nagatinskaya": 5}}, "B": {}})
    g.apply_action(player(g, "A"), ("sell_all", "brown"), "after_landing")
    assert cash(g)["A"] == 2 * (50 + 4 * 50) // 2 and g.hotels == 12 and g.houses == 32


def test_per_turn_building_limits():
    ed = edition(rules={"buildings": {"max_per_turn": 2}})
    g = game(ed, {"A": {"cash": 2000, "owns": {"zhitnaya": 0, "nagatinskaya": 0}}, "B": {}})
    a = player(g, "A")
    g.apply_action(a, ("build", space(g.ed, "zhitnaya")), "after_landing")
    g.apply_action(a, ("build", space(g.ed, "nagatinskaya")), "after_landing")
    with pytest.raises(IllegalDecision, match="at most 2"):
        g.check_action(a, ("build", space(g.ed, "zhitnaya")), "after_landing")


def test_shortage_auction_for_the_last_house():
    owns_a = {"zhitnaya": 0, "nagatinskaya": 0}
    owns_b = {"varshavskoe": 1, "ogaryova": 0, "first_parkovaya": 0}
    g = game(edition(), {"A": {"cash": 1000, "owns": owns_a},
                         "B": {"cash": 1000, "owns": owns_b,
                               "script": {"bid": [70], "place": [space(edition(), "ogaryova")]}}},
             houses=1)
    a = player(g, "A")
    g.agents[0].answers["bid"] = [None]
    g.apply_action(a, ("build", space(g.ed, "zhitnaya")), "after_landing")
    assert g.level[space(g.ed, "ogaryova")] == 1 and g.level[space(g.ed, "zhitnaya")] == 0
    assert cash(g) == {"A": 1000, "B": 930} and g.houses == 0


# ---------------------------------------------------------------- mortgages and trades
def test_mortgaged_deed_traded_pays_ten_percent_now_and_again_when_lifted():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"arbat": {"mortgaged": True}}},
                         "B": {"cash": 1000, "script": {"trade": ["accept"], "inherited_mortgage": ["keep"]}}})
    a, b = player(g, "A"), player(g, "B")
    offer = TradeOffer(a.seat, b.seat, give_deeds=(space(g.ed, "arbat"),), get_cash=100)
    g.check_action(a, ("trade", offer), "after_landing")
    g.apply_action(a, ("trade", offer), "after_landing")
    assert owner_of(g, "arbat") == "B" and cash(g) == {"A": 1100, "B": 1000 - 100 - 20}
    g.apply_action(b, ("unmortgage", space(g.ed, "arbat")), "after_landing")
    assert cash(g)["B"] == 880 - 220


def test_no_trade_of_a_lot_whose_group_has_buildings():
    g = game(edition(), {"A": {"owns": {"zhitnaya": 1, "nagatinskaya": 1}}, "B": {}})
    offer = TradeOffer(0, 1, give_deeds=(space(g.ed, "zhitnaya"),), get_cash=10)
    with pytest.raises(IllegalDecision, match="buildings"):
        g.check_action(player(g, "A"), ("trade", offer), "after_landing")


def test_online_reading_no_trade_of_mortgaged_deeds():
    ed = edition(rules={"trade": {"mortgaged": False}})
    g = game(ed, {"A": {"owns": {"arbat": {"mortgaged": True}}}, "B": {}})
    offer = TradeOffer(0, 1, give_deeds=(space(g.ed, "arbat"),), get_cash=10)
    with pytest.raises(IllegalDecision, match="mortgaged"):
        g.check_action(player(g, "A"), ("trade", offer), "after_landing")


def test_get_out_of_jail_card_sold_for_cash():
    g = game(edition(), {"A": {"cards": ["chance_jail_free"]}, "B": {"script": {"trade": ["accept"]}}})
    offer = TradeOffer(0, 1, give_cards=(("chance", "chance_jail_free"),), get_cash=30)
    g.apply_action(player(g, "A"), ("trade", offer), "after_landing")
    assert player(g, "B").held_cards == [("chance", "chance_jail_free")] and cash(g) == {"A": 1530, "B": 1470}


def test_trade_while_in_debt_is_a_parameter():
    ed = edition(rules={"trade": {"while_in_debt": False}})
    g = game(ed, {"A": {"owns": {"arbat": 0}}, "B": {}})
    offer = TradeOffer(0, 1, give_deeds=(space(g.ed, "arbat"),), get_cash=10)
    with pytest.raises(IllegalDecision, match="payment is owed"):
        g.check_action(player(g, "A"), ("trade", offer), "raise")


# ---------------------------------------------------------------- bankruptcy to a player, winner
def test_bankrupt_to_a_player_creditor_takes_cash_deeds_and_pays_interest():
    owns_b = {"zhitnaya": 1, "nagatinskaya": 1, "malaya_bronnaya": {"mortgaged": True}}
    g = game(edition(), {"A": {"cash": 1000, "owns": {"arbat": 5}},
                         "B": {"cash": 100, "pos": "chance_3", "owns": owns_b, "cards": ["chest_jail_free"]},
                         "C": {}}, dice=[(1, 2)], first="B")
    turn(g)
    b, a = player(g, "B"), player(g, "A")
    assert not b.alive
    # B could raise 100 + 2 houses at 25 + brown mortgaged (30 + 30) = 210 < 2000 rent: bankrupt at
    # once; the houses are sold to the bank (+50), A gets B's 150, the deeds as they are, the card
    assert owner_of(g, "zhitnaya") == "A" and owner_of(g, "malaya_bronnaya") == "A"
    assert g.level[space(g.ed, "zhitnaya")] == 0 and g.houses == 32
    assert not g.mortgaged[space(g.ed, "zhitnaya")] and g.mortgaged[space(g.ed, "malaya_bronnaya")]
    assert a.held_cards == [("chest", "chest_jail_free")]
    # and pays 10% of the mortgage value of malaya_bronnaya at once: 17.5 rounded up
    assert a.cash == 1000 + 150 - 18


def test_last_player_standing_wins():
    g = game(edition(), {"A": {"cash": 1000, "owns": {"arbat": 5}}, "B": {"cash": 10, "pos": "chance_3"}},
             dice=[(1, 2)], first="B")
    turn(g)
    assert g.over and g.end_reason == "last_standing" and [p.name for p in g.winners] == ["A"]


def _builder(check_first: bool, meanwhile=None):
    """An agent that builds on zhitnaya once in the manage window after landing: it checks the
    build first (as the bots do) when `check_first`, then does `meanwhile(game, player)`."""
    from magie.engine.game.decisions import DONE, FunctionAgent
    done: list[bool] = []

    def decide(g, d):
        if d.kind != "manage" or d.ctx["window"] != "after_landing" or done:
            return DONE if d.kind == "manage" else Scripted().decide(g, d)
        done.append(True)
        z = space(g.ed, "zhitnaya")
        if check_first:
            assert g.build_problem(d.player, z, "after_landing") is None
        if meanwhile is not None:
            meanwhile(g, d.player)
        return ("build", z)
    return FunctionAgent("builder", decide)


def test_a_build_the_bot_checked_is_built_and_a_change_after_its_check_is_still_refused():
    # the engine passes a build answer whose check just passed in the same state (buildings.py,
    # buildings.build_stamp), and checks it in full whenever anything it reads changed since
    def play(check_first, meanwhile=None):
        g = game(edition(), {"A": {"cash": 1000, "pos": "go", "owns": {"zhitnaya": 0, "nagatinskaya": 0},
                                   "agent": _builder(check_first, meanwhile)}, "B": {}},
                 dice=[(1, 2)], first="A")
        turn(g, "A")
        return g
    for check_first in (True, False):
        g = play(check_first)
        z = space(g.ed, "zhitnaya")
        assert g.level[z] == 1 and player(g, "A").cash == 1000 - 50 and g.houses == 31
    def mortgage_the_other(g, p):          # by the engine's own procedures, after the check
        g.mortgage(p, space(g.ed, "nagatinskaya"))
        g.pay(p, None, 30, "tax")          # the same cash as at the check
    with pytest.raises(GameError, match="nagatinskaya in the group is mortgaged"):
        play(True, mortgage_the_other)
    def no_houses_left(g, p):
        g.houses = 0
    with pytest.raises(GameError, match="no houses left"):
        play(True, no_houses_left)


def test_a_check_made_before_the_decision_does_not_pass_its_answer():
    # A checks the build before rolling, then a direct write (no version moves) mortgages the
    # group's other lot; after landing A answers the build unchecked: the engine checks in full
    from magie.engine.game.decisions import DONE, FunctionAgent

    built: list[bool] = []

    def decide(g, d):
        z, n = space(g.ed, "zhitnaya"), space(g.ed, "nagatinskaya")
        if d.ctx["window"] == "before_roll":
            assert g.build_problem(d.player, z, "after_landing") is None
            g.mortgaged[n] = True
            return DONE
        if built:
            return DONE
        built.append(True)
        return ("build", z)
    agent = FunctionAgent("builder", decide)
    g = game(edition(), {"A": {"cash": 1000, "pos": "go", "owns": {"zhitnaya": 0, "nagatinskaya": 0},
                               "agent": agent}, "B": {}}, dice=[(1, 2)], first="A")
    with pytest.raises(GameError, match="mortgaged"):
        turn(g, "A")
