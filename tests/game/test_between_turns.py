"""Managing between other players' turns: seed 000, "You may buy houses
during your turn or in the interval between other players' turns", "Buildings may be sold at
any time" (rules.between_turns: classic true; Biznespolia and the other reading false).

Classic board: 1 Zhitnaya and 3 Nagatinskaya (brown, 60, houses 50; rent 2 and 4, doubled for
the whole group; one house: 10 and 20); 10 jail."""

import hashlib
import io

import pytest

from magie.engine.agents import Scripted
from magie.engine.agents.basic import BasicBot
from magie.engine.errors import IllegalDecision
from magie.engine.game.between_turns import wire
from magie.engine.game.decisions import DONE, Quiet, TradeOffer
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.game.ledger import transfer
from magie.engine.game.player import NO_WAKE
from tests.game.helpers import playable
from tests.runners import load_tool

from .helpers import edition, game, player, stack

BETWEEN = frozenset({"before_roll", "after_landing", "between_turns"})


def _table(between: bool, a_agent):
    """B plays first (3+4 from GO), then C, then A, who owns the brown group whole and is asked
    in the interval after B's turn. C throws 1+2 from GO onto Nagatinskaya."""
    ed = edition("classic", rules={"between_turns": between})
    return game(ed, {"B": {"pos": "go"}, "C": {"pos": "go"},
                     "A": {"agent": a_agent, "owns": {"zhitnaya": 0, "nagatinskaya": 0}, "pos": "jail"}},
                dice=[(3, 4), (1, 2)], first="B")


@pytest.mark.parametrize("between, rent", [(True, 20), (False, 8)])
def test_a_house_built_between_turns_raises_the_next_players_rent(between, rent):
    # A builds on Nagatinskaya in the interval after B's turn; C then lands there. Without
    # the window A could not build before C's throw: the whole-group rent 2 x 4 = 8.
    a = Scripted(name="A", windows=BETWEEN, manage=[("build", 3), DONE])
    g = _table(between, a)
    c, pa = player(g, "C"), player(g, "A")
    g.play_turn()                                      # B: 3+4, then the interval (A builds)
    g.play_turn()                                      # C: 1+2 onto Nagatinskaya
    assert c.pos == 3
    assert g.level[3] == (1 if between else 0)
    assert pa.cash == 1500 - (50 if between else 0) + rent
    assert [d.window for d in a.asked if d.kind == "manage"][:1] == (["between_turns"] if between else [])


def test_everyone_but_the_player_who_just_played_is_asked_next_player_first():
    ed = edition("classic")
    asked: list[tuple[str, str]] = []

    def rec(name):
        def answer(g, d):
            if d.kind == "manage":
                asked.append((name, d.window))
                return DONE
            return Scripted().decide(g, d)
        return Scripted(answer, name=name, windows=frozenset({"between_turns"}))
    g = game(ed, {n: {"agent": rec(n)} for n in "ABC"}, dice=[(3, 4)], first="A")
    g.play_turn()
    assert asked == [("B", "between_turns"), ("C", "between_turns")]


def test_only_agents_that_name_the_window_are_asked():
    # a Scripted agent without `windows` keeps the two windows of its own turn
    g = game(edition("classic"), ["A", "B"], dice=[(3, 4), (1, 2)], first="A")
    g.play_turn()
    b = g.agents[1]
    assert not [d for d in b.asked if d.kind == "manage"]


def test_in_the_interval_one_builds_sells_mortgages_and_trades_but_takes_no_turn_actions():
    ed = edition("classic")
    g = game(ed, {"A": {}, "B": {"owns": {"zhitnaya": 1, "nagatinskaya": 1}, "script": {"trade": ["accept"]}}},
             first="A")
    b = player(g, "B")
    g.check_action(b, ("sell", 1), "between_turns")
    g.check_action(b, ("build", 3), "between_turns")
    offer = TradeOffer(1, 0, give_cash=10)
    g.check_action(b, ("trade", offer), "between_turns")
    g.kept_uses[("chance", "chance_jail_free")] = "get_out_of_jail"
    b.held_cards.append(("chance", "chance_jail_free"))
    with pytest.raises(IllegalDecision, match="cannot play"):
        g.check_action(b, ("play", "chance", "chance_jail_free"), "between_turns")
    # where trades happen only before rolling, none between turns
    before = edition("classic", rules={"trade": {"window": "before_roll"}})
    g2 = game(before, {"A": {}, "B": {}}, first="A")
    with pytest.raises(IllegalDecision, match="before rolling"):
        g2.check_action(player(g2, "B"), ("trade", offer), "between_turns")


