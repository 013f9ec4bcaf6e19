"""How a bot raises money while in debt: the engine's default liquidation order
(engine/game/debt.py `default_raise_action`), under the name the bots import."""

from __future__ import annotations

from ..game.debt import default_raise_action as raise_money_action

__all__ = ["raise_money_action"]
