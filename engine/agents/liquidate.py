"""How a bot raises money while in debt: the basic bot's liquidation order, shared with the
scripted test agent."""

from __future__ import annotations

from ..game.decisions import BANKRUPT


def raise_money_action(game, p) -> tuple:
    """The next action for `p`, in debt: mortgage a deed outside any whole group (cheapest
    first), else sell a building (cheapest group first; all of a group at once when a hotel
    cannot be broken down), else mortgage a deed of a whole group, else sell a deed to the
    bank where the edition allows it, else declare bankruptcy."""
    deeds = sorted(p.deeds, key=lambda i: (game.spaces[i].price, i))
    for i in deeds:
        sp = game.spaces[i]
        whole = sp.group_index >= 0 and game.owns_group(p, sp.group_index)
        if not whole and not game.mortgaged[i] and game.mortgage_problem(p, i) is None:
            return ("mortgage", i)
    built = [i for i in deeds if game.level[i]]
    built.sort(key=lambda i: (game.spaces[i].house_cost, -game.level[i], i))
    for i in built:
        if game.sell_problem(p, i) is None:
            return ("sell", i)
    for i in built:
        return ("sell_all", game.spaces[i].group)
    for i in deeds:
        if not game.mortgaged[i] and game.mortgage_problem(p, i) is None:
            return ("mortgage", i)
    if game.rules.bank_buys_percent is not None:
        for i in deeds:
            if game.sell_deed_problem(p, i) is None and game.bank_sale_value(i) > 0:
                return ("sell_deed", i)
    return BANKRUPT