def test_biznespolia_has_no_interval():
    assert edition("biznespolia").rules.between_turns is False
    assert edition("classic").rules.between_turns is True


# ---------------------------------------------------------------- the basic bot
def _bot_table(c_pos: str, houses: int | None = None):
    bot = BasicBot(name="A")
    ed = edition("classic")
    g = game(ed, {"B": {"pos": "go"}, "C": {"pos": c_pos},
                  "A": {"agent": bot, "cash": 1500, "owns": {"zhitnaya": 0, "nagatinskaya": 0}, "pos": "jail"}},
             dice=[(3, 4)], first="B", houses=houses)
    return g, bot


def test_the_basic_bot_builds_before_the_throw_of_a_player_who_can_reach_its_group():
    g, bot = _bot_table("riga_railway")                      # 5: the browns are behind C
    g.play_turn()                                           # B's turn, then the interval: C is next
    assert sum(g.level[i] for i in (1, 3)) == 0            # C cannot reach them: no building now
    g2, _ = _bot_table(37)                                   # 37: 4 and 6 steps before 1 and 3
    g2.play_turn()
    # up to a hotel on each: 8 houses and 2 hotels at 50, the houses back in the bank
    assert [g2.level[i] for i in (1, 3)] == [5, 5] and g2.houses == 32 and g2.hotels == 10
    assert player(g2, "A").cash == 1500 - 10 * 50


def test_the_basic_bot_builds_in_the_interval_when_houses_run_short():
    # C cannot reach the browns, but the bank has 6 houses (BasicBot.SHORTAGE): A takes them all,
    # three on each lot; with one house more in the bank it waits
    g, _ = _bot_table("riga_railway", houses=BasicBot.SHORTAGE)
    g.play_turn()
    assert [g.level[i] for i in (1, 3)] == [3, 3] and g.houses == 0 and player(g, "A").cash == 1500 - 6 * 50
    g, _ = _bot_table("riga_railway", houses=BasicBot.SHORTAGE + 1)
    g.play_turn()
    assert [g.level[i] for i in (1, 3)] == [0, 0] and g.houses == 7 and player(g, "A").cash == 1500


# ---------------------------------------------------------------- Quiet: until when an agent passes
class _Sleepy(Scripted):
    """Asked between turns (and after landing on its own turn with `own_turn`); its `idle`
    records the game turn of each call between turns and passes there with `Quiet(cash=wake)`."""

    def __init__(self, wake: int, own_turn: bool = False, **kw):
        windows = {"between_turns", "after_landing"} if own_turn else {"between_turns"}
        super().__init__(name="A", windows=frozenset(windows), **kw)
        self.wake = wake
        self.idled: list[int] = []

    def idle(self, game, p, window):
        if window != "between_turns":
            return True
        self.idled.append(game.turns)
        return Quiet(self.wake)


def _sleepy_table(agent, c_throw=(4, 6), a_pos="go", a_throws=((4, 6),)):
    """Order B, C, D, A, everyone on GO but A on `a_pos`; A holds Nagatinskaya (rent 4). B
    throws 4+6 (just visiting), C `c_throw` (1+2: onto Nagatinskaya), D 4+6, A `a_throws`,
    B 4+6."""
    g = game(edition("classic"), {"B": {}, "C": {}, "D": {},
                                  "A": {"agent": agent, "owns": {"nagatinskaya": 0}, "pos": a_pos}},
             dice=[(4, 6), c_throw, (4, 6), *a_throws, (4, 6)], first="B")
    return g, player(g, "A")


