"""End-to-end in headless Chromium: the studio page (/studio) opens classic, marks an error typed
into a card's DSL at its line and clears it once fixed, steps a seeded game turn by turn with
the board following it, runs the balance report and downloads the edited file (the helpers of
test_browser.py; every wait polls for a condition with a generous timeout)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("selenium", reason="the browser tests need selenium: pip install '.[test]'")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from .test_browser import (  # noqa: E402, F401
    CHROMIUM,
    DRIVER,
    INSTALL,
    WAIT,
    _click,
    _read,
    _select,
    _type,
    _until,
    browser,
    served,
)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)]

CARD = "rent = 10 * roll(2).total"
"""A card's DSL in classic's text, where the test types an error."""


def _open(b, url: str, edition: str = "classic") -> None:
    b.get(url + "/")                      # the start page links to the studio
    _click(b, "#studio-link")
    _until(b, WAIT, lambda drv: drv.current_url == url + "/studio")
    _until(b, WAIT, lambda drv: drv.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    _select(b, "source-edition", edition)
    _click(b, "#open-edition")
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "check-status").get_attribute("data-errors") == "0"
           and drv.find_elements(By.CSS_SELECTOR, "#studio-board svg g[data-space]"), "classic opened and checked")


def _select_text(b, start: int, end: int) -> None:
    """Put the editor's selection on characters [start, end) of its text (the caret when equal)."""
    b.execute_script("const a = document.getElementById('source'); a.focus();"
                     "a.setSelectionRange(arguments[0], arguments[1]);", start, end)


def _marked(drv) -> list[tuple[int, str]]:
    return [(int(e.get_attribute("data-line")), e.get_attribute("class"))
            for e in drv.find_elements(By.CSS_SELECTOR, "#gutter .line.error, #gutter .line.warning")]


def test_an_error_typed_in_a_card_is_marked_at_its_line_and_cleared_when_fixed(served, browser):  # noqa: F811
    b = browser
    _open(b, served.url)
    text = b.execute_script("return document.getElementById('source').value")
    at = text.index(CARD) + CARD.index("roll(") + 3            # the second 'l' of roll
    line = text[:at].count("\n") + 1
    lines = _read(b, lambda drv: len(drv.find_elements(By.CSS_SELECTOR, "#gutter .line")))
    assert lines == text.count("\n") + 1
    _select_text(b, at, at + 1)
    b.find_element(By.ID, "source").send_keys(Keys.BACKSPACE)              # roll( -> rol(
    _until(b, WAIT, lambda drv: _marked(drv) == [(line, "line error")], f"the error marked at line {line}")
    item = _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR, "#problems li.error"))
    assert item.get_attribute("data-line") == str(line) and "unknown-name" in item.text and "'roll'" in item.text
    assert b.find_element(By.ID, "play").get_attribute("disabled") is not None       # nothing to play now
    title = b.find_element(By.CSS_SELECTOR, f'#gutter .line[data-line="{line}"]').get_attribute("title")
    assert "unknown function 'rol'" in title
    _select_text(b, at, at)
    b.find_element(By.ID, "source").send_keys("l")                          # fixed
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "check-status").get_attribute("data-errors") == "0"
           and not _marked(drv) and not drv.find_elements(By.CSS_SELECTOR, "#problems li"), "the error cleared")
    assert b.find_element(By.ID, "play").get_attribute("disabled") is None


def test_a_seeded_game_is_stepped_turn_by_turn_with_its_board(served, browser):  # noqa: F811
    b = browser
    _open(b, served.url)
    _type(b, "#game-seed", "1")
    _click(b, "#play")

    def at_step(k: int):
        def shown(drv):
            return (drv.find_element(By.ID, "game-box").get_attribute("data-step") == str(k)
                    and drv.find_element(By.ID, "studio-board").get_attribute("data-step") == str(k))
        _until(b, WAIT, shown, f"step {k} shown")

    at_step(0)
    for k in (1, 2, 3):
        _click(b, "#step-next")
        at_step(k)
    lines = _read(b, lambda drv: [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#step-lines li")])
    assert lines and any("rolls" in line for line in lines), lines
    tokens = _read(b, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#studio-board circle.token"))
    assert len(tokens) == 4
    seats = _read(b, lambda drv: [r.text for r in drv.find_elements(By.CSS_SELECTOR, "#step-seats tr")])
    assert len(seats) == 5 and "Bot 1" in seats[1]
    _click(b, "#step-back")
    at_step(2)
    # an edit plays the game again on the edited text, at the same step
    text = b.execute_script("return document.getElementById('source').value")
    at = text.index("start_cash: 1500") + len("start_cash: 1")
    _select_text(b, at, at + 1)
    b.find_element(By.ID, "source").send_keys("4")                          # 1500 -> 1400
    _click(b, "#step-first")
    at_step(0)
    _until(b, WAIT, lambda drv: [r.find_elements(By.TAG_NAME, "td")[1].text
                                 for r in drv.find_elements(By.CSS_SELECTOR, "#step-seats tr")[1:]] == ["1400"] * 4,
           "the game played again with the edited start cash")
    _click(b, "#step-end")
    info = _until(b, WAIT, lambda drv: "Game over" in drv.find_element(By.ID, "step-info").text
                  and drv.find_element(By.ID, "step-info").text, "the game's end")
    assert "Winner" in info
    assert b.find_element(By.ID, "step-next").get_attribute("disabled") is not None


def test_the_balance_report_and_the_download(served, browser, tmp_path):  # noqa: F811
    b = browser
    _open(b, served.url)
    _type(b, "#report-games", "12")
    _click(b, "#run-report")
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "report").get_attribute("data-games") == "12", "the report")
    tables = b.find_elements(By.CSS_SELECTOR, "#report table")
    assert len(tables[0].find_elements(By.TAG_NAME, "tr")) == 1 + 4          # a row per seat
    assert len(b.find_elements(By.CSS_SELECTOR, "#report .heat svg g[data-space]")) == 40
    assert "Games played: 12 of 12" in b.find_element(By.ID, "report-games-played").text
    # the edited text downloads under its file name
    b.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    text = b.execute_script("return document.getElementById('source').value")
    _select_text(b, 0, 0)
    b.find_element(By.ID, "source").send_keys("# mine\n")
    _click(b, "#download")
    path = tmp_path / "classic.yaml"
    end = time.monotonic() + WAIT
    while not (path.exists() and path.read_text(encoding="utf-8") == "# mine\n" + text):
        assert time.monotonic() < end, "the download did not come"
        time.sleep(0.1)


def test_the_studio_speaks_russian(served, browser):  # noqa: F811
    b = browser
    _open(b, served.url)
    _select(b, "ui-lang", "ru")
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "run-report").text == "Отчёт о балансе"
           and drv.find_element(By.ID, "check-status").text == "Замечаний нет", "Russian words")
    _click(b, "#play")
    _until(b, WAIT, lambda drv: "Бот 1" in drv.find_element(By.ID, "step-seats").text, "the game in Russian")


def test_a_refused_check_says_why_and_nothing_can_be_played(served, browser):  # noqa: F811
    b = browser
    _open(b, served.url)
    _type(b, "#file-name", "my edition.yaml")
    b.find_element(By.ID, "source").send_keys(" ")                 # a change: checked again
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "check-status").text.startswith("name: expected a file name")
           and drv.find_element(By.ID, "play").get_attribute("disabled") is not None, "the refusal shown")
