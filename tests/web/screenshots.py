"""Make the screenshots of docs/web.md: `python -m tests.web.screenshots` (needs Chromium).

For classic and biznespolia, each in English and in Russian, plays a game for a while through the
API (a person who buys what they can, builds and ends each turn, three bots), then photographs
the game page in headless Chromium at 1400 x 1000: the table, a deed's panel, a bot's trade offer
with the trades' table (the scripted person of policy.py, up to the offer), and a game to its end
(eight rounds) with its standings, into docs/web/EDITION-LANG-table.png, -deed.png, -trade.png
and -over.png. Then the start page with a game waiting in the lobby (lobby.png), a game watched by
the spectators' link (spectator.png) and the table of each edition in its own language in a
400 x 800 window (EDITION-LANG-phone.png)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

from .helpers import poll
from .policy import Person
from .test_browser import WAIT, Served, _browser, _until

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"
GAMES = (("classic", 30, 12), ("biznespolia", 9, 5))
"""Each edition with the seed of its pictures and the seed where a bot offers the person a trade."""
LANGS = ("en", "ru")
DESKTOP, PHONE = (1400, 1000), (400, 800)


def _seats(lang: str, open_seat: bool = False) -> list[dict]:
    person = {"name": "Anna" if lang == "en" else "Анна", "kind": "human"}
    bots = [{"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3)]
    return [person, {"name": "Open", "kind": "open"}, *bots[1:]] if open_seat else [person, *bots]


def _builder(d: dict):
    """The answer of a person who buys what they can, builds and ends each turn."""
    builds = [o for o in d["options"] if isinstance(o, list) and o[0] == "build"] if d["kind"] == "manage" else []
    if builds:
        return builds[0]
    return {"buy": "buy", "manage": ["done"], "bid": None, "jail": "pay" if "pay" in d["options"] else "roll",
            "trade": "reject"}.get(d["kind"], d["options"][0] if d["options"] else None)


def _play(served_url: str, edition: str, lang: str, seed: int, decisions: int, max_rounds: int | None = None,
          until_trade: bool = False) -> str:
    """The address of Anna's seat after `decisions` of hers (or the game's end); with
    `until_trade`, she is the scripted person of policy.py up to a bot's offer to her."""
    import httpx
    body = {"edition": edition, "lang": lang, "seed": seed, "seats": _seats(lang), "max_rounds": max_rounds}
    g = httpx.post(served_url + "/api/games", json=body).json()
    game, tok = g["game"], g["seats"][0]["token"]
    person = Person()

    def waiting():
        if httpx.get(f"{served_url}/api/games/{game}").json()["over"]:
            return "over"
        return httpx.get(f"{served_url}/api/games/{game}/decision", params={"token": tok}).json()["decision"]
    for _ in range(decisions):
        d = poll(waiting, "a decision for Anna")
        if d == "over" or (until_trade and d["kind"] == "trade"):
            break
        if until_trade:
            deeds = len(httpx.get(f"{served_url}/api/games/{game}").json()["players"][0]["deeds"])
            how, value = person.choose(d, deeds)
            value = None if how == "pass" else value
        else:
            value = _builder(d)
        httpx.post(f"{served_url}/api/games/{game}/answer", params={"token": tok},
                   json={"answer": value, "decision": d["id"]})
    return f"{served_url}/games/{game}#token={tok}"


def _shoot(b, name: str) -> None:
    b.save_screenshot(str(DOCS / name))
    print(f"wrote {DOCS / name}")


def _table_drawn(drv) -> bool:
    return bool(drv.find_element(By.ID, "decision").get_attribute("data-decision")
                and drv.find_elements(By.CSS_SELECTOR, "#board svg g[data-space]")
                and drv.find_elements(By.CSS_SELECTOR, "#dice .die"))


def _edition(b, url: str, edition: str, lang: str, seed: int, trade_seed: int) -> None:
    """The table, a deed's panel, a trade offer and the end of one edition in one language."""
    name = f"{edition}-{lang}"
    b.set_window_size(*DESKTOP)
    table = _play(url, edition, lang, seed, 60)
    b.get(table)
    _until(b, WAIT, _table_drawn)
    _shoot(b, f"{name}-table.png")
    # the panel of Anna's deed with the most buildings (or her first)
    deeds = b.find_elements(By.CSS_SELECTOR, '#players tr[data-seat="0"] button.deed')
    deeds[max(range(len(deeds)), key=lambda k: len(deeds[k].text))].click()
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "deed-panel").is_displayed())
    _shoot(b, f"{name}-deed.png")
    if lang == ("en" if edition == "classic" else "ru"):      # the phone: each edition in its own language
        b.set_window_size(*PHONE)
        b.get("about:blank")
        b.get(table)
        _until(b, WAIT, _table_drawn)
        _shoot(b, f"{name}-phone.png")
        b.set_window_size(*DESKTOP)
    b.get(_play(url, edition, lang, trade_seed, 300, until_trade=True))
    _until(b, WAIT, lambda drv: _table_drawn(drv) and drv.find_element(By.ID, "trades-box").is_displayed()
           and drv.find_elements(By.CSS_SELECTOR, "#decision .offer-sides"))
    b.execute_script("document.getElementById('decision-box').scrollIntoView()")
    _shoot(b, f"{name}-trade.png")
    b.get(_play(url, edition, lang, seed, 400, max_rounds=8))
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "game-over").is_displayed()
           and drv.find_elements(By.CSS_SELECTOR, "#board rect.heat"))
    _shoot(b, f"{name}-over.png")


def _lobby_and_spectator(b, url: str) -> None:
    """The start page with a game waiting for a player; a game watched by the spectators' link."""
    import httpx
    b.set_window_size(*DESKTOP)
    httpx.post(url + "/api/games", json={"edition": "classic", "seed": 3, "seats": _seats("en", open_seat=True)})
    b.get(url + "/")
    _until(b, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, "li.lobby-game")
           and drv.find_elements(By.CSS_SELECTOR, "#board-preview svg"))
    b.execute_script("document.getElementById('lobby').scrollIntoView()")
    _shoot(b, "lobby.png")
    game = _play(url, "classic", "en", 30, 40).split("#")[0]
    b.get(game)
    _until(b, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#board svg g[data-space]")
           and drv.find_elements(By.CSS_SELECTOR, "#dice .die") and drv.find_elements(By.CSS_SELECTOR, "#log li"))
    _shoot(b, "spectator.png")


def main() -> None:
    served = Served(Path(tempfile.mkdtemp(prefix="magie-shots-")))
    b = _browser()
    DOCS.mkdir(exist_ok=True)
    try:
        for edition, seed, trade_seed in GAMES:
            for lang in LANGS:
                _edition(b, served.url, edition, lang, seed, trade_seed)
        _lobby_and_spectator(b, served.url)
    finally:
        b.quit()
        served.stop()


if __name__ == "__main__":
    sys.exit(main())
