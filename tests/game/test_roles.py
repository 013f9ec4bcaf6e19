"""Player roles (engine/game/roles.py) and the rule parts chosen by a condition on the player:
rent tables, a building step, a card space's deck, the jail fine, an end condition. The edition
is docs/examples/roles.yaml (classic with landlords and tenants), played with forced dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from magie.cli.render import Names
from magie.engine.agents import Scripted, make_bot
from magie.engine.edition.model import Roles
from magie.engine.errors import GameError
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.game.roles import role_problem
from tests.game.helpers import cash, edition, game, player, turn

EXAMPLE = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "roles.yaml")
ED = edition(EXAMPLE)


def _roles(g, **roles: str) -> None:
    for name, role in roles.items():
        player(g, name).role = role


def _events(g, kind: str) -> list[dict]:
    return [e for e in g.log.events if e["e"] == kind]


# ---------------------------------------------------------------- giving roles

def test_roles_are_chosen_in_order_of_play_and_logged():
    agents = [("ann", Scripted(role=["tenant"])), ("bob", Scripted()), ("cy", Scripted(role=["tenant"]))]
    g = Game(ED, agents, seed=1, first=0, log=EventLog())
    # ann took tenant; bob is offered both (2 of 3 may share a role); cy's tenant fits too
    assert [p.role for p in g.players] == ["tenant", "landlord", "tenant"]
    asked = [d for d in g.agents[1].asked if d.kind == "role"]
    assert asked[0].options == ["landlord", "tenant"] and asked[0].taken == {"landlord": 0, "tenant": 1}
    assert [(e["player"], e["role"], e["how"]) for e in _events(g, "role")] == [
        (0, "tenant", "chosen"), (1, "landlord", "chosen"), (2, "tenant", "chosen")]


def test_an_unbalanced_choice_is_refused_with_the_reason():
    # two players, balance even: at most one of each role, so bob may not take tenant too
    agents = [("ann", Scripted(role=["tenant"])), ("bob", Scripted(role=["tenant"]))]
    with pytest.raises(GameError, match=r"tenant is taken by 1 already: of 2 players at most 1 may take each role"):
        Game(ED, agents, seed=1, first=0)


def test_the_balance_rules():
    even = Roles(list=ED.roles.list, balance="even")
    assert role_problem(even, {"landlord": 3, "tenant": 0}, 2, "landlord") is not None   # 5 players: 3 at most
    assert role_problem(even, {"landlord": 2, "tenant": 1}, 2, "landlord") is None
    assert role_problem(even, {"landlord": 3, "tenant": 0}, 2, "tenant") is None
    each = Roles(list=ED.roles.list, balance="each")
    # the last of three players must take the role nobody has
    assert "tenant must still be taken" in role_problem(each, {"landlord": 2, "tenant": 0}, 1, "landlord")
    assert role_problem(each, {"landlord": 1, "tenant": 0}, 2, "landlord") is None
    free = Roles(list=ED.roles.list, balance="free")
    assert role_problem(free, {"landlord": 5, "tenant": 0}, 1, "landlord") is None
    assert "not a role" in role_problem(free, {"landlord": 0, "tenant": 0}, 1, "broker")


def test_dealt_roles_come_from_the_seed_in_turn_over_the_roles():
    dealt = edition(EXAMPLE, roles={"assign": "deal"})
    logs = []
    for _ in range(2):
        g = Game(dealt, [(n, Scripted()) for n in "abcd"], seed=7, log=EventLog())
        logs.append([(e["player"], e["role"], e["how"]) for e in _events(g, "role")])
        assert sorted(p.role for p in g.players) == ["landlord", "landlord", "tenant", "tenant"]
        assert not any(d.kind == "role" for a in g.agents for d in a.asked)
    assert logs[0] == logs[1] and {how for *_, how in logs[0]} == {"dealt"}


def test_the_basic_bot_takes_the_role_fewest_hold_and_the_random_bot_one_offered():
    g = Game(ED, [(f"b{k}", make_bot("basic", k, 0)) for k in range(4)], seed=3)
    assert sorted(p.role for p in g.players) == ["landlord", "landlord", "tenant", "tenant"]
    for seed in range(5):
        g = Game(ED, [(f"r{k}", make_bot("random", k, seed)) for k in range(3)], seed=seed)
        roles = [p.role for p in g.players]
        assert set(roles) <= {"landlord", "tenant"} and max(roles.count(r) for r in roles) <= 2


def test_a_game_with_roles_replays_from_its_answers():
    agents = [("ann", Scripted(role=["tenant"])), ("bob", make_bot("basic", 1, 0))]
    g = Game(ED, agents, seed=4, record=True, max_rounds=20)
    g.play()
    again = Game(ED, [("ann", Scripted()), ("bob", make_bot("basic", 1, 0))], seed=4, replay=list(g.answers),
                 max_rounds=20)
    again.play()
    assert [p.role for p in again.players] == ["tenant", "landlord"]
    assert [p.cash for p in again.players] == [p.cash for p in g.players]


# ---------------------------------------------------------------- rule parts by role

@pytest.mark.parametrize("owner_role, paid", [("tenant", 25), ("landlord", 50)])
def test_the_rent_paid_depends_on_the_owners_role(owner_role, paid):
    g = game(ED, {"ann": {"owns": {"arbat": 0}}, "bob": {"pos": 34}}, dice=[(2, 3)])   # 34 + 5 = 39
    _roles(g, ann=owner_role, bob="tenant")
    turn(g, "bob")
    assert cash(g) == {"ann": 1500 + paid, "bob": 1500 - paid}


@pytest.mark.parametrize("owner_role, paid", [("landlord", 80), ("tenant", 40)])
def test_a_rent_table_chosen_by_a_whole_group_need_not_rise_above_the_other(owner_role, paid):
    # a landlord's whole red group: the steeper table (40, doubled bare); a tenant's: 2 x 20
    reds = {"tverskaya": 0, "pushkinskaya": 0, "mayakovsky": 0}
    g = game(ED, {"ann": {"owns": reds}, "bob": {"pos": 19}}, dice=[(2, 3)])       # 19 + 5 = 24
    _roles(g, ann=owner_role, bob="tenant")
    turn(g, "bob")
    assert cash(g) == {"ann": 1500 + paid, "bob": 1500 - paid}


def test_a_building_step_is_refused_to_one_role_with_the_reason():
    blues = {"arbat": 4, "malaya_bronnaya": 4}
    g = game(ED, {"ann": {"owns": blues, "cash": 2000}, "bob": {"owns": {}}})
    arbat = ED.space_index["arbat"]
    _roles(g, ann="tenant", bob="landlord")
    assert g.build_problem(player(g, "ann"), arbat, "after_landing") == \
        "ann may not build a hotel on arbat: only landlords build hotels"
    _roles(g, ann="landlord")
    assert g.build_problem(player(g, "ann"), arbat, "after_landing") is None
    g.build(player(g, "ann"), arbat)
    assert g.level[arbat] == 5 and player(g, "ann").cash == 2000 - ED.spaces[arbat].hotel_cost


def test_a_houses_step_without_a_condition_is_open_to_every_role():
    g = game(ED, {"ann": {"owns": {"arbat": 0, "malaya_bronnaya": 0}}, "bob": {}})
    _roles(g, ann="tenant", bob="landlord")
    assert g.build_problem(player(g, "ann"), ED.space_index["arbat"], "after_landing") is None


@pytest.mark.parametrize("role, deck", [("tenant", "chest"), ("landlord", "chance")])
def test_a_card_space_draws_the_deck_of_the_players_role(role, deck):
    g = game(ED, {"ann": {"pos": 2}, "bob": {}}, dice=[(2, 3)], log=EventLog())         # 2 + 5 = 7
    _roles(g, ann=role, bob="landlord")
    turn(g, "ann")
    assert [e["deck"] for e in _events(g, "card")] == [deck]


@pytest.mark.parametrize("role, fine", [("tenant", 25), ("landlord", 50)])
def test_the_jail_fine_depends_on_the_role(role, fine):
    g = game(ED, {"ann": {"jail": True, "script": {"jail": ["pay"]}}, "bob": {}}, dice=[(1, 2)])
    _roles(g, ann=role, bob="landlord")
    turn(g, "ann")
    d = next(d for d in g.agents[0].asked if d.kind == "jail")
    assert d.fine == fine and player(g, "ann").cash == 1500 - fine and not player(g, "ann").in_jail


def test_the_game_ends_when_no_tenant_is_left():
    g = game(ED, {"ann": {"cash": 10}, "bob": {"owns": {"arbat": 0}}, "cy": {}}, dice=[(2, 3)])
    _roles(g, ann="tenant", bob="landlord", cy="landlord")
    player(g, "ann").pos = 34                                          # lands on bob's arbat
    turn(g, "ann")
    assert not player(g, "ann").alive and g.over


def test_the_role_is_shown_in_the_status_and_the_buy_text():
    g = game(ED, ["ann", "bob"])
    _roles(g, ann="tenant", bob="landlord")
    names = Names(ED, "en", markup=False)
    from magie.cli.status import compact_view
    from magie.cli.web.narrate import Words
    from magie.cli.web.view import public_state
    text = "\n".join(str(line) for line in compact_view(g, names).renderables)
    assert "Tenant" in text and "Landlord" in text
    state = public_state(g, Words(ED, "en", {0: "ann", 1: "bob"}))
    assert [(p["role"], p["role_name"]) for p in state["players"]] == [("tenant", "Tenant"), ("landlord", "Landlord")]
    assert names.rents(ED.spaces[ED.space_index["arbat"]]).endswith(
        "(when a tenant owns it: 25k ₽ / 100k ₽ / 300k ₽ / 700k ₽ / 850k ₽ / 1000k ₽)")


def test_with_balance_each_every_role_is_taken():
    three = edition(EXAMPLE, roles={"list": [{"id": "landlord"}, {"id": "tenant"}, {"id": "broker"}],
                                    "balance": "each"}, players={"min": 3, "max": 6})
    g = Game(three, [("ann", Scripted(role=["tenant"])), ("bob", Scripted()), ("cy", Scripted())], seed=1, first=0)
    bob, cy = ([d for d in g.agents[k].asked if d.kind == "role"][0] for k in (1, 2))
    assert list(bob.options) == ["landlord", "broker"] and list(cy.options) == ["broker"]
    assert [p.role for p in g.players] == ["tenant", "landlord", "broker"]
    with pytest.raises(GameError, match=r"landlord, broker must still be taken by someone and only 1 player"):
        Game(three, [("ann", Scripted(role=["tenant"])), ("bob", Scripted(role=["tenant"])), ("cy", Scripted())],
             seed=1, first=0)


@pytest.mark.parametrize("role, salary", [("tenant", 100), ("landlord", 200)])
def test_formulas_read_the_role_too(role, salary):
    paid = edition(EXAMPLE, rules={"salary": "200 if me.role == landlord else 100"})
    g = game(paid, {"ann": {"pos": 38}, "bob": {}}, dice=[(1, 2)])              # passes GO
    _roles(g, ann=role, bob="landlord")
    turn(g, "ann")
    assert player(g, "ann").cash == 1500 + salary
