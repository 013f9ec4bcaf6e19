"""Editions uploaded to `magie serve` (POST /api/editions): a good one is played like a built-in
edition (and resumes after a restart from its save); hostile ones get a 400 listing every problem
at the uploaded file's line and column, never a traceback and never a server file read."""

from __future__ import annotations

import json

from magie.cli.web.uploads import MAX_FILE_BYTES, MAX_OVERLAYS
from magie.engine.edition.yamlload import MAX_NODES

from .helpers import client, new_game, poll

MINE = """\
id: mine
extends: classic
name: {en: Mine, ru: Моя}
setup:
  start_cash: 2000
board:
  - {id: arbat, price: 450}
"""

RICH = """\
overlay: true
id: rich
name: {en: Rich start}
description: {en: Everybody starts with 3000.}
setup:
  start_cash: 3000
"""

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}]


def first_turn_cash(c, game: str) -> int:
    def turns() -> list[dict]:
        return [e for e in map(json.loads, c.get(f"/api/games/{game}/log").text.splitlines()) if e["e"] == "turn"]
    return poll(turns, f"a turn of game {game}")[0]["cash"]


def upload(c, text=MINE, name="mine.yaml", overlays=(), **kw):
    body = {"edition": {"name": name, "text": text}, "overlays": [{"name": n, "text": t} for n, t in overlays]}
    return c.post("/api/editions", json=body, **kw)


def test_an_uploaded_edition_is_played_like_a_built_in_one(tmp_path):
    with client(tmp_path) as c:
        r = upload(c, params={"lang": "ru"})
        assert r.status_code == 201, r.text
        up = r.json()
        assert up["edition"].startswith("upload-") and up["id"] == "mine" and up["name"] == "Моя"
        assert up["players"] == {"min": 2, "max": 8}
        assert upload(c).json()["edition"] == up["edition"]           # the same files: the same edition
        assert any(e["id"] == up["edition"] for e in c.get("/api/editions").json()["uploaded"])
        svg = c.get(f"/api/editions/{up['edition']}/board.svg")
        assert svg.status_code == 200 and 'data-space="arbat"' in svg.text and ">450k ₽<" in svg.text
        g = new_game(c, SEATS, edition=up["edition"], seed=4)
        state = c.get(f"/api/games/{g['game']}").json()
        assert state["edition"] == "mine"
        assert first_turn_cash(c, g["game"]) == 2000                       # the upload's start cash
        # with a built-in overlay on top, and with an uploaded overlay
        overlays = c.get("/api/editions").json()["overlays"]
        g2 = new_game(c, SEATS, edition=up["edition"], variants=[overlays[0]["id"]], seed=5)
        assert c.get(f"/api/games/{g2['game']}").json()["edition"] == "mine"
        r = upload(c, overlays=[("rich.yaml", RICH)])
        assert r.status_code == 201, r.text
        g3 = new_game(c, SEATS, edition=r.json()["edition"], seed=6)
        assert first_turn_cash(c, g3["game"]) == 3000                      # the uploaded overlay's
        before = c.get(f"/api/games/{g['game']}").json()
    # a restart: the server has forgotten the upload, the game goes on with the edition in its save
    with client(tmp_path) as c:
        after = poll(lambda: (s := c.get(f"/api/games/{g['game']}").json()).get("players") and s,
                     "the game back after the restart")
        assert after["edition"] == "mine" and after["players"][0]["cash"] == before["players"][0]["cash"]
        assert "carried in the save" in c.get(f"/api/games/{g['game']}/info").json()["note"]
        gone = c.post("/api/games", json={"edition": up["edition"], "seats": SEATS})
        assert gone.status_code == 404 and up["edition"] in gone.json()["error"]