def test_a_quiet_agent_is_not_asked_again_until_its_cash_reaches_the_level_it_named():
    a = _Sleepy(1502)
    g, pa = _sleepy_table(a, c_throw=(4, 6))
    g.play_turn()                                  # B; the interval: A is asked and names 1502
    assert a.idled == [1] and pa.wake == 1502
    g.play_turn()                                  # C: no rent, A keeps 1500: not asked
    g.play_turn()                                  # D
    assert a.idled == [1] and pa.cash == 1500
    a2 = _Sleepy(1502)
    g2, pa2 = _sleepy_table(a2, c_throw=(1, 2))
    g2.play_turn()
    g2.play_turn()                                 # C pays A 4 on Nagatinskaya: 1504 reaches 1502
    assert pa2.cash == 1504 and a2.idled == [1, 2]


def test_a_quiet_agent_is_asked_again_after_its_deeds_buildings_or_mortgages_change():
    a = _Sleepy(10_000)
    g, pa = _sleepy_table(a)
    g.play_turn()                                  # B
    g.mortgage(pa, 3)                              # A's mortgages change (player.version)
    g.play_turn()                                  # C: A asked again
    g.play_turn()                                  # D: not (quiet at the new version)
    assert a.idled == [1, 2]


@pytest.mark.parametrize("a_pos, a_throws, idled", [
    ("go", [(4, 6)], [1]),             # just visiting: 1500 after landing, below 1502
    (35, [(3, 3), (1, 2)], [1, 5]),    # past GO (200) onto Zhitnaya, consulted with 1700 after
])                                     # landing; the double's throw onto the income tax: 1500
def test_a_quiet_agent_stays_quiet_through_its_own_turn_unless_consulted_there_with_that_cash(a_pos, a_throws,
                                                                                              idled):
    a = _Sleepy(1502, own_turn=True)
    g, pa = _sleepy_table(a, a_pos=a_pos, a_throws=a_throws)
    for _ in range(4):
        g.play_turn()                              # B (A asked: quiet until 1502), C, D, A
    assert pa.cash == 1500
    g.play_turn()                                  # B again: the interval asks A only if woken
    assert a.idled == idled


def test_the_basic_bot_quiet_below_its_trigger_builds_once_rent_lifts_its_cash_past_it():
    # A holds the browns whole with 145: a house (50) needs 150 with its reserve of 100 (1/15 of
    # 1,500). A plays first (4+6, just visiting) and learns that level on its own turn; after B's
    # turn it is quiet until 150. C throws 1+2 onto Nagatinskaya and pays 8 (the whole group's
    # double rent): with 153 A is asked again after C's turn, and builds before D's throw from
    # 37, which may reach the browns (4 and 6 steps). The recorded game, which asks A's
    # `decide` in every window and never its `idle`, builds the same.
    for record in (False, True):
        bot = BasicBot(name="A")
        g = game(edition("classic"),
                 {"A": {"agent": bot, "cash": 145, "owns": {"zhitnaya": 0, "nagatinskaya": 0}},
                  "B": {}, "C": {}, "D": {"pos": 37}},
                 dice=[(4, 6), (4, 6), (1, 2)], first="A", record=record)
        pa = player(g, "A")
        g.play_turn()                              # A
        g.play_turn()                              # B
        assert (g.level[1], g.level[3], pa.cash) == (0, 0, 145)
        if not record:
            assert pa.wake == 150
        g.play_turn()                              # C pays 8; A builds in the interval
        assert (g.level[1], g.level[3], pa.cash, g.houses) == (1, 0, 145 + 8 - 50, 31)


