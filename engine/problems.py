"""Positions in source files and the problems validation reports.

Every layer that reads user input (the YAML loader, the JSON Schema check, the semantic
checks, the DSL checker, save files) reports what is wrong as `Problem`s carrying the file,
line and column, so the CLI can print them like a compiler and exit with code 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a YAML node starts in its source file.

    `line` and `col` are 1-based. `style` is the YAML scalar style of the node
    (None for plain scalars and for maps and lists, or one of '|', '>', '"', "'").
    `indent` is the indentation (in columns, 0-based) of the content lines of a block
    scalar ('|' or '>'), so that a position inside the scalar's text (a DSL error)
    can be mapped back to the file; None for other nodes.
    `chars`, for a plain or quoted scalar whose text does not follow its source column by
    column (an escape, a doubled quote, or lines folded into one), holds one row per line of
    the text: the (line, col) in the file of each of its characters, then of its line break,
    so that a position inside the text (a DSL error) is placed exactly; None for other nodes.
    """

    file: str
    line: int
    col: int
    style: str | None = None
    indent: int | None = None
    chars: tuple[tuple[tuple[int, int], ...], ...] | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input file.

    `code` is a short kebab-case identifier (`unknown-group`, `duplicate-key`, ...), stable
    across releases so tests and tools can rely on it. `pointer` is the JSON pointer of the
    offending node in the merged edition tree ('' when not applicable). `message` says what
    was found and what was expected, in plain English.
    """

    severity: Severity
    code: str
    message: str
    file: str = ""
    line: int = 0
    col: int = 0
    pointer: str = ""
    hints: tuple[str, ...] = field(default=())

    @classmethod
    def at(cls, mark: Mark | None, severity: Severity, code: str, message: str,
           pointer: str = "") -> Problem:
        """Build a problem located at `mark` (or nowhere, when mark is None)."""
        if mark is None:
            return cls(severity, code, message, pointer=pointer)
        return cls(severity, code, message, mark.file, mark.line, mark.col, pointer)

    def format(self) -> str:
        """The compiler-style line: `file:line:col: error[code]: message`; a problem with no file
        (an unknown `--variant`) is told by the program, as a compiler does: `magie: error[...]`."""
        if not self.file:
            where = "magie: "
        elif self.line:
            where = f"{self.file}:{self.line}:{self.col}: "
        else:  # a problem with the whole file (missing, too large)
            where = f"{self.file}: "
        return f"{where}{self.severity}[{self.code}]: {self.message}"

    def to_json(self) -> dict:
        """A plain dict for `--format json`."""
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "pointer": self.pointer,
        }


class ProblemsError(Exception):
    """Raised when input cannot be used; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.format() for p in problems))
