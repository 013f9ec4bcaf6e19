"""The editions `magie serve` plays (built-in, and uploaded ones by their id) and their boards."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from magie.engine import agents
from magie.engine.edition.listing import list_builtin, list_plugins
from magie.engine.edition.text import text_in
from magie.engine.problems import ProblemsError

from ...i18n import LANGUAGES
from ..board import board_svg
from ..errors import check_lang
from ..server import ServerDep, builtin_edition

router = APIRouter()


@router.get("/api/editions")
async def editions(server: ServerDep, lang: str = "en") -> dict:
    check_lang(lang)
    out: dict[str, list] = {"editions": [], "overlays": []}
    for info in list_builtin() + list_plugins():
        item: dict[str, Any] = {"id": info.id, "name": info.name, "description": info.description,
                                **({"plugin": info.plugin} if info.plugin else {})}
        if info.kind == "edition" and not info.broken:
            with contextlib.suppress(ProblemsError):
                ed, _ = await asyncio.to_thread(builtin_edition, info.id, ())
                item.update(name=text_in(ed.name, lang) or info.name,
                            description=text_in(ed.description, lang) or info.description,
                            players={"min": ed.players_min, "max": ed.players_max})
        out["editions" if info.kind == "edition" else "overlays"].append(item)
    out["uploaded"] = [{"id": up.id, "name": text_in(up.playable(())[0].name, lang) or up.id}
                       for up in server.uploads]
    return {**out, "bots": list(agents.BOTS), "languages": list(LANGUAGES)}


@router.get("/api/editions/{edition}/board.svg")
async def edition_board(edition: str, server: ServerDep, variant: Annotated[list[str] | None, Query()] = None,
                        lang: str = "en") -> Response:
    ed, _ = await asyncio.to_thread(server.edition, edition, tuple(variant or ()))
    return Response(board_svg(ed, lang=check_lang(lang)), media_type="image/svg+xml")
