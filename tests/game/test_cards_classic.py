"""Every card of the classic decks: a forced state before, the exact state after.

The state: A (cash 1000) owns two railway stations (riga, kursk: rent 50 each) and the power
station; B (cash 1500) owns the light blue group with 2 houses on each lot and the brown group
with a hotel on zhitnaya and 4 houses on nagatinskaya (10 houses, 1 hotel); C has 1500. B draws
the card standing on the first Chance (7) or the first Community Chest (2). Nobody buys or bids.
"""

import pytest

from .helpers import cash, deck_ids, edition, game, player, space, stack

B_OWNS = {"varshavskoe": 2, "ogaryova": 2, "first_parkovaya": 2, "zhitnaya": 5, "nagatinskaya": 4}
A_OWNS = {"riga_railway": 0, "kursk_railway": 0, "power_station": 0}

# card id -> (B's position after, cash after {A, B, C}, B in jail, B keeps the card)
CHANCE = {
    "chance_go": ("go", (1000, 1700, 1500), False, False),
    "chance_arbat": ("arbat", (1000, 1500, 1500), False, False),
    "chance_mayakovsky": ("mayakovsky", (1000, 1500, 1500), False, False),
    "chance_polyanka": ("polyanka", (1000, 1500, 1500), False, False),
    "chance_riga": ("riga_railway", (1050, 1650, 1500), False, False),
    "chance_railway_1": ("kursk_railway", (1100, 1400, 1500), False, False),
    "chance_railway_2": ("kursk_railway", (1100, 1400, 1500), False, False),
    "chance_utility": ("power_station", (1070, 1430, 1500), False, False),
    "chance_back_3": ("income_tax", (1000, 1300, 1500), False, False),
    "chance_jail": ("jail", (1000, 1500, 1500), True, False),
    "chance_dividend": ("chance_1", (1000, 1550, 1500), False, False),
    "chance_building_loan": ("chance_1", (1000, 1650, 1500), False, False),
    "chance_speeding": ("chance_1", (1000, 1485, 1500), False, False),
    "chance_chairman": ("chance_1", (1050, 1400, 1550), False, False),
    "chance_repairs": ("chance_1", (1000, 1150, 1500), False, False),
    "chance_jail_free": ("chance_1", (1000, 1500, 1500), False, True),
}
CHEST = {
    "chest_go": ("go", (1000, 1700, 1500), False, False),
    "chest_jail": ("jail", (1000, 1500, 1500), True, False),
    "chest_bank_error": ("chest_1", (1000, 1700, 1500), False, False),
    "chest_stock_sale": ("chest_1", (1000, 1550, 1500), False, False),
    "chest_holiday_fund": ("chest_1", (1000, 1600, 1500), False, False),
    "chest_tax_refund": ("chest_1", (1000, 1520, 1500), False, False),
    "chest_birthday": ("chest_1", (990, 1520, 1490), False, False),
    "chest_life_insurance": ("chest_1", (1000, 1600, 1500), False, False),
    "chest_consultancy": ("chest_1", (1000, 1525, 1500), False, False),
    "chest_beauty": ("chest_1", (1000, 1510, 1500), False, False),
    "chest_inheritance": ("chest_1", (1000, 1600, 1500), False, False),
    "chest_doctor": ("chest_1", (1000, 1450, 1500), False, False),
    "chest_hospital": ("chest_1", (1000, 1400, 1500), False, False),
    "chest_school": ("chest_1", (1000, 1450, 1500), False, False),
    "chest_street_repairs": ("chest_1", (1000, 985, 1500), False, False),
    "chest_jail_free": ("chest_1", (1000, 1500, 1500), False, True),
}


def test_every_classic_card_has_a_case():
    ed = edition()
    assert {c.id for c in ed.decks["chance"].cards} == set(CHANCE)
    assert {c.id for c in ed.decks["chest"].cards} == set(CHEST)


@pytest.mark.parametrize("deck, card", [("chance", c) for c in CHANCE] + [("chest", c) for c in CHEST])
def test_card_effect(deck, card):
    ed = edition()
    pos_after, (a_cash, b_cash, c_cash), jailed, kept = (CHANCE if deck == "chance" else CHEST)[card]
    start = "chance_1" if deck == "chance" else "chest_1"
    # the utility card throws for the rent; no other card throws
    dice = [(3, 4)] if card == "chance_utility" else []
    g = game(ed, {"A": {"cash": 1000, "owns": A_OWNS},
                  "B": {"cash": 1500, "pos": start, "owns": B_OWNS},
                  "C": {"cash": 1500}}, dice=dice, first="B", check_invariants=True)
    levels, houses, hotels = list(g.level), g.houses, g.hotels
    assert (houses, hotels) == (22, 11)
    stack(g, deck, card)
    b = player(g, "B")
    g.current = b
    g.draw(b, deck)
    assert b.pos == space(ed, pos_after)
    assert cash(g) == {"A": a_cash, "B": b_cash, "C": c_cash}
    assert b.in_jail is jailed
    assert b.held_cards == ([(deck, card)] if kept else [])
    assert g.level == levels and (g.houses, g.hotels) == (houses, hotels)
    if kept:
        assert len(g.decks[deck]) == 15 and card not in deck_ids(g, deck)
    else:
        assert len(g.decks[deck]) == 16 and deck_ids(g, deck)[-1] == card
    assert g.dice.left == 0
    g.check_invariants()
