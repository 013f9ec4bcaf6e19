"""What a person sends `magie serve` as a file: an edition with its overlays (`POST
/api/editions`, then played by its id) and a downloaded save to continue (`POST
/api/games/resume`). Neither makes the server read a file it names."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import replace
from pathlib import Path

from fastapi import APIRouter, Request

from magie.engine import agents
from magie.engine.edition.loader import builtin_ids, is_path_ref
from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.problems import ProblemsError
from magie.engine.saves import SaveGame

from ...i18n import LANGUAGES
from ...saved_edition import load_embedded, read_game_save
from ..bodies import EditionUpload
from ..errors import HTTPProblem, check_lang
from ..rooms import new_game_id, new_tokens
from ..server import Server, ServerDep, saved_edition
from ..uploads import UploadedFile, UploadProblem, public_text

UPLOAD_WAIT = 30.0
"""Seconds an uploaded edition may take to load and compile."""

router = APIRouter()


@router.post("/api/editions", status_code=201)
async def upload_edition(body: EditionUpload, server: ServerDep, lang: str = "en") -> dict:
    """An edition (and overlays) uploaded by the user: validated, then playable by its id."""
    check_lang(lang)
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
            "warnings": [public_text(p.format()) for p in ed.warnings]}


@router.post("/api/games/resume", status_code=201)
async def resume(request: Request, server: ServerDep, lang: str | None = None) -> dict:
    """Continue a downloaded save: the body is the save file. New tokens for the people."""
    raw = await request.body()
    save = await asyncio.to_thread(_read_uploaded, raw, server.bots)
    ed, note = await asyncio.to_thread(_uploaded_edition, save)
    _check_table(server, save, ed)
    web_opts = save.options.get("web")
    web: dict = web_opts if isinstance(web_opts, dict) else {}
    saved_lang = str(web.get("lang", "en"))
    room_lang = check_lang(lang) if lang else (saved_lang if saved_lang in LANGUAGES else "en")
    options = {k: v for k, v in save.options.items() if k != "web"}
    # the seats' switch (the room keeps people's seats only) and the decision time go on; the
    # one who resumes the save is its host
    host, host_digest = new_tokens(1, [0])
    options["web"] = {**{k: web[k] for k in ("between_turns", "decision_time") if k in web}, "host": host_digest[0]}
    save = replace(save, options=options)
    humans = [k for k, s in enumerate(save.seats) if s.agent == "human"]
    tokens, digests = new_tokens(len(save.seats), humans)
    game_id = new_game_id()
    room = server.add(game_id, ed, save, room_lang, digests, note)
    await asyncio.to_thread(room.ready.wait, 60)
    if room.error is not None:
        server.forget(game_id)
        raise HTTPProblem(400, f"the save cannot be resumed: {room.error}")
    return {"game": game_id, "note": note, "host": host[0],
            "seats": [{"name": room.names[k], **({"token": tokens[k]} if k in tokens else {})}
                      for k in range(len(save.seats))]}


def _check_table(server: Server, save: SaveGame, ed: Edition) -> None:
    """The seats of an uploaded save are bots this server has and as many as the edition takes,
    and the server has room for one more game; raises `HTTPProblem`."""
    seated = (*agents.BOTS, *server.bots)
    for k, s in enumerate(save.seats):
        if s.agent != "human" and s.agent not in seated:
            raise HTTPProblem(400, f"seats.{k}.agent: expected human or one of {', '.join(seated)}",
                              field=f"seats.{k}.agent")
    if not ed.players_min <= len(save.seats) <= ed.players_max:
        raise HTTPProblem(400, f"seats: edition '{ed.id}' is for {ed.players_min} to {ed.players_max} players")
    if server.live() >= server.max_games:
        raise HTTPProblem(503, f"this server runs {server.max_games} games already; try later")


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
        return saved_edition(save)      # the built-in edition, with the game's room settings if any
    except ProblemsError as e:
        problems = [p.format() for p in e.problems]
        raise HTTPProblem(400, "the save's edition is not valid", problems=problems) from None
