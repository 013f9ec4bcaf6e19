"""The ASGI app of `magie serve` (FastAPI): the HTTP contract of docs/web.md, the WebSocket of live
updates, and the two pages (create a game, play it).

Every input is checked before it reaches the engine: request bodies are capped at `MAX_BODY`
bytes, JSON is validated field by field (a 400 names the field), editions and overlays are the
built-in ones by id (no request makes the server read a file it names), seats are named with
plain text of bounded length. A seat acts only with its token (403 otherwise); two answers racing
for one decision get one 200 (or 400 with the engine's reason) and one 409.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import string
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator
from starlette.exceptions import HTTPException as StarletteHTTPException

from magie.engine.agents import BOTS
from magie.engine.edition.listing import list_builtin
from magie.engine.edition.loader import builtin_ids, is_path_ref
from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.game.events import dumps
from magie.engine.game.save import MAX_NAME, MAX_SEED, SaveGame, Seat
from magie.engine.game.trades import MAX_DEAL_LEGS
from magie.engine.problems import ProblemsError

from ..i18n import LANGUAGES, gettext_for
from ..saved_edition import edition_for_save, load_embedded, load_with_content, read_game_save
from .board import board_svg
from .messages import UI_MESSAGES
from .rooms import STOP_WAIT, Conflict, Room, Subscriber, hash_token, new_game_id, new_tokens
from .uploads import MAX_BODY as MAX_UPLOAD_BODY
from .uploads import UploadedFile, UploadProblem, Uploads

STATIC = Path(__file__).with_name("static")
MAX_BODY = 64 * 1024
"""The largest request body, in bytes, except an uploaded save."""
MAX_SAVE_BODY = 8 * 1024 * 1024
"""The largest uploaded save (a save carries its edition, about 30 kB, and one line per answer)."""
MAX_WS_MESSAGE = 4096
WS_RATE = (60, 10.0)
"""A WebSocket client may send at most this many messages in this many seconds."""
BOT_TABLE_CAP = 1000
"""Rounds after which a table of bots only stops (the richest wins), as at the terminal."""
UPLOAD_WAIT = 30.0
"""Seconds an uploaded edition may take to load and compile."""
ANSWER_WAIT = 15.0
"""Seconds a request waits for the engine's verdict on an answer."""


# ---------------------------------------------------------------------- request bodies
class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=MAX_NAME)
    kind: Literal["human", "bot"]
    bot: str | None = None

    @field_validator("name")
    @classmethod
    def _plain(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise ValueError("a name may not be blank")
        if any(not ch.isprintable() for ch in v):
            raise ValueError("a name is plain text: no new lines, tabs or control characters")
        return v


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: str = Field(min_length=1, max_length=100)
    variants: list[Annotated[str, Field(min_length=1, max_length=100)]] = Field(default_factory=list, max_length=16)
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    lang: str = "en"
    seats: list[SeatIn] = Field(min_length=1, max_length=12)
    max_rounds: int | None = Field(default=None, ge=1, le=100000)


class FileIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200)
    text: str


class EditionUpload(BaseModel):
    """`POST /api/editions`: an edition file and the overlay files applied to it, in order."""

    model_config = ConfigDict(extra="forbid")
    edition: FileIn
    overlays: list[FileIn] = Field(default_factory=list, max_length=64)


class AnswerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: Any
    decision: int | None = None


class BetweenTurnsIn(BaseModel):
    """`POST /api/games/{game}/between-turns`: switch the window between other players' turns."""

    model_config = ConfigDict(extra="forbid")
    on: StrictBool


class HTTPProblem(Exception):
    """A request refused with `status` and a message (and optional details)."""

    def __init__(self, status: int, message: str, **extra: Any):
        self.status = status
        self.message = message
        self.extra = extra


