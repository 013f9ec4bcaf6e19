"""The plugin's own tests: run `pip install -e .` in this folder, then `pytest`."""

from __future__ import annotations

from magie_example.dsl import digit_sum

from magie.engine.agents import make_bot
from magie.engine.edition.listing import list_plugins
from magie.engine.edition.playable import load_playable
from magie.engine.game.game import Game


def test_digit_sum():
    assert digit_sum(None, 1234) == 10
    assert digit_sum(None, -305) == 8


def test_magie_lists_and_loads_the_edition():
    assert ("edition", "digits", "magie-example") in {(i.kind, i.id, i.plugin) for i in list_plugins()}
    ed = load_playable("digits")
    assert any(c.id == "chance_digits" for c in ed.decks["chance"].cards)


def test_a_game_of_thrifty_bots_ends():
    ed = load_playable("digits")
    g = Game(ed, [(f"T{k}", make_bot("thrifty", 1, k)) for k in range(3)], seed=1, max_rounds=100)
    g.play()
    assert g.round <= 100
