"""Make the screenshots of docs/web.md: `python -m tests.web.screenshots` (needs Chromium).

Plays a game of classic and one of biznespolia for a while through the API (a person who buys
what they can and ends each turn, three bots), then photographs the game page in headless Chromium."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

from .helpers import poll
from .test_browser import WAIT, Served, _browser, _until

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _play(served_url: str, edition: str, lang: str, seed: int, decisions: int) -> str:
    import httpx
    seats = [{"name": "Anna" if lang == "en" else "Анна", "kind": "human"}] + [
        {"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3)]
    body = {"edition": edition, "lang": lang, "seed": seed, "seats": seats}
    g = httpx.post(served_url + "/api/games", json=body).json()
    game, tok = g["game"], g["seats"][0]["token"]
    for _ in range(decisions):
        d = poll(lambda: httpx.get(f"{served_url}/api/games/{game}/decision", params={"token": tok}).json()["decision"],
                 "a decision for Anna")
        value = {"buy": "buy", "manage": ["done"], "bid": None, "jail": "pay" if "pay" in d["options"] else "roll",
                 "trade": "reject"}.get(d["kind"], d["options"][0] if d["options"] else None)
        builds = [o for o in d["options"] if isinstance(o, list) and o[0] == "build"] if d["kind"] == "manage" else []
        if builds:
            value = builds[0]
        httpx.post(f"{served_url}/api/games/{game}/answer", params={"token": tok},
                   json={"answer": value, "decision": d["id"]})
    return f"{served_url}/games/{game}#token={tok}"


def main() -> None:
    served = Served(Path(tempfile.mkdtemp(prefix="magie-shots-")))
    b = _browser()
    try:
        for edition, lang, seed, name in (("classic", "en", 30, "web-classic.png"),
                                          ("biznespolia", "ru", 9, "web-biznespolia.png")):
            url = _play(served.url, edition, lang, seed, 60)
            b.get(url)
            _until(b, WAIT, lambda drv: drv.find_element(By.ID, "decision").get_attribute("data-decision")
                   and len(drv.find_elements(By.CSS_SELECTOR, "#board svg g[data-space]")) > 0)
            b.save_screenshot(str(DOCS / name))
            print(f"wrote {DOCS / name}")
    finally:
        b.quit()
        served.stop()


if __name__ == "__main__":
    sys.exit(main())
