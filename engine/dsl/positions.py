"""Mapping a position inside a DSL snippet to its position in the YAML file.

The loader's `locate(pointer)` gives the `Mark` of the YAML node holding the snippet. Where the
text starts depends on the scalar style:

- plain (`do: pay bank 15`): the text starts at the mark; line 1 col c -> mark.col + c - 1;
- quoted (`"..."` or `'...'`): one column further (escapes are not accounted for);
- literal block (`|`): the mark is the indicator line; DSL line k is file line mark.line + k,
  and col c is file col mark.indent + c (mark.indent: the content's indentation, 0-based);
- folded block (`>`): best effort, as a literal block (exact while the text is one line).

Multi-line plain and quoted scalars are folded by YAML into one line; positions after the
first file line are then approximate.
"""

from __future__ import annotations

from ..problems import Mark


def file_position(mark: Mark | None, line: int, col: int) -> tuple[str, int, int]:
    """(file, line, col) in the YAML file of DSL position (line, col), both 1-based.
    With no mark, the DSL position itself and an empty file name."""
    if mark is None:
        return ("", line, col)
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
