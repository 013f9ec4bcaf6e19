"""Crashes the construct fuzzer (tests/fuzz/test_fuzz_constructs.py) found, each pinned in a real
game on the classic board with forced dice and a stacked deck."""

from __future__ import annotations

from tests.game.helpers import cash, edition, game, owner_of, player, stack, turn

CARDS = [
    {"id": "t_with_nearest", "text": {"en": "Go on to the nearest unowned street."},
     "do": "with me:\n  move to nearest street s where s.owner == none"},
]
ED = edition("classic", decks=[{"id": "chance", "cards": CARDS}])
# classic: 7 = chance_1, 8 = ogaryova, 9 = first_parkovaya (light blue streets)


def test_a_move_to_the_nearest_matching_space_inside_with():
    # the generated `if` of a move to the nearest space inside `with X:` once did not compile
    g = game(ED, {"ann": {"pos": 4, "script": {"buy": ["buy"]}}, "bob": {"owns": {"ogaryova": 0}}},
             dice=[(1, 2)])                                   # 4 + 3 = 7: chance_1
    stack(g, "chance", "t_with_nearest")
    turn(g, "ann")
    assert player(g, "ann").pos == 9                          # ogaryova (8) is owned: on to 9
    assert owner_of(g, "first_parkovaya") == "ann" and cash(g)["ann"] == 1500 - 120
