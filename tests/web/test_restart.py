"""A server that restarts on a folder of saved games answers at once and serves any of them within
2 s, whatever their number: the saves are only listed when it starts, a game is read and replayed
when it is first asked for, and the others are woken one at a time in the background."""

from __future__ import annotations

import time

from magie.cli.web import rooms

from .helpers import answer, client, new_game, poll, wait_decision

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}]
GAMES = 20
WITHIN = 2.0
"""Seconds after the start by which the server answers and serves a saved game."""


def _public(state: dict) -> tuple:
    return (state["round"], state["turns"], state["owners"], state["levels"],
            [(p["cash"], p["position"]) for p in state["players"]])


def _a_saved_game(folder) -> tuple[str, str, dict, dict]:
    """A game some rounds in, saved in `folder`: its id, Anna's token, its state, her decision."""
    with client(folder) as c:
        g = new_game(c, SEATS, seed=21)
        game, tok = g["game"], g["seats"][0]["token"]
        for _ in range(15):
            d = wait_decision(c, game, tok)
            value = {"buy": "buy", "manage": ["done"], "bid": None, "jail": "roll", "trade": "reject"}.get(
                d["kind"], d["options"][0] if d["options"] else None)
            assert answer(c, game, tok, value, decision=d["id"]).status_code == 200
        pending = wait_decision(c, game, tok)
        return game, tok, c.get(f"/api/games/{game}").json(), pending


def test_a_restart_answers_and_serves_a_game_within_2_s_with_20_saved_games(tmp_path):
    game, tok, before, pending = _a_saved_game(tmp_path / "one")
    assert before["round"] >= 3
    text = (tmp_path / "one" / f"{game}.json").read_text(encoding="utf-8")
    many = tmp_path / "many"
    many.mkdir()
    ids = [f"game-{k:02d}" for k in range(GAMES)]
    for game_id in ids:
        (many / f"{game_id}.json").write_text(text, encoding="utf-8")
    start = time.monotonic()
    with client(many) as c:
        poll(lambda: c.get("/api/health").json() == {"ok": True}, "the server's health", interval=0.01)
        healthy = time.monotonic() - start
        asked = ids[GAMES // 2]
        state = poll(lambda: (s := c.get(f"/api/games/{asked}").json()).get("players") and s,
                     "a saved game's state", interval=0.01)
        served = time.monotonic() - start
        assert healthy < WITHIN and served < WITHIN, (healthy, served)
        assert _public(state) == _public(before)
        # every saved game comes back where it stood, waiting on Anna's same decision
        for game_id in ids:
            d = wait_decision(c, game_id, tok)
            assert (d["kind"], d["options"]) == (pending["kind"], pending["options"])
        assert c.app.state.server.live() == GAMES


def test_a_game_woken_from_its_save_is_shown_where_it_stands_not_mid_replay(tmp_path, monkeypatch):
    game, tok, before, pending = _a_saved_game(tmp_path)
    play_turn = rooms.Game.play_turn

    def slow_replay(g):             # a replay long enough for a request to arrive in the middle
        if g.replaying:
            time.sleep(0.05)
        return play_turn(g)

    monkeypatch.setattr(rooms.Game, "play_turn", slow_replay)
    with client(tmp_path) as c:
        server = c.app.state.server           # woken by the background thread at the start
        poll(lambda: (r := server.rooms.get(game)) is not None and r.state and r.game is not None
             and r.game.replaying, "the game halfway through its replay")
        assert _public(c.get(f"/api/games/{game}").json()) == _public(before)
        with c.websocket_connect(f"/ws/games/{game}?token={tok}") as ws:
            hello = ws.receive_json()
            assert _public(hello["state"]) == _public(before) and hello["decision"]["kind"] == pending["kind"]
