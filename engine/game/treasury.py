"""The treasury: a fund apart from the bank, with its own flows (`rules.treasury`).

Payments to the bank whose reason the edition lists in `rules.treasury.receives` (purchases,
auctions, taxes, fines, the rent of a deed nobody bought, ...) go into the treasury instead
(debt.pay routes them); card and action effects pay into it (`pay treasury N`), take from it
(`collect N from treasury`) and pay from it to the bank (`collect N from treasury to bank`). The bank
puts `start` into it when the game starts. Whenever money came in and the treasury holds at
least `spend.at`, the edition's `spend.do` effect runs; it runs again while the treasury
still holds that much and the effect took something out, and never inside itself.
Rule source: the editions that use it cite theirs (docs/rules.md, "Money besides the bank").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..errors import EditionFault
from .ledger import TREASURY, transfer

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

MAX_SPENDS: Final = 64
"""How many times the treasury's spending may run after one payment (a bound whatever the edition)."""


def seed_treasury(g: Game) -> None:
    """The bank puts the treasury's starting money in (`rules.treasury.start`)."""
    t = g.rules.treasury
    if t is not None and t.start:
        transfer(g, None, TREASURY, t.start, "treasury_seed")


def receives(g: Game, reason: str) -> bool:
    """Does a payment to the bank for `reason` go into the treasury?"""
    t = g.rules.treasury
    return t is not None and reason in t.receives


def pay_treasury(g: Game, p: Player, amount: int, reason: str) -> None:
    """`p` pays `amount` into the treasury (raising the money, or going bankrupt to the bank,
    when short, as any payment). Raises `EditionFault` in an edition without a treasury."""
    if g.rules.treasury is None:
        raise EditionFault("this edition has no treasury (rules.treasury) to pay into")
    if amount <= 0 or not p.alive:
        return
    if p.cash < amount and not g.raise_funds(p, amount, None, reason):
        return
    transfer(g, p, TREASURY, amount, reason)
    after_income(g, p)


def treasury_pays(g: Game, payee: Player | None, amount: int, reason: str) -> None:
    """The treasury pays `amount` to `payee` (None: the bank). Raises `EditionFault` when it holds
    less (an effect checks `treasury()` first) or the edition has none."""
    if g.rules.treasury is None:
        raise EditionFault("this edition has no treasury (rules.treasury) to pay from")
    if amount > g.treasury:
        raise EditionFault(f"the treasury holds {g.treasury}, not {amount} (check treasury() first)")
    if amount > 0 and (payee is None or payee.alive):
        transfer(g, TREASURY, payee, amount, reason)


def after_income(g: Game, p: Player | None) -> None:
    """Money came into the treasury: run the edition's spending while the treasury holds at
    least `spend.at` (at most `MAX_SPENDS` times; a run that takes nothing out stops it)."""
    t = g.rules.treasury
    if t is None or t.spend is None or t.spend_at is None or g.spending:
        return
    who = g.current if g.current is not None else p
    if who is None:
        return
    g.spending = True
    try:
        for _ in range(MAX_SPENDS):
            before = g.treasury
            if before < t.spend_at or g.over:
                return
            t.spend(g, who)
            if g.treasury >= before:
                return
    finally:
        g.spending = False


def empty_treasury(g: Game) -> None:
    """The treasury's money goes back to the bank (a rule switch that starts it empty)."""
    if g.treasury:
        transfer(g, TREASURY, None, g.treasury, "treasury_emptied")
