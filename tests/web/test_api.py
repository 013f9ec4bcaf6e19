"""The HTTP contract of `magie serve` (docs/web.md), played through FastAPI's test client:
real games of classic and biznespolia, seat tokens, the engine's refusals, saves and resume."""

from __future__ import annotations

import json
import threading

import pytest

from .helpers import WAIT, answer, client, new_game, poll, until, wait_decision

ANNA_AND_BOT = [{"name": "Anna", "kind": "human"}, {"name": "Bot", "kind": "bot", "bot": "basic"}]


@pytest.fixture
def c():
    with client() as c:
        yield c


def test_health_and_editions(c):
    assert c.get("/api/health").json() == {"ok": True}
    data = c.get("/api/editions", params={"lang": "ru"}).json()
    eds = {e["id"]: e for e in data["editions"]}
    assert eds["classic"]["name"] == "Классическая игра"
    assert eds["biznespolia"]["players"] == {"min": 2, "max": 6}
    assert "all-deeds-dealt" in {o["id"] for o in data["overlays"]}
    from magie.engine.agents import BOTS
    assert data["bots"] == list(BOTS) and data["languages"] == ["en", "ru"]


def test_the_board_of_an_edition(c):
    r = c.get("/api/editions/biznespolia/board.svg", params={"lang": "ru"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.count('class="space ') == 44 and 'data-space="arrested"' in r.text and "Бизнесполия" in r.text
    r = c.get("/api/editions/classic/board.svg", params=[("variant", "online"), ("variant", "millionaire")])
    assert r.status_code == 200 and r.text.count("data-space=") == 40


@pytest.mark.parametrize("url, message", [
    ("/api/editions/nosuch/board.svg", "no edition 'nosuch' (built-in editions: biznespolia, biznespolia_short, "
                                       "classic"),
    ("/api/editions/classic/board.svg?variant=nosuch", "no overlay 'nosuch' (built-in overlays:"),
    ("/api/editions/..%2F..%2Fetc%2Fpasswd/board.svg", "no such address"),
    ("/api/editions/%2Fetc%2Fpasswd/board.svg", "no such address"),
    ("/api/editions/passwd.yaml/board.svg", "no edition 'passwd.yaml'"),
    ("/api/games/nosuch", "no game 'nosuch' on this server"),
    ("/api/games/nosuch/log", "no game 'nosuch' on this server"),
    ("/api/games/nosuch/decision?token=x", "no game 'nosuch' on this server"),
    ("/games/nosuch", "no game 'nosuch' on this server"),
])
def test_unknown_ids_are_404_with_a_message(c, url, message):
    r = c.get(url)
    assert r.status_code == 404
    assert message in r.json()["error"]


def test_a_new_game_gives_tokens_to_people_only(c):
    g = new_game(c, [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"},
                     {"name": "Bot", "kind": "bot", "bot": "random"}], seed=5)
    assert [s["name"] for s in g["seats"]] == ["Anna", "Boris", "Bot"]
    assert "token" not in g["seats"][2]
    a, b = g["seats"][0]["token"], g["seats"][1]["token"]
    assert len(a) >= 40 and a != b
    state = c.get(f"/api/games/{g['game']}").json()
    assert [p["cash"] for p in state["players"]] == [1500, 1500, 1500]
    assert [p["kind"] for p in state["players"]] == ["human", "human", "bot"]
    assert state["over"] is False and state["winners"] == []


def test_buy_pays_the_printed_price_and_takes_the_deed(c):
    g = new_game(c, ANNA_AND_BOT, seed=2)
    game, tok = g["game"], g["seats"][0]["token"]
    d = until(c, game, tok, "buy")
    info = c.get(f"/api/games/{game}/info").json()
    space = info["spaces"][d["details"]["space"]]
    assert d["details"]["price"] == space["price"] and d["options"] == ["buy", "decline"]
    before = c.get(f"/api/games/{game}").json()["players"][0]["cash"]
    assert answer(c, game, tok, "buy", decision=d["id"]).json() == {"accepted": True}
    wait_decision(c, game, tok)
    state = c.get(f"/api/games/{game}").json()
    assert state["owners"][space["id"]] == 0
    assert space["id"] in state["players"][0]["deeds"]
    lines = c.get(f"/api/games/{game}/log").text.splitlines()
    bought = [json.loads(x) for x in lines if '"e":"buy"' in x and '"player":0' in x]
    assert bought[-1]["space"] == space["id"] and bought[-1]["price"] == space["price"]
    paid = before - state["players"][0]["cash"]
    rent = sum(e["amount"] for e in map(json.loads, lines[-40:]) if e["e"] == "pay" and e.get("payer") == 0
               and e["reason"] != "purchase" and e["turn"] > bought[-1]["turn"])
    assert paid - rent == space["price"]


def test_decline_then_bid_in_the_auction(c):
    g = new_game(c, ANNA_AND_BOT, seed=2)
    game, tok = g["game"], g["seats"][0]["token"]
    d = until(c, game, tok, "buy")
    space = d["details"]["space"]
    assert answer(c, game, tok, "decline", decision=d["id"]).status_code == 200
    bid = wait_decision(c, game, tok)
    assert bid["kind"] == "bid" and bid["details"]["space"] == space
    low = bid["details"]["min"]
    r = answer(c, game, tok, low - 1, decision=bid["id"])
    assert r.status_code == 400 and r.json()["error"] == f"the bid must be at least {low}"
    again = wait_decision(c, game, tok)
    assert again["kind"] == "bid" and again["id"] != bid["id"]
    assert answer(c, game, tok, low, decision=again["id"]).status_code == 200

    def annas_bid() -> list[dict]:
        log = [json.loads(x) for x in c.get(f"/api/games/{game}/log").text.splitlines()]
        return [e for e in log if e["e"] == "bid" and e["player"] == 0 and e["amount"] == low]
    poll(annas_bid, f"Anna's bid of {low} in the log")


def test_an_illegal_answer_is_refused_with_the_engines_reason(c):
    g = new_game(c, ANNA_AND_BOT, seed=3)
    game, tok = g["game"], g["seats"][0]["token"]
    d = until(c, game, tok, "manage")
    r = answer(c, game, tok, ["build", 1], decision=d["id"])
    assert r.status_code == 400
    assert r.json()["error"] == "Anna does not own Zhitnaya Street"
    assert r.json()["field"] == "answer"
    d2 = wait_decision(c, game, tok)          # asked again
    assert d2["kind"] == "manage" and d2["id"] == d["id"] + 1


def test_tokens_act_only_for_their_own_seat(c):
    g = new_game(c, [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"}], seed=4)
    game, a, b = g["game"], g["seats"][0]["token"], g["seats"][1]["token"]
    r = c.get(f"/api/games/{game}/decision", params={"token": "not-a-token"})
    assert r.status_code == 403 and r.json()["error"] == "this token is not a seat of this game"
    r = c.get(f"/api/games/{game}/decision")
    assert r.status_code == 403 and "a seat's token is needed" in r.json()["error"]
    assert answer(c, game, a[:-1] + ("x" if a[-1] != "x" else "y"), ["done"]).status_code == 403
    assert c.get(f"/api/games/{game}/save").status_code == 403
    # whoever waits, the other seat's token neither sees nor answers that decision
    waiting = poll(lambda: c.get(f"/api/games/{game}").json()["waiting"], "a seat waiting")
    assert len(waiting) == 1
    mine, other = (a, b) if waiting[0]["seat"] == 0 else (b, a)
    assert c.get(f"/api/games/{game}/decision", params={"token": other}).json()["decision"] is None
    r = answer(c, game, other, ["done"])
    assert r.status_code == 409 and "no decision is waiting for this seat" in r.json()["error"]
    assert c.get(f"/api/games/{game}/decision", params={"token": mine}).json()["decision"]["kind"] == "manage"


def test_two_answers_racing_for_one_decision_one_wins_one_gets_409(c):
    g = new_game(c, ANNA_AND_BOT, seed=3)
    game, tok = g["game"], g["seats"][0]["token"]
    d = until(c, game, tok, "manage")
    barrier = threading.Barrier(2)
    codes: list[int] = []

    def post():
        barrier.wait()
        codes.append(answer(c, game, tok, ["done"], decision=d["id"]).status_code)

    threads = [threading.Thread(target=post) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409]
    # an answer to a decision that has passed is a conflict too
    d2 = wait_decision(c, game, tok)
    r = answer(c, game, tok, ["done"], decision=d["id"])
    assert r.status_code == 409 and f"the seat now waits on decision {d2['id']}" in r.json()["error"]


@pytest.mark.parametrize("body, field", [
    ({"edition": "classic", "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "robot"}]}, "seats.1.kind"),
    ({"edition": "classic"}, "seats"),
    ({"edition": "classic", "seats": [{"name": "A" * 65, "kind": "human"}, {"name": "B", "kind": "bot"}]},
     "seats.0.name"),
    ({"edition": "classic", "seats": [{"name": "A\nB", "kind": "human"}, {"name": "B", "kind": "bot"}]},
     "seats.0.name"),
    ({"edition": "classic", "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot", "bot": "x"}]},
     "seats.1.bot"),
    ({"edition": "classic", "seats": [{"name": "A", "kind": "human"}, {"name": "a", "kind": "bot"}]},
     "seats.1.name"),
    ({"edition": "classic", "lang": "fr", "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}]},
     "lang"),
    ({"edition": "classic", "seed": -1, "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}]},
     "seed"),
    ({"edition": "classic", "seed": True, "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}]},
     "seed"),
    ({"edition": "classic", "seed": "7", "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}]},
     "seed"),
    ({"edition": "classic", "max_rounds": "9", "seats": [{"name": "A", "kind": "human"},
                                                         {"name": "B", "kind": "bot"}]}, "max_rounds"),
    ({"edition": "classic", "seats": [{"name": "A", "kind": "human"}]}, "seats"),
    ({"edition": "classic", "seats": [], "extra": 1}, "seats"),
])
def test_bad_new_games_are_400_naming_the_field(c, body, field):
    r = c.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["field"] == field
    assert r.json()["error"].startswith(field)


def test_malformed_json_and_wrong_answer_shapes_are_400(c):
    r = c.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["field"] == "body"
    assert "not valid JSON" in r.json()["error"]
    g = new_game(c, ANNA_AND_BOT, seed=3)
    game, tok = g["game"], g["seats"][0]["token"]
    wait_decision(c, game, tok)
    for bad in ({"x": 1}, [[["deep"]]], ["trade", {"trade": {"proposer": "me", "partner": 1}}], "w" * 200, 1.5):
        r = c.post(f"/api/games/{game}/answer", params={"token": tok}, json={"answer": bad})
        assert r.status_code == 400, (bad, r.text)
        assert r.json()["field"] == "answer" and r.json()["error"].startswith("answer: expected")
    r = c.post(f"/api/games/{game}/answer", params={"token": tok}, json={"reply": "buy"})
    assert r.status_code == 400 and r.json()["field"] in ("answer", "reply")
    r = c.post(f"/api/games/{game}/answer", params={"token": tok}, content=b"x" * 70000,
               headers={"content-type": "application/json"})
    assert r.status_code == 400 and "larger than 65536 bytes" in r.json()["error"]
    assert wait_decision(c, game, tok)["kind"] == "manage"    # the game is untouched


def test_a_bot_game_of_biznespolia_plays_to_the_end(c):
    g = new_game(c, [{"name": f"Bot {k}", "kind": "bot", "bot": "basic"} for k in range(3)],
                 edition="biznespolia", seed=7, lang="ru")
    state = poll(lambda: (s := c.get(f"/api/games/{g['game']}").json()).get("over") and s,
                 "the end of the bot game", timeout=3 * WAIT, interval=0.2)
    assert len(state["winners"]) >= 1
    alive = [p for p in state["players"] if not p["bankrupt"]]
    assert {p["seat"] for p in alive} >= set(state["winners"])
    log = c.get(f"/api/games/{g['game']}/log").text.splitlines()
    assert json.loads(log[0])["e"] == "start" and json.loads(log[-1])["e"] == "end"


def test_a_deal_of_three_players_over_http_where_the_edition_allows_it():
    from .helpers import client, new_game, poll, until, wait_decision
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}]
    with client() as c:
        g = new_game(c, seats, edition="biznespolia", variants=["all-deeds-dealt"], seed=3)
        game, tok = g["game"], g["seats"][0]["token"]
        info = c.get(f"/api/games/{game}/info").json()
        assert info["trade"]["parties"] is None                       # Biznespolia: any number ([002] 9/1.3)
        d = until(c, game, tok, "manage")
        assert d["trade"] is True
        state = c.get(f"/api/games/{game}").json()
        index = {s["id"]: s for s in info["spaces"]}
        # Anna buys the cheapest deed of each bot for twice its price
        legs, wanted = [], {}
        for seat in (1, 2):
            built = {index[x]["group"] for x in state["levels"]}
            free = [x for x in state["players"][seat]["deeds"] if index[x]["group"] not in built]
            deed = min(free, key=lambda i: index[i]["price"])
            wanted[deed] = seat
            legs += [{"giver": 0, "taker": seat, "cash": 2 * index[deed]["price"]},
                     {"giver": seat, "taker": 0, "deeds": [index[deed]["index"]]}]
        cash = state["players"][0]["cash"]
        r = c.post(f"/api/games/{game}/answer", params={"token": tok},
                   json={"answer": ["trade", {"deal": {"proposer": 0, "legs": legs}}], "decision": d["id"]})
        assert r.status_code == 200, r.text

        def answered() -> list[str]:   # the bots answer in the game's thread: wait for the outcome
            events = [json.loads(x)["e"] for x in c.get(f"/api/games/{game}/log").text.splitlines()]
            return [e for e in events if e.startswith("deal_")][1:]
        poll(answered, "the bots' answer to the deal")
        after = c.get(f"/api/games/{game}").json()
        assert all(after["owners"][deed] == 0 for deed in wanted), (wanted, after["owners"])
        assert after["players"][0]["cash"] == cash - sum(2 * index[x]["price"] for x in wanted)
        log = [e for e in map(json.loads, c.get(f"/api/games/{game}/log").text.splitlines())]
        assert [e["e"] for e in log if e["e"].startswith("deal_")] == ["deal_offer", "deal_accepted"]
        # a bad deal shape is a 400 naming the field
        d = wait_decision(c, game, tok)
        r = c.post(f"/api/games/{game}/answer", params={"token": tok},
                   json={"answer": ["trade", {"deal": {"proposer": 0,
                                                       "legs": [{"giver": 0, "taker": 1, "cash": -5}]}}]})
        assert r.status_code == 400 and "deal.legs.0.cash" in r.json()["error"]


def test_a_deal_of_three_players_is_refused_where_the_edition_allows_two():
    from .helpers import client, new_game, until
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}]
    with client() as c:
        g = new_game(c, seats, edition="classic", variants=["all-deeds-dealt"], seed=3)
        game, tok = g["game"], g["seats"][0]["token"]
        assert c.get(f"/api/games/{game}/info").json()["trade"]["parties"] == 2
        d = until(c, game, tok, "manage")
        assert d["trade"] is True
        legs = [{"giver": 0, "taker": 1, "cash": 1}, {"giver": 0, "taker": 2, "cash": 1}]
        r = c.post(f"/api/games/{game}/answer", params={"token": tok},
                   json={"answer": ["trade", {"deal": {"proposer": 0, "legs": legs}}], "decision": d["id"]})
        assert r.status_code == 400 and r.json()["refused"] is True
        assert r.json()["error"] == "a deal involves at most 2 players in this edition"


@pytest.mark.parametrize("url", ["/api/games/{id}", "/api/games/{id}/log", "/games/{id}"])
def test_a_404_does_not_echo_an_id_of_any_length(c, url):
    long = "x" * 60_000
    r = c.get(url.format(id=long))
    assert r.status_code == 404
    assert r.json()["error"] == f"no game '{'x' * 57}...' on this server"
