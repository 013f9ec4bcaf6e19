"""The order in which a player in debt raises money (debt.default_raise_action) with its deeds kept
in price order between calls (`g.raise_order`, debt.by_price): the same answers as sorting anew."""

from magie.engine.game.debt import default_raise_action

from .helpers import edition, game, player, space


def test_the_kept_order_follows_deeds_changing_hands_and_mortgages():
    ed = edition()
    g = game(ed, {"A": {"cash": 0, "owns": {"riga_railway": 0, "polyanka": 0}}, "B": {}}, first="A")
    a, b = player(g, "A"), player(g, "B")
    polyanka, riga, zhitnaya = space(ed, "polyanka"), space(ed, "riga_railway"), space(ed, "zhitnaya")
    assert default_raise_action(g, a) == ("mortgage", polyanka)       # 140 before 200
    assert g.raise_order == (a, g.deeds_version, (polyanka, riga), (polyanka, riga), ())
    g.mortgaged[polyanka] = True                                      # no deed changed hands: kept
    assert default_raise_action(g, a) == ("mortgage", riga)
    g.set_owner(zhitnaya, a)                                          # a cheaper deed: looked at again
    assert default_raise_action(g, a) == ("mortgage", zhitnaya)
    assert g.raise_order[1:3] == (g.deeds_version, (zhitnaya, polyanka, riga))
    g.set_owner(zhitnaya, b)                                          # and gone again
    assert default_raise_action(g, a) == ("mortgage", riga)
    g.set_owner(space(ed, "arbat"), b)
    assert default_raise_action(g, b) == ("mortgage", zhitnaya)       # another player: its own deeds
    assert g.raise_order[0] is b


def test_deeds_of_whole_groups_come_after_the_others_and_buildings_before_them():
    ed = edition()
    g = game(ed, {"A": {"cash": 0, "owns": {"zhitnaya": 1, "nagatinskaya": 0, "riga_railway": 0}}, "B": {}},
             first="A")
    a = player(g, "A")
    zhitnaya, nagatinskaya, riga = space(ed, "zhitnaya"), space(ed, "nagatinskaya"), space(ed, "riga_railway")
    assert default_raise_action(g, a) == ("mortgage", riga)            # 200, but outside the whole group
    assert g.raise_order[3:] == ((riga,), (zhitnaya, nagatinskaya))
    g.mortgaged[riga] = True
    assert default_raise_action(g, a) == ("sell", zhitnaya)            # then the house
    g.level[zhitnaya] = 0
    assert default_raise_action(g, a) == ("mortgage", zhitnaya)        # then the group's lots, cheapest first
    g.set_owner(nagatinskaya, player(g, "B"))                           # the group is no longer whole
    assert default_raise_action(g, a) == ("mortgage", zhitnaya) and g.raise_order[3:] == ((zhitnaya, riga), ())
