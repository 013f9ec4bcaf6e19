"""The advanced rules of the 1906 Landlord's Game, the overlay `landlords-advanced`
(../shared/rules/editions/landlords-game.md B4): taxes that rise with the houses on the board,
and land rent that doubles with the houses of a whole section. Each test compares the overlay
with the base game in the same position, where the two readings differ."""

from __future__ import annotations

import pytest

from .helpers import edition, game, player

LG = "landlords_game"
ADV = "landlords-advanced"

S5 = ("easy_street", "george_street", "maguire_flats")
S6 = ("fairhope_avenue", "johnson_circle", "the_bowery")
S7 = ("broadway", "madison_square", "fifth_avenue")


def _owns(*sections: tuple[str, ...], level: int) -> dict[str, int]:
    return {lot: level for section in sections for lot in section}


@pytest.mark.parametrize(("owns", "base_tax", "advanced_tax"), [
    ({**_owns(S7, level=3)}, 10, 10),                                         # 9 houses
    ({**_owns(S7, level=3), "grand_boulevard": 1, "wall_street": 0}, 10, 20),   # 10: doubled (B4.2)
    ({**_owns(S5, S6, level=3), **_owns(S7, level=2)}, 10, 20),               # 24
    ({**_owns(S5, S6, level=3), **_owns(S7, level=2), "broadway": 3}, 10, 40),  # 25: again, the limit
    ({**_owns(S5, S6, S7, level=3)}, 10, 40),                                 # 27: still 40
])
def test_taxes_on_necessities_rise_with_the_houses_on_the_board(owns, base_tax, advanced_tax):
    for variants, tax in (((), base_tax), ((ADV,), advanced_tax)):
        g = game(edition(LG, *variants), {"A": {}, "B": {"owns": owns}}, dice=[(1, 1)])
        a = player(g, "A")
        cash = a.cash
        g.play_turn()                                   # A lands on Fuel, a blue space (B3.3)
        assert a.cash == cash - tax and g.treasury == tax
        g.check_invariants()


@pytest.mark.parametrize(("levels", "base_rent", "advanced_rent"), [
    ((0, 0, 0), 20, 20),               # no house: the land rent alone
    ((0, 1, 0), 30, 30),               # not every lot has a house: land rent 20 + 10 for the house
    ((1, 1, 1), 30, 50),               # every lot one house: land rent doubled (40) + 10
    ((1, 2, 1), 40, 60),               # the fewest is still one: 40 + 20 for Madison's two houses
    ((2, 2, 2), 40, 100),              # two each: doubled again (80) + 20
    ((3, 3, 3), 50, 190),              # three each: again (160) + 30, B4.5's last column
])
def test_land_rent_doubles_with_the_houses_of_the_whole_section(levels, base_rent, advanced_rent):
    # B4.3 and the table of B4.5: Madison Square's land rent is 20
    owns = dict(zip(S7, levels, strict=True))
    for variants, rent in (((), base_rent), ((ADV,), advanced_rent)):
        g = game(edition(LG, *variants), {"A": {"pos": "bluebloods_estate"}, "B": {"owns": owns}},
                 dice=[(1, 2)])
        a, b = player(g, "A"), player(g, "B")
        paid, got = a.cash, b.cash
        g.play_turn()                                   # A: 30 + 3, Madison Square
        assert paid - a.cash == rent and b.cash - got == rent
        g.check_invariants()


def test_waybacks_land_rent_stays_nothing_however_the_section_is_built():
    # Wayback's land rent is 0 ([L3], [L4]): doubled it is still 0, the house rent is paid
    g = game(edition(LG, ADV), {"A": {"pos": "luxury"}, "B": {"owns": {"wayback": 2, "lonely_lane": 2}}},
             dice=[(1, 1)])
    b = player(g, "B")
    cash = b.cash
    g.play_turn()                                       # A: 39 + 2, past Mother Earth to Wayback
    assert b.cash - cash == 20                          # two houses at 10, no land rent


def test_bots_play_the_advanced_rules_to_the_end():
    from magie.engine import Game
    from magie.engine.agents import make_bot

    ed = edition(LG, ADV)
    g = Game(ed, [(f"Bot {i}", make_bot("basic", seed=i)) for i in range(3)], seed=3, check_invariants=True)
    g.play()
    assert g.over and g.winners
