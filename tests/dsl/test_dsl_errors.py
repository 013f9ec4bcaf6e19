"""Bad input: each problem has a stable code, a plain message and its position in the YAML file
(line and column, inside plain, quoted and block scalars)."""

from __future__ import annotations

import pytest

from magie.engine.dsl import check_snippet, compile_edition
from magie.engine.problems import ProblemsError
from tests.dsl.conftest import MINI_LINES, REPO, mini_edition, one_card, problems

CARD_LINE = MINI_LINES + 5     # the line of `do:` in one_card()
CARD_COL = 13                  # the column where a plain `do:` value starts


def card_problems(do_yaml: str):
    return problems(one_card(do_yaml))


def only(ps):
    assert len(ps) == 1, [p.format() for p in ps]
    return ps[0]


def block(*lines: str) -> str:
    """A `|` block scalar for one_card: content indented by 10 columns."""
    return "|\n" + "\n".join(" " * 10 + ln for ln in lines)


# ---------------------------------------------------------------- syntax

def test_syntax_error_in_plain_scalar():
    p = only(card_problems("pay bank"))
    assert (p.code, p.line, p.col) == ("dsl-syntax", CARD_LINE, CARD_COL + 8)
    assert p.message == "expected a number, a name or '(', but found the end of the line"
    assert p.pointer == "/decks/0/cards/0/do"
    assert p.file == "mini.yaml"


def test_syntax_error_inside_block_scalar():
    p = only(card_problems(block("let r = roll(2)", "if r.doubles collect 5 from bank")))
    assert (p.code, p.line, p.col) == ("dsl-syntax", CARD_LINE + 2, 10 + 14)
    assert p.message == "expected ':' or an operator, but found 'collect'"


def test_syntax_error_in_quoted_scalar_is_one_column_further():
    p = only(card_problems('"pay bank 5 6"'))
    assert (p.code, p.line, p.col) == ("dsl-syntax", CARD_LINE, CARD_COL + 1 + 11)
    assert p.message == "expected an operator or the end of the line, but found the number 6"


def test_single_equals_in_a_condition_hints_double_equals():
    p = only(card_problems('"if cash = 5: go to jail"'))
    assert p.code == "dsl-syntax"
    assert p.message.endswith("found '='; to compare two values, write '=='")


def test_bad_indentation_in_block():
    p = only(card_problems(block("if cash > 5:", "    pay bank 5", "  pay bank 6")))
    assert (p.code, p.line, p.col) == ("dsl-syntax", CARD_LINE + 3, 10 + 3)
    assert "matches no enclosing block" in p.message


def test_unexpected_character_and_decimal_number():
    p = only(card_problems("pay bank $5"))
    assert (p.code, p.col, p.message) == ("dsl-syntax", CARD_COL + 9, "unexpected character '$'")
    p = only(card_problems("pay bank 1.5"))
    assert (p.code, p.col) == ("dsl-syntax", CARD_COL + 9)
    assert "numbers are whole" in p.message


def test_messages_never_show_lark_terminal_names():
    for text in ("pay", "move to", "if cash >", "let = 5", "pay bank (5", "for each as p: go",
                 "set flag on me", "collect 5 from", "move to nearest", "pay bank 5 +",
                 "move to start with", "draw", "pay bank [1, 2", "x", ")"):
        for p in check_snippet(text, "card"):
            assert "__" not in p.message and "RPAR" not in p.message and "NAME" not in p.message
            assert "_NL" not in p.message and "$END" not in p.message, p.message


# ---------------------------------------------------------------- statements and values

def test_statement_where_a_value_is_expected():
    p = only(card_problems("let x = pay bank 5"))
    assert (p.code, p.col) == ("type-error", CARD_COL + 8)
    assert p.message == "'pay ...' is a statement, but a value is expected here"


def test_value_where_statements_are_expected():
    p = only(card_problems("cash + 5"))
    assert (p.code, p.line, p.col) == ("type-error", CARD_LINE, CARD_COL)
    assert p.message.startswith("this is a value, but statements are expected here")


