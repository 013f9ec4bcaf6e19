"""The lobby of `magie serve`: games waiting for players.

A game created with open seats (`POST /api/games`, a seat of kind `open`) does not start: it waits
here as a `Table` until a person has joined each open seat by name (`Lobby.join`, which gives the
person their seat's token), or until the host fills the open seats with bots (`Lobby.fill`). Then
the server starts it like any game (`Server.add`), under the same id.

Bounded: at most `MAX_TABLES` tables wait at once (503 beyond), a table waits at most `TABLE_TTL`
seconds for its players, and the listing gives the `LIST_CAP` newest.

With a data folder, each waiting table is kept as a save in its `lobby/` folder (`Table.stored`:
the save as it will start, plus the open seats, the people's token digests and the language in
`options.web`), rewritten at each join and removed when the game starts; a server that starts
again puts them back in the lobby (`Lobby.restore`), their age counted from the file's time.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.problems import ProblemsError
from magie.engine.saves import SaveGame, Seat, write_save

from .errors import HTTPProblem
from .rooms import hash_token, new_tokens

MAX_TABLES = 100
"""Tables waiting in the lobby at once."""
LIST_CAP = 50
"""Tables the lobby lists (the newest first)."""
TABLE_TTL = 6 * 3600.0
"""Seconds a table waits for its players before the lobby drops it."""
LOBBY_DECISION_TIME = 60.0
"""The decision time, in seconds, of a game with open seats whose creator chose none: people who
meet in the lobby do not know each other, and a closed tab must not stall their game."""


class LobbyProblem(HTTPProblem):
    """A request the lobby cannot take: `status` (403, 404, 409, 503) and the message."""


@dataclass
class Table:
    """A game waiting for players: its edition, its save as it will start (an open seat holds a
    placeholder name until a person joins it), the game's language, the token digests of the
    people seated so far (seat -> digest), the open seats in order, and when it was opened
    (`time.monotonic()` seconds)."""

    id: str
    ed: Edition
    save: SaveGame
    lang: str
    digests: dict[int, str]
    open: list[int]
    opened: float = field(default_factory=time.monotonic)

    def json(self) -> dict:
        """The table as the lobby lists it: `game`, `edition` (id), `name` (the edition's, in the
        game's language), `lang`, `variants`, `decision_time`, `seats` [{name, kind: human, bot or
        open}] and `open` (how many seats wait)."""
        web = self.save.options.get("web") or {}
        seats = [{"name": None if k in self.open else s.name,
                  "kind": "open" if k in self.open else ("human" if s.agent == "human" else "bot")}
                 for k, s in enumerate(self.save.seats)]
        return {"game": self.id, "edition": self.ed.id, "name": text_in(self.ed.name, self.lang) or self.ed.id,
                "lang": self.lang, "variants": list(self.save.variants), "decision_time": web.get("decision_time"),
                "seats": seats, "open": len(self.open)}

    def stored(self) -> SaveGame:
        """The save that keeps the table across a restart: its save with `options.web.lobby`
        ({"open": [seats], "lang", "tokens": {seat: digest}})."""
        web = dict(self.save.options.get("web") or {})
        web["lobby"] = {"open": list(self.open), "lang": self.lang,
                        "tokens": {str(k): v for k, v in self.digests.items()}}
        return replace(self.save, options={**self.save.options, "web": web})

    @classmethod
    def from_stored(cls, game: str, ed: Edition, stored: SaveGame, age: float) -> Table:
        """The table `stored` keeps (see `stored`), opened `age` seconds ago; raises ValueError
        for a save that is no table of the lobby."""
        web = dict(stored.options.get("web") or {})
        kept: Any = web.pop("lobby", None)
        if not isinstance(kept, dict):
            raise ValueError("no table of the lobby in it (options.web.lobby)")
        n = len(stored.seats)
        open_seats = [k for k in kept.get("open", []) if type(k) is int and 0 <= k < n]
        digests = {int(k): str(v) for k, v in (kept.get("tokens") or {}).items() if str(k).isdigit() and int(k) < n}
        if not open_seats:
            raise ValueError("no open seat in it")
        save = replace(stored, options={**stored.options, "web": web})
        return cls(game, ed, save, str(kept.get("lang", "en")), digests, open_seats, time.monotonic() - age)

    def taken(self, name: str) -> bool:
        """Whether a seated player (not an open seat) is called `name`, ignoring case."""
        return any(s.name.casefold() == name.casefold() for k, s in enumerate(self.save.seats) if k not in self.open)

    def seat(self, k: int, seat: Seat) -> None:
        """Put `seat` (a person or a bot) in the open seat `k`."""
        seats = list(self.save.seats)
        seats[k] = seat
        self.save = replace(self.save, seats=tuple(seats))
        self.open.remove(k)


class Lobby:
    """The tables waiting for players on one server (see the module). Used from the event loop's
    thread only."""

    def __init__(self, data: Path | None = None, max_tables: int = MAX_TABLES, ttl: float = TABLE_TTL):
        self.folder = data / "lobby" if data is not None else None
        self.max_tables = max_tables
        self.ttl = ttl
        self.tables: dict[str, Table] = {}

    def _expire(self) -> None:
        now = time.monotonic()
        for k in [k for k, t in self.tables.items() if now - t.opened > self.ttl]:
            del self.tables[k]
            self._forget(k)

    def _keep(self, t: Table) -> None:
        """Write the table's save into the lobby's folder (a table that cannot be kept still waits,
        said on stderr)."""
        if self.folder is None:
            return
        try:
            self.folder.mkdir(exist_ok=True)
            write_save(self.folder / f"{t.id}.json", t.stored())
        except OSError as e:
            print(f"magie serve: the lobby's game {t.id} is not kept: {e.strerror or e}", file=sys.stderr)

    def _forget(self, game: str) -> None:
        if self.folder is not None:
            with contextlib.suppress(OSError):
                (self.folder / f"{game}.json").unlink()

    def stored(self) -> list[Path]:
        """The saves of the tables kept in the lobby's folder."""
        return sorted(self.folder.glob("*.json")) if self.folder is not None and self.folder.is_dir() else []

    def restore(self, paths: list[Path], load: Callable[[Path], tuple[SaveGame, Edition]]) -> list[Table]:
        """The tables kept in `paths` (`load(path)` reads one: its save and edition; a file that
        cannot be read is said on stderr and removed, one older than the lobby keeps tables too).
        Blocking: call it in a worker thread, then `put` each table on the event loop's thread."""
        tables = []
        for path in paths:
            try:
                age = max(0.0, time.time() - path.stat().st_mtime)
                if age > self.ttl:
                    raise ValueError("it waited too long")
                save, ed = load(path)
                tables.append(Table.from_stored(path.stem, ed, save, age))
            except (OSError, ValueError, ProblemsError) as e:
                print(f"magie serve: the lobby's game {path.stem} is not restored: {e}", file=sys.stderr)
                self._forget(path.stem)
        return tables

    def put(self, table: Table) -> None:
        """Put a restored `table` back in the lobby (no cap: it was there before)."""
        self.tables.setdefault(table.id, table)

    def add(self, table: Table) -> None:
        """Open `table`; raises `LobbyProblem` 503 when `max_tables` wait already."""
        self._expire()
        if len(self.tables) >= self.max_tables:
            raise LobbyProblem(503, f"{self.max_tables} games wait for players already; try later")
        self.tables[table.id] = table
        self._keep(table)

    def listing(self, limit: int = LIST_CAP) -> list[dict]:
        """The newest `limit` tables, as `Table.json` gives them."""
        self._expire()
        newest = sorted(self.tables.values(), key=lambda t: t.opened, reverse=True)
        return [t.json() for t in newest[:limit]]

    def table(self, game: str) -> Table:
        """The table `game`; raises `LobbyProblem` 404."""
        self._expire()
        t = self.tables.get(game)
        if t is None:
            raise LobbyProblem(404, "no game waiting for players under this id (it started, or never was)")
        return t

    def join(self, game: str, name: str) -> tuple[Table, int, str]:
        """Seat a person called `name` (plain text, checked) in the first open seat of `game`:
        (the table, the seat, its token). Raises `LobbyProblem`: 404 no such table, 409 the name
        is taken (ignoring case)."""
        t = self.table(game)
        if t.taken(name):
            raise LobbyProblem(409, f"a player of this game is called {name!r} already", field="name")
        k = t.open[0]
        tokens, digests = new_tokens(len(t.save.seats), [k])
        t.seat(k, Seat(name, "human"))
        t.digests[k] = digests[k]
        if t.open:
            self._keep(t)
        return t, k, tokens[k]

    def fill(self, game: str, host: str | None, bot: str = "basic") -> Table:
        """The host (token `host`) fills the open seats of `game` with `bot`s named "Bot N" (the
        first N no player has): the table is ready to start. Raises `LobbyProblem` 404, or 403
        for a token that is not the host's."""
        t = self.table(game)
        web = t.save.options.get("web") or {}
        if not host or web.get("host") != hash_token(host):
            raise LobbyProblem(403, "only the host of this game may fill its seats with bots")
        n = 1
        for k in list(t.open):
            while t.taken(f"Bot {n}"):
                n += 1
            t.seat(k, Seat(f"Bot {n}", bot))
        return t

    def pop(self, game: str) -> Table | None:
        """Take the table `game` out of the lobby (it starts)."""
        self._forget(game)
        return self.tables.pop(game, None)


__all__ = ["Lobby", "LobbyProblem", "Table", "MAX_TABLES", "LIST_CAP", "TABLE_TTL"]
