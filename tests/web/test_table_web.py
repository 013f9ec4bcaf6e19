"""End-to-end in headless Chromium: the table of the game page. The dice shown are the throw of
the log, the token walks to the space the state says, a purchase is the decision's primary
button, a build happens from a deed's panel (the level and the cash shown change), a closed
action is a disabled button with the engine's reason, the end shows standings, the net worth by
round and the landings, and a phone-wide window needs no sideways scrolling (the helpers of
test_browser.py; every wait polls for a condition)."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By

from .helpers import poll
from .policy import Person
from .test_browser import (  # noqa: F401
    CHROMIUM,
    DRIVER,
    INSTALL,
    WAIT,
    _answered,
    _api,
    _click,
    _click_answer,
    _decision,
    _read,
    _state,
    _until,
    browser,
    http,
    served,
)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)]

SEATS = [{"name": "Anna", "kind": "human"}] + [{"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3)]


def _game(srv, **body) -> tuple[str, str, dict]:
    code, g = _api(srv, "POST", "/api/games", {"edition": "classic", "seats": SEATS, **body})
    assert code == 201, g
    return g["game"], g["seats"][0]["token"], _api(srv, "GET", f"/api/games/{g['game']}/info")[1]


def _events(srv, game: str) -> list[dict]:
    return [json.loads(line) for line in _api(srv, "GET", f"/api/games/{game}/log")[1].splitlines() if line]


def _money(info: dict, n: int) -> str:
    return info["money"].replace("{n}", str(n))


def _cash_shown(b, seat: int) -> str:
    css = f'#players tr[data-seat="{seat}"] .cash .amount'
    return _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR, css).text)


def _level_shown(drv) -> str:
    return drv.find_element(By.CSS_SELECTOR, "#deed-panel .rents").get_attribute("data-level")


def _no_sideways_scroll(b) -> bool:
    return b.execute_script("const e = document.documentElement; return e.scrollWidth <= e.clientWidth;")


def test_the_dice_and_the_walk_show_the_throw_and_a_purchase_is_the_primary_button(served, browser):  # noqa: F811
    game, tok, info = _game(served, seed=2)       # Anna's first throw ends on a deed for sale
    b = browser
    b.get(f"{served.url}/games/{game}#token={tok}")
    d = _decision(b)
    assert d["kind"] == "manage" and d["details"]["window"] == "before_roll"
    primary = _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR, "#decision button.primary"))
    assert json.loads(primary.get_attribute("data-answer")) == ["done"] and primary.text == "Roll the dice"
    assert len(_read(b, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#decision button"))) <= 6
    _click(b, "#decision button.primary")
    _answered(b, d)
    d = _decision(b)
    assert d["kind"] == "buy"
    events = _events(served, game)
    roll = [e for e in events if e["e"] == "roll" and e["player"] == 0 and not e.get("extra")][-1]
    move = [e for e in events if e["e"] == "move" and e["player"] == 0][-1]
    # the dice in the board's centre are the throw: each die's face and its pips
    _until(b, WAIT, lambda drv: json.loads(drv.find_element(By.ID, "dice").get_attribute("data-dice") or "[]")
           == roll["dice"])
    faces = _read(b, lambda drv: [(int(x.get_attribute("data-face")), len(x.find_elements(By.CSS_SELECTOR, ".pip")))
                                  for x in drv.find_elements(By.CSS_SELECTOR, "#dice .die")])
    assert faces == [(f, f) for f in roll["dice"]]
    # the token stepped over each space from GO to where the move ends, and stands there
    to = next(s["index"] for s in info["spaces"] if s["id"] == move["to"])
    assert move["steps"] == sum(roll["dice"]) and to == sum(roll["dice"])
    walked = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "table").get_attribute("data-walked"))
    assert json.loads(walked) == list(range(0, to + 1))
    assert _state(served, game)["players"][0]["position"] == move["to"] == d["details"]["space_id"]
    _until(b, WAIT, lambda drv: drv.find_element(
        By.CSS_SELECTOR, f'#board g.space[data-space="{move["to"]}"] circle.token[data-seat="0"]').is_displayed())
    # the purchase is the primary button; the cash shown drops by the price
    cash, price = _state(served, game)["players"][0]["cash"], d["details"]["price"]
    primary = _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR, "#decision button.primary"))
    assert json.loads(primary.get_attribute("data-answer")) == "buy"
    _click(b, "#decision button.primary")
    _answered(b, d)
    after = _state(served, game)
    assert after["owners"][move["to"]] == 0 and after["players"][0]["cash"] == cash - price
    _until(b, WAIT, lambda drv: _cash_shown(drv, 0) == _money(info, cash - price))
    # the feed beside the decision tells the purchase in the narration's words
    _until(b, WAIT, lambda drv: any(li.text.startswith("Anna: buys ")
                                    for li in drv.find_elements(By.CSS_SELECTOR, "#feed li")))


def test_a_build_from_a_deed_panel_and_a_closed_action_with_its_reason(served, browser):  # noqa: F811
    game, tok, info = _game(served, seed=4, variants=["all-deeds-dealt"])    # Anna holds the whole dark blue group
    b = browser
    b.get(f"{served.url}/games/{game}#token={tok}")
    d = _decision(b)
    builds = [o for o in d["options"] if o[0] == "build"]
    assert builds == [["build", 37], ["build", 39]]
    sp = info["spaces"][37]
    cost = info["deeds"][sp["id"]]["ladder"][0]["cost"]
    # the build is no button of the decision, only of the deed's panel
    assert not _read(b, lambda drv: drv.find_elements(By.CSS_SELECTOR, '#decision button[data-answer^=\'["build"\']'))
    _click(b, '#board g.space[data-index="37"]')
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "deed-panel").get_attribute("data-space") == sp["id"])
    assert _read(b, _level_shown) == "0"
    rents = _read(b, lambda drv: [r.text for r in drv.find_elements(By.CSS_SELECTOR, "#deed-panel .rents td")])
    assert rents == [_money(info, r) for r in sp["rent"]]
    cash = _state(served, game)["players"][0]["cash"]
    _click_answer(b, ["build", 37])
    _answered(b, d)
    _until(b, WAIT, lambda drv: _level_shown(drv) == "1")
    state = _state(served, game)
    assert state["levels"][sp["id"]] == 1 and state["players"][0]["cash"] == cash - cost
    _until(b, WAIT, lambda drv: _cash_shown(drv, 0) == _money(info, cash - cost))
    _until(b, WAIT, lambda drv: drv.find_elements(By.CSS_SELECTOR, f'#board g[data-space="{sp["id"]}"] rect.house'))
    # building on 37 again before 39 has a house breaks even building: disabled, the engine says why
    d = _decision(b)
    reason = _until(b, WAIT, lambda drv: [
        (x.find_element(By.CSS_SELECTOR, "button").get_attribute("disabled") is not None,
         x.find_element(By.CSS_SELECTOR, ".why").text)
        for x in drv.find_elements(By.CSS_SELECTOR, "#deed-panel .closed")
        if x.find_element(By.CSS_SELECTOR, "button").get_attribute("data-kind") == "build"])
    assert reason == [(True, "build evenly: another lot of the group has fewer buildings")]
    assert d["deeds"][sp["id"]]["build"] == reason[0][1]
    # "build evenly to 2": each lot of the group reaches two houses, lowest first
    cash = state["players"][0]["cash"]
    _click(b, '#deed-panel button.evenly[data-level="2"]')
    lots = [info["spaces"][i]["id"] for i in (37, 39)]
    _until(b, WAIT, lambda drv: [_state(served, game)["levels"].get(i) for i in lots] == [2, 2])
    assert _state(served, game)["players"][0]["cash"] == cash - 3 * cost
    # a deed of a group Anna does not hold whole: its build is closed with the engine's reason
    mine = set(_state(served, game)["players"][0]["deeds"])
    other = next(s for s in info["spaces"] if s["id"] in mine and s["group"] != sp["group"] and s["kind"] == "street"
                 and not all(t["id"] in mine for t in info["spaces"] if t["group"] == s["group"]))
    _click(b, f'#board g.space[data-index="{other["index"]}"]')
    group = next(g["name"] for g in info["groups"] if g["id"] == other["group"])
    build = '#deed-panel .closed button[data-kind="build"]'
    why = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "deed-panel").get_attribute("data-space") == other["id"]
                 and drv.find_element(By.CSS_SELECTOR, build).is_enabled() is False
                 and drv.find_element(By.CSS_SELECTOR, "#deed-panel .closed .why").text)
    assert why.startswith(f"Anna does not own the whole group {group}: ") and " belongs to " in why


def test_game_over_shows_standings_net_worth_and_landings(served, browser):  # noqa: F811
    game, tok, info = _game(served, seed=5, max_rounds=3)
    b = browser
    b.set_window_size(400, 900)
    b.get(f"{served.url}/games/{game}#token={tok}")
    _decision(b)
    assert _no_sideways_scroll(b)
    for _ in range(200):
        raw = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "decision").get_attribute("data-decision")
                     or (_state(served, game)["over"] and "over"))
        if raw == "over":
            break
        d = json.loads(raw)
        if d["kind"] == "bid":
            _click(b, "#pass-button")
        else:
            _click_answer(b, {"manage": ["done"], "buy": "decline", "jail": "pay", "trade": "reject"}.get(
                d["kind"], d["options"][0] if d["options"] else None))
        _answered(b, d)
    state = _state(served, game)
    assert state["over"] and state["figures"]["worth"][-1][1] == [p["net_worth"] for p in state["players"]]
    rows = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "game-over").is_displayed() and [
        (r.get_attribute("data-seat"), r.find_element(By.CSS_SELECTOR, ".worth").text)
        for r in drv.find_elements(By.CSS_SELECTOR, "#standings tr[data-seat]")])
    ranked = sorted(state["players"], key=lambda p: -p["net_worth"])
    assert rows == [(str(p["seat"]), _money(info, p["net_worth"])) for p in ranked]
    assert _read(b, lambda drv: len(drv.find_elements(By.CSS_SELECTOR, "#worth-chart polyline"))) == 4
    landed = _until(b, WAIT, lambda drv: {g.get_attribute("data-space"): int(g.find_element(
        By.CSS_SELECTOR, "rect.heat").get_attribute("data-landings")) for g in drv.find_elements(
        By.CSS_SELECTOR, "#board g.space") if g.find_elements(By.CSS_SELECTOR, "rect.heat")} or False)
    assert {k: v for k, v in landed.items() if v} == state["figures"]["landings"] and len(landed) == 40
    assert _no_sideways_scroll(b)


def test_a_counter_offer_turns_a_bots_offer_round_in_the_trade_form(served, browser):  # noqa: F811
    game, tok, info = _game(served, seed=30)
    person = Person()

    def waiting():
        return http().get(f"{served.url}/api/games/{game}/decision", params={"token": tok}).json()["decision"]
    for _ in range(300):         # the scripted person through the API, up to a bot's offer
        d = poll(waiting, "a decision for Anna")
        if d["kind"] == "trade":
            break
        how, value = person.choose(d, len(_state(served, game)["players"][0]["deeds"]))
        http().post(f"{served.url}/api/games/{game}/answer", params={"token": tok},
                   json={"answer": None if how == "pass" else value, "decision": d["id"]})
    offer = d["details"]["offer"]
    assert d["kind"] == "trade" and offer["partner"] == 0
    b = browser
    b.get(f"{served.url}/games/{game}#token={tok}")
    assert _decision(b)["id"] == d["id"]
    gives = _read(b, lambda drv: drv.find_element(By.CSS_SELECTOR, "#decision .offer-sides .gives").text)
    given = [info["spaces"][i]["name"] for i in offer["give_deeds"]] + \
        ([_money(info, offer["give_cash"])] if offer["give_cash"] else []) + \
        [info["decks"][deck]["cards"][card] for deck, card in offer["give_cards"]]
    assert gives == (", ".join(given) or "—")
    _click(b, "#counter-offer")
    _answered(b, d)
    for _ in range(60):          # Anna's next chance to trade opens the form with the offer turned round
        d = _decision(b)
        if d["kind"] == "manage" and d.get("trade"):
            break
        _click_answer(b, {"buy": "decline", "jail": "pay"}.get(d["kind"], d["options"][0]))
        _answered(b, d)
    form = _until(b, WAIT, lambda drv: drv.find_element(By.ID, "trade-form").get_attribute("data-counter")
                  and drv.find_element(By.ID, "trade-form"))
    assert form.get_attribute("open") is not None
    value = lambda drv, id: drv.find_element(By.ID, id).get_attribute("value")    # noqa: E731
    assert _read(b, lambda drv: value(drv, "trade-partner")) == str(offer["proposer"])
    mine = set(_state(served, game)["players"][0]["deeds"])

    def checked(drv, css):
        return sorted(int(i.get_attribute("value")) for i in drv.find_elements(By.CSS_SELECTOR, css + ":checked"))
    ticked = _read(b, lambda drv: (checked(drv, "#trade-mine .give-deed"), checked(drv, "#trade-theirs .get-deed"),
                                   value(drv, "give-cash"), value(drv, "get-cash")))
    theirs = set(_state(served, game)["players"][offer["proposer"]]["deeds"])
    assert ticked == (sorted(i for i in offer["get_deeds"] if info["spaces"][i]["id"] in mine),
                      sorted(i for i in offer["give_deeds"] if info["spaces"][i]["id"] in theirs),
                      str(offer["get_cash"]), str(offer["give_cash"]))
    _click(b, "#offer-trade")
    _answered(b, d)
    sent = poll(lambda: [e for e in _events(served, game) if e["e"] == "trade_offer" and e["proposer"] == 0],
                "Anna's offer")
    assert (sent[-1]["partner"], sent[-1]["give_cash"], sent[-1]["get_cash"]) == \
        (offer["proposer"], offer["get_cash"], offer["give_cash"])


def test_with_reduced_motion_the_token_stands_on_its_new_space_without_walking(served, browser):  # noqa: F811
    game, tok, info = _game(served, seed=2)
    b = browser
    b.execute_cdp_cmd("Emulation.setEmulatedMedia",
                      {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    b.get(f"{served.url}/games/{game}#token={tok}")
    assert b.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
    d = _decision(b)
    _click(b, "#decision button.primary")
    _answered(b, d)
    d = _decision(b)
    to = d["details"]["space_id"]
    _until(b, WAIT, lambda drv: drv.find_element(
        By.CSS_SELECTOR, f'#board g.space[data-space="{to}"] circle.token[data-seat="0"]').is_displayed())
    _until(b, WAIT, lambda drv: drv.find_element(By.ID, "dice").get_attribute("data-dice"))
    assert _read(b, lambda drv: drv.find_element(By.ID, "table").get_attribute("data-walked")) is None
    assert not _read(b, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#dice.rolling, .walker"))
