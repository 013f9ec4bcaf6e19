"""Running compiled effects and formulas on the fake game: exact effects, every context's
signature and names, exact arithmetic, and run-time failures as `EffectError`s that name the
card or formula and the file:line:col of the failing DSL text."""

from __future__ import annotations

import dataclasses

import pytest

from magie.engine.dsl import CONTEXTS, EditionNames, compile_edition, compile_snippet
from magie.engine.dsl.runtime import Roll
from magie.engine.errors import EffectError
from tests.dsl.conftest import MINI_LINES, mini_edition, one_card
from tests.dsl.fake import FakeGame, spaces_from_tree

LOT_A, CHEST, LOT_B, STATION, JAIL = 1, 2, 3, 4, 5


@pytest.fixture(scope="module")
def names():
    return dataclasses.replace(EditionNames.from_tree(mini_edition("")[0]),
                               decks=frozenset({"chest"}))


@pytest.fixture
def game():
    return FakeGame(spaces_from_tree(mini_edition("")[0]), players=3)


def run(text, game, names, ctx="card", *args):
    fn = compile_snippet(text, ctx, names, label="card 'c'")
    me = game.players[0]
    return fn(game, me, *args) if ctx in ("card", "salary", "tax", "score") else fn(game, *args)


# ---------------------------------------------------------------- effects

def test_effect_stops_once_the_player_is_bankrupt(game, names):
    me = game.players[0]
    me.cash = 100
    fn = compile_snippet("pay bank 500\ncollect 100 from bank\ngo to jail", "card", names)
    fn(game, me)
    assert game.calls == [("pay", 0, None, 500, "card")]
    assert not me.alive and not me.in_jail


def test_effect_stops_inside_a_loop(game, names):
    me = game.players[0]
    me.cash = 150
    fn = compile_snippet("for each other player as p:\n  pay p 100\n  collect 1 from bank",
                         "card", names)
    fn(game, me)
    assert game.calls == [("pay", 0, 1, 100, "card"), ("pay", None, 0, 1, "card"),
                          ("pay", 0, 2, 100, "card")]


def test_for_each_player_includes_me_and_skips_the_bankrupt(game, names):
    game.players[1].alive = False
    fn = compile_snippet("for each player as p: pay p 1", "card", names)
    fn(game, game.players[0])
    assert [c[2] for c in game.calls] == [0, 2]


def test_each_roll_is_thrown_when_reached(names):
    g = FakeGame(spaces_from_tree(mini_edition("")[0]), dice=[1, 2, 3, 4, 5])
    me = g.players[0]
    compile_snippet("collect roll(1).total + roll(2).total from bank", "card", names)(g, me)
    assert [c for c in g.calls if c[0] == "roll"] == [("roll", 1, (1,)), ("roll", 2, (2, 3))]
    assert me.cash == 1500 + 1 + 5
    compile_snippet("if false: collect roll(1).total from bank", "card", names)(g, me)
    assert g.dice == [4, 5]


def test_rent_override_sees_the_normal_rent(game, names):
    me, owner = game.players[0], game.players[1]
    game.owner[STATION] = owner
    game.normal_rent = lambda space, dice: 50
    compile_snippet("move to station with rent = rent * 3 // 2 + params.fee", "card", names)(
        game, me)
    assert game.calls[-1] == ("rent", 0, 1, 100)


def test_move_options(game, names):
    me = game.players[0]
    me.pos = 4
    game.dice = [2, 2]
    compile_snippet("move forward 3 with no salary", "card", names)(game, me)
    assert me.pos == LOT_A and me.cash == 1500          # a lap, paid 0
    me.pos = STATION
    compile_snippet("move to nearest group reds with salary = 50, dice = roll(2)", "card",
                    names)(game, me)
    assert game.calls[0] == ("move_by", 0, 3, 0, False, None)
    move = game.calls[1]
    assert move[:6] == ("move_to", 0, LOT_A, True, 50, False)
    assert callable(move[6]) and len(game.calls) == 2   # the dice: thrown only if rent is due
    assert move[6]() == Roll((2, 2), 4, True)
    assert me.cash == 1500 + 50 and me.pos == LOT_A     # a lap, paid 50


def test_flags_transfer_and_kept_card(game, names):
    me, other = game.players[0], game.players[1]
    game.owner[LOT_A] = other
    fn = compile_snippet(
        "set flag shield on me\n"
        "set flag quick on lot_a.owner until end of turn\n"
        "if use_flag(me, shield) and not has_flag(me, shield): transfer lot_a to me\n"
        "keep as get_out_of_jail",
        "card", names, card_id="lucky_card")
    fn(game, me)
    assert game.calls == [("set_flag", 0, "shield", "used"),
                          ("set_flag", 1, "quick", "end_of_turn"),
                          ("use_flag", 0, "shield"),
                          ("transfer_deed", LOT_A, 0),
                          ("keep_card", 0, "lucky_card", "get_out_of_jail")]


