"""Compulsory purchase (`rules.purchase.compulsory`, buying.offer_purchase): the lander
must buy an unowned deed of the kinds and groups named; the price is a debt to the bank,
raised as any debt or ending in bankruptcy to the bank, and the deed then stays with the bank.
Forced dice on the classic board (5 = riga_railway, 200; 3 = nagatinskaya, brown, 60)."""

from __future__ import annotations

import pytest

from magie.engine.agents import make_bot
from magie.engine.problems import ProblemsError
from tests.game.helpers import cash, edition, game, owner_of, player, turn

RAILROADS = edition("classic", rules={"purchase": {"compulsory": ["railroad"]}})
EVERY = edition("classic", rules={"purchase": {"compulsory": True}})
BROWN = edition("classic", rules={"purchase": {"compulsory": ["brown"]}})


def test_the_edition_marks_the_deeds_the_rules_name():
    assert [s.id for s in RAILROADS.spaces if s.compulsory] == [
        "riga_railway", "kursk_railway", "kazan_railway", "leningrad_railway"]
    assert [s.id for s in BROWN.spaces if s.compulsory] == ["zhitnaya", "nagatinskaya"]
    assert all(s.compulsory == s.is_deed for s in EVERY.spaces)
    assert not any(s.compulsory for s in edition("classic").spaces)


def test_a_player_with_the_cash_buys_without_being_asked():
    g = game(RAILROADS, {"ann": {"pos": 0}, "bob": {}}, dice=[(2, 3)])        # 0 -> 5
    turn(g, "ann")
    assert owner_of(g, "riga_railway") == "ann" and cash(g) == {"ann": 1300, "bob": 1500}
    assert not any(d.kind in ("buy", "bid") for a in g.agents for d in a.asked)


def test_a_deed_outside_the_named_set_is_still_offered_and_may_be_declined():
    g = game(RAILROADS, {"ann": {"pos": 0, "script": {"buy": ["decline"], "bid": [None]}},
                         "bob": {"script": {"bid": [None]}}}, dice=[(1, 2)])   # 0 -> 3, brown
    turn(g, "ann")
    assert owner_of(g, "nagatinskaya") is None and cash(g)["ann"] == 1500
    assert [d.kind for d in g.agents[0].asked if d.kind == "buy"] == ["buy"]


def test_a_group_named_makes_only_its_deeds_compulsory():
    g = game(BROWN, {"ann": {"pos": 0}, "bob": {}}, dice=[(1, 2)])            # 0 -> 3
    turn(g, "ann")
    assert owner_of(g, "nagatinskaya") == "ann" and cash(g)["ann"] == 1440


def test_a_player_short_of_cash_raises_the_price_by_mortgaging():
    # ann has 150 and pink polyanka (mortgage 70): she mortgages it and pays 200, 20 left
    g = game(RAILROADS, {"ann": {"pos": 0, "cash": 150, "owns": {"polyanka": 0},
                                 "script": {"raise": [("mortgage", 11)]}}, "bob": {}},
             dice=[(2, 3)])
    turn(g, "ann")
    asked = [d for d in g.agents[0].asked if d.kind in ("raise", "buy")]
    assert [(d.kind, d.amount, d.reason) for d in asked] == [("raise", 200, "purchase")]
    assert owner_of(g, "riga_railway") == "ann" and g.mortgaged[11] and cash(g)["ann"] == 20


def test_the_basic_bot_raises_the_price_too():
    g = game(RAILROADS, {"ann": {"pos": 0, "cash": 100, "owns": {"zhitnaya": 0, "polyanka": 0},
                                 "agent": make_bot("basic", 0, 0)}, "bob": {}}, dice=[(2, 3)])
    turn(g, "ann")
    # 100 + 30 + 70 = 200: both mortgaged, nothing left
    assert owner_of(g, "riga_railway") == "ann" and g.mortgaged[1] and g.mortgaged[11]
    assert cash(g)["ann"] == 0


def test_a_player_who_cannot_raise_the_price_goes_bankrupt_to_the_bank_and_the_deed_stays():
    g = game(RAILROADS, {"ann": {"pos": 0, "cash": 120, "owns": {"zhitnaya": 0}},
                         "bob": {}, "cat": {}}, dice=[(2, 3)])               # 120 + 30 < 200
    turn(g, "ann")
    assert not player(g, "ann").alive
    assert owner_of(g, "riga_railway") is None          # stays with the bank, not auctioned
    assert owner_of(g, "zhitnaya") is None              # her deed: auctioned (to_bank), unsold
    assert cash(g) == {"ann": 0, "bob": 1500, "cat": 1500}
    bids = {d.space for a in g.agents for d in a.asked if d.kind == "bid"}
    assert bids == {1}


@pytest.mark.parametrize(("rules", "code", "pointer"), [
    ({"purchase": {"compulsory": ["railways"]}}, "unknown-deed-set", "/rules/purchase/compulsory/0"),
    ({"purchase": {"compulsory": ["brown", "chance"]}}, "unknown-deed-set", "/rules/purchase/compulsory/1"),
    ({"purchase": {"compulsory": "yes"}}, "wrong-type", "/rules/purchase/compulsory"),
    ({"purchase": {"compulsory": []}}, "bad-value", "/rules/purchase/compulsory"),
    ({"mortgage": {"unavailable": ["tax"]}}, "unknown-deed-set", "/rules/mortgage/unavailable/0"),
])
def test_a_bad_deed_set_is_reported_at_its_place(rules, code, pointer):
    with pytest.raises(ProblemsError) as e:
        edition("classic", rules=rules)
    [p] = e.value.problems
    assert (p.code, p.pointer) == (code, pointer) and p.line > 0 and p.col > 0