def test_statement_where_a_formula_is_expected():
    (tree, locate) = mini_edition("rules:\n  salary: collect 200 from bank\n")
    from magie.engine.dsl import check_edition
    p = only(check_edition(tree, locate))
    assert (p.code, p.line, p.col, p.pointer) == ("type-error", MINI_LINES + 2, 11,
                                                   "/rules/salary")
    assert p.message.startswith("this is a statement, but a value (a formula) is expected")


def test_yaml_values_of_the_wrong_kind():
    ps = problems("rules:\n  salary: 2.5\n  auction: {start: [1]}\n"
                  "end:\n  when: [true, 3]\n  score: cash\n")
    got = sorted((p.code, p.pointer) for p in ps)
    assert got == [("fractional-money", "/rules/salary"), ("type-error", "/end/when/1"),
                   ("type-error", "/rules/auction/start")]


# ---------------------------------------------------------------- names

@pytest.mark.parametrize("do, col, message", [
    ("pay bank cahs", 9, "unknown name 'cahs'; did you mean 'cash'?"),
    ("move to lot_c", 8, "unknown name 'lot_c'; did you mean 'lot_b' or 'lot_a'?"),
    ("move to nearest group redz", 22, "unknown group 'redz'; did you mean 'reds'?"),
    ("draw from chset", 10, "unknown deck 'chset'; did you mean 'chest'?"),
    ("move to nearest railway", 16, "unknown kind of space 'railway'; did you mean 'railroad'?"),
    ("pay bank flor(cash / 10)", 9, "unknown function 'flor'; did you mean 'floor'?"),
    ("pay bank me.cahs", 12, "a player has no attribute 'cahs'; did you mean 'cash'?"),
    ("pay bank params.fe", 16, "unknown param 'fe' (the edition's params: map); did you mean "
                               "'fee'?"),
    ("keep as get_out_of_jial", 8, "unknown use of a kept card 'get_out_of_jial'; did you mean "
                                   "'get_out_of_jail'?"),
])
def test_unknown_names_with_suggestions(do, col, message):
    p = only(card_problems(f'"{do}"'))
    assert (p.code, p.line, p.col) == ("unknown-name", CARD_LINE, CARD_COL + 1 + col)
    assert p.message == message


def test_python_attributes_are_unknown_names():
    for text, _col in (("pay bank me.__class__", 12), ("pay bank cash.__add__", 14),
                      ("pay bank __import__('os')", 10), ("pay bank target", 10)):
        ps = check_snippet(text, "card")
        assert ps and ps[0].code in ("unknown-name", "type-error", "dsl-syntax"), text
    p = only(check_snippet("pay bank me.__class__", "card"))
    assert (p.code, p.col) == ("unknown-name", 13)
    assert p.message.startswith("a player has no attribute '__class__'")


def test_unknown_name_lists_the_names_when_few():
    p = only(check_snippet("x > 3", "end_when"))
    assert p.code == "unknown-name"
    assert p.message == ("unknown name 'x'; known here: bankruptcies, false, max_cash, max_laps, "
                         "max_net_worth, min_cash, min_laps, none, params, players_left, round, start_cash, true")


def test_kind_not_on_board():
    p = only(card_problems("move to nearest utility"))
    assert (p.code, p.col) == ("kind-not-on-board", CARD_COL + 16)
    assert p.message == "the board has no space of kind 'utility', so there is no nearest one"


def test_flag_used_but_never_set():
    ps = problems("decks:\n  - id: chest\n    cards:\n"
                  "      - {id: a, do: set flag lawyer on me}\n"
                  "      - {id: b, do: 'if use_flag(me, lawyr): collect 5 from bank'}\n"
                  "      - {id: c, do: clear flag shield on me}\n")
    assert [(p.code, p.line, p.col) for p in ps] == [
        ("flag-never-set", MINI_LINES + 5, 38), ("flag-never-set", MINI_LINES + 6, 32)]
    assert ps[0].message == ("no 'set flag lawyr' in this edition sets the flag 'lawyr'; "
                             "did you mean 'lawyer'?")


