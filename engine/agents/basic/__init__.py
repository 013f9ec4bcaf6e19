"""The basic bot: a sensible heuristic player, fast enough for large simulations.

It keeps a cash reserve that grows with the buildings on the board; buys when it can keep the
reserve (always when a deed completes its group); bids up to a valuation; builds evenly on its
whole groups while the reserve holds; proposes trades that complete a group and accepts those
that pay it a fair value (its own valuation of what it gives, plus a premium when the trade
completes the other player's group); mortgages deeds outside whole groups first when in debt;
leaves jail early in the game and stays late; takes an edition action, on any deed (its own
included), when the edition's `bot` hint says so. All money is integer units of the edition's currency.

The class is built by job, one module each, as a chain of classes (each the base of the next):
`valuation.Valuation` (the reserve, what a deed is worth), `trading.Trading` (offers, deals and
its judgement of them), `building.Building` (the building planner), `idle.Managing` (the manage
windows and the idle protocol), `answers.BasicBot` (every other decision). `board` holds what
they share. Each caches what it works out in small objects of its own, made per bot.
"""

from .answers import BasicBot
from .board import ASK, INF, UNTIL_CHANGED, UNTIL_WHOLE, board_of, groups_held_by_one, near_groups

__all__ = ["ASK", "INF", "UNTIL_CHANGED", "UNTIL_WHOLE", "BasicBot", "board_of", "groups_held_by_one",
           "near_groups"]
