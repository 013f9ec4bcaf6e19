"""The state one `magie serve` process shares between its routes: the games it holds (`Server`),
the editions it plays, and the dependencies that hand them to a route (`ServerDep`, `RoomDep`).

The app keeps its `Server` in `app.state.server`; a route asks for it (or for the room of the
`{game}` in its path) with a dependency, never through a closure.

Games saved in the data folder come back after a restart without holding up the start: the
server only lists the saves when it starts (`index_saves`), so that `/api/health` answers at once
whatever their number. A saved game is read and replayed when it is first asked for (`find`), and
a background thread (`wake_saved`) wakes the others one after another, the newest first, so that
games of bots go on by themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
import time
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from magie.engine.edition.loader import builtin_ids, is_path_ref
from magie.engine.edition.model import Edition
from magie.engine.problems import ProblemsError
from magie.engine.saves import SaveGame

from ..saved_edition import edition_for_save, load_with_content, read_game_save
from .errors import HTTPProblem
from .lobby import Lobby
from .rooms import STOP_WAIT, Room, Subscriber
from .settings import resumed
from .timers import Timers
from .uploads import UploadProblem, Uploads

WAKE_WAIT = 60.0
"""Seconds the background thread waits for one woken game's replay before it wakes the next."""


class Server:
    """The games this server holds (`rooms`, and `saved`: those in the data folder not read yet),
    the WebSocket clients of each, the uploaded editions, the data folder, the games waiting for
    players (`lobby`) and the decision timers (`timers`)."""

    def __init__(self, data: Path | None, *, bot_delay: float, max_games: int, bots: tuple[str, ...] = ()):
        self.data = data
        self.bot_delay = bot_delay
        self.max_games = max_games
        self.bots = bots         # the programs and agent classes (cmd:..., module:Class) games may seat
        self.rooms: dict[str, Room] = {}
        self.saved: dict[str, Path] = {}
        self.uploads = Uploads()
        self.lobby = Lobby(data)
        self.timers = Timers(lambda: self.loop)
        self.subscribers: dict[str, set[Subscriber]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._waking: dict[str, threading.Lock] = {}
        self._stopping = threading.Event()
        self._waker: threading.Thread | None = None

    # -- WebSocket fan-out (called from game threads)
    def publish(self, room: Room, message: dict, seat: int | None) -> None:
        """Send `message` to the WebSocket clients of `room` (`seat` None: everybody; else only
        that seat's), from any thread."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._deliver, room.id, message, seat)

    def _deliver(self, game_id: str, message: dict, seat: int | None) -> None:
        for sub in list(self.subscribers.get(game_id, ())):
            if seat is not None and sub.seat != seat:
                continue
            try:
                sub.queue.put_nowait(message)
            except asyncio.QueueFull:      # a slow client: drop it, the game goes on
                sub.dropped = True
                self.subscribers[game_id].discard(sub)

    # -- rooms
    async def find(self, game_id: str) -> Room | None:
        """The room of `game_id`, woken from its save first if it is a saved game not read yet
        (in a worker thread: reading and loading its edition blocks); None if there is none."""
        room = self.rooms.get(game_id)
        if room is None and game_id in self.saved:
            room = await asyncio.to_thread(self.wake, game_id)
        return room

    async def room(self, game_id: str) -> Room:
        """The room of `game_id`; raises `HTTPProblem` 404 when the server has no such game."""
        room = await self.find(game_id)
        if room is None:
            shown = game_id if len(game_id) <= 60 else game_id[:57] + "..."
            raise HTTPProblem(404, f"no game '{shown}' on this server")
        return room

    def live(self) -> int:
        """The number of games whose thread runs."""
        return sum(1 for r in list(self.rooms.values()) if r.thread.is_alive())

    def add(self, game_id: str, ed: Edition, save: SaveGame, lang: str, digests: dict[int, str],
            note: str | None = None) -> Room:
        """Start the game `save` of edition `ed` as room `game_id`; `digests` maps human seats to
        their tokens' digests."""
        room = Room(game_id, ed, save, lang=lang, tokens=digests, publish=self.publish, data=self.data,
                    bot_delay=self.bot_delay, note=note, timers=self.timers)
        self.rooms[game_id] = room
        room.start()
        return room

    def forget(self, game_id: str) -> None:
        """Stop and drop room `game_id` and its save (a resumed save that cannot go on)."""
        room = self.rooms.pop(game_id, None)
        if room is not None:
            room.stop()
        if self.data is not None:
            with contextlib.suppress(OSError):
                (self.data / f"{game_id}.json").unlink()

    # -- saved games (after a restart)
    def index_saves(self) -> None:
        """List the games saved in the data folder, without reading them (see the module)."""
        if self.data is None:
            return
        for path in sorted(self.data.glob("*.json")):
            if path.stem not in self.rooms:
                self.saved[path.stem] = path

    def wake(self, game_id: str) -> Room | None:
        """The room of the saved game `game_id`, read from its save and started on the first call
        (blocks while its edition loads; its replay runs in the room's thread); None when there is
        no such save or it cannot be resumed (said on stderr). Safe from any thread: a game is
        woken once."""
        with self._lock:
            if game_id in self.rooms or game_id not in self.saved:
                return self.rooms.get(game_id)
            lock = self._waking.setdefault(game_id, threading.Lock())
        with lock:
            with self._lock:
                if game_id in self.rooms or game_id not in self.saved:
                    return self.rooms.get(game_id)
                path = self.saved[game_id]
            room = None if self._stopping.is_set() else self._resume(game_id, path)
            with self._lock:
                self.saved.pop(game_id, None)
                self._waking.pop(game_id, None)
            return room

    def _resume(self, game_id: str, path: Path) -> Room | None:
        try:
            save = read_game_save(path, self.bots)
            web = save.options.get("web") or {}
            tokens = {int(k): str(v) for k, v in (web.get("tokens") or {}).items()}
            ed, note = saved_edition(save)
        except (ProblemsError, ValueError, AttributeError) as e:
            print(f"magie serve: {path} is not resumed: {e}", file=sys.stderr)
            return None
        return self.add(game_id, ed, save, str(web.get("lang", "en")), tokens, note)

    def wake_saved(self) -> None:
        """Put the games that waited in the lobby back in it, then wake the saved games, in a
        background thread, the most recently saved first, one at a time (each replay waited for,
        at most `WAKE_WAIT` seconds), so that they do not all compete with the requests at once."""
        waiting = self.lobby.stored()

        def run() -> None:
            for table in self.lobby.restore(waiting, self._lobby_save):
                loop = self.loop
                if loop is not None and not loop.is_closed():
                    loop.call_soon_threadsafe(self.lobby.put, table)
            def saved_at(game_id: str) -> float:
                with contextlib.suppress(OSError, KeyError):
                    return self.saved[game_id].stat().st_mtime
                return 0.0
            for game_id in sorted(list(self.saved), key=saved_at, reverse=True):
                if self._stopping.is_set():
                    return
                room = self.wake(game_id)
                if room is not None:
                    room.ready.wait(WAKE_WAIT)
        if self.saved or waiting:
            self._waker = threading.Thread(target=run, name="magie-wake-saved", daemon=True)
            self._waker.start()

    def _lobby_save(self, path: Path) -> tuple[SaveGame, Edition]:
        """A table's save kept in the lobby's folder and its edition (`Lobby.restore`)."""
        save = read_game_save(path, self.bots)
        return save, saved_edition(save)[0]

    def stop(self) -> None:
        """Stop every room's game thread: all are told first, then waited for together, at most
        `rooms.STOP_WAIT` seconds in all (one wait per room made a server with many games busy
        in long computations take minutes to stop on SIGTERM)."""
        self._stopping.set()
        rooms = list(self.rooms.values())
        for room in rooms:
            room.ask_stop()
        deadline = time.monotonic() + STOP_WAIT
        for room in rooms:
            if room.thread.is_alive():
                room.thread.join(timeout=max(0.0, deadline - time.monotonic()))

    # -- editions
    def edition(self, edition: str, variants: tuple[str, ...] | list[str]) -> tuple[Edition, dict]:
        """A built-in or uploaded edition with built-in overlays, by id, and its merged tree: 404
        for an unknown id, 400 listing the problems when the combination does not validate. Paths
        are refused: no request reads a file."""
        up = self.uploads.get(edition)
        if up is not None:
            try:
                return up.playable(tuple(variants))
            except UploadProblem as e:
                raise HTTPProblem(400, e.message, problems=e.problems,
                                  **({"field": e.field} if e.field else {})) from None
        editions, overlays = builtin_ids()
        if is_path_ref(edition) or edition not in editions:
            raise HTTPProblem(404, f"no edition '{edition[:60]}' (built-in editions: {', '.join(editions)}; "
                                   f"an uploaded one is named upload-...)")
        for v in variants:
            if is_path_ref(v) or v not in overlays:
                raise HTTPProblem(404, f"no overlay '{v}' (built-in overlays: {', '.join(overlays)})")
        try:
            return builtin_edition(edition, tuple(variants))
        except ProblemsError as e:
            raise HTTPProblem(400, "the edition with these overlays is not valid",
                              problems=[p.format() for p in e.problems]) from None


@lru_cache(maxsize=64)
def builtin_edition(ref: str, variants: tuple[str, ...]) -> tuple[Edition, dict]:
    """The built-in edition `ref` with built-in overlays `variants`, and its merged tree, loaded
    once per process (an `Edition` is read-only, so games share it). Raises `ProblemsError`."""
    return load_with_content(ref, variants)


def saved_edition(save: SaveGame) -> tuple[Edition, str | None]:
    """The edition to resume `save` on and the note for its players (`edition_for_save`), the
    built-in one shared with the other games when it is still the one the game was played with
    (with the game's room settings set, when it has any)."""
    editions, overlays = builtin_ids()
    if save.edition_ref in editions and all(v in overlays for v in save.variants):
        with contextlib.suppress(ProblemsError):
            ed, content = builtin_edition(save.edition_ref, tuple(save.variants))
            if ed.content_hash == save.content_hash:
                return ed, None
            if (configured := resumed(content, save.options.get("settings"), save.content_hash)) is not None:
                return configured, None     # the edition with the game's room settings
    return edition_for_save(save)


def server_of(conn: HTTPConnection) -> Server:
    """The `Server` of the app serving this request or WebSocket (a dependency)."""
    server = conn.app.state.server
    assert isinstance(server, Server)
    return server


ServerDep = Annotated[Server, Depends(server_of)]


async def room_of(game: str, server: ServerDep) -> Room:
    """The room of the `{game}` in the path (a dependency); 404 when there is none."""
    return await server.room(game)


RoomDep = Annotated[Room, Depends(room_of)]


def token_seat(room: Room, token: str | None) -> int:
    """The human seat of `room` whose token `token` is; raises `HTTPProblem` 403 otherwise."""
    seat = room.seat_of(token)
    if seat is None:
        raise HTTPProblem(403, "this token is not a seat of this game" if token else
                          "a seat's token is needed (?token=...)")
    return seat


__all__ = ["Server", "ServerDep", "RoomDep", "builtin_edition", "saved_edition", "server_of", "room_of",
           "token_seat"]
