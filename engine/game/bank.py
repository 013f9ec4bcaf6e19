"""A finite bank: its cash, and what it pays when it owes more than it holds.

By default the bank never runs out ([000] 2.12: "the Bank never goes bankrupt"). With
`setup.bank` (edition/per_player.py `Bank`) it holds `cash`, all the money of the game, from
which the start cash is dealt: `GameState.bank_start` is what it holds after that, and its cash
is `bank_start + bank_in - bank_out` (ledger.py counts both flows). When a payment of the bank
exceeds its cash, `setup.bank.when_empty` decides (docs/rules.md "A finite bank"):

- `iou`: it pays in full, the part beyond its cash in IOUs ([000] 2.12 "it may issue as much
  money as needed in IOUs written on plain paper"); its cash goes below 0 by the IOUs out, and
  the money it takes in later redeems them first.
- `partial` (ours): it pays what it has; the rest is never paid.
- `end` (ours): it pays what it has, and the game ends after the turn (`bank_broke`), ranked
  by score (ending.py).

Each short payment emits `bank_empty`. This module never asks a decision and moves no money:
`ledger.transfer` calls `payable` for each payment by the bank and moves what it returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GameState


def bank_cash(g: GameState) -> int | None:
    """The finite bank's cash now (below 0: the IOUs it has out), or None when it is unlimited."""
    if g.bank_start is None:
        return None
    return g.bank_start + g.bank_in - g.bank_out


def payable(g: GameState, payee: int | str | None, amount: int) -> int:
    """What the finite bank pays of `amount` (>= 0) owed to `payee` (as the `pay` event writes
    it: a seat, 'treasury', None for the pot): all of it while its cash covers it or under `iou`,
    else what it has (`partial`, `end`). A short payment emits `bank_empty` and, under `end`,
    sets `bank_broke`. Call only when `g.bank_start` is not None."""
    assert g.bank_start is not None
    have = g.bank_start + g.bank_in - g.bank_out
    if amount <= have:
        return amount
    bank = g.ed.setup.bank
    reading = "iou" if bank is None else bank.when_empty
    paid = amount if reading == "iou" else max(0, have)
    if reading == "end":
        g.bank_broke = True
    if g.log is not None:
        g.emit("bank_empty", payee=payee, owed=amount, paid=paid, had=have, reading=reading)
    return paid
