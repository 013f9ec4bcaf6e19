"""Syntax errors worded for people: "expected a number, a name or '(' but found the end of the
line", never lark's terminal names; a value where statements are expected (or the reverse) and a
statement used as a value get their own message."""

from __future__ import annotations

from collections.abc import Callable

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import nodes as n
from .builder import token_pos
from .issues import Issue
from .vocabulary import STATEMENT_WORDS

_PUNCT = {
    "COMP_OP": "a comparison", "EQUAL": "'='", "PLUS": "'+'", "MINUS": "'-'", "STAR": "'*'",
    "SLASH": "'/'", "DSLASH": "'//'", "PERCENT": "'%'", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "DOT": "'.'", "COLON": "':'", "SEMI": "';'",
    "NAME": "a name", "NUMBER": "a number", "DECIMAL": "a number",
    "_NL": "the end of the line", "$END": "the end of the text",
    "_INDENT": "an indented block", "_DEDENT": "the end of the indented block",
}
_VALUE_START = {"NUMBER", "DECIMAL", "NAME", "LPAR", "LSQB", "MINUS", "NOT", "TRUE", "FALSE", "NONE"}
_OPERATORS = {"PLUS", "MINUS", "STAR", "SLASH", "DSLASH", "PERCENT", "COMP_OP", "AND", "OR", "IF",
              "DOT", "LSQB", "LPAR"}
_STATEMENT_START = {"PAY", "COLLECT", "MOVE", "GO", "KEEP", "DRAW", "LET", "SET", "CLEAR", "OFFER",
                    "TRANSFER", "IF", "FOR", "CHOOSE", "WITH", "PASS", "RELEASE", "ADD",
                    "AUCTION"}
_LINE_END = {"_NL", "$END", "SEMI"}


def _term_word(term: str) -> str:
    if term in _PUNCT:
        return _PUNCT[term]
    if term.isupper() and term.isalpha():
        return f"'{term.lower()}'"
    return "something else"


def _join(words: list[str]) -> str:
    if not words:
        return "something else"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def describe_expected(expected: set[str]) -> str:
    """Plain words for a set of lark terminal names: "'bank', 'each' or a name"."""
    exp = {t for t in expected if not t.startswith("__")}
    words: list[str] = []
    statement = len(_STATEMENT_START & exp) >= 6
    value = {"NUMBER", "NAME", "LPAR"} <= exp
    operator = len((_OPERATORS - {"LPAR", "LSQB", "DOT", "IF"}) & exp) >= 3
    if statement:
        exp -= _STATEMENT_START
    if value:
        exp -= _VALUE_START
    if operator:
        exp -= _OPERATORS
    line_end = bool(exp & {"_NL", "$END"})
    exp -= _LINE_END if line_end else set()
    if statement:
        words.append("a statement (pay, collect, move, if, ...)")
    words.extend(sorted(_term_word(t) for t in exp if t not in ("_INDENT", "_DEDENT")))
    if "_INDENT" in exp:
        words.append(_term_word("_INDENT"))
    if value:
        words.extend(["a number", "a name", "'('"])
    if operator:
        words.append("an operator")
    if line_end:
        words.append("the end of the line")
    return _join(words)


def describe_token(tok: Token) -> str:
    """Plain words for a token found where it does not belong."""
    t = tok.type
    if t == "$END":
        return "the end of the text"
    if t == "_NL":
        return "the end of the line"
    if t == "_INDENT":
        return "an indented line"
    if t == "_DEDENT":
        return "the end of the indented block"
    if t == "NAME":
        return f"the name '{tok.value}'"
    if t in ("NUMBER", "DECIMAL"):
        return f"the number {tok.value}"
    return f"'{tok.value}'"


def _end_pos(text: str) -> n.Pos:
    lines = text.split("\n")
    return (len(lines), len(lines[-1]) + 1)


def syntax_issue(text: str, start: str, e: UnexpectedInput, recent: list[Token],
                 parses_as: Callable[[str, str], bool]) -> Issue:
    """Word the lark error `e` met while parsing `text` from rule `start` for people.

    `recent` holds the last tokens the lexer passed on; `parses_as(text, start)` tells whether
    the text parses from the other start rule (a value where statements are expected...)."""
    if isinstance(e, UnexpectedCharacters):
        at = e.pos_in_stream if e.pos_in_stream is not None else len(text)
        ch = text[at] if at < len(text) else "?"
        if ch in "\"'`":
            msg = f"unexpected quote {ch}: the language has no text in quotes"
        else:
            msg = f"unexpected character '{ch}'"
        return Issue("dsl-syntax", msg, (e.line or 1, e.column or 1))

    assert isinstance(e, UnexpectedToken)
    if start == "formula" and not text.strip():
        return Issue("dsl-syntax", "this formula is empty: write a value, for example 200",
                     (1, 1))
    tok = e.token
    pos = _end_pos(text) if tok.type == "$END" else token_pos(tok)
    expected = set(e.accepts or e.expected or ())

    # A whole snippet of the wrong sort: a value where statements are expected, or the reverse.
    other = "formula" if start == "effect" else "effect"
    words = text.split()
    if words and (start == "formula" or words[0] not in STATEMENT_WORDS) \
            and parses_as(text, other):
        if start == "effect":
            return Issue("type-error", "this is a value, but statements are expected here "
                                       "(for example 'collect 200 from bank')", (1, 1))
        return Issue("type-error", "this is a statement, but a value (a formula) is expected "
                                   "here (for example 'cash // 10')", (1, 1))

    # A statement used as a value: `let x = pay bank 5`, `pay bank move to go`.
    prev = None
    if recent:
        last = recent[-1]
        same = last.type == tok.type and last.line == tok.line and last.column == tok.column
        if same and len(recent) > 1:
            prev = recent[-2]
        elif not same:
            prev = last
    if (prev is not None and prev.type == "NAME" and prev.value in STATEMENT_WORDS
            and tok.type not in ("_NL", "$END") and "COMP_OP" in expected):
        return Issue("type-error", f"'{prev.value} ...' is a statement, but a value is "
                                   f"expected here", token_pos(prev))

    msg = f"expected {describe_expected(expected)}, but found {describe_token(tok)}"
    hints: tuple[str, ...] = ()
    if tok.type == "EQUAL" and "COMP_OP" in expected:
        hints = ("to compare two values, write '=='",)
        msg += "; to compare two values, write '=='"
    elif tok.type == "_INDENT":
        msg = "unexpected indentation: only the lines of a block after ':' are indented"
    return Issue("dsl-syntax", msg, pos, hints)
