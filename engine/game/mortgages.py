"""Mortgages: taking one, lifting one, the interest, and redemption at the lap end.

Rule sources: ../shared/rules/classic.md 21-22 ([000] 21.3-21.4); [002] D8, 9/1.1 (mortgaged
deeds redeemed or released at the end of each lap).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .changes import holdings_changed
from .decisions import Decision
from .ledger import bank_pays

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def interest(g: Game, i: int) -> int:
    """The interest on the mortgage of `i` ([000] 21.4: 10%, rounding by the edition)."""
    return g.rules.percent(g.spaces[i].mortgage, g.rules.interest_percent)


def unmortgage_cost(g: Game, i: int) -> int:
    """Lifting the mortgage on `i`: its value plus the interest ([000] 21.4), or with
    `mortgage.lift_base: price` the deed's full price plus the interest on it (seed 001: "its
    full cost, plus 10% on top")."""
    sp = g.spaces[i]
    if g.rules.lift_base == "price":
        return sp.price + g.rules.percent(sp.price, g.rules.interest_percent)
    return sp.mortgage + interest(g, i)


def mortgage_problem(g: Game, p: Player, i: int) -> str | None:
    """Why `p` may not mortgage `i` now, or None ([000] 21; `mortgage.sell_buildings_first`;
    `mortgage.unavailable`: no mortgage on the deed at all)."""
    sp = g.spaces[i]
    if g.owner[i] is not p:
        return f"{p.name} does not own {sp.id}"
    if g.mortgaged[i]:
        return f"{sp.id} is already mortgaged"
    if g.pledged[i]:
        return f"{sp.id} is pledged for a bank loan: repay the loan first"
    if not sp.mortgageable:
        return f"{sp.id} cannot be mortgaged: the rules allow no mortgage on it"
    if sp.mortgage <= 0:
        return f"the bank lends nothing on {sp.id} by mortgage (its mortgage value is 0)"
    if g.rules.sell_buildings_first == "group" and sp.group_index >= 0:
        if g.built_in_group(p, i):
            return "sell the buildings of the whole group first"
    elif g.level[i]:
        return f"sell the buildings on {sp.id} first"
    return None


def unmortgage_problem(g: Game, p: Player, i: int) -> str | None:
    """Why `p` may not lift the mortgage on `i` now, or None."""
    if g.owner[i] is not p:
        return f"{p.name} does not own {g.spaces[i].id}"
    if not g.mortgaged[i]:
        return f"{g.spaces[i].id} is not mortgaged"
    cost = unmortgage_cost(g, i)
    if p.cash < cost:
        return f"lifting the mortgage costs {cost}; {p.name} has {p.cash}"
    return None


def mortgage(g: Game, p: Player, i: int) -> None:
    """Mortgage `i`: the bank pays the mortgage value ([000] 21.3)."""
    g.mortgaged[i] = True
    holdings_changed(g, p)
    bank_pays(g, p, g.spaces[i].mortgage, "mortgage")
    if g.log is not None:
        g.emit("mortgage", player=p.seat, space=g.spaces[i].id)


def unmortgage(g: Game, p: Player, i: int) -> None:
    """Lift the mortgage on `i`: value plus interest ([000] 21.4)."""
    g.pay(p, None, unmortgage_cost(g, i), "unmortgage")
    if p.alive:
        g.mortgaged[i] = False
        holdings_changed(g, p)
        if g.log is not None:
            g.emit("unmortgage", player=p.seat, space=g.spaces[i].id)


def redeem_at_lap_end(g: Game, p: Player) -> None:
    """At a lap end each mortgaged deed must be redeemed or the bank takes it
    ([002] D8, 9/1.1; parameter `mortgage.redeem_at_lap_end`)."""
    due = [i for i in sorted(p.deeds) if g.mortgaged[i]]   # not those mortgaged to pay now
    for i in due:
        if g.owner[i] is not p or not g.mortgaged[i] or not p.alive:
            continue
        cost = unmortgage_cost(g, i)
        # like buying: selling and mortgaging other lots may raise the money
        affordable = p.cash >= cost or p.cash + g.liquidation_value(p) >= cost
        options = ("redeem", "release") if affordable else ("release",)
        if g.ask(Decision.of("redeem", p, options, None, {"space": i, "cost": cost})) == "redeem":
            unmortgage(g, p, i)
        else:
            g.set_owner(i, None)
            g.mortgaged[i] = False
            g.emit("released", player=p.seat, space=g.spaces[i].id)
