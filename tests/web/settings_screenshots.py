"""Make the screenshots of room settings and board analytics in docs/web.md:
`python -m tests.web.settings_screenshots` (needs Chromium).

For classic (in English) and biznespolia (in Russian): the new-game form with two rules changed
(docs/web/EDITION-settings.png), then the game started with them, its rules of the table and the
board coloured by the exact landing odds with each deed's payback (docs/web/EDITION-analytics.png)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

from .screenshots import _shoot
from .test_browser import WAIT, Served, _browser, _click, _select, _type, _until

RULES = {"classic": {"setup.start_cash": "2000", "rules.jail.fine": "100"},
         "biznespolia": {"setup.start_cash": "20000", "rules.auction.step": "50"}}


def main() -> None:
    served = Served(Path(tempfile.mkdtemp(prefix="magie-shots-")))
    b = _browser()
    b.set_window_size(1400, 1000)
    try:
        for edition, lang in (("classic", "en"), ("biznespolia", "ru")):
            b.get(served.url + "/")
            _until(b, WAIT, lambda d: d.find_elements(By.CSS_SELECTOR, "#edition option"))
            _select(b, "ui-lang", lang)
            _until(b, WAIT, lambda d, lang=lang: d.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == lang)
            _select(b, "edition", edition)
            _type(b, "#seed", "7")
            for path, value in RULES[edition].items():
                group = ".".join(path.split(".")[:2]) if path.count(".") >= 2 else path.split(".")[0]
                css = f'#settings .setting-input[data-path="{path}"]'
                _until(b, WAIT, lambda d, css=css: d.find_elements(By.CSS_SELECTOR, css))
                details = b.find_element(By.CSS_SELECTOR, f'#settings details[data-group="{group}"]')
                if not details.get_attribute("open"):
                    details.find_element(By.TAG_NAME, "summary").click()
                _type(b, css, value)
            b.execute_script("document.querySelector('#settings .setting.changed').scrollIntoView()")
            _shoot(b, f"{edition}-settings.png")
            _click(b, "#create")
            _until(b, WAIT, lambda d: "/games/" in d.current_url
                   and len(d.find_elements(By.CSS_SELECTOR, "#changed-rules li")) == 2)
            b.set_window_size(1400, 1300)
            _click(b, "#analytics-toggle")
            _until(b, WAIT, lambda d: d.find_elements(By.CSS_SELECTOR, "#board rect.odds")
                   and d.find_elements(By.CSS_SELECTOR, "#paybacks tr[data-space]"))
            b.execute_script("window.scrollTo(0, 0)")
            _shoot(b, f"{edition}-analytics.png")
            b.set_window_size(1400, 1000)
    finally:
        b.quit()
        served.stop()


if __name__ == "__main__":
    main()
