"""The ledger: the one function through which every amount of money moves.

A party is a `Player`, the bank (`BANK`, i.e. None), the pot of the free-parking house rule
(`POT`) or the treasury (`TREASURY`, treasury.py). Money paid out by the bank counts in
`bank_out`, money it takes in `bank_in`; the pot is `jackpot`, the treasury `treasury`. Since
`transfer` changes both sides at once, the players' cash plus the pot and the treasury is
always `start_total + bank_out - bank_in` (checked by invariants.py); a finite bank's cash is
`bank_start + bank_in - bank_out`, so with it the money of the game is constant (bank.py).
Procedures that may ask a decision (raising money when short, bankruptcy) are in debt.py; this
module never asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..errors import GameError
from .bank import payable
from .changes import cash_changed
from .player import Player
from .state import E_PAY

if TYPE_CHECKING:
    from .state import GameState

BANK: Final = None
"""The bank as a party of a transfer (its money is unlimited, [000] 2.12, unless the edition
gives it a finite `setup.bank`: bank.py)."""


class _Pot:
    __slots__ = ()

    def __repr__(self) -> str:
        return "POT"


POT: Final = _Pot()
"""The pot of the free-parking house rule as a party ([004] V4)."""


class _Treasury:
    __slots__ = ()

    def __repr__(self) -> str:
        return "TREASURY"


TREASURY: Final = _Treasury()
"""The treasury as a party: a fund apart from the bank (treasury.py, `rules.treasury`)."""

Party = Player | _Pot | _Treasury | None


def _seat(party: Party) -> int | str | None:
    """A party as the `pay` event writes it: a seat, 'treasury', or None (the bank, the pot)."""
    if isinstance(party, Player):
        return party.seat
    return "treasury" if party is TREASURY else None


def transfer(g: GameState, payer: Party, payee: Party, amount: int, reason: str, *, event: bool = True) -> None:
    """Move `amount` (>= 0, in the edition's money) from `payer` to `payee` for `reason`, and
    emit the `pay` event (payer/payee as seats, 'treasury' for the treasury, None for the bank
    and the pot). `event=False`
    for the flows another event records (the pot won, the estate of a bankrupt)."""
    if amount < 0:
        raise GameError(f"negative payment of {amount} ({reason})")
    if payer is None:
        if g.bank_start is not None:        # a finite bank pays what its reading allows (bank.py)
            amount = payable(g, _seat(payee), amount)
        g.bank_out += amount
    elif isinstance(payer, Player):
        payer.cash -= amount
    elif payer is TREASURY:
        g.treasury -= amount
    else:
        g.jackpot -= amount
    if payee is None:
        g.bank_in += amount
    elif isinstance(payee, Player):
        payee.cash += amount
        # a Quiet(cash) between turns ends: the hook wakes the window (tested inline, since this
        # is every credit's path: a player not quiet, whose bit is set already, costs no call)
        if payee.cash >= payee.wake and not g.between_awake & payee.bit:
            cash_changed(g, payee)
    elif payee is TREASURY:
        g.treasury += amount
    else:
        g.jackpot += amount
    if event and g.log is not None:
        g.event_counts[E_PAY] += 1
        if g.log_full[E_PAY] or reason in g.log_pays:     # a log may take only the pays of some reasons
            g.log.add({"e": "pay", "turn": g.turns, "payer": _seat(payer), "payee": _seat(payee), "amount": amount,
                       "reason": reason})


def bank_pays(g: GameState, p: Player, amount: int, reason: str) -> None:
    """The bank pays `amount` to `p` (salary, mortgages, buildings sold back)."""
    transfer(g, None, p, amount, reason)
