"""Debt and bankruptcy: paying when short of cash, raising money, leaving the game.

`pay` is how a player pays: a payer short of cash is asked to raise the money by selling
buildings and mortgaging ([000] 23.4); one who cannot goes bankrupt to the payee ([000] 24.1).
The money itself moves through ledger.py. Rule sources: ../shared/rules/classic.md sections
23-24 ([000] is the Russian rule book).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from ..errors import GameError
from .between_turns import leave as leave_between_turns
from .decisions import BANKRUPT, Decision
from .ending import GameOver
from .ledger import POT, TREASURY, transfer
from .loans import cancel_loans, liquidation_loans
from .treasury import after_income

if TYPE_CHECKING:
    from ..edition.model import Space
    from .game import Game
    from .player import Player

RaiseOrder: TypeAlias = "tuple[Player | None, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]"
"""`by_price`'s order of a player's deeds: (player, deeds version, all, outside whole groups, in
whole groups); `GameState.raise_order` keeps the last one."""


def pay(g: Game, payer: Player | None, payee: Player | None, amount: int, reason: str) -> None:
    """`payer` pays `amount` to `payee` (either may be None: the bank). A payer short of cash
    must raise it by selling buildings and mortgaging ([000] 23.4); one who cannot goes
    bankrupt to the payee ([000] 24.1) and the payee gets what the bankruptcy rules give
    instead. Money paid to the bank for a reason the jackpot house rule collects goes into the
    pot ([004] V4: taxes, fines, cards), for a reason the treasury receives into the
    treasury (treasury.py)."""
    if amount <= 0:
        if amount < 0:
            raise GameError(f"negative payment of {amount} ({reason})")
        return
    if payer is None:
        if payee is not None:
            transfer(g, None, payee, amount, reason)
        return
    if not payer.alive:
        return
    if payer.cash < amount and not raise_funds(g, payer, amount, payee, reason):
        return
    if payee is None:
        jp = g.rules.jackpot
        if jp is not None and reason in jp.sources:
            transfer(g, payer, POT, amount, reason)
        elif (t := g.rules.treasury) is not None and reason in t.receives:
            transfer(g, payer, TREASURY, amount, reason)
            after_income(g, payer)
        else:
            transfer(g, payer, None, amount, reason)
    else:
        transfer(g, payer, payee, amount, reason)


def pay_each_other(g: Game, payer: Player, amount: int, reason: str) -> None:
    """`payer` pays `amount` to every other player still in the game, in seat order."""
    for q in g.others(payer):
        if not payer.alive:
            return
        pay(g, payer, q, amount, reason)


def collect_each_other(g: Game, payee: Player, amount: int, reason: str) -> None:
    """Every other player still in the game pays `amount` to `payee`, in seat order."""
    for q in g.others(payee):
        pay(g, q, payee, amount, reason)


# ---------------------------------------------------------------------- raising money
def liquidation_value(g: Game, p: Player) -> int:
    """The most `p` can raise from the bank: every building sold back, every unmortgaged
    deed mortgaged (or sold to the bank where that pays more); with bank loans, the most of
    that and what the free deeds could secure in loans (the same deeds serve one or the other).
    A deed pledged for a loan raises nothing: it can be neither mortgaged nor sold."""
    buildings, deeds = _raisable(g, p, _NO_LIMIT)
    if g.rules.loans is not None:
        deeds = max(deeds, liquidation_loans(g, p))
    return buildings + deeds


def can_raise(g: Game, p: Player, amount: int) -> bool:
    """Can `p` pay `amount` with its cash and all it could raise from the bank? The same as
    `p.cash + liquidation_value(g, p) >= amount`, but the deeds are summed only until they
    cover the shortfall (a debt is mostly far below what a player holds)."""
    short = amount - p.cash
    if short <= 0:
        return True
    if g.rules.loans is not None:        # the value is the larger of two sums: both are needed
        return liquidation_value(g, p) >= short
    buildings, deeds = _raisable(g, p, short)
    return buildings + deeds >= short


_NO_LIMIT: Final = 1 << 62
"""`_raisable`'s `enough` where every deed is summed (above any amount of money in a game)."""