# ---------------------------------------------------------------- the skipped window (between_awake)
# When every living player is quiet, the turn loop skips the window at once (no bit is set in
# g.between_awake); a credit that takes a quiet player's cash to its level (ledger.transfer), a
# change of its buildings, mortgages or loans, or a deed of its changing hands sets its bit.
# Here only A is asked between turns (the others' agents do not name the window: bit 0).
# C's throws from GO: 1+2 onto Nagatinskaya (A's: rent 4); 3+4 onto Chance (7); from just
# visiting (10), 3+4 onto Community Chest (17).
@pytest.mark.parametrize("how, c_pos, c_throw, wakes, a_cash", [
    ("rent", "go", (1, 2), True, 1504),                  # C pays A 4: 1504 reaches 1502
    ("card", "go", (3, 4), True, 1550),                  # chairman of the board: C pays each 50
    ("trade", "go", (4, 6), True, 1505),                 # C gives A 5 in a trade on C's turn
    ("small trade", "go", (4, 6), False, 1501),          # 1 only: 1501 stays below 1502
    ("debit", 10, (3, 4), False, 1490),                  # C's birthday: A pays C 10
])
def test_the_skipped_window_wakes_a_quiet_agent_exactly_when_a_credit_reaches_its_level(how, c_pos, c_throw,
                                                                                       wakes, a_cash):
    a = _Sleepy(1502, trade=["accept"])
    manage = {"trade": [("trade", TradeOffer(1, 3, give_cash=5)), DONE],
              "small trade": [("trade", TradeOffer(1, 3, give_cash=1)), DONE]}.get(how, [])
    g = game(edition("classic"), {"B": {}, "C": {"pos": c_pos, "script": {"manage": manage}}, "D": {},
                                  "A": {"agent": a, "owns": {"nagatinskaya": 0}}},
             dice=[(4, 6), c_throw, (4, 6)], first="B")
    if how == "card":
        stack(g, "chance", "chance_chairman")
    if how == "debit":
        stack(g, "chest", "chest_birthday")
    pa = player(g, "A")
    g.play_turn()                                  # B; the interval: A names 1502, the window is calm
    assert a.idled == [1] and g.between_awake == 0 and pa.bit == 1 << pa.seat
    g.play_turn()                                  # C: the credit (or not), then the interval
    assert pa.cash == a_cash
    assert a.idled == ([1, 2] if wakes else [1])
    assert g.between_awake == (pa.bit if wakes else 0)   # woken with 1502 or more: not calm
    g.play_turn()                                  # D: still quiet below its level
    assert a.idled == ([1, 2, 3] if wakes else [1])


def test_a_credit_below_the_level_or_a_debit_leaves_the_window_skipped_and_reaching_it_opens_it():
    a = _Sleepy(1502)
    g, pa = _sleepy_table(a)
    g.play_turn()
    assert g.between_awake == 0
    transfer(g, None, pa, 1, "test")               # 1501
    transfer(g, pa, None, 300, "test")             # 1201: a debit
    assert g.between_awake == 0
    transfer(g, None, pa, 301, "test")             # 1502: its level
    assert g.between_awake == pa.bit
    transfer(g, pa, None, 1, "test")               # back to 1501 before the next window
    g.play_turn()                                  # C: the window runs and finds A quiet again
    assert a.idled == [1] and g.between_awake == 0


def test_a_mortgage_of_a_quiet_player_opens_the_skipped_window():
    a = _Sleepy(10_000)
    g, pa = _sleepy_table(a)
    g.play_turn()
    assert g.between_awake == 0
    g.mortgage(pa, 3)                              # cash up by 30, far below 10,000
    assert g.between_awake == pa.bit
    g.play_turn()
    assert a.idled == [1, 2] and g.between_awake == 0


def test_a_dead_player_does_not_keep_the_window_open():
    # E (quiet until 10,000, no deed) throws 1+3 from GO onto the income tax (200) with 10 and
    # goes bankrupt; afterwards the window is calm again: A's quiet holds, E is out.
    a, e = _Sleepy(1502), _Sleepy(10_000)
    e.name = "E"
    g = game(edition("classic"), {"A": {"agent": a, "owns": {"nagatinskaya": 0}, "pos": 10},
                                  "E": {"agent": e, "cash": 10}, "B": {}},
             dice=[(4, 6), (1, 3), (4, 6), (4, 6), (4, 6)], first="A")
    pe = player(g, "E")
    g.play_turn()                                  # A (E asked, quiet until 10,000)
    g.play_turn()                                  # E: bankrupt on the income tax
    assert not pe.alive
    g.play_turn()                                  # B: A asked (not the last), quiet again
    assert g.between_awake == 0                    # (E's bit cleared: E is out)
    idled = list(a.idled)
    g.play_turn()                                  # A
    g.play_turn()                                  # B: the window is skipped
    assert a.idled == idled and g.between_awake == 0


