"""Huge or deeply nested input gives a clear `dsl-limit` problem, never a RecursionError or a
hang; and DSL text never reaches Python as anything but checked tokens."""

from __future__ import annotations

import time

import pytest

from magie.engine.dsl import check_snippet, compile_snippet
from magie.engine.dsl.vocabulary import LIMITS
from tests.dsl.conftest import MINI_LINES, one_card, problems


def only(ps):
    assert len(ps) == 1, [p.format() for p in ps]
    return ps[0]


@pytest.mark.parametrize("text, context, pos, message", [
    ("1" + " " * 10_000, "salary", (1, 1), "this text has 10001 characters; at most 10,000 are "
                                           "allowed"),
    ("(" * 32 + "1" + ")" * 32, "salary", (1, 33), "this text is nested 33 levels deep; at most "
                                                   "32 are allowed"),
    ("- " * 40 + "1", "salary", (1, 65), "this text is nested 41 levels deep; at most 32 are "
                                         "allowed"),
    ("not " * 40 + "true", "end_when", (1, 129), "this text is nested 41 levels deep; at most 32 "
                                                 "are allowed"),
    ("+".join(["1"] * 51), "salary", (1, 1), "this chain of operators has 51 operands; at most "
                                             "50 are allowed"),
    (" or ".join(["true"] * 51), "end_when", (1, 1), "this chain of 'or' has 51 operands; at "
                                                     "most 50 are allowed"),
    ("[" + ", ".join(["1"] * 101) + "][0]", "salary", (1, 1), "this list has 101 items; at most "
                                                              "100 are allowed"),
    ("1" * 19, "salary", (1, 1), "this number has 19 digits; at most 18 are allowed"),
    ("roll(101).total", "salary", (1, 6), "roll() throws 1 to 100 dice, not 101"),
])
def test_limits(text, context, pos, message):
    p = only(check_snippet(text, context))
    assert (p.code, (p.line, p.col), p.message) == ("dsl-limit", pos, message)


def test_nested_blocks():
    text = "".join("  " * i + "if cash > 0:\n" for i in range(40)) + "  " * 40 + "go to jail\n"
    p = only(check_snippet(text, "card"))
    assert (p.code, p.line, p.col) == ("dsl-limit", 33, 65)


def test_too_many_elif_branches():
    text = "if cash == 0: go to jail\n" + "".join(f"elif cash == {i}: go to jail\n"
                                                   for i in range(1, 34))
    p = only(check_snippet(text, "card"))
    assert p.code == "dsl-limit"
    assert p.message == "this 'if' has 33 'elif' branches; at most 32 are allowed"


def test_at_the_limits_is_fine():
    ok = ["(" * 31 + "1" + ")" * 31, "+".join(["1"] * 50), "[" + ",".join(["1"] * 100) + "][0]",
          "9" * 18, "1" + " " * 9_999]
    for text in ok:
        assert check_snippet(text, "salary") == [], text[:40]
        assert compile_snippet(text, "salary")(None, None) >= 1


@pytest.mark.parametrize("text", [
    "(" * 4_000 + "1" + ")" * 4_000,
    "- " * 4_900 + "1",
    "not " * 2_400 + "true",
    "+".join(["1"] * 4_900),
    " and ".join(["true"] * 1_600),
    "[" + ",".join(["1"] * 4_900) + "]",
    "min(" * 1_600 + "1" + ", 1)" * 1_600,
    "[1]" + "[0]" * 3_000,
    "me" + ".position" * 1_000 + ".price",
    " if true else ".join(["1"] * 600),
    "9" * 9_000,
])
def test_pathological_input_is_a_problem_not_a_crash(text):
    # CPU time, not wall time: a loaded machine must not fail the bound
    start = time.process_time()
    ps = check_snippet(text[:LIMITS["chars"]], "salary")
    assert ps and ps[0].code in ("dsl-limit", "dsl-syntax")
    assert time.process_time() - start < 2


def test_limit_problem_is_located_in_the_yaml_file():
    p = only(problems(one_card('"pay bank ' + "(" * 40 + "1" + ")" * 40 + '"')))
    assert (p.code, p.line, p.col) == ("dsl-limit", MINI_LINES + 5, 13 + 1 + 9 + 40)


# ---------------------------------------------------------------- safety

@pytest.mark.parametrize("text", [
    "__import__", "eval", "exec", "open", "globals", "len", "print", "_div", "g", "v_me",
    "me.__class__", "me.__dict__", "cash.__class__", "roll(2).__class__", "lot.__globals__",
])
def test_python_names_are_not_reachable(text):
    ps = check_snippet(f"pay bank {text}", "card")
    assert ps and ps[0].code in ("unknown-name", "type-error"), ps


def test_strings_and_escapes_do_not_exist():
    for text in ('pay bank "x"', "pay bank 'x'", "pay bank `x`", "pay bank 5; import os",
                 "pay bank 5 \\", "pay bank me.cash()"):
        ps = check_snippet(text, "card")
        assert ps and ps[0].code in ("dsl-syntax", "unknown-name", "type-error"), text
