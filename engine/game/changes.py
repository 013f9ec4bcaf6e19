"""The one hook where a player's holdings change: cash, deeds, buildings, mortgages, loans.

Bots cache what they worked out on `Player.version` and `GameState.deeds_version`, and promise
to pass between turns until something of theirs changes (decisions.Quiet, between_turns.py).
Every mechanism that changes what a player holds calls a function here, and nothing else in the
engine moves those versions or sets a seat's bit in `between_awake` (between_turns.py sets and
clears them as the window runs; tests/game/test_holdings_hook.py checks that no other module does):

- `holdings_changed(g, p)`: `p`'s buildings, mortgages or loans changed;
- `deed_changed(g, old, new, group)`: a deed changed hands;
- `cash_changed(g, p)`: a credit took `p`'s cash to the level its agent named (a debit ends no
  promise and calls nothing);
- `rules_switched(g)`: a rule switch changed the rules mid-game.

The functions read and write these fields of a `GameState`: the seats to look at between turns
(`between_awake`), those quiet until a deed changes hands (`between_bound`), the version of who
holds which deed (`deeds_version`), the deeds of each group (`group_sizes`, by group index) and
the players. They take the `GameState` itself, not a protocol of those fields: the compiled
build reads a native class's fields directly, where a protocol's each cost a generic attribute
lookup (a deed changing hands is on every game's path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .player import WOKEN, Player

if TYPE_CHECKING:
    from .state import GameState


def holdings_changed(g: GameState, p: Player) -> None:
    """`p`'s buildings, mortgages or loans changed: its `version` moves (bots' caches and `Calm`
    promises, decisions.py) and its quiet between turns ends (`p.wake` WOKEN, its bit set in
    `g.between_awake`), unless its agent's `Quiet(cash, whole=True)` holds (`p.holdings_bit` 0),
    which its buildings, mortgages and loans do not end. A player not asked between turns
    (`p.bit` 0) only has its version moved."""
    p.version += 1
    bit = p.holdings_bit
    if bit:
        p.wake = WOKEN
        g.between_awake |= bit


def deed_changed(g: GameState, old: Player | None, new: Player | None, grp: int) -> None:
    """A deed of group `grp` (-1: none) passed from `old` to `new` (None: the bank), whose deed
    sets and group counts already say so (deeds.set_owner): `g.deeds_version` moves, every player
    quiet until a deed changes hands (`QUIET`: its bit in `g.between_bound`) is woken, and each
    holder's `version` moves and its quiet ends as in `holdings_changed`, but a
    `Quiet(cash, whole=True)` only where the group becomes whole or stops being whole for it.
    One call for the whole change, written out: a deed changing hands is on every game's path."""
    g.deeds_version += 1
    bound = g.between_bound
    if bound:
        g.between_bound = 0
        g.between_awake |= bound
        for q in g.players:
            if q.bit & bound:
                q.wake = WOKEN
    if old is not None:
        old.version += 1
        bit = old.bit
        if bit and (old.holdings_bit or grp >= 0 and old.groups[grp] + 1 == g.group_sizes[grp]):
            old.wake = WOKEN            # (a whole quiet: where the group stops being whole)
            old.holdings_bit = bit
            g.between_awake |= bit
    if new is not None:
        new.version += 1
        bit = new.bit
        if bit and (new.holdings_bit or grp >= 0 and new.groups[grp] == g.group_sizes[grp]):
            new.wake = WOKEN            # (a whole quiet: where the group becomes whole)
            new.holdings_bit = bit
            g.between_awake |= bit


def cash_changed(g: GameState, p: Player) -> None:
    """`p` was credited and its cash reached the level its agent named (`Quiet(cash)`:
    `p.wake`) and its bit is not set yet (ledger.transfer tests both before the call, on every
    credit's path): the window between turns looks at it again. `p.wake` stays, since the window
    compares the cash with it once more (a debit before then keeps it quiet)."""
    g.between_awake |= p.bit


def rules_switched(g: GameState) -> None:
    """The rules changed mid-game (switches.py): every bot looks at the board again, as if every
    deed and every holding had changed (`deeds_version` and each player's `version` move)."""
    g.deeds_version += 1
    for q in g.players:
        holdings_changed(g, q)
