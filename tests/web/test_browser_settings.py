"""End-to-end in headless Chromium: a rule set on the new-game form (a refused value told at its
control first), the game started with it, the rule shown in the rules of the table, and the
analytics switch colouring the board by the exact landing odds (the helpers of test_browser.py)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from .test_browser import (  # noqa: F401
    CHROMIUM,
    DRIVER,
    INSTALL,
    WAIT,
    _api,
    _click,
    _new_game_form,
    _select,
    _type,
    _until,
    browser,
    served,
)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)]


def _open_group(b, group: str) -> None:
    def opened(drv):
        details = drv.find_element(By.CSS_SELECTOR, f'#settings details[data-group="{group}"]')
        if not details.get_attribute("open"):
            details.find_element(By.TAG_NAME, "summary").click()
        return details.get_attribute("open") is not None
    _until(b, WAIT, opened)


def _input(path: str) -> str:
    return f'#settings .setting-input[data-path="{path}"]'


def test_a_rule_set_on_the_form_is_played_shown_and_the_board_shows_the_odds(served, browser):  # noqa: F811
    b = browser
    _new_game_form(b, served.url, "classic", 4)
    _until(b, WAIT, lambda d: d.find_elements(By.CSS_SELECTOR, _input("rules.jail.fine")))
    # a value the edition cannot take: the server's reason at the control, no game
    _open_group(b, "rules.buildings")
    _type(b, _input("rules.buildings.houses_before_hotel"), "5")
    _click(b, "#create")
    row = '#settings .setting[data-path="rules.buildings.houses_before_hotel"]'
    told = _until(b, WAIT, lambda d: d.find_element(By.CSS_SELECTOR, f"{row}.invalid .field-error").text)
    assert "has 6 rents, expected at least 7" in told
    assert "/games/" not in b.current_url
    _type(b, _input("rules.buildings.houses_before_hotel"), "4")
    _until(b, WAIT, lambda d: not d.find_elements(By.CSS_SELECTOR, f"{row}.invalid"))
    # the rules played: more start cash, a dearer jail
    _open_group(b, "setup")
    _type(b, _input("setup.start_cash"), "2500")
    _open_group(b, "rules.jail")
    _type(b, _input("rules.jail.fine"), "120")
    _until(b, WAIT, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#settings .setting.changed")) == 2)
    _click(b, "#create")
    _until(b, WAIT, lambda d: "/games/" in d.current_url)
    game = b.current_url.split("/games/")[1].split("#")[0]
    rules = _api(served, "GET", f"/api/games/{game}/rules")[1]
    assert {r["path"]: r["value"] for r in rules["settings"]} == {"setup.start_cash": 2500, "rules.jail.fine": 120}

    def shown(drv):
        items = drv.find_elements(By.CSS_SELECTOR, "#changed-rules li")
        return {li.get_attribute("data-path"): li.find_element(By.CSS_SELECTOR, ".value").text for li in items}
    assert _until(b, WAIT, shown) == {"setup.start_cash": "2500", "rules.jail.fine": "120"}
    # the analytics switch: every space coloured, its odds written as the server computed them
    _until(b, WAIT, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board svg g[data-space]")) == 40)
    _click(b, "#analytics-toggle")
    _until(b, WAIT, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board rect.odds")) == 40)
    odds = _api(served, "GET", f"/api/games/{game}/analytics")[1]
    label = _until(b, WAIT, lambda d: d.find_element(By.CSS_SELECTOR, '#board text.odds-label[data-space="go"]').text)
    assert label == f"{100 * odds['spaces']['go']['per_roll']:.2f}%"
    rows = _until(b, WAIT, lambda d: d.find_elements(By.CSS_SELECTOR, "#paybacks tr[data-space]"))
    assert len(rows) == 28          # every deed of the board, by payback
    # the colours stay as the board is drawn anew, and go with the switch
    b.execute_script("const board = document.getElementById('board');"
                     "board.querySelectorAll('.odds').forEach(e => e.remove()); board.innerHTML = board.innerHTML;")
    _until(b, WAIT, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board rect.odds")) == 40)
    _click(b, "#analytics-toggle")
    _until(b, WAIT, lambda d: not d.find_elements(By.CSS_SELECTOR, "#board rect.odds, #paybacks"))
