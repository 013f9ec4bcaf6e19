"""The court ([002] D5, r7; G8, G22-G25): the edition action `sue` of editions/biznespolia.yaml.
A owns two kolkhoz lots, B the third (grain_elevator, price 80: the fee is 120). A throws from
shoe_factory (8) onto the jail corner (11), where a visitor may sue; each side then throws one die."""

import pytest

from magie.engine.agents import Scripted, make_bot
from magie.engine.errors import IllegalDecision
from magie.engine.game.decisions import DONE, Decision

from .helpers import cash, owner_of, player, space, stack, turn
from .test_biznespolia_support import START_CASH, Recorder, bgame, sue

ELEVATOR = 4
A_KOLKHOZ = {"poultry_farm": 0, "dairy_farm": 0}


def court_game(plaintiff_die, defendant_die, a=None, b=None, manage=None, **kw):
    a = {"pos": "shoe_factory", "cash": 1000, "owns": dict(A_KOLKHOZ), **(a or {})}
    a.setdefault("script", {})["manage"] = manage if manage is not None else [DONE, sue(ELEVATOR)]
    b = {"owns": {"grain_elevator": 0}, **(b or {})}
    dice = [(1, 2)] + ([(plaintiff_die,), (defendant_die,)] if plaintiff_die else [])
    return bgame({"A": a, "B": b}, dice=dice, first="A", **kw)


def test_the_plaintiff_wins_with_a_higher_die():
    g = court_game(5, 3)
    turn(g)
    assert owner_of(g, "grain_elevator") == "A" and player(g, "A").pos == space(g.ed, "jail")
    assert cash(g) == {"A": 1000 - 120, "B": START_CASH}        # the fee goes to the bank
    assert g.stats == {"sue": 1, "sue_deeds": 1} and g.dice.left == 0


@pytest.mark.parametrize("mine, theirs", [(3, 5), (4, 4), (1, 6)])
def test_a_lower_or_equal_die_loses_and_the_fee_is_lost(mine, theirs):
    g = court_game(mine, theirs)
    turn(g)
    assert owner_of(g, "grain_elevator") == "B"
    assert cash(g) == {"A": 880, "B": START_CASH}
    assert g.stats == {"sue": 1} and g.dice.left == 0


def test_with_the_good_lawyer_card_a_tie_wins_and_the_suit_is_filed_where_the_card_was_drawn():
    # G25: card 15 on notice_e (24); A sues at once, away from the court
    g = court_game(4, 4, a={"pos": "housing_works"})
    stack(g, "notice", "notice_15")
    turn(g)
    a = player(g, "A")
    assert a.pos == space(g.ed, "notice_e") and owner_of(g, "grain_elevator") == "A"
    assert cash(g) == {"A": 880, "B": START_CASH} and a.flags == {}


def test_with_the_good_lawyer_a_lower_die_still_loses():
    g = court_game(2, 4, a={"pos": "housing_works"})
    stack(g, "notice", "notice_15")
    turn(g)
    assert owner_of(g, "grain_elevator") == "B" and cash(g)["A"] == 880


def test_the_lawyer_card_does_not_allow_a_suit_after_moving_on():
    # "now": card 15 drawn on notice_e after a double; A does not sue there, moves on, and may
    # not sue from the next space
    rec = Recorder()
    g = bgame({"A": {"pos": "parking", "cash": 1000, "owns": {**A_KOLKHOZ, "sc_south": 0},
                     "agent": Scripted(rec, name="A")},
               "B": {"owns": {"grain_elevator": 0}}}, dice=[(1, 1), (1, 2)], first="A")
    stack(g, "notice", "notice_15")
    turn(g)     # 22 -> 24 (notice_e, card 15), a double: 24 -> 27 (sc_south, A's)
    assert [w for w, _ in rec.windows] == ["before_roll", "after_landing", "after_landing"]
    assert [o for o in rec.windows[1][1] if o[0] == "act"] == [sue(ELEVATOR)]
    assert [o for o in rec.windows[2][1] if o[0] == "act"] == []
    assert player(g, "A").pos == 27 and owner_of(g, "grain_elevator") == "B" and g.dice.left == 0


def test_the_lawyer_card_does_not_carry_over_to_another_notice_space():
    # card 15 on notice_e, a double, then another notice space: "now" is over
    rec = Recorder()
    g = bgame({"A": {"pos": "parking", "cash": 1000, "owns": A_KOLKHOZ, "agent": Scripted(rec, name="A")},
               "B": {"owns": {"grain_elevator": 0}}}, dice=[(1, 1), (3, 4)], first="A")
    stack(g, "notice", "notice_15", "notice_35")
    turn(g)     # 22 -> 24 (notice_e, card 15), a double: 24 -> 31 (notice_f, card 35)
    acts = [[o for o in opts if o[0] == "act"] for w, opts in rec.windows if w == "after_landing"]
    assert acts == [[sue(ELEVATOR)], []]
    assert player(g, "A").flags == {} and owner_of(g, "grain_elevator") == "B"