def test_clear_flag(game, names):
    me = game.players[0]
    fn = compile_snippet("set flag quick on me\nfor each other player as p: clear flag quick on p",
                         "card", names)
    fn(game, me)
    assert game.calls == [("set_flag", 0, "quick", "used"), ("clear_flag", 1, "quick"),
                          ("clear_flag", 2, "quick")]


def test_card_ids_that_are_not_identifiers_reach_the_runtime_unchanged(game, names):
    weird = "x'); import os; ('"
    compile_snippet("keep as get_out_of_jail", "card", names, card_id=weird)(game,
                                                                            game.players[0])
    assert game.kept == [(0, weird, "get_out_of_jail")]


def test_draw_and_offer_build(game, names):
    me = game.players[0]
    game.owner[LOT_A] = game.owner[LOT_B] = me
    compile_snippet("offer build house at house_cost - 10\ndraw from chest", "card", names)(
        game, me)
    assert game.calls == [("offer_build", 0, {LOT_A: 40, LOT_B: 40}), ("draw", 0, "chest")]


# ---------------------------------------------------------------- arithmetic

@pytest.mark.parametrize("expr, value", [
    ("floor(7 / 2)", 3), ("ceil(7 / 2)", 4), ("round(7 / 2)", 4), ("round(5 / 2)", 3),
    ("floor(-7 / 2)", -4), ("ceil(-7 / 2)", -3), ("round(-5 / 2)", -2), ("round(7 / 3)", 2),
    ("floor(cash * 3 / 2)", 2250), ("ceil(cash / 7)", 215), ("round(cash / 7)", 214),
    ("7 // 2", 3), ("-7 // 2", -4), ("7 % 3", 1), ("abs(3 - 10)", 7),
    ("min(cash, 99, 1_000)", 99), ("max(1, 2, 3)", 3), ("floor(min(cash / 4, 1000))", 375),
    ("floor(1 / 3 + 1 / 3 + 1 / 3)", 1), ("round(cash / 1000 * 10)", 15),
    ("[4, 10, 20, 30][2]", 20), ("10 if cash > 1000 else 20", 10), ("2 + 3 * 4 - 6 // 4", 13),
    ("floor(cash / 3 / 2)", 250), ("round(cash / roll_total)", 0),
])
def test_arithmetic(game, names, expr, value):
    expr = expr.replace("roll_total", "100_000")
    assert run(expr, game, names, "score") == value


def test_fractions_are_exact(game, names):
    fn = compile_snippet("if 1 / 3 + 1 / 3 + 1 / 3 == 1 and 1 / 10 * 3 == 3 / 10: "
                         "collect 1 from bank", "card", names)
    fn(game, game.players[0])
    assert game.players[0].cash == 1501


def test_formula_values_are_ints(game, names):
    for text in ("floor(cash / 3)", "ceil(cash * 2 / 3)", "round(cash / 7)", "cash // 7"):
        v = run(text, game, names, "salary")
        assert type(v) is int


# ---------------------------------------------------------------- contexts

def test_every_context_has_its_signature(names):
    def fresh():
        g = FakeGame(spaces_from_tree(mini_edition("")[0]), players=3)
        g.owner[LOT_A] = g.players[1]
        return g, g.players[0], g.players[1]

    calls = {
        "card": ("pay bank 1", lambda me, other: (me,)),
        "action": ("transfer target to me", lambda me, other: (me, LOT_A)),
        "action_when": ("landed == none and target.owner != me", lambda me, other: (me, LOT_A)),
        "action_bot": ("completes_group(me, target)", lambda me, other: (me, LOT_A)),
        "salary": ("200 - 50 * industries", lambda me, other: (me,)),
        "rent": ("table[level] + price + group_size", lambda me, other: (me, LOT_A, other, None)),
        "tax": ("floor(net_worth / 10)", lambda me, other: (me,)),
        "auction_start": ("price // 2 + space.price", lambda me, other: (LOT_A,)),
        "end_when": ("round > 100 or players_left <= 1", lambda me, other: ()),
        "score": ("cash + deed_prices", lambda me, other: (me,)),
        "card_play": ("pay owner rent // 2", lambda me, other: (me, other, 30)),
        "card_play_bot": ("rent > 20 and owner != me", lambda me, other: (me, other, 30)),
        "vote_bot": ("cash > 1000 and laps == 0 and loans == 0", lambda me, other: (me,)),
        "unbought": ("table[0] + price", lambda me, other: (me, LOT_A)),
        "treasury_spend": ("pay bank 1", lambda me, other: (me,)),
        "space_hook": ("if space == lot_a: pay bank 1", lambda me, other: (me, LOT_A)),
        "die_when": ("laps >= 1", lambda me, other: (me,)),
        "symbol": ("if roll.base_total == 3: pay bank 1", lambda me, other: (me, Roll((1, 2, 0), 3, False, ("x",), 1))),
        "rent_table": ("owner != me and not complete and price == 60", lambda me, other: (me, LOT_A, other)),
        "player_when": ("space == lot_a and cash > 100", lambda me, other: (me, LOT_A)),
    }
    assert set(calls) == set(CONTEXTS)
    results = {}
    for ctx_id, (text, args) in calls.items():
        g, me, other = fresh()
        fn = compile_snippet(text, ctx_id, names)
        assert fn.__code__.co_argcount == 1 + len(CONTEXTS[ctx_id].params)
        results[ctx_id] = fn(g, *args(me, other))
    assert results.pop("card_play") is None and results.pop("card_play_bot") is True
    assert results.pop("space_hook") is None and results.pop("symbol") is None
    assert results.pop("die_when") is False
    assert results.pop("rent_table") is True and results.pop("player_when") is True
    assert results == {"card": None, "action": None, "action_when": True, "action_bot": False,
                       "salary": 200, "rent": 2 + 60 + 2, "tax": 150, "auction_start": 90,
                       "end_when": False, "score": 1500, "vote_bot": True, "unbought": 2 + 60,
                       "treasury_spend": None}


