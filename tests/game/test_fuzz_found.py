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


LOANS = edition("classic", rules={"loans": {"unit": 1, "interest": 0}})
# classic: 6 = varshavskoe (price 100, mortgage 50), 8 = ogaryova (price 100)


def test_a_buyer_who_goes_bankrupt_raising_the_price_does_not_get_the_deed():
    # 90 cash and a deed that mortgages for 50 can pay 100; but borrowing comes first, and a loan
    # of 1 pledges the whole deed: nothing is left to raise, and the buyer goes bankrupt
    g = game(LOANS, {"ann": {"pos": 5, "cash": 90, "owns": {"varshavskoe": 0}, "script": {"buy": ["buy"]}},
                     "bob": {}, "cid": {}}, dice=[(1, 2)])          # 5 + 3 = 8: ogaryova
    turn(g, "ann")
    assert not player(g, "ann").alive
    assert owner_of(g, "ogaryova") is None                           # it was once given to her
    assert not player(g, "ann").deeds and player(g, "ann").loans == []
    g.check_invariants()
