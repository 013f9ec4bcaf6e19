"""Room settings on `magie serve`: the parameters the new-game form offers (with the schema's types,
ranges and descriptions, in the page's language), a game created with settings plays by them and
keeps them in its save (also after a restart), a bad value is a 400 naming its field, and the
rules of the table list what differs from the edition. Analytics on the board: the exact landing
odds and paybacks of the rule set being played, as engine/analysis computes them."""

from __future__ import annotations

import json

import pytest

from magie.engine.analysis.economics import economics
from magie.engine.analysis.markov import landing_odds
from magie.engine.sim.config import load_config, load_tree

from .helpers import client, new_game, poll

PEOPLE = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"}]


def _params(groups: list[dict]) -> dict[str, dict]:
    return {p["path"]: {**p, "group": g["id"], "title": g["title"]} for g in groups for p in g["parameters"]}


def _waiting(c, game: str, tokens: list[str]) -> tuple[str, dict]:
    """The token of the seat a decision waits on, and the decision, once one does."""
    def read():
        for tok in tokens:
            d = c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["decision"]
            if d is not None:
                return tok, d
        return None
    return poll(read, f"a decision of a seat of game {game}")


def _players(c, game: str) -> list[dict]:
    return poll(lambda: c.get(f"/api/games/{game}").json().get("players"), "the game's players")


def test_the_form_offers_the_editions_parameters_with_types_ranges_and_descriptions():
    with client() as c:
        r = c.get("/api/editions/classic/settings")
        assert r.status_code == 200, r.text
        p = _params(r.json()["groups"])
        assert p["setup.start_cash"]["default"] == 1500 and p["setup.start_cash"]["type"] == "integer"
        assert p["setup.start_cash"]["minimum"] == 0 and p["setup.start_cash"]["group"] == "setup"
        fine = p["rules.jail.fine"]
        assert (fine["type"], fine["default"], fine["minimum"], fine["group"]) == ("integer", 50, 0, "rules.jail")
        assert fine["description"] == "The fine paid to leave jail." and fine["title"] == "Getting out of jail."
        assert (p["rules.buildings.sell_percent"]["minimum"], p["rules.buildings.sell_percent"]["maximum"]) == (0, 100)
        declined = p["rules.purchase.declined"]
        assert (declined["type"], declined["default"]) == ("choice", "auction")
        assert declined["choices"] == ["auction", "none"]
        assert p["rules.doubles.roll_again"] == {**p["rules.doubles.roll_again"], "type": "boolean", "default": True}
        assert p["rules.doubles.jail_after"]["nullable"] is True
        assert "rules.rent.street" not in p          # a DSL formula: `--set` takes it, the form does not
        groups = [g["id"] for g in r.json()["groups"]]
        assert groups[:3] == ["setup", "rules", "rules.doubles"]       # in the schema's order
        # an overlay's parameters come with it
        r = c.get("/api/editions/classic/settings", params={"variant": "millionaire"})
        millionaire = _params(r.json()["groups"])
        assert "params.target" not in p and millionaire["params.target"]["default"] == 4000


def test_the_parameters_are_described_in_russian_where_the_catalogue_has_them():
    with client() as c:
        p = _params(c.get("/api/editions/classic/settings", params={"lang": "ru"}).json()["groups"])
    assert p["rules.jail.fine"]["description"] == "Штраф за выход из тюрьмы."
    assert p["rules.jail.fine"]["title"] == "Выход из тюрьмы."
    assert p["rules.salary"]["title"] == "Общие правила"
    assert p["setup.start_cash"]["description"].startswith("Деньги каждого игрока в начале")
    # a parameter the catalogue does not translate is described in English
    assert p["rules.auction.reask"]["description"].startswith("Before the sale the last bidder")


def test_every_translated_description_is_one_of_the_schemas():
    from magie.cli.i18n import gettext_for
    from magie.cli.web.settings import TRANSLATED
    schema = json.dumps(json.load(open("schema/edition.schema.json", encoding="utf-8")))
    for text in TRANSLATED:
        assert json.dumps(text)[1:-1] in schema, text
        assert gettext_for("ru").gettext(text) != text


