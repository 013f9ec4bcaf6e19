"""The lobby of `magie serve`: games waiting for players.

A game created with open seats (`POST /api/games`, a seat of kind `open`) does not start: it waits
here as a `Table` until a person has joined each open seat by name (`Lobby.join`, which gives the
person their seat's token), or until the host fills the open seats with bots (`Lobby.fill`). Then
the server starts it like any game (`Server.add`), under the same id.

Bounded: at most `MAX_TABLES` tables wait at once (503 beyond), a table waits at most `TABLE_TTL`
seconds for its players, and the listing gives the `LIST_CAP` newest. A waiting table lives in the
server's memory only (a restart forgets it; a game is saved from its start).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.saves import SaveGame, Seat

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

    def __init__(self, max_tables: int = MAX_TABLES, ttl: float = TABLE_TTL):
        self.max_tables = max_tables
        self.ttl = ttl
        self.tables: dict[str, Table] = {}

    def _expire(self) -> None:
        now = time.monotonic()
        for k in [k for k, t in self.tables.items() if now - t.opened > self.ttl]:
            del self.tables[k]

    def add(self, table: Table) -> None:
        """Open `table`; raises `LobbyProblem` 503 when `max_tables` wait already."""
        self._expire()
        if len(self.tables) >= self.max_tables:
            raise LobbyProblem(503, f"{self.max_tables} games wait for players already; try later")
        self.tables[table.id] = table

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
        return self.tables.pop(game, None)


__all__ = ["Lobby", "LobbyProblem", "Table", "MAX_TABLES", "LIST_CAP", "TABLE_TTL"]
