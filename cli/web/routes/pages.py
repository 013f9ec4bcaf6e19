"""The pages of `magie serve` (create a game, play it), the interface's words for their script,
and the server's health."""

from __future__ import annotations

import string
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from ...i18n import gettext_for
from ..errors import check_lang
from ..messages import UI_MESSAGES
from ..server import ServerDep

STATIC = Path(__file__).parent.parent / "static"
"""The pages' files (HTML, scripts, styles), served under /static."""

PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                           "script-src 'self'; connect-src 'self' ws: wss:",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}

router = APIRouter()


@lru_cache(maxsize=4)
def page(name: str) -> str:
    """The page `name` ("index": create a game, "game": play it): the shared head of
    static/page.html with the page's script, and the page's body from static/NAME.body.html."""
    head = string.Template((STATIC / "page.html").read_text(encoding="utf-8"))
    return head.substitute(script=f"{name}.js", body=(STATIC / f"{name}.body.html").read_text(encoding="utf-8"))


@router.get("/", include_in_schema=False)
async def index() -> HTMLResponse:
    return HTMLResponse(page("index"), headers=PAGE_HEADERS)


@router.get("/games/{game}", include_in_schema=False)
async def game_page(game: str, server: ServerDep) -> HTMLResponse:
    await server.room(game)
    return HTMLResponse(page("game"), headers=PAGE_HEADERS)


@router.get("/api/ui")
async def ui(lang: str = "en") -> dict:
    """The interface's words in `lang`, for the pages' script."""
    t = gettext_for(check_lang(lang))
    return {"lang": lang, "messages": {m: t.gettext(m) for m in UI_MESSAGES}}


@router.get("/api/health")
async def health() -> dict:
    return {"ok": True}
