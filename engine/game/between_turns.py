"""The window between turns: seed 000, "You may buy houses during your turn or in the interval
between other players' turns" and "Buildings may be sold at any time" (rules.between_turns).

After a turn ends and the next player is known, every other player still in the game, in turn
order from the next one, gets a manage window `'between_turns'`: build, sell buildings,
mortgage, lift mortgages, sell deeds to the bank where the edition allows it, and trade where
`trade.window` is any (edition actions and kept-card plays stay on one's own turn). Only agents
that name the window in `windows(game)` are asked, and an agent's `idle(game, player, window)` skips
it at no cost when the agent would pass (manage.manage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ending import GameOver

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

WINDOW = "between_turns"


def between_turns(g: Game, last: Player) -> None:
    """Offer the between-turns window to every living player but `last` (who just played),
    starting with the player whose turn is next."""
    order = g.order
    n = len(order)
    start = g.turn_idx
    g.more_rolls = False
    try:
        for k in range(n):
            q = order[(start + k) % n]
            if q is not last and q.alive and WINDOW in g.agent_windows[q.seat]:
                g.manage(q, WINDOW)
                if g.over:
                    return
    except GameOver:
        pass
