"""Set-up amounts by the number of players, per-player caps and supplies, and a finite bank
(edition/per_player.py, game/limits.py, game/bank.py; docs/rules.md "Per-player limits" and
"A finite bank"). Forced dice on the classic board: from go, a 5 reaches riga_railway (5)."""

from __future__ import annotations

import pytest

from magie.cli.render import Names
from magie.cli.status import bank_line
from magie.cli.web.narrate import Words
from magie.cli.web.view import public_state
from magie.engine import Game
from magie.engine.agents import Scripted, make_bot
from magie.engine.errors import IllegalDecision
from magie.engine.game.bank import bank_cash
from magie.engine.game.decisions import TradeOffer
from magie.engine.game.events import KIND_INDEX, EventLog

from .helpers import edition, game, player, space

FOUR = {"min": 2, "max": 4}
RAILS = ("kursk_railway", "kazan_railway", "leningrad_railway")


def capped(at_cap: str = "auction", declined: str = "auction", most=2, **limits):
    """Classic with at most `most` railroads a player, for 2 to 4 players."""
    rules = {"limits": {"deeds": [{"kind": "railroad", "max": most}], "at_cap": at_cap, **limits},
             "purchase": {"declined": declined}}
    return edition("classic", rules=rules, players=FOUR)


# ---------------------------------------------------------------------- set-up by players
@pytest.mark.parametrize(("n", "cash"), [(2, 600), (3, 500), (4, 400)])
def test_start_cash_by_the_number_of_players(n, cash):
    ed = edition("classic", players=FOUR, setup={"start_cash": {"by_players": {2: 600, 3: 500, 4: 400}}})
    g = game(ed, [f"P{k}" for k in range(n)])
    assert [p.cash for p in g.players] == [cash] * n and g.start_cash == cash


@pytest.mark.parametrize(("n", "each"), [(2, 3), (3, 2), (4, 1)])
def test_deeds_dealt_by_the_number_of_players(n, each):
    ed = edition("classic", players=FOUR, setup={"start_cash": 1500, "deal_deeds": {
        "each": {"by_players": {2: 3, 3: 2, 4: 1}}, "pay": False}})
    g = Game(ed, [(f"P{k}", Scripted()) for k in range(n)], seed=3)
    assert [len(p.deeds) for p in g.players] == [each] * n


def test_a_player_at_the_cap_is_passed_over_when_deeds_are_dealt():
    # every deed dealt round the table, at most 5 deeds a player: 4 x 5 dealt, 8 stay with the bank
    ed = edition("classic", players=FOUR, setup={"start_cash": 1500, "deal_deeds": {"each": "all", "pay": False}},
                 rules={"limits": {"deeds": [{"max": {"by_players": {2: 14, 3: 9, 4: 5}}}]}})
    g = Game(ed, [(f"P{k}", Scripted()) for k in range(4)], seed=3)
    assert [len(p.deeds) for p in g.players] == [5, 5, 5, 5]
    assert sum(1 for s in g.spaces if s.is_deed and g.owner[s.index] is None) == 28 - 20


# ---------------------------------------------------------------------- deed caps
def test_at_the_cap_the_purchase_is_refused_and_the_bank_auctions_the_deed_without_the_lander():
    log = EventLog()
    g = game(capped(), {"A": {"owns": {RAILS[0]: 0, RAILS[1]: 0}}, "B": {"script": {"bid": [10, None]}}},
             dice=[(2, 3)], log=log)
    g.play_turn()
    a, b, riga = player(g, "A"), player(g, "B"), space(g.ed, "riga_railway")
    assert g.owner[riga] is b and b.cash == 1500 - 10 and a.cash == 1500
    assert not [d for d in g.agents[0].asked if d.kind in ("buy", "bid")]     # A was asked nothing
    assert [e["e"] for e in log.events if e["e"] in ("cap_refused", "auction", "sold")] == \
        ["cap_refused", "auction", "sold"]
    g.check_invariants()


def test_below_the_cap_the_lander_buys_as_usual():
    g = game(capped(), {"A": {"owns": {RAILS[0]: 0}, "script": {"buy": ["buy"]}}, "B": {}}, dice=[(2, 3)])
    g.play_turn()
    a = player(g, "A")
    assert g.owner[space(g.ed, "riga_railway")] is a and a.cash == 1500 - 200 and a.groups[8] == 2


@pytest.mark.parametrize(("at_cap", "auctioned"), [("auction", True), ("declined", False)])
def test_the_cap_readings_differ_where_a_declined_deed_stays_with_the_bank(at_cap, auctioned):
    # purchase.declined: none. `auction` still auctions the capped deed; `declined` leaves it
    g = game(capped(at_cap, declined="none"), {"A": {"owns": {RAILS[0]: 0, RAILS[1]: 0}},
                                               "B": {"script": {"bid": [10]}}}, dice=[(2, 3)])
    g.play_turn()
    owner = g.owner[space(g.ed, "riga_railway")]
    assert (owner is player(g, "B")) is auctioned and (owner is None) is not auctioned
    assert player(g, "B").cash == (1490 if auctioned else 1500)


