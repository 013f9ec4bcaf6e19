"""End-to-end in headless Chromium: a game with an open seat and a decision time, made on the start
page; a second browser joins it from the lobby by name; the creator's decision time runs out and a
bot plays for her ("answered by a bot", the feed says why), she takes her seat back; then the
second browser watches the game as a spectator (the helpers of test_browser.py; every wait polls
for a condition)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from magie.cli.web.app import create_app

from . import test_browser
from .test_browser import (  # noqa: F401
    CHROMIUM,
    DRIVER,
    INSTALL,
    WAIT,
    Served,
    _api,
    _click,
    _read,
    _type,
    _until,
    browser,
    second_browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)]


@pytest.fixture(scope="module")
def paced(tmp_path_factory):
    """A server whose bots (and the bots standing in for absent people) wait 0.3 s before each of
    their turns, so that the game is still going while the pages are looked at."""
    made = test_browser.create_app
    test_browser.create_app = lambda data, **kw: create_app(data, **{**kw, "bot_delay": 0.3})
    try:
        s = Served(tmp_path_factory.mktemp("games"))
    finally:
        test_browser.create_app = made
    yield s
    s.stop()


def _texts(drv, css: str) -> list[str]:
    return [e.text for e in drv.find_elements(By.CSS_SELECTOR, css)]


def test_a_lobby_game_a_timer_running_out_and_a_spectator(paced, browser, second_browser):  # noqa: F811
    b1, b2 = browser, second_browser
    b1.get(paced.url + "/")
    _until(b1, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#edition option"))
    _type(b1, ".seat-name", "Anna", 0)
    assert len(_until(b1, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, "select.seat-kind"))) == 4
    b1.execute_script("const s = document.querySelectorAll('select.seat-kind')[1]; s.value = 'open';"
                      "s.dispatchEvent(new Event('change'));")
    _type(b1, "#decision-time", "0.05")
    _click(b1, "#create")
    # the creator waits for the open seat, with the host's button to start with a bot in it
    _until(b1, WAIT, lambda drv: drv.find_element(By.ID, "waiting").is_displayed()
           and drv.find_element(By.ID, "start-now").is_displayed())
    code, lobby = _api(paced, "GET", "/api/lobby")
    [game] = [g["game"] for g in lobby["games"]]

    # a second person finds it in the lobby and joins by name
    b2.get(paced.url + "/")
    row = f'li.lobby-game[data-game="{game}"]'
    _until(b2, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, row))
    _type(b2, row + " .join-name", "Boris")
    _click(b2, row + " .join-button")
    _until(b2, WAIT, lambda drv: f"/games/{game}#token=" in drv.current_url)
    # the game started: the creator's page goes to her seat, with the host's token
    _until(b1, WAIT, lambda drv: f"/games/{game}#token=" in drv.current_url and "&host=" in drv.current_url)

    # nobody answers within 0.05 s: a bot answers for Anna, the feed says why, the game goes on
    anna_row = '#players tr[data-seat="0"] td.notes'
    _until(b1, WAIT, lambda drv: "answered by a bot" in drv.find_element(By.CSS_SELECTOR, anna_row).text)
    _until(b1, WAIT, lambda drv: any("Anna: the time ran out" in t for t in _texts(drv, "#feed li, #log li")))
    assert _read(b1, lambda drv: drv.find_element(By.ID, "host-seats").get_attribute("id")) == "host-seats"
    turns = _api(paced, "GET", f"/api/games/{game}")[1]["turns"]
    _until(b1, WAIT, lambda drv: _api(paced, "GET", f"/api/games/{game}")[1]["turns"] > turns + 2)
    # she takes her seat back (her time runs out again at her next decision: the game never stalls)
    _click(b1, "button.take-back")
    _until(b1, WAIT, lambda drv: any("Anna is back and answers again" in t for t in _texts(drv, "#log li")))

    # the second browser watches by the spectators' link: the table and the log, no controls
    watch = _read(b1, lambda drv: drv.find_element(By.ID, "watch-link").get_attribute("href"))
    assert watch == f"{paced.url}/games/{game}"
    b2.get("about:blank")
    b2.get(watch)
    _until(b2, WAIT, lambda drv: drv.find_element(By.ID, "decision").text == "You are watching this game.")
    names = ["Anna", "Boris", "Bot 2 (bot)"]
    _until(b2, WAIT, lambda drv: _texts(drv, "#players tr[data-seat] td:first-child")[:3] == names)
    seen = len(_read(b2, lambda drv: _texts(drv, "#log li")))
    _until(b2, WAIT, lambda drv: len(_texts(drv, "#log li")) > seen + 3)       # live: the log goes on
    assert _read(b2, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#decision button, .take-back, #host-seats")) == []
    assert "#token=" not in b2.current_url
