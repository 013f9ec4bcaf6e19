"""The one hook where a player's holdings change: cash, deeds, buildings, mortgages, loans.

Bots cache what they worked out on `Player.version` and `GameState.deeds_version`, and promise
to pass between turns until something of theirs changes (decisions.Quiet, between_turns.py).
Every mechanism that changes what a player holds calls a function here, and nothing else in the
engine moves those versions or sets a seat's bit in `between_awake` (between_turns.py sets and
clears them as the window runs; tests/game/test_layering.py checks that no other module does):

- `holdings_changed(g, p)`: `p`'s buildings, mortgages or loans changed, or a deed of its
  changed hands (`group_edge`: a group of its became whole or stopped being whole);
- `cash_changed(g, p)`: `p` was credited; a debit ends no promise and calls nothing;
- `deeds_changed(g)`: a deed changed hands (before the `holdings_changed` of its two holders).

The functions take the narrow `Holdings` protocol, the fields they touch, rather than a `Game`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .player import WOKEN, Player


class Holdings(Protocol):
    """What the hook reads and writes of a game (`GameState` has these fields): the seats to look
    at between turns (`between_awake`), those quiet until a deed changes hands
    (`between_bound`), the version of who holds which deed (`deeds_version`) and the players."""

    between_awake: int
    between_bound: int
    deeds_version: int

    @property
    def players(self) -> Sequence[Player]:
        """The players in seat order."""


def holdings_changed(g: Holdings, p: Player, group_edge: bool = False) -> None:
    """`p`'s buildings, mortgages or loans changed, or a deed of its changed hands: its
    `version` moves (bots' caches and `Calm` promises, decisions.py) and its quiet between turns
    ends (`p.wake` WOKEN, its bit set in `g.between_awake`), unless its agent's
    `Quiet(cash, whole=True)` holds (`p.holdings_bit` 0), which only `group_edge` ends: a deed
    that makes a group of `p`'s whole or stops it being whole (deeds.set_owner). A player not
    asked between turns (`p.bit` 0) only has its version moved."""
    p.version += 1
    if p.holdings_bit or group_edge and p.bit:
        bit = p.bit
        p.wake = WOKEN
        p.holdings_bit = bit
        g.between_awake |= bit


def cash_changed(g: Holdings, p: Player) -> None:
    """`p` was credited (ledger.transfer): where its cash reaches the level its agent named
    (`Quiet(cash)`: `p.wake`), the window between turns looks at it again; `p.wake` stays, since
    the window compares the cash with it once more (a debit before then keeps it quiet)."""
    if p.cash >= p.wake:
        g.between_awake |= p.bit


def deeds_changed(g: Holdings) -> None:
    """A deed changed hands: `g.deeds_version` moves (bots' caches, `Calm`) and every player quiet
    until then (`QUIET`: its bit in `g.between_bound`) is woken."""
    g.deeds_version += 1
    bound = g.between_bound
    if bound:
        g.between_bound = 0
        g.between_awake |= bound
        for q in g.players:
            if q.bit & bound:
                q.wake = WOKEN
