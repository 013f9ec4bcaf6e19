"""Board shapes (`board_layout:`): one plan drawn by the picture, the terminal map and the reports.

The two example editions in tests/fixtures/boards: `rectangle.yaml` (36 spaces, sides
[11, 7, 11, 7]: 12 spaces wide and 8 high, corners counted on both sides) and `l_shape.yaml`
(the 40 classic spaces on grid cells, an L-shaped loop).
"""

from __future__ import annotations

import hashlib
import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from magie.cli.render import Names
from magie.cli.report import board_cells
from magie.cli.ring import ring_view
from magie.cli.web.board import BoardState, board_svg, layout
from magie.engine.edition.layout import BoardLayout, plan
from tests.game.helpers import playable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "game"))
from helpers import game  # noqa: E402

BOARDS = Path(__file__).resolve().parents[1] / "fixtures" / "boards"
RECTANGLE = str(BOARDS / "rectangle.yaml")
L_SHAPE = str(BOARDS / "l_shape.yaml")

# The space groups' transforms of `magie board` before layouts existed, by number of spaces (they
# depend on nothing else), and the whole SVG of classic: the default must draw exactly as before.
TRANSFORMS = {
    "classic": "e62722f19466ae6538874066bf72ebc6720c56af87c19b913b3dc722994badc7",
    "landlords_game": "e62722f19466ae6538874066bf72ebc6720c56af87c19b913b3dc722994badc7",
    "mega": "b25c423847552b10d0762095a80b58d0efa3724fad23a03a26de7fac5dd23c22",
    "biznespolia": "857aee6e1630ac756de34bc487f49a61a57db159de30b230c166ab6a7acd5a4e",
    "biznespolia_short": "c8557b178e2f4e5bd7b489de8c6780e39a0254c03b513f53d2a70640006e35d7",
}
CLASSIC_SVG = "7c2e4bd21f4c2229cf71d14b653d0a4aa420d8fd9eaace6fd401e89ad19d392e"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _transforms(svg: str) -> list[str]:
    return re.findall(r'<g class="space[^>]*transform="([^"]+)"', svg)


@pytest.mark.parametrize("edition", sorted(TRANSFORMS))
def test_the_default_draws_every_built_in_board_as_before(edition):
    ed = playable(edition)
    assert ed.board_layout is None
    svg = board_svg(ed)
    assert _sha("\n".join(_transforms(svg))) == TRANSFORMS[edition]
    assert 'viewBox="0 0 1000 1000" width="1000" height="1000"' in svg
    if edition == "classic":
        assert _sha(svg) == CLASSIC_SVG


def test_mega_and_the_landlords_game_keep_their_square():
    mega = plan(None, 52)
    assert mega.sides == (13, 13, 13, 13) and (mega.columns, mega.rows) == (14, 14)
    assert [i for i, p in enumerate(mega.places) if p.corner] == [0, 13, 26, 39]
    landlords = plan(playable("landlords_game").board_layout, 40)
    assert landlords.sides == (10, 10, 10, 10) and landlords.places[20] == plan(None, 40).places[20]
    assert (landlords.places[20].column, landlords.places[20].row) == (0, 0)


def test_the_rectangle_plan_puts_the_corners_where_the_sides_meet():
    ed = playable(RECTANGLE)
    assert ed.board_layout == BoardLayout(sides=(11, 7, 11, 7))
    board = plan(ed.board_layout, len(ed.spaces))
    assert (board.columns, board.rows) == (12, 8)
    corners = [i for i, p in enumerate(board.places) if p.corner]
    assert corners == [0, 11, 18, 29]
    assert [ed.spaces[i].kind for i in corners] == ["start", "jail", "free_parking", "go_to_jail"]
    cells = [(p.column, p.row) for p in board.places]
    assert cells[0] == (11, 7) and cells[11] == (0, 7) and cells[18] == (0, 0) and cells[29] == (11, 0)
    assert len(set(cells)) == 36
    # the report's heat map: the same cells, y counted upwards
    assert board_cells(board)[0] == (11, 0) and board_cells(board)[18] == (0, 7)


def test_the_rectangle_picture_is_wider_than_high_with_square_corners():
    ed = playable(RECTANGLE)
    pic = layout(plan(ed.board_layout, len(ed.spaces)))
    assert pic.width == 1000 and pic.height == 697
    svg = board_svg(ed)
    assert 'viewBox="0 0 1000 697" width="1000" height="697"' in svg
    corners = [c for c in pic.cells if c.corner]
    assert len(corners) == 4 and all(c.w == c.h == corners[0].w for c in corners)
    go, jail = pic.cells[0], pic.cells[11]
    assert go.x + go.w == pytest.approx(1000) and go.y + go.h == pytest.approx(697)
    assert jail.x == 0 and jail.y + jail.h == pytest.approx(697)
    # the long sides' cells are as wide as the short sides' cells are high
    assert pic.cells[1].w == pytest.approx(pic.cells[12].h, abs=0.01)   # the height is rounded
    for a in range(36):                          # no two cells overlap
        for b in range(a + 1, 36):
            p, q = pic.cells[a], pic.cells[b]
            assert min(p.x + p.w, q.x + q.w) - max(p.x, q.x) < 1e-6 or \
                min(p.y + p.h, q.y + q.h) - max(p.y, q.y) < 1e-6, (a, b)


