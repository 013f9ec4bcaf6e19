"""The rules of the seed texts as written, each with a position where the readings
give different results (forced dice, exact cash, owners, the bank's stock)."""

import pytest

from magie.engine.agents import Scripted
from magie.engine.errors import IllegalDecision
from magie.engine.game.decisions import DONE, TradeOffer
from magie.engine.game.game import Game

from .helpers import cash, deck_ids, edition, game, player, space, stack, turn


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
    # the overlay as shipped, on the dearest street: 440 online, 220 in classic
    for ed, cost in ((edition("classic", "online"), 440), (edition("classic"), 220)):
        g = game(ed, {"A": {"cash": 1000, "owns": {"arbat": {"mortgaged": True}}}, "B": {}})
        g.apply_action(player(g, "A"), ("unmortgage", space(ed, "arbat")), "before_roll")
        assert player(g, "A").cash == 1000 - cost


# ---------------------------------------------------------------- item 9: a kept card after the third throw
def _third_failed_throw(reading: bool | None, answer: str):
    ed = edition() if reading is None else edition(rules={"jail": {"card_after_attempts": reading}})
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
    g, a = _third_failed_throw(None, "card")        # classic as shipped: the card spares the 50
    assert a.cash == 500 and a.held_cards == [] and not a.in_jail


# ---------------------------------------------------------------- item 3 on the quick board
def test_quick_hotel_breaks_down_to_three_houses_and_half_the_hotel_price():
    # [000-Q]: a quick-game hotel stands on three houses; breaking it down gives the three houses
    # back and half the hotel's price; with classic's together reading both dark-blue hotels go
    g = game(edition("quick"), {"A": {"cash": 0, "owns": {"arbat": 4, "malaya_bronnaya": 4}}, "B": {}},
             houses=10, hotels=10)
    a = player(g, "A")
    g.apply_action(a, ("sell", space(g.ed, "arbat")), "raise")
    assert g.level[space(g.ed, "arbat")] == 3 and g.level[space(g.ed, "malaya_bronnaya")] == 3
    assert a.cash == 2 * 100 and g.houses == 10 - 6 and g.hotels == 12


# ---------------------------------------------------------------- rules implemented without a test
def test_the_bank_never_runs_out_of_money():
    # [000] 5: "The bank never goes broke": it pays whatever it owes, however much it paid out
    g = game(edition(), {"A": {"cash": 0, "owns": {sid: 0 for sid in ("arbat", "malaya_bronnaya",
                                                                       "kutuzovsky", "gogolevsky")}},
                         "B": {}})
    g.bank_out = 10 ** 12
    a = player(g, "A")
    for sid in ("arbat", "malaya_bronnaya", "kutuzovsky", "gogolevsky"):
        g.apply_action(a, ("mortgage", space(g.ed, sid)), "before_roll")
    assert a.cash == 200 + 175 + 160 + 150


def test_just_visiting_does_nothing_and_tokens_share_a_space():
    # [000] 15: landing on jail "just visiting" costs nothing; several tokens may share a space
    g = game(edition(), {"A": {"cash": 700, "pos": "chance_1"}, "B": {"cash": 500, "pos": "jail"}},
             dice=[(1, 2)], first="A")
    turn(g, "A")
    a, b = player(g, "A"), player(g, "B")
    assert a.pos == b.pos == space(g.ed, "jail")
    assert not a.in_jail and not b.in_jail and cash(g) == {"A": 700, "B": 500}


def test_an_owner_on_free_parking_still_collects_rent():
    # B: malaya_bronnaya + (1, 1) = arbat, rent 50 to A, who sits on free parking; the double
    # gives (2, 3): past GO (+200) to the income tax (-200)
    g = game(edition(), {"A": {"cash": 500, "pos": "free_parking", "owns": {"arbat": 0}},
                         "B": {"cash": 500, "pos": "malaya_bronnaya"}}, dice=[(1, 1), (2, 3)], first="B")
    turn(g, "B")
    assert cash(g) == {"A": 550, "B": 450} and player(g, "A").pos == space(g.ed, "free_parking")


def test_a_lot_with_a_hotel_refuses_a_sixth_level():
    g = game(edition(), {"A": {"cash": 5000, "owns": {"arbat": 5, "malaya_bronnaya": 5}}, "B": {}})
    with pytest.raises(IllegalDecision, match="already has a hotel"):
        g.check_action(player(g, "A"), ("build", space(g.ed, "arbat")), "before_roll")


