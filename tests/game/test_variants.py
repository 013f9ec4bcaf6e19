"""The variants of ../shared/rules/variants.md: the quick and timed editions and the built-in
overlays, one scenario per difference from classic, forced dice, exact states."""

import pytest

from magie.engine.agents import Scripted
from magie.engine.errors import DecisionTimeout, IllegalDecision
from magie.engine.game.decisions import TradeOffer
from magie.engine.game.game import Game

from .helpers import cash, edition, game, owner_of, player, space, turn

DARK_BLUE_HOTELS = {"arbat": 4, "malaya_bronnaya": 4}


# ---------------------------------------------------------------- quick [000-Q]
def test_quick_deals_two_deeds_each_paid_at_once():
    ed = edition("quick")
    g = Game(ed, [(n, Scripted()) for n in "ABC"], seed=4, first=0)
    for p in g.players:
        assert len(p.deeds) == 2
        assert p.cash == 1500 - sum(ed.spaces[i].price for i in p.deeds)
    assert sum(1 for o in g.owner if o is not None) == 6


def test_quick_deal_is_one_deed_at_a_time_in_turn_order():
    ed = edition("quick")
    g = Game(ed, [(n, Scripted()) for n in "AB"], seed=4, first=1, log=__import__(
        "magie.engine.game.events", fromlist=["EventLog"]).EventLog())
    deals = [e["player"] for e in g.log.events if e["e"] == "deal"]
    assert deals == [1, 0, 1, 0]


def test_quick_hotel_after_three_houses():
    g = game(edition("quick"), {"A": {"cash": 1000, "owns": {"zhitnaya": 3, "nagatinskaya": 3}}, "B": {}})
    a = player(g, "A")
    g.apply_action(a, ("build", space(g.ed, "zhitnaya")), "after_landing")
    assert g.hotels_of(a) == 1 and g.houses == 32 - 3 and a.cash == 950


def test_quick_hotel_sells_back_for_half_of_hotel_and_three_houses():
    g = game(edition("quick"), {"A": {"cash": 0, "owns": {"arbat": 4, "malaya_bronnaya": 4}}, "B": {}})
    g.apply_action(player(g, "A"), ("sell_all", "dark_blue"), "raise")
    # (200 + 3 x 200) / 2 = 400 per hotel: one house less than classic's 500
    assert cash(g)["A"] == 800


def test_quick_net_worth_worked_example():
    # variants.md V1: cash 300, arbat and malaya_bronnaya with hotels, kazan railway mortgaged
    g = game(edition("quick"), {"A": {"cash": 300, "owns": {**DARK_BLUE_HOTELS, "kazan_railway": {"mortgaged": True}}},
                                "B": {}})
    assert g.net_worth(player(g, "A")) == 2750


def test_quick_ends_at_the_second_bankruptcy_and_the_richest_wins():
    owns_a = {"zhitnaya": 4, "nagatinskaya": 4}        # hotels on brown: rent 250 / 450
    g = game(edition("quick"), {"A": {"cash": 1000, "owns": owns_a},
                                "B": {"cash": 10, "pos": "go"},
                                "C": {"cash": 10, "pos": "go"},
                                "D": {"cash": 5000}},
             dice=[(1, 2), (1, 2)], first="B")
    turn(g, "B")          # B lands on nagatinskaya: bankrupt to A, the game goes on
    assert not player(g, "B").alive and not g.over
    turn(g, "C")          # the second bankruptcy ends the game
    assert g.over and g.end_reason == "condition"
    assert [p.name for p in g.winners] == ["D"]


def test_quick_the_last_bankrupt_hands_over_buildings_intact():
    owns_c = {"zhitnaya": 2, "nagatinskaya": 2}
    g = game(edition("quick"), {"A": {"cash": 1000, "owns": {"arbat": 4, "malaya_bronnaya": 4}},
                                "C": {"cash": 10, "owns": owns_c, "pos": "chance_3"},
                                "D": {"cash": 100}},
             dice=[(1, 2)], first="C")
    g.bankruptcies = 1     # one player went bankrupt earlier
    turn(g, "C")
    assert g.over
    z = space(g.ed, "zhitnaya")
    assert owner_of(g, "zhitnaya") == "A" and g.level[z] == 2       # the houses stand, now A's
    assert g.net_worth(player(g, "A")) > 1000 + 1350 + 60 + 60 + 4 * 50


