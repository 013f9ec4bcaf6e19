"""Decision timers, absent players, the host's hand-over, the lobby and spectators (timers.py,
lobby.py, routes/seats.py, routes/lobby.py, routes/sockets.py), through FastAPI's test client.

A decision time of 0.05 s makes a timer run out at once; every wait polls for its condition."""

from __future__ import annotations

import json

import pytest

from magie.cli.web.server import builtin_edition
from magie.engine.agents import make_bot
from magie.engine.game.decisions import DONE, FunctionAgent
from magie.engine.game.events import EventLog, dumps
from magie.engine.game.game import Game

from .helpers import answer, client, new_game, poll, wait_decision

ANNA_AND_BOT = [{"name": "Anna", "kind": "human"}, {"name": "Bot", "kind": "bot", "bot": "basic"}]


@pytest.fixture
def c():
    with client() as c:
        yield c


def state(c, game: str) -> dict:
    return c.get(f"/api/games/{game}").json()


def log_of(c, game: str) -> list[dict]:
    return [json.loads(line) for line in c.get(f"/api/games/{game}/log").text.splitlines()]


def stand_in_game(seed: int, max_rounds: int) -> tuple[list[dict], Game]:
    """The log of the same game played offline, Anna's answers coming from the basic bot the server
    stands in for her with (a rent claim answered yes and the window between the other players'
    turns passed, as for any person's seat that did not switch it on)."""
    bot = make_bot("basic", seed, 0)

    def anna(game, d):
        if d.kind == "claim":
            return True
        if d.kind == "manage" and d.ctx.get("window") == "between_turns":
            return DONE
        return bot.decide(game, d)

    log = EventLog(keep=None)
    g = Game(builtin_edition("classic", ())[0], [("Anna", FunctionAgent("Anna", anna, human=True)),
                                       ("Bot", make_bot("basic", seed, 1))],
             seed=seed, log=log, record=True, max_rounds=max_rounds)
    while not g.over:
        g.play_turn()
    return [json.loads(dumps(e)) for e in log.events], g


def test_a_timed_out_seat_is_answered_by_the_basic_bot_and_the_game_goes_on(c):
    g = new_game(c, ANNA_AND_BOT, seed=5, decision_time=0.05, max_rounds=4)
    game = g["game"]
    over = poll(lambda: state(c, game).get("over") and state(c, game), "the game to end with nobody answering")
    assert over["decision_time"] == 0.05
    assert over["absent"] == [{"seat": 0, "why": "time"}]
    played = log_of(c, game)
    reference, ref_game = stand_in_game(5, 4)
    assert played == reference
    # the stand-in bought like the basic bot: Anna holds the reference game's deeds and cash
    assert [e["space"] for e in played if e["e"] == "buy" and e["player"] == 0], "the basic bot buys"
    anna = over["players"][0]
    assert anna["cash"] == ref_game.players[0].cash
    assert anna["deeds"] == [ref_game.spaces[i].id for i in sorted(ref_game.players[0].deeds)]


