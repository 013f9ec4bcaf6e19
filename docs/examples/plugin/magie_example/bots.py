"""The `thrifty` bot: magie's basic bot that never buys a deed over a price."""

from __future__ import annotations

from typing import Any

from magie.engine.agents import make_bot


class ThriftyBot:
    """Plays as magie's basic bot, except that it declines every deed priced over `limit`
    (units of the edition's currency). magie creates it as `ThriftyBot(seed=..., name=...)`."""

    def __init__(self, seed: int = 0, name: str = "thrifty", limit: int = 200) -> None:
        self.name = name
        self.limit = limit
        self._basic = make_bot("basic", seed)

    def decide(self, game: Any, decision: Any) -> Any:
        """The basic bot's answer, but 'decline' for a deed priced over `limit`."""
        if decision.kind == "buy" and "decline" in decision.options and decision.price > self.limit:
            return "decline"
        return self._basic.decide(game, decision)
