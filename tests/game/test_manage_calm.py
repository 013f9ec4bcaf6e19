"""An agent's promise to pass in its own manage windows (decisions.Calm): the turn loop does not
call `manage` after a landing, nor the agent's `idle`, while the promise holds, and asks again as
soon as any of the four things it names changes (its player's version or cash level, the deeds
version, the turn). Classic board: A throws 4+6 twice from GO (just visiting, then free parking),
B the same; nothing is bought."""

import copy

import pytest

from magie.engine.agents import Scripted, make_bot
from magie.engine.game.decisions import DONE, NO_CALM, Calm
from magie.engine.game.ledger import transfer

from .helpers import cash, edition, game, owner_of, player
from .test_biznespolia_support import bgame


class CalmAgent(Scripted):
    """Passes every manage window, promising a Calm until its cash reaches `level` and for `turns`
    turns; counts its `idle` calls."""

    def __init__(self, level: int, turns: int = 100, promise: bool = True,
                 windows: frozenset[str] = frozenset({"after_landing"})):
        super().__init__(name="A")
        self.level, self.turns, self.promise = level, turns, promise
        self.idles: list[int] = []
        self.windows = lambda game: windows

    def idle(self, game, p, window):
        self.idles.append(game.turns)
        if not self.promise:
            return True
        return Calm(p.version, self.level, game.deeds_version, game.turns + self.turns)

    def decide(self, game, d):
        return DONE if d.kind == "manage" else super().decide(game, d)


def _table(agent):
    return game(edition("classic"), {"A": {"agent": agent, "pos": "go"}, "B": {"pos": "go"}},
                dice=[(4, 6)] * 6, first="A")


def _meanwhile(g, what):
    a, b = player(g, "A"), player(g, "B")
    if what == "cash":                     # a credit to the level (1500 + 100)
        transfer(g, None, a, 100, "salary")
    elif what == "version":                # A's own deeds change: its version moves (so do the deeds')
        g.set_owner(39, a)
    elif what == "deeds":                  # someone else's deed: the deeds version alone
        g.set_owner(39, b)
    elif what == "small credit":           # below the level: the promise holds
        transfer(g, None, a, 99, "salary")


@pytest.mark.parametrize("what, asked", [("nothing", 1), ("small credit", 1), ("cash", 2), ("version", 2),
                                         ("deeds", 2)])
def test_idle_is_not_asked_while_the_promise_holds(what, asked):
    agent = CalmAgent(level=1600)
    g = _table(agent)
    a = player(g, "A")
    g.play_turn()                          # A: GO -> 10, idle asked, Calm kept
    assert agent.idles == [1] and a.calm is not NO_CALM and a.pos == 10
    g.play_turn()                          # B
    _meanwhile(g, what)
    g.play_turn()                          # A: 10 -> 20
    assert a.pos == 20
    assert len(agent.idles) == asked


@pytest.mark.parametrize("kw", [
    {"turns": 2},           # the promise ends at its turn: it holds while game.turns < 1 + 2, not at turn 3
    {"promise": False},     # an agent that answers True is asked every time
])
def test_idle_is_asked_again_at_a_turn_without_a_promise(kw):
    agent = CalmAgent(level=1600, **kw)
    g = _table(agent)
    for _ in range(3):
        g.play_turn()
    assert agent.idles == [1, 3]


def test_a_true_drops_a_promise_that_ended():
    agent = CalmAgent(level=1600, promise=False)
    g = _table(agent)
    a = player(g, "A")
    g.play_turn()
    a.calm = Calm(a.version, 10**6, g.deeds_version, 2)     # as if promised: it ends at turn 2
    g.play_turn()
    g.play_turn()                          # A (turn 3): idle asked, True: the promise is dropped
    assert agent.idles == [1, 3] and a.calm is NO_CALM


def test_a_fork_of_a_player_drops_the_promise():
    agent = CalmAgent(level=1600)
    g = _table(agent)
    g.play_turn()
    a = player(g, "A")
    assert a.calm is not NO_CALM
    assert copy.deepcopy(a).calm is NO_CALM


@pytest.mark.parametrize("what, asked", [("nothing", [1]), ("small credit", [1]), ("version", [1, 3]),
                                         ("deeds", [1, 3]), ("cash", [1, 3, 3])])
def test_the_window_before_the_roll_keeps_the_promise_too(what, asked):
    """An agent asked before its roll as well: the promise made there skips the window after the
    landing of the same turn, and both windows of its next turn, until one of the four changes
    (its cash at the level, the promise made again before the roll does not hold after landing)."""
    agent = CalmAgent(level=1600, windows=frozenset({"before_roll", "after_landing"}))
    g = _table(agent)
    a = player(g, "A")
    g.play_turn()                          # A: idle asked before the roll only
    assert agent.idles == [1] and a.calm is not NO_CALM and a.pos == 10
    g.play_turn()                          # B
    _meanwhile(g, what)
    g.play_turn()                          # A: asked again before the roll only if the promise ended
    assert a.pos == 20
    assert agent.idles == asked


# Biznespolia's court (the edition action `sue`, open only after a landing on the jail corner,
# editions/biznespolia.yaml): a promise to pass holds only while no edition action is open.
# A throws 1+2 from sc_north (5) to its own shoe_factory (8), B 1+2 from parking (22) to its own
# radio_station (25), then A throws again from 8.

def _court_table(agent, second_throw):
    return bgame({"A": {"agent": agent, "pos": "sc_north", "cash": 1000,
                        "owns": {"sc_north": 0, "shoe_factory": 0, "bakery": 0,
                                 "poultry_farm": 0, "dairy_farm": 0}},
                  "B": {"pos": "parking", "owns": {"radio_station": 0, "grain_elevator": 0}}},
                 dice=[(1, 2), (1, 2), second_throw, (5,), (3,)], first="A")


@pytest.mark.parametrize("second_throw, asked", [((1, 2), [1, 3]),   # 8 -> 11, the court: asked
                                                 ((1, 3), [1])])     # 8 -> 12, its own bakery: not
def test_a_promise_does_not_cover_an_open_edition_action(second_throw, asked):
    agent = CalmAgent(level=10_000)
    g = _court_table(agent, second_throw)
    for _ in range(3):
        g.play_turn()
    assert agent.idles == asked


def test_the_basic_bot_sues_on_the_court_though_it_promised_to_pass():
    g = _court_table(make_bot("basic", 0, 0), (1, 2))
    a = player(g, "A")
    g.play_turn()                          # A: 5 -> 8, passes with a promise
    assert a.pos == 8 and a.calm is not NO_CALM
    g.play_turn()                          # B: 22 -> 25
    g.play_turn()                          # A: 8 -> 11, sues for grain_elevator (fee 120) and wins 5 to 3
    assert a.pos == 11 and owner_of(g, "grain_elevator") == "A" and g.stats["sue"] == 1
    # its kolkhoz group now whole, it builds on the two lots it had (50 each)
    assert cash(g) == {"A": 1000 - 120 - 2 * 50, "B": 2500} and g.level[1] == g.level[3] == 1
