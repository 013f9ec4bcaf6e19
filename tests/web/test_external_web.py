"""`magie serve --bot cmd:...`: a game of the browser seats a program the server's owner allowed
(and only such a one); the programs are told the end and stopped when the game is over."""

from __future__ import annotations

import shlex
import sys

from tests.agents.test_external import KIND, children
from tests.web.helpers import client, new_game, poll


def test_a_server_seats_only_the_programs_it_allows_and_stops_them_after_the_game(capfd):
    before = children()                              # the browser tests' Chromium, if it runs
    c = client(bots=(KIND,))
    seats = [{"name": f"P{k}", "kind": "bot", "bot": KIND} for k in range(3)]
    g = new_game(c, seats, max_rounds=4)
    state = poll(lambda: (s := c.get(f"/api/games/{g['game']}").json()).get("over") and s, "the game's end")
    assert state["winners"]
    poll(lambda: children() == before, "the programs stopped")
    said = capfd.readouterr().err                    # the example says so on its stderr, the server's
    assert said.count("thrifty: the game ended (round_limit), winners") == 3
    other = f"cmd:{shlex.quote(sys.executable)} other.py"
    r = c.post("/api/games", json={"edition": "classic", "seed": 1,
                                   "seats": [{"name": "A", "kind": "bot", "bot": other},
                                             {"name": "B", "kind": "bot", "bot": "basic"}]})
    assert r.status_code == 400 and r.json()["field"] == "seats.0.bot"
    r = client().post("/api/games", json={"edition": "classic", "seed": 1, "seats": seats})
    assert r.status_code == 400 and "expected one of easy, basic" in r.text