def test_the_lawyer_card_makes_a_tie_win_on_the_court_square_too():
    g = court_game(6, 6, a={"pos": "shoe_factory"})
    g.set_flag(player(g, "A"), "lawyer", "end_of_turn")       # a flag that lasts the turn
    turn(g)
    assert owner_of(g, "grain_elevator") == "A" and player(g, "A").flags == {}


def test_no_suit_before_rolling_even_standing_on_the_court():
    # r3.1: "that should have been done last turn"
    rec = Recorder()
    g = bgame({"A": {"pos": "jail", "cash": 1000, "owns": {**A_KOLKHOZ, "sc_east": 0},
                     "agent": Scripted(rec, name="A")},
               "B": {"owns": {"grain_elevator": 0}}}, dice=[(2, 3)], first="A")
    a = player(g, "A")
    with pytest.raises(IllegalDecision, match="sue is not allowed now"):
        g.check_action(a, sue(ELEVATOR), "before_roll")
    turn(g)                    # 11 -> 16 (A's own shopping centre)
    assert [w for w, _ in rec.windows] == ["before_roll", "after_landing"]
    assert all(o[0] != "act" for _, opts in rec.windows for o in opts)
    assert owner_of(g, "grain_elevator") == "B" and cash(g)["A"] == 1000


def test_only_on_the_court_square():
    rec = Recorder()
    g = bgame({"A": {"pos": "shoe_factory", "cash": 1000, "owns": {**A_KOLKHOZ, "textile_mill": 0},
                     "agent": Scripted(rec, name="A")},
               "B": {"owns": {"grain_elevator": 0}}}, dice=[(1, 1), (2, 3)], first="A")
    turn(g)                    # 8 -> 10 (own lot), a double: 10 -> 15 (confectionery, declined)
    assert [w for w, _ in rec.windows] == ["before_roll", "after_landing", "after_landing"]
    assert all(o[0] != "act" for _, opts in rec.windows for o in opts)


def test_the_court_is_offered_after_landing_with_every_lot_that_may_be_claimed():
    rec = Recorder()
    g = bgame({"A": {"pos": "shoe_factory", "cash": 1000, "owns": {**A_KOLKHOZ, "sc_north": 0},
                     "agent": Scripted(rec, name="A")},
               "B": {"owns": {"grain_elevator": 0, "sc_east": 0, "central_bank": 0}},
               "C": {"owns": {"sc_west": {"mortgaged": True}, "water": 0}}},
              dice=[(1, 2)], first="A")
    turn(g)
    offered = sorted(o[2] for o in rec.windows[1][1] if o[0] == "act")
    # the kolkhoz lot and the shopping centres (G22: any industry), mortgaged or not; not the bank
    assert offered == [ELEVATOR, space(g.ed, "sc_east"), space(g.ed, "sc_west")]


def test_once_per_landing():
    rec = Recorder()
    g = bgame({"A": {"pos": "shoe_factory", "cash": 1000, "owns": {**A_KOLKHOZ, "sc_north": 0},
                     "agent": Scripted(rec, name="A", manage=[DONE, sue(ELEVATOR)])},
               "B": {"owns": {"grain_elevator": 0, "sc_east": 0}}},
              dice=[(1, 2), (2,), (5,)], first="A")
    turn(g)                    # the suit is lost; no second suit this landing
    after = rec.windows[-1]
    assert after[0] == "after_landing" and all(o[0] != "act" for o in after[1])
    with pytest.raises(IllegalDecision, match="sue may be used 1 time"):
        g.check_action(player(g, "A"), sue(space(g.ed, "sc_east")), "after_landing")
    assert g.stats == {"sue": 1} and cash(g)["A"] == 880


def test_the_court_is_ready_only_after_landing_there_and_until_the_suit():
    # `action_ready`: the part of `when` that reads no target (landed == jail, or the lawyer on
    # a notice space) and the limit per turn; where it is false, every target has a problem
    g = bgame({"A": {"pos": "shoe_factory", "cash": 1000, "owns": dict(A_KOLKHOZ)},
               "B": {"owns": {"grain_elevator": 0}}}, dice=[(2,), (5,)], first="A")
    a, court = player(g, "A"), g.ed.actions[0]
    assert not g.action_ready(a, court)                      # before any move this turn
    assert g.action_problem(a, court, ELEVATOR) == "sue is not allowed now"
    g.landed_at = space(g.ed, "jail")
    assert g.action_ready(a, court) and g.action_problem(a, court, ELEVATOR) is None
    g.run_action(a, court, ELEVATOR)                         # lost: 2 against 5
    assert not g.action_ready(a, court) and g.action_problem(a, court, ELEVATOR) is not None


