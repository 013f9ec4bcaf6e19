"""`Game.apply_action`, the public way to carry out a manage action outside the decision
protocol (search bots' forks, tools, tests), checks the action first: an illegal one is refused
with its reason and changes nothing."""

from __future__ import annotations

import pytest

from magie.engine.errors import IllegalDecision

from .helpers import edition, game, player, space


def test_a_house_on_a_group_not_whole_is_refused_and_the_bank_keeps_its_houses():
    g = game(edition(), {"A": {"owns": {"arbat": 0}}, "B": {}})
    a, arbat = player(g, "A"), space(g.ed, "arbat")
    houses, cash = g.houses, a.cash
    for _ in range(3):
        with pytest.raises(IllegalDecision, match="whole"):
            g.apply_action(a, ("build", arbat), "before_roll")
    assert g.houses == houses and g.level[arbat] == 0 and a.cash == cash
    g.check_invariants()


@pytest.mark.parametrize("action", [("build", 10_000), ("build",), ("nonsense", 1), "build", ()])
def test_malformed_actions_are_refused_not_crashed_on(action):
    g = game(edition(), ["A", "B"])
    with pytest.raises(IllegalDecision):
        g.apply_action(player(g, "A"), action, "before_roll")


def test_a_legal_action_is_carried_out():
    g = game(edition(), {"A": {"owns": {"arbat": 0, "malaya_bronnaya": 0}}, "B": {}})
    a, arbat = player(g, "A"), space(g.ed, "arbat")
    houses, cash = g.houses, a.cash
    g.apply_action(a, ("build", arbat), "before_roll")
    assert g.level[arbat] == 1 and g.houses == houses - 1 and a.cash == cash - 200
    g.check_invariants()
