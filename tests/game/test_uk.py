"""The UK edition (../shared/rules/editions/uk.md): the London board, the classic UK decks and
their choice card, with forced dice and stacked decks."""

from __future__ import annotations

from magie.engine.agents import Scripted, make_bot
from magie.engine.game.game import Game
from tests.game.helpers import cash, game, owner_of, playable, player, stack, turn

UK = playable("uk", ())


def test_the_board_and_its_figures():
    ed = UK
    assert len(ed.spaces) == 40
    assert ed.spaces[1].id == "old_kent_road" and ed.spaces[39].id == "mayfair"
    assert ed.spaces[ed.space_index["piccadilly"]].rent[0] == 22        # 1.1 reading (a)
    assert ed.spaces[4].tax(None, None) == 200 and ed.spaces[38].tax(None, None) == 100


def test_fine_or_chance_paying_leaves_1490():
    # [U1]'s test: paying the fine leaves 1490 of 1500
    g = game(UK, {"ann": {"pos": 14, "script": {"choice": ["pay_fine"]}}, "bob": {}},
             dice=[(1, 2)])
    stack(g, "chest", "chest_fine_or_chance")
    turn(g, "ann")                        # 14 + 3 = 17: Community Chest
    ann = player(g, "ann")
    d = next(d for d in g.agents[0].asked if d.kind == "choice")
    assert d.options == ("pay_fine", "take_chance") and d.source == "chest_fine_or_chance"
    assert ann.cash == 1490
    assert ann.pos == 17


def test_fine_or_chance_taking_a_chance_carries_the_chance_card_out():
    g = game(UK, {"ann": {"pos": 14, "script": {"choice": ["take_chance"]}}, "bob": {}},
             dice=[(1, 2)])
    stack(g, "chest", "chest_fine_or_chance")
    stack(g, "chance", "chance_mayfair")
    turn(g, "ann")
    ann = player(g, "ann")
    assert ann.pos == 39 and ann.cash == 1500     # on Mayfair, nothing paid; it may be bought
    assert [c.id for c in g.decks["chance"]][-1] == "chance_mayfair"


def test_the_bot_pays_the_fine_when_it_can_keep_200():
    bots = [("b0", make_bot("basic", 0, 0)), ("b1", make_bot("basic", 0, 1))]
    g = Game(UK, bots, seed=1, first=0, deal=False)
    from magie.engine.game.decisions import Decision
    d = Decision("choice", g.players[0], ("pay_fine", "take_chance"), hint="pay_fine")
    assert bots[0][1].decide(g, d) == "pay_fine"


def test_go_back_to_old_kent_road_pays_no_salary():
    g = game(UK, {"ann": {"pos": 14}, "bob": {}}, dice=[(1, 2)])   # 14 + 3 = 17: Community Chest
    stack(g, "chest", "chest_old_kent_road")
    turn(g, "ann")
    assert player(g, "ann").pos == 1 and cash(g)["ann"] == 1500


def test_card_texts_show_pounds():
    from magie.cli.render import Names
    n = Names(UK, "en")
    assert n.card_text("chest", "chest_fine_or_chance") == "Pay a £10 fine or take a Chance."
    assert n.card_text("chance", "chance_street_repairs") == \
        "You are assessed for street repairs: £40 per house, £115 per hotel."
    assert n.label("chest_fine_or_chance", UK.decks["chest"].cards[-1].labels, "pay_fine") == \
        "Pay the £10 fine"


def test_plays_to_a_winner_with_bots():
    for seed in range(5):
        g = Game(UK, [(f"b{i}", make_bot("basic", seed, i)) for i in range(4)], seed=seed,
                 max_rounds=400, check_invariants=True)
        g.play()
        if g.end_reason == "last_standing":
            break
    assert g.over and g.end_reason == "last_standing" and len(g.winners) == 1
    assert owner_of(g, "mayfair") in (None, g.winners[0].name)


def test_scripted_default_for_a_choice_is_a_listed_option():
    g = game(UK, {"ann": {"pos": 14, "agent": Scripted(name="ann",
                                                          default=lambda g, d: d.options[-1])},
                  "bob": {}}, dice=[(1, 2)])
    stack(g, "chest", "chest_fine_or_chance")
    stack(g, "chance", "chance_dividend")
    turn(g, "ann")
    assert player(g, "ann").cash == 1550
