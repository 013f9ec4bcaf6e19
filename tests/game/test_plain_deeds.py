"""Deeds without buildings or mortgages: `rules.mortgage.unavailable` (by kind, group or every
deed) and declared kinds of space that are title deeds (`deed: count | flat`, model.PLAIN_RENTS).
Forced dice on the classic board, where 4 (income_tax) and 38 (luxury_tax) become franchises
(group franchises, rents 5 / 25 by the number owned, no mortgage, one priced 1) and 20
(free_parking) a kiosk (flat rent 12, mortgage 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from magie.engine.agents import make_bot
from magie.engine.errors import IllegalDecision
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.game.manage import pickable_kinds
from magie.engine.problems import ProblemsError
from tests.game.helpers import cash, edition, game, owner_of, player, turn

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "playable"

KINDS = [{"id": "franchise", "name": {"en": "Franchise"}, "deed": "count"},
         {"id": "kiosk", "name": {"en": "Kiosk"}, "deed": "flat"}]
GROUPS = [{"id": "franchises", "name": {"en": "Franchises", "ru": "Франшизы"}, "color": "#123456"},
          {"id": "kiosks", "name": {"en": "Kiosks", "ru": "Киоски"}, "color": "#654321"}]
BOARD = [{"id": "income_tax", "kind": "franchise", "name": {"en": "Tea shop", "ru": "Чайная"}, "tax": None,
          "group": "franchises", "price": 1, "rent": [5, 25]},
         {"id": "luxury_tax", "kind": "franchise", "name": {"en": "Bakery", "ru": "Пекарня"}, "tax": None,
          "group": "franchises", "price": 2, "rent": [5, 25]},
         {"id": "free_parking", "kind": "kiosk", "name": {"en": "Kiosk", "ru": "Киоск"}, "group": "kiosks",
          "price": 30, "rent": [12], "mortgage": 15}]
PLAIN = edition("classic", rules={"mortgage": {"unavailable": ["franchise", "railroads"]}},
                space_kinds=KINDS, groups=GROUPS, board=BOARD)
NO_RAILROAD_MORTGAGE = edition("classic", rules={"mortgage": {"unavailable": ["railroad"]}})
NONE_AT_ALL = edition("classic", rules={"mortgage": {"unavailable": True}})


def test_a_mortgage_possible_with_mortgages_on_is_refused_with_a_reason_when_off():
    on = game(edition("classic"), {"ann": {"owns": {"riga_railway": 0}}, "bob": {}})
    assert on.mortgage_problem(player(on, "ann"), 5) is None
    off = game(NO_RAILROAD_MORTGAGE, {"ann": {"owns": {"riga_railway": 0, "zhitnaya": 0}}, "bob": {}})
    ann = player(off, "ann")
    assert off.mortgage_problem(ann, 5) == "riga_railway cannot be mortgaged: the rules allow no mortgage on it"
    assert off.mortgage_problem(ann, 1) is None              # streets still can
    with pytest.raises(IllegalDecision, match="cannot be mortgaged"):
        off.check_action(ann, ("mortgage", 5), "any")
    assert ("mortgage", 5) not in off.legal_actions(ann, "any") and ("mortgage", 1) in off.legal_actions(ann, "any")
    assert off.liquidation_value(ann) == 30                  # zhitnaya's mortgage only


def test_with_no_mortgage_anywhere_nobody_is_offered_one():
    g = game(NONE_AT_ALL, {"ann": {"owns": {"riga_railway": 0, "zhitnaya": 0}}, "bob": {}})
    names = {k.name for k in pickable_kinds(g)}
    assert "mortgage" not in names and "unmortgage" not in names and "sell" in names
    assert g.liquidation_value(player(g, "ann")) == 0
    assert {k.name for k in pickable_kinds(game(edition("classic"), ["ann", "bob"]))} >= {"mortgage"}


def test_a_deed_priced_1_is_bought_and_earns_its_rent_by_the_number_owned():
    ann_buys = game(PLAIN, {"ann": {"pos": 0, "script": {"buy": ["buy"]}}, "bob": {}}, dice=[(1, 3)])  # 0 -> 4
    turn(ann_buys, "ann")
    assert owner_of(ann_buys, "income_tax") == "ann" and cash(ann_buys)["ann"] == 1499
    g = game(PLAIN, {"ann": {"owns": {"income_tax": 0}}, "bob": {"pos": 0}}, dice=[(1, 3)])
    turn(g, "bob")
    assert cash(g) == {"ann": 1505, "bob": 1495}             # one of two: rent[0]
    g = game(PLAIN, {"ann": {"owns": {"income_tax": 0, "luxury_tax": 0}}, "bob": {"pos": 0}}, dice=[(1, 3)])
    turn(g, "bob")
    assert cash(g) == {"ann": 1525, "bob": 1475}             # both: rent[1]


def test_a_flat_rent_is_the_same_whatever_else_the_owner_holds_and_that_kind_may_be_mortgaged():
    g = game(PLAIN, {"ann": {"owns": {"free_parking": 0, "income_tax": 0, "luxury_tax": 0}},
                     "bob": {"pos": 15}}, dice=[(2, 3)])     # 15 -> 20
    turn(g, "bob")
    assert cash(g) == {"ann": 1512, "bob": 1488}
    ann = player(g, "ann")
    assert g.mortgage_problem(ann, 20) is None and g.mortgage_problem(ann, 4) is not None


def test_a_player_in_debt_with_only_unmortgageable_deeds_goes_bankrupt_where_another_would_mortgage():
    # bob (10) owes ann 20 on nagatinskaya with a house; his only deed is riga_railway
    state = {"ann": {"owns": {"nagatinskaya": 1, "zhitnaya": 0}},
             "bob": {"pos": 0, "cash": 10, "owns": {"riga_railway": 0}}, "cat": {}}
    on = game(edition("classic"), state, dice=[(1, 2)])       # 0 -> 3
    turn(on, "bob")
    assert player(on, "bob").alive and on.mortgaged[5] and cash(on)["bob"] == 10 + 100 - 20
    off = game(NO_RAILROAD_MORTGAGE, state, dice=[(1, 2)])
    turn(off, "bob")
    assert not player(off, "bob").alive
    assert owner_of(off, "riga_railway") == "ann" and cash(off)["ann"] == 1500 + 10
    sells = edition("classic", rules={"mortgage": {"unavailable": ["railroad"], "bank_buys_percent": 50}})
    g = game(sells, state, dice=[(1, 2)])                   # the bank buys it back at half the price
    turn(g, "bob")
    assert player(g, "bob").alive and owner_of(g, "riga_railway") is None and cash(g)["bob"] == 10 + 100 - 20


def test_bots_play_a_whole_game_of_the_edition_without_mortgaging_what_cannot_be():
    mortgaged: set[str] = set()
    for seed in range(4):
        log = EventLog(keep=None)
        g = Game(PLAIN, [(n, make_bot(b, k, seed)) for k, (n, b) in
                         enumerate([("ann", "basic"), ("bob", "random"), ("cat", "basic")])],
                 seed=seed, check_invariants=True, log=log)
        g.play(max_turns=600)
        mortgaged |= {e["space"] for e in log.events if e["e"] == "mortgage"}
        assert sum(1 for e in log.events if e["e"] == "buy" and e["space"] in ("income_tax", "luxury_tax")) >= 1
    assert mortgaged and not mortgaged & {"income_tax", "luxury_tax", "riga_railway", "kursk_railway",
                                          "kazan_railway", "leningrad_railway"}


def test_a_deed_without_a_mortgage_value_is_refused_unless_mortgages_are_unavailable_for_it():
    with pytest.raises(ProblemsError) as e:
        edition("classic", board=[{"id": "arbat", "mortgage": None}])
    assert [(p.code, p.pointer) for p in e.value.problems] == [("missing-key", "/board/39")]
    ed = edition("classic", rules={"mortgage": {"unavailable": ["dark_blue"]}},
                 board=[{"id": "arbat", "mortgage": None, "price": 1}])
    assert ed.spaces[39].price == 1 and ed.spaces[39].mortgage == 0 and not ed.spaces[39].mortgageable
    assert ed.spaces[37].mortgage == 0 and ed.spaces[1].mortgage == 30


@pytest.mark.parametrize(("change", "code", "pointer"), [
    ({"board": [{"id": "income_tax", "kind": "franchise", "name": {"en": "T", "ru": "Т"}, "tax": None,
                 "group": "franchises", "rent": [5, 25]}]}, "missing-key", "/board/4"),
    ({"board": [{"id": "free_parking", "kind": "kiosk", "name": {"en": "K", "ru": "К"}, "group": "kiosks",
                 "price": 30, "rent": [12, 13], "mortgage": 15}]}, "rent-length", "/board/20/rent"),
    ({"board": [{"id": "income_tax", "kind": "franchise", "name": {"en": "T", "ru": "Т"}, "tax": None,
                 "group": "franchises", "price": 5, "rent": [5]}]}, "rent-length", "/board/4/rent"),
    ({"board": [{"id": "free_parking", "kind": "kiosk", "name": {"en": "K", "ru": "К"}, "group": "brown",
                 "price": 30, "rent": [12], "mortgage": 15}]}, "group-kind", "/board/20/group"),
    ({"board": [{"id": "free_parking", "kind": "kiosk", "name": {"en": "K", "ru": "К"}, "group": "kiosks",
                 "price": 30, "rent": [12]}]}, "missing-key", "/board/20"),
])
def test_bad_declared_deeds_are_reported_where_they_are(change, code, pointer):
    board = {b["id"]: b for b in BOARD}
    for b in change["board"]:
        board[b["id"]] = b
    with pytest.raises(ProblemsError) as e:
        edition("classic", rules={"mortgage": {"unavailable": ["franchise"]}}, space_kinds=KINDS, groups=GROUPS,
                board=list(board.values()))
    assert (code, pointer) in [(p.code, p.pointer) for p in e.value.problems]
    assert all(p.line for p in e.value.problems if p.severity == "error")


def test_a_deed_kind_with_a_landing_hook_runs_it_after_the_rent():
    kinds = [KINDS[0], {**KINDS[1], "on_land": "collect 3 from bank"}]
    ed = edition("classic", rules={"mortgage": {"unavailable": ["franchise"]}},
                 space_kinds=kinds, groups=GROUPS, board=BOARD)
    log = EventLog(keep=None)
    g = game(ed, {"ann": {"owns": {"free_parking": 0}}, "bob": {"pos": 15}}, dice=[(2, 3)], log=log)  # 15 -> 20
    turn(g, "bob")
    assert cash(g) == {"ann": 1512, "bob": 1500 - 12 + 3}
    assert [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in log.events if e["e"] == "pay"] == [
        (1, 0, 12, "rent"), (None, 1, 3, "space")]                  # the rent first, then the hook


def test_a_cap_may_count_a_declared_deed_kind_and_a_misspelt_one_is_told(tmp_path):
    from magie.engine.edition.validate import validate_paths
    from magie.engine.game.limits import cap_problem

    fixture = FIXTURES / "plain-deeds.yaml"
    capped = tmp_path / "capped.yaml"
    capped.write_text(f"id: capped\nextends: {fixture}\nname: {{en: Capped, ru: Капп}}\n"
                      "rules:\n  limits:\n    deeds: [{kind: franchise, max: 1}]\n", encoding="utf-8")
    assert validate_paths([capped]) == []
    g = game(edition(str(capped)), {"ann": {"owns": {"income_tax": 0}}, "bob": {}})
    ann, bob = player(g, "ann"), player(g, "bob")
    bakery = g.ed.space_index["luxury_tax"]
    assert cap_problem(g, ann, bakery) == "ann may own at most 1 franchise deeds"
    assert cap_problem(g, bob, bakery) is None
    capped.write_text(capped.read_text(encoding="utf-8").replace("kind: franchise", "kind: franchse"),
                      encoding="utf-8")
    (p,) = validate_paths([capped])
    assert (p.code, p.line, p.col) == ("unknown-kind", 6, 20) and "did you mean 'franchise'" in p.message