def test_duplicate_names():
    p = only(card_problems(block("let x = 1", "let x = 2")))
    assert (p.code, p.line, p.col) == ("duplicate-name", CARD_LINE + 2, 10 + 5)
    p = only(card_problems("let cash = 5"))
    assert p.code == "duplicate-name" and "a player attribute" in p.message
    p = only(card_problems(block("for each other player as lot_a:", "  pay lot_a 5")))
    assert p.code == "duplicate-name" and "the id of a space" in p.message


def test_let_is_scoped_to_its_block():
    p = only(card_problems(block("if cash > 5:", "  let x = 1", "pay bank x")))
    assert (p.code, p.line, p.col) == ("unknown-name", CARD_LINE + 3, 10 + 10)


# ---------------------------------------------------------------- arity and types

@pytest.mark.parametrize("do, message", [
    ("pay bank floor(cash, 2)", "floor() takes 1 argument, but was given 2 (write floor(x))"),
    ("pay bank min(cash)", "min() takes at least 2 arguments, but was given 1 "
                           "(write min(a, b, ...))"),
    ("pay bank roll().total", "roll() takes 1 argument, but was given 0 (write roll(n))"),
    ("if has_flag(me): go to jail", "has_flag() takes 2 arguments, but was given 1 "
                                    "(write has_flag(p, f))"),
])
def test_wrong_arity(do, message):
    p = only(check_snippet(do, "card"))
    assert p.code == "wrong-arity" and p.message == message


@pytest.mark.parametrize("do, col, message", [
    ("if me > 5: go to jail", 4, "'>' compares numbers, but this is a player"),
    ("if me == 5: go to jail", 7, "cannot compare a player with a whole number"),
    ("pay bank cash[0]", 14, "only lists can be indexed, but this is a whole number"),
    ("pay bank me", 10, "the amount to pay must be a whole number, but this is a player"),
    ("if cash: go to jail", 4, "the condition of 'if' must be true or false, but this is a "
                               "whole number"),
    ("move to 5", 9, "the destination must be a space, but this is a whole number"),
    ("pay lot_a 5", 5, "the payee must be a player, but this is a space"),
    ("pay bank [1, 2][cash / 2]", 17, "a list index must be a whole number, but this may be "
                                      "fractional; use floor(...), ceil(...), round(...) or //"),
    ("pay bank 5 if true else me", 12, "the two branches of 'if ... else' differ: a whole "
                                       "number and a player"),
    ("pay bank reds", 10, "the amount to pay must be a whole number, but this is a group"),
    ("pay bank railroad", 10, "'railroad' is a kind of space; a kind is only used after "
                              "'nearest' or compared with X.kind"),
    ("if cash and true: go to jail", 4, "each side of 'and' must be true or false, but this "
                                        "is a whole number"),
    ("if owned_in(me, lot_a) > 0: go to jail", 17, "the second argument of owned_in() must "
                                                   "be a group, but this is a space"),
])
def test_type_errors(do, col, message):
    ps = check_snippet(do, "card", _names())
    p = only(ps)
    assert (p.code, p.col, p.message) == ("type-error", col, message)


def _names():
    from magie.engine.dsl import EditionNames
    return EditionNames.from_tree(mini_edition("")[0])


@pytest.mark.parametrize("text, context, col", [
    ("pay bank cash / 10", "card", 10),
    ("collect price * 3 / 2 from bank", "card", 9),
    ("move to station with rent = rent * 3 / 2", "card", 29),
    ("offer build house at house_cost / 2", "card", 22),
    ("cash / 2", "salary", 1),
    ("price / 2", "auction_start", 1),
])
def test_fractional_money(text, context, col):
    names = _names()
    p = only(check_snippet(text.replace("price", "lot_a.price") if context == "card" else text,
                           context, names))
    assert p.code == "fractional-money"
    assert "must be a whole number, but this may be fractional; use floor(...)" in p.message
    if context != "card" or "price" not in text:
        assert p.col == col


