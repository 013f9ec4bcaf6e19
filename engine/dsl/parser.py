"""Parsing DSL text into the syntax tree of `nodes.py`.

`parse(text, start)` parses an effect (`start='effect'`) or a formula (`start='formula'`) with the
lark LALR parser built from `grammar.lark`, with the post-lexer of `indentation.py` and the tree
builder of `builder.py` run inline; syntax errors are worded by `syntax_messages.py`. Input beyond
`vocabulary.LIMITS` (length, nesting, list items...) is refused before any recursive pass.
"""

from __future__ import annotations

import threading
from importlib import resources

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from . import nodes as n
from .builder import Builder
from .indentation import IndentationProblem, IndentPostLexer
from .issues import DslError, Issue
from .syntax_messages import syntax_issue
from .vocabulary import LIMITS

_lock = threading.Lock()
_parser: Lark | None = None
_postlex: IndentPostLexer | None = None
_builder: Builder | None = None


def grammar_text() -> str:
    """The text of grammar.lark."""
    return resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")


def _get_parser() -> tuple[Lark, IndentPostLexer, Builder]:
    global _parser, _postlex, _builder
    if _parser is None:
        _postlex = IndentPostLexer()
        _builder = Builder()
        _parser = Lark(grammar_text(), parser="lalr", lexer="contextual", postlex=_postlex,
                       transformer=_builder, start=["effect", "formula"],
                       maybe_placeholders=False)
    return _parser, _postlex, _builder


def keywords() -> set[str]:
    """The keywords of the grammar (lower case), for the documentation test."""
    parser, _, _ = _get_parser()
    return {t.pattern.value for t in parser.terminals
            if t.pattern.type == "str" and t.pattern.value.isalpha()}


def _raw_parse(text: str, start: str):
    parser, postlex, builder = _get_parser()
    builder.issues = []
    first = text.lstrip("\r\n")
    first = first.split("\n", 1)[0]
    margin = first[:len(first) - len(first.lstrip(" \t"))]
    postlex.base_indent = margin.count(" ") + margin.count("\t") * postlex.tab_len
    tree = parser.parse(text + "\n", start=start)
    return tree, list(builder.issues)


def parse(text: str, start: str):
    """Parse `text` as an effect (`start='effect'`) or a formula (`start='formula'`).

    Returns an `nodes.Effect` or `nodes.Formula`. Raises `DslError` with `dsl-syntax`,
    `dsl-limit` or `type-error` issues (a statement where a value is expected, or the reverse).
    """
    if len(text) > LIMITS["chars"]:
        raise DslError([Issue("dsl-limit", f"this text has {len(text)} characters; at most "
                                           f"{LIMITS['chars']:,} are allowed", (1, 1))])
    if start == "effect" and not text.strip():
        text = ""                 # blanks only: the empty effect, not an indentation error
    with _lock:
        try:
            tree, issues = _raw_parse(text, start)
        except IndentationProblem as e:
            raise DslError([Issue("dsl-syntax", str(e), (e.token.line, e.token.column))]) from None
        except UnexpectedInput as e:
            raise DslError([syntax_issue(text, start, e, list(_postlex_recent()), _parses_as)]) from None
    if issues:
        raise DslError(issues)
    if tree.depth > LIMITS["depth"]:
        raise DslError([Issue("dsl-limit", f"this text is nested {tree.depth} levels deep; at "
                                           f"most {LIMITS['depth']} are allowed",
                              _too_deep_at(tree, LIMITS["depth"]))])
    return tree


def _too_deep_at(tree, limit: int) -> n.Pos:
    """The position of the node at nesting level `limit + 1`, following the deepest path from
    the top (iteratively: the tree may be far deeper than Python's recursion limit)."""
    node = tree
    level = 0
    while level <= limit:
        kids = n.children(node)
        if not kids:
            break
        node = max(kids, key=lambda c: c.depth)
        level += 1
    return node.pos


def _parses_as(text: str, start: str) -> bool:
    try:
        _raw_parse(text, start)
        return True
    except (UnexpectedInput, IndentationProblem):
        return False


def _postlex_recent() -> list[Token]:
    """The last tokens the post-lexer passed on (called with the lock held)."""
    _, postlex, _ = _get_parser()
    return postlex.recent
