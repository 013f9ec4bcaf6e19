"""The studio of `magie serve` (/studio) through its HTTP contract: an edition's text checked with
its problems at their lines, the board of a text that checks, a seeded bot game step by step (the
game `magie serve` plays with that seed), a bounded balance report; and every bad request a 4xx
with a message, never a traceback or a path of the server."""

from __future__ import annotations

import re

import pytest

from magie.cli.web import studio as studio_work
from magie.cli.web.limits import MAX_STUDIO_BODY
from magie.cli.web.uploads import MAX_FILE_BYTES
from magie.engine.paths import EDITIONS_DIR
from tests.game.helpers import playable

from .helpers import client, new_game, poll

CLASSIC = (EDITIONS_DIR / "classic.yaml").read_text(encoding="utf-8")
CARD = "rent = 10 * roll(2).total"
"""A card's DSL in classic's text, where a test types an error."""


def _line_of(text: str, part: str) -> int:
    return next(k + 1 for k, line in enumerate(text.split("\n")) if part in line)


def check(c, text: str, name: str = "classic.yaml", **kw):
    return c.post("/api/studio/check", json={"name": name, "text": text}, **kw)


def draft_of(c, text: str = CLASSIC) -> str:
    r = check(c, text)
    assert r.status_code == 200 and r.json()["ok"], r.text
    return r.json()["draft"]


def no_server_paths(text: str) -> None:
    assert "/tmp" not in text and "magie-upload-" not in text and str(EDITIONS_DIR) not in text, text
    assert "Traceback" not in text


def test_the_page_and_what_its_forms_may_ask():
    with client() as c:
        r = c.get("/studio")
        assert r.status_code == 200 and "/static/studio.js" in r.text and 'id="source"' in r.text
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert c.get("/static/studio.css").status_code == 200
        limits = c.get("/api/studio").json()
        assert limits == {"bots": list(studio_work.STUDIO_BOTS), "max_report_games": studio_work.MAX_REPORT_GAMES}


def test_a_built_in_or_uploaded_edition_opens_as_its_file():
    with client() as c:
        r = c.get("/api/studio/source/classic")
        assert r.status_code == 200 and r.json() == {"name": "classic.yaml", "text": CLASSIC}
        mine = "id: mine\nextends: classic\nname: {en: Mine}\n"
        up = c.post("/api/editions", json={"edition": {"name": "mine.yaml", "text": mine}}).json()["edition"]
        assert c.get(f"/api/studio/source/{up}").json() == {"name": "mine.yaml", "text": mine}
        for bad in ("nope", "classic.yaml", "%2Fetc%2Fpasswd", "..%2F..%2Fpyproject"):
            r = c.get(f"/api/studio/source/{bad}")
            assert r.status_code == 404 and "error" in r.json(), (bad, r.text)
            no_server_paths(r.text)


def test_a_text_that_checks_is_a_draft_with_its_board():
    with client() as c:
        r = check(c, CLASSIC, params={"lang": "ru"})
        body = r.json()
        assert r.status_code == 200 and body["ok"] and body["problems"] == []
        assert body["edition"] == {"id": "classic", "name": "Классическая игра", "players": {"min": 2, "max": 8}}
        assert check(c, CLASSIC).json()["draft"] == body["draft"]        # the same text: the same draft
        svg = c.get(f"/api/studio/drafts/{body['draft']}/board.svg")
        ed = playable("classic")
        assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
        assert re.findall(r'data-space="([a-z0-9_]+)"', svg.text) == [s.id for s in ed.spaces]
        # an edited price is on the redrawn board
        cheaper = CLASSIC.replace("price: 400", "price: 390", 1)
        assert cheaper != CLASSIC
        d2 = draft_of(c, cheaper)
        assert d2 != body["draft"] and ">390k ₽<" in c.get(f"/api/studio/drafts/{d2}/board.svg").text


