"""A person sues at the terminal (Biznespolia's court, an edition action): the action is offered
in words after landing on the court, and the suit is carried out with forced dice."""

from __future__ import annotations

import pytest

from tests.cli.test_play_human import Table
from tests.game.helpers import playable


@pytest.fixture
def biz():
    return playable("biznespolia")


@pytest.mark.parametrize("dice, wins", [((5,), True), ((1,), False)])
def test_a_person_sues_from_the_court(biz, monkeypatch, dice, wins):
    poultry, dairy, court = (biz.space_index[s] for s in ("poultry_farm", "dairy_farm", "jail"))
    # Enter: roll; the court lands Anna on the jail corner as a visitor; 2: the rival's deed,
    # 1: sue on it; Enter: done
    t = Table(biz, monkeypatch, "\n2\n1\n\n", dice=[(4, 2), dice, (3,)])
    t.game.set_owner(poultry, t.anna)
    t.game.set_owner(dairy, t.other)
    t.anna.pos = court - 6
    t.anna.intro = t.other.intro = False
    t.turn()
    assert "  2  Dairy Farm (Kolkhoz; Bot's): Sue\n" in t.text
    assert "Sue on Dairy Farm" in t.text
    fee = 90                                     # 1.5 x the price 60
    assert t.anna.cash == 2500 - fee
    assert t.game.owner[dairy] is (t.anna if wins else t.other)
    assert t.game.dice.left == 0
