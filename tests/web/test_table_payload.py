"""What the page's table reads from the HTTP contract (docs/web.md), through FastAPI's test
client: the card texts, symbol names and building ladders of `info`, each deed action's state in a
manage decision (`deeds`: open, or the engine's reason), and the figures of a finished game."""

from __future__ import annotations

import json

import pytest

from .helpers import answer, client, new_game, poll, wait_decision

SEATS = [{"name": "Anna", "kind": "human"}] + [{"name": f"Bot {k}", "kind": "bot"} for k in (1, 2, 3)]


@pytest.fixture
def c():
    with client() as c:
        yield c


def _street_of_a_group_not_whole(info: dict, state: dict, d: dict) -> tuple[str, str]:
    """A street of the deciding seat (0) in a group it does not hold whole: its id, the group's name."""
    street = next(s for s in info["spaces"] if s["id"] in d["deeds"] and s["kind"] == "street"
                  and not all(state["owners"].get(t["id"]) == 0 for t in info["spaces"] if t["group"] == s["group"]))
    return street["id"], next(g["name"] for g in info["groups"] if g["id"] == street["group"])


def test_info_has_card_texts_symbols_and_ladders(c):
    g = new_game(c, SEATS, variants=["speed-die"])
    info = c.get(f"/api/games/{g['game']}/info").json()
    assert info["symbols"] == {"mr_monopoly": "Mr. Monopoly", "bus": "Bus"}
    assert set(info["decks"]) == {"chance", "chest"} and info["decks"]["chance"]["name"] == "Chance"
    assert all(isinstance(t, str) and t for d in info["decks"].values() for t in d["cards"].values())
    arbat = info["deeds"]["arbat"]
    assert arbat["mortgage"] == 200 and [r["cost"] for r in arbat["ladder"]] == [200] * 5
    assert [(r["kind"], r["count"]) for r in arbat["ladder"]] == [("house", k) for k in (1, 2, 3, 4)] + [("hotel", 1)]
    assert info["deeds"]["kursk_railway"]["ladder"] == []


def test_a_manage_decision_says_why_each_closed_deed_action_is_closed(c):
    g = new_game(c, SEATS, seed=4, variants=["all-deeds-dealt"])     # Anna holds the whole dark blue group
    game, tok = g["game"], g["seats"][0]["token"]
    d = wait_decision(c, game, tok)
    state = c.get(f"/api/games/{game}").json()
    info = c.get(f"/api/games/{game}/info").json()
    assert set(d["deeds"]) == set(state["players"][0]["deeds"])
    assert d["deeds"]["arbat"] == {"build": None, "sell": "Arbat Street has no buildings", "mortgage": None,
                                   "unmortgage": "Arbat Street is not mortgaged",
                                   "sell_deed": "the bank does not buy title deeds in this edition"}
    other, group = _street_of_a_group_not_whole(info, state, d)
    why = d["deeds"][other]["build"]        # who holds the lots Anna lacks, each named
    assert why.startswith(f"Anna does not own the whole group {group}: ") and " belongs to Bot " in why
    # after a house on Arbat Street, another there breaks even building; Malaya Bronnaya's is open
    assert answer(c, game, tok, ["build", 39], decision=d["id"]).status_code == 200
    d = wait_decision(c, game, tok)
    assert d["deeds"]["arbat"]["build"] == "build evenly: another lot of the group has fewer buildings"
    assert d["deeds"]["arbat"]["sell"] is None and d["deeds"]["malaya_bronnaya"]["build"] is None


def test_a_finished_game_has_its_figures(c):
    g = new_game(c, SEATS, seed=5, max_rounds=3)
    game, tok = g["game"], g["seats"][0]["token"]
    assert c.get(f"/api/games/{game}").json()["figures"] is None
    neutral = {"manage": ["done"], "buy": "buy", "bid": None, "jail": "pay", "trade": "reject"}

    def over_or_decision():
        if c.get(f"/api/games/{game}").json()["over"]:
            return "over"
        return c.get(f"/api/games/{game}/decision", params={"token": tok}).json()["decision"]
    for _ in range(300):
        d = poll(over_or_decision, "the game's end or Anna's decision")
        if d == "over":
            break
        answer(c, game, tok, neutral.get(d["kind"], d["options"][0] if d["options"] else None), decision=d["id"])
    state = c.get(f"/api/games/{game}").json()
    f = state["figures"]
    assert state["over"] and [r[0] for r in f["worth"]] == list(range(1, len(f["worth"]) + 1))
    assert f["worth"][-1][1] == [p["net_worth"] for p in state["players"]]
    events = [json.loads(line) for line in c.get(f"/api/games/{game}/log").text.splitlines()]
    rents = [e for e in events if e["e"] == "pay" and e["reason"] == "rent"]
    assert rents, "no rent in three rounds: choose another seed"
    assert f["rent_paid"] == [sum(e["amount"] for e in rents if e["payer"] == s) for s in range(4)]
    assert f["rent_received"] == [sum(e["amount"] for e in rents if e["payee"] == s) for s in range(4)]
    landed = {e["to"] for e in events if e["e"] == "move"}
    assert landed <= set(f["landings"]) and all(n > 0 for n in f["landings"].values())


def test_a_russian_game_gives_the_engines_reasons_in_russian(c):
    # the engine says why in English with ids; reasons.py reads its patterns and tells them again
    g = new_game(c, SEATS, seed=4, variants=["all-deeds-dealt"], lang="ru")
    game, tok = g["game"], g["seats"][0]["token"]
    d = wait_decision(c, game, tok)
    assert d["deeds"]["arbat"] == {"build": None, "sell": "на участке «Улица Арбат» нет построек", "mortgage": None,
                                   "unmortgage": "участок «Улица Арбат» не в залоге",
                                   "sell_deed": "в этом издании банк не покупает участки"}
    info = c.get(f"/api/games/{game}/info").json()
    state = c.get(f"/api/games/{game}").json()
    other, group = _street_of_a_group_not_whole(info, state, d)
    why = d["deeds"][other]["build"]
    assert why.startswith(f"у игрока Anna нет всей группы «{group}»: ") and "» принадлежит игроку Бот " in why
    assert answer(c, game, tok, ["build", 39], decision=d["id"]).status_code == 200
    d = wait_decision(c, game, tok)
    assert d["deeds"]["arbat"]["build"] == "стройте равномерно: на другом участке группы построек меньше"


def test_a_reason_without_a_pattern_keeps_the_engines_words_with_names():
    from magie.cli.reasons import reason_in
    from magie.cli.web.narrate import Words
    from tests.game.helpers import playable
    words = Words(playable("classic"), "ru", {0: "Anna"})
    assert reason_in(words, "Anna has 100, the building costs 200") == \
        "у игрока Anna 100 тыс. ₽, а постройка стоит 200 тыс. ₽"
    assert reason_in(words, "arbat already has a hotel") == "на участке «Улица Арбат» уже есть отель"
    assert reason_in(words, "nothing like this on arbat") == "nothing like this on Улица Арбат"
