"""Economics of an edition: rents from the edition's own formulas, payback from the exact odds."""

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.analysis.economics import best_marginal_level, economics, fastest_groups
from magie.engine.analysis.markov import landing_odds
from magie.engine.edition.loader import load_edition
from tests.game.helpers import playable


def econ(ref, policy="long"):
    ed = playable(ref)
    return ed, economics(ed, landing_odds(ed, load_edition(ref).tree, policy))


def test_rents_follow_the_rent_formulas():
    ed, e = econ("classic")
    arbat = next(d for d in e.deeds if d.space == "arbat")
    rents = {lv.name: lv.rent for lv in arbat.levels}
    # 50 bare, doubled with the whole group (rules.rent.street), then the printed table
    assert rents == {"lot": 50, "group": 100, "1 house": 200, "2 houses": 600, "3 houses": 1400,
                     "4 houses": 1700, "hotel": 2000}
    hotel = arbat.levels[-1]
    assert hotel.cost == 400 + 4 * 200 + 200
    assert hotel.per_roll == pytest.approx(arbat.p_roll * 2000)
    assert hotel.payback_rolls == pytest.approx(hotel.cost / hotel.per_roll)
    riga = next(d for d in e.deeds if d.space == "riga_railway")
    assert [lv.rent for lv in riga.levels] == [25, 50, 100, 200]
    power = next(d for d in e.deeds if d.space == "power_station")
    assert [lv.rent for lv in power.levels] == pytest.approx([4 * 7, 10 * 7])   # times the mean throw


def test_the_published_us_conclusions_hold_for_classic():
    _, e = econ("classic")
    streets = [d for d in e.deeds if d.kind == "street"]
    best = Counter(best_marginal_level(d) for d in streets)
    assert best["3 houses"] > len(streets) / 2           # the third house is the best marginal buy
    assert fastest_groups(e, "3 houses")[0].group == "orange"
    assert fastest_groups(e, "hotel")[0].group == "orange"
    orange = next(g for g in e.groups if g.group == "orange" and g.level == "3 houses")
    assert orange.payback_rounds[2] == pytest.approx(orange.payback_rolls / e.rolls_per_turn)
    assert orange.payback_rounds[4] == pytest.approx(orange.payback_rounds[2] / 3)
    assert e.players == tuple(range(2, 9))


def test_biznespolia_utilities_pay_by_the_number_held():
    _, e = econ("biznespolia")
    water = next(d for d in e.deeds if d.space == "water")
    assert [lv.rent for lv in water.levels] == pytest.approx([4 * 7, 10 * 7, 20 * 7, 30 * 7])
    assert e.players == (2, 3, 4, 5, 6)
    assert {g.group for g in e.groups} >= {"kolkhoz", "bank", "shopping_centres"}


def test_analyze_economics_json():
    r = CliRunner().invoke(app, ["analyze", "classic", "--economics", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)["economics"]
    assert data["players"] == list(range(2, 9))
    orange = [g for g in data["groups"] if g["group"] == "orange" and g["level"] == "3 houses"][0]
    assert orange["cost"] == 180 + 180 + 200 + 9 * 100