def test_rent_names(game, names):
    owner = game.players[1]
    game.owner[LOT_A] = game.owner[LOT_B] = owner
    game.mortgaged[LOT_B] = True
    game.level[LOT_A] = 2
    fn = compile_snippet("[owned, owned_unmortgaged, group_size, level][0 if complete else 1] "
                         "* 1000 + (100 if group_mortgaged else 0) + (10 if group_built else 0) "
                         "+ (1 if space == lot_a and owner != me else 0) + roll.total * 0",
                         "rent", names)
    assert fn(game, game.players[0], LOT_A, owner, Roll((1, 2), 3, False)) == 2111


def test_end_names(game, names):
    game.round = 7
    game.bankruptcies = 1
    game.players[2].alive = False
    fn = compile_snippet("round == 7 and bankruptcies == 1 and players_left == 2 and "
                         "max_cash == 1500 and max_net_worth == 1500 and round(7 / 2) == 4",
                         "end_when", names)
    assert fn(game) is True


def test_params_are_constants(game, names):
    assert run("params.fee * 2 if params.strict else 0", game, names, "salary") == 50


def test_constant_formulas_from_yaml():
    tree, locate = mini_edition("rules:\n  salary: 450\nend:\n  when: [true]\n  score: 0\n")
    fns = compile_edition(tree, locate)
    g = FakeGame(spaces_from_tree(tree))
    assert fns["/rules/salary"](g, g.players[0]) == 450
    assert fns["/end/when/0"](g) is True
    assert fns["/end/score"](g, g.players[0]) == 0


def test_end_when_as_a_single_string():
    tree, locate = mini_edition("end:\n  when: bankruptcies >= 2\n  score: cash\n")
    fns = compile_edition(tree, locate)
    g = FakeGame(spaces_from_tree(tree))
    g.bankruptcies = 2
    assert fns["/end/when"](g) is True


# ---------------------------------------------------------------- run-time failures

def compile_card(do_yaml, file="mini.yaml"):
    tree, locate = mini_edition(one_card(do_yaml), file)
    fns = compile_edition(tree, locate)
    g = FakeGame(spaces_from_tree(tree))
    return fns["/decks/0/cards/0/do"], g


CARD_LINE = MINI_LINES + 5


def test_division_by_zero_in_a_block_names_card_and_position():
    fn, g = compile_card("|\n          let n = deeds\n          if cash > 0:\n"
                         "            pay bank cash // n")
    with pytest.raises(EffectError) as err:
        fn(g, g.players[0])
    e = err.value
    assert e.where == f"card 'c' (mini.yaml:{CARD_LINE + 3}:{10 + 17})"
    assert str(e) == f"card 'c' (mini.yaml:{CARD_LINE + 3}:27): division by zero"
    assert isinstance(e.__cause__, ZeroDivisionError)


def test_division_by_zero_with_slash_inside_floor():
    fn, g = compile_card('"pay bank floor(cash / (deeds * 2))"')
    with pytest.raises(EffectError) as err:
        fn(g, g.players[0])
    assert err.value.where == f"card 'c' (mini.yaml:{CARD_LINE}:{14 + 20})"


def test_index_out_of_range():
    fn, g = compile_card('"pay bank [1, 2, 3][deeds + 5]"')
    with pytest.raises(EffectError) as err:
        fn(g, g.players[0])
    assert err.value.where == f"card 'c' (mini.yaml:{CARD_LINE}:{14 + 18})"
    assert str(err.value).endswith("index 5 is out of range: the list has 3 items, indexed "
                                   "from 0 to 2")


