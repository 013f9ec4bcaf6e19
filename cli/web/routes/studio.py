"""The studio of `magie serve` (docs/web.md "The studio"): its page, an edition's text to start
from, the text checked as it is typed, and for a text that checks (a draft, by id) its board, a
seeded bot game turn by turn and a balance report. The work is `..studio`'s; here the requests
are checked and the work bounded (at most `BUSY` jobs at once, each within its time)."""

from __future__ import annotations

import asyncio
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from magie.engine.edition.loader import builtin_ids, is_path_ref
from magie.engine.edition.plugin_files import edition_file
from magie.engine.edition.text import text_in
from magie.engine.errors import MagieError
from magie.engine.limits import MAX_SEED
from magie.engine.paths import EDITIONS_DIR

from ..errors import HTTPProblem, check_lang
from ..server import ServerDep
from ..studio import MAX_REPORT_GAMES, STUDIO_BOTS, Draft, Drafts, balance, check_text, play_game, turn_board
from ..uploads import MAX_FILE_BYTES, UploadProblem, public_text
from .pages import PAGE_HEADERS, page

T = TypeVar("T")

BUSY = 2
"""Studio jobs (checks, games, reports) the server runs at once; more wait their turn."""
CHECK_WAIT = 30.0
"""Seconds a job may wait for the gate."""

router = APIRouter()


class TextIn(BaseModel):
    """`POST /api/studio/check`: an edition file's name and text."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
    text: str = Field(max_length=MAX_FILE_BYTES)


class ReportIn(BaseModel):
    """`POST /api/studio/drafts/{draft}/report`: the games to play."""

    model_config = ConfigDict(extra="forbid")
    # strict numbers: a JSON number, not the text "5" or true
    games: int = Field(default=100, ge=1, le=MAX_REPORT_GAMES, strict=True)
    seed: int = Field(default=0, ge=0, le=MAX_SEED, strict=True)
    players: int | None = Field(default=None, ge=2, le=12, strict=True)
    bot: str = "basic"
    lang: str = "en"


class Studio:
    """What the studio keeps in a server: the drafts and the gate that bounds its work."""

    def __init__(self) -> None:
        self.drafts = Drafts()
        self.gate = threading.BoundedSemaphore(BUSY)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in a thread once the gate lets it in: 503 when the gate stays shut for
        `CHECK_WAIT` seconds or the whole takes twice that (each job ends within its own bounds);
        an error of the engine is a 400, any other exception a 500, each with its message."""
        def gated() -> T:
            if not self.gate.acquire(timeout=CHECK_WAIT):
                raise HTTPProblem(503, "the studio is busy; try again in a moment")
            try:
                return work(*args)
            except (HTTPProblem, UploadProblem):
                raise
            except MagieError as e:          # the edition's rules stop a game (a rule that cannot be paid)
                raise HTTPProblem(400, f"the game stopped: {public_text(str(e))}") from None
            except Exception as e:           # a bug: the server stays up and says what happened
                traceback.print_exc(file=sys.stderr)
                raise HTTPProblem(500, public_text(f"the studio stopped on an internal error "
                                                   f"({type(e).__name__}: {e})")) from None
            finally:
                self.gate.release()
        try:
            return await asyncio.wait_for(asyncio.to_thread(gated), 2 * CHECK_WAIT)
        except TimeoutError:
            raise HTTPProblem(503, f"the studio took more than {2 * CHECK_WAIT:g} s; try again") from None

    def draft(self, did: str) -> Draft:
        """The draft `did`; 404 when it is not (or no longer) kept."""
        d = self.drafts.get(did)
        if d is None:
            raise HTTPProblem(404, f"no draft '{did[:40]}': check the text again (POST /api/studio/check)")
        return d


def studio_of(request: Request) -> Studio:
    """The app's studio (made at its first request)."""
    state = request.app.state
    if getattr(state, "studio", None) is None:
        state.studio = Studio()
    return state.studio


StudioDep = Annotated[Studio, Depends(studio_of)]


@router.get("/studio", include_in_schema=False)
async def studio_page() -> HTMLResponse:
    return HTMLResponse(page("studio"), headers=PAGE_HEADERS)


@router.get("/api/studio")
async def studio_limits() -> dict:
    """What the studio's forms may ask: the `bots` a game seats, the most games of a report."""
    return {"bots": list(STUDIO_BOTS), "max_report_games": MAX_REPORT_GAMES}


