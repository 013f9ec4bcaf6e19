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
    assert g.raise_order == (a, g.deeds_version, (polyanka, riga))
    g.mortgaged[polyanka] = True                                      # no deed changed hands: kept
    assert default_raise_action(g, a) == ("mortgage", riga)
    g.set_owner(zhitnaya, a)                                          # a cheaper deed: looked at again
    assert default_raise_action(g, a) == ("mortgage", zhitnaya)
    assert g.raise_order == (a, g.deeds_version, (zhitnaya, polyanka, riga))
    g.set_owner(zhitnaya, b)                                          # and gone again
    assert default_raise_action(g, a) == ("mortgage", riga)
    g.set_owner(space(ed, "arbat"), b)
    assert default_raise_action(g, b) == ("mortgage", zhitnaya)       # another player: its own deeds
    assert g.raise_order[0] is b
