"""The easy bot: a timid basic bot for people who want to win.

It keeps twice the basic bot's cash reserve (so it buys and builds less), values deeds at
three quarters of their price in auctions and trades, and never proposes a trade."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.decisions import TradeOffer
from .basic import BasicBot

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.player import Player


class EasyBot(BasicBot):
    """See the module docstring."""

    def reserve(self, game: Game) -> int:
        """Twice the basic bot's reserve (integer money)."""
        return 2 * super().reserve(game)

    def value(self, game: Game, p: Player, i: int) -> int:
        """Three quarters of the basic bot's valuation of deed `i` for `p`."""
        return super().value(game, p, i) * 3 // 4

    def _propose(self, game: Game, p: Player, window: str | None, reserve: int) -> TradeOffer | None:
        return None
