"""End-to-end in headless Chromium: the game page draws an uploaded rectangular board wider than
high, with its corners where the long and short sides meet (the helpers of test_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_browser import CHROMIUM, DRIVER, INSTALL, WAIT, _api, _until, browser, served  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)]

RECTANGLE = Path(__file__).resolve().parents[1] / "fixtures" / "boards" / "rectangle.yaml"


def test_the_game_page_draws_a_rectangular_board(served, browser):  # noqa: F811
    code, up = _api(served, "POST", "/api/editions",
                    {"edition": {"name": "rectangle.yaml", "text": RECTANGLE.read_text(encoding="utf-8")}})
    assert code == 201, up
    code, g = _api(served, "POST", "/api/games", {"edition": up["edition"], "seed": 3, "seats": [
        {"name": "Anna", "kind": "human"}, {"name": "Bot", "kind": "bot"}]})
    assert code == 201, g
    b = browser
    b.get(f"{served.url}/games/{g['game']}#token={g['seats'][0]['token']}")

    def box(drv, selector):
        return drv.execute_script(
            "const e = document.querySelector(arguments[0]); if (!e) return null;"
            "const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", selector)
    board = _until(b, WAIT, lambda drv: box(drv, "#board svg"))
    left, top, width, height = board
    assert width / height == pytest.approx(1000 / 697, rel=0.01)
    # the corners of the 12 x 8 board, where the page shows them
    go = box(b, '#board [data-space="go"]')
    jail = box(b, '#board [data-space="jail"]')
    parking = box(b, '#board [data-space="free_parking"]')
    to_jail = box(b, '#board [data-space="go_to_jail"]')
    scale = width / 1000
    assert go[0] + go[2] == pytest.approx(left + width, abs=2) and go[1] + go[3] == pytest.approx(top + height, abs=2)
    assert jail[0] == pytest.approx(left, abs=2) and jail[1] == pytest.approx(go[1], abs=1)
    assert parking[0] == pytest.approx(left, abs=2) and parking[1] == pytest.approx(top, abs=2)
    assert to_jail[1] == pytest.approx(top, abs=2) and to_jail[0] == pytest.approx(go[0], abs=1)
    assert go[2] == pytest.approx(121.2 * scale, abs=2)            # square corners, as deep as on a square board
