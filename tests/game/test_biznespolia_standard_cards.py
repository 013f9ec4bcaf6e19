"""Biznespolia with the standard cards (overlay `standard-cards`, [002] l. 184): Biznespolia's
rules and board with the classic Chance and Community Chest decks. Forced dice and card order;
the space indexes are in test_biznespolia_support.py."""

from .helpers import cash, edition, owner_of, player, stack, turn
from .test_biznespolia_support import bgame


def sc():
    return edition("biznespolia", "standard-cards")


def test_the_notice_spaces_alternate_chest_and_chance_and_the_notice_deck_is_gone():
    ed = sc()
    decks = {s.id: s.deck for s in ed.spaces if s.kind == "card"}
    assert decks == {"notice_a": "chest", "notice_b": "chance", "notice_c": "chest", "notice_d": "chance",
                     "notice_e": "chest", "notice_f": "chance", "notice_g": "chest", "notice_h": "chance"}
    assert sorted(ed.decks) == ["chance", "chest"]
    assert len(ed.decks["chance"].cards) == 16 and len(ed.decks["chest"].cards) == 16


def test_advance_to_the_central_bank_pays_its_owner_biznespolia_rent():
    # A on oil_refinery (37) throws 2 + 3 onto notice_h (42, Chance): the card sends A to the
    # Central Bank (43), owned by B alone: rent table[0] = 50; no start passed, no salary
    g = bgame({"A": {"pos": "oil_refinery", "cash": 1000},
               "B": {"cash": 100, "owns": {"central_bank": 0}}}, ed=sc(), dice=[(2, 3)], first="A")
    stack(g, "chance", "std_chance_central_bank")
    turn(g, "A")
    a = player(g, "A")
    assert g.ed.spaces[a.pos].id == "central_bank"
    assert cash(g) == {"A": 950, "B": 150}
    assert owner_of(g, "central_bank") == "B"


def test_advance_to_start_pays_the_biznespolia_salary_minus_the_industry_tax():
    # A on commercial_bank (41) throws 1 + 4 onto notice_a (2, Community Chest) after passing
    # start (salary 450 - 50 x 1 industry = 400); the card moves A to start: a second salary
    g = bgame({"A": {"pos": "commercial_bank", "cash": 1000, "owns": {"poultry_farm": 0}},
               "B": {}}, ed=sc(), dice=[(1, 4)], first="A")
    stack(g, "chest", "std_chest_go")
    turn(g, "A")
    a = player(g, "A")
    assert a.pos == 0
    assert a.cash == 1000 + 400 + 400


def test_nearest_railroad_card_goes_to_the_next_shopping_centre_at_double_rent():
    # A on sewing_factory (6) throws
    # 1 + 2 onto notice_b (9, Chance); the nearest shopping centre ahead is sc_east (16), owned
    # by B with one centre: 2 x 25 = 50
    g = bgame({"A": {"pos": "sewing_factory", "cash": 1000},
               "B": {"cash": 0, "owns": {"sc_east": 0}}}, ed=sc(), dice=[(1, 2)], first="A")
    stack(g, "chance", "std_chance_railway_1")
    turn(g, "A")
    assert g.ed.spaces[player(g, "A").pos].id == "sc_east"
    assert cash(g) == {"A": 950, "B": 50}
