"""Make the studio's screenshots of docs/web.md: `python -m tests.web.studio_screenshots` (needs
Chromium), as `tests.web.screenshots` makes the game page's.

Opens classic in the studio, types an error into a card's DSL (docs/web/studio-problem.png), fixes
it, steps a seeded game a few turns (studio-game.png) and runs the balance report
(studio-report.png); then the same in Russian on biznespolia (studio-ru.png)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .screenshots import DOCS, _shoot
from .test_browser import WAIT, Served, _browser, _until
from .test_studio_web import CARD, _open, _select_text


def _scroll_to(b, element_id: str) -> None:
    b.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'start'})", element_id)


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
        b.find_element(By.ID, "game-seed").clear()
        b.find_element(By.ID, "game-seed").send_keys("7")
        b.find_element(By.ID, "play").click()
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "studio-board").get_attribute("data-step") == "0")
        for _ in range(12):
            b.find_element(By.ID, "step-next").click()
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "studio-board").get_attribute("data-step") == "12")
        _scroll_to(b, "trying")
        _shoot(b, "studio-game.png")
        b.find_element(By.ID, "run-report").click()
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "report").get_attribute("data-games"))
        _scroll_to(b, "report-box")
        _shoot(b, "studio-report.png")
        b.get(served.url + "/studio")
        _until(b, WAIT, lambda drv: drv.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        b.execute_script("const s = document.getElementById('ui-lang'); s.value = 'ru';"
                         "s.dispatchEvent(new Event('change'))")
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "run-report").text == "Отчёт о балансе")
        _open_edition(b, "biznespolia")
        b.find_element(By.ID, "play").click()
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "studio-board").get_attribute("data-step") == "0")
        for _ in range(8):
            b.find_element(By.ID, "step-next").click()
        _until(b, WAIT, lambda drv: drv.find_element(By.ID, "studio-board").get_attribute("data-step") == "8")
        _scroll_to(b, "trying")
        _shoot(b, "studio-ru.png")
    finally:
        b.quit()
        served.stop()


def _open_edition(b, edition: str) -> None:
    from selenium.webdriver.support.ui import Select
    Select(b.find_element(By.ID, "source-edition")).select_by_value(edition)
    b.find_element(By.ID, "open-edition").click()
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "file-name").get_attribute("value") == f"{edition}.yaml"
           and drv.find_element(By.ID, "check-status").get_attribute("data-errors") == "0"
           and not drv.find_element(By.ID, "play").get_attribute("disabled"))


if __name__ == "__main__":
    sys.exit(main())
