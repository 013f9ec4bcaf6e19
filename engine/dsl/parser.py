"""Parsing DSL text into the syntax tree of `nodes.py`.

`parse(text, start)` parses an effect (`start='effect'`) or a formula (`start='formula'`) with the
lark LALR parser built from `grammar.lark`. The tree is built by an inline transformer during
parsing (no recursion over lark trees), and each node records its nesting depth, so input beyond
`vocabulary.LIMITS` is rejected before any recursive pass. Syntax errors are worded for people
("expected a number, a name or '(' but found the end of the line"), never with lark's terminal
names.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
import threading
from importlib import resources
from pathlib import Path

import lark
from lark import Lark, Token, Transformer
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter
from lark.lark import _LOAD_ALLOWED_OPTIONS

from . import nodes as n
from .issues import DslError, Issue
from .vocabulary import LIMITS, STATEMENT_WORDS

# ------------------------------------------------------------------ wording of terminals

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
                    "TRANSFER", "IF", "FOR"}
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


# ------------------------------------------------------------------ indentation

class IndentationProblem(LarkError):
    """A line is dedented to a column that no enclosing block used."""

    def __init__(self, token: Token, message: str):
        self.token = token
        super().__init__(message)


class IndentPostLexer(Indenter):
    """lark's Indenter (Python-like blocks), reporting bad dedents with a position and
    remembering the last tokens it passed on (to word some syntax errors)."""

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def __init__(self):
        super().__init__()
        self.recent: list[Token] = []
        self.base_indent = 0   # indentation of the first line: the text's own left margin

    def handle_NL(self, token):
        """Yield the newline, then _INDENT or _DEDENTs for the next line's indentation."""
        if self.paren_level > 0:
            return
        yield token
        indent_str = token.rsplit("\n", 1)[1]
        indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len
        if indent > self.indent_level[-1]:
            self.indent_level.append(indent)
            line = token.end_line or token.line
            yield Token(self.INDENT_type, indent_str, token.start_pos, line, indent + 1)
        else:
            while len(self.indent_level) > 1 and indent < self.indent_level[-1]:
                self.indent_level.pop()
                yield Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
            if indent != self.indent_level[-1]:
                line = (token.end_line or token.line)
                at = Token("_NL", "", 0, line, indent + 1)
                raise IndentationProblem(
                    at, f"this line is indented to column {indent + 1}, which matches no "
                        f"enclosing block (expected column {self.indent_level[-1] + 1})")

    def _process(self, stream):
        token = None
        for token in stream:
            self.recent.append(token)
            if len(self.recent) > 3:
                del self.recent[0]
            if token.type == self.NL_type:
                yield from self.handle_NL(token)
            else:
                yield token
            if token.type in self.OPEN_PAREN_types:
                self.paren_level += 1
            elif token.type in self.CLOSE_PAREN_types:
                self.paren_level = max(0, self.paren_level - 1)
        while len(self.indent_level) > 1:
            self.indent_level.pop()
            yield (Token.new_borrow_pos(self.DEDENT_type, "", token) if token
                   else Token(self.DEDENT_type, "", 0, 1, 1, 1, 1, 0))

    def process(self, stream):
        """Post-process the lexer's token stream (lark PostLex protocol)."""
        self.paren_level = 0
        self.indent_level = [self.base_indent]
        self.recent = []
        return self._process(stream)


# ------------------------------------------------------------------ tree building

def _pos(tok: Token) -> n.Pos:
    return (tok.line, tok.column)


def _d(*items) -> int:
    """1 + the deepest of `items` (nodes or lists of nodes)."""
    best = 0
    for it in items:
        if isinstance(it, list):
            for x in it:
                best = max(best, x.depth)
        elif it is not None and hasattr(it, "depth"):
            best = max(best, it.depth)
    return best + 1


def _flatten(children) -> list[n.Stmt]:
    out: list[n.Stmt] = []
    for c in children:
        if isinstance(c, list):
            out.extend(c)
        elif isinstance(c, n.Stmt):
            out.append(c)
    return out


