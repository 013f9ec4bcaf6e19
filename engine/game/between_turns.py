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

from typing import TYPE_CHECKING

from .decisions import QUIET, Quiet
from .ending import GameOver
from .player import NO_WAKE, WOKEN

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

WINDOW = "between_turns"


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
    g.between_key = None            # the cycles of the seats, made again at the next window
    awake = 0
    for q in g.players:
        q.bit = 1 << q.seat if g.between_seats[q.seat] else 0
        q.wake = WOKEN if q.bit else NO_WAKE   # (no credit to a player not asked looks at the window)
        awake |= q.bit
    g.between_awake = awake
    g.between_bound = 0


def _cycles(g: Game) -> list[tuple[Player, ...]]:
    """For each index of `g.order`: the players asked between turns in turn order from that
    index, kept in `g.between_key`: made at the first window of a game (the order of play is
    fixed by then, start.py) and again after `wire` (a rule switch) forgets them."""
    order = g.order
    n = len(order)
    seats = g.between_seats
    cycles = [tuple(q for q in (order[(s + k) % n] for k in range(n)) if seats[q.seat]) for s in range(n)]
    g.between_key = cycles
    return cycles


def between_turns(g: Game, last: Player) -> None:
    """Offer the between-turns window to every living player but `last` (who just played),
    starting with the player whose turn is next. Only the players whose bit (`Player.bit`) is
    set in `g.between_awake` are looked at: the others are quiet. A player's bit is set wherever
    its quiet may end (below) and cleared here once it is quiet again.

    A player looked at is passed over while its quiet holds, which costs one comparison:
    `Quiet(cash)` holds while `q.cash < q.wake` (`q.wake` is WOKEN once it ends: where
    `q.version` moves, and in a manage window consulted with `q.wake` or more, manage.py);
    `QUIET` is `q.wake` NO_WAKE until a deed changes hands (deeds.set_owner wakes the players
    of `g.between_bound`). Else its agent's `idle(game, player, WINDOW)` is asked directly
    (True: it passes, and no decision is built; a `Quiet`: it passes and is quiet until then). A
    player who can do nothing in the window (no deed where everything needs one, and no loan) is
    passed over without asking even `idle` (until it gets a deed or a loan), unless answers are
    recorded or replayed (then every window is asked: those players' bits stay set).

    What ends a quiet sets the player's bit: a credit that takes its cash to its `wake`
    (ledger.transfer); a change of its buildings, mortgages or loans, where `version` moves; a
    deed of its changing hands (and any deed, for a QUIET one). A debit ends no quiet. `last`
    is not asked here, so its bit stays set for the next window, and the turn loop does not call
    this window at all while no bit but `last`'s is set (turn.py). (A dead player's bit is
    cleared.)"""
    g.more_rolls = False
    todo = g.between_awake & ~last.bit      # `last` is not asked: its bit stays for the next window
    single = not todo & (todo - 1)
    if single:                                   # one player to look at (the commonest): it alone
        players: tuple[Player, ...] = (g.players[todo.bit_length() - 1],)
    else:                                        # several: each in turn order from the next player
        players = (g.between_key or _cycles(g))[g.turn_idx]
    try:
        while True:
            for q in players:
                bit = q.bit
                if not g.between_awake & bit:
                    continue
                if q.cash < q.wake or not q.alive:
                    g.between_awake ^= bit
                    continue
                idle = g.agent_idle[q.seat]
                if idle is not None and not g.replay_queue:
                    if g.between_needs_deeds and not q.deeds and not q.loans:
                        g.between_awake ^= bit          # (a deed or a loan of its own sets it again)
                        continue
                    if q is last:
                        continue
                    q.wake = WOKEN
                    if g.between_bound:
                        g.between_bound &= ~bit
                    passed = idle(g, q, WINDOW)
                    if passed:
                        if passed is QUIET:
                            q.wake = NO_WAKE
                            g.between_bound |= bit
                            g.between_awake ^= bit
                        elif passed is not True and isinstance(passed, Quiet):
                            if passed.wake is None:
                                q.wake = NO_WAKE
                                g.between_bound |= bit
                                g.between_awake ^= bit
                            else:
                                q.wake = passed.wake
                                if q.cash < q.wake:
                                    g.between_awake ^= bit
                        continue
                if q is last:
                    continue
                g.offer_window(q, WINDOW)
                if g.over:
                    return
                if single:      # what q did may end the quiet of the players after it: look at theirs
                    break
            else:
                return
            cycle = (g.between_key or _cycles(g))[g.turn_idx]
            players = cycle[cycle.index(q) + 1:]
            single = False
    except GameOver:
        return
