"""`GameCounters` takes only some kinds in full and reads positions and jail from the game
(events.py, the log protocol); its statistics must be what the whole event stream gives. The
reference here follows every event, as the counters did before (move, jail, jail_leave, turn)."""

from __future__ import annotations

import pytest

from magie.engine.agents import make_bot
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.sim.counters import GameCounters
from tests.game.helpers import playable


def _reference(ed, events, from_round):
    """per_roll, per_turn, events by kind, rent and builds by group, bankruptcy rounds from the
    full event list (the counters' measures, docs in engine/sim/counters.py)."""
    n, index = len(ed.spaces), ed.space_index
    group_of = [s.group for s in ed.spaces]
    pos, in_jail = {}, {}
    per_roll, per_turn = [0] * (n + 1), [0] * (n + 1)
    kinds, rent, builds, bankrupt = {}, {}, {}, []
    st = {"pending": None, "current": None, "round": 1}

    def where(seat):
        return n if in_jail.get(seat) else pos.get(seat, ed.start_index)

    def resolve():
        if st["pending"] is not None:
            if st["round"] >= from_round:
                per_roll[where(st["pending"])] += 1
            st["pending"] = None

    def end_turn():
        resolve()
        if st["current"] is not None and st["round"] >= from_round:
            per_turn[where(st["current"])] += 1
        st["current"] = None

    for ev in events:
        e = ev["e"]
        kinds[e] = kinds.get(e, 0) + 1
        if e == "move":
            pos[ev["player"]] = index[ev["to"]]
        elif e == "roll" and not ev.get("extra"):
            resolve()
            st["pending"] = ev["player"]
        elif e == "turn":
            end_turn()
            st["current"], st["round"] = ev["player"], ev["round"]
            pos[ev["player"]] = index[ev["pos"]]
        elif e == "jail":
            pos[ev["player"]], in_jail[ev["player"]] = ed.jail_index, True
        elif e == "jail_leave":
            in_jail[ev["player"]] = False
        elif e == "pay" and ev["reason"] == "rent" and ev["payer"] is not None:
            g = group_of[pos[ev["payer"]]] or "?"
            rent[g] = rent.get(g, 0) + ev["amount"]
        elif e == "build":
            g = group_of[index[ev["space"]]] or "?"
            builds[g] = builds.get(g, 0) + 1
        elif e == "bankrupt":
            bankrupt.append(st["round"])
            if ev["player"] == st["current"]:
                resolve()
                st["current"] = None
        elif e == "end":
            end_turn()
    end_turn()
    return per_roll, per_turn, kinds, rent, builds, bankrupt


class _Both:
    """A log that feeds the counters their kinds and keeps every event (to play one game once)."""

    def __init__(self, counters):
        self.counters, self.full = counters, EventLog(keep=None)

    def follow(self, game):
        self.counters.follow(game)

    def add(self, event):
        self.full.add(event)
        if event["e"] in self.counters.wants or (event["e"] == "pay" and event["reason"] == "rent"):
            self.counters.add(event)


@pytest.mark.parametrize("ref,kind,seed,from_round", [
    ("classic", "basic", 1, 1), ("classic", "random", 2, 3), ("biznespolia", "basic", 3, 1),
    ("mega", "basic", 4, 2), ("landlords_game", "basic", 5, 1), ("uk", "random", 6, 1)])
def test_counters_equal_what_the_whole_event_stream_gives(ref, kind, seed, from_round):
    ed = playable(ref, ())
    c = GameCounters(ed, 4, from_round)
    players = [(f"b{i}", make_bot(kind, seed, i)) for i in range(4)]
    g = Game(ed, players, seed=seed, max_rounds=150, log=c)
    g.play()
    c.finish()
    both = GameCounters(ed, 4, from_round)
    log = _Both(both)
    Game(ed, [(f"b{i}", make_bot(kind, seed, i)) for i in range(4)], seed=seed, max_rounds=150, log=log).play()
    per_roll, per_turn, kinds, rent, builds, bankrupt = _reference(ed, list(log.full.events), from_round)
    assert sum(per_roll) > 100 and sum(kinds.values()) > 500
    assert c.per_roll == per_roll
    assert c.per_turn == per_turn
    assert c.events == kinds
    assert c.rent_by_group == rent
    assert c.builds_by_group == builds
    assert c.bankrupt_rounds == bankrupt


def test_a_log_that_wants_some_kinds_gets_only_those_and_counts_of_all():
    """`wants` limits the events given in full; `pay:rent` takes the rent pays only."""
    ed = playable("classic", ())

    class Some:
        wants = frozenset({"turn", "pay:rent"})

        def __init__(self):
            self.got = []

        def add(self, event):
            self.got.append(event)

    log = Some()
    g = Game(ed, [(f"b{i}", make_bot("basic", 7, i)) for i in range(4)], seed=7, max_rounds=40, log=log)
    g.play()
    got = {e["e"] for e in log.got}
    assert got == {"turn", "pay"}
    assert {e["reason"] for e in log.got if e["e"] == "pay"} == {"rent"}
    full = EventLog(keep=None)
    Game(ed, [(f"b{i}", make_bot("basic", 7, i)) for i in range(4)], seed=7, max_rounds=40, log=full).play()
    every = list(full.events)
    assert log.got == [e for e in every if e["e"] == "turn" or (e["e"] == "pay" and e["reason"] == "rent")]
    from magie.engine.game.events import KINDS
    counts = {k: c for k, c in zip(KINDS, g.event_counts, strict=True) if c}
    assert counts == {k: sum(1 for e in every if e["e"] == k) for k in {e["e"] for e in every}}
