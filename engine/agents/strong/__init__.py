"""The strong bot: the basic bot's play with heuristics that win against it.

It reads the game through the engine's public view (engine/game/view.py) and answers through
the decision protocol like every bot. Where it differs from the basic bot (`StrongBot`):

- trades (`dealing`): it buys the deeds that complete one of its color groups at the least
  cash the holder's measure of a fair trade accepts (`Dealing.price_for`, the basic bot's
  valuation as the model of the other players), also from several holders one by one and paying
  partly in deeds it has no use for; it refuses a trade or deal that completes another player's
  group unless it completes one of its own;
- auctions (`StrongBot._bid`): it bids the smallest step up to a limit from its own valuation
  (a deed that completes its group is worth most of its cash);
- building (`funding`): it mortgages deeds outside its whole groups to build its whole groups
  up to three houses a lot (where rents jump), keeping a reserve that follows the rents its
  opponents can charge.

All money is integer units of the edition's currency.
"""

from .bot import StrongBot, hard_bot

__all__ = ["StrongBot", "hard_bot"]