def _raisable(g: Game, p: Player, enough: int) -> tuple[int, int]:
    """What the bank would pay for `p`'s deeds: (their buildings sold back, the unmortgaged
    ones mortgaged or sold to the bank, whichever pays more), summed in `p.deeds`' order until
    the two together reach `enough`."""
    total = 0
    deeds = 0
    level, mortgaged, pledged, spaces = g.level, g.mortgaged, g.pledged, g.spaces
    sells = g.rules.bank_buys_percent is not None    # else a deed's bank sale value is 0
    percent = g.rules.sell_percent
    for i in p.deeds:
        lvl = level[i]
        if lvl:                 # buildings.building_refund, inlined: each lot's refund rounded down
            total += spaces[i].spent[lvl] * percent // 100
        if not mortgaged[i] and not pledged[i]:
            value = spaces[i].mortgage
            if sells:
                sale = g.bank_sale_value(i)
                if sale > value:
                    value = sale
            deeds += value if value > 0 else 0      # comparisons: a call of max() costs more
        if total + deeds >= enough:
            break
    return total, deeds


def raise_funds(g: Game, p: Player, amount: int, creditor: Player | None, reason: str) -> bool:
    """Let `p`, short of cash, raise `amount` ([000] 23.4, 24.1). Returns True when `p` can
    now pay; False when `p` went bankrupt. Bankruptcy is declared only when everything `p`
    has cannot cover the debt (C28)."""
    g.debt = amount
    try:
        while p.cash < amount:
            if not can_raise(g, p, amount):
                bankrupt(g, p, creditor, amount)
                return False
            action = g.ask(Decision.of("raise", p, None, g, {"window": "raise", "amount": amount,
                                   "creditor": None if creditor is None else creditor.seat, "reason": reason}))
            if not p.alive:
                return False
            if action[0] == "bankrupt":
                bankrupt(g, p, creditor, amount)
                return False
            g._carry_out(p, action, "raise")       # checked as it was asked
        return True
    finally:
        g.debt = None


def default_raise_action(g: Game, p: Player) -> tuple[Any, ...]:
    """The next action for `p`, in debt, when nobody chooses (a timed-out human, the basic
    bot, scripted tests): mortgage a deed outside any whole group (cheapest first), else sell a
    building (cheapest group first; all of a group at once when a hotel cannot be broken down),
    else mortgage a deed of a whole group, else sell a deed to the bank where the edition
    allows it, else declare bankruptcy. Where the bank lends (`rules.loans`), borrowing comes
    first (a pledged deed keeps its rent; a mortgaged one earns nothing)."""
    if g.rules.loans is not None and g.loan_problem(p) is None:
        return ("loan",)        # an edition whose bank lends: borrow before selling or mortgaging
    c = g.raise_order           # `p`'s deeds in price order, kept while no deed changes hands
    if c[0] is not p or c[1] != g.deeds_version:
        c = by_price(g, p)
    _, _, deeds, outside, whole = c
    mortgaged, level = g.mortgaged, g.level
    for i in outside:       # (a lot with buildings is never mortgaged: not asked)
        if not mortgaged[i] and not level[i] and g.mortgage_problem(p, i) is None:
            return ("mortgage", i)
    built = [i for i in deeds if level[i]]
    if built:
        spaces = g.spaces
        built.sort(key=lambda i: (spaces[i].house_cost, -level[i], i))
        for i in built:
            if g.sell_problem(p, i) is None:
                return ("sell", i)
        return ("sell_all", spaces[built[0]].group)
    for i in whole:
        if not mortgaged[i] and g.mortgage_problem(p, i) is None:
            return ("mortgage", i)
    if g.rules.bank_buys_percent is not None:
        for i in deeds:
            if g.sell_deed_problem(p, i) is None and g.bank_sale_value(i) > 0:
                return ("sell_deed", i)
    return BANKRUPT


