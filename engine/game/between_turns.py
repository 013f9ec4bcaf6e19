"""The window between turns: seed 000, "You may buy houses during your turn or in the interval
between other players' turns" and "Buildings may be sold at any time" (rules.between_turns).

After a turn ends and the next player is known, every other player still in the game, in turn
order from the next one, gets a manage window `'between_turns'`: build, sell buildings,
mortgage, lift mortgages, sell deeds to the bank where the edition allows it, and trade where
`trade.window` is any (edition actions and kept-card plays stay on one's own turn). Only agents
that name the window in `windows(game)` are asked, and an agent's `idle(game, player, window)` skips
it before any decision is built when the agent would pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .decisions import Quiet
from .ending import GameOver
from .player import NO_WAKE, WOKEN

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

WINDOW: Final = "between_turns"


def wire(g: Game) -> None:
    """Fix at set-up who is asked between turns (`g.between_seats`: the agent names the window
    in `windows(game)`; `Player.bit` is `1 << seat` for them, else 0) and whether a player with
    no deed can do anything there (`g.between_needs_deeds`: no trade in the window and no rule
    switches to propose; building, selling, mortgaging, lifting, selling to the bank and bank
    loans all need a deed). Every seat asked is to be looked at
    (`g.between_awake`), none is QUIET (`g.between_bound`); a player not asked has the `wake`
    NO_WAKE, which no credit reaches (the places where a quiet ends leave it alone: bit 0)."""
    live = bool(g.rules.between_turns)
    g.between_seats = [live and WINDOW in w for w in g.agent_windows]
    g.between_needs_deeds = g.trade_window_problem(WINDOW) is not None and not g.ed.switches
    awake = 0
    for q in g.players:
        q.bit = 1 << q.seat if g.between_seats[q.seat] and q.alive else 0
        q.rest = ~q.bit
        q.holdings_bit = q.bit
        q.wake = WOKEN if q.bit else NO_WAKE   # (no credit to a player not asked looks at the window)
        awake |= q.bit
    g.between_awake = awake
    g.between_bound = 0


def leave(g: Game, p: Player) -> None:
    """`p` has left the game (bankruptcy, debt.py): it is asked between turns no more, and no
    change of its holdings looks at the window (its bit 0)."""
    g.between_awake &= p.rest
    g.between_bound &= p.rest
    p.bit = p.holdings_bit = 0
    p.rest = -1
    p.wake = NO_WAKE


def _after(g: Game, q: Player) -> tuple[int, int]:
    """The position in turn order after `q`'s, counted from the next player (`g.turn_idx`, up
    to `g.turn_idx + len(g.order)`), and the bits of the players from there to the end."""
    order = g.order
    n = len(order)
    k = g.turn_idx + (order.index(q) - g.turn_idx) % n + 1
    bits = 0
    for j in range(k, g.turn_idx + n):
        bits |= order[j % n].bit
    return k, bits


def between_turns(g: Game, last: Player) -> None:
    """Offer the between-turns window to every living player but `last` (who just played),
    in turn order from the player whose turn is next. Only the players whose bit (`Player.bit`)
    is set in `g.between_awake` are looked at: the others are quiet. A player's bit is set
    wherever its quiet may end (below) and cleared here once it is quiet again.

    A player looked at is passed over while its quiet holds, which costs one comparison:
    `Quiet(cash)` holds while `q.cash < q.wake` (`q.wake` is WOKEN once it ends: where
    `q.version` moves, and in a manage window consulted with `q.wake` or more, manage.py);
    `QUIET` is `q.wake` NO_WAKE until a deed changes hands (changes.deed_changed wakes the
    players of `g.between_bound`). Else its agent's `idle(game, player, WINDOW)` is asked directly
    (True: it passes, and no decision is built; a `Quiet`: it passes and is quiet until then;
    a `Quiet(cash, whole=True)` takes away its `holdings_bit` meanwhile). A
    player who can do nothing in the window (no deed where everything needs one, and no loan) is
    passed over without asking even `idle` (until it gets a deed or a loan), unless answers are
    recorded or replayed (then every window is asked: those players' bits stay set).

    What ends a quiet sets the player's bit, in the one hook where holdings change (changes.py): a
    credit that takes its cash to its `wake` (ledger.transfer); a change of its buildings, mortgages
    or loans, where `version` moves, and a deed of its changing hands (these set `holdings_bit`:
    none for a `Quiet(cash, whole=True)`, which a deed ends only where one of its groups becomes
    whole or stops being whole); any deed changing hands, for a QUIET one. A debit ends no quiet.
    `last` is not asked here, so its bit stays set for the next window, and the turn loop does
    not call this window at all while no bit but `last`'s is set (turn.py). (A player who leaves
    the game has its bit taken away: `leave`.)"""
    todo = g.between_awake & last.rest      # `last` is not asked: its bit stays for the next window
    k = g.turn_idx                  # with several to look at: the position in g.order to look from
    try:
        while todo:
            if todo & (todo - 1):       # several: the next in turn order whose bit is set
                order = g.order
                n = len(order)
                q = order[k % n]
                while not todo & q.bit:
                    k += 1
                    q = order[k % n]
                k += 1
            else:                       # one (the commonest): no look at the order
                q = g.players[todo.bit_length() - 1]
            bit = q.bit
            todo ^= bit
            if q.cash < q.wake:
                g.between_awake ^= bit
                continue
            idle = g.agent_idle[q.seat]
            if idle is not None:
                if g.between_needs_deeds and not q.deeds and not q.loans:
                    g.between_awake ^= bit          # (a deed or a loan of its own sets it again)
                    q.holdings_bit = bit
                    continue
                q.wake = WOKEN
                q.holdings_bit = bit
                if g.between_bound:
                    g.between_bound &= ~bit
                passed = idle(g, q, WINDOW)
                if passed:
                    # a Quiet (its class first: the common answer; a subclass too), else True
                    if passed.__class__ is Quiet or passed is not True and isinstance(passed, Quiet):
                        wake = passed.wake
                        if wake is None:        # QUIET
                            q.wake = NO_WAKE
                            g.between_bound |= bit
                            g.between_awake ^= bit
                        else:
                            q.wake = wake
                            if passed.whole:    # its holdings but its whole groups do not end it
                                q.holdings_bit = 0
                            if q.cash < wake:
                                g.between_awake ^= bit
                    continue
            g.more_rolls = False
            g.offer_window(q, WINDOW)
            if g.over:
                return
            # what q did may end the quiet of the players after it: look at theirs
            k, after = _after(g, q)
            todo = g.between_awake & after & last.rest
    except GameOver:
        return