@pytest.mark.pure           # counts the loop's calls by patching Game: compiled calls do not see it
def test_the_window_after_a_turn_that_ended_only_the_players_own_quiet_is_not_entered(monkeypatch):
    # C (not asked between turns) plays first; A and B then say they pass until 10,000. A buys
    # Nagatinskaya on its turn: its quiet ends, nobody else's, and A is not asked in the window
    # after its own turn anyway, so the turn loop does not enter it; A is asked after B's turn.
    entered: list[int] = []
    real = Game.between_turns
    monkeypatch.setattr(Game, "between_turns", lambda g, last: (entered.append(g.turns), real(g, last))[1])
    a, b = _Sleepy(10_000, buy=["buy"]), _Sleepy(10_000)
    b.name = "B"
    g = game(edition("classic"), {"C": {}, "A": {"agent": a}, "B": {"agent": b}},
             dice=[(4, 6), (1, 2), (4, 6)], first="C")
    pa = player(g, "A")
    g.play_turn()                                  # C; the window: A and B say they are quiet
    assert entered == [1] and a.idled == b.idled == [1] and g.between_awake == 0
    g.play_turn()                                  # A buys: only its own bit is set
    assert g.owner[3] is pa and g.between_awake == pa.bit and entered == [1]
    g.play_turn()                                  # B; the window asks A (not B, who just played)
    assert entered == [1, 3] and a.idled == [1, 3] and b.idled == [1] and g.between_awake == 0


def test_a_quiet_until_deeds_change_ends_when_any_deed_changes_hands():
    # QUIET (wake NO_WAKE and the seat's bit in between_bound): a credit does not wake A, the
    # sale of a deed between two other players does.
    class _Until(_Sleepy):
        def idle(self, game, p, window):
            self.idled.append(game.turns)
            return Quiet()
    a = _Until(0)
    g, pa = _sleepy_table(a)
    g.play_turn()                                  # B; A says QUIET
    assert a.idled == [1] and pa.wake == NO_WAKE and g.between_bound == pa.bit and g.between_awake == 0
    transfer(g, None, pa, 500, "test")
    assert g.between_awake == 0
    g.set_owner(39, player(g, "C"))                # a deed changes hands elsewhere
    assert g.between_awake == pa.bit and g.between_bound == 0
    g.play_turn()                                  # C; A asked again
    assert a.idled == [1, 2]



class _Whole(_Sleepy):
    """A `_Sleepy` whose quiet is `Quiet(cash, whole=True)`: its deeds may change hands without
    ending it, unless a group becomes whole for it or stops being whole."""

    def idle(self, game, p, window):
        if window != "between_turns":
            return True
        self.idled.append(game.turns)
        return Quiet(self.wake, whole=True)


@pytest.mark.parametrize("whole", [True, False])
def test_a_whole_quiet_survives_a_deed_that_makes_no_group_whole(whole):
    # A holds Nagatinskaya (brown: with Zhitnaya). Arbat (dark blue: with Malaya Bronnaya) comes
    # to A: no group of A's becomes whole. Quiet(10_000, whole=True) holds: A is not asked after
    # C's turn; Quiet(10_000) ends: A is asked there.
    a = _Whole(10_000) if whole else _Sleepy(10_000)
    g, pa = _sleepy_table(a)
    g.play_turn()                                  # B; the interval: A passes, quiet
    assert a.idled == [1] and g.between_awake == 0 and pa.holdings_bit == (0 if whole else pa.bit)
    g.set_owner(39, pa)
    assert g.between_awake == (0 if whole else pa.bit)
    g.play_turn()                                  # C; the interval
    assert a.idled == ([1] if whole else [1, 2])


def test_a_whole_quiet_ends_when_a_group_becomes_whole_or_stops_being_whole():
    a = _Whole(10_000)
    g, pa = _sleepy_table(a)
    g.play_turn()                                  # B; A quiet
    g.set_owner(1, pa)                             # Zhitnaya: the brown group whole for A
    assert g.between_awake == pa.bit
    g.play_turn()                                  # C; A asked, quiet again
    assert a.idled == [1, 2] and g.between_awake == 0
    g.set_owner(39, pa)                            # Arbat: no new whole group
    assert g.between_awake == 0
    g.set_owner(1, player(g, "C"))                 # Zhitnaya leaves A: brown no longer whole
    assert g.between_awake == pa.bit
    g.play_turn()                                  # D; A asked
    assert a.idled == [1, 2, 3]


