"""The window between other players' turns in the browser (seed 000: "You may buy
houses during your turn or in the interval between other players' turns"): a seat's switch,
off by default as the terminal's `i`, `POST /api/games/{game}/between-turns`.

Classic board: 1 Zhitnaya and 3 Nagatinskaya (brown, 60, houses 50; rent 2 and 4, doubled for
the whole group; one house on Nagatinskaya: 20); 10 jail, 20 free parking."""

from __future__ import annotations

import pytest

from magie.cli.web import rooms
from magie.engine.game.dice import ForcedDice
from magie.engine.game.game import Game

from .helpers import WAIT, answer, client, new_game, wait_decision

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "basic"},
         {"name": "Clara", "kind": "bot", "bot": "basic"}]
# Anna 4+6 from jail (visiting) to free parking; Boris 4+6 from GO to jail (visiting); Clara 1+2
# from GO onto Nagatinskaya, Anna's
DICE = [(4, 6), (4, 6), (1, 2)]


pytestmark = pytest.mark.pure     # the forced table subclasses Game, which the compiled build keeps closed


class _Table(Game):
    """The web room's game on a forced table: Anna owns the brown group whole, without houses."""

    def __init__(self, *args, **kw):
        super().__init__(*args, dice=ForcedDice(DICE), first=0, deal=False, **kw)

    def start(self) -> None:
        super().start()
        anna = self.players[0]
        anna.pos = self.ed.space_index["jail"]
        for sid in ("zhitnaya", "nagatinskaya"):
            self.set_owner(self.ed.space_index[sid], anna)


@pytest.fixture
def table(monkeypatch):
    monkeypatch.setattr(rooms, "Game", _Table)
    with client() as c:
        yield c


def _answer(c, game, tok, value, d):
    r = answer(c, game, tok, value, decision=d["id"])
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("on, lang, rent", [(True, "en", 20), (True, "ru", 20), (False, "en", 8)])
def test_a_house_built_between_turns_in_the_browser_raises_the_next_players_rent(table, on, lang, rent):
    c = table
    g = new_game(c, SEATS, seed=1, lang=lang)
    game, tok = g["game"], g["seats"][0]["token"]
    assert c.get(f"/api/games/{game}/info").json()["between_turns"] is True
    with c.websocket_connect(f"/ws/games/{game}?token={tok}") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["between_turns"] is False     # off by default
    d = wait_decision(c, game, tok)
    assert d["kind"] == "manage" and d["details"]["window"] == "before_roll"
    r = c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": on})
    assert r.status_code == 200 and r.json() == {"seat": 0, "between_turns": on}
    assert c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["between_turns"] is on
    with c.websocket_connect(f"/ws/games/{game}?token={tok}") as ws:
        assert ws.receive_json()["between_turns"] is on
    _answer(c, game, tok, ["done"], d)                      # Anna rolls 4+6: free parking
    d = wait_decision(c, game, tok)
    assert d["details"]["window"] == "after_landing"
    _answer(c, game, tok, ["done"], d)                      # Boris rolls 4+6, then the interval
    d = wait_decision(c, game, tok)
    if on:
        assert d["kind"] == "manage" and d["details"]["window"] == "between_turns"
        assert ["build", 3] in d["options"]
        done = d["labels"][d["options"].index(["done"])]
        if lang == "en":
            assert d["text"] == "Between turns (Clara plays next): build, sell, mortgage, or let the game go on"
            assert done == "Done: let the game go on"
        else:
            assert d["text"].startswith("Между ходами (следующий ход: Clara)")
            assert done == "Готово: игра идёт дальше"
        state = c.get(f"/api/games/{game}").json()
        assert [p["position"] for p in state["players"]] == ["free_parking", "jail", "go"]
        _answer(c, game, tok, ["build", 3], d)              # a house on Nagatinskaya: 50
        d = wait_decision(c, game, tok)
        assert d["details"]["window"] == "between_turns"
        _answer(c, game, tok, ["done"], d)                  # Clara rolls 1+2 onto Nagatinskaya
        d = wait_decision(c, game, tok)
        assert d["details"]["window"] == "between_turns"    # Anna is next: asked again before her turn
    else:
        assert d["details"]["window"] == "before_roll"      # never asked in the interval
    state = c.get(f"/api/games/{game}").json()
    anna, boris, clara = state["players"]
    assert clara["position"] == "nagatinskaya"
    assert state["levels"].get("nagatinskaya", 0) == (1 if on else 0)
    assert anna["cash"] == 1500 - (50 if on else 0) + rent
    assert clara["cash"] == 1500 - rent and boris["cash"] == 1500
    assert state["bank"]["houses"] == 32 - (1 if on else 0)


def test_the_switch_needs_the_seats_token_and_an_edition_with_the_window(table):
    c = table
    g = new_game(c, SEATS, seed=1)
    game, tok = g["game"], g["seats"][0]["token"]
    wait_decision(c, game, tok)
    r = c.post(f"/api/games/{game}/between-turns", json={"on": True})
    assert r.status_code == 403
    r = c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": "yes please"})
    assert r.status_code == 400 and r.json()["field"] == "on"