def answer_problem(value: Any, depth: int = 0) -> str | None:
    """Why `value` cannot be an answer (the shapes of engine.game.decisions), or None."""
    if value is None or isinstance(value, (bool, str)):
        return None if not isinstance(value, str) or len(value) <= 100 else "a word of at most 100 characters"
    if isinstance(value, int):
        return None if abs(value) < 2**53 else "a whole number of at most 15 digits"
    if isinstance(value, list):
        if depth > 1 or len(value) > 4:
            return "an action such as [\"build\", 5], at most 4 items"
        for v in value:
            p = answer_problem(v, depth + 1)
            if p:
                return p
        return None
    if isinstance(value, dict) and set(value) == {"trade"} and isinstance(value["trade"], dict):
        t = value["trade"]
        known = {"proposer", "partner", "give_deeds", "give_cash", "give_cards", "get_deeds", "get_cash", "get_cards"}
        if set(t) - known:
            return f"a trade with only the fields {', '.join(sorted(known))}"
        for k in ("proposer", "partner"):
            if not isinstance(t.get(k), int) or isinstance(t.get(k), bool):
                return f"trade.{k}: a seat number"
        for k in ("give_cash", "get_cash"):
            if not isinstance(t.get(k, 0), int) or isinstance(t.get(k, 0), bool) or not 0 <= t.get(k, 0) < 2**53:
                return f"trade.{k}: a whole amount of money, 0 or more"
        for k in ("give_deeds", "get_deeds"):
            items = t.get(k, [])
            if not isinstance(items, list) or len(items) > 200 or any(
                    not isinstance(i, int) or isinstance(i, bool) for i in items):
                return f"trade.{k}: a list of space numbers"
        for k in ("give_cards", "get_cards"):
            items = t.get(k, [])
            if not isinstance(items, list) or len(items) > 50 or any(
                    not (isinstance(c, list) and len(c) == 2 and all(isinstance(x, str) and len(x) < 100 for x in c))
                    for c in items):
                return f"trade.{k}: a list of [deck, card] pairs"
        return None
    if isinstance(value, dict) and set(value) == {"deal"} and isinstance(value["deal"], dict):
        return _deal_problem(value["deal"])
    return "a word, a number, true/false, null, an action list, {\"trade\": {...}} or {\"deal\": {...}}"


def _deal_problem(deal: dict) -> str | None:
    """Why `deal` is not the JSON of a `Deal` (engine.game.decisions), or None."""
    if set(deal) - {"proposer", "legs"}:
        return "a deal with only the fields legs, proposer"
    if not isinstance(deal.get("proposer"), int) or isinstance(deal.get("proposer"), bool):
        return "deal.proposer: a seat number"
    legs = deal.get("legs")
    if not isinstance(legs, list) or not 1 <= len(legs) <= MAX_DEAL_LEGS:
        return f"deal.legs: a list of 1 to {MAX_DEAL_LEGS} legs"
    known = {"giver", "taker", "deeds", "cash", "cards"}
    for k, leg in enumerate(legs):
        if not isinstance(leg, dict) or set(leg) - known:
            return f"deal.legs.{k}: a leg with only the fields {', '.join(sorted(known))}"
        for f in ("giver", "taker"):
            if not isinstance(leg.get(f), int) or isinstance(leg.get(f), bool):
                return f"deal.legs.{k}.{f}: a seat number"
        cash = leg.get("cash", 0)
        if not isinstance(cash, int) or isinstance(cash, bool) or not 0 <= cash < 2**53:
            return f"deal.legs.{k}.cash: a whole amount of money, 0 or more"
        deeds = leg.get("deeds", [])
        if not isinstance(deeds, list) or len(deeds) > 200 or any(
                not isinstance(i, int) or isinstance(i, bool) for i in deeds):
            return f"deal.legs.{k}.deeds: a list of space numbers"
        cards = leg.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 50 or any(
                not (isinstance(c, list) and len(c) == 2 and all(isinstance(x, str) and len(x) < 100 for x in c))
                for c in cards):
            return f"deal.legs.{k}.cards: a list of [deck, card] pairs"
    return None


# ---------------------------------------------------------------------- body size limit
class BodyLimit:
    """ASGI middleware: refuse a request body over the limit with a 400 before the app reads it
    (the limit is `MAX_SAVE_BODY` for an uploaded save, `MAX_BODY` otherwise)."""

    def __init__(self, app: Callable[..., Awaitable[None]]):
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = {"/api/games/resume": MAX_SAVE_BODY, "/api/editions": MAX_UPLOAD_BODY}.get(scope.get("path", ""),
                                                                                         MAX_BODY)
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, receive, send)     # a disconnect: let the app see it
                return
            body = message.get("body", b"")
            size += len(body)
            if size > limit:
                response = JSONResponse({"error": f"the request body is larger than {limit} bytes"}, status_code=400)
                await response(scope, receive, send)
                return
            chunks.append(body)
            more = message.get("more_body", False)
        whole = b"".join(chunks)
        sent = False

        async def replay() -> dict:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