def test_quick_with_two_players_the_first_bankruptcy_ends_it():
    g = game(edition("quick"), {"A": {"cash": 1000, "owns": {"nagatinskaya": 4, "zhitnaya": 4}},
                                "B": {"cash": 10}}, dice=[(1, 2)], first="B")
    turn(g)
    assert g.over and g.end_reason == "last_standing" and g.winners[0].name == "A"


# ---------------------------------------------------------------- timed [000-T]
def test_timed_ends_after_its_rounds_and_the_richest_wins():
    ed = edition("timed")
    assert ed.end.max_rounds == 40
    g = Game(ed, [(n, Scripted()) for n in "AB"], seed=8, first=0)
    assert all(len(p.deeds) == 2 for p in g.players)
    g.play()
    assert g.over and g.end_reason in ("round_limit", "last_standing")
    if g.end_reason == "round_limit":
        assert g.round == 41
        best = max(g.net_worth(p) for p in g.players if p.alive)
        assert all(g.net_worth(w) == best for w in g.winners)


def test_timed_keeps_four_houses_before_a_hotel():
    assert edition("timed").rules.houses_before_hotel == 4


# ---------------------------------------------------------------- online [001b]
def online():
    return edition("classic", "online")


def test_online_decliner_may_not_bid_and_unsold_stays():
    g = game(online(), {"A": {"script": {"bid": [10]}}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    assert not [d for d in g.agents[0].asked if d.kind == "bid"]
    assert owner_of(g, "nagatinskaya") is None


def test_online_houses_and_hotels_sell_back_at_full_price():
    g = game(online(), {"A": {"cash": 0, "owns": {"zhitnaya": 5, "nagatinskaya": 4}}, "B": {}})
    a = player(g, "A")
    g.apply_action(a, ("sell", space(g.ed, "zhitnaya")), "raise")     # hotel -> 4 houses + full hotel price
    assert a.cash == 50 and g.level[space(g.ed, "zhitnaya")] == 4
    g.apply_action(a, ("sell", space(g.ed, "nagatinskaya")), "raise")
    assert a.cash == 100


def test_online_no_double_rent_once_the_group_is_built():
    g = game(online(), {"A": {"cash": 1000, "owns": {"zhitnaya": 1, "nagatinskaya": 0}}, "B": {}},
             dice=[(1, 2)], first="B")
    turn(g)
    assert cash(g)["A"] == 1004


def test_online_utility_rent_always_uses_a_new_roll():
    g = game(online(), {"A": {"cash": 1000, "owns": {"power_station": 0}}, "B": {"pos": "ogaryova"}},
             dice=[(1, 3), (6, 6)], first="B")
    turn(g)
    assert cash(g)["A"] == 1000 + 4 * 12 and g.dice.left == 0


def test_online_jail_has_no_fine_and_leaves_free_after_three_throws():
    g = game(online(), {"A": {"jail": 2}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    jail = [d for d in g.agents[0].asked if d.kind == "jail"][0]
    assert "pay" not in jail.options
    assert not player(g, "A").in_jail and cash(g)["A"] == 1500


def test_online_builds_only_before_rolling_one_per_group():
    g = game(online(), {"A": {"cash": 1000, "owns": {"zhitnaya": 0, "nagatinskaya": 0}}, "B": {}})
    a = player(g, "A")
    with pytest.raises(IllegalDecision, match="before rolling"):
        g.check_action(a, ("build", space(g.ed, "zhitnaya")), "after_landing")
    g.apply_action(a, ("build", space(g.ed, "zhitnaya")), "before_roll")
    with pytest.raises(IllegalDecision, match="per group"):
        g.check_action(a, ("build", space(g.ed, "nagatinskaya")), "before_roll")


def test_online_trades_only_before_rolling_and_never_mortgaged_deeds():
    g = game(online(), {"A": {"owns": {"arbat": {"mortgaged": True}, "zhitnaya": 0}}, "B": {}})
    a = player(g, "A")
    plain = TradeOffer(0, 1, give_deeds=(space(g.ed, "zhitnaya"),), get_cash=10)
    with pytest.raises(IllegalDecision, match="before rolling"):
        g.check_action(a, ("trade", plain), "after_landing")
    g.check_action(a, ("trade", plain), "before_roll")
    mortgaged = TradeOffer(0, 1, give_deeds=(space(g.ed, "arbat"),), get_cash=10)
    with pytest.raises(IllegalDecision, match="mortgaged"):
        g.check_action(a, ("trade", mortgaged), "before_roll")


def test_online_bankrupt_to_a_player_the_bank_pays_the_debt():
    g = game(online(), {"A": {"cash": 1000, "owns": {"arbat": 5}},
                        "B": {"cash": 100, "pos": "chance_3", "owns": {"zhitnaya": 0}},
                        "C": {}}, dice=[(1, 2)], first="B")
    turn(g)
    assert not player(g, "B").alive
    assert cash(g)["A"] == 1000 + 2000               # the whole rent, from the bank
    assert owner_of(g, "zhitnaya") is None           # back on free sale


def test_online_bankrupt_to_the_bank_no_auction():
    g = game(online(), {"A": {"script": {"bid": [100]}}, "B": {"cash": 20, "pos": "leningrad_railway",
                                                              "owns": {"polyanka": 0}}, "C": {}},
             dice=[(1, 2)], first="B")
    turn(g)
    assert not player(g, "B").alive and owner_of(g, "polyanka") is None


class _Sleepy(Scripted):
    def decide(self, game, d):
        if d.kind == "buy":
            raise DecisionTimeout("too slow")
        return super().decide(game, d)


def test_online_a_timed_out_decision_is_bankruptcy():
    g = game(online(), {"A": {"agent": _Sleepy(name="A")}, "B": {}, "C": {}}, dice=[(1, 2)], first="A")
    turn(g)
    assert not player(g, "A").alive


def test_classic_a_timed_out_decision_takes_the_default():
    g = game(edition(), {"A": {"agent": _Sleepy(name="A")}, "B": {}}, dice=[(1, 2)], first="A")
    turn(g)
    assert player(g, "A").alive and owner_of(g, "nagatinskaya") is None


# ---------------------------------------------------------------- income tax choice [004], C26
C26_OWNS = {"varshavskoe": 1, "ogaryova": 1, "first_parkovaya": 1, "nagatinskaya": {"mortgaged": True}}


@pytest.mark.parametrize("extra_cash, choice, paid", [
    (0, "alternative", 163), (5, "alternative", 164), (0, "fixed", 200)])
def test_c26_income_tax_choice(extra_cash, choice, paid):
    ed = edition("classic", "income-tax-choice")
    g = game(ed, {"A": {}, "B": {"cash": 900 + extra_cash, "pos": "luxury_tax", "owns": C26_OWNS,
                                 "script": {"tax": [choice]}}},
             dice=[(3, 3), (2, 3)], first="B")
    turn(g)
    b = player(g, "B")
    assert b.cash == 1100 + extra_cash - paid and b.pos == space(ed, "first_parkovaya")


def test_c26_mortgage_value_reading():
    ed = edition("classic", board=[{"id": "income_tax", "tax_alternative":
                                    "ceil((cash + deed_prices - mortgaged_prices // 2 + building_costs) / 10)"}])
    g = game(ed, {"A": {}, "B": {"cash": 900, "pos": "luxury_tax", "owns": C26_OWNS,
                                 "script": {"tax": ["alternative"]}}}, dice=[(3, 3), (2, 3)], first="B")
    turn(g)
    assert cash(g)["B"] == 940


# ---------------------------------------------------------------- rent must be claimed
@pytest.mark.parametrize("claims, a_cash", [(True, 1004), (False, 1000)])
def test_rent_must_be_claimed(claims, a_cash):
    ed = edition("classic", "rent-must-be-claimed")
    g = game(ed, {"A": {"cash": 1000, "owns": {"nagatinskaya": 0}, "script": {"claim": [claims]}}, "B": {}},
             dice=[(1, 2)], first="B")
    turn(g)
    assert cash(g)["A"] == a_cash


# ---------------------------------------------------------------- free parking jackpot [004], C27
def test_c27_free_parking_pot_collects_taxes_fines_cards_and_pays_the_lander():
    ed = edition("classic", "free-parking-jackpot")
    g = game(ed, {"A": {"pos": "go", "script": {"buy": ["buy"]}}, "B": {"cash": 1485, "pos": "chest_2"},
                  "C": {"jail": 2}}, dice=[(1, 3), (1, 2), (1, 2)], first="A", check_invariants=True)
    turn(g, "A")                 # income tax 200 into the pot
    assert g.jackpot == 200 and cash(g)["A"] == 1300
    turn(g, "C")                 # third failed jail throw: the fine 50 into the pot, C moves on
    assert g.jackpot == 250 and cash(g)["C"] == 1450
    turn(g, "B")                 # B lands on free parking and takes the pot
    assert cash(g)["B"] == 1485 + 250 and g.jackpot == 0


def test_free_parking_pays_nothing_without_the_house_rule():
    g = game(edition(), {"A": {"pos": "go"}, "B": {"cash": 1485, "pos": "chest_2"}},
             dice=[(1, 3), (1, 2)], first="A")
    turn(g, "A")
    turn(g, "B")
    assert cash(g) == {"A": 1300, "B": 1485}


# ---------------------------------------------------------------- all deeds dealt [004]
@pytest.mark.parametrize("n, counts", [(2, [14, 14]), (3, [10, 9, 9]), (4, [7] * 4), (5, [6, 6, 6, 5, 5])])
def test_all_deeds_dealt_round_robin_for_free(n, counts):
    ed = edition("classic", "all-deeds-dealt")
    g = Game(ed, [(f"P{i}", Scripted()) for i in range(n)], seed=2, first=0)
    assert [len(p.deeds) for p in g.order] == counts
    assert all(p.cash == 1500 for p in g.players)


# ---------------------------------------------------------------- millionaire, first broke ends
def test_millionaire_the_first_to_reach_the_target_wins():
    ed = edition("classic", "millionaire")
    assert ed.params["target"] == 4000
    g = game(ed, {"A": {"cash": 3700, "pos": "luxury_tax"}, "B": {}, "C": {}}, dice=[(1, 1), (1, 2)], first="A")
    turn(g)                      # 3700 + 200 salary = 3900: not yet, the game goes on
    assert not g.over
    g = game(ed, {"A": {"cash": 3850, "pos": "luxury_tax"}, "B": {}, "C": {}}, dice=[(1, 2)], first="A")
    turn(g)                      # 3850 + 200 = 4050 >= 4000: A wins after the turn
    assert g.over and g.end_reason == "condition" and [p.name for p in g.winners] == ["A"]


def _first_broke_position(ed):
    # the first-broke position: A has 500 cash, four houses on each brown lot and the dark blue
    # lots unbuilt (net worth 510 + 120 + 400 + 750 = 1,780 after B's 10); C has 1,500 cash and
    # nothing else. B (10 cash) throws 1 + 2 onto A's Nagatinskaya (rent 320) and goes broke.
    g = game(ed, {"A": {"cash": 500, "owns": {"nagatinskaya": 4, "zhitnaya": 4, "malaya_bronnaya": 0, "arbat": 0}},
                  "B": {"cash": 10}, "C": {"cash": 1500}}, dice=[(1, 2)], first="B")
    turn(g)
    return g


def test_first_broke_ends_the_game_most_cash_wins():
    # [000] the first-broke game: "the one who has more banknotes wins": C (1,500 cash), not A
    g = _first_broke_position(edition("classic", "first-broke-ends"))
    assert g.ed.end.condition_rank == "cash"
    assert g.over and g.end_reason == "condition" and [p.name for p in g.winners] == ["C"]
    assert cash(g) == {"A": 510, "B": 0, "C": 1500} and g.net_worth(player(g, "A")) == 1780
    assert g.net_worth(player(g, "C")) == 1500


def test_first_broke_ends_by_score_reading_crowns_the_richest_by_net_worth():
    g = _first_broke_position(edition("classic", "first-broke-ends", end={"condition_rank": "score"}))
    assert g.over and [p.name for p in g.winners] == ["A"]
