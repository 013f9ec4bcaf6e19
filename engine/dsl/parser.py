"""Parsing DSL text into the syntax tree of `nodes.py`.

`parse(text, start)` parses an effect (`start='effect'`) or a formula (`start='formula'`) with the
lark LALR parser built from `grammar.lark`, with the post-lexer of `indentation.py` and the tree
builder of `builder.py` run inline; syntax errors are worded by `syntax_messages.py`. Input beyond
`vocabulary.LIMITS` (length, nesting, list items...) is refused before any recursive pass.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
import threading
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import IO

import lark
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lark import _LOAD_ALLOWED_OPTIONS

from ..paths import cache_dir, prune, read_private, write_atomic
from . import nodes as n
from .builder import Builder, token_pos
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


MAX_CACHED = 16 << 20
"""Bytes of the largest parser cache entry read (one is about 100 kB)."""

KEEP_PARSERS = 3
"""Parser entries kept in the cache folder (each grammar, lark or Python makes its own); the
oldest beyond these are removed when a new one is written."""

_OPTIONS: dict = {"parser": "lalr", "lexer": "contextual", "start": ["effect", "formula"],
                  "maybe_placeholders": False}


def _cache_path(grammar: str) -> Path | None:
    """The cache file of the parser built from `grammar` (None when the cache is off,
    `paths.cache_dir`): named by the hash of the grammar, the options, lark's version and
    Python's, so that any change to one of them misses."""
    folder = cache_dir()
    if folder is None:
        return None
    key = "\0".join([grammar, repr(sorted(_OPTIONS.items())), lark.__version__,
                     "{}.{}".format(*sys.version_info[:2])])
    return folder / f"dsl-parser-{hashlib.sha256(key.encode()).hexdigest()[:32]}.pickle"


def _load_cached(path: Path, postlex: IndentPostLexer, builder: Builder) -> Lark | None:
    """The parser saved at `path`, or None on any problem (missing, truncated, foreign, made
    by another lark, owned by another user or writable by others: `paths.read_private`): a cache
    is only a shortcut, never trusted over the grammar. The file starts with its own name's key,
    checked before the data is unpickled, and the loaded parser must parse a probe formula."""
    try:
        raw = read_private(path, MAX_CACHED)   # unpickling runs code: only this user's own entry
        if raw is None:
            return None
        head, _, body = raw.partition(b"\n")
        if head != path.stem.encode():
            return None
        data = pickle.loads(body)
        inst = Lark.__new__(Lark)
        inst._load(data, transformer=builder, postlex=postlex)
        postlex.base_indent = 0
        if not isinstance(inst.parse("1\n", start="formula"), n.Formula):
            return None
        return inst
    except Exception:
        return None


def _save_cached(path: Path, parser: Lark) -> None:
    """Write `parser` to `path` atomically (a temporary file in the same folder, then a rename,
    so a reader never sees half a file), then remove the oldest parsers beyond `KEEP_PARSERS`;
    any error is ignored (the cache is optional)."""
    def fill(f: IO[bytes]) -> None:
        f.write(path.stem.encode() + b"\n")
        parser.save(f, _LOAD_ALLOWED_OPTIONS)

    if write_atomic(path, fill, ".pickle"):
        prune(path.parent, "dsl-parser-", ".pickle", KEEP_PARSERS, spare=path)


def _get_parser() -> tuple[Lark, IndentPostLexer, Builder]:
    """The parser, built once per process: loaded from the user cache when a valid entry for
    this grammar and lark version is there (about 10 ms instead of 80 ms), else built from
    grammar.lark and saved there. With the cache off (`MAGIE_NO_CACHE=1`, `paths.cache_dir`) it
    always builds."""
    global _parser, _postlex, _builder
    if _parser is None:
        postlex = IndentPostLexer()
        builder = Builder()
        grammar = grammar_text()
        path = _cache_path(grammar)
        parser = _load_cached(path, postlex, builder) if path is not None else None
        if parser is None:
            parser = Lark(grammar, postlex=postlex, transformer=builder, **_OPTIONS)
            if path is not None:
                _save_cached(path, parser)
        _parser, _postlex, _builder = parser, postlex, builder
    assert _postlex is not None and _builder is not None
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


PARSES_KEPT = 4096
"""Texts whose syntax tree `parse` keeps (pickled) in this process: an edition's snippets are
parsed by every load of it, and the same texts recur across editions and overlays."""

KEPT_CHARS = 2000
"""The longest text whose tree is kept. The built-in editions' snippets have under 400
characters; a tree pickles to about 9 to 11 bytes a character, so keeping texts up to the
10,000-character limit would let a server's uploads fill some 400 MB; with this bound the kept
trees and their texts stay near 100 MB at most."""


def parse(text: str, start: str):
    """Parse `text` as an effect (`start='effect'`) or a formula (`start='formula'`).

    Returns a new `nodes.Effect` or `nodes.Formula` (the checker annotates it, so each call gets
    its own copy). Raises `DslError` with `dsl-syntax`, `dsl-limit` or `type-error` issues (a
    statement where a value is expected, or the reverse).
    """
    if len(text) > KEPT_CHARS:
        return _parse_now(text, start)
    return pickle.loads(_parsed(text, start))


@lru_cache(maxsize=PARSES_KEPT)
def _parsed(text: str, start: str) -> bytes:
    """The pickled tree of `text` (a pure function of the text and the grammar); unpickling costs
    a tenth of parsing. Errors are raised, not kept."""
    return pickle.dumps(_parse_now(text, start), protocol=pickle.HIGHEST_PROTOCOL)


def _parse_now(text: str, start: str):
    """`parse`, without the kept trees."""
    if len(text) > LIMITS["chars"]:
        raise DslError([Issue("dsl-limit", f"this text has {len(text)} characters; at most "
                                           f"{LIMITS['chars']:,} are allowed", (1, 1))])
    if start == "effect" and not text.strip():
        text = ""                 # blanks only: the empty effect, not an indentation error
    with _lock:
        try:
            tree, issues = _raw_parse(text, start)
        except IndentationProblem as e:
            raise DslError([Issue("dsl-syntax", str(e), token_pos(e.token), refs=e.refs)]) from None
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
