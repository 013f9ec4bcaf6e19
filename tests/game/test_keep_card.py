"""A kept card leaves its deck as `deque.remove` would take it out (the first card equal to it),
found without comparing every other card field by field (cards.keep_card)."""

import dataclasses
from collections import deque

from magie.engine.game.cards import keep_card

from .helpers import edition, game, player


def test_the_kept_card_leaves_its_deck_and_an_equal_twin_keeps_its_place():
    g = game(edition(), ["A", "B"], first="A")
    a = player(g, "A")
    deck_id, dq = next((d, q) for d, q in g.decks.items() if any(c.id == "chance_jail_free" for c in q))
    card = next(c for c in dq if c.id == "chance_jail_free")
    others = [c for c in dq if c is not card]
    twin = dataclasses.replace(card)             # equal to it, not it (a copy that the compiled build makes too)
    assert twin == card and twin is not card
    g.decks[deck_id] = deque([twin, others[0], card, *others[1:]])
    want = deque(g.decks[deck_id])
    want.remove(card)                            # what deque.remove takes: the twin, first from the left
    keep_card(g, a, "chance_jail_free", "get_out_of_jail")
    assert list(g.decks[deck_id]) == list(want) and g.decks[deck_id][1] is card
    assert a.held_cards == [(deck_id, "chance_jail_free")]
    keep_card(g, a, "chance_jail_free", "get_out_of_jail")
    assert all(c.id != "chance_jail_free" for c in g.decks[deck_id]) and len(g.decks[deck_id]) == len(others)
