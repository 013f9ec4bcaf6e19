"""A Russian game in the browser calls the bots magie named by the language's word ("Бот 1"), as
the terminal does (cli/render.py `seat_names`): a name a person gave stays, the save keeps "Bot 1"."""

from __future__ import annotations

import json

from .helpers import client, new_game, wait_decision

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bot 1", "kind": "bot", "bot": "basic"},
         {"name": "Robot", "kind": "bot", "bot": "basic"}]


def test_a_russian_game_names_magies_bots_in_russian_and_saves_them_as_bot_n():
    with client() as c:
        g = new_game(c, SEATS, lang="ru", seed=3)
        assert [s["name"] for s in g["seats"]] == ["Anna", "Бот 1", "Robot"]
        tok = g["seats"][0]["token"]
        wait_decision(c, g["game"], tok)
        state = c.get(f"/api/games/{g['game']}").json()
        assert [p["name"] for p in state["players"]] == ["Anna", "Бот 1", "Robot"]
        page = c.get(f"/games/{g['game']}").text
        assert "Bot 1" not in page
        log = c.get(f"/api/games/{g['game']}/log").text
        assert "Бот 1" in log and "Bot 1" not in log
        save = json.loads(c.get(f"/api/games/{g['game']}/save", params={"token": tok}).text)
        assert [s["name"] for s in save["seats"]] == ["Anna", "Bot 1", "Robot"]


def test_an_english_game_keeps_bot_n():
    with client() as c:
        g = new_game(c, SEATS, lang="en", seed=3)
        assert [s["name"] for s in g["seats"]] == ["Anna", "Bot 1", "Robot"]
        wait_decision(c, g["game"], g["seats"][0]["token"])
        state = c.get(f"/api/games/{g['game']}").json()
        assert [p["name"] for p in state["players"]] == ["Anna", "Bot 1", "Robot"]