def test_fractions_are_fine_once_rounded():
    for text in ("pay bank floor(cash / 10)", "pay bank ceil(cash * 3 / 2)",
                 "pay bank round(cash / 3)", "pay bank cash // 10",
                 "if cash / 3 > 100: pay bank 5"):
        assert check_snippet(text, "card") == [], text


# ---------------------------------------------------------------- contexts

@pytest.mark.parametrize("text, context, message", [
    ("keep as get_out_of_jail", "action", "'keep as' keeps the card being resolved; it is only "
                                          "for card effects, not an action effect"),
    ("roll(2).doubles", "action_when", "roll() changes the game, so it cannot be used in an "
                                       "action's 'when' condition, which is only checked"),
    ("cash + net_worth", "score", "'net_worth' cannot be used in the score formula (net worth "
                                  "is computed by this formula)"),
    ("cash > 5", "end_when", "'cash' is an attribute of a player, and an end condition has no "
                             "current player; it offers: bankruptcies, max_cash, max_laps, max_net_worth, "
                             "min_cash, min_laps, players_left, round, start_cash"),
    ("move back 3 with salary = 5", "card", "a move backwards completes no lap, so it takes no "
                                            "salary option"),
])
def test_not_allowed_here(text, context, message):
    p = only(check_snippet(text, context))
    assert p.code == "not-allowed-here" and p.message == message


def test_target_of_an_action_without_target():
    ps = problems("actions:\n  - id: a\n    name: {en: A}\n    text: {en: A}\n    target: none\n"
                  "    when: target.owner == me\n    do: pay bank 5\n")
    p = only(ps)
    assert (p.code, p.pointer, p.line, p.col) == ("not-allowed-here", "/actions/0/when",
                                                   MINI_LINES + 6, 11)


# ---------------------------------------------------------------- all problems in one run

def test_every_problem_of_every_snippet_is_reported():
    extra = ("decks:\n  - id: chest\n    cards:\n"
             "      - {id: a, do: pay bank cahs + lot_z}\n"
             "      - {id: b, do: 'pay bank'}\n"
             "      - id: c\n"
             "        do: |\n"
             "          move to nearest utility\n"
             "          pay bank floor(1, 2) + me.foo\n"
             "rules:\n  salary: cash / 2\n  rent: {street: 'table[level'}\n")
    got = [(p.code, p.line, p.col) for p in problems(extra)]
    m = MINI_LINES
    assert got == [
        ("unknown-name", m + 4, 30), ("unknown-name", m + 4, 37),
        ("dsl-syntax", m + 5, 30),
        ("kind-not-on-board", m + 8, 27),
        ("wrong-arity", m + 9, 20), ("unknown-name", m + 9, 37),
        ("fractional-money", m + 11, 11),
        ("dsl-syntax", m + 12, 30),
    ]


def test_compile_edition_raises_with_every_problem():
    tree, locate = mini_edition(one_card("pay bank cahs"))
    with pytest.raises(ProblemsError) as err:
        compile_edition(tree, locate)
    assert [p.code for p in err.value.problems] == ["unknown-name"]


def test_only_a_space_with_a_title_deed_can_be_transferred():
    p = only(card_problems("transfer start to me"))
    assert (p.code, p.line, p.col) == ("type-error", CARD_LINE, CARD_COL + 9)
    assert "'start' has no title deed" in p.message
    assert card_problems("transfer lot_a to me") == []


@pytest.mark.parametrize("name", ["__x", "_y", "Xs"])
def test_names_start_with_a_lowercase_letter(name):
    p = only(card_problems(f"let {name} = 1"))
    assert p.code == "dsl-syntax" and "start with a lowercase letter" in p.message