def test_the_host_hands_a_seat_to_a_bot_and_back(c):
    # two people: with the first mover's seat handed to a bot the game goes on to the other's
    # first decision and waits there, so it cannot end before the seat is handed back (two bots
    # may play to the end within the poll's interval)
    g = new_game(c, [ANNA_AND_BOT[0], {"name": "Boris", "kind": "human"}], seed=3)
    game, host = g["game"], g["host"]
    tokens = [s["token"] for s in g["seats"]]

    def asked(k: int) -> dict | None:
        return c.get(f"/api/games/{game}/decision", params={"token": tokens[k]}).json()["decision"]
    seat = poll(lambda: next(([k] for k in (0, 1) if asked(k)), None), "the first mover's decision")[0]
    mine, other = tokens[seat], tokens[1 - seat]
    first = wait_decision(c, game, mine)
    assert first["kind"] == "manage"
    # neither a spectator (no token) nor another game's seat may hand it over
    assert c.post(f"/api/games/{game}/seats/{seat}", json={"bot": True}).status_code == 403
    assert c.post(f"/api/games/{game}/seats/2", params={"token": host}, json={"bot": True}).status_code == 400
    r = c.post(f"/api/games/{game}/seats/{seat}", params={"token": host}, json={"bot": True})
    assert r.status_code == 200 and r.json() == {"seat": seat, "bot": True}
    # the bot answered the waiting decision at once, and went on to the end of that turn
    wait_decision(c, game, other)
    assert state(c, game)["turns"] >= 1 and state(c, game)["absent"] == [{"seat": seat, "why": "host"}]
    # the host hands it back: its person is asked again once the other has played, and answers
    r = c.post(f"/api/games/{game}/seats/{seat}", params={"token": host}, json={"bot": False})
    assert r.status_code == 200
    assert state(c, game)["absent"] == []
    while asked(seat) is None:          # the other's turn, answered by the test
        b = wait_decision(c, game, other)
        assert answer(c, game, other, ["done"] if b["kind"] == "manage" else b["options"][0],
                      decision=b["id"]).status_code == 200
        poll(lambda taken=b["id"]: asked(seat) or (asked(1 - seat) or {}).get("id") != taken,
             "the answer to be taken")
    d = wait_decision(c, game, mine)
    assert answer(c, game, mine, ["done"] if d["kind"] == "manage" else d["options"][0],
                  decision=d["id"]).status_code == 200
    # the seat's own person may hand it over too, and any answer takes it back
    r = c.post(f"/api/games/{game}/seats/{seat}", params={"token": mine}, json={"bot": True})
    assert r.status_code == 200 and state(c, game)["absent"] == [{"seat": seat, "why": "self"}]
    assert c.post(f"/api/games/{game}/seats/{seat}", params={"token": mine}, json={"bot": "yes"}).status_code == 400


def test_a_reconnect_with_the_seat_token_takes_the_seat_back(c):
    g = new_game(c, ANNA_AND_BOT, seed=3, decision_time=0.05)
    game, anna = g["game"], g["seats"][0]["token"]
    poll(lambda: state(c, game)["absent"], "the timer to run out")
    with c.websocket_connect(f"/ws/games/{game}?token={anna}") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["seat"] == 0
        msg = ws.receive_json()
        while msg["type"] != "seat":
            msg = ws.receive_json()
        assert msg == {"type": "seat", "seat": 0, "bot": False, "why": None,
                       "text": "Anna is back and answers again"}
    assert state(c, game)["absent"] in ([], [{"seat": 0, "why": "time"}])   # (the timer may run out again)


def test_a_spectator_sees_the_game_but_cannot_act(c):
    g = new_game(c, ANNA_AND_BOT, seed=3)
    game, anna = g["game"], g["seats"][0]["token"]
    d = wait_decision(c, game, anna)
    with c.websocket_connect(f"/ws/games/{game}") as ws:
        hello = ws.receive_json()
        assert hello["seat"] is None and hello["decision"] is None
        assert hello["state"]["players"][0]["name"] == "Anna" and hello["state"]["waiting"] == [
            {"seat": 0, "kind": "manage"}]
        ws.send_text(json.dumps({"answer": ["done"], "decision": d["id"]}))
        assert ws.receive_json() == {"type": "refused", "status": 403,
                                     "error": "a spectator cannot act in this game: a seat's token is needed"}
        assert c.post(f"/api/games/{game}/answer", json={"answer": ["done"]}).status_code == 403
        # Anna's answer reaches the spectator as events and state, never as a decision
        assert answer(c, game, anna, ["done"], decision=d["id"]).status_code == 200
        kinds = set()
        while "state" not in kinds:
            kinds.add(ws.receive_json()["type"])
        assert "decision" not in kinds and "event" in kinds


def test_spectators_are_capped(c, monkeypatch):
    from magie.cli.web.routes import sockets
    monkeypatch.setattr(sockets, "MAX_SPECTATORS", 1)
    g = new_game(c, ANNA_AND_BOT, seed=3)
    game = g["game"]
    with c.websocket_connect(f"/ws/games/{game}") as first:
        assert first.receive_json()["type"] == "hello"
        with c.websocket_connect(f"/ws/games/{game}") as second:
            with pytest.raises(Exception) as e:
                second.receive_json()
            assert getattr(e.value, "code", None) == 4429
        # a seat still connects
        with c.websocket_connect(f"/ws/games/{game}?token={g['seats'][0]['token']}") as seat:
            assert seat.receive_json()["seat"] == 0