# ---------------------------------------------------------------------- the server's games
class Server:
    """The games this server holds, the WebSocket clients of each, and the data folder."""

    def __init__(self, data: Path | None, *, bot_delay: float, max_games: int, bots: tuple[str, ...] = ()):
        self.data = data
        self.bot_delay = bot_delay
        self.max_games = max_games
        self.bots = bots         # the programs and agent classes (cmd:..., module:Class) games may seat
        self.rooms: dict[str, Room] = {}
        self.uploads = Uploads()
        self.subscribers: dict[str, set[Subscriber]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    # -- WebSocket fan-out (called from game threads)
    def publish(self, room: Room, message: dict, seat: int | None) -> None:
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
    def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is None:
            shown = game_id if len(game_id) <= 60 else game_id[:57] + "..."
            raise HTTPProblem(404, f"no game '{shown}' on this server")
        return room

    def live(self) -> int:
        return sum(1 for r in self.rooms.values() if r.thread.is_alive())

    def add(self, game_id: str, ed: Edition, save: SaveGame, lang: str, digests: dict[int, str],
            note: str | None = None) -> Room:
        room = Room(game_id, ed, save, lang=lang, tokens=digests, publish=self.publish, data=self.data,
                    bot_delay=self.bot_delay, note=note)
        self.rooms[game_id] = room
        room.start()
        return room

    def resume_all(self) -> None:
        """Start again every game saved in the data folder (after a restart)."""
        if self.data is None:
            return
        for path in sorted(self.data.glob("*.json")):
            game_id = path.stem
            if game_id in self.rooms:
                continue
            try:
                save = read_game_save(path, self.bots)
                web = save.options.get("web") or {}
                tokens = {int(k): str(v) for k, v in (web.get("tokens") or {}).items()}
                ed, note = edition_for_save(save)
            except (ProblemsError, ValueError, AttributeError) as e:
                print(f"magie serve: {path} is not resumed: {e}", file=sys.stderr)
                continue
            self.add(game_id, ed, save, str(web.get("lang", "en")), tokens, note)

    def stop(self) -> None:
        """Stop every room's game thread: all are told first, then waited for together, at most
        `rooms.STOP_WAIT` seconds in all (one wait per room made a server with many games busy
        in long computations take minutes to stop on SIGTERM)."""
        rooms = list(self.rooms.values())
        for room in rooms:
            room.ask_stop()
        deadline = time.monotonic() + STOP_WAIT
        for room in rooms:
            if room.thread.is_alive():
                room.thread.join(timeout=max(0.0, deadline - time.monotonic()))


@lru_cache(maxsize=64)
def _edition(ref: str, variants: tuple[str, ...]) -> tuple[Edition, dict]:
    return load_with_content(ref, variants)


def _builtin_edition(edition: str, variants: tuple[str, ...] | list[str],
                     uploads: Uploads | None = None) -> tuple[Edition, dict]:
    """A built-in or uploaded edition with built-in overlays, by id: 404 for an unknown id, 400
    listing the problems when the combination does not validate. Paths are refused: no request
    reads a file."""
    up = uploads.get(edition) if uploads is not None else None
    if up is not None:
        try:
            return up.playable(tuple(variants))
        except UploadProblem as e:
            raise HTTPProblem(400, e.message, problems=e.problems, **({"field": e.field} if e.field else {})) from None
    editions, overlays = builtin_ids()
    if is_path_ref(edition) or edition not in editions:
        raise HTTPProblem(404, f"no edition '{edition[:60]}' (built-in editions: {', '.join(editions)}; "
                               f"an uploaded one is named upload-...)")
    for v in variants:
        if is_path_ref(v) or v not in overlays:
            raise HTTPProblem(404, f"no overlay '{v}' (built-in overlays: {', '.join(overlays)})")
    try:
        return _edition(edition, tuple(variants))
    except ProblemsError as e:
        raise HTTPProblem(400, "the edition with these overlays is not valid",
                          problems=[p.format() for p in e.problems]) from None


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise HTTPProblem(400, f"lang: expected one of {', '.join(LANGUAGES)}, not {lang[:20]!r}", field="lang")
    return lang


def create_app(data: Path | None = None, *, bot_delay: float = 0.6, max_games: int = 100,
               bots: tuple[str, ...] = ()) -> FastAPI:
    """The web app. `data` is the folder games are saved to and resumed from (None: games live in
    memory only); `bot_delay` the seconds before each bot's turn; `max_games` the most games
    running at once; `bots` the kinds besides the built-in bots that a seat may name (programs
    as `cmd:...`, agent classes as `module:Class`: they run on the server, so only its owner
    allows them)."""
    if data is not None:
        data.mkdir(parents=True, exist_ok=True)
    server = Server(data, bot_delay=bot_delay, max_games=max_games, bots=bots)
    seated = (*BOTS, *bots)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        server.loop = asyncio.get_running_loop()
        await asyncio.to_thread(server.resume_all)
        yield
        await asyncio.to_thread(server.stop)

    app = FastAPI(title="magie", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(HTTPProblem)
    async def _problem(request: Request, exc: HTTPProblem) -> JSONResponse:
        return JSONResponse({"error": exc.message, **exc.extra}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = f"no such address: {request.url.path}" if exc.status_code == 404 else str(exc.detail)
        return JSONResponse({"error": message}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            loc = [str(x) for x in err.get("loc", ()) if x not in ("body", "query")]
            where = ".".join(loc) or "body"
            msg = err.get("msg", "invalid")
            if err.get("type") == "json_invalid":
                where, msg = "body", "the body is not valid JSON"
            problems.append({"field": where, "message": msg})
        first = problems[0] if problems else {"field": "body", "message": "invalid"}
        return JSONResponse({"error": f"{first['field']}: {first['message']}", "field": first["field"],
                             "problems": problems}, status_code=400)

    def _token_seat(room: Room, token: str | None) -> int:
        seat = room.seat_of(token)
        if seat is None:
            raise HTTPProblem(403, "this token is not a seat of this game" if token else
                              "a seat's token is needed (?token=...)")
        return seat

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(page("index"), headers=_PAGE_HEADERS)

    @app.get("/games/{game}", include_in_schema=False)
    async def game_page(game: str) -> HTMLResponse:
        server.room(game)
        return HTMLResponse(page("game"), headers=_PAGE_HEADERS)

    @app.get("/api/ui")
    async def ui(lang: str = "en") -> dict:
        """The interface's words in `lang`, for the pages' script."""
        t = gettext_for(_lang(lang))
        return {"lang": lang, "messages": {m: t.gettext(m) for m in UI_MESSAGES}}

    # ------------------------------------------------------------------ the contract
    @app.get("/api/health")
    async def health() -> dict:
        return {"ok": True}

    @app.get("/api/editions")
    async def editions(lang: str = "en") -> dict:
        _lang(lang)
        out: dict[str, list] = {"editions": [], "overlays": []}
        for info in list_builtin():
            item: dict[str, Any] = {"id": info.id, "name": info.name, "description": info.description}
            if info.kind == "edition" and not info.broken:
                with contextlib.suppress(ProblemsError):
                    ed, _ = await asyncio.to_thread(_edition, info.id, ())
                    item.update(name=text_in(ed.name, lang) or info.name,
                                description=text_in(ed.description, lang) or info.description,
                                players={"min": ed.players_min, "max": ed.players_max})
            out["editions" if info.kind == "edition" else "overlays"].append(item)
        out["uploaded"] = [{"id": up.id, "name": text_in(up.playable(())[0].name, lang) or up.id}
                           for up in server.uploads]
        return {**out, "bots": list(BOTS), "languages": list(LANGUAGES)}

    @app.get("/api/editions/{edition}/board.svg")
    async def edition_board(edition: str, variant: Annotated[list[str] | None, Query()] = None,
                            lang: str = "en") -> Response:
        ed, _ = await asyncio.to_thread(_builtin_edition, edition, tuple(variant or ()), server.uploads)
        return Response(board_svg(ed, lang=_lang(lang)), media_type="image/svg+xml")

    @app.post("/api/editions", status_code=201)
    async def upload_edition(body: EditionUpload, lang: str = "en") -> dict:
        """An edition (and overlays) uploaded by the user: validated, then playable by its id."""
        _lang(lang)
        files = [UploadedFile(body.edition.name, body.edition.text),
                 *(UploadedFile(o.name, o.text) for o in body.overlays)]
        try:
            up = await asyncio.wait_for(asyncio.to_thread(server.uploads.add, files[0], files[1:]), UPLOAD_WAIT)
        except UploadProblem as e:
            raise HTTPProblem(400, e.message, problems=e.problems, **({"field": e.field} if e.field else {})) from None
        except TimeoutError:
            raise HTTPProblem(400, f"the edition took more than {UPLOAD_WAIT:g} s to load") from None
        ed, _ = up.playable(())
        return {"edition": up.id, "id": ed.id, "name": text_in(ed.name, lang) or ed.id,
                "description": text_in(ed.description, lang), "players": {"min": ed.players_min, "max": ed.players_max},
                "warnings": [p.format() for p in ed.warnings]}

    @app.post("/api/games", status_code=201)
    async def new_game(body: NewGame) -> dict:
        lang = _lang(body.lang)
        ed, content = await asyncio.to_thread(_builtin_edition, body.edition, tuple(body.variants), server.uploads)
        seats = []
        seen: set[str] = set()
        for k, s in enumerate(body.seats):
            if s.name.casefold() in seen:
                raise HTTPProblem(400, f"seats.{k}.name: two seats are called {s.name!r}", field=f"seats.{k}.name")
            seen.add(s.name.casefold())
            if s.kind == "bot":
                bot = s.bot or "basic"
                if bot not in seated:
                    raise HTTPProblem(400, f"seats.{k}.bot: expected one of {', '.join(seated)}",
                                      field=f"seats.{k}.bot")
                seats.append(Seat(s.name, bot))
            else:
                seats.append(Seat(s.name, "human"))
        if not ed.players_min <= len(seats) <= ed.players_max:
            raise HTTPProblem(400, f"seats: edition '{ed.id}' is for {ed.players_min} to {ed.players_max} "
                                   f"players, not {len(seats)}", field="seats")
        if server.live() >= server.max_games:
            raise HTTPProblem(503, f"this server runs {server.max_games} games already; try later")
        humans = [k for k, s in enumerate(seats) if s.agent == "human"]
        max_rounds = body.max_rounds
        if not humans and max_rounds is None and ed.end.max_rounds is None:
            max_rounds = BOT_TABLE_CAP
        seed = body.seed if body.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        save = SaveGame(edition_ref=body.edition, edition_id=ed.id, variants=tuple(body.variants),
                        content_hash=ed.content_hash, seed=seed, seats=tuple(seats),
                        options={"max_rounds": max_rounds, "elapsed": 0.0, "auto_claim": True},
                        edition_content=content)
        tokens, digests = new_tokens(len(seats), humans)
        game_id = new_game_id()
        room = server.add(game_id, ed, save, lang, digests)
        return {"game": game_id, "seed": seed,
                "seats": [{"name": room.names[k], **({"token": tokens[k]} if k in tokens else {})}
                          for k in range(len(seats))]}

    @app.post("/api/games/resume", status_code=201)
    async def resume(request: Request, lang: str | None = None) -> dict:
        """Continue a downloaded save: the body is the save file. New tokens for the people."""
        raw = await request.body()
        save = await asyncio.to_thread(_read_uploaded, raw, bots)
        ed, note = await asyncio.to_thread(_uploaded_edition, save)
        for k, s in enumerate(save.seats):
            if s.agent != "human" and s.agent not in seated:
                raise HTTPProblem(400, f"seats.{k}.agent: expected human or one of {', '.join(seated)}",
                                  field=f"seats.{k}.agent")
        if not ed.players_min <= len(save.seats) <= ed.players_max:
            raise HTTPProblem(400, f"seats: edition '{ed.id}' is for {ed.players_min} to {ed.players_max} players")
        if server.live() >= server.max_games:
            raise HTTPProblem(503, f"this server runs {server.max_games} games already; try later")
        web_opts = save.options.get("web")
        web: dict = web_opts if isinstance(web_opts, dict) else {}
        saved_lang = str(web.get("lang", "en"))
        room_lang = _lang(lang) if lang else (saved_lang if saved_lang in LANGUAGES else "en")
        options = {k: v for k, v in save.options.items() if k != "web"}
        if "between_turns" in web:          # the seats' switch (the room keeps people's seats only)
            options["web"] = {"between_turns": web["between_turns"]}
        save = replace(save, options=options)
        humans = [k for k, s in enumerate(save.seats) if s.agent == "human"]
        tokens, digests = new_tokens(len(save.seats), humans)
        game_id = new_game_id()
        room = server.add(game_id, ed, save, room_lang, digests, note)
        await asyncio.to_thread(room.ready.wait, 60)
        if room.error is not None:
            room.stop()
            server.rooms.pop(game_id, None)
            if server.data is not None:
                with contextlib.suppress(OSError):
                    (server.data / f"{game_id}.json").unlink()
            raise HTTPProblem(400, f"the save cannot be resumed: {room.error}")
        return {"game": game_id, "note": note,
                "seats": [{"name": room.names[k], **({"token": tokens[k]} if k in tokens else {})}
                          for k in range(len(save.seats))]}

    @app.get("/api/games/{game}")
    async def state(game: str) -> dict:
        room = server.room(game)
        if not room.state:          # the game's thread is still setting the table
            await asyncio.to_thread(room.ready.wait, 10)
        return {"game": room.id, "edition": room.ed.id, "lang": room.lang, **room.state}

    @app.get("/api/games/{game}/info")
    async def info(game: str) -> dict:
        return server.room(game).info

    @app.get("/api/games/{game}/board.svg")
    async def game_board(game: str) -> Response:
        room = server.room(game)
        return Response(board_svg(room.ed, lang=room.lang, state=room.state or None), media_type="image/svg+xml")

    @app.get("/api/games/{game}/decision")
    async def decision(game: str, token: str | None = None) -> dict:
        room = server.room(game)
        seat = _token_seat(room, token)
        return {"seat": seat, "decision": room.decision_for(seat), "between_turns": seat in room.between}

    @app.post("/api/games/{game}/between-turns")
    async def between_turns(game: str, body: BetweenTurnsIn, token: str | None = None) -> dict:
        """Switch the seat's window between the other players' turns on or off (off by default;
        rules.between_turns): when on, the seat is asked to manage after each other player's turn."""
        room = server.room(game)
        seat = _token_seat(room, token)
        if not room.ed.rules.between_turns:
            raise HTTPProblem(400, f"edition '{room.ed.id}' has no window between the other players' turns "
                                   f"(rules.between_turns is false)", field="on")
        if room.state.get("over"):
            raise HTTPProblem(409, "the game is over")
        await asyncio.to_thread(room.set_between_turns, seat, body.on)
        return {"seat": seat, "between_turns": body.on}

    @app.post("/api/games/{game}/answer")
    async def answer(game: str, body: AnswerIn, token: str | None = None) -> dict:
        room = server.room(game)
        seat = _token_seat(room, token)
        problem = answer_problem(body.answer)
        if problem:
            raise HTTPProblem(400, f"answer: expected {problem}", field="answer")
        try:
            verdict = room.submit(seat, body.answer, body.decision)
        except Conflict as e:
            raise HTTPProblem(409, str(e)) from None
        try:
            reason = await asyncio.wait_for(asyncio.wrap_future(verdict), ANSWER_WAIT)
        except TimeoutError:
            return {"accepted": True, "checked": False}
        if reason is not None:
            raise HTTPProblem(400, reason, field="answer", refused=True)
        return {"accepted": True}

    @app.get("/api/games/{game}/log")
    async def log(game: str) -> PlainTextResponse:
        room = server.room(game)
        await asyncio.to_thread(room.need_events)
        events = list(room.events)
        return PlainTextResponse("".join(dumps(e) + "\n" for e in events), media_type="application/x-ndjson")

    @app.get("/api/games/{game}/save")
    async def save(game: str, token: str | None = None) -> Response:
        """The save (it holds the seed, so only a seat may download it)."""
        room = server.room(game)
        _token_seat(room, token)
        text = room.snapshot_save(with_tokens=False).to_text()
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="magie-{room.ed.id}-{room.id}.json"'})

    # ------------------------------------------------------------------ live updates
    @app.websocket("/ws/games/{game}")
    async def live(ws: WebSocket, game: str, token: str | None = None) -> None:
        room = server.rooms.get(game)
        if room is None:
            await ws.close(code=4404, reason="no such game")
            return
        seat = room.seat_of(token)
        if token and seat is None:
            await ws.close(code=4403, reason="this token is not a seat of this game")
            return
        await ws.accept()
        await asyncio.to_thread(room.need_events)
        sub = Subscriber(seat)
        server.subscribers.setdefault(game, set()).add(sub)
        n = min(len(room.events), len(room.lines))     # the game's thread may be adding one
        recent = [{"n": k, "event": room.events[k], "text": room.lines[k]} for k in range(max(0, n - 300), n)]
        await ws.send_json({"type": "hello", "seat": seat, "info": room.info, "state": room.state,
                            "events": recent, "decision": room.decision_for(seat) if seat is not None else None,
                            "between_turns": seat in room.between if seat is not None else None})

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

        tasks = [asyncio.create_task(sender()), asyncio.create_task(receiver())]
        code = 1000
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for t in done:
                exc = t.exception()
                if isinstance(exc, OverflowError):
                    code = 1008
            if sub.dropped:
                code = 1013
        finally:
            for t in tasks:
                t.cancel()
            server.subscribers.get(game, set()).discard(sub)
            with contextlib.suppress(Exception):
                await ws.close(code=code)

    return app


@lru_cache(maxsize=4)
def page(name: str) -> str:
    """The page `name` ("index": create a game, "game": play it): the shared head of
    static/page.html with the page's script, and the page's body from static/NAME.body.html."""
    head = string.Template((STATIC / "page.html").read_text(encoding="utf-8"))
    return head.substitute(script=f"{name}.js", body=(STATIC / f"{name}.body.html").read_text(encoding="utf-8"))


_PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                           "script-src 'self'; connect-src 'self' ws: wss:",
                 "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def _read_uploaded(raw: bytes, plugins: tuple[str, ...] = ()) -> SaveGame:
    """An uploaded save, checked like a save file (problems named 'the uploaded save'); of the
    agents that are no built-in bot it may seat only `plugins`."""
    if not raw:
        raise HTTPProblem(400, "the body must be a save file (JSON), as GET /api/games/{game}/save gives")
    with tempfile.TemporaryDirectory(prefix="magie-upload-") as tmp:
        path = Path(tmp) / "upload.json"
        path.write_bytes(raw)
        try:
            return read_game_save(path, plugins)
        except ProblemsError as e:
            problems = [replace(p, file="the uploaded save").format() for p in e.problems]
            raise HTTPProblem(400, problems[0] if problems else "not a save", problems=problems) from None


def _uploaded_edition(save: SaveGame) -> tuple[Edition, str | None]:
    """The edition of an uploaded save: built-in ids are loaded (falling back to the copy the save
    carries); a save naming files is played only with the copy it carries (the server never reads
    a file an upload names)."""
    editions, overlays = builtin_ids()
    names_files = (is_path_ref(save.edition_ref) or save.edition_ref not in editions
                   or any(is_path_ref(v) or v not in overlays for v in save.variants))
    try:
        if names_files:
            if save.edition_content is None:
                raise HTTPProblem(400, f"the save names edition '{save.edition_ref}', which is not built in, and "
                                       f"carries no copy of it")
            ed = load_embedded(save.edition_content)
            if ed.content_hash != save.content_hash:
                raise HTTPProblem(400, "the edition the save carries is not the one it was played with "
                                       "(its content hash differs)")
            return ed, "the game goes on with the edition carried in the save"
        return edition_for_save(save)
    except ProblemsError as e:
        problems = [p.format() for p in e.problems]
        raise HTTPProblem(400, "the save's edition is not valid", problems=problems) from None


def default_data_dir() -> Path:
    """Where `magie serve` keeps games unless told otherwise: $XDG_DATA_HOME/magie/games."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "magie" / "games"


__all__ = ["create_app", "default_data_dir", "answer_problem", "hash_token"]
