"""End-to-end: `magie serve` played in headless Chromium (Debian's chromium and chromium-driver,
driven by Selenium; nothing downloads a browser). Each game is a function of its seed and the
scripted person's answers (policy.py), so these games are the same on every run.

Every wait polls for a condition with a generous timeout (`WAIT`), so that the tests hold on a
loaded machine; an element the page replaces while a test reads or clicks it (stale) is looked up
again at the next poll, never read from a reference kept across a render.

Skipped, with a message saying what to install, where Chromium or its driver is missing."""

from __future__ import annotations

import functools
import json
import re
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install '.[test]'")
pytest.importorskip("selenium", reason="the browser tests need selenium: pip install '.[test]'")

import uvicorn  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from magie.cli.web.app import create_app  # noqa: E402

from .policy import Person, group_offer  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
INSTALL = ("the browser tests need Chromium and its driver: on Debian/Ubuntu "
           "`apt-get install chromium chromium-driver` (found: "
           f"chromium={CHROMIUM or 'missing'}, chromedriver={DRIVER or 'missing'})")

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)]

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1500,1000"]
WAIT = 90
"""Seconds a test waits for the page or the game before it fails: generous, for a loaded machine."""

RETRIED = (StaleElementReferenceException, NoSuchElementException, ElementNotInteractableException,
           ElementClickInterceptedException)
"""What a wait retries at its next poll: the page replaced the element, has not drawn it yet, or
has it under something for a moment."""


class Served:
    """`magie serve`'s app under uvicorn in a thread, on a free port."""

    def __init__(self, data: Path):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.app = create_app(data, bot_delay=0)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + WAIT
        while not self.server.started:
            if time.monotonic() > end:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("games"))
    yield s
    s.stop()


def _browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS + [f"--user-data-dir={tempfile.mkdtemp(prefix='magie-chromium-')}"]:
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


@pytest.fixture
def browser(chromium):
    """The module's Chromium (conftest.py), its window, media and storage as a new one has them:
    after each test, what the test changed is undone."""
    b, size = chromium
    yield b
    _renew(b, size)


def _renew(b, size: dict) -> None:
    """Undo what a test did to the shared browser: other windows, the page (with its polling),
    emulated media, window size, cookies and storage."""
    for handle in b.window_handles[1:]:
        b.switch_to.window(handle)
        b.close()
    b.switch_to.window(b.window_handles[0])
    try:
        b.execute_script("localStorage.clear(); sessionStorage.clear();")
        b.delete_all_cookies()
    except WebDriverException:            # a page without storage or cookies (about:blank, an error page)
        pass
    b.get("about:blank")
    b.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    b.set_window_size(size["width"], size["height"])


@pytest.fixture
def second_browser():
    b = _browser()
    yield b
    b.quit()


@functools.cache
def http():
    """One HTTP client for the tests' calls to the API: `httpx.request` makes a client per call,
    and each client's TLS set-up costs about 30 ms of CPU. No connection is kept between calls
    (each module's server stops at its end)."""
    import httpx
    return httpx.Client(timeout=20, limits=httpx.Limits(max_keepalive_connections=0))


def _api(served, method, path, body=None):
    r = http().request(method, served.url + path, json=body)
    return r.status_code, r.json() if r.headers.get("content-type", "").startswith("application/json") else r.text


def _until(b, timeout: float, condition, message: str = ""):
    """`condition(driver)` once it holds (polled every 50 ms), or a timeout error; `RETRIED`
    exceptions count as "not yet"."""
    return WebDriverWait(b, timeout, poll_frequency=0.05, ignored_exceptions=RETRIED).until(condition, message)


def _read(b, read):
    """`read(driver)` (which finds its elements itself), read again while the page replaces them."""
    return _until(b, WAIT, lambda drv: (read(drv),))[0]


def _act(b, action, message: str = "") -> None:
    """Do `action(driver)` (which finds its elements itself), again while the page replaces them;
    an action that returns False has found nothing to act on yet and is tried again."""
    _until(b, WAIT, lambda drv: action(drv) is not False, message)


def _click(b, css: str) -> None:
    _act(b, lambda drv: drv.find_element(By.CSS_SELECTOR, css).click())


