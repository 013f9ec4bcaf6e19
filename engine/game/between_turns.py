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
from .player import WOKEN

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

WINDOW = "between_turns"


def wire(g: Game) -> None:
    """Fix at set-up who is asked between turns (`g.between_seats`: the agent names the window
    in `windows(game)`) (`g.between_live`: anyone is) and whether a player with no deed can do anything there
    (`g.between_needs_deeds`: no trade in the window and no rule switches to propose; building,
    selling, mortgaging, lifting, selling to the bank and bank loans all need a deed)."""
    live = bool(g.rules.between_turns)
    g.between_seats = [live and WINDOW in w for w in g.agent_windows]
    g.between_live = any(g.between_seats)
    g.between_needs_deeds = g.trade_window_problem(WINDOW) is not None and not g.ed.switches
    g.between_key = None            # the cycles of the seats, made again at the next window


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
    starting with the player whose turn is next. An agent's `idle(game, player, WINDOW)` is
    asked directly (True: it passes, and no decision is built) unless it said before until when
    it passes (a `decisions.Quiet`) and that still holds, which costs an integer comparison or
    two: `Quiet(cash)` holds while `q.cash < q.wake` (`q.wake` is WOKEN once it ends: where
    `q.version` moves, and in a manage window consulted with `q.wake` or more, manage.py);
    `QUIET` while `g.deeds_version` is `q.quiet`. A player who can do nothing in the window (no deed
    where everything needs one, and no loan) is passed over without asking even `idle` (until
    a deed changes hands), unless answers are recorded or replayed (then every window is asked).

    When no decision was asked and every living player is quiet (or passed over) at the end of
    a window, `g.between_calm` holds the deeds version, and the turn loop does not call this
    window at all while it stays: what would end a quiet resets it to -1 (a credit that takes a
    player's cash to its `wake`, in ledger.transfer; a change of a player's buildings, mortgages
    or loans, where `version` moves; a deed changing hands changes the deeds version). A debit
    ends no quiet, so it does not reset it. (A dead player is passed over.)"""
    g.more_rolls = False
    cycles = g.between_key
    if cycles is None:
        cycles = _cycles(g)
    version = g.deeds_version
    calm = True                   # every living player is quiet, and no decision was asked
    try:
        for q in cycles[g.turn_idx]:
            if q.cash < q.wake or q.quiet == version or not q.alive:    # set by idle, below
                continue
            idle = g.agent_idle[q.seat]
            if idle is not None and not g.replay_queue:
                if g.between_needs_deeds and not q.deeds and not q.loans:
                    continue                        # (a deed changing hands changes `version`)
                if q is last:
                    calm = False
                    continue
                q.wake = WOKEN
                passed = idle(g, q, WINDOW)
                if passed:
                    if passed is QUIET:
                        q.quiet = version
                    elif passed is not True and isinstance(passed, Quiet):
                        if passed.wake is None:
                            q.quiet = version
                        else:
                            q.wake = passed.wake
                            if q.cash >= q.wake:
                                calm = False
                    else:
                        calm = False
                    continue
            calm = False
            if q is last:
                continue
            g.offer_window(q, WINDOW)
            if g.over:
                return
            version = g.deeds_version
    except GameOver:
        return
    if calm:
        g.between_calm = version
