"""A game on `magie serve`: created (`POST /api/games`), its public state, board, info, a seat's
decision and answer, the window between turns, the event log and the save (docs/web.md). A seat
acts only with its token (403 otherwise); two answers racing for one decision get one 200 (or
400 with the engine's reason) and one 409."""

from __future__ import annotations

import asyncio
import random

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse, Response

from magie.engine import agents
from magie.engine.edition.model import Edition
from magie.engine.game.events import dumps
from magie.engine.saves import SaveGame, Seat

from ..board import board_svg
from ..bodies import AnswerIn, BetweenTurnsIn, NewGame, answer_problem
from ..errors import HTTPProblem, check_lang
from ..lobby import LOBBY_DECISION_TIME, Table
from ..rooms import Conflict, new_game_id, new_tokens
from ..server import RoomDep, ServerDep, token_seat
from ..settings import with_settings

BOT_TABLE_CAP = 1000
"""Rounds after which a table of bots only stops (the richest wins), as at the terminal."""
ANSWER_WAIT = 15.0
"""Seconds a request waits for the engine's verdict on an answer."""

router = APIRouter()


@router.post("/api/games", status_code=201)
async def new_game(body: NewGame, server: ServerDep) -> dict:
    lang = check_lang(body.lang)
    ed, content = await asyncio.to_thread(server.edition, body.edition, tuple(body.variants))
    changed: list[dict] = []
    if body.settings:
        ed, content, changed = await asyncio.to_thread(with_settings, ed, content, body.settings)
    seats = _seats(body, ed, (*agents.BOTS, *server.bots))
    if server.live() >= server.max_games:
        raise HTTPProblem(503, f"this server runs {server.max_games} games already; try later")
    humans = [k for k, s in enumerate(seats) if s.agent == "human"]
    max_rounds = body.max_rounds
    if not humans and max_rounds is None and ed.end.max_rounds is None:
        max_rounds = BOT_TABLE_CAP
    seed = body.seed if body.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    open_seats = [k for k, s in enumerate(body.seats) if s.kind == "open"]
    people = [k for k in humans if k not in open_seats]
    tokens, digests = new_tokens(len(seats), people)
    host, host_digest = new_tokens(1, [0])
    web: dict = {"host": host_digest[0]}
    if body.decision_time is not None or open_seats:    # strangers from the lobby: a default time
        web["decision_time"] = body.decision_time if body.decision_time is not None else LOBBY_DECISION_TIME
    save = SaveGame(edition_ref=body.edition, edition_id=ed.id, variants=tuple(body.variants),
                    content_hash=ed.content_hash, seed=seed, seats=tuple(seats),
                    options={"max_rounds": max_rounds, "elapsed": 0.0, "auto_claim": True, "web": web,
                             **({"settings": changed} if changed else {})},
                    edition_content=content)
    game_id = new_game_id()
    if open_seats:          # it waits in the lobby until a person has joined each open seat
        server.lobby.add(Table(game_id, ed, save, lang, digests, open_seats))
        names = [None if k in open_seats else s.name for k, s in enumerate(seats)]
    else:
        names = list(server.add(game_id, ed, save, lang, digests).names)
    return {"game": game_id, "seed": seed, "host": host[0], "lobby": bool(open_seats),
            "seats": [{"name": names[k], **({"token": tokens[k]} if k in tokens else {}),
                       **({"open": True} if k in open_seats else {})} for k in range(len(seats))]}


def _seats(body: NewGame, ed: Edition, seated: tuple[str, ...]) -> list[Seat]:
    """The seats of a new game: names told apart ignoring case, bots among `seated` (the
    registry's and those the server allows), as many as the edition takes; raises
    `HTTPProblem` 400 naming the field."""
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
        else:               # a person, or an open seat (a person who joins from the lobby)
            seats.append(Seat(s.name, "human"))
    if not ed.players_min <= len(seats) <= ed.players_max:
        raise HTTPProblem(400, f"seats: edition '{ed.id}' is for {ed.players_min} to {ed.players_max} "
                               f"players, not {len(seats)}", field="seats")
    return seats


@router.get("/api/games/{game}")
async def state(room: RoomDep) -> dict:
    if not room.ready.is_set():     # the game's thread is still setting the table or replaying its save
        await asyncio.to_thread(room.ready.wait, 10)
    return {"game": room.id, "edition": room.ed.id, "lang": room.lang, **room.state}


@router.get("/api/games/{game}/info")
async def info(room: RoomDep) -> dict:
    return room.info


@router.get("/api/games/{game}/board.svg")
async def game_board(room: RoomDep) -> Response:
    return Response(board_svg(room.ed, lang=room.lang, state=room.state or None), media_type="image/svg+xml")


@router.get("/api/games/{game}/decision")
async def decision(room: RoomDep, token: str | None = None) -> dict:
    seat = token_seat(room, token)
    return {"seat": seat, "decision": room.decision_for(seat), "between_turns": seat in room.between}


@router.post("/api/games/{game}/between-turns")
async def between_turns(room: RoomDep, body: BetweenTurnsIn, token: str | None = None) -> dict:
    """Switch the seat's window between the other players' turns on or off (off by default;
    rules.between_turns): when on, the seat is asked to manage after each other player's turn."""
    seat = token_seat(room, token)
    if not room.ed.rules.between_turns:
        raise HTTPProblem(400, f"edition '{room.ed.id}' has no window between the other players' turns "
                               f"(rules.between_turns is false)", field="on")
    if room.state.get("over"):
        raise HTTPProblem(409, "the game is over")
    await asyncio.to_thread(room.set_between_turns, seat, body.on)
    return {"seat": seat, "between_turns": body.on}


@router.post("/api/games/{game}/answer")
async def answer(room: RoomDep, body: AnswerIn, token: str | None = None) -> dict:
    seat = token_seat(room, token)
    problem = answer_problem(body.answer)
    if problem:
        raise HTTPProblem(400, f"answer: expected {problem}", field="answer")
    if seat in room.stand_ins.absent:         # the person acts: the seat is theirs again
        await asyncio.to_thread(room.back, seat)
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


@router.get("/api/games/{game}/log")
async def log(room: RoomDep) -> PlainTextResponse:
    await asyncio.to_thread(room.need_events)
    events = list(room.events)
    return PlainTextResponse("".join(dumps(e) + "\n" for e in events), media_type="application/x-ndjson")


@router.get("/api/games/{game}/save")
async def save(room: RoomDep, token: str | None = None) -> Response:
    """The save (it holds the seed, so only a seat may download it)."""
    token_seat(room, token)
    text = room.snapshot_save(with_tokens=False).to_text()
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="magie-{room.ed.id}-{room.id}.json"'})