@pytest.mark.parametrize("a_owns, target, reason", [
    ({"sewing_factory": 0}, ELEVATOR, "no lot of the industry"),
    (A_KOLKHOZ, 43, "another industry"),        # B's central_bank
    (A_KOLKHOZ, 1, "own lot"),
    (A_KOLKHOZ, 6, "an unowned lot"),
])
def test_who_may_be_sued(a_owns, target, reason):
    g = bgame({"A": {"pos": "shoe_factory", "owns": a_owns}, "B": {"owns": {"grain_elevator": 0, "central_bank": 0}}},
              dice=[(1, 2)], first="A")
    turn(g)
    with pytest.raises(IllegalDecision, match="sue is not allowed now"):
        g.check_action(player(g, "A"), sue(target), "after_landing")


def test_the_fee_must_be_in_hand():
    g = court_game(None, None, a={"cash": 119}, manage=[])
    turn(g)
    with pytest.raises(IllegalDecision, match="sue is not allowed now"):
        g.check_action(player(g, "A"), sue(ELEVATOR), "after_landing")
    player(g, "A").cash = 120
    assert g.action_problem(player(g, "A"), g.ed.actions[0], ELEVATOR) is None


def test_a_mortgaged_lot_costs_the_full_fee_and_passes_with_its_mortgage():
    # r7.1: 1.5 x the price whether mortgaged or not; G16: the mortgage stays, nothing due now
    g = court_game(6, 1, b={"owns": {"grain_elevator": {"mortgaged": True}}})
    turn(g)
    assert owner_of(g, "grain_elevator") == "A" and g.mortgaged[ELEVATOR]
    assert cash(g) == {"A": 880, "B": START_CASH}
    assert not [d for d in g.agents[0].asked if d.kind == "inherited_mortgage"]


def test_a_shopping_centre_may_be_claimed_for_one_and_a_half_its_price():
    g = court_game(3, 2, a={"owns": {"sc_north": 0}}, b={"owns": {"sc_east": 0}},
                   manage=[DONE, sue(16)])
    turn(g)
    assert owner_of(g, "sc_east") == "A" and cash(g) == {"A": 700, "B": START_CASH}


# ---------------------------------------------------------------- bots
def _bot_game(a_cash: int, a_owns: dict, b_owns: dict):
    a = make_bot("basic", 1, 0)
    return bgame({"A": {"pos": "shoe_factory", "cash": a_cash, "owns": a_owns, "agent": a},
                  "B": {"owns": b_owns, "script": {"trade": ["reject"] * 5}}},
                 dice=[(1, 2), (5,), (3,)], first="A")


def test_a_bot_sues_when_the_lot_completes_its_industry_and_it_can_afford_it():
    g = _bot_game(2000, A_KOLKHOZ, {"grain_elevator": 0})
    turn(g)
    assert owner_of(g, "grain_elevator") == "A" and g.stats["sue"] == 1 and g.dice.left == 0


def test_a_bot_keeps_500_after_the_fee():
    g = _bot_game(619, A_KOLKHOZ, {"grain_elevator": 0})
    g.dice.throws = g.dice.throws[:1]
    turn(g)
    assert owner_of(g, "grain_elevator") == "B" and "sue" not in g.stats
    g2 = _bot_game(620, A_KOLKHOZ, {"grain_elevator": 0})
    turn(g2)
    assert owner_of(g2, "grain_elevator") == "A" and g2.stats["sue"] == 1


def test_a_bot_does_not_sue_for_a_lot_that_does_not_complete_its_industry():
    g = _bot_game(2000, {"poultry_farm": 0}, {"dairy_farm": 0, "grain_elevator": 0})
    g.dice.throws = g.dice.throws[:1]
    turn(g)
    assert "sue" not in g.stats and owner_of(g, "grain_elevator") == "B"


def test_a_bot_is_idle_where_it_would_not_sue_and_asked_where_it_would():
    # idle(): the dry run of the bot's manage answer checks the court too (its hint, then the
    # action's check): the engine skips the windows where the bot would answer done
    g = _bot_game(2000, A_KOLKHOZ, {"grain_elevator": 0})
    a = player(g, "A")
    bot = g.agents[0]
    bot._dver, bot._next_look = g.deeds_version, 10**9        # trades already looked at
    assert bot.idle(g, a, "before_roll")                      # no move yet: no suit possible
    g.landed_at = space(g.ed, "jail")
    assert not bot.idle(g, a, "after_landing")                # on the court: it would sue
    assert bot.decide(g, Decision.of("manage", a, None, g, {"window": "after_landing",
                                                            "more_rolls": False})) == sue(ELEVATOR)
    a.cash = 619                                              # it would not keep 500
    assert bot.idle(g, a, "after_landing")