def test_negative_index_is_out_of_range(game, names):
    fn = compile_snippet("table[owned - 1]", "rent", names, label="formula rules.rent.railroad")
    with pytest.raises(EffectError) as err:
        fn(game, game.players[0], STATION, game.players[1], None)
    assert str(err.value) == ("formula rules.rent.railroad (1:6): index -1 is out of range: the "
                              "list has 4 items, indexed from 0 to 3")


def test_attribute_of_none():
    fn, g = compile_card("pay bank lot_a.owner.cash")
    with pytest.raises(EffectError) as err:
        fn(g, g.players[0])
    assert err.value.where == f"card 'c' (mini.yaml:{CARD_LINE}:{13 + 21})"
    assert str(err.value).endswith("this value is none (no player or space), so it has no "
                                   "'cash'")


def test_negative_amount():
    fn, g = compile_card("pay bank cash - 2000")
    with pytest.raises(EffectError) as err:
        fn(g, g.players[0])
    assert str(err.value) == (f"card 'c' (mini.yaml:{CARD_LINE}:13): an amount of money cannot "
                              f"be negative (it is -500)")


def test_failure_inside_a_rent_override_points_into_it():
    fn, g = compile_card("move to station with rent = rent // (cash - 1500)")
    g.owner[STATION] = g.players[1]
    with pytest.raises(EffectError) as err:
        fn(g, g.players[0])
    assert err.value.where == f"card 'c' (mini.yaml:{CARD_LINE}:{13 + 33})"


def test_engine_errors_pass_through_unchanged(game, names):
    def broken_pay(*args):
        raise KeyError("engine bug")
    game.pay = broken_pay
    fn = compile_snippet("pay bank 5", "card", names)
    with pytest.raises(KeyError):
        fn(game, game.players[0])


def test_a_nested_cards_error_is_not_rewrapped(game, names):
    inner = compile_snippet("pay bank 1 // (cash - cash)", "card", names, label="card 'inner'")
    outer = compile_snippet("draw from chest", "card", names, label="card 'outer'")
    game.draw = lambda p, deck: inner(game, p)
    with pytest.raises(EffectError) as err:
        outer(game, game.players[0])
    assert err.value.where == "card 'inner' (1:12)"


def test_generated_code_has_no_builtins(names):
    fn = compile_snippet("pay bank 1", "card", names)
    assert fn.__globals__["__builtins__"] == {}


# ---------------------------------------------------------------- target-free parts

@pytest.mark.parametrize("text, expected", [
    # `ready` is the conjuncts that read no target: false there means false for every target
    ("target.owner != none and cash >= 100 and landed == jail", [False, True, False]),
    ("cash >= target.price * 2 and (landed == jail or has_flag(me, lawyer))", [False, True, True]),
    ("cash > 10 and landed == jail", [False, True, False]),        # all of it reads no target
])
def test_a_condition_over_a_target_gets_its_target_free_part(game, names, text, expected):
    names = dataclasses.replace(names, flags=frozenset({"lawyer"}))
    when = compile_snippet(text, "action_when", names)
    me = game.players[0]
    seen = [when.ready(game, me, None)]                 # cash 1500, no move yet
    game.last_landed = JAIL
    seen.append(when.ready(game, me, None))
    me.cash = 5
    seen.append(when.ready(game, me, None))
    assert seen == expected


@pytest.mark.parametrize("text, ctx", [
    ("target.owner == me or target.price > cash", "action_when"),   # an `or` reads it as a whole
    ("completes_group(me, target) and cash >= target.price", "action_bot"),
    ("round > 10", "end_when"),                                     # no target in this context
])
def test_a_condition_without_a_target_free_part_has_no_ready(names, text, ctx):
    assert not hasattr(compile_snippet(text, ctx, names), "ready")


def test_a_name_read_through_another_is_computed_once(game, names):
    """`complete` reads `owned` and `group_size`: a rent formula naming `complete` and `owned`
    once each counts the owner's deeds of the group once (a majority rent, 2 of the 2 reds:
    `complete`; then 1 of 2: `owned == group_size - 1`)."""
    fn = compile_snippet("3 * table[0] if level == 0 and complete else "
                         "2 * table[0] if level == 0 and owned == group_size - 1 else table[level]",
                         "rent", names)
    me, owner = game.players[0], game.players[1]
    game.owner[LOT_A] = game.owner[LOT_B] = owner
    counted = []
    owned_in_group = game.owned_in_group
    game.owned_in_group = lambda p, group: counted.append(group) or owned_in_group(p, group)
    assert fn(game, me, LOT_A, owner, None) == 3 * 2
    game.owner[LOT_B] = None
    assert fn(game, me, LOT_A, owner, None) == 2 * 2
    assert counted == ["reds", "reds"]
