"""A seat handed to a bot and back (timers.py): `POST /api/games/{game}/seats/{seat}` by the host,
or by the seat's own person (docs/web.md)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter

from ..bodies import SeatBotIn
from ..errors import HTTPProblem
from ..server import RoomDep

router = APIRouter()


@router.post("/api/games/{game}/seats/{seat}")
async def seat_bot(room: RoomDep, seat: int, body: SeatBotIn, token: str | None = None) -> dict:
    """`{"bot": true}` hands a person's `seat` to a basic bot (which answers at once the decision
    it waits on), `{"bot": false}` gives it back to its person. `token`: the host's or the seat's
    own (403 otherwise); 400 for a seat that is no person's; 409 once the game is over."""
    if not (room.is_host(token) or (token and room.seat_of(token) == seat)):
        raise HTTPProblem(403, "only the host or the seat's own person may hand a seat to a bot or back")
    if seat not in room.tokens:
        raise HTTPProblem(400, f"seat: seat {seat} is not a person's seat of this game", field="seat")
    if room.state.get("over") or room.finished:
        raise HTTPProblem(409, "the game is over")
    why = ("host" if room.is_host(token) else "self") if body.bot else None
    await asyncio.to_thread(room.set_absent, seat, why)
    return {"seat": seat, "bot": body.bot}
