"""End-to-end in headless Chromium: the game page on a phone, by touch, by keyboard and for a
screen reader. In a 400x800 window the page needs no sideways scrolling, the board scales to the
width, the latest events and the decision stand in the first screen under the board, every
control is at least 44 px high, and a whole short game is played by clicks; by keyboard, Tab
reaches the spaces of the board and the decision's buttons with a visible focus, Enter on a space
opens its deed's panel (a dialog named by the deed), Escape closes it and gives the focus back to
the space, and Enter outside a control gives the decision's main answer; the spaces, the dice and
the feed carry what a screen reader needs (the helpers of test_browser.py; every wait polls)."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .policy import Person
from .test_browser import (  # noqa: F401
    CHROMIUM,
    DRIVER,
    INSTALL,
    WAIT,
    _answer,
    _answered,
    _api,
    _click,
    _click_answer,
    _decision,
    _read,
    _state,
    _until,
    browser,
    second_browser,
    served,
)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)]

SEATS = [{"name": "Anna", "kind": "human"}] + [{"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3)]
CONTROLS = "#decision button, #decision summary, #deed-panel button, #players button, header a"
"""The controls a finger uses on the game page (the board's spaces are also reachable as the
deed buttons of the players' list)."""


def _game(srv, **body) -> tuple[str, str]:
    code, g = _api(srv, "POST", "/api/games", {"edition": "classic", "seats": SEATS, **body})
    assert code == 201, g
    return g["game"], g["seats"][0]["token"]


def _geometry(b) -> dict:
    return b.execute_script("""
        const e = document.documentElement, box = id => document.getElementById(id).getBoundingClientRect();
        return {scroll: e.scrollWidth, client: e.clientWidth, height: window.innerHeight,
                board: box("board").width, feed: box("feed-box").top, decision: box("decision-box").top,
                primary: document.querySelector("#decision button.primary")?.getBoundingClientRect().bottom};""")


def _next(b, srv, game: str) -> dict | None:
    """The decision the page shows next, or None once the game is over."""
    raw = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "decision").get_attribute("data-decision")
                 or (_state(srv, game)["over"] and "over"))
    return None if raw == "over" else json.loads(raw)


def _small_controls(b) -> list[str]:
    """The visible controls under 44 px high or wide."""
    return b.execute_script("""
        const out = [];
        for (const e of document.querySelectorAll(arguments[0])) {
          const r = e.getBoundingClientRect();
          if (r.width && r.height && (r.width < 44 || r.height < 44))
            out.push(`${e.tagName} ${e.textContent.slice(0, 20)} ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
        return out;""", CONTROLS)


def test_on_a_phone_the_page_fits_and_a_short_game_is_played_by_touch(served, browser):  # noqa: F811
    game, tok = _game(served, seed=5, max_rounds=2)
    b = browser
    b.set_window_size(400, 800)
    b.get(f"{served.url}/games/{game}#token={tok}")
    _decision(b)
    _until(b, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#board svg g.space")
           and drv.find_elements(By.CSS_SELECTOR, "#feed li"))
    g = _geometry(b)
    assert g["scroll"] <= g["client"] <= 400 and 300 < g["board"] <= g["client"]
    # under the board, in the first screen: the latest events, the question and its main button
    assert g["feed"] < g["decision"] < g["height"] and g["primary"] <= g["height"], g
    assert _small_controls(b) == []
    decisions = 0
    for _ in range(200):
        d = _next(b, served, game)
        if d is None:
            break
        if d["kind"] == "bid":
            _click(b, "#pass-button")
        else:
            _click_answer(b, {"manage": ["done"], "buy": "buy", "jail": "pay", "trade": "reject"}.get(
                d["kind"], d["options"][0] if d["options"] else None))
        _answered(b, d)
        decisions += 1
        assert _read(b, lambda drv: drv.execute_script(
            "const e = document.documentElement; return e.scrollWidth <= e.clientWidth;"))
    state = _state(served, game)
    assert state["over"] and state["end_reason"] == "round_limit" and decisions >= 2
    assert state["players"][0]["deeds"]          # Anna bought on the way
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "game-over").is_displayed())
    assert _small_controls(b) == [] and _geometry(b)["scroll"] <= 400


