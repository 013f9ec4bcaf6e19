"""The lobby (lobby.py): the games waiting for players, joining one by name, and the host starting
it with bots in the seats still open (docs/web.md)."""

from __future__ import annotations

from fastapi import APIRouter

from ..bodies import JoinIn
from ..errors import HTTPProblem
from ..lobby import LIST_CAP, Table
from ..server import Server, ServerDep

router = APIRouter()


@router.get("/api/lobby")
async def lobby(server: ServerDep) -> dict:
    """The newest games waiting for players (at most `LIST_CAP`)."""
    return {"games": server.lobby.listing(), "cap": LIST_CAP}


@router.get("/api/lobby/{game}")
async def table(game: str, server: ServerDep) -> dict:
    """A game waiting for players, or `{"game", "started": true}` once it runs."""
    if game in server.rooms or game in server.saved:
        return {"game": game, "started": True}
    return {**server.lobby.table(game).json(), "started": False}


@router.post("/api/lobby/{game}/join", status_code=201)
async def join(game: str, body: JoinIn, server: ServerDep) -> dict:
    """Take the first open seat of `game` under a name: the seat and its token; the game starts
    when no seat is open any more."""
    _room_for_one_more(server)
    t, seat, token = server.lobby.join(game, body.name)
    started = not t.open
    if started:
        _start(server, t)
    return {"game": game, "seat": seat, "token": token, "started": started}


@router.post("/api/lobby/{game}/start")
async def start(game: str, server: ServerDep, token: str | None = None) -> dict:
    """The host (`token`) starts the game now, with basic bots in the seats still open."""
    _room_for_one_more(server)
    _start(server, server.lobby.fill(game, token))
    return {"game": game, "started": True}


def _room_for_one_more(server: Server) -> None:
    if server.live() >= server.max_games:
        raise HTTPProblem(503, f"this server runs {server.max_games} games already; try later")


def _start(server: Server, t: Table) -> None:
    server.lobby.pop(t.id)
    server.add(t.id, t.ed, t.save, t.lang, t.digests)