def _type(b, css: str, text: str, index: int = 0) -> None:
    """Replace the text of the `index`th field matching `css` with `text`."""
    def typed(drv):
        field = drv.find_elements(By.CSS_SELECTOR, css)[index]
        field.clear()
        field.send_keys(text)
    _act(b, typed)


def _select(b, element_id: str, value: str) -> None:
    _act(b, lambda drv: Select(drv.find_element(By.ID, element_id)).select_by_value(value))


def _new_game_form(b, url: str, edition: str, seed: int) -> None:
    """Open the new-game form at `url`, choose `edition` and `seed`, and wait for its four seats."""
    b.get(url + "/")
    _until(b, WAIT, lambda d: d.find_elements(By.CSS_SELECTOR, "#edition option"))
    _select(b, "edition", edition)
    _type(b, "#seed", str(seed))
    _until(b, WAIT, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#seats .seat-name")) == 4)


def _decision(b, timeout=WAIT) -> dict:
    """The decision shown on the page, once there is one."""
    def shown(drv):
        raw = drv.find_element(By.ID, "decision").get_attribute("data-decision")
        return json.loads(raw) if raw else False
    return _until(b, timeout, shown)


DEED_ACTIONS = ("build", "sell", "mortgage", "unmortgage", "sell_deed")
"""The answers the page gives from a deed's panel (on the space of board index `answer[1]`)."""


def _open_deed_of(drv, answer) -> None:
    """Open the panel of the deed that `answer` acts on (a click on the board or a deed button)."""
    if not isinstance(answer, list):
        return
    if answer[0] in DEED_ACTIONS or (answer[0] == "act" and isinstance(answer[2], int)):
        index = answer[1] if answer[0] in DEED_ACTIONS else answer[2]
        drv.find_element(By.CSS_SELECTOR, f'#board g.space[data-index="{index}"]').click()
    elif answer[0] == "sell_all":
        drv.find_element(By.CSS_SELECTOR, f'#players button.deed[data-group="{answer[1]}"]').click()


def _click_answer(b, answer):
    """Click the button of `answer`: in the decision, or on the panel of the deed it acts on."""
    want = json.dumps(answer)

    def click(drv):
        for button in drv.find_elements(By.CSS_SELECTOR, "#decision button.option, #deed-panel button.option"):
            raw = button.get_attribute("data-answer")
            if raw and json.dumps(json.loads(raw)) == want:
                button.click()
                return True
        _open_deed_of(drv, answer)
        return False
    _act(b, click, f"no button answers {want}")


def _answer(b, how: str, value) -> None:
    """Give the scripted person's answer on the page: a bid typed, a pass, or a button."""
    if how == "bid":
        _type(b, "#bid-amount", str(value))
        _click(b, "#bid-button")
    elif how == "pass":
        _click(b, "#pass-button")
    else:
        _click_answer(b, value)


def _answered(b, d):
    """Wait until the page no longer shows decision `d`."""
    def gone(drv):
        raw = drv.find_element(By.ID, "decision").get_attribute("data-decision")
        return not raw or json.loads(raw)["id"] != d["id"]
    _until(b, WAIT, gone)


def _state(served, game):
    return _api(served, "GET", f"/api/games/{game}")[1]


def _log_texts(b):
    return _read(b, lambda drv: [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#log li")])


def _log_shows(b, *patterns: str) -> str:
    """The page's log once each regular expression of `patterns` is found in it: the page draws
    the log as the events reach it, behind the game the API reports."""
    def shown(drv):
        log = "\n".join(li.text for li in drv.find_elements(By.CSS_SELECTOR, "#log li"))
        return log if all(re.search(p, log, re.M) for p in patterns) else False
    try:
        return _until(b, WAIT, shown)
    except TimeoutException:
        raise AssertionError(f"the log lacks one of {patterns}:\n" + "\n".join(_log_texts(b))) from None


@pytest.mark.slow
def test_a_person_and_three_bots_buy_bid_mortgage_jail_trade_and_resume(served, browser):
    b = browser
    _new_game_form(b, served.url, "classic", 30)
    _type(b, "#seats .seat-name", "Anna")
    _until(b, WAIT, lambda d: d.find_elements(By.CSS_SELECTOR, "#board-preview svg [data-space]"))
    _click(b, "#create")
    _until(b, WAIT, lambda d: "/games/" in d.current_url)
    game_url = b.current_url
    game = game_url.split("/games/")[1].split("#")[0]
    _until(b, WAIT, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board svg g[data-space]")) == 40)
    person = Person()
    for _ in range(60):
        d = _decision(b)
        state = _state(served, game)
        how, value = person.choose(d, len(state["players"][0]["deeds"]))
        if d["kind"] == "buy" and value == "buy":
            cash, price, space = state["players"][0]["cash"], d["details"]["price"], d["details"]["space_id"]
        _answer(b, how, value)
        _answered(b, d)
        if d["kind"] == "buy" and value == "buy" and person.bought == 1:
            after = _state(served, game)
            assert after["owners"][space] == 0
            _until(b, WAIT,
                lambda drv, space=space: drv.find_elements(By.CSS_SELECTOR,
                                                           f'#board g[data-space="{space}"] rect.owner'))
            assert cash - price in (after["players"][0]["cash"],) or after["turns"] > state["turns"]
        if person.done():
            break
    assert person.done(), person
    # the terminal's narrator: "Name: verb", an auction's bids told with its result
    _log_shows(b, r"Auction of .+\(\d+ bids? from .*Anna \d+k ₽", "Anna: goes to jail", r"Anna: .*leaves jail",
               "Anna: mortgages", r"Anna accepts the trade: Bot \d → Anna: ")
    mortgaged = _state(served, game)["mortgaged"]
    assert mortgaged
    _until(b, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR,
                                                  f'#board g[data-space="{mortgaged[0]}"] rect.mortgaged'))

    # close the tab: the game and the decision waiting for Anna are still there when she comes back
    pending = _decision(b)
    b.get("about:blank")
    _until(b, WAIT, lambda drv: drv.current_url == "about:blank")
    b.get(game_url)
    again = _decision(b)
    assert (again["id"], again["kind"], again["options"]) == (pending["id"], pending["kind"], pending["options"])
    _log_shows(b, r"Auction of .+\(\d+ bids? from .*Anna \d+k ₽")


def test_build_after_a_trade_with_a_bot(served, browser):
    seats = [{"name": "Anna", "kind": "human"}] + [{"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3)]
    code, g = _api(served, "POST", "/api/games", {"edition": "classic", "variants": ["all-deeds-dealt"], "seed": 2,
                                                 "seats": seats})
    assert code == 201
    game, tok = g["game"], g["seats"][0]["token"]
    b = browser
    b.get(f"{served.url}/games/{game}#token={tok}")
    d = _decision(b)
    assert d["kind"] == "manage" and d["trade"]
    info = _api(served, "GET", f"/api/games/{game}/info")[1]
    offer = group_offer(info, _state(served, game), 0)
    _click(b, "#trade-form summary")
    _select(b, "trade-partner", str(offer["partner"]))
    # first an offer of more cash than Anna has: the engine refuses it, the page says why, asks again
    _type(b, "#give-cash", "99999999")
    _click(b, "#offer-trade")
    _answered(b, d)
    refusal = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "refusal").text)
    d = _decision(b)
    assert d["kind"] == "manage" and refusal == f"Anna has only {_state(served, game)['players'][0]['cash']}"
    _click(b, "#trade-form summary")
    _select(b, "trade-partner", str(offer["partner"]))
    for i in offer["get_deeds"]:
        _click(b, f'#trade-theirs input.get-deed[value="{i}"]')
    _type(b, "#give-cash", str(offer["give_cash"]))
    before = _state(served, game)["players"][0]["cash"]
    _click(b, "#offer-trade")
    _answered(b, d)
    d = _decision(b)
    state = _state(served, game)
    assert state["players"][0]["cash"] == before - offer["give_cash"]
    assert all(state["owners"][info["spaces"][i]["id"]] == 0 for i in offer["get_deeds"])
    # the trades' table shows the offer with both sides and the bot's answer
    partner = state["players"][offer["partner"]]["name"]
    parts = (".parties", ".gives", ".gets")
    rows = _until(b, WAIT, lambda drv: [
        (li.get_attribute("data-state"), *(li.find_element(By.CSS_SELECTOR, c).text for c in parts))
        for li in drv.find_elements(By.CSS_SELECTOR, "#trades li")])
    assert rows[0] == ("accepted", f"Anna → {partner} · accepted", f"{offer['give_cash']}k ₽",   # the newest first
                       ", ".join(info["spaces"][i]["name"] for i in offer["get_deeds"]))
    build = next(o for o in d["options"] if o[0] == "build")
    space = info["spaces"][build[1]]
    _click_answer(b, build)
    _answered(b, d)
    _until(b, WAIT,
        lambda drv: drv.find_elements(By.CSS_SELECTOR, f'#board g[data-space="{space["id"]}"] rect.house'))
    state = _state(served, game)
    assert state["levels"][space["id"]] == 1
    _log_shows(b, "^Anna: builds a house on ")


def test_another_seats_browser_cannot_act_for_the_first(served, browser, second_browser):
    code, g = _api(served, "POST", "/api/games", {"edition": "biznespolia", "seed": 5, "lang": "ru", "seats": [
        {"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"}, {"name": "Bot", "kind": "bot"}]})
    assert code == 201
    game, a, bt = g["game"], g["seats"][0]["token"], g["seats"][1]["token"]
    waiting = _until(browser, WAIT, lambda _: _state(served, game)["waiting"])[0]["seat"]
    mine, theirs = (a, bt) if waiting == 0 else (bt, a)
    browser.get(f"{served.url}/games/{game}#token={mine}")
    second_browser.get(f"{served.url}/games/{game}#token={theirs}")
    d = _decision(browser)
    _until(second_browser, WAIT,
        lambda drv: drv.find_element(By.CSS_SELECTOR, "#decision p").text == "Сейчас решать нечего.")
    assert not _read(second_browser, lambda drv: drv.find_element(By.ID, "decision").get_attribute("data-decision"))
    # the other seat's page tries to answer anyway: refused, and the decision is still waiting
    status = second_browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('/api/games/{game}/answer?token={theirs}', {{method: 'POST', headers: {{'Content-Type': "
        f"'application/json'}}, body: JSON.stringify({{answer: ['done'], decision: {d['id']}}})}})"
        ".then(r => done(r.status));")
    assert status == 409
    assert _decision(browser)["id"] == d["id"]
    assert _state(served, game)["waiting"] == [{"seat": waiting, "kind": "manage"}]
    assert _read(browser, lambda drv: drv.find_element(By.ID, "title").text) == "Бизнесполия"


def _play_to_the_end(served, b, game: str, limit: int = 400) -> int:
    """Click the scripted person's answers until the game is over; the number of decisions."""
    person = Person()

    def decision_or_over(drv):
        raw = drv.find_element(By.ID, "decision").get_attribute("data-decision")
        if raw:
            return json.loads(raw)
        return _state(served, game)["over"] and "over"
    for n in range(limit):
        d = _until(b, WAIT, decision_or_over)
        if d == "over":
            return n
        how, value = person.choose(d, len(_state(served, game)["players"][d["seat"]]["deeds"]))
        _answer(b, how, value)
        _answered(b, d)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("edition, lang, seed, over", [
    # whole games are long runs; the Russian page is shown by
    # test_another_seats_browser_cannot_act_for_the_first, each control by the shorter tests
    pytest.param("classic", "en", 3, "Game over", marks=pytest.mark.slow),
    pytest.param("biznespolia", "ru", 4, "Игра окончена", marks=pytest.mark.slow)])
def test_a_whole_game_with_people_and_bots(served, browser, edition, lang, seed, over):
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"},
             {"name": "Bot 1", "kind": "bot", "bot": "basic"}, {"name": "Bot 2", "kind": "bot", "bot": "random"}]
    code, g = _api(served, "POST", "/api/games", {"edition": edition, "lang": lang, "seed": seed, "seats": seats,
                                                 "max_rounds": 5})
    assert code == 201
    tokens = ",".join(s["token"] for s in g["seats"] if "token" in s)
    browser.get(f"{served.url}/games/{g['game']}#token={tokens}")       # both people at this browser
    n = _play_to_the_end(served, browser, g["game"])
    state = _state(served, g["game"])
    assert state["over"] and state["round"] >= 5 and state["end_reason"] == "round_limit" and n > 10
    richest = max(p["net_worth"] for p in state["players"] if not p["bankrupt"])
    assert {p["seat"] for p in state["players"] if p["net_worth"] == richest and not p["bankrupt"]} == \
        set(state["winners"])
    _until(browser, WAIT, lambda drv: drv.find_element(By.ID, "status").text.startswith(over))


def _neutral(b, d):
    """Answer `d` on the page without changing the game much: done, decline, pass, roll."""
    if d["kind"] == "bid":
        _click(b, "#pass-button")
    else:
        neutral = {"manage": ["done"], "buy": "decline", "jail": "roll", "trade": "reject"}
        value = neutral.get(d["kind"], d["options"][0])
        _click_answer(b, value)
    _answered(b, d)


def test_the_switch_between_the_other_players_turns_shows_and_works(served, browser):
    # the between-turns switch: off by default (as the terminal's `i`); on, the person is asked in the
    # interval after each other player's turn; off again, no more
    seats = [{"name": "Anna", "kind": "human"}] + [{"name": f"Bot {k}", "kind": "bot"} for k in (1, 2)]
    code, g = _api(served, "POST", "/api/games", {"edition": "classic", "seed": 11, "seats": seats})
    assert code == 201
    game, tok = g["game"], g["seats"][0]["token"]
    b = browser
    b.get(f"{served.url}/games/{game}#token={tok}")
    d = _decision(b)
    toggle = "#between-turns input.between-toggle"
    box = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "between-turns").is_displayed()
                 and drv.find_element(By.ID, "between-turns").text)
    assert box == "Manage between the other players' turns"
    assert not _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR, toggle).is_selected())
    _click(b, toggle)
    _until(b, WAIT, lambda drv: _api(served, "GET", f"/api/games/{game}/decision?token={tok}")[1]["between_turns"])
    _until(b, WAIT, lambda drv: drv.find_element(By.CSS_SELECTOR, toggle).is_selected())
    windows = []
    for _ in range(40):
        windows.append(d["details"].get("window"))
        if d["details"].get("window") == "between_turns":
            break
        _neutral(b, d)
        d = _decision(b)
    assert d["details"]["window"] == "between_turns", windows
    question = _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR, "#decision .question").text)
    assert re.fullmatch(r"Between turns \(Bot [12] plays next\): build, sell, mortgage, or let the game go on",
                        question), question
    done = _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR,
                                                 '#decision button.option[data-answer=\'["done"]\']').text)
    assert done == "Done: let the game go on"
    _click(b, toggle)     # off again
    _until(b, WAIT, lambda drv: not _api(served, "GET", f"/api/games/{game}/decision?token={tok}")[1]["between_turns"])
    # the waiting question of the interval is answered "done" and leaves the page
    _answered(b, d)
    seen = []
    for _ in range(12):        # a few turns of Anna's: asked only on her own turn now
        d = _decision(b)
        seen.append(d["details"].get("window"))
        _neutral(b, d)
    assert "between_turns" not in seen and "before_roll" in seen, seen


