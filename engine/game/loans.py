"""Loans from the bank (`rules.loans`): borrowed in units, secured by deeds, with interest.

A player may borrow `unit` at a time (the manage action `('loan',)`, also while raising money).
Each unit is secured by a pledge: deeds of the borrower, neither mortgaged nor pledged already,
whose printed prices add up to at least `unit + margin`. A pledged deed cannot be mortgaged,
sold to the bank or traded until its loan is repaid; it still earns rent. Interest of
`interest` per unit is charged on `charged_on`: 'lap' (each lap the borrower completes, after
the salary) or 'turn' (the start of each of the borrower's turns). `('repay',)` pays one unit
back (the latest loan first) and frees its pledge; a loan repaid before the next charge costs
no interest.
A bankrupt player's loans are cancelled: the bank takes its security with the estate.
Rule source: the editions that use it cite theirs (docs/rules.md, "Money besides the bank").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .changes import holdings_changed
from .ledger import transfer

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def _free_deeds(g: Game, p: Player) -> list[int]:
    """`p`'s deeds that can secure a loan, in board order."""
    return [i for i in sorted(p.deeds) if not g.mortgaged[i] and not g.pledged[i] and g.spaces[i].price > 0]


def _pledge(g: Game, free: list[int], need: int) -> tuple[int, ...] | None:
    """The deeds to pledge for one unit: the cheapest single deed worth `need`, else the
    dearest deeds first until they add up to `need`; None when `free` cannot."""
    price = [g.spaces[i].price for i in free]
    single = [i for i, v in zip(free, price, strict=True) if v >= need]
    if single:
        return (min(single, key=lambda i: (g.spaces[i].price, i)),)
    out: list[int] = []
    total = 0
    for i in sorted(free, key=lambda i: (-g.spaces[i].price, i)):
        out.append(i)
        total += g.spaces[i].price
        if total >= need:
            return tuple(sorted(out))
    return None


def loan_capacity(g: Game, p: Player) -> int:
    """How many more units `p` could borrow now (0 without loans in the edition)."""
    lo = g.rules.loans
    if lo is None:
        return 0
    free = _free_deeds(g, p)
    units = 0
    limit = None if lo.max_units is None else lo.max_units - len(p.loans)
    while limit is None or units < limit:
        pledge = _pledge(g, free, lo.unit + lo.margin)
        if pledge is None:
            break
        units += 1
        free = [i for i in free if i not in pledge]
    return units


def loan_problem(g: Game, p: Player) -> str | None:
    """Why `p` may not borrow a unit now, or None."""
    lo = g.rules.loans
    if lo is None:
        return "this edition has no bank loans"
    if lo.max_units is not None and len(p.loans) >= lo.max_units:
        return f"{p.name} already has {len(p.loans)} loans, the most allowed"
    if _pledge(g, _free_deeds(g, p), lo.unit + lo.margin) is None:
        return (f"{p.name} has no deeds worth {lo.unit + lo.margin} free to pledge "
                f"(a loan of {lo.unit} needs security worth {lo.margin} more)")
    return None


def take_loan(g: Game, p: Player) -> None:
    """`p` borrows one unit from the bank, pledging deeds for it (checked by `loan_problem`)."""
    lo = g.rules.loans
    assert lo is not None, "checked by loan_problem"
    pledge = _pledge(g, _free_deeds(g, p), lo.unit + lo.margin)
    assert pledge is not None, "checked by loan_problem"
    for i in pledge:
        g.pledged[i] = True
    p.loans.append(pledge)
    holdings_changed(g, p)
    g.emit("loan", player=p.seat, amount=lo.unit, pledged=[g.spaces[i].id for i in pledge], loans=len(p.loans))
    transfer(g, None, p, lo.unit, "loan")


def repay_problem(g: Game, p: Player) -> str | None:
    """Why `p` may not repay a unit now, or None."""
    lo = g.rules.loans
    if lo is None or not p.loans:
        return f"{p.name} has no bank loan to repay"
    if p.cash < lo.unit:
        return f"repaying a loan takes {lo.unit}; {p.name} has {p.cash}"
    return None


def repay_loan(g: Game, p: Player) -> None:
    """`p` pays one unit back (the latest loan) and its deeds are free again."""
    lo = g.rules.loans
    assert lo is not None and p.loans, "checked by repay_problem"
    pledge = p.loans.pop()
    for i in pledge:
        g.pledged[i] = False
    holdings_changed(g, p)
    g.emit("repay", player=p.seat, amount=lo.unit, freed=[g.spaces[i].id for i in pledge], loans=len(p.loans))
    transfer(g, p, None, lo.unit, "repay")


def charge_interest(g: Game, p: Player, when: str) -> None:
    """Charge `p` the interest of every unit borrowed, if the edition charges it on `when`
    ('lap' or 'turn'); a player short of cash raises it as any debt."""
    lo = g.rules.loans
    if lo is None or not p.loans or lo.charged_on != when or not lo.interest:
        return
    g.pay(p, None, lo.interest * len(p.loans), "loan_interest")


def cancel_loans(g: Game, p: Player) -> None:
    """A bankrupt player's loans end: the pledges are lifted (the bank has the estate)."""
    for pledge in p.loans:
        for i in pledge:
            g.pledged[i] = False
    p.loans = []


def liquidation_loans(g: Game, p: Player) -> int:
    """The money `p` could still borrow (the units the free deeds secure), for raising money."""
    lo = g.rules.loans
    return 0 if lo is None else lo.unit * loan_capacity(g, p)
