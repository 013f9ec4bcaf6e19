"""A stopping server (SIGTERM: uvicorn runs the app's lifespan shutdown, `Server.stop`) waits for
its game threads `rooms.STOP_WAIT` seconds in all, not that long per game: a thread busy in a long
computation (a formula that checks no stop) never hears the stop until it returns, and the wait of
one room after another made a server with many such games take minutes to stop."""

from __future__ import annotations

import threading
import time

from magie.cli.web import rooms
from magie.cli.web import server as web_server

from .helpers import client, new_game, poll

BOTS = [{"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}]


def test_the_server_stops_in_one_wait_whatever_its_busy_games(monkeypatch):
    monkeypatch.setattr(web_server, "STOP_WAIT", 1.5)
    release = threading.Event()
    busy: list[str] = []

    def a_long_turn(game):       # busy without a decision or a wait: the stop is not seen
        busy.append(threading.current_thread().name)
        release.wait(60)
        raise rooms.Stopped()

    monkeypatch.setattr(rooms.Game, "play_turn", a_long_turn)
    try:
        with client() as c:
            games = [new_game(c, BOTS, seed=s)["game"] for s in range(4)]
            poll(lambda: len(busy) == 4, "four games busy", interval=0.01)
            assert sorted(busy) == sorted(f"magie-game-{g}" for g in games)
            start = time.monotonic()
        stopped_in = time.monotonic() - start      # the lifespan's shutdown: Server.stop
        # one wait of 1.5 s for all four (one after another: 4 x 1.5 = 6 s at least); the bound
        # between them leaves a loaded machine room
        assert 1.4 <= stopped_in < 5.5, stopped_in
    finally:
        release.set()