def test_a_capped_player_does_not_bid_in_any_auction():
    # B declines riga: the auction excludes A, who already has two railroads
    g = game(capped(), {"B": {"script": {"buy": ["decline"], "bid": [None]}},
                        "A": {"owns": {RAILS[0]: 0, RAILS[1]: 0}, "script": {"bid": [50]}}}, dice=[(2, 3)])
    g.play_turn()
    assert g.owner[space(g.ed, "riga_railway")] is None
    assert not [d for d in g.agents[1].asked if d.kind == "bid"]


def test_a_trade_that_passes_a_cap_is_refused_and_one_that_keeps_within_it_is_not():
    g = game(capped(), {"A": {"owns": {RAILS[0]: 0, RAILS[1]: 0}}, "B": {"owns": {"riga_railway": 0, "arbat": 0}}})
    riga, arbat, kursk = (space(g.ed, s) for s in ("riga_railway", "arbat", RAILS[0]))
    with pytest.raises(IllegalDecision, match="at most 2 railroad deeds"):
        g.check_action(player(g, "A"), ("trade", TradeOffer(0, 1, give_cash=100, get_deeds=(riga,))), "before_roll")
    swap = TradeOffer(0, 1, give_deeds=(kursk,), get_deeds=(riga,))
    g.check_action(player(g, "A"), ("trade", swap), "before_roll")
    g.check_action(player(g, "A"), ("trade", TradeOffer(0, 1, give_cash=100, get_deeds=(arbat,))), "before_roll")


def test_a_group_cap_and_a_cap_on_every_deed():
    ed = edition("classic", players=FOUR, rules={"limits": {"deeds": [{"group": "brown", "max": 1}, {"max": 3}]}})
    g = game(ed, {"A": {"owns": {"zhitnaya": 0}}, "B": {"owns": {"arbat": 0, "riga_railway": 0, "waterworks": 0}}})
    a, b = player(g, "A"), player(g, "B")
    assert g.cap_problem(a, space(ed, "nagatinskaya")) == "A may own at most 1 deeds of group brown"
    assert g.cap_problem(a, space(ed, "polyanka")) is None
    assert g.cap_problem(b, space(ed, "polyanka")) == "B may own at most 3 deeds"


def test_bots_never_buy_win_or_trade_past_the_cap():
    # the estate of a bankrupt may pass it (our choice, limits.py); buying, auctions and trades may not
    ed = capped(most=1)
    rails = {s.id for s in ed.spaces if s.kind == "railroad"}
    for seed in (1, 2):
        log = EventLog(keep=None)
        g = Game(ed, [(f"b{k}", make_bot("basic", seed, k)) for k in range(2)], seed=seed, max_rounds=80,
                 check_invariants=True, log=log)
        g.play()
        held: dict[int, int] = {}
        estate = False
        gained = 0
        for e in log.events:
            if e["e"] == "bankrupt":
                estate = True
            elif e["e"] == "turn":
                estate = False
            who = e.get("to") if e["e"] == "deed" else e.get("player")
            if e["e"] in ("buy", "sold", "deed") and e["space"] in rails:
                if not estate:
                    assert held.get(who, 0) < 1, e
                    gained += 1
                held[who] = held.get(who, 0) + 1
                if e["e"] == "deed" and e["frm"] is not None:
                    held[e["frm"]] -= 1
        assert gained == 2 and sum(1 for o in g.owner if o is not None) > 8      # they still bought


# ---------------------------------------------------------------------- own building supply
def test_a_player_whose_own_houses_are_on_the_board_may_not_build_another():
    ed = edition("classic", players=FOUR, rules={"limits": {"buildings": {"house": 3}}})
    g = game(ed, {"A": {"owns": {"zhitnaya": 1, "nagatinskaya": 1, "varshavskoe": 0, "ogaryova": 0,
                                 "first_parkovaya": 0}}, "B": {}})
    a = player(g, "A")
    g.apply_action(a, ("build", space(ed, "varshavskoe")), "before_roll")      # the third of A's own
    assert g.houses == 32 - 3
    with pytest.raises(IllegalDecision, match="A has 0 of their own house buildings left"):
        g.check_action(a, ("build", space(ed, "ogaryova")), "before_roll")
    g.apply_action(a, ("sell", space(ed, "varshavskoe")), "before_roll")       # one back to A's supply
    g.check_action(a, ("build", space(ed, "ogaryova")), "before_roll")