def test_nobody_but_the_owner_lifts_a_mortgage():
    g = game(edition(), {"A": {"cash": 0, "owns": {"arbat": {"mortgaged": True}}}, "B": {"cash": 5000}})
    with pytest.raises(IllegalDecision, match="does not own"):
        g.check_action(player(g, "B"), ("unmortgage", space(g.ed, "arbat")), "before_roll")


def test_the_new_owner_of_a_mortgaged_lot_may_lift_it_at_once_at_value_plus_ten_percent():
    # [000] 22.2: the new owner pays the 10% at once or lifts the mortgage now at value + 10%
    g = game(edition(), {"A": {"cash": 1000, "owns": {"arbat": {"mortgaged": True}}},
                         "B": {"cash": 1000, "script": {"trade": ["accept"], "inherited_mortgage": ["lift"]}}})
    a, b = player(g, "A"), player(g, "B")
    g.apply_action(a, ("trade", TradeOffer(a.seat, b.seat, give_deeds=(space(g.ed, "arbat"),), get_cash=100)),
                   "before_roll")
    assert not g.mortgaged[space(g.ed, "arbat")] and b.cash == 1000 - 100 - 220 and a.cash == 1100


def test_there_are_no_loans_between_players():
    # [000] 23: "Money can be lent only by the bank, on the security of property": no action for
    # a loan between players; and the classic bank lends only by mortgage (no `rules.loans`)
    g = game(edition(), ["A", "B"])
    with pytest.raises(IllegalDecision, match="unknown action"):
        g.check_action(player(g, "A"), ("lend", 1, 100), "before_roll")
    with pytest.raises(IllegalDecision, match="this edition has no bank loans"):
        g.check_action(player(g, "A"), ("loan",), "before_roll")


def test_the_creditor_cannot_refuse_the_estate():
    # [000] 24.5: the creditor gets the debtor's cash and deeds; nobody asks whether they want them
    creditor = Scripted(name="A")
    g = game(edition(), {"A": {"cash": 1000, "owns": {"arbat": 5, "malaya_bronnaya": 5}, "agent": creditor},
                         "B": {"cash": 100, "pos": "kutuzovsky", "owns": {"zhitnaya": 0}}},
             dice=[(1, 2)], first="B")
    turn(g, "B")
    a = player(g, "A")
    assert not player(g, "B").alive and g.owner[space(g.ed, "zhitnaya")] is a
    assert a.cash == 1000 + 100 and creditor.asked == []          # B's cash, nothing asked


def test_tied_richest_players_share_the_win():
    # first-broke-ends ranks by cash: A 1,000 + B's last 1 against C's 1,001: both win
    g = game(edition("classic", "first-broke-ends"),
             {"A": {"cash": 1000, "owns": {"nagatinskaya": 0, "zhitnaya": 0}},
              "B": {"cash": 1, "pos": "go"}, "C": {"cash": 1001}}, dice=[(1, 2)], first="B")
    turn(g)
    assert g.over and sorted(p.name for p in g.winners) == ["A", "C"]


def test_a_free_parking_pot_receives_a_card_payment_and_the_lander_takes_it():
    g = game(edition("classic", "free-parking-jackpot"),
             {"A": {"cash": 500, "pos": "income_tax"}, "B": {"cash": 500, "pos": "chest_2"}},
             dice=[(1, 2), (1, 2)], first="A")
    stack(g, "chance", "chance_speeding")           # "pay bank 15"
    turn(g, "A")
    assert g.jackpot == 15 and player(g, "A").cash == 485
    turn(g, "B")
    assert g.jackpot == 0 and player(g, "B").cash == 515


def test_the_classic_deck_make_up_matches_the_digest():
    # ../shared/rules/classic.md 13.6 [000-S]: Chance 10 move / 2 give / 2 take / 1 repairs /
    # 1 get out of jail; Community Chest 2 move / 9 give / 3 take / 1 repairs / 1 get out of jail
    from pathlib import Path

    import yaml

    tree = yaml.safe_load((Path(__file__).parents[2] / "editions" / "classic.yaml").read_text(encoding="utf-8"))

    def kind(do: str) -> str:
        if do.startswith("keep as get_out_of_jail"):
            return "jail_free"
        if "houses" in do:
            return "repairs"
        if do.startswith(("move", "go to")):
            return "move"
        return "give" if do.startswith("collect") else "take" if do.startswith("pay") else do

    counts = {}
    for deck in tree["decks"]:
        c: dict[str, int] = {}
        for card in deck["cards"]:
            c[kind(card["do"].strip())] = c.get(kind(card["do"].strip()), 0) + 1
        counts[deck["id"]] = c
    assert counts["chance"] == {"move": 10, "give": 2, "take": 2, "repairs": 1, "jail_free": 1}
    assert counts["chest"] == {"move": 2, "give": 9, "take": 3, "repairs": 1, "jail_free": 1}
    g = game(edition(), ["A", "B"])
    assert len(deck_ids(g, "chance")) == len(deck_ids(g, "chest")) == 16