@pytest.mark.parametrize("whole", [True, False])
def test_a_whole_quiet_outlasts_a_mortgage_and_a_loan_but_not_the_cash_it_named(whole):
    # A mortgages Nagatinskaya: Quiet(10_000, whole=True) holds (only its cash and its whole
    # groups end it), Quiet(10_000) ends. A credit that takes A to 10,000 ends either.
    a = _Whole(10_000) if whole else _Sleepy(10_000)
    g, pa = _sleepy_table(a)
    g.play_turn()                                  # B; A quiet
    g.mortgage(pa, 3)                              # its mortgages change (player.version)
    assert g.between_awake == (0 if whole else pa.bit)
    g.play_turn()                                  # C
    assert a.idled == ([1] if whole else [1, 2])
    transfer(g, None, pa, 10_000 - pa.cash, "test")
    assert g.between_awake == pa.bit
    g.play_turn()                                  # D; A asked
    assert a.idled == ([1, 3] if whole else [1, 2, 3])


def test_the_basic_bot_with_nothing_to_build_on_passes_until_a_group_of_its_becomes_whole():
    # On a board whose whole groups follow the counts (classic), the basic bot without a whole
    # group answers Quiet(NO_WAKE, whole=True); on a majority board (Mega), Quiet(NO_WAKE).
    from magie.engine.agents.basic import UNTIL_CHANGED, UNTIL_WHOLE
    for name, answer in (("classic", UNTIL_WHOLE), ("mega", UNTIL_CHANGED)):
        bot = BasicBot(seed=1, name="A")
        g = game(edition(name), {"A": {"agent": bot, "owns": {1: 0}}, "B": {}}, dice=[(4, 6)])
        pa = player(g, "A")
        assert bot.idle(g, pa, "between_turns") is answer, name
        assert bot._between_turns(g, pa) == DONE


def test_a_player_who_leaves_the_game_is_asked_between_turns_no_more():
    # A goes bankrupt to the bank: its bit is taken away, and its deed going back (an auction
    # nobody bids in) and a wire after a rule switch give it none again.
    a = _Sleepy(0)
    g, pa = _sleepy_table(a)
    g.play_turn()                                  # B; A asked (its quiet ends at once: cash 0)
    assert a.idled == [1] and g.between_awake & pa.bit
    g.bankrupt(pa, None, 5_000)
    assert not pa.alive and pa.bit == 0 and not g.between_awake & 8 and g.owner[3] is None
    wire(g)
    assert pa.bit == 0 and g.between_awake == 0
    g.play_turn()                                  # C; the interval asks nobody dead
    assert a.idled == [1]

# ---------------------------------------------------------------- what the window costs the engine
@pytest.mark.parametrize("kind", ["basic-never", "basic-quiet", "basic-still", "basic-whole", "basic-pass"])
def test_bots_that_decline_between_turns_play_the_same_games_with_the_window_on_and_off(kind):
    """benchmarks/declining.py: the basic bot but never asked between turns, or passing there at
    once (QUIET, Quiet(NO_WAKE), Quiet(NO_WAKE, whole=True), True): with rules.between_turns on
    and off the same games, event for event,
    so that the instructions per turn of the two differ by what the window costs the engine
    (benchmarks/bench_sim.py --bots KIND --vs-set rules.between_turns=false)."""
    declining = load_tool("declining", "benchmarks")
    logs = []
    for between in (True, False):
        ed = playable("classic") if between else edition("classic", rules={"between_turns": False})
        h = hashlib.sha256()
        for seed in (1, 2, 3):
            out = io.StringIO()
            g = Game(ed, [(f"b{k}", declining.make(kind, seed, k)) for k in range(4)], seed=seed,
                     log=EventLog(stream=out), max_rounds=300)
            g.play()
            asked = between and kind != "basic-never"
            assert g.between_needs_deeds is False
            assert all(q.bit == (1 << q.seat if asked and q.alive else 0) for q in g.players)
            h.update(out.getvalue().encode())
        logs.append(h.hexdigest())
    assert logs[0] == logs[1]
