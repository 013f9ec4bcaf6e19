"""Kinds of space declared by an edition (`space_kinds:`, engine/game/landing.py `kinds_of`):
hooks on landing, passing, leaving and at the start of a turn, choices and picks in hooks, the
`auction SPACE` statement, and the DSL naming a declared kind; forced dice on the classic board
(20 = free_parking becomes an auction space, 4 = income_tax a toll, 38 = luxury_tax a gift)."""

from __future__ import annotations

from magie.engine.agents import make_bot
from magie.engine.game import SPACE_KINDS
from magie.engine.game.game import Game
from tests.game.helpers import cash, edition, game, owner_of, player, stack, turn

KINDS = [
    {"id": "auction_space", "name": {"en": "Auction"},
     "text": {"en": "Pick a deed the bank still holds: the bank auctions it."},
     "on_land": "let d = pick(d.price for each deed d where d.owner == none)\nif d != none: auction d"},
    {"id": "toll", "name": {"en": "Toll"},
     "on_pass": "pay bank 10", "on_leave": "pay bank 1", "on_turn_start": "collect 20 from bank"},
    {"id": "gift", "name": {"en": "Birthday gift"}, "text": {"en": "Take {gift} or a Chance card."},
     "values": {"gift": 100},
     "labels": {"cash": {"en": "Take {gift}"}, "card": {"en": "Take a Chance card"}},
     "on_land": "choose:\n  option cash: collect 100 from bank\n  option card bot cash > 2000: draw from chance"},
]
BOARD = [
    {"id": "free_parking", "kind": "auction_space", "name": {"en": "Auction", "ru": "Аукцион"}},
    {"id": "income_tax", "kind": "toll", "name": {"en": "Toll", "ru": "Сбор"}, "tax": None},
    {"id": "luxury_tax", "kind": "gift", "name": {"en": "Gift", "ru": "Подарок"}, "tax": None},
]
CARDS = [{"id": "t_to_gift", "text": {"en": "Go to the nearest gift."}, "do": "move to nearest gift"},
         {"id": "t_count", "text": {"en": "Collect 1 per auction space."},
          "do": "collect count(each auction_space s) from bank"}]
ED = edition("classic", space_kinds=KINDS, board=BOARD, decks=[{"id": "chance", "cards": CARDS}])


def test_the_game_registry_holds_the_declared_kinds_and_the_engine_one_does_not():
    g = game(ED, ["ann", "bob"])
    assert {"auction_space", "toll", "gift"} <= set(g.kinds) and "toll" not in SPACE_KINDS
    assert g.kinds["street"] is SPACE_KINDS["street"]
    assert g.kinds["toll"].passed is not None and g.kinds["toll"].land is None
    classic = game(edition("classic"), ["ann", "bob"])
    assert classic.kinds is SPACE_KINDS and not classic.turn_hooks


def test_landing_on_the_auction_space_auctions_the_deed_the_player_picks():
    arbat = ED.space_index["arbat"]
    g = game(ED, {"ann": {"pos": 15, "script": {"pick": [arbat], "bid": [None]}},
                  "bob": {"script": {"bid": [50]}}}, dice=[(2, 3)])        # 15 + 5 = 20
    turn(g, "ann")
    d = next(d for d in g.agents[0].asked if d.kind == "pick")
    assert d.hint == arbat                                   # the dearest: the bots' pick
    assert len(d.options) == 28 and d.source == "auction_space"
    assert owner_of(g, "arbat") == "bob" and cash(g) == {"ann": 1500, "bob": 1450}


def test_a_bot_picks_the_dearest_deed_and_nothing_happens_when_the_bank_holds_none():
    g = game(ED, {"ann": {"pos": 15, "agent": make_bot("basic", 0, 0)},
                  "bob": {"agent": make_bot("basic", 1, 0)}}, dice=[(2, 3)])
    turn(g, "ann")
    assert owner_of(g, "arbat") is not None                  # auctioned to one of them
    everything = {s.id: 0 for s in ED.spaces if s.is_deed}
    g = game(ED, {"ann": {"pos": 15}, "bob": {"owns": everything}}, dice=[(2, 3)])
    turn(g, "ann")
    assert not any(d.kind == "pick" for d in g.agents[0].asked) and cash(g)["ann"] == 1500


def test_passing_a_toll_costs_10_and_stopping_on_it_does_not():
    g = game(ED, {"ann": {"pos": 2}, "bob": {}}, dice=[(1, 2)])        # 2 -> 5 over 3, 4
    turn(g, "ann")
    assert cash(g)["ann"] == 1500 - 10 and owner_of(g, "riga_railway") is None   # declined
    g = game(ED, {"ann": {"pos": 1}, "bob": {}}, dice=[(1, 2)])        # 1 -> 4: stops on it
    turn(g, "ann")
    assert cash(g)["ann"] == 1500


def test_leaving_a_toll_costs_1_and_a_turn_starting_there_collects_20():
    g = game(ED, {"ann": {"pos": 4}, "bob": {}}, dice=[(1, 2)])        # 4 -> 7 (Chance)
    stack(g, "chance", "t_count")
    turn(g, "ann")
    # turn start +20, leaving -1, the card: +1 for the one auction space
    assert cash(g)["ann"] == 1500 + 20 - 1 + 1 and player(g, "ann").pos == 7


def test_the_gift_is_a_choice_with_the_kinds_labels():
    g = game(ED, {"ann": {"pos": 35, "script": {"choice": ["cash"]}}, "bob": {}}, dice=[(1, 2)])
    turn(g, "ann")                                           # 35 + 3 = 38
    d = next(d for d in g.agents[0].asked if d.kind == "choice")
    assert d.options == ("cash", "card") and d.source == "gift" and d.hint == "cash"
    assert d.labels["cash"]["en"] == "Take {gift}"
    assert cash(g)["ann"] == 1600


def test_a_card_moves_to_the_nearest_declared_kind_and_its_hook_runs():
    g = game(ED, {"ann": {"pos": 33, "script": {"choice": ["card"]}}, "bob": {}}, dice=[(1, 2)])
    stack(g, "chance", "t_to_gift", "t_count")
    turn(g, "ann")      # 33 + 3 = 36 (chance_3): to 38, the gift: a card: collect 1
    assert player(g, "ann").pos == 38 and cash(g)["ann"] == 1501


def test_a_passing_hook_that_moves_the_player_ends_that_move():
    ed = edition("classic", space_kinds=[{"id": "trap", "name": {"en": "Trap"}, "on_pass": "go to jail"}],
                 board=[{"id": "income_tax", "kind": "trap", "name": {"en": "Trap", "ru": "Ловушка"},
                         "tax": None}])
    g = game(ed, {"ann": {"pos": 38}, "bob": {}}, dice=[(2, 4)])
    turn(g, "ann")                                           # 38 + 6 = 4: stops on the trap
    assert not player(g, "ann").in_jail and cash(g)["ann"] == 1700   # GO salary
    g = game(ed, {"ann": {"pos": 1}, "bob": {}}, dice=[(2, 3)])    # 1 -> 6 passes the trap (4)
    turn(g, "ann")
    ann = player(g, "ann")
    assert ann.in_jail and ann.pos == ed.jail_index and cash(g)["ann"] == 1500  # no landing on 6


def test_a_whole_game_with_declared_kinds_plays_to_the_end_with_bots():
    g = Game(ED, [(f"b{k}", make_bot("basic", k, 0)) for k in range(3)], seed=5, check_invariants=True)
    g.play(max_turns=3000)
    assert g.over and g.landings[ED.space_index["free_parking"]] > 0