def test_a_game_with_open_seats_waits_in_the_lobby_until_they_are_joined(c):
    g = new_game(c, [{"name": "Anna", "kind": "human"}, {"name": "?", "kind": "open"},
                     {"name": "??", "kind": "open"}, {"name": "Bot", "kind": "bot"}], seed=9, decision_time=30)
    game = g["game"]
    assert g["lobby"] is True and g["seats"][1] == {"name": None, "open": True}
    assert c.get(f"/api/games/{game}").status_code == 404          # not started
    listed = c.get("/api/lobby").json()
    assert listed["cap"] == 50
    [t] = [t for t in listed["games"] if t["game"] == game]
    assert t["open"] == 2 and t["decision_time"] == 30 and t["edition"] == "classic"
    assert [s["kind"] for s in t["seats"]] == ["human", "open", "open", "bot"]
    assert c.post(f"/api/lobby/{game}/join", json={"name": "anna"}).status_code == 409   # taken, ignoring case
    assert c.post(f"/api/lobby/{game}/join", json={"name": "  "}).status_code == 400
    r = c.post(f"/api/lobby/{game}/join", json={"name": "Boris"})
    assert r.status_code == 201
    boris = r.json()
    assert boris["seat"] == 1 and boris["started"] is False and len(boris["token"]) == 43
    assert c.get(f"/api/lobby/{game}").json()["open"] == 1
    vera = c.post(f"/api/lobby/{game}/join", json={"name": "Vera"}).json()
    assert vera["seat"] == 2 and vera["started"] is True
    assert c.get(f"/api/lobby/{game}").json() == {"game": game, "started": True}
    assert game not in {t["game"] for t in c.get("/api/lobby").json()["games"]}
    s = poll(lambda: state(c, game).get("players") and state(c, game), "the game to start")
    assert [p["name"] for p in s["players"]] == ["Anna", "Boris", "Vera", "Bot"]
    assert s["decision_time"] == 30
    assert wait_decision(c, game, g["seats"][0]["token"])["kind"] == "manage"
    assert c.get(f"/api/games/{game}/decision", params={"token": boris["token"]}).json()["seat"] == 1
    assert c.post(f"/api/lobby/{game}/join", json={"name": "Late"}).status_code == 404


def test_the_host_starts_a_lobby_game_with_bots(c):
    g = new_game(c, [{"name": "Anna", "kind": "human"}, {"name": "x", "kind": "open"},
                     {"name": "y", "kind": "open"}], seed=9)
    game = g["game"]
    assert c.post(f"/api/lobby/{game}/start", params={"token": g["seats"][0]["token"]}).status_code == 403
    r = c.post(f"/api/lobby/{game}/start", params={"token": g["host"]})
    assert r.status_code == 200 and r.json() == {"game": game, "started": True}
    s = poll(lambda: state(c, game).get("players") and state(c, game), "the game to start")
    assert [(p["name"], p["kind"]) for p in s["players"]] == [("Anna", "human"), ("Bot 1", "bot"), ("Bot 2", "bot")]
    assert s["decision_time"] == 60          # a game of the lobby has a decision time unless one is given


def test_the_lobby_is_bounded(c):
    server = c.app.state.server
    server.lobby.max_tables = 2
    seats = [{"name": "Anna", "kind": "human"}, {"name": "x", "kind": "open"}]
    new_game(c, seats)
    new_game(c, seats)
    r = c.post("/api/games", json={"edition": "classic", "seats": seats})
    assert r.status_code == 503 and "2 games wait for players" in r.json()["error"]
    assert c.post("/api/games", json={"edition": "classic", "seats": seats, "decision_time": 0.01}).status_code == 400