def test_the_l_shaped_board_draws_tiles_on_its_cells_and_the_title_below():
    ed = playable(L_SHAPE)
    board = plan(ed.board_layout, len(ed.spaces))
    assert not board.ring and (board.columns, board.rows) == (11, 11)
    assert (board.places[0].column, board.places[0].row) == (10, 10)           # go
    assert (board.places[30].column, board.places[30].row) == (5, 5)           # go to jail, the inner corner
    state = BoardState(owners={"arbat": 0}, levels={}, mortgaged=frozenset(), tokens={0: "go", 1: "go"},
                       names={0: "Anna", 1: "Boris"})
    svg = board_svg(ed, state=state)
    assert 'viewBox="0 0 1000 1197" width="1000" height="1197"' in svg      # 11 rows of tiles, then the band
    t = 1000 / 11
    kazan = re.search(r'data-space="kazan_railway"[^>]*transform="([^"]+)"', svg).group(1)
    assert kazan == f"translate({5 * t + t / 2:.1f},{t / 2:.1f}) rotate(0) translate({-t / 2:.1f},{-t / 2:.1f})"
    centre = re.search(r'<g class="centre">.*?</g>', svg, re.S).group(0)
    title_y = float(re.search(r'<text x="[0-9.]+" y="([0-9.]+)"', centre).group(1))
    assert title_y > 1000 + 40                     # below the last row, clear of its tiles
    assert ">Anna<" in centre and ">Boris<" in centre


def _ring(edition: str) -> list[str]:
    ed = playable(edition)
    g = game(ed, {"Anna": {"pos": "arbat", "owns": {"arbat": 2}}, "Boris": {"pos": "go"}})
    out = io.StringIO()
    Console(file=out, width=300, color_system=None).print(ring_view(g, Names(ed, "en")))
    return [line.rstrip() for line in out.getvalue().splitlines()]


def test_the_terminal_map_of_the_rectangle_has_12_columns_and_8_rows():
    lines = _ring(RECTANGLE)
    assert len(lines) == 16                                         # 8 rows of two lines
    top = lines[0].split()
    assert lines[0].startswith("Free P Vavilo Rublyo") and lines[0].endswith("Smolen Go to")
    assert len(top) == 14                                           # 12 cells ("Free P", "Go to" are two words)
    assert lines[14].startswith("Jail / Polyan") and lines[14].endswith("Zhitna GO")
    assert lines[15].endswith("*B")                                 # Boris stands on GO
    assert lines[12].endswith("Arbat") and lines[13].endswith("A⌂⌂*A")   # Anna: Arbat, 2 houses, standing
    assert lines[2].startswith("Commun A Anna 1500k ₽") and lines[2].endswith("Shchus")
    assert lines[14].index(" GO") + 1 == 11 * 7                  # the 12th cell: 11 cells of 6 and a blank before it


def test_the_terminal_map_of_the_l_shape_follows_its_cells_with_the_legend_below():
    lines = _ring(L_SHAPE)
    assert len(lines) == 22 + 3                     # 11 rows of two lines, then 2 players and the marks
    assert lines[0] == "Free P Tversk Chance Pushki Mayako Kazan"
    assert lines[10].split() == ["Kursk", "Go", "to", "Shchus", "Gogole", "Commun", "Kutuzo", "Lening"]
    assert lines[10].index("Go to") == 5 * 7                        # column 5
    assert lines[12] == "Rostov" + " " * (10 * 7 - 6) + "Chance"
    assert lines[-3:] == ["A Anna 1500k ₽", "B Boris 1500k ₽", "⌂ a house, H a hotel, × mortgaged, *A who stands there"]


def test_the_report_draws_the_rectangle(tmp_path):
    pytest.importorskip("matplotlib")
    from magie.cli.report import _plt, draw_board
    ed = playable(RECTANGLE)
    fig, ax = _plt().subplots()
    draw_board(ax, ed, {s.id: 0.5 for s in ed.spaces}, centre="x")
    cells = sorted({(round(p.get_x()), round(p.get_y())) for p in ax.patches
                    if p.get_width() == p.get_height() == 1})
    assert cells == sorted(board_cells(plan(ed.board_layout, 36)))
    assert ax.get_xlim() == (0, 12) and ax.get_ylim() == (0, 8)
    _plt().close(fig)