def test_a_dsl_error_is_marked_at_its_line_and_column():
    broken = CLASSIC.replace(CARD, CARD.replace("roll(", "rol("), 1)
    line = _line_of(broken, "rol(2)")
    with client() as c:
        body = check(c, broken).json()
        assert body["ok"] is False and body["draft"] is None
        assert [(p["line"], p["severity"], p["code"]) for p in body["problems"]] == [(line, "error", "unknown-name")]
        p = body["problems"][0]
        assert broken.split("\n")[line - 1][p["col"] - 1:].startswith("rol(") and "'roll'" in p["message"]
        assert check(c, CLASSIC).json()["ok"]                 # fixed: no problem left


def test_every_problem_of_a_text_at_its_line_and_a_base_problem_at_extends():
    text = "id: mine\nextends: classic\nsetup:\n  start_cash: lots\nboard:\n  - {id: nowhere, price: 10}\n"
    with client() as c:
        r = check(c, text, name="mine.yaml")
        body = r.json()
        assert body["ok"] is False
        lines = {(p["line"], p["severity"]) for p in body["problems"]}
        assert (4, "error") in lines and (6, "error") in lines, body
        no_server_paths(r.text)
        # a file the text may not name: at the `extends:` line, no server file read
        r = check(c, "id: x\nextends: /etc/passwd\n", name="x.yaml")
        assert [(p["line"], p["code"]) for p in r.json()["problems"]] == [(2, "upload-extends")]
        r = check(c, "id: x\nextends: ../editions/classic.yaml\n", name="x.yaml")
        assert [(p["line"], p["code"]) for p in r.json()["problems"]] == [(2, "upload-extends")]
        # YAML that does not parse: its line
        r = check(c, "id: x\nextends: classic\nname: {en: [\n", name="x.yaml")
        assert r.json()["ok"] is False and all(p["line"] >= 3 for p in r.json()["problems"]), r.text
        assert check(c, "", name="x.yaml").json()["ok"] is False