def test_unknown_edition_or_language_is_refused():
    with client() as c:
        assert c.get("/api/editions/nosuch/settings").status_code == 404
        assert c.get("/api/editions/classic/settings", params={"variant": "nosuch"}).status_code == 404
        r = c.get("/api/editions/classic/settings", params={"lang": "xx"})
        assert r.status_code == 400 and r.json()["field"] == "lang"


def test_a_game_plays_by_its_settings_and_shows_them_to_every_seat(tmp_path):
    settings = {"setup.start_cash": 2000, "rules.jail.fine": 100, "rules.purchase.declined": "none",
                "rules.auction.step": 1}           # the edition's own value: not a change
    with client(tmp_path) as c:
        g = new_game(c, PEOPLE, settings=settings, lang="ru")
        game = g["game"]
        assert [p["cash"] for p in _players(c, game)] == [2000, 2000]
        rules = c.get(f"/api/games/{game}/rules").json()
        shown = {s["path"]: (s["value"], s["default"]) for s in rules["settings"]}
        assert shown == {"setup.start_cash": (2000, 1500), "rules.jail.fine": (100, 50),
                         "rules.purchase.declined": ("none", "auction")}
        about = {s["path"]: s["description"] for s in rules["settings"]}
        assert about["rules.jail.fine"] == "Штраф за выход из тюрьмы."
        tok = g["seats"][0]["token"]
        _waiting(c, game, [s["token"] for s in g["seats"]])          # the game is saved at a person's decision
        save = json.loads(c.get(f"/api/games/{game}/save", params={"token": tok}).text)
        assert {s["path"]: s["value"] for s in save["options"]["settings"]} == {
            "setup.start_cash": 2000, "rules.jail.fine": 100, "rules.purchase.declined": "none"}
        assert save["edition"]["content"]["rules"]["jail"]["fine"] == 100
        before = c.get(f"/api/games/{game}").json()
    # after a restart: the same rules, played on the edition with its settings (no note of a
    # changed edition)
    with client(tmp_path) as c:
        state = poll(lambda: (s := c.get(f"/api/games/{game}").json()).get("players") and s, "the resumed game")
        assert [p["cash"] for p in state["players"]] == [p["cash"] for p in before["players"]]
        assert c.get(f"/api/games/{game}/info").json()["note"] is None
        assert len(c.get(f"/api/games/{game}/rules").json()["settings"]) == 3
        # a downloaded save goes on elsewhere on the same rules
        r = c.post("/api/games/resume", content=c.get(f"/api/games/{game}/save", params={"token": tok}).content)
        assert r.status_code == 201 and r.json()["note"] is None, r.text
        again = r.json()["game"]
        assert {s["path"]: s["value"] for s in c.get(f"/api/games/{again}/rules").json()["settings"]} == {
            "setup.start_cash": 2000, "rules.jail.fine": 100, "rules.purchase.declined": "none"}


def test_a_setting_changes_what_the_game_does():
    """With purchase.declined none, a declined deed stays with the bank: no auction follows."""
    with client() as c:
        for declined, auctions in (("none", False), ("auction", True)):
            g = new_game(c, PEOPLE, seed=5, settings={"rules.purchase.declined": declined})
            game, toks = g["game"], [s["token"] for s in g["seats"]]
            for _ in range(40):
                tok, d = _waiting(c, game, toks)
                if d["kind"] == "buy":
                    break
                value = {"manage": ["done"], "jail": "roll"}.get(d["kind"], d["options"][0] if d["options"] else None)
                r = c.post(f"/api/games/{game}/answer", params={"token": tok},
                           json={"answer": value, "decision": d["id"]})
                assert r.status_code == 200, r.text
            assert d["kind"] == "buy"
            r = c.post(f"/api/games/{game}/answer", params={"token": tok},
                       json={"answer": "decline", "decision": d["id"]})
            assert r.status_code == 200, r.text
            after = _waiting(c, game, toks)[1]
            assert (after["kind"] == "bid") is auctions, after["kind"]


