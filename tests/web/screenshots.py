"""Make the screenshots of docs/web.md: `python -m tests.web.screenshots` (needs Chromium).

Plays a game of classic (in English) and one of biznespolia (in Russian) for a while through the
API (a person who buys what they can, builds and ends each turn, three bots), then photographs
the game page in headless Chromium: the table, a deed's panel, and a game to its end (a few
rounds) with its standings, into docs/web/EDITION-table.png, -deed.png and -over.png."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

from .helpers import poll
from .test_browser import WAIT, Served, _browser, _until

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"


def _play(served_url: str, edition: str, lang: str, seed: int, decisions: int, max_rounds: int | None = None) -> str:
    """The address of Anna's seat after `decisions` of hers (or the game's end)."""
    import httpx
    seats = [{"name": "Anna" if lang == "en" else "Анна", "kind": "human"}] + [
        {"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3)]
    body = {"edition": edition, "lang": lang, "seed": seed, "seats": seats, "max_rounds": max_rounds}
    g = httpx.post(served_url + "/api/games", json=body).json()
    game, tok = g["game"], g["seats"][0]["token"]

    def waiting():
        if httpx.get(f"{served_url}/api/games/{game}").json()["over"]:
            return "over"
        return httpx.get(f"{served_url}/api/games/{game}/decision", params={"token": tok}).json()["decision"]
    for _ in range(decisions):
        d = poll(waiting, "a decision for Anna")
        if d == "over":
            break
        value = {"buy": "buy", "manage": ["done"], "bid": None, "jail": "pay" if "pay" in d["options"] else "roll",
                 "trade": "reject"}.get(d["kind"], d["options"][0] if d["options"] else None)
        builds = [o for o in d["options"] if isinstance(o, list) and o[0] == "build"] if d["kind"] == "manage" else []
        if builds:
            value = builds[0]
        httpx.post(f"{served_url}/api/games/{game}/answer", params={"token": tok},
                   json={"answer": value, "decision": d["id"]})
    return f"{served_url}/games/{game}#token={tok}"


def _shoot(b, name: str) -> None:
    b.save_screenshot(str(DOCS / name))
    print(f"wrote {DOCS / name}")


def main() -> None:
    served = Served(Path(tempfile.mkdtemp(prefix="magie-shots-")))
    b = _browser()
    b.set_window_size(1400, 1000)
    DOCS.mkdir(exist_ok=True)
    try:
        for edition, lang, seed in (("classic", "en", 30), ("biznespolia", "ru", 9)):
            b.get(_play(served.url, edition, lang, seed, 60))
            _until(b, WAIT, lambda drv: drv.find_element(By.ID, "decision").get_attribute("data-decision")
                   and drv.find_elements(By.CSS_SELECTOR, "#board svg g[data-space]")
                   and drv.find_elements(By.CSS_SELECTOR, "#dice .die"))
            _shoot(b, f"{edition}-table.png")
            # the panel of Anna's deed with the most buildings (or her first)
            deeds = b.find_elements(By.CSS_SELECTOR, '#players tr[data-seat="0"] button.deed')
            deeds[max(range(len(deeds)), key=lambda k: len(deeds[k].text))].click()
            _until(b, WAIT, lambda drv: drv.find_element(By.ID, "deed-panel").is_displayed())
            _shoot(b, f"{edition}-deed.png")
            b.get(_play(served.url, edition, lang, seed, 400, max_rounds=8))
            _until(b, WAIT, lambda drv: drv.find_element(By.ID, "game-over").is_displayed()
                   and drv.find_elements(By.CSS_SELECTOR, "#board rect.heat"))
            _shoot(b, f"{edition}-over.png")
    finally:
        b.quit()
        served.stop()


if __name__ == "__main__":
    sys.exit(main())
