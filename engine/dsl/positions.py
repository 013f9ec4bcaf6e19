"""Mapping a position inside a DSL snippet to its position in the YAML file.

The loader's `locate(pointer)` gives the `Mark` of the YAML node holding the snippet. Where the
text starts depends on the scalar style:

- plain (`do: pay bank 15`): the text starts at the mark; line 1 col c -> mark.col + c - 1;
- quoted (`"..."` or `'...'`): one column further;
- literal block (`|`): the mark is the indicator line; DSL line k is file line mark.line + k,
  and col c is file col mark.indent + c (mark.indent: the content's indentation, 0-based);
- folded block (`>`): best effort, as a literal block (exact while the text is one line).

A plain or quoted scalar with escapes (`\\n`, `\\"`), a doubled quote, or lines folded into one
carries the place of each of its characters (`Mark.chars`, read from the source by yamlload.py):
positions there are exact too.
"""

from __future__ import annotations

from ..problems import Mark


def file_position(mark: Mark | None, line: int, col: int) -> tuple[str, int, int]:
    """(file, line, col) in the YAML file of DSL position (line, col), both 1-based.
    With no mark, the DSL position itself and an empty file name."""
    if mark is None:
        return ("", line, col)
    if mark.chars and 1 <= line <= len(mark.chars) and mark.chars[line - 1]:
        row = mark.chars[line - 1]           # escapes or folded lines: each character's own place
        if col <= len(row):
            return (mark.file, *row[max(col, 1) - 1])
        ln, c = row[-1]
        return (mark.file, ln, c + col - len(row))
    style = mark.style
    if style in ("|", ">"):
        indent = mark.indent if mark.indent is not None else max(mark.col - 1, 0)
        return (mark.file, mark.line + line, indent + col)
    shift = 1 if style in ('"', "'") else 0
    if line == 1:
        return (mark.file, mark.line, mark.col + shift + col - 1)
    return (mark.file, mark.line + line - 1, col)


def format_position(mark: Mark | None, line: int, col: int) -> str:
    """'file:line:col' of a DSL position (or 'line:col' inside the snippet when no mark)."""
    f, ln, c = file_position(mark, line, col)
    return f"{f}:{ln}:{c}" if f else f"{ln}:{c}"
