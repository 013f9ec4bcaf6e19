"""The ASGI app of `magie serve` (FastAPI): the HTTP contract of docs/web.md, the WebSocket of live
updates, and the two pages (create a game, play it).

The routes live in `routes/` by resource; the state they share (the games, the uploads, the data
folder) is one `server.Server` in `app.state.server`, handed to each route by dependency.

Every input is checked before it reaches the engine: request bodies are capped (`limits`), JSON is
validated field by field (`bodies`; a 400 names the field), editions and overlays are the
built-in ones or uploads by id (no request makes the server read a file it names), seats are named
with plain text of bounded length. A seat acts only with its token (403 otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from .bodies import answer_problem
from .errors import install_handlers
from .limits import BodyLimit
from .rooms import hash_token
from .routes import analytics, editions, games, lobby, pages, seats, settings, sockets, studio, uploads
from .server import Server


def create_app(data: Path | None = None, *, bot_delay: float = 0.6, max_games: int = 100,
               bots: tuple[str, ...] = ()) -> FastAPI:
    """The web app. `data` is the folder games are saved to and resumed from (None: games live in
    memory only; created when missing, raises `OSError` when it cannot be); `bot_delay` the seconds
    before each bot's turn; `max_games` the most games running at once; `bots` the kinds besides
    the built-in bots that a seat may name (programs as `cmd:...`, agent classes as
    `module:Class`: they run on the server, so only its owner allows them)."""
    if data is not None:
        data.mkdir(parents=True, exist_ok=True)
    server = Server(data, bot_delay=bot_delay, max_games=max_games, bots=bots)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        server.loop = asyncio.get_running_loop()
        server.index_saves()        # saved games are woken later: the server answers at once
        server.wake_saved()
        yield
        server.timers.stop()
        await asyncio.to_thread(server.stop)

    app = FastAPI(title="magie", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    install_handlers(app)
    for routes in (pages, editions, uploads, games, sockets, studio, settings, analytics, lobby, seats):
        app.include_router(routes.router)
    return app


def default_data_dir() -> Path:
    """Where `magie serve` keeps games unless told otherwise: $XDG_DATA_HOME/magie/games."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "magie" / "games"


__all__ = ["create_app", "default_data_dir", "answer_problem", "hash_token"]
