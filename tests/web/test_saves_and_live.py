"""Games that outlive a connection: saves in the data folder, a server restart, downloading a save
and resuming it (on the server and with `magie play --resume`), the WebSocket, a flood of it."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from magie.cli.app import app as cli_app
from magie.cli.web.rooms import QUEUE_SIZE, Subscriber
from magie.engine.saves import read_save

from .helpers import answer, client, new_game, poll, until, wait_decision

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}]


def _play_some(c, game, tok, n=6):
    """Answer a few decisions: buy what can be bought, end turns."""
    for _ in range(n):
        d = wait_decision(c, game, tok)
        value = {"buy": "buy", "manage": ["done"], "bid": None, "jail": "roll", "trade": "reject"}.get(d["kind"])
        if value is None:
            value = d["options"][0]
        assert answer(c, game, tok, value, decision=d["id"]).status_code == 200
    return wait_decision(c, game, tok)


def _public(state):
    keep = ("round", "turns", "turn", "owners", "levels", "mortgaged", "over")
    return {k: state[k] for k in keep}, [(p["cash"], p["position"], p["deeds"]) for p in state["players"]]


def test_the_server_restarting_resumes_its_games(tmp_path):
    with client(tmp_path) as c:
        g = new_game(c, SEATS, seed=11)
        game, tok = g["game"], g["seats"][0]["token"]
        pending = _play_some(c, game, tok)
        before = c.get(f"/api/games/{game}").json()
    saved = read_save(tmp_path / f"{game}.json")
    assert saved.edition_content["id"] == "classic" and saved.seats[0].agent == "human"
    assert set(saved.options["web"]["tokens"]) == {"0"} and tok not in (tmp_path / f"{game}.json").read_text()
    with client(tmp_path) as c:             # a new server on the same folder
        again = wait_decision(c, game, tok)
        assert (again["kind"], again["options"]) == (pending["kind"], pending["options"])
        after = c.get(f"/api/games/{game}").json()
        assert _public(after) == _public(before)
        assert answer(c, game, tok, ["done"] if again["kind"] == "manage" else again["options"][0],
                      decision=again["id"]).status_code == 200


def test_a_downloaded_save_resumes_on_the_server_and_at_the_terminal(tmp_path):
    with client() as c:
        g = new_game(c, SEATS, seed=12, lang="ru")
        game, tok = g["game"], g["seats"][0]["token"]
        pending = _play_some(c, game, tok)
        r = c.get(f"/api/games/{game}/save", params={"token": tok})
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        text = r.text
        assert "tokens" not in text and json.loads(text)["edition"]["content"]["id"] == "classic"
        before = c.get(f"/api/games/{game}").json()
        r = c.post("/api/games/resume", content=text.encode())
        assert r.status_code == 201, r.text
        new = r.json()
        tok2 = new["seats"][0]["token"]
        assert new["game"] != game and tok2 != tok and "token" not in new["seats"][1]
        d = wait_decision(c, new["game"], tok2)
        assert d["kind"] == pending["kind"] and d["text"] == pending["text"]     # in Russian, as saved
        assert _public(c.get(f"/api/games/{new['game']}").json()) == _public(before)
        assert c.get(f"/api/games/{new['game']}/decision", params={"token": tok}).status_code == 403
    path = tmp_path / "web.json"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(cli_app, ["board", "classic", "--save", str(path), "-o", str(tmp_path / "b.svg")])
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "b.svg").read_text(encoding="utf-8")
    for sid, seat in before["owners"].items():
        assert f'data-space="{sid}"' in svg and f'data-owner="{seat}"' in svg
    r = CliRunner().invoke(cli_app, ["play", "--resume", str(path), "--quiet", "--save-to", str(tmp_path / "t.json")],
                           input="q\nn\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output


def test_uploaded_saves_that_are_broken_are_400_with_the_problems(tmp_path):
    with client() as c:
        r = c.post("/api/games/resume", content=b'{"format": "magie-save", "version": 1, "seed": "x"}')
        assert r.status_code == 400
        assert any("the uploaded save:1:" in p for p in r.json()["problems"])
        g = new_game(c, SEATS, seed=13)
        game, tok = g["game"], g["seats"][0]["token"]
        _play_some(c, game, tok, 2)
        data = json.loads(c.get(f"/api/games/{game}/save", params={"token": tok}).text)
        # a save naming a file on another machine may only be played with the edition it carries
        data["edition"]["ref"] = "/etc/passwd"
        data["edition"]["content"]["board"][1]["kind"] = "castle"
        r = c.post("/api/games/resume", content=json.dumps(data, indent=1).encode())
        assert r.status_code == 400, r.text
        assert r.json()["error"] == "the save's edition is not valid"
        assert any(p.startswith("the edition in the save:") and "castle" in p for p in r.json()["problems"])
        del data["edition"]["content"]
        r = c.post("/api/games/resume", content=json.dumps(data).encode())
        assert r.status_code == 400 and "carries no copy of it" in r.json()["error"]
        data["edition"]["content"] = {"extends": "/etc/passwd", "id": "x"}
        r = c.post("/api/games/resume", content=json.dumps(data).encode())
        assert r.status_code == 400 and any("may not extend another edition" in p for p in r.json()["problems"])


def test_the_websocket_sends_the_view_then_events_and_the_seats_own_decisions():
    with client() as c:
        g = new_game(c, [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"}], seed=14)
        game, a, b = g["game"], g["seats"][0]["token"], g["seats"][1]["token"]
        poll(lambda: c.get(f"/api/games/{game}").json()["waiting"], "a seat waiting")
        with c.websocket_connect(f"/ws/games/{game}") as spectator:
            hello = spectator.receive_json()
            assert hello["type"] == "hello" and hello["seat"] is None and hello["decision"] is None
            assert hello["info"]["spaces"][0]["id"] == "go" and hello["events"][0]["event"]["e"] == "start"
        waiting = c.get(f"/api/games/{game}").json()["waiting"][0]["seat"]
        tok, other = (a, b) if waiting == 0 else (b, a)
        with c.websocket_connect(f"/ws/games/{game}?token={tok}") as ws, \
                c.websocket_connect(f"/ws/games/{game}?token={other}") as ws2:
            hello = ws.receive_json()
            assert hello["seat"] == waiting and hello["decision"]["kind"] == "manage"
            assert ws2.receive_json()["decision"] is None
            d = hello["decision"]
            assert answer(c, game, tok, ["done"], decision=d["id"]).status_code == 200
            kinds = []
            while True:
                m = ws.receive_json()
                kinds.append(m["type"])
                if m["type"] == "event" and m["event"]["e"] == "roll":
                    assert m["text"] is None        # told with the move that follows, as at the terminal
                if m["type"] == "event" and m["event"]["e"] == "move":
                    who = "Anna" if waiting == 0 else "Boris"
                    dice = m["event"]["steps"]
                    assert re.fullmatch(rf"{who}: rolls \d \+ \d = {dice}( \(doubles\))? → .+", m["text"]), m["text"]
                    break
            assert "event" in kinds


def test_websocket_bad_tokens_and_floods_are_closed():
    with client() as c:
        g = new_game(c, SEATS, seed=15)
        game, tok = g["game"], g["seats"][0]["token"]
        # the handshake is accepted (entering the block raises otherwise), then the server closes
        # with the documented code: what a browser's close event carries
        for url, code, reason in [(f"/ws/games/{game}?token=wrong", 4403, "this token is not a seat of this game"),
                                  ("/ws/games/nosuch", 4404, "no such game"),
                                  ("/ws/games/nosuch?token=wrong", 4404, "no such game")]:
            with c.websocket_connect(url) as ws:
                assert ws.receive() == {"type": "websocket.close", "code": code, "reason": reason}
        with pytest.raises(WebSocketDisconnect) as e:
            with c.websocket_connect(f"/ws/games/{game}?token={tok}") as ws:
                ws.receive_json()
                for _ in range(200):
                    ws.send_text("ping")
                while True:
                    ws.receive_json()
        assert e.value.code == 1008
        # the game goes on for everybody else
        assert until(c, game, tok, "manage")["kind"] == "manage"


def test_a_slow_client_is_dropped_and_the_game_goes_on():
    with client() as c:
        g = new_game(c, SEATS, seed=16)
        game, tok = g["game"], g["seats"][0]["token"]
        server = c.app.state.server
        room = server.rooms[game]
        slow = Subscriber(None)
        fast = Subscriber(None)

        async def subscribe():
            server.subscribers.setdefault(game, set()).update({slow, fast})
        c.portal.call(subscribe)
        for k in range(QUEUE_SIZE + 5):           # a client that never reads
            server.publish(room, {"type": "event", "n": k}, None)
            if k % 100 == 0:
                c.portal.call(asyncio.sleep, 0)
                while not fast.queue.empty():
                    fast.queue.get_nowait()

        poll(lambda: slow.dropped and slow not in server.subscribers[game], "the slow subscriber dropped")
        assert not fast.dropped and fast in server.subscribers[game]
        assert slow.queue.qsize() == QUEUE_SIZE
        d = until(c, game, tok, "manage")
        assert answer(c, game, tok, ["done"], decision=d["id"]).status_code == 200


def test_saves_take_every_bot_of_the_registry(tmp_path, monkeypatch):
    from magie.cli.saved_edition import read_game_save
    from magie.engine import agents
    from magie.engine.problems import ProblemsError

    with client() as c:
        g = new_game(c, SEATS, seed=17)
        text = c.get(f"/api/games/{g['game']}/save", params={"token": g["seats"][0]["token"]}).text
    data = json.loads(text)
    data["seats"][2]["agent"] = "newbot"
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProblemsError, match="expected one of human, " + ", ".join(agents.BOTS)):
        read_game_save(path)
    monkeypatch.setitem(agents.BOTS, "newbot", agents.BOTS["random"])
    assert read_game_save(path).seats[2].agent == "newbot"
    with pytest.raises(ProblemsError):
        read_save(path)          # the game layer's default knows only the first bots


def test_a_finished_game_is_shown_after_a_restart_without_replaying_it(tmp_path):
    bots = [{"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot", "bot": "random"}]
    with client(tmp_path) as c:
        game = new_game(c, bots, seed=5, max_rounds=6)["game"]
        before = poll(lambda: (s := c.get(f"/api/games/{game}").json())["over"] and s, "the end of the game")
        assert before["round"] == 7     # the round limit reached after round 6
        log_before = c.get(f"/api/games/{game}/log").text
    saved = read_save(tmp_path / f"{game}.json")
    assert saved.options["web"]["final"]["over"] is True
    assert saved.options["web"]["final"]["winners"] == before["winners"] != []
    with client(tmp_path) as c:
        after = c.get(f"/api/games/{game}").json()         # woken from its save by the request
        room = c.app.state.server.rooms[game]
        assert room.game is None and not room.thread.is_alive()      # shown from the save, not replayed
        assert _public(after) == _public(before) and after["winners"] == before["winners"]
        assert c.app.state.server.live() == 0
        # the log needs the events: the game is replayed once, then, and gives the same lines
        assert c.get(f"/api/games/{game}/log").text == log_before
        assert room.game is not None and room.game.over
        assert _public(c.get(f"/api/games/{game}").json()) == _public(before)