def test_an_edition_without_the_window_refuses_the_switch():
    with client() as c:
        g = new_game(c, SEATS, edition="biznespolia", seed=1)
        game, tok = g["game"], g["seats"][0]["token"]
        assert c.get(f"/api/games/{game}/info").json()["between_turns"] is False
        r = c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": True})
        assert r.status_code == 400
        assert r.json()["error"] == ("edition 'biznespolia' has no window between the other players' turns "
                                     "(rules.between_turns is false)")


def test_the_switch_is_kept_in_the_save_across_a_restart(tmp_path, monkeypatch):
    monkeypatch.setattr(rooms, "Game", _Table)
    with client(tmp_path) as c:
        g = new_game(c, SEATS, seed=1)
        game, tok = g["game"], g["seats"][0]["token"]
        d = wait_decision(c, game, tok)
        assert c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": True}).status_code == 200
        _answer(c, game, tok, ["done"], d)
        wait_decision(c, game, tok)                         # saved at this decision
    with client(tmp_path) as c:
        assert c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["between_turns"] is True


def test_switching_off_answers_the_waiting_question_between_turns_and_the_game_goes_on(table):
    c = table
    g = new_game(c, SEATS, seed=1)
    game, tok = g["game"], g["seats"][0]["token"]
    d = wait_decision(c, game, tok)
    assert c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": True}).status_code == 200
    _answer(c, game, tok, ["done"], d)                      # Anna rolls 4+6: free parking
    _answer(c, game, tok, ["done"], wait_decision(c, game, tok))   # after landing; Boris rolls 4+6
    waiting = wait_decision(c, game, tok)
    assert waiting["details"]["window"] == "between_turns"
    r = c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": False})
    assert r.status_code == 200 and r.json() == {"seat": 0, "between_turns": False}
    d = wait_decision(c, game, tok)                         # not the question of the interval any more
    assert d["id"] != waiting["id"] and d["details"]["window"] == "before_roll"
    state = c.get(f"/api/games/{game}").json()
    anna, boris, clara = state["players"]
    assert clara["position"] == "nagatinskaya" and state["levels"].get("nagatinskaya", 0) == 0
    assert anna["cash"] == 1508 and clara["cash"] == 1492   # the rent without a house: 4, doubled
    r = answer(c, game, tok, ["done"], decision=waiting["id"])       # the old question is gone
    assert r.status_code == 409


def test_the_switch_is_saved_at_once_while_a_question_waits(tmp_path, monkeypatch):
    monkeypatch.setattr(rooms, "Game", _Table)
    with client(tmp_path) as c:
        g = new_game(c, SEATS, seed=1)
        game, tok = g["game"], g["seats"][0]["token"]
        wait_decision(c, game, tok)
        assert c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": True}).status_code == 200
    with client(tmp_path) as c:                             # restarted before any other save
        assert c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["between_turns"] is True
        assert c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": False}).status_code == 200
    with client(tmp_path) as c:
        assert c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["between_turns"] is False


@pytest.mark.parametrize("value", ["yes", 1, "true", 0])
def test_the_switch_is_a_json_boolean(table, value):
    c = table
    g = new_game(c, SEATS, seed=1)
    game, tok = g["game"], g["seats"][0]["token"]
    r = c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": value})
    assert r.status_code == 400 and r.json()["field"] == "on"
    assert c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["between_turns"] is False


def test_a_finished_game_refuses_the_switch():
    import time

    with client() as c:
        g = new_game(c, SEATS[:2], seed=1, max_rounds=1)
        game, tok = g["game"], g["seats"][0]["token"]
        end = time.monotonic() + WAIT
        while not c.get(f"/api/games/{game}").json().get("over"):
            assert time.monotonic() < end, "the one-round game did not end"
            d = c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["decision"]
            if d is not None:
                value = {"manage": ["done"], "buy": "decline", "bid": None, "jail": "roll"}.get(d["kind"])
                assert d["kind"] in ("manage", "buy", "bid", "jail"), d
                answer(c, game, tok, value, decision=d["id"])
            time.sleep(0.02)
        r = c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": True})
        assert r.status_code == 409 and r.json()["error"] == "the game is over"
        assert c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["between_turns"] is False


def test_a_downloaded_save_keeps_the_switch_and_an_old_one_resumes_off(table):
    import json

    c = table
    g = new_game(c, SEATS, seed=1)
    game, tok = g["game"], g["seats"][0]["token"]
    wait_decision(c, game, tok)
    assert c.post(f"/api/games/{game}/between-turns", params={"token": tok}, json={"on": True}).status_code == 200
    text = c.get(f"/api/games/{game}/save", params={"token": tok}).text
    data = json.loads(text)
    assert data["options"]["web"]["between_turns"] == [0] and "tokens" not in text
    r = c.post("/api/games/resume", content=text.encode())
    assert r.status_code == 201, r.text
    new, tok2 = r.json()["game"], r.json()["seats"][0]["token"]
    assert c.get(f"/api/games/{new}/decision", params={"token": tok2}).json()["between_turns"] is True
    # a save downloaded before the switch was kept, or one naming seats that are not people's
    for web in ({"lang": "en"}, {"lang": "en", "between_turns": [1, False, "0", 99]}):
        r = c.post("/api/games/resume", content=json.dumps({**data, "options": {**data["options"], "web": web}}))
        assert r.status_code == 201, r.text
        old, tok3 = r.json()["game"], r.json()["seats"][0]["token"]
        assert c.get(f"/api/games/{old}/decision", params={"token": tok3}).json()["between_turns"] is False