def test_an_effect_of_blanks_only_is_the_empty_effect():
    assert card_problems("'   '") == card_problems("''") == []


# ---------------------------------------------------------------- values the checker can compute
@pytest.mark.parametrize(("text", "col", "words"), [
    ("pay bank [1, 2][-1]", 17, "index -1 is out of range"),
    ("pay bank [][0]", 13, "index 0 is out of range"),
    ("pay bank [5, 6][2]", 17, "(this one: 0 to 1)"),
    ("pay bank roll(-1).total", 15, "roll() throws 1 to"),
    ("pay bank roll(0).total", 15, "roll() throws 1 to"),
    ("pay bank -(5)", 10, "an amount of money cannot be negative"),
    ("collect 10 - 20 from bank", 9, "cannot be negative"),
    ("pay bank cash // 0", 18, "by a constant zero"),
    ("pay bank cash % (2 - 2)", 18, "by a constant zero"),
    ("pay bank 5 / (1 - 1)", 15, "by a constant zero"),
    ("move forward -3", 14, "move back 3"),
])
def test_constant_errors_are_validation_errors(text, col, words):
    p = only([p for p in check_snippet(text, "card") if p.code != "fractional-money"])
    assert (p.code in ("constant-error", "dsl-limit"), p.line, p.col) == (True, 1, col), p.format()
    assert words in p.message


def test_a_negative_constant_formula_is_an_error_but_not_for_the_score():
    assert [p.code for p in check_snippet("10 - 20", "tax")] == ["constant-error"]
    assert check_snippet("10 - 20", "score") == []
    assert check_snippet("pay bank [1, 2][1]", "card") == []


def test_money_that_grows_with_the_square_of_the_game_is_a_warning():
    [p] = check_snippet("cash * cash", "salary")
    assert (p.severity, p.code, p.col) == ("warning", "unbounded-money", 1)
    assert check_snippet("cash // 10 + 200", "salary") == []
    assert [p.code for p in check_snippet("collect net_worth * deed_prices // 100 from bank", "card")] == \
        ["unbounded-money"]


def test_schema_minimums_for_taxes_and_opening_bids(tmp_path):
    from magie.engine.edition.loader import load_edition

    path = tmp_path / "a.yaml"
    path.write_text("id: a\nextends: classic\nname: A\nboard:\n  - {id: income_tax, tax: -200}\n"
                    "rules:\n  auction: {start: -1}\n", encoding="utf-8")
    with pytest.raises(ProblemsError) as info:
        load_edition(str(path))
    assert sorted((p.code, p.line) for p in info.value.problems) == [("bad-value", 5), ("bad-value", 7)]


def test_a_deck_whose_every_card_draws_again_is_found_at_load(tmp_path):
    from magie.engine.edition.loader import load_edition
    from magie.engine.edition.yamlload import read_yaml

    chance = next(d for d in read_yaml(REPO / "editions" / "classic.yaml").tree["decks"] if d["id"] == "chance")
    first, *rest = [c["id"] for c in chance["cards"]]
    path = tmp_path / "a.yaml"
    path.write_text("id: a\nextends: classic\nname: A\ndecks:\n  - id: chance\n    cards:\n"
                    f"      - {{id: {first}, do: 'move to chance_2'}}\n"
                    + "".join(f"      - {{id: {c}, delete: true}}\n" for c in rest), encoding="utf-8")
    with pytest.raises(ProblemsError) as info:
        load_edition(str(path))
    [p] = info.value.problems
    assert (p.code, p.pointer, p.line) == ("endless-draws", "/decks/0", 5)
    assert f"'{first}' draws from 'chance'" in p.message and "never ends" in p.message
    # one card that stays is enough
    path.write_text(path.read_text(encoding="utf-8").replace(f"      - {{id: {rest[0]}, delete: true}}\n", ""))
    load_edition(str(path))