@pytest.mark.parametrize("settings, field, words", [
    ({"rules.jail.fine": -5}, "settings.rules.jail.fine", "-5 is too small (the least allowed is 0)"),
    ({"rules.buildings.sell_percent": 150}, "settings.rules.buildings.sell_percent", "150 is too large"),
    ({"rules.jail.fine": True}, "settings.rules.jail.fine", "expected an integer"),
    ({"rules.purchase.declined": "sometimes"}, "settings.rules.purchase.declined", "sometimes"),
    ({"rules.nosuch": 3}, "settings.rules.nosuch", "the edition has no parameter 'rules.nosuch'"),
    ({"setup.start_cash": 10**13}, "settings.setup.start_cash", "out of range"),
    # a value of no type a setting takes is told at its own field, in one message
    ({"setup.start_cash": 1.5}, "settings.setup.start_cash", "found the number 1.5"),
    ({"setup.start_cash": float("nan")}, "settings.setup.start_cash", "found the number nan"),
    ({"setup.start_cash": [1500]}, "settings.setup.start_cash", "found a list"),
    ({"rules.jail.fine": {"by_players": {"2": 5}}}, "settings.rules.jail.fine", "found a map"),
    ({"rules.purchase.declined": "x" * 201}, "settings.rules.purchase.declined", "at most 200 characters"),
    # found in the rent tables, told at the setting that makes them too short
    ({"rules.buildings.houses_before_hotel": 5}, "settings.rules.buildings.houses_before_hotel",
     "has 6 rents, expected at least 7"),
])
def test_a_bad_setting_is_a_400_naming_its_field(settings, field, words):
    with client() as c:
        # encoded by hand: JSON's NaN is what a careless client sends, and the test client refuses it
        body_text = json.dumps({"edition": "classic", "seats": PEOPLE, "settings": settings})
        r = c.post("/api/games", content=body_text, headers={"content-type": "application/json"})
        assert r.status_code == 400, r.text
        body = r.json()
        assert body["field"] == field and words in body["error"], body
        assert c.get("/api/games/none").status_code == 404


def test_every_bad_setting_is_told_in_one_answer():
    with client() as c:
        r = c.post("/api/games", json={"edition": "classic", "seats": PEOPLE, "settings": {
            "rules.nosuch": 1, "rules.jail.fine": -5, "rules.buildings.sell_percent": 150, "setup.start_cash": 900}})
        assert r.status_code == 400
        assert {p["field"] for p in r.json()["problems"]} == {
            "settings.rules.nosuch", "settings.rules.jail.fine", "settings.rules.buildings.sell_percent"}


def test_an_uploaded_edition_and_one_with_rule_switches_take_settings():
    from pathlib import Path
    rectangle = Path(__file__).resolve().parents[1] / "fixtures" / "boards" / "rectangle.yaml"
    with client() as c:
        up = c.post("/api/editions", json={"edition": {"name": "rectangle.yaml",
                                                       "text": rectangle.read_text(encoding="utf-8")}}).json()
        assert _params(c.get(f"/api/editions/{up['edition']}/settings").json()["groups"])["setup.start_cash"]
        g = new_game(c, PEOPLE, edition=up["edition"], settings={"setup.start_cash": 777})
        assert [p["cash"] for p in _players(c, g["game"])] == [777, 777]
        # landlords_game's start cash is a table by the number of players: the form does not offer it
        assert "setup.start_cash" not in _params(c.get("/api/editions/landlords_game/settings").json()["groups"])
        r = c.post("/api/games", json={"edition": "landlords_game", "seats": PEOPLE,
                                       "settings": {"setup.start_cash": 3000}})
        assert r.status_code == 400 and "a section, not a single value" in r.json()["error"]


def test_settings_that_change_nothing_play_the_edition_itself():
    with client() as c:
        g = new_game(c, PEOPLE, settings={"setup.start_cash": 1500})
        assert c.get(f"/api/games/{g['game']}/rules").json()["settings"] == []
        save = json.loads(c.get(f"/api/games/{g['game']}/save", params={"token": g["seats"][0]["token"]}).text)
        assert "settings" not in save["options"]
        assert save["edition"]["content_hash"] == load_config("classic").content_hash