def test_the_new_game_form_names_magies_bots_in_the_pages_language(served, browser):
    """The form shows "Бот 1" on a Russian page and sends "Bot 1" (the save's name; the game shows
    "Бот 1"); a name typed over it is sent as typed."""
    b = browser
    b.get(served.url + "/")

    def names(drv):
        return [i.get_attribute("value") for i in drv.find_elements(By.CSS_SELECTOR, "#seats .seat-name")]
    _until(b, WAIT, lambda drv: len(names(drv)) == 4)
    _select(b, "ui-lang", "ru")
    _until(b, WAIT, lambda drv: names(drv) == ["Player", "Бот 1", "Бот 2", "Бот 3"])
    _click(b, "#add-seat")
    assert _until(b, WAIT, lambda drv: len(names(drv)) == 5 and names(drv))[4] == "Бот 4"
    _type(b, "#seats .seat-name", "Робот", index=3)
    _type(b, "#seed", "5")
    _click(b, "#create")
    _until(b, WAIT, lambda drv: "/games/" in drv.current_url)
    game = re.search(r"/games/([^#?]+)", b.current_url).group(1)
    token = re.search(r"#token=([^&]+)", b.current_url).group(1)
    state = _state(served, game)
    assert [p["name"] for p in state["players"]] == ["Player", "Бот 1", "Бот 2", "Робот", "Бот 4"]
    code, save = _api(served, "GET", f"/api/games/{game}/save?token={token}")
    assert code == 200
    save = save if isinstance(save, dict) else json.loads(save)
    assert [s["name"] for s in save["seats"]] == ["Player", "Bot 1", "Bot 2", "Робот", "Bot 4"]
