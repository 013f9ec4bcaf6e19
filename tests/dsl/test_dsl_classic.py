"""The classic edition: every `do:` and every formula checks, compiles and runs."""

from __future__ import annotations

import pytest

from magie.engine.dsl import check_edition, compile_edition, find_snippets
from magie.engine.dsl.runtime import Roll
from tests.dsl.conftest import REPO
from tests.dsl.fake import FakeGame, spaces_from_tree
from tests.dsl.yaml_marks import load_file


@pytest.fixture(scope="module")
def classic():
    tree, locate = load_file(REPO / "editions" / "classic.yaml")
    return tree, locate, compile_edition(tree, locate)


def card(classic, card_id):
    tree, _, fns = classic
    for d, deck in enumerate(tree["decks"]):
        for c, item in enumerate(deck["cards"]):
            if item["id"] == card_id:
                return fns[f"/decks/{d}/cards/{c}/do"]
    raise KeyError(card_id)


def game(classic, **kw):
    return FakeGame(spaces_from_tree(classic[0]), **kw)


def test_classic_has_no_dsl_problems(classic):
    tree, locate, _ = classic
    assert check_edition(tree, locate) == []


def test_every_snippet_of_classic_is_compiled(classic):
    tree, locate, fns = classic
    pointers = {s.pointer for s in find_snippets(tree, locate)}
    cards = {f"/decks/{d}/cards/{c}/do" for d in range(2) for c in range(16)}
    formulas = {"/rules/salary", "/rules/rent/street", "/rules/rent/railroad",
                "/rules/rent/utility", "/board/4/tax", "/board/38/tax", "/rules/auction/start",
                "/end/score"}
    assert pointers == cards | formulas
    assert set(fns) == pointers
    path = REPO / "editions" / "classic.yaml"
    assert fns["/decks/0/cards/0/do"].where == f"card 'chance_go' ({path}:84:13)"


def test_constant_formulas(classic):
    _, _, fns = classic
    g = game(classic)
    me = g.players[0]
    assert fns["/rules/salary"](g, me) == 200
    assert fns["/board/4/tax"](g, me) == 200
    assert fns["/board/38/tax"](g, me) == 100
    assert fns["/rules/auction/start"](g, 1) == 1


def test_move_to_a_space_and_to_go(classic):
    g = game(classic)
    me = g.players[0]
    me.pos = 36
    card(classic, "chance_go")(g, me)
    assert g.calls == [("move_to", 0, 0, True, None, False, None)]
    assert (me.pos, me.cash) == (0, 1700)
    card(classic, "chance_arbat")(g, me)
    assert g.calls[-1] == ("move_to", 0, 39, True, None, False, None)


def test_nearest_railroad_pays_double_rent(classic):
    g = game(classic)
    me, owner = g.players[0], g.players[1]
    me.pos = 7
    g.owner[15] = owner
    g.normal_rent = lambda space, dice: 50
    card(classic, "chance_railway_1")(g, me)
    assert g.calls == [("move_to", 0, 15, True, None, True, None), ("rent", 0, 1, 100)]
    assert g.last_override.needs_rent is True
    assert (me.cash, owner.cash) == (1400, 1600)


def test_nearest_utility_rolls_for_ten_times(classic):
    g = game(classic, dice=[2, 5])
    me, owner = g.players[0], g.players[1]
    me.pos = 22
    g.owner[28] = owner
    g.normal_rent = lambda space, dice: pytest.fail("the normal rent is not needed")
    card(classic, "chance_utility")(g, me)
    assert g.calls == [("move_to", 0, 28, True, None, True, None), ("roll", 2, (2, 5)),
                       ("rent", 0, 1, 70)]
    assert g.last_override.needs_rent is False


def test_nearest_utility_unowned_rolls_nothing(classic):
    g = game(classic, dice=[])
    me = g.players[0]
    me.pos = 36
    card(classic, "chance_utility")(g, me)
    assert (me.pos, me.cash) == (12, 1700)          # passed GO
    assert [c[0] for c in g.calls] == ["move_to"]


def test_back_three_jail_keep(classic):
    g = game(classic)
    me = g.players[0]
    me.pos = 7
    card(classic, "chance_back_3")(g, me)
    assert g.calls == [("move_by", 0, -3, None, False, None)] and me.pos == 4
    card(classic, "chance_jail")(g, me)
    assert me.in_jail and me.pos == 10
    card(classic, "chance_jail_free")(g, me)
    assert g.kept == [(0, "chance_jail_free", "get_out_of_jail")]


def test_money_cards(classic):
    g = game(classic, players=4)
    me = g.players[0]
    card(classic, "chest_birthday")(g, me)
    assert g.calls == [("collect_each_other", 0, 10, "card")]
    assert [p.cash for p in g.players] == [1530, 1490, 1490, 1490]
    card(classic, "chance_chairman")(g, me)
    assert [p.cash for p in g.players] == [1380, 1540, 1540, 1540]
    card(classic, "chest_doctor")(g, me)
    card(classic, "chance_dividend")(g, me)
    assert me.cash == 1380 - 50 + 50


def test_repairs_count_houses_and_hotels(classic):
    g = game(classic)
    me = g.players[0]
    for lot, level in ((1, 2), (3, 5), (6, 4)):
        g.owner[lot] = me
        g.level[lot] = level
    card(classic, "chance_repairs")(g, me)
    assert g.calls == [("pay", 0, None, 25 * 6 + 100 * 1, "card")]
    card(classic, "chest_street_repairs")(g, me)
    assert g.calls[-1] == ("pay", 0, None, 40 * 6 + 115 * 1, "card")


def test_street_rent_formula(classic):
    _, _, fns = classic
    rent = fns["/rules/rent/street"]
    g = game(classic)
    payer, owner = g.players[0], g.players[1]
    g.owner[1] = owner                                     # one of two browns
    assert rent(g, payer, 1, owner, None) == 2
    g.owner[3] = owner                                     # the whole group: double
    assert rent(g, payer, 1, owner, None) == 4
    g.mortgaged[3] = True                                  # a mortgaged lot: no doubling
    assert rent(g, payer, 1, owner, None) == 2
    g.mortgaged[3] = False
    g.level[1] = 3
    assert rent(g, payer, 1, owner, None) == 90
    g.level[1] = 5                                         # hotel
    assert rent(g, payer, 1, owner, None) == 250


def test_railroad_and_utility_rent_formulas(classic):
    _, _, fns = classic
    g = game(classic)
    payer, owner = g.players[0], g.players[1]
    for s in (5, 15, 25):
        g.owner[s] = owner
    assert fns["/rules/rent/railroad"](g, payer, 5, owner, None) == 100
    g.owner[12] = g.owner[28] = owner
    assert fns["/rules/rent/utility"](g, payer, 12, owner, Roll((3, 4), 7, False)) == 70


def test_score_formula(classic):
    _, _, fns = classic
    g = game(classic)
    me = g.players[0]
    g.owner[1] = g.owner[39] = me
    g.mortgaged[39] = True
    g.level[1] = 2
    assert fns["/end/score"](g, me) == 1500 + 460 - 200 + 100
