"""Live updates of a game over a WebSocket (`/ws/games/{game}`, docs/web.md): a `hello` with the
view, then the game's events and states, and the seat's own decisions.

A refused connection is accepted and then closed with the code that says why (4404: no such game,
4403: a token that is no seat of the game, 4429: the game has `MAX_SPECTATORS` spectators
already), so that a browser sees the code in its close event (a
connection closed before it is accepted reaches a browser as a failed handshake, code 1006). A
client sends at most `WS_RATE` messages of at most `MAX_WS_MESSAGE` characters (more: closed with
1008); a client too slow to read its queue is dropped (1013). A spectator (no token) cannot act:
each message it sends is answered `{"type": "refused", "status": 403, "error"}`. A seat's
connection takes the seat back from a bot that answered for its absent person (timers.py)."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket

from ..rooms import Room, Subscriber
from ..server import ServerDep

MAX_WS_MESSAGE = 4096
WS_RATE = (60, 10.0)
"""A WebSocket client may send at most this many messages in this many seconds."""
NO_GAME = 4404
NOT_A_SEAT = 4403
TOO_MANY_SPECTATORS = 4429
MAX_SPECTATORS = 50
"""Spectators (connections without a token) one game may have at once."""
SPECTATOR_REFUSED = {"type": "refused", "status": 403,
                     "error": "a spectator cannot act in this game: a seat's token is needed"}

router = APIRouter()


@router.websocket("/ws/games/{game}")
async def live(ws: WebSocket, game: str, server: ServerDep, token: str | None = None) -> None:
    room = await server.find(game)
    seat = room.seat_of(token) if room is not None else None
    await ws.accept()
    if room is None:
        await ws.close(code=NO_GAME, reason="no such game")
        return
    if token and seat is None:
        await ws.close(code=NOT_A_SEAT, reason="this token is not a seat of this game")
        return
    if seat is None and sum(1 for s in server.subscribers.get(game, ()) if s.seat is None) >= MAX_SPECTATORS:
        await ws.close(code=TOO_MANY_SPECTATORS, reason=f"this game has {MAX_SPECTATORS} spectators already")
        return
    await asyncio.to_thread(room.need_events)
    if not room.ready.is_set():     # a game woken from its save shows where it stands, not its replay
        await asyncio.to_thread(room.ready.wait, 10)
    sub = Subscriber(seat)
    server.subscribers.setdefault(game, set()).add(sub)
    code = 1000
    try:
        if seat is not None and seat in room.stand_ins.absent:     # the person is back: no bot answers
            await asyncio.to_thread(room.back, seat)
        await ws.send_json(_hello(room, seat))
        code = await _serve(ws, sub)
    finally:
        server.subscribers.get(game, set()).discard(sub)
        with contextlib.suppress(Exception):
            await ws.close(code=code)


def _hello(room: Room, seat: int | None) -> dict:
    """The first message: the seat, the board, the state, the last 300 events and the seat's
    decision."""
    n = min(len(room.events), len(room.lines))     # the game's thread may be adding one
    recent = [{"n": k, "event": room.events[k], "text": room.lines[k]} for k in range(max(0, n - 300), n)]
    return {"type": "hello", "seat": seat, "info": room.info, "state": room.state,
            "events": recent, "decision": room.decision_for(seat) if seat is not None else None,
            "between_turns": seat in room.between if seat is not None else None}


async def _serve(ws: WebSocket, sub: Subscriber) -> int:
    """Send the subscriber's messages and read the client's (ignored, but bounded) until one side
    ends; the close code: 1008 for a flood, 1013 for a client dropped as too slow, else 1000."""
    async def sender() -> None:
        while True:
            try:
                message = await asyncio.wait_for(sub.queue.get(), 1.0)
            except TimeoutError:
                if sub.dropped:
                    return
                continue
            await ws.send_json(message)

    async def receiver() -> None:
        times: list[float] = []
        loop = asyncio.get_running_loop()
        while True:
            message = await ws.receive_text()
            now = loop.time()
            times = [t for t in times if now - t < WS_RATE[1]] + [now]
            if len(message) > MAX_WS_MESSAGE or len(times) > WS_RATE[0]:
                raise OverflowError("too many or too large messages")
            if sub.seat is None:
                with contextlib.suppress(asyncio.QueueFull):
                    sub.queue.put_nowait(SPECTATOR_REFUSED)

    tasks = [asyncio.create_task(sender()), asyncio.create_task(receiver())]
    code = 1000
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for t in done:
            if isinstance(t.exception(), OverflowError):
                code = 1008
        if sub.dropped:
            code = 1013
    finally:
        for t in tasks:
            t.cancel()
    return code

