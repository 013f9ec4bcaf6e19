"""Analytics on the board of a game on `magie serve` (`GET /api/games/{game}/analytics`): the exact
landing odds of every space and the payback of every deed for the rule set being played
(cli/web/analytics.py)."""

from __future__ import annotations

from fastapi import APIRouter

from ..analytics import board_analytics
from ..server import RoomDep

router = APIRouter()


@router.get("/api/games/{game}/analytics")
async def analytics(room: RoomDep) -> dict:
    """The landing odds and paybacks of this game's rule set, the payback in rounds of its
    number of seats; 422 when its movement cannot be modelled, 503 while it is still computed."""
    return await board_analytics(room.ed, room.base.edition_content, len(room.base.seats), room.lang)