def test_an_upload_may_extend_only_a_built_in_edition_and_never_reads_a_server_file(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("id: secret\nname: TOP-SECRET-TEXT\n", encoding="utf-8")
    with client() as c:
        for ref in (str(secret), "../../etc/passwd", "./other.yaml", "nosuch"):
            r = upload(c, MINE.replace("extends: classic", f"extends: {ref}"))
            assert r.status_code == 400, r.text
            body = r.json()
            assert body["problems"][0].startswith("mine.yaml:2:10: error[upload-extends]: an uploaded edition may "
                                                  "extend only a built-in edition"), body
            assert "TOP-SECRET" not in r.text and "/tmp/" not in r.text and "magie-upload" not in r.text


def test_broken_uploads_list_every_problem_at_file_line_column():
    with client() as c:
        r = upload(c, "id: mine\nextends: classic\nboard:\n  - {id: arbat, price: [1\n")
        assert r.status_code == 400
        assert r.json()["problems"][0].startswith("mine.yaml:5:1: error[yaml-syntax]: YAML syntax error")
        assert r.json()["error"] == "the uploaded edition is not valid (1 problem)"
        bad = MINE.replace("price: 450", "price: cheap").replace("start_cash: 2000", "start_cash: -5")
        r = upload(c, bad)
        assert r.status_code == 400, r.text
        problems = r.json()["problems"]
        assert len(problems) >= 2, problems
        assert any(p.startswith("mine.yaml:5:15: error[bad-value]") for p in problems), problems     # start_cash
        assert any(p.startswith("mine.yaml:7:24: error[wrong-type]") for p in problems), problems     # price
        r = upload(c, MINE, overlays=[("mine2.yaml", MINE.replace("id: mine", "id: mine2"))])
        assert r.status_code == 400 and "mine2.yaml" in r.json()["problems"][0]
        assert "an overlay file has 'overlay: true'" in r.json()["problems"][0]
        r = upload(c, RICH, name="rich.yaml")
        assert r.status_code == 400 and r.json()["problems"][0].startswith("rich.yaml:1:1: error[wrong-file-kind]")


def test_hostile_uploads_are_bounded_and_named_by_field():
    with client() as c:
        for name in ("../mine.yaml", "/etc/x.yaml", "mine.txt", "", "a" * 70 + ".yaml"):
            r = upload(c, name=name)
            assert r.status_code == 400, (name, r.text)
            assert r.json()["field"] in ("edition.name",), r.json()
        r = upload(c, "x" * (MAX_FILE_BYTES + 1))
        assert r.status_code == 400 and r.json()["field"] == "edition.text"
        r = c.post("/api/editions", content=b"{" + b" " * (MAX_OVERLAYS + 2) * MAX_FILE_BYTES,
                   headers={"content-type": "application/json"})
        assert r.status_code == 400 and "larger than" in r.json()["error"]
        many = [(f"o{k}.yaml", RICH) for k in range(MAX_OVERLAYS + 1)]
        r = upload(c, overlays=many)
        assert r.status_code == 400 and r.json()["field"] == "overlays"
        r = c.post("/api/editions", json={"edition": {"name": "mine.yaml"}})
        assert r.status_code == 400 and r.json()["field"] == "edition.text"
        r = c.post("/api/editions", content=b"not json", headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["field"] == "body"
        # an alias bomb: the loader's node limit refuses it quickly
        bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + k)}: &{chr(98 + k)} [*{chr(97 + k)}, *{chr(97 + k)}, *{chr(97 + k)}, *{chr(97 + k)}, "
            f"*{chr(97 + k)}, *{chr(97 + k)}, *{chr(97 + k)}, *{chr(97 + k)}, *{chr(97 + k)}]\n" for k in range(9))
        r = upload(c, "id: bomb\nextends: classic\n" + bomb)
        assert r.status_code == 400
        # refused by counting, not by time: the loader stops at MAX_NODES values (9**10 if expanded)
        assert r.json()["problems"] == [f"mine.yaml:1:1: error[unsupported-yaml]: the file expands to more "
                                        f"than {MAX_NODES:,} values (aliases used in a loop?)"]
        assert c.get("/api/health").json() == {"ok": True}


def test_an_upload_whose_loops_would_run_for_hours_is_refused_with_the_loop_named():
    # six nested loops over classic's 40 spaces, 40^6 visits a salary: a game thread would loop
    # for good (and come back on a restart from the save)
    nest = ('id: nest\nextends: classic\nrules:\n  salary: "200 + count(each space a where count(each space b '
            'where count(each space c where count(each space d where count(each space e where count(each '
            'space f where f.price >= 0) >= 0) >= 0) >= 0) >= 0) >= 0) * 0"\n')
    with client() as c:
        r = upload(c, nest, name="nest.yaml")
        assert r.status_code == 400, r.text
        (problem,) = r.json()["problems"]
        assert problem.startswith("nest.yaml:4:68: error[dsl-limit]: this loop may visit 2,625,640 elements in "
                                  "one evaluation"), problem
        assert "more than the limit of 100,000" in problem
        assert c.get("/api/editions").json()["uploaded"] == []


def test_an_upload_with_a_ladder_price_of_the_wrong_type_is_a_400_at_its_place():
    # once a ValueError in the building-cost check: HTTP 500
    text = "id: mine\nextends: mega\nname: {en: Mine, ru: Моя}\ngroups:\n  - {id: brown, house_cost: x}\n"
    with client() as c:
        r = upload(c, text)
        assert r.status_code == 400, r.text
        assert r.json()["problems"] == ["mine.yaml:5:29: error[wrong-type]: groups[0] (brown).house_cost: "
                                        "expected an integer, found the text 'x'"]


FAILING = """\
id: mine
extends: classic
name: {en: Mine}
rules:
  salary: "200 // (cash - cash)"
"""


def test_an_uploads_run_time_error_names_the_uploaded_file_not_a_server_folder(tmp_path):
    bots = [{"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}]
    with client(tmp_path) as c:
        up = upload(c, FAILING)
        assert up.status_code == 201, up.text
        warnings = up.json()["warnings"]
        assert warnings and all(w.startswith("mine.yaml:3:7: warning[partial-translation]") for w in warnings)
        assert all("magie-upload" not in w and "(mine.yaml)" in w for w in warnings)
        game = new_game(c, bots, edition=up.json()["edition"], seed=3)["game"]
        state = poll(lambda: (s := c.get(f"/api/games/{game}").json()).get("error") and s, "the game's error")
        # the salary formula divides by zero the first time a player passes Start
        assert state["error"] == "formula rules.salary (mine.yaml:5:16): division by zero"
    # after a restart the game goes on with the copy of the edition its save carries
    with client(tmp_path) as c:
        state = poll(lambda: (s := c.get(f"/api/games/{game}").json()).get("error") and s, "the error again")
        assert state["error"].startswith("formula rules.salary (the edition in the save:")
        assert state["error"].endswith("): division by zero") and "magie-save" not in state["error"]