@pytest.mark.parametrize("value, words", [
    ("30", "a valid number"), (True, "a valid number"), (float("nan"), "a finite number"),
    (float("inf"), "a finite number"), (0.01, "greater than or equal to 0.05"),
])
def test_a_decision_time_is_a_finite_number_of_seconds(c, value, words):
    body = json.dumps({"edition": "classic", "seats": ANNA_AND_BOT, "decision_time": value})   # NaN as JSON has it
    r = c.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["field"] == "decision_time" and words in r.json()["error"], r.json()


def test_timers_and_absent_seats_survive_a_restart(tmp_path):
    with client(tmp_path) as c:
        g = new_game(c, [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"}],
                     seed=4, decision_time=600)
        game, anna, boris, host = g["game"], g["seats"][0]["token"], g["seats"][1]["token"], g["host"]
        assert c.post(f"/api/games/{game}/seats/1", params={"token": host}, json={"bot": True}).status_code == 200
        first = wait_decision(c, game, anna)
    saved = json.loads((tmp_path / f"{game}.json").read_text())["options"]["web"]
    assert saved["decision_time"] == 600 and saved["absent"] == {"1": "host"} and len(saved["host"]) == 64
    with client(tmp_path) as c:
        s = poll(lambda: state(c, game).get("players") and state(c, game), "the game to come back")
        assert s["absent"] == [{"seat": 1, "why": "host"}] and s["decision_time"] == 600
        d = wait_decision(c, game, anna)            # the pending decision is asked again, with its timer
        assert (d["kind"], d["text"]) == (first["kind"], first["text"])
        assert poll(lambda: c.app.state.server.timers.running(game) == [0], "Anna's timer to run again")
        r = c.post(f"/api/games/{game}/seats/1", params={"token": host}, json={"bot": False})
        assert r.status_code == 200 and state(c, game)["absent"] == []
        assert c.get(f"/api/games/{game}/decision", params={"token": boris}).status_code == 200


def test_where_the_edition_bankrupts_a_timeout_the_timer_follows_the_rule(c):
    """The online rules ([001b] 20, rules.decision_timeout: bankrupt): a person whose decision
    time runs out goes bankrupt to the bank, as `magie play --decision-timeout` does."""
    g = new_game(c, [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"},
                     {"name": "Bot", "kind": "bot"}], seed=3, variants=["online"], decision_time=0.05)
    game = g["game"]
    s = poll(lambda: (st := state(c, game))["players"][0]["bankrupt"] and st, "Anna's timeout to bankrupt her")
    events = log_of(c, game)
    timeout = next(e for e in events if e["e"] == "timeout" and e["player"] == 0)
    assert timeout["decision"] == "manage"
    assert s["players"][0]["deeds"] == [] and s["players"][0]["cash"] == 0


def test_a_resumed_save_keeps_its_decision_time_and_gets_a_new_host(c):
    g = new_game(c, ANNA_AND_BOT, seed=3, decision_time=120)
    game, anna = g["game"], g["seats"][0]["token"]
    wait_decision(c, game, anna)
    text = c.get(f"/api/games/{game}/save", params={"token": anna}).text
    web = json.loads(text)["options"]["web"]
    assert web["decision_time"] == 120 and "host" not in web and "tokens" not in web   # no secret leaves
    r = c.post("/api/games/resume", content=text)
    assert r.status_code == 201, r.text
    again = r.json()
    assert again["host"] != g["host"] and len(again["host"]) == 43
    assert state(c, again["game"])["decision_time"] == 120
    r = c.post(f"/api/games/{again['game']}/seats/0", params={"token": again["host"]}, json={"bot": True})
    assert r.status_code == 200
    assert c.post(f"/api/games/{again['game']}/seats/0", params={"token": g["host"]},
                  json={"bot": False}).status_code == 403


def test_the_feed_says_who_answers_in_the_games_language():
    from magie.cli.web.timers import seat_note
    assert seat_note("ru", "Вера", "time") == "Вера: время вышло; пока Вера не вернётся, отвечает бот"
    assert seat_note("ru", "Вера", None) == "Вера: снова за столом"
    assert seat_note("en", "Anna", "host") == "Anna: the host handed the seat to a bot"
    assert seat_note("en", "Anna", "self") == "Anna: handed the seat to a bot"


@pytest.mark.parametrize("path, body, status, error", [
    ("seats/abc", {"bot": True}, 400, "path.seat: Input should be a valid integer"),
    ("seats/99", {"bot": True}, 400, "seat: seat 99 is not a person's seat of this game"),
    ("seats/-1", {"bot": True}, 400, "seat: seat -1 is not a person's seat of this game"),
    ("seats/0", {"bot": 1}, 400, "bot: Input should be a valid boolean"),
    ("seats/0", {}, 400, "bot: Field required"),
])
def test_bad_hand_overs_are_400_naming_the_field(c, path, body, status, error):
    g = new_game(c, ANNA_AND_BOT)
    r = c.post(f"/api/games/{g['game']}/{path}", params={"token": g["host"]}, json=body)
    assert r.status_code == status and r.json()["error"].startswith(error)


@pytest.mark.parametrize("path, body, status, error", [
    ("nosuch/join", {"name": "A"}, 404, "no game waiting for players under this id"),
    ("nosuch/join", {"name": "A", "x": 1}, 400, "x: Extra inputs are not permitted"),
    ("nosuch/join", {"name": "a\nb"}, 400, "name: a name is plain text"),
    ("nosuch/join", {"name": "  "}, 400, "name: a name may not be blank"),
    ("nosuch/start", None, 404, "no game waiting for players under this id"),
])
def test_bad_lobby_requests_are_refused_with_a_message(c, path, body, status, error):
    r = c.post(f"/api/lobby/{path}", json=body)
    assert r.status_code == status and r.json()["error"].startswith(error), r.text
    if status == 400:   # every problem carries the validator's own words, not pydantic's prefix
        assert all(not p["message"].startswith("Value error") for p in r.json()["problems"])


def test_the_stand_ins_answers_are_in_the_save_and_replay_to_the_same_log(tmp_path):
    with client(tmp_path) as c:
        g = new_game(c, ANNA_AND_BOT, seed=8, decision_time=0.05, max_rounds=3)
        game = g["game"]
        poll(lambda: state(c, game).get("over"), "the game to end with nobody answering")
        played = log_of(c, game)
    with client(tmp_path) as c:        # the finished game is replayed from its save for its log
        assert log_of(c, game) == played
        assert state(c, game)["absent"] == [{"seat": 0, "why": "time"}]


def test_a_game_waiting_in_the_lobby_is_back_after_a_restart(tmp_path):
    seats = [{"name": "Anna", "kind": "human"}, {"name": "x", "kind": "open"}, {"name": "y", "kind": "open"}]
    with client(tmp_path) as c:
        g = new_game(c, seats, seed=6, decision_time=45)
        game, anna = g["game"], g["seats"][0]["token"]
        assert c.post(f"/api/lobby/{game}/join", json={"name": "Boris"}).status_code == 201
    assert (tmp_path / "lobby" / f"{game}.json").is_file() and not (tmp_path / f"{game}.json").exists()
    with client(tmp_path) as c:
        t = poll(lambda: (r := c.get(f"/api/lobby/{game}")).status_code == 200 and r.json(), "the table to be back")
        assert t["open"] == 1 and [s["name"] for s in t["seats"]] == ["Anna", "Boris", None]
        assert t["decision_time"] == 45 and t["game"] in {x["game"] for x in c.get("/api/lobby").json()["games"]}
        assert c.post(f"/api/lobby/{game}/join", json={"name": "boris"}).status_code == 409
        vera = c.post(f"/api/lobby/{game}/join", json={"name": "Vera"}).json()
        assert vera["started"] is True and not (tmp_path / "lobby" / f"{game}.json").exists()
        s = poll(lambda: state(c, game).get("players") and state(c, game), "the game to start")
        assert [p["name"] for p in s["players"]] == ["Anna", "Boris", "Vera"] and s["decision_time"] == 45
        assert c.get(f"/api/games/{game}/decision", params={"token": anna}).json()["seat"] == 0