def test_a_hotel_gives_its_houses_back_to_the_players_supply():
    ed = edition("classic", players=FOUR, rules={"limits": {"buildings": {"house": 8, "hotel": 1}}})
    g = game(ed, {"A": {"owns": {"zhitnaya": 4, "nagatinskaya": 4, "varshavskoe": 0, "ogaryova": 0,
                                 "first_parkovaya": 0}}, "B": {}})
    a = player(g, "A")
    with pytest.raises(IllegalDecision, match="0 of their own house"):
        g.check_action(a, ("build", space(ed, "varshavskoe")), "before_roll")
    g.apply_action(a, ("build", space(ed, "zhitnaya")), "before_roll")          # a hotel: 4 houses back
    g.check_action(a, ("build", space(ed, "varshavskoe")), "before_roll")
    with pytest.raises(IllegalDecision, match="0 of their own hotel"):
        g.check_action(a, ("build", space(ed, "nagatinskaya")), "before_roll")


# ---------------------------------------------------------------------- a finite bank
def banked(when_empty: str, extra: int = 100):
    """Classic whose bank holds `extra` after dealing 1500 to each of two players."""
    return edition("classic", players={"min": 2, "max": 2},
                   setup={"start_cash": 1500, "bank": {"cash": 3000 + extra, "when_empty": when_empty}})


@pytest.mark.parametrize(("reading", "a_cash", "bank", "over"), [
    ("iou", 1700, -100, False), ("partial", 1600, 0, False), ("end", 1600, 0, True)])
def test_the_bank_runs_out_under_each_reading(reading, a_cash, bank, over):
    # A lands on go: the salary is 200, the bank has 100
    log = EventLog()
    g = game(banked(reading), {"A": {"pos": 35}, "B": {}}, dice=[(2, 3)], log=log)
    assert bank_cash(g) == 100
    g.play_turn()
    assert player(g, "A").cash == a_cash and bank_cash(g) == bank and g.over is over
    (short,) = [e for e in log.events if e["e"] == "bank_empty"]
    assert (short["owed"], short["paid"], short["had"], short["reading"]) == (200, a_cash - 1500, 100, reading)
    if over:
        assert g.end_reason == "bank_empty" and [p.name for p in g.winners] == ["A"]
    g.check_invariants()


def test_money_paid_in_redeems_the_ious_first():
    g = game(banked("iou"), {"A": {"pos": 35}, "B": {}}, dice=[(2, 3), (1, 3)])
    g.play_turn()                               # A: go, 200 (100 of it in IOUs)
    assert bank_cash(g) == -100
    g.play_turn()                               # B: income tax 200 (classic: 200)
    assert bank_cash(g) == 100 and player(g, "B").cash == 1300
    g.check_invariants()


def test_an_unlimited_bank_has_no_cash_line_and_a_finite_one_shows_it():
    plain = game(edition("classic"), ["A", "B"])
    assert bank_cash(plain) is None and "cash" not in bank_line(plain, Names(plain.ed, "en"))
    assert public_state(plain, Words(plain.ed, "en", {0: "A", 1: "B"}))["bank"]["cash"] is None
    g = game(banked("iou"), {"A": {"pos": 35}, "B": {}}, dice=[(2, 3)])
    g.play_turn()
    names = Names(g.ed, "en")
    line = bank_line(g, names)
    assert line.endswith(f"; its cash: {names.money(0)} ({names.money(100)} in IOUs out)")
    assert public_state(g, Words(g.ed, "en", {0: "A", 1: "B"}))["bank"]["cash"] == -100


def test_a_replayed_game_has_the_same_bank():
    ed = edition("classic", players={"min": 3, "max": 3},
                 setup={"start_cash": 1500, "bank": {"cash": 4800, "when_empty": "iou"}})
    seats = lambda: [(f"b{k}", make_bot("random", 7, k)) for k in range(3)]    # noqa: E731
    g = Game(ed, seats(), seed=7, record=True, max_rounds=60, check_invariants=True, log=EventLog())
    g.play()
    assert g.event_counts[KIND_INDEX["bank_empty"]] > 0          # the bank did run short
    again = Game(ed, seats(), seed=7, replay=g.saved_decisions(), max_rounds=60)
    again.play()
    assert bank_cash(again) == bank_cash(g) and [p.cash for p in again.players] == [p.cash for p in g.players]


@pytest.mark.parametrize(("n", "houses"), [(2, 20), (3, 26), (4, 32)])
def test_the_banks_buildings_by_the_number_of_players(n, houses):
    ed = edition("classic", players=FOUR, rules={"buildings": {"supply": {
        "houses": {"by_players": {2: 20, 3: 26, 4: 32}}, "hotels": 12}}})
    g = game(ed, [f"P{k}" for k in range(n)])
    assert g.houses == houses and g.hotels == 12 and g.supply_start == {"house": houses, "hotel": 12}
    g.check_invariants()
