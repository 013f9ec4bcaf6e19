"""Indentation of DSL text: Python-like blocks after ':' (a lark post-lexer).

`IndentPostLexer` turns line starts into _INDENT/_DEDENT tokens relative to the text's own left
margin, reports a dedent to a column no enclosing block used as an `IndentationProblem` with its
position, and remembers the last tokens it passed on (the syntax messages use them).
"""

from __future__ import annotations

from lark import Token
from lark.exceptions import LarkError
from lark.indenter import Indenter

from .issues import ref


class IndentationProblem(LarkError):
    """A line is dedented to a column that no enclosing block used."""

    def __init__(self, token: Token, message: str, refs: tuple[tuple[int, int], ...] = ()):
        self.token = token
        self.refs = refs      # the positions the message names (issues.ref)
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
                    at, f"this line is indented to {ref(0, 'c')}, which matches no enclosing "
                        f"block (expected {ref(1, 'c')})",
                    ((line, indent + 1), (line, self.indent_level[-1] + 1)))

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