@pytest.mark.parametrize("body, field", [
    ({"name": "../classic.yaml", "text": "id: x\n"}, "name"),
    ({"name": "a b.yaml", "text": "id: x\n"}, "name"),
    ({"name": "x.txt", "text": "id: x\n"}, "name"),
    ({"name": "", "text": "id: x\n"}, "name"),
    ({"name": "x.yaml"}, "text"),
    ({"name": "x.yaml", "text": "id: x\n", "path": "/etc/passwd"}, "path"),
    ({"name": "x.yaml", "text": "é" * (MAX_FILE_BYTES // 2 + 1)}, "text"),
])
def test_a_bad_check_is_a_400_naming_the_field(body, field):
    with client() as c:
        r = c.post("/api/studio/check", json=body)
        assert r.status_code == 400 and r.json()["field"] == field and r.json()["error"].startswith(field), r.text
        no_server_paths(r.text)


def test_a_bad_body_or_language_is_a_400():
    with client() as c:
        json_type = {"content-type": "application/json"}
        r = c.post("/api/studio/check", content=b"{not json", headers=json_type)
        assert r.status_code == 400 and "JSON" in r.json()["error"]
        r = c.post("/api/studio/check", content=b"x" * (MAX_STUDIO_BODY + 1), headers=json_type)
        assert r.status_code == 400 and "larger than" in r.json()["error"]
        r = check(c, CLASSIC, params={"lang": "xx"})
        assert r.status_code == 400 and r.json()["field"] == "lang"


def test_a_seeded_game_step_by_step_is_the_game_serve_plays_with_that_seed():
    ed = playable("classic")
    start = 1500
    assert f"start_cash: {start}" in CLASSIC
    with client() as c:
        d = draft_of(c)
        r = c.get(f"/api/studio/drafts/{d}/game", params={"seed": 1, "players": 4})
        assert r.status_code == 200, r.text
        game = r.json()
        steps, end = game["steps"], game["end"]
        assert [p["name"] for p in steps[0]["players"]] == ["Bot 1", "Bot 2", "Bot 3", "Bot 4"]
        assert [p["cash"] for p in steps[0]["players"]] == [start] * 4 and steps[0]["turn"] is None
        # the first turn: the first player rolls, lands and buys at the printed price
        first = steps[1]
        mover = next(p for p in first["players"] if p["position"] != "go")
        space = ed.spaces[ed.space_index[mover["position"]]]
        assert any("rolls" in line for line in first["lines"])
        assert any(f"buys {mover['where']}" in line for line in first["lines"]), first["lines"]
        assert mover["cash"] == start - space.price and mover["deeds"] == 1
        assert len(steps) == end["turns"] + 1 and end["over"] and end["reason"] == "last_standing"
        assert c.get(f"/api/studio/drafts/{d}/game", params={"seed": 1, "players": 4}).json() == game
        # the same game as `magie serve` plays with seed 1 and four basic bots
        g = new_game(c, [{"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3, 4)], seed=1)
        state = poll(lambda: (s := c.get(f"/api/games/{g['game']}").json())["over"] and s, "the served game's end")
        assert state["winners"] == end["winners"] and state["turns"] == end["turns"]
        assert [p["cash"] for p in state["players"]] == [p["cash"] for p in steps[-1]["players"]]
        # the board at a step: each token on its space
        k = 5
        svg = c.get(f"/api/studio/drafts/{d}/board.svg", params={"seed": 1, "players": 4, "turn": k}).text
        for p in steps[k]["players"]:
            cell = re.search(rf'<g [^>]*data-space="{p["position"]}".*?</g>\s*(?=<g [^>]*data-space|$)', svg, re.S)
            assert cell and f'data-seat="{p["seat"]}"' in cell.group(0), p


def test_a_game_in_russian_names_its_bots_in_russian():
    with client() as c:
        d = draft_of(c)
        steps = c.get(f"/api/studio/drafts/{d}/game", params={"seed": 2, "players": 3, "lang": "ru"}).json()["steps"]
        assert [p["name"] for p in steps[0]["players"]] == ["Бот 1", "Бот 2", "Бот 3"]
        assert any("бросает" in line for line in steps[1]["lines"]), steps[1]["lines"]


@pytest.mark.parametrize("query, status, field", [
    ({"seed": -1}, 400, "seed"), ({"seed": "x"}, 400, "seed"), ({"players": 1}, 400, "players"),
    ({"players": 9}, 400, "players"), ({"bot": "cmd:rm"}, 400, "bot"), ({"bot": "search"}, 400, "bot"),
    ({"lang": "xx"}, 400, "lang"),
])
def test_a_bad_game_request_is_a_400(query, status, field):
    with client() as c:
        d = draft_of(c)
        r = c.get(f"/api/studio/drafts/{d}/game", params=query)
        assert r.status_code == status and r.json()["field"] == field, r.text


def test_an_unknown_draft_or_step_is_refused():
    with client() as c:
        for path in ("game", "board.svg"):
            r = c.get(f"/api/studio/drafts/draft-nope/{path}")
            assert r.status_code == 404 and "check the text again" in r.json()["error"]
        assert c.post("/api/studio/drafts/draft-nope/report", json={}).status_code == 404
        d = draft_of(c)
        r = c.get(f"/api/studio/drafts/{d}/board.svg", params={"seed": 1, "turn": 100000})
        assert r.status_code == 400 and r.json()["field"] == "turn"


def test_the_balance_report_of_a_draft():
    ed = playable("classic")
    with client() as c:
        d = draft_of(c)
        r = c.post(f"/api/studio/drafts/{d}/report", json={"games": 12, "seed": 3, "players": 4, "lang": "ru"})
        assert r.status_code == 200, r.text
        rep = r.json()
        assert rep["games"] == rep["asked"] == 12 and rep["players"] == 4
        wins = rep["win_by_seat"]
        assert [w["name"] for w in wins] == ["Бот 1", "Бот 2", "Бот 3", "Бот 4"]
        assert sum(w["rate"] for w in wins) == pytest.approx(1.0, abs=0.01)
        assert all(w["low"] <= w["rate"] <= w["high"] for w in wins)
        assert rep["rounds"]["low"] <= rep["rounds"]["mean"] <= rep["rounds"]["high"]
        assert rep["rounds"]["min"] <= rep["rounds"]["p50"] <= rep["rounds"]["max"]
        assert sum(r["games"] for r in rep["end_reasons"]) == 12
        russian = {"last_standing": "остался последний игрок", "round_limit": "достигнут предел кругов"}
        assert [r["words"] for r in rep["end_reasons"]] == [russian[r["reason"]] for r in rep["end_reasons"]]
        fills = re.findall(r'<rect class="cell" [^>]*fill="(#[0-9a-f]+)"', rep["heat"])
        assert len(fills) == len(ed.spaces) and len(set(fills)) > 5          # a fill by landings
        groups = [g.id for g in ed.groups]
        assert [p["group"] for p in rep["payback"]] == groups
        brown = rep["payback"][0]
        assert brown["name"] == "Коричневые" and brown["best_level"] == "hotel"
        # classic's brown group with hotels costs both deeds (60 each) and ten buildings (50 each)
        assert brown["best_cost"] == 60 + 60 + 10 * 50
        assert brown["best_rounds"] < brown["deeds_rounds"]
        again = c.post(f"/api/studio/drafts/{d}/report", json={"games": 12, "seed": 3, "players": 4, "lang": "ru"})
        assert again.json() == rep                                          # seeded: the same report


def test_the_balance_report_stays_within_its_bounds(monkeypatch):
    with client() as c:
        d = draft_of(c)
        for body, field in (({"games": studio_work.MAX_REPORT_GAMES + 1}, "games"), ({"games": 0}, "games"),
                            ({"players": 20}, "players"), ({"bot": "hard"}, "bot"), ({"lang": "de"}, "lang"),
                            ({"seed": -3}, "seed"), ({"what": 1}, "what"), ({"games": "5"}, "games"),
                            ({"games": True}, "games"), ({"seed": "3"}, "seed"), ({"players": 4.0}, "players")):
            r = c.post(f"/api/studio/drafts/{d}/report", json=body)
            assert r.status_code == 400 and r.json()["field"] == field, r.text
        monkeypatch.setattr(studio_work, "REPORT_SECONDS", 0.0)      # out of time after the first game
        rep = c.post(f"/api/studio/drafts/{d}/report", json={"games": 50}).json()
        assert rep["games"] == 1 and rep["asked"] == 50


def test_payback_is_left_out_with_its_reason_where_the_odds_cannot_be_solved():
    mega = (EDITIONS_DIR / "mega.yaml").read_text(encoding="utf-8")      # a speed die: no exact odds
    with client() as c:
        d = draft_of(c, mega)
        rep = c.post(f"/api/studio/drafts/{d}/report", json={"games": 2}).json()
        assert rep["games"] == 2 and rep["payback"] == [] and "dice" in rep["payback_note"]
        no_server_paths(rep["payback_note"])


def test_a_game_the_rules_or_a_bug_stop_is_a_message_without_a_traceback(monkeypatch):
    from magie.cli.web.routes import studio as routes
    from magie.engine.errors import GameError

    def stopped(*args):
        raise GameError("no rule pays this at /tmp/magie-upload-x1/mine.yaml:3:4")

    def broken(*args):
        raise KeyError("/tmp/magie-upload-x1/mine.yaml")

    with client() as c:
        d = draft_of(c)
        monkeypatch.setattr(routes, "play_game", stopped)
        r = c.get(f"/api/studio/drafts/{d}/game")
        assert r.status_code == 400 and r.json()["error"] == "the game stopped: no rule pays this at mine.yaml:3:4"
        monkeypatch.setattr(routes, "balance", broken)
        r = c.post(f"/api/studio/drafts/{d}/report", json={})
        assert r.status_code == 500 and r.json()["error"].startswith("the studio stopped on an internal error (KeyErr")
        no_server_paths(r.text)
