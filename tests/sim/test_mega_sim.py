"""Mega simulations: basic bots play a few short Mega games and use the
edition's mechanisms: skyscrapers, depots, bus tickets, the birthday gift and the speed die's
symbol faces. Counted from the event log."""

from __future__ import annotations

from collections import Counter

from magie.engine.agents import make_bot
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import playable

MEGA = playable("mega", ())


def _uses(seeds=range(3)) -> Counter:
    """What the bots built and used in Mega games with 4 basic bots (300 rounds at most)."""
    used: Counter = Counter()
    for seed in seeds:
        log = EventLog(listener=None, keep=None)
        g = Game(MEGA, [(f"b{i}", make_bot("basic", seed, i)) for i in range(4)], seed=seed,
                 log=log, max_rounds=300, check_invariants=True)
        g.play()
        used["games"] += 1
        used["won"] += bool(g.winners)
        for ev in log.events:
            if ev["e"] == "build":
                i = MEGA.space_index[ev["space"]]
                used[MEGA.spaces[i].ladder[ev["level"] - 1].kind] += 1
            elif ev["e"] in ("card_kept", "card_played", "card_discarded") and ev["card"].startswith("bus_"):
                used["ticket " + ev["e"].split("_")[1]] += 1
            elif ev["e"] == "symbol":
                used["symbol " + ev["symbol"]] += 1
            elif ev["e"] == "all_alike":
                used["triples"] += 1
            elif ev["e"] == "choice" and ev["source"] == "gift_space":
                used["gift " + ev["label"]] += 1
    return used


def test_bots_use_skyscrapers_depots_and_bus_tickets_in_mega():
    used = _uses()
    assert used["games"] == used["won"] == 3
    assert used["house"] > 0 and used["hotel"] > 0
    assert used["skyscraper"] > 0            # the ladder's top level (mega.md 8.2)
    assert used["depot"] > 0                 # on railroads, no group needed (8.7)
    assert used["ticket kept"] > 0 and used["ticket played"] > 0     # bus tickets ridden (7.2)
    assert used["ticket discarded"] > 0      # expired by an "all tickets expire" ticket (7.5)
    assert used["gift cash"] + used["gift ticket"] > 0                # the Birthday Gift space
    assert used["symbol mr_monopoly"] > 0 and used["symbol bus"] > 0 and used["triples"] > 0  # speed die (3, 4.3)