@router.get("/api/studio/source/{edition}")
async def source(edition: str, server: ServerDep) -> dict:
    """The file of a built-in edition or of an uploaded one (by id): `name` and `text`."""
    up = server.uploads.get(edition)
    if up is not None:
        return {"name": up.edition.name, "text": up.edition.text}
    editions, _ = builtin_ids()
    if is_path_ref(edition) or edition not in editions:
        raise HTTPProblem(404, f"no edition '{edition[:60]}' (built-in editions: {', '.join(editions)}; "
                               f"an uploaded one is named upload-...)")
    path = EDITIONS_DIR / f"{edition}.yaml"
    path = path if path.is_file() else (edition_file("edition", edition) or path)
    try:
        return {"name": f"{edition}.yaml", "text": path.read_text(encoding="utf-8")}
    except (OSError, UnicodeDecodeError):
        raise HTTPProblem(404, f"the file of edition '{edition}' cannot be read") from None


@router.post("/api/studio/check")
async def check(body: TextIn, studio: StudioDep, lang: str = "en") -> dict:
    """Every problem of the text placed at its line (`problems`, errors first) and, when it has
    no error, the `draft` id the board, the game and the report take, and the edition's name
    and number of players."""
    check_lang(lang)
    try:
        markers, draft = await studio.run(check_text, body.name, body.text)
    except UploadProblem as e:       # said of the upload's `edition.name`, `edition.text`: here `name`, `text`
        message = e.message.removeprefix("edition.")
        raise HTTPProblem(400, message, **({"field": e.field.removeprefix("edition.")} if e.field else {})) from None
    out: dict[str, Any] = {"ok": draft is not None, "problems": [m.to_json() for m in markers], "draft": None}
    if draft is not None:
        draft = studio.drafts.add(draft)
        ed = draft.edition
        out.update(draft=draft.id, edition={"id": ed.id, "name": text_in(ed.name, lang) or ed.id,
                                            "players": {"min": ed.players_min, "max": ed.players_max}})
    return out


@router.get("/api/studio/drafts/{draft}/board.svg")
async def board(draft: str, studio: StudioDep, lang: str = "en",
                seed: Annotated[int | None, Query(ge=0, le=MAX_SEED)] = None,
                players: Annotated[int | None, Query(ge=2, le=12)] = None, bot: str = "basic",
                turn: Annotated[int, Query(ge=0)] = 0) -> Response:
    """The draft's board; with a game's `seed` (and `players`, `bot`), the table after its step
    `turn` (0: before the first roll)."""
    d = studio.draft(draft)
    check_lang(lang)
    if seed is None:
        return Response(turn_board(d, {}, lang), media_type="image/svg+xml")
    played = await studio.run(_game, d, seed, players, bot, lang)
    if turn >= len(played.turns):
        raise HTTPProblem(400, f"turn: the game has steps 0 to {len(played.turns) - 1}", field="turn")
    return Response(turn_board(d, played.turns[turn], lang), media_type="image/svg+xml")


@router.get("/api/studio/drafts/{draft}/game")
async def game(draft: str, studio: StudioDep, seed: Annotated[int, Query(ge=0, le=MAX_SEED)] = 0,
               players: Annotated[int | None, Query(ge=2, le=12)] = None, bot: str = "basic",
               lang: str = "en") -> dict:
    """The seeded bot game of the draft, step by step: `steps` (each the lines told and the
    seats after it: cash, position, deeds, net worth), and its `end`."""
    d = studio.draft(draft)
    check_lang(lang)
    played = await studio.run(_game, d, seed, players, bot, lang)
    steps = [{k: v for k, v in t.items() if k not in ("owners", "levels", "mortgaged")} for t in played.turns]
    return {"draft": d.id, "seed": seed, "bot": bot, "players": len(steps[0]["players"]), "steps": steps,
            "end": played.end}


@router.post("/api/studio/drafts/{draft}/report")
async def report(draft: str, body: ReportIn, studio: StudioDep) -> dict:
    """A balance report of the draft (`studio.balance`): win rate by seat with intervals, game
    length, a landing heat map, payback by group."""
    d = studio.draft(draft)
    check_lang(body.lang)
    players = _players(d, body.players)
    _check_bot(body.bot)
    return await studio.run(balance, d, body.games, body.seed, players, body.bot, body.lang)


def _game(d: Draft, seed: int, players: int | None, bot: str, lang: str):
    """The draft's studio game (played once, then kept)."""
    _check_bot(bot)
    return play_game(d, seed, _players(d, players), bot, lang)


def _players(d: Draft, players: int | None) -> int:
    """`players` when the draft's edition takes that many (400 otherwise); by default four, or
    the nearest number the edition takes."""
    ed = d.edition
    if players is None:
        return min(max(4, ed.players_min), ed.players_max)
    if not ed.players_min <= players <= ed.players_max:
        raise HTTPProblem(400, f"players: the edition is for {ed.players_min} to {ed.players_max} players",
                          field="players")
    return players


def _check_bot(bot: str) -> None:
    if bot not in STUDIO_BOTS:
        raise HTTPProblem(400, f"bot: expected one of {', '.join(STUDIO_BOTS)}, not {bot[:20]!r}", field="bot")
