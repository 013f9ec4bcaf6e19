"""The web page draws an edition's `board_layout:`: an uploaded rectangle and L-shaped board come
back as pictures of their shape, the game's info tells the page where each space is, and an
upload whose layout does not place the board is refused at its line and column."""

from __future__ import annotations

import re
from pathlib import Path

from magie.engine.edition.layout import plan
from tests.game.helpers import playable

from .helpers import client, new_game

BOARDS = Path(__file__).resolve().parents[1] / "fixtures" / "boards"
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}]


def _upload(c, name: str, text: str):
    return c.post("/api/editions", json={"edition": {"name": name, "text": text}, "overlays": []})


def test_the_page_gets_the_rectangle_and_the_l_shape(tmp_path):
    with client(tmp_path) as c:
        for name, viewbox, sides in [("rectangle.yaml", "0 0 1000 697", [11, 7, 11, 7]),
                                     ("l_shape.yaml", "0 0 1000 1125", None)]:
            text = (BOARDS / name).read_text(encoding="utf-8")
            r = _upload(c, name, text)
            assert r.status_code == 201, r.text
            edition = r.json()["edition"]
            preview = c.get(f"/api/editions/{edition}/board.svg")
            assert preview.status_code == 200 and f'viewBox="{viewbox}"' in preview.text
            g = new_game(c, SEATS, edition=edition, seed=3)
            info = c.get(f"/api/games/{g['game']}/info").json()
            ed = playable(str(BOARDS / name))
            board = plan(ed.board_layout, len(ed.spaces))
            assert info["layout"]["sides"] == sides
            assert (info["layout"]["columns"], info["layout"]["rows"]) == (board.columns, board.rows)
            assert info["layout"]["cells"] == [[p.column, p.row] for p in board.places]
            svg = c.get(f"/api/games/{g['game']}/board.svg").text
            assert re.findall(r'data-space="([^"]+)"', svg) == [s.id for s in ed.spaces]
            assert svg.count('class="token"') == 2                # both players' tokens on the shaped board
        classic = c.get("/api/editions/classic/board.svg").text
        assert 'viewBox="0 0 1000 1000"' in classic


def test_the_classic_page_info_has_the_square_layout():
    with client() as c:
        g = new_game(c, SEATS, seed=2)
        layout = c.get(f"/api/games/{g['game']}/info").json()["layout"]
        assert layout["sides"] == [10, 10, 10, 10] and layout["columns"] == layout["rows"] == 11
        assert layout["cells"][0] == [10, 10] and layout["cells"][10] == [0, 10] and layout["cells"][20] == [0, 0]


def test_an_upload_with_a_broken_layout_is_refused_at_its_position():
    bad = ("id: mine\nextends: classic\nname: {en: Mine, ru: Моя}\n"
           "board_layout:\n  sides: [10, 10, 10, 9]\n")
    with client() as c:
        r = _upload(c, "mine.yaml", bad)
        assert r.status_code == 400, r.text
        assert r.json()["problems"] == [
            "mine.yaml:5:10: error[board-layout]: the sides [10, 10, 10, 9] add up to 39 spaces, the board has 40: "
            "each side counts the corner that opens it"]
