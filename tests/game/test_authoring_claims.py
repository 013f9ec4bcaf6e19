"""The answers docs/authoring.md gives to new authors, each checked against the engine."""

from __future__ import annotations

from magie.engine.game.events import EventLog

from .helpers import edition, game, player, space


def card_edition(do: str):
    return edition("classic", decks=[{"id": "chance", "cards": [{"id": "chance_go", "do": do}]}])


def run_card(g, name: str) -> None:
    card = next(c for c in g.ed.decks["chance"].cards if c.id == "chance_go")
    card.effect(g, player(g, name))


def test_a_move_in_an_effect_resolves_the_landing_with_its_buy_offer_before_the_next_statement():
    log = EventLog()
    g = game(card_edition("move to arbat\npay bank 10"), {"A": {"script": {"buy": ["buy"]}}, "B": {}},
             log=log)
    run_card(g, "A")
    kinds = [(e["e"], e.get("reason")) for e in log.events if e["e"] in ("buy", "pay")]
    assert kinds.index(("buy", None)) < kinds.index(("pay", "card"))
    a = player(g, "A")
    assert g.owner[space(g.ed, "arbat")] is a and a.cash == 1500 - g.spaces[space(g.ed, "arbat")].price - 10


def test_a_declined_deed_is_auctioned_before_the_next_statement():
    log = EventLog()
    g = game(card_edition("move to arbat\npay bank 10"),
             {"A": {"script": {"buy": ["decline"], "bid": [None]}}, "B": {"script": {"bid": [300]}}}, log=log)
    run_card(g, "A")
    order = [e["e"] for e in log.events]
    assert order.index("sold") < max(i for i, e in enumerate(log.events) if e["e"] == "pay" and e["reason"] == "card")
    assert g.owner[space(g.ed, "arbat")] is player(g, "B")


def test_transfer_cannot_be_refused_and_asks_nobody():
    g = game(card_edition("transfer arbat to me"), {"A": {}, "B": {"owns": {"arbat": 0}}}, record=True)
    run_card(g, "A")
    assert g.owner[space(g.ed, "arbat")] is player(g, "A") and g.answers == []


def test_a_position_is_a_space():
    g = game(card_edition("if me.position.owner == none and me.position.price > 0: collect 7 from bank"),
             {"A": {"pos": "arbat"}, "B": {}})
    run_card(g, "A")
    assert player(g, "A").cash == 1507


def test_text_maps_merge_per_language():
    ed = edition("classic", board=[{"id": "arbat", "name": {"ru": "Арбат (тест)"}}])
    name = ed.spaces[space(ed, "arbat")].name
    assert name["ru"] == "Арбат (тест)" and name["en"] == edition("classic").spaces[space(ed, "arbat")].name["en"]


def test_the_complete_rules_example_of_the_authoring_guide_is_valid():
    import re
    from pathlib import Path

    import yaml
    text = (Path(__file__).resolve().parents[2] / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = text.split("### A complete `rules:` section", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    rules = yaml.safe_load(block)["rules"]
    ed = edition("classic", rules=rules)
    assert ed.rules.treasury is None and ed.rules.loans is None and ed.rules.salary(None, None) == 200
