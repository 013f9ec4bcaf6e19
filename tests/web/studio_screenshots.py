"""Make the studio's screenshots of docs/web.md: `python -m tests.web.studio_screenshots` (needs
Chromium), as `tests.web.screenshots` makes the game page's.

Opens classic in the studio, types an error into a card's DSL (docs/web/studio-problem.png), fixes
it, steps a seeded game a few turns (studio-game.png) and runs the balance report
(studio-report.png); then a game of biznespolia in Russian (studio-ru.png)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .screenshots import DOCS, _shoot
from .test_browser import WAIT, Served, _browser, _click, _select, _type, _until
from .test_studio_web import CARD, _open, _select_text


def _scroll_to(b, element_id: str) -> None:
    b.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'start'})", element_id)


def _game(b, seed: int, steps: int, name: str) -> None:
    """Play the seeded game, step `steps` turns into it and photograph it as `name`."""
    _type(b, "#game-seed", str(seed))
    _click(b, "#play")
    for k in range(steps + 1):
        _until(b, WAIT, lambda drv, k=k: drv.find_element(By.ID, "studio-board").get_attribute("data-step") == str(k))
        if k < steps:
            _click(b, "#step-next")
    _scroll_to(b, "trying")
    _shoot(b, name)


def main() -> None:
    served = Served(Path(tempfile.mkdtemp(prefix="magie-shots-")))
    b = _browser()
    b.set_window_size(1500, 1250)
    DOCS.mkdir(exist_ok=True)
    try:
        _open(b, served.url)
        text = b.execute_script("return document.getElementById('source').value")
        at = text.index(CARD) + CARD.index("roll(") + 3
        _select_text(b, at, at + 1)
        b.find_element(By.ID, "source").send_keys(Keys.BACKSPACE)
        _until(b, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#gutter .line.error"))
        _shoot(b, "studio-problem.png")
        _select_text(b, at, at)
        b.find_element(By.ID, "source").send_keys("l")
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "check-status").get_attribute("data-errors") == "0")
        _game(b, 7, 12, "studio-game.png")
        _click(b, "#run-report")
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "report").get_attribute("data-games"))
        _scroll_to(b, "report-box")
        _shoot(b, "studio-report.png")
        _open(b, served.url, "biznespolia")
        _select(b, "ui-lang", "ru")
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "run-report").text == "Отчёт о балансе")
        _game(b, 1, 8, "studio-ru.png")
    finally:
        b.quit()
        served.stop()


if __name__ == "__main__":
    sys.exit(main())
