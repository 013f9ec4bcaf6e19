"""Deck discards (`decks[].reshuffle`): a drawn card goes to the deck's discard pile, a used
kept card too; a draw that finds the deck empty shuffles the pile with the game's seeded
generator into a new deck (engine/game/cards.py)."""

import random

import pytest

from magie.engine.errors import GameError
from magie.engine.game.events import EventLog
from magie.engine.game.invariants import check_invariants

from .helpers import edition, game, player, turn

FATE = {"id": "fate", "name": "Fate", "shuffle": False, "reshuffle": True, "cards": [
    {"id": "fate_a", "text": "Collect 10.", "do": "collect 10 from bank"},
    {"id": "fate_b", "text": "Collect 20.", "do": "collect 20 from bank"},
    {"id": "fate_c", "text": "Collect 40.", "do": "collect 40 from bank"},
    {"id": "fate_free", "text": "Get out of jail free.", "do": "keep as get_out_of_jail"},
]}
VALUE = {"fate_a": 10, "fate_b": 20, "fate_c": 40}


def fate(**deck):
    return edition("classic", decks=[{**FATE, **deck}])


def ids(cards):
    return [c.id for c in cards]


def test_drawn_cards_go_to_the_discard_pile_and_come_back_in_a_seeded_order():
    g = game(fate(), ["A", "B"], first="A", seed=7, log=EventLog())
    a = player(g, "A")
    for _ in range(4):
        g.draw(a, "fate")
    assert a.cash == 1500 + 10 + 20 + 40
    assert ids(g.decks["fate"]) == [] and ids(g.discards["fate"]) == ["fate_a", "fate_b", "fate_c"]
    assert a.held_cards == [("fate", "fate_free")]
    check_invariants(g)
    want = ["fate_a", "fate_b", "fate_c"]
    rng = random.Random()
    rng.setstate(g.rng.getstate())
    rng.shuffle(want)                              # the order the game's generator gives now
    g.draw(a, "fate")
    assert a.cash == 1570 + VALUE[want[0]]
    assert ids(g.decks["fate"]) == want[1:] and ids(g.discards["fate"]) == want[:1]
    assert {"e": "deck_reshuffled", "deck": "fate", "cards": 3} in [
        {k: v for k, v in e.items() if k != "turn"} for e in g.log.events]
    check_invariants(g)


def test_the_new_order_is_the_seeds():
    def order(seed):
        g = game(fate(), ["A", "B"], first="A", seed=seed)
        a = player(g, "A")
        for _ in range(5):
            g.draw(a, "fate")
        return ids(g.discards["fate"]) + ids(g.decks["fate"])
    assert order(3) == order(3)
    assert len({tuple(order(s)) for s in range(12)}) > 1


def test_a_used_kept_card_returns_to_the_discard_pile():
    """A jailed player uses the kept card: it goes to the pile, not under the deck; the move out
    of jail (1+2) lands on space 13."""
    g = game(fate(), {"A": {"jail": True, "script": {"jail": ["card"]}}, "B": {}}, first="A", dice=[(1, 2)])
    a = player(g, "A")
    g.draw(a, "fate")                   # fate_a to the pile
    hold_free(g, a)
    turn(g, "A")
    assert not a.in_jail and a.pos == 13 and a.held_cards == []
    assert ids(g.discards["fate"]) == ["fate_a", "fate_free"]
    assert ids(g.decks["fate"]) == ["fate_b", "fate_c"]
    check_invariants(g)


def hold_free(g, p):
    """`p` holds the kept card since earlier (taken out of the deck)."""
    dq = g.decks["fate"]
    card = next(c for c in dq if c.id == "fate_free")
    dq.remove(card)
    p.held_cards.append(("fate", "fate_free"))
    g.kept_uses[("fate", "fate_free")] = "get_out_of_jail"


def test_a_deck_without_reshuffle_still_puts_the_card_at_the_bottom():
    g = game(fate(reshuffle=False), ["A", "B"], first="A")
    a = player(g, "A")
    g.draw(a, "fate")
    assert ids(g.decks["fate"]) == ["fate_b", "fate_c", "fate_free", "fate_a"] and g.discards["fate"] == []


def test_the_invariant_finds_a_card_in_two_places():
    g = game(fate(), ["A", "B"], first="A")
    g.draw(player(g, "A"), "fate")
    g.decks["fate"].append(g.discards["fate"][0])
    with pytest.raises(GameError, match="deck fate: 4 in the deck \\+ 1 discarded"):
        check_invariants(g)


def test_a_reshuffle_deck_with_no_cards_or_a_wrong_value_is_refused_at_its_place(tmp_path):
    from typer.testing import CliRunner

    from magie.cli.app import app
    path = tmp_path / "bad.yaml"
    path.write_text("overlay: true\nid: bad_decks\nname: bad decks\ndescription: x\nbase: classic\n"
                    "decks:\n"
                    "  - id: fate\n    name: Fate\n    reshuffle: true\n    cards: []\n"
                    "  - id: luck\n    name: Luck\n    reshuffle: always\n    cards:\n"
                    "      - {id: luck_a, text: A, do: collect 10 from bank}\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["validate", str(path)])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert f"{path}:10:12: error[bad-value]: decks[2] (fate).cards: needs at least 1 item" in r.output
    assert f"{path}:13:16: error[wrong-type]: decks[3] (luck).reshuffle: expected true or false" in r.output


def test_the_web_state_counts_each_decks_cards_left_and_discarded():
    from magie.cli.web.narrate import Words
    from magie.cli.web.view import public_state
    g = game(fate(), ["A", "B"], first="A")
    g.draw(player(g, "A"), "fate")
    state = public_state(g, Words(g.ed, "en", {0: "A", 1: "B"}))
    assert state["decks"]["fate"] == {"left": 3, "discards": 1}
    assert state["decks"]["chance"] == {"left": 16, "discards": 0}
