"""A deed with buildings in its group changes hands without them (docs/rules.md, ours):
the group's buildings are sold to the bank at the sell-back price, paid to the old owner."""

from __future__ import annotations

from magie.engine.dsl import compile_snippet
from magie.engine.dsl.names import EditionNames
from magie.engine.edition.yamlload import read_yaml

from .helpers import cash, edition, game, owner_of, player, space


def test_a_card_transfer_of_a_built_deed_sells_the_group_s_buildings_first():
    ed = edition()
    g = game(ed, {"A": {"cash": 100}, "B": {"cash": 50, "owns": {"malaya_bronnaya": 3, "arbat": 3}}})
    houses_before = g.houses
    names = EditionNames.from_tree(read_yaml(ed_path()).tree)
    compile_snippet("transfer arbat to me", "card", names)(g, player(g, "A"))
    assert owner_of(g, "arbat") == "A" and owner_of(g, "malaya_bronnaya") == "B"
    assert g.level[space(ed, "arbat")] == 0 and g.level[space(ed, "malaya_bronnaya")] == 0
    assert g.houses == houses_before + 6
    assert cash(g) == {"A": 100, "B": 50 + 6 * 200 // 2}     # six houses at half their cost of 200
    g.check_invariants()


def test_a_transfer_of_a_deed_whose_group_has_no_buildings_moves_nothing_else():
    ed = edition()
    g = game(ed, {"A": {"cash": 100}, "B": {"cash": 50, "owns": {"malaya_bronnaya": 0, "arbat": 0}}})
    names = EditionNames.from_tree(read_yaml(ed_path()).tree)
    compile_snippet("transfer arbat to me", "card", names)(g, player(g, "A"))
    assert owner_of(g, "arbat") == "A" and cash(g) == {"A": 100, "B": 50}
    g.check_invariants()


def ed_path(name: str = "classic"):
    from magie.engine.paths import EDITIONS_DIR
    return EDITIONS_DIR / f"{name}.yaml"


def test_the_court_s_transfer_of_a_built_deed_sells_the_group_s_buildings_first():
    # the court's `do` (editions/biznespolia.yaml, action `sue`) ends in `transfer target to me`
    ed = edition("biznespolia")
    lots = {"poultry_farm": 2, "dairy_farm": 2, "grain_elevator": 2}
    g = game(ed, {"A": {"cash": 100}, "B": {"cash": 0, "owns": lots}})
    names = EditionNames.from_tree(read_yaml(ed_path("biznespolia")).tree)
    target = space(ed, "grain_elevator")
    compile_snippet("transfer target to me", "action", names)(g, player(g, "A"), target)
    assert owner_of(g, "grain_elevator") == "A" and owner_of(g, "dairy_farm") == "B"
    assert [g.level[space(ed, s)] for s in lots] == [0, 0, 0]
    sell = ed.rules.sell_percent
    assert cash(g) == {"A": 100, "B": 6 * 50 * sell // 100}
    g.check_invariants()
