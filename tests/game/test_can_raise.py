"""Whether a player in debt can pay at all (debt.can_raise): the deeds are summed only until they
cover the shortfall, and the answer is the full sum's (`liquidation_value`) at every amount."""

from magie.engine.game.debt import can_raise

from .helpers import cash, edition, game, player, space, turn


def test_can_raise_agrees_with_the_full_sum_at_and_around_it():
    # mortgages 30 + 30 + 50 (zhitnaya, nagatinskaya, varshavskoe) and two houses sold back at half
    # of 50: 110 + 50 = 160 with 100 in cash
    g = game(edition(), {"A": {"cash": 100, "owns": {"zhitnaya": 1, "nagatinskaya": 1, "varshavskoe": 0}},
                         "B": {}})
    a = player(g, "A")
    assert g.liquidation_value(a) == 30 + 30 + 50 + 25 + 25
    for amount, can in ((0, True), (100, True), (101, True), (260, True), (261, False), (10_000, False)):
        assert can_raise(g, a, amount) is can, amount
    g.mortgaged[space(g.ed, "varshavskoe")] = True
    assert can_raise(g, a, 210) and not can_raise(g, a, 211)


def test_a_debt_of_everything_a_player_can_raise_is_paid_and_one_more_is_bankruptcy():
    # B lands on Riga Railway, A's with the three other railroads: rent 200; B holds 75 in cash
    # and varshavskoe (mortgage 50) with 3 houses sold back at 25 each: exactly 125 more, 200 in all.
    # One short, B goes bankrupt at once: its houses go back for 75 and A takes its 74 + 75
    owns = {r: 0 for r in ("riga_railway", "kursk_railway", "kazan_railway", "leningrad_railway")}
    for short, alive in ((0, True), (1, False)):
        g = game(edition(), {"A": {"cash": 500, "owns": owns},
                             "B": {"cash": 75 - short, "owns": {"varshavskoe": 3}}},
                 dice=[(2, 3)], first="B")
        turn(g)
        assert player(g, "B").alive is alive
        v = space(g.ed, "varshavskoe")
        assert (g.level[v], g.mortgaged[v]) == ((0, True) if alive else (0, False))
        assert cash(g)["A"] == (700 if alive else 500 + 74 + 75)
