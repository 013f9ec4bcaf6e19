"""Room settings on `magie serve`: the rule parameters the new-game form offers for an edition
with its overlays (`GET /api/editions/{edition}/settings`) and the rules of a game's table, what
its settings and overlays change from the edition (`GET /api/games/{game}/rules`). Creating a
game with settings is `POST /api/games` (its `settings` field; cli/web/settings.py)."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Query

from magie.engine.edition.listing import list_builtin
from magie.engine.edition.text import text_in

from ..errors import check_lang
from ..server import RoomDep, ServerDep
from ..settings import parameters, rules_of_table

router = APIRouter()


@router.get("/api/editions/{edition}/settings")
async def edition_settings(edition: str, server: ServerDep, variant: Annotated[list[str] | None, Query()] = None,
                           lang: str = "en") -> dict:
    """The parameters of `edition` with the overlays `variant` that a new game may set, grouped,
    in `lang` (cli/web/settings.py `parameters`); 404 for an unknown edition or overlay, 400 for
    overlays that do not fit together."""
    check_lang(lang)
    variants = tuple(variant or ())
    _, content = await asyncio.to_thread(server.edition, edition, variants)
    groups = await asyncio.to_thread(parameters, content, lang)
    return {"edition": edition, "variants": list(variants), "groups": groups}


@router.get("/api/games/{game}/rules")
async def table_rules(room: RoomDep) -> dict:
    """The rules of this table, for every seat and spectator, in the game's language: the
    overlays played (`overlays`: [{id, name}]) and the settings that differ from the edition's
    defaults (`settings`: [{path, value, default, description}])."""
    names = {info.id: info.name for info in list_builtin() if info.kind != "edition"}
    overlays = [{"id": v, "name": names.get(v, v)} for v in room.base.variants]
    content = room.base.edition_content or {}
    return {"edition": room.ed.id, "name": text_in(room.ed.name, room.lang) or room.ed.id, "overlays": overlays,
            "settings": rules_of_table(room.base.options.get("settings"), content, room.lang)}