def by_price(g: Game, p: Player) -> RaiseOrder:
    """`p`'s deeds in the order (price, index), the cheapest first: `(p, deeds version, all of
    them, those outside any group `p` holds whole, those of whole groups)`, kept in
    `g.raise_order` with the deeds version (a deed changing hands moves it and the group
    counts, deeds.set_owner), since a player in debt is asked again after each mortgage or sale
    and its deeds stay the same."""
    rank = g.ed.shared("by_price", lambda: _by_price(g.spaces))
    deeds = tuple(sorted(p.deeds, key=rank.__getitem__))
    spaces, held, groups = g.spaces, p.groups, g.ed.groups
    outside: list[int] = []
    whole: list[int] = []
    for i in deeds:
        gi = spaces[i].group_index
        if gi >= 0 and held[gi] == len(groups[gi].spaces):
            whole.append(i)
        else:
            outside.append(i)
    c = g.raise_order = (p, g.deeds_version, deeds, tuple(outside), tuple(whole))
    return c


def _by_price(spaces: Sequence[Space]) -> list[int]:
    """Each space's rank in the order (price, index): the cheapest deed first."""
    rank = [0] * len(spaces)
    for k, i in enumerate(sorted(range(len(spaces)), key=lambda i: (spaces[i].price, i))):
        rank[i] = k
    return rank


# ---------------------------------------------------------------------- bankruptcy
def bankrupt(g: Game, p: Player, creditor: Player | None, debt: int) -> None:
    """`p` cannot pay `debt` to `creditor` (None: the bank) and leaves the game.

    To the bank ([000] 24.3-24.4): buildings go back to the bank, the cash to the bank, held
    cards to the bottom of their decks, deeds are freed of mortgages and auctioned
    (`bankruptcy.to_bank: auction`) or left for sale (`free`, [001b]).
    To a player, `to_player: creditor` ([000] 24.5-24.6): buildings are sold to the bank at
    the sell-back price, the creditor gets all the cash, the deeds (paying the interest on
    mortgaged ones at once) and held cards. `to_player: bank_settles` ([001b] 19; [002]
    9.3'): the bank pays the creditor the whole debt and takes everything, as to the bank
    but without an auction. Raises `GameOver` when the game ends with it."""
    g.emit("bankrupt", player=p.seat, creditor=None if creditor is None else creditor.seat, debt=debt)
    p.alive = False
    leave_between_turns(g, p)
    if p.loans:
        cancel_loans(g, p)
    g.bankruptcies += 1
    r = g.rules
    to_player = creditor is not None and r.bankruptcy_to_player == "creditor"
    deeds = sorted(p.deeds)
    if creditor is not None and to_player and r.final_estate == "intact" and g.ends_now():
        # the quick game's last bankruptcy: everything passes, buildings standing ([000-Q] Q3.3)
        _hand_over(g, p, creditor, deeds, transfer_deeds=False)
        g.finish_after_bankruptcy()
        raise GameOver
    for i in deeds:
        if g.level[i]:
            refund = g.return_buildings(i)
            if to_player:
                transfer(g, None, p, refund, "sell_building", event=False)
    if creditor is not None and to_player:
        _hand_over(g, p, creditor, deeds, transfer_deeds=True)
    else:
        if creditor is not None:   # bank_settles: the bank pays the creditor the whole debt
            transfer(g, None, creditor, debt, "bankruptcy")
        transfer(g, p, None, p.cash, "bankruptcy", event=False)
        for held in p.held_cards:
            g.return_card(held)
        p.held_cards = []
        keep = (r.bankruptcy_mortgages == "kept" and creditor is None
                and r.bankruptcy_to_bank == "auction" and not g.ends_now())
        for i in deeds:
            g.set_owner(i, None)
            if not keep:
                g.mortgaged[i] = False
    g.finish_after_bankruptcy()
    if g.over:
        raise GameOver
    if creditor is None and r.bankruptcy_to_bank == "auction":
        for i in deeds:
            if g.auction(i, opener=p) is None:
                g.mortgaged[i] = False     # unsold: back with the bank, free of mortgage
            if g.over:
                raise GameOver


def _hand_over(g: Game, p: Player, creditor: Player, deeds: list[int], *, transfer_deeds: bool) -> None:
    """Give `p`'s cash, held cards and deeds to `creditor`; `transfer_deeds=True` passes the
    deeds by the usual rules (interest on mortgaged ones), else as they stand."""
    transfer(g, p, creditor, p.cash, "bankruptcy")
    creditor.held_cards.extend(p.held_cards)
    p.held_cards = []
    for i in deeds:
        if transfer_deeds:
            g.transfer_deed(i, creditor)
        else:
            g.set_owner(i, creditor)