# ---------------------------------------------------------------- rules the bots never used
def test_basic_bot_sells_a_lone_lot_to_the_bank_rather_than_mortgage_it_in_biznespolia():
    # [002] 9/1.2, D8: the bank buys a lot for half its price; a mortgage is taken at the next
    # lap end unless redeemed at value + 10%: the lone lot is better sold
    from magie.engine.agents import BasicBot

    from .test_biznespolia_support import bgame
    g = bgame({"A": {"cash": 0, "owns": {"heating": 0}}, "B": {}})
    a = player(g, "A")
    i = space(g.ed, "heating")
    assert BasicBot._raise_money(g, a) == ("sell_deed", i)
    g.apply_action(a, ("sell_deed", i), "raise")
    assert g.owner[i] is None and a.cash == g.ed.spaces[i].price // 2
    # classic: no sale to the bank, the bot mortgages as before
    g = game(edition(), {"A": {"cash": 0, "owns": {"arbat": 0}}, "B": {}})
    assert BasicBot._raise_money(g, player(g, "A")) == ("mortgage", space(g.ed, "arbat"))


# ---------------------------------------------------------------- a jail card bought in jail; the start auction
def test_a_player_already_in_jail_buys_a_jail_card_and_uses_it_on_the_next_turn():
    # A is in jail; on turn 1, before the throw, A buys B's Chance card for 30 (a trade) but
    # still throws (1 + 2, no double: A stays). B throws 1 + 2 onto Nagatinskaya (declined,
    # nobody bids). On turn 2 A plays the card, leaves jail and throws 4 + 5 from the jail (10)
    # onto Rublyovskoye Highway (19), B's: rent 16.
    g = game(edition(), {"A": {"cash": 1000, "jail": True, "script": {"jail": ["roll", "card"]}},
                         "B": {"cash": 1500, "cards": ["chance_jail_free"], "owns": {"rublyovskoye": 0},
                               "script": {"trade": ["accept"]}}},
             dice=[(1, 2), (1, 2), (4, 5)], first="A")
    a, b = player(g, "A"), player(g, "B")
    offer = TradeOffer(a.seat, b.seat, give_cash=30, get_cards=(("chance", "chance_jail_free"),))
    agent = g.agents[a.seat]
    agent.answers["manage"] = [("trade", offer), DONE]
    turn(g, "A")
    assert a.in_jail and a.jail_attempts == 1 and a.held_cards == [("chance", "chance_jail_free")]
    assert cash(g) == {"A": 970, "B": 1530}
    jail_asks = [d for d in agent.asked if d.kind == "jail"]
    assert "card" in jail_asks[0].options          # bought before the throw: offered at once
    turn(g, "B")
    turn(g, "A")
    assert not a.in_jail and a.pos == space(g.ed, "rublyovskoye") and a.held_cards == []
    assert cash(g) == {"A": 954, "B": 1546}
    assert deck_ids(g, "chance")[-1] == "chance_jail_free"
    assert g.dice.left == 0


def test_the_start_auction_first_bidder_goes_round_the_table_deed_by_deed():
    # [002] 2.1 with the engine's rotation: the k-th deed is first offered to the k-th player in
    # turn order (wrapping). Nobody bids, so every deed asks all three; the first asked differs.
    asked: list[tuple[str, int]] = []

    def record(g, d):
        if d.kind == "bid":
            asked.append((d.player.name, d.space))
        return Scripted().decide(g, d)

    ed = edition("biznespolia", "start-auction")
    g = Game(ed, [(n, Scripted(record, name=n)) for n in "ABC"], seed=3, first=1)
    order = [p.name for p in g.order]
    assert order == ["B", "C", "A"]
    firsts = [asked[k][0] for k in range(0, len(asked), 3)]
    assert len(asked) == 36 and len({s for _, s in asked}) == 12
    assert firsts == ["B", "C", "A"] * 4
    # every deed asks the three players in turn order from its first bidder
    assert all([n for n, _ in asked[k:k + 3]] == (order * 2)[k // 3 % 3:k // 3 % 3 + 3]
               for k in range(0, 36, 3))