def _focused(b) -> dict:
    return b.execute_script("""
        const a = document.activeElement, s = getComputedStyle(a);
        return {tag: a.tagName, space: a.getAttribute("data-space"), primary: a.classList.contains("primary"),
                close: a.classList.contains("close"), outline: s.outlineStyle + " " + s.outlineWidth,
                stroke: a.querySelector && a.querySelector("rect.cell")
                        ? getComputedStyle(a.querySelector("rect.cell")).strokeWidth : null};""")


def _tab_until(b, want, limit: int = 200) -> dict:
    """Press Tab until the focused element is what `want(focused)` asks for; that element."""
    for _ in range(limit):
        b.switch_to.active_element.send_keys(Keys.TAB)
        f = _focused(b)
        if want(f):
            return f
    raise AssertionError("Tab never reached the control")


def test_by_keyboard_a_deed_panel_opens_and_closes_and_enter_gives_the_main_answer(served, browser):  # noqa: F811
    game, tok = _game(served, seed=4, variants=["all-deeds-dealt"])
    b = browser
    b.set_window_size(400, 800)
    b.get(f"{served.url}/games/{game}#token={tok}")
    d = _decision(b)
    info = _api(served, "GET", f"/api/games/{game}/info")[1]
    state = _state(served, game)
    _until(b, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#board svg g.space[aria-label]"))
    # what a screen reader hears: each space by its name and owner, the feed as a live region
    sp = info["spaces"][37]
    owner = state["players"][state["owners"][sp["id"]]]["name"]
    label = _read(b, lambda drv: drv.find_element(
        By.CSS_SELECTOR, f'#board g.space[data-space="{sp["id"]}"]').get_attribute("aria-label"))
    assert label.startswith(f"{sp['name']}. Owner: {owner}")
    assert _read(b, lambda drv: drv.find_element(By.ID, "feed").get_attribute("aria-live")) == "polite"
    # Tab reaches a space of the board with a visible focus; Enter opens its panel, a dialog
    f = _tab_until(b, lambda f: f["space"] is not None)
    assert f["stroke"] == "6px", f
    _until(b, WAIT, lambda drv: drv.switch_to.active_element.send_keys(Keys.ENTER) is None
           and drv.find_element(By.ID, "deed-panel").get_attribute("data-space") == f["space"]
           and drv.find_element(By.ID, "deed-panel").is_displayed())
    panel = b.find_element(By.ID, "deed-panel")
    assert panel.get_attribute("role") == "dialog"
    name = info["spaces"][next(s["index"] for s in info["spaces"] if s["id"] == f["space"])]["name"]
    assert b.find_element(By.ID, panel.get_attribute("aria-labelledby")).text == name
    assert _focused(b)["close"]                        # the keyboard is in the panel
    # Escape closes it and the focus is back on the space
    b.switch_to.active_element.send_keys(Keys.ESCAPE)
    _until(b, WAIT, lambda drv: not drv.find_element(By.ID, "deed-panel").is_displayed())
    assert _focused(b)["space"] == f["space"]
    # Tab reaches the decision's main button, its focus drawn
    f = _tab_until(b, lambda f: f["primary"])
    assert f["outline"].startswith("solid") and f["outline"] != "solid 0px", f
    # Enter outside any control gives the main answer: the throw
    b.execute_script("document.activeElement.blur()")
    assert d["kind"] == "manage" and _state(served, game)["players"][0]["position"] == "go"
    b.find_element(By.TAG_NAME, "body").send_keys(Keys.ENTER)
    _answered(b, d)
    _until(b, WAIT, lambda drv: json.loads(drv.find_element(By.ID, "dice").get_attribute("data-dice") or "[]")
           and drv.find_element(By.ID, "dice").get_attribute("aria-label").startswith("Dice: "))
    assert _state(served, game)["players"][0]["position"] != "go"


def _counter_form(drv) -> bool:
    form = drv.find_elements(By.CSS_SELECTOR, "#trade-form[data-counter]")
    return bool(form) and form[0].get_attribute("open") is not None


@pytest.mark.slow
@pytest.mark.parametrize("edition, lang, seed, over, bot", [
    # seeds where a bot offers Anna a trade within the six rounds
    ("classic", "en", 12, "Game over", "answered by a bot"),
    ("biznespolia", "ru", 5, "Игра окончена", "за игрока отвечает бот")])
def test_a_whole_game_on_a_phone_with_a_counter_offer_a_timer_and_a_spectator(
        served, browser, second_browser, edition, lang, seed, over, bot):  # noqa: F811
    # Anna plays on a phone-sized page; Boris never answers, so his time runs out and a bot plays
    # for him; a bot's offer to Anna gets her counter-offer; a spectator watches to the end
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"},
             {"name": "Bot 2", "kind": "bot"}, {"name": "Bot 3", "kind": "bot"}]
    code, g = _api(served, "POST", "/api/games", {"edition": edition, "lang": lang, "seed": seed, "seats": seats,
                                                 "max_rounds": 6, "decision_time": 20})
    assert code == 201, g
    game, tok = g["game"], g["seats"][0]["token"]
    b, watcher = browser, second_browser
    b.set_window_size(400, 800)
    b.get(f"{served.url}/games/{game}#token={tok}")
    watcher.get(f"{served.url}/games/{game}")
    _until(watcher, WAIT, lambda drv: drv.find_element(By.ID, "decision").text in (
        "You are watching this game.", "Вы наблюдаете за игрой."))
    person, countered, sent = Person(), None, None
    for _ in range(400):
        d = _next(b, served, game)
        if d is None:
            break
        if d["kind"] == "trade" and countered is None and d["details"]["offer"]["partner"] == 0:
            countered = d["details"]["offer"]
            _click(b, "#counter-offer")
        elif countered and sent is None and d["kind"] == "manage" and d.get("trade") and _counter_form(b):
            sent = _read(b, lambda drv: drv.find_element(By.ID, "trade-partner").get_attribute("value"))
            _click(b, "#offer-trade")
        else:
            how, value = person.choose(d, len(_state(served, game)["players"][0]["deeds"]))
            _answer(b, how, value)
        _answered(b, d)
        assert _read(b, lambda drv: drv.execute_script(
            "const e = document.documentElement; return e.scrollWidth <= e.clientWidth;"))
    state = _state(served, game)
    assert state["over"] and state["end_reason"] == "round_limit"
    # the counter-offer went to the bot that offered, and its answer stands in the trades' table
    assert countered and sent == str(countered["proposer"])
    events = [json.loads(line) for line in _api(served, "GET", f"/api/games/{game}/log")[1].splitlines() if line]
    mine = [e for e in events if e["e"] == "trade_offer" and e["proposer"] == 0]
    assert mine and (mine[0]["partner"], mine[0]["give_cash"], mine[0]["get_cash"]) == \
        (countered["proposer"], countered["get_cash"], countered["give_cash"])
    answered = _until(b, WAIT, lambda drv: [li.get_attribute("data-state") for li in drv.find_elements(
        By.CSS_SELECTOR, "#trades li") if li.find_element(By.CSS_SELECTOR, ".parties").text.startswith(
            "Anna → " + state["players"][countered["proposer"]]["name"])])
    assert answered[0] in ("accepted", "rejected")
    # Boris's time ran out: a bot played for him, shown as such on both pages
    ran_out = "Boris: the time ran out" if lang == "en" else "Boris: время вышло"
    _until(b, WAIT, lambda drv: any(li.text.startswith(ran_out)
                                    for li in drv.find_elements(By.CSS_SELECTOR, "#log li")))
    for page in (b, watcher):
        _until(page, WAIT, lambda drv: bot in drv.find_element(By.CSS_SELECTOR, '#players tr[data-seat="1"]').text)
        _until(page, WAIT, lambda drv: drv.find_element(By.ID, "status").text.startswith(over))
    assert _read(watcher, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#decision button")) == []