class Builder(Transformer):
    """Builds `nodes` from lark's reductions (used inline by the LALR parser): one method per
    grammar rule or alias of grammar.lark, taking the rule's children. Limits that are found
    while building are collected in `self.issues`, not raised."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self.issues: list[Issue] = []

    def _limit(self, pos, message):
        self.issues.append(Issue("dsl-limit", message, pos))

    # ---- start symbols
    def effect(self, ch):
        body = _flatten(ch)
        return n.Effect((1, 1), body, depth=max((s.depth for s in body), default=1))

    def formula(self, ch):
        expr = ch[0]
        return n.Formula(expr.pos, expr, depth=expr.depth)

    # ---- statements
    def simple_stmts(self, ch):
        return [c for c in ch if not isinstance(c, Token)]

    def suite(self, ch):
        return _flatten(ch)

    def pay_bank(self, ch):
        return n.Pay(_pos(ch[0]), "bank", ch[2], depth=_d(ch[2]))

    def pay_each(self, ch):
        return n.Pay(_pos(ch[0]), "each", ch[4], depth=_d(ch[4]))

    def pay_player(self, ch):
        return n.Pay(_pos(ch[0]), ch[1], ch[2], depth=_d(ch[1], ch[2]))

    def collect_bank(self, ch):
        return n.Collect(_pos(ch[0]), ch[1], "bank", depth=_d(ch[1]))

    def collect_each(self, ch):
        return n.Collect(_pos(ch[0]), ch[1], "each", depth=_d(ch[1]))

    def collect_player(self, ch):
        return n.Collect(_pos(ch[0]), ch[1], ch[3], depth=_d(ch[1], ch[3]))

    def _move(self, ch, how, arg, arg_pos):
        opts = ch[-1] if isinstance(ch[-1], list) else []
        return n.Move(_pos(ch[0]), how, arg, arg_pos, opts,
                      depth=_d(arg if isinstance(arg, n.Node) else None, opts))

    def move_to(self, ch):
        return self._move(ch, "to", ch[2], ch[2].pos)

    def move_nearest(self, ch):
        return self._move(ch, "nearest", str(ch[3]), _pos(ch[3]))

    def move_nearest_group(self, ch):
        return self._move(ch, "nearest_group", str(ch[4]), _pos(ch[4]))

    def move_forward(self, ch):
        return self._move(ch, "forward", ch[2], ch[2].pos)

    def move_back(self, ch):
        return self._move(ch, "back", ch[2], ch[2].pos)

    def move_back_to(self, ch):
        return self._move(ch, "back_to", ch[3], ch[3].pos)

    def with_opts(self, ch):
        return [c for c in ch if isinstance(c, n.Option)]

    def opt_rent(self, ch):
        return n.Option(_pos(ch[0]), "rent", ch[2], depth=_d(ch[2]))

    def opt_dice(self, ch):
        return n.Option(_pos(ch[0]), "dice", ch[2], depth=_d(ch[2]))

    def opt_salary(self, ch):
        return n.Option(_pos(ch[0]), "salary", ch[2], depth=_d(ch[2]))

    def opt_no_salary(self, ch):
        return n.Option(_pos(ch[0]), "no_salary", None)

    def jail_stmt(self, ch):
        return n.GoToJail(_pos(ch[0]))

    def keep_stmt(self, ch):
        return n.Keep(_pos(ch[0]), str(ch[2]), _pos(ch[2]))

    def draw_stmt(self, ch):
        return n.Draw(_pos(ch[0]), str(ch[2]), _pos(ch[2]))

    def let_stmt(self, ch):
        return n.Let(_pos(ch[0]), str(ch[1]), _pos(ch[1]), ch[3], depth=_d(ch[3]))

    def set_flag_stmt(self, ch):
        until = "used"
        if len(ch) > 5 and ch[-1].type == "TURN":
            until = "end_of_turn"
        elif len(ch) > 5 and ch[-1].type == "MOVE":
            until = "next_move"
        return n.SetFlag(_pos(ch[0]), str(ch[2]), _pos(ch[2]), ch[4], until, depth=_d(ch[4]))

    def clear_flag_stmt(self, ch):
        return n.ClearFlag(_pos(ch[0]), str(ch[2]), _pos(ch[2]), ch[4], depth=_d(ch[4]))

    def offer_stmt(self, ch):
        return n.OfferBuild(_pos(ch[0]), ch[4], depth=_d(ch[4]))

    def transfer_stmt(self, ch):
        return n.Transfer(_pos(ch[0]), ch[1], ch[3], depth=_d(ch[1], ch[3]))

    def path(self, ch):
        names = [c for c in ch if c.type == "NAME"]
        node: n.Expr = n.Name(_pos(names[0]), str(names[0]))
        for tok in names[1:]:
            node = n.Attr(_pos(tok), node, str(tok), depth=node.depth + 1)
        return node

    def if_stmt(self, ch):
        branches = [(ch[1], ch[3])]
        orelse = None
        for c in ch[4:]:
            if c[0] == "elif":
                branches.append((c[1], c[2]))
            else:
                orelse = c[1]
        if len(branches) > LIMITS["branches"]:
            self._limit(_pos(ch[0]), f"this 'if' has {len(branches) - 1} 'elif' branches; "
                                     f"at most {LIMITS['branches']} are allowed")
        depth = _d([b[0] for b in branches], *[b[1] for b in branches], orelse or [])
        return n.If(_pos(ch[0]), branches, orelse, depth=depth)

    def elif_clause(self, ch):
        return ("elif", ch[1], ch[3])

    def else_clause(self, ch):
        return ("else", ch[2])

    def for_stmt(self, ch):
        other = any(isinstance(c, Token) and c.type == "OTHER" for c in ch)
        name = [c for c in ch if isinstance(c, Token) and c.type == "NAME"][0]
        body = ch[-1]
        return n.ForEach(_pos(ch[0]), other, str(name), _pos(name), body, depth=_d(body))

    # ---- expressions
    def conditional(self, ch):
        then, _if, cond, _else, other = ch
        return n.Cond(_pos(_if), then, cond, other, depth=_d(then, cond, other))

    def _boolop(self, ch, op):
        operands = [c for c in ch if not isinstance(c, Token)]
        if len(operands) > LIMITS["chain"]:
            self._limit(operands[0].pos, f"this chain of '{op}' has {len(operands)} operands; "
                                         f"at most {LIMITS['chain']} are allowed")
        return n.BoolOp(operands[0].pos, op, operands, depth=_d(operands))

    def or_test(self, ch):
        return self._boolop(ch, "or")

    def and_test(self, ch):
        return self._boolop(ch, "and")

    def not_op(self, ch):
        return n.Not(_pos(ch[0]), ch[1], depth=_d(ch[1]))

    def compare(self, ch):
        left, op, right = ch
        return n.Compare(_pos(op), str(op), left, right, depth=_d(left, right))

    def _chain(self, ch):
        first = ch[0]
        rest = [(str(ch[i]), _pos(ch[i]), ch[i + 1]) for i in range(1, len(ch), 2)]
        if len(rest) + 1 > LIMITS["chain"]:
            self._limit(first.pos, f"this chain of operators has {len(rest) + 1} operands; "
                                   f"at most {LIMITS['chain']} are allowed")
        return n.Chain(first.pos, first, rest, depth=_d(first, [r[2] for r in rest]))

    arith = _chain
    term = _chain

    def neg(self, ch):
        return n.Neg(_pos(ch[0]), ch[1], depth=_d(ch[1]))

    def attr(self, ch):
        return n.Attr(_pos(ch[2]), ch[0], str(ch[2]), depth=_d(ch[0]))

    def index(self, ch):
        return n.Index(_pos(ch[1]), ch[0], ch[2], depth=_d(ch[0], ch[2]))

    def call(self, ch):
        args = [c for c in ch[2:] if not isinstance(c, Token)]
        return n.Call(_pos(ch[0]), str(ch[0]), args, depth=_d(args))

    def number(self, ch):
        tok = ch[0]
        digits = tok.value.replace("_", "")
        if len(digits) > LIMITS["digits"]:
            self._limit(_pos(tok), f"this number has {len(digits)} digits; "
                                   f"at most {LIMITS['digits']} are allowed")
            return n.Num(_pos(tok), 0)
        return n.Num(_pos(tok), int(digits))

    def decimal(self, ch):
        return n.Decimal(_pos(ch[0]), ch[0].value)

    def name(self, ch):
        return n.Name(_pos(ch[0]), str(ch[0]))

    def true(self, ch):
        return n.Bool(_pos(ch[0]), True)

    def false(self, ch):
        return n.Bool(_pos(ch[0]), False)

    def none(self, ch):
        return n.NoneLit(_pos(ch[0]))

    def paren(self, ch):
        inner = ch[1]
        inner.depth += 1
        return inner

    def list(self, ch):
        items = [c for c in ch[1:-1] if not isinstance(c, Token)]
        if len(items) > LIMITS["list_items"]:
            self._limit(_pos(ch[0]), f"this list has {len(items)} items; "
                                     f"at most {LIMITS['list_items']} are allowed")
        return n.ListLit(_pos(ch[0]), items, depth=_d(items))


# ------------------------------------------------------------------ the parser

_lock = threading.Lock()
_parser: Lark | None = None
_postlex: IndentPostLexer | None = None
_builder: Builder | None = None


def grammar_text() -> str:
    """The text of grammar.lark."""
    return resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")


_OPTIONS: dict = {"parser": "lalr", "lexer": "contextual", "start": ["effect", "formula"],
                  "maybe_placeholders": False}


def cache_dir() -> Path:
    """The user cache folder for magie: `$MAGIE_CACHE_DIR`, else `$XDG_CACHE_HOME/magie`,
    else `~/.cache/magie`."""
    if os.environ.get("MAGIE_CACHE_DIR"):
        return Path(os.environ["MAGIE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "magie"


def _cache_path(grammar: str) -> Path:
    """The cache file of the parser built from `grammar`: named by the hash of the grammar, the
    options, lark's version and Python's, so that any change to one of them misses."""
    key = "\0".join([grammar, repr(sorted(_OPTIONS.items())), lark.__version__,
                     "{}.{}".format(*sys.version_info[:2])])
    return cache_dir() / f"dsl-parser-{hashlib.sha256(key.encode()).hexdigest()[:32]}.pickle"


def _load_cached(path: Path, postlex: IndentPostLexer, builder: Builder) -> Lark | None:
    """The parser saved at `path`, or None on any problem (missing, truncated, foreign, made
    by another lark): a cache is only a shortcut, never trusted over the grammar. The file
    starts with its own name's key, checked before the data is unpickled, and the loaded parser
    must parse a probe formula."""
    try:
        with open(path, "rb") as f:
            if f.readline().rstrip(b"\n") != path.stem.encode():
                return None
            data = pickle.load(f)
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
    so a reader never sees half a file); any error is ignored (the cache is optional)."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
        with os.fdopen(fd, "wb") as f:
            f.write(path.stem.encode() + b"\n")
            parser.save(f, _LOAD_ALLOWED_OPTIONS)
        os.replace(tmp, path)
        tmp = None
    except Exception:
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _get_parser() -> tuple[Lark, IndentPostLexer, Builder]:
    """The parser, built once per process: loaded from the user cache when a valid entry for
    this grammar and lark version is there (about 10 ms instead of 80 ms), else built from
    grammar.lark and saved there. `MAGIE_NO_CACHE=1` always builds."""
    global _parser, _postlex, _builder
    if _parser is None:
        postlex = IndentPostLexer()
        builder = Builder()
        grammar = grammar_text()
        use_cache = not os.environ.get("MAGIE_NO_CACHE")
        path = _cache_path(grammar) if use_cache else None
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


def _end_pos(text: str) -> n.Pos:
    lines = text.split("\n")
    return (len(lines), len(lines[-1]) + 1)


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
            raise DslError([Issue("dsl-syntax", str(e), _pos(e.token))]) from None
        except UnexpectedInput as e:
            raise DslError([_syntax_issue(text, start, e)]) from None
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


def _syntax_issue(text: str, start: str, e: UnexpectedInput) -> Issue:
    """Word a lark error for people. Called with the lock held."""
    _, postlex, _ = _get_parser()
    recent = list(postlex.recent)
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        if ch in "\"'`":
            msg = f"unexpected quote {ch}: the language has no text in quotes"
        else:
            msg = f"unexpected character '{ch}'"
        return Issue("dsl-syntax", msg, (e.line, e.column))

    assert isinstance(e, UnexpectedToken)
    if start == "formula" and not text.strip():
        return Issue("dsl-syntax", "this formula is empty: write a value, for example 200",
                     (1, 1))
    tok = e.token
    pos = _end_pos(text) if tok.type == "$END" else (tok.line, tok.column)
    expected = set(e.accepts or e.expected or ())

    # A whole snippet of the wrong sort: a value where statements are expected, or the reverse.
    other = "formula" if start == "effect" else "effect"
    words = text.split()
    if words and (start == "formula" or words[0] not in STATEMENT_WORDS) \
            and _parses_as(text, other):
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
                                   f"expected here", (prev.line, prev.column))

    msg = f"expected {describe_expected(expected)}, but found {describe_token(tok)}"
    hints: tuple[str, ...] = ()
    if tok.type == "EQUAL" and "COMP_OP" in expected:
        hints = ("to compare two values, write '=='",)
        msg += "; to compare two values, write '=='"
    elif tok.type == "_INDENT":
        msg = "unexpected indentation: only the lines of a block after ':' are indented"
    return Issue("dsl-syntax", msg, pos, hints)