def test_the_analytics_are_the_exact_odds_and_paybacks_of_the_rules_played():
    sets = (("rules.doubles.roll_again", "false"),)
    ed = load_config("classic", (), sets)
    odds = landing_odds(ed, load_tree("classic", (), sets), "long")
    econ = {d.space: d for d in economics(ed, odds).deeds}
    plain = landing_odds(load_config("classic"), load_tree("classic"), "long")
    assert odds.rolls_per_turn != pytest.approx(plain.rolls_per_turn)     # the setting changes the odds
    with client() as c:
        g = new_game(c, PEOPLE + [{"name": "Bot 1", "kind": "bot"}], settings={"rules.doubles.roll_again": False})
        r = c.get(f"/api/games/{g['game']}/analytics")
        assert r.status_code == 200, r.text
        a = r.json()
        assert a["players"] == 3 and a["rolls_per_turn"] == pytest.approx(odds.rolls_per_turn, abs=1e-6)
        for space in ("go", "tverskaya", "jail", "riga_railway"):
            assert a["spaces"][space]["per_roll"] == pytest.approx(odds.per_roll[space], abs=1e-8)
            assert a["spaces"][space]["per_turn"] == pytest.approx(odds.per_turn[space], abs=1e-8)
        assert a["in_jail"]["per_roll"] == pytest.approx(odds.per_roll["in_jail"], abs=1e-8)
        deed = a["deeds"]["tverskaya"]
        assert [lv["level"] for lv in deed["levels"]] == [lv.name for lv in econ["tverskaya"].levels]
        hotel = econ["tverskaya"].levels[-1]
        assert deed["levels"][-1]["payback_rounds"] == pytest.approx(
            hotel.payback_rolls / (2 * odds.rolls_per_turn), abs=0.05)
        paying = [lv for lv in deed["levels"] if lv["payback_rounds"] is not None]
        best = min(paying, key=lambda lv: lv["payback_rounds"])
        assert deed["best"]["level"] == best["level"]
        # a plain game of the edition: the edition's own odds
        g2 = new_game(c, PEOPLE)
        a2 = c.get(f"/api/games/{g2['game']}/analytics").json()
        assert a2["spaces"]["go"]["per_roll"] == pytest.approx(plain.per_roll["go"], abs=1e-8)


def test_the_analytics_say_when_an_edition_cannot_be_modelled():
    with client() as c:
        g = new_game(c, PEOPLE, edition="mega")
        r = c.get(f"/api/games/{g['game']}/analytics")
        assert r.status_code == 422 and "speed_die" in r.json()["error"]


def test_the_analytics_name_levels_in_the_games_language():
    with client() as c:
        g = new_game(c, PEOPLE, lang="ru")
        deed = c.get(f"/api/games/{g['game']}/analytics").json()["deeds"]["tverskaya"]
    assert [lv["name"] for lv in deed["levels"]][:4] == ["одна", "вся группа", "1 дом", "2 дома"]


def test_a_save_whose_settings_do_not_fit_goes_on_with_the_edition_it_carries():
    """A save from elsewhere may say anything in `options.settings`: a game whose settings no
    longer give the rule set it was played with goes on with the copy the save carries."""
    with client() as c:
        g = new_game(c, PEOPLE, settings={"rules.jail.fine": 100})
        save = json.loads(c.get(f"/api/games/{g['game']}/save", params={"token": g["seats"][0]["token"]}).text)
        for settings in ([{"path": "rules.nosuch", "value": 1}], [{"path": "rules.jail.fine", "value": 75}],
                         [{"path": "rules.jail.fine", "value": {"deep": [1] * 5000}}] * 100, "not a list"):
            save["options"]["settings"] = settings
            r = c.post("/api/games/resume", content=json.dumps(save))
            assert r.status_code == 201, r.text
            assert "carried in the save" in r.json()["note"]
            rules = c.get(f"/api/games/{r.json()['game']}/rules")
            assert rules.status_code == 200 and rules.json()["settings"] == []     # none of them is played
        # the settings the game does play are still told, those it does not are left out
        save["options"]["settings"] = [{"path": "rules.jail.fine", "value": 100, "default": 50},
                                       {"path": "rules.salary", "value": 400, "default": 200},
                                       {"path": "../../x", "value": 1, "default": 2}]
        r = c.post("/api/games/resume", content=json.dumps(save))
        rules = c.get(f"/api/games/{r.json()['game']}/rules").json()["settings"]
        assert [(s["path"], s["value"]) for s in rules] == [("rules.jail.fine", 100)], rules
