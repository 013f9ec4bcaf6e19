"""A save's JSON text read with bounded resources, and where a node of it is in the file.

`read_bytes` reads a regular file of at most `MAX_SAVE_BYTES`, in pieces; a FIFO or a device is
never opened and a byte JSON never holds ends the reading. `decode` takes UTF-8 text nesting at
most `MAX_DEPTH` deep (counted before parsing, so the parser never recurses deeply). `parse` keeps
whole numbers over `MAX_NUMBER_DIGITS` digits unconverted (`BigNumber`), refuses NaN and Infinity
and finds keys given twice in one object. Each refuses with a `ProblemsError` located at
file:line:col where that applies; `Locator` places the problems of the parsed document.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..problems import Problem, ProblemsError

MAX_SAVE_BYTES = 64 * 1024 * 1024
"""Largest save file read (a long game's save is a few MB); a larger one is refused unread."""

MAX_DEPTH = 16
"""Deepest nesting of lists and objects in a save (a recorded trade is 4 deep)."""

MAX_NUMBER_DIGITS = 19
"""Longest whole number in a save (seeds are below 2**63); longer ones are refused unconverted."""

# ---------------------------------------------------------------------- the bytes
def read_bytes(path: Path, name: str) -> bytearray:
    """The bytes of a regular file of at most MAX_SAVE_BYTES, or ProblemsError: a FIFO or a device
    (/dev/zero) is never opened, so reading neither blocks nor runs out of memory."""
    def fail(message: str) -> ProblemsError:
        return ProblemsError([Problem("error", "save-unreadable", message, name)])

    text = str(path)
    if "\0" in text or len(text.encode("utf-8", "surrogateescape")) > 4096 or any(
            len(part.encode("utf-8", "surrogateescape")) > 255 for part in path.parts):
        raise fail("cannot be read: the path (or a name in it) is longer than the file system allows")
    try:
        st = path.stat()
    except FileNotFoundError:
        raise fail("no such save file") from None
    except OSError as e:
        raise fail(f"cannot be read: {e.strerror}") from None
    if stat.S_ISDIR(st.st_mode):
        raise fail("is a folder, not a save file")
    if not stat.S_ISREG(st.st_mode):
        raise fail("is not a regular file (a pipe or a device?), not a save file")
    if st.st_size > MAX_SAVE_BYTES:
        raise fail(f"is {st.st_size:,} bytes; save files are limited to {MAX_SAVE_BYTES:,}")
    try:
        # O_NONBLOCK: should the file have become a FIFO since stat, opening it does not hang
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise fail("is not a regular file (a pipe or a device?), not a save file")
            raw = _read_pieces(f, name)
    except OSError as e:
        raise fail(f"cannot be read: {e.strerror}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise fail(f"is over {MAX_SAVE_BYTES:,} bytes, the limit for save files")
    return raw


def _read_pieces(f: Any, name: str) -> bytearray:
    """The file's bytes, read in pieces of 1 MB up to one past MAX_SAVE_BYTES (f.read(MAX_SAVE_BYTES
    + 1) reserves all of it at once), each piece looked at as it comes: a byte that JSON never
    holds (a file of zeros) ends the reading with a problem at its line and column."""
    raw = bytearray()
    lines = 0
    while len(raw) <= MAX_SAVE_BYTES:
        chunk = f.read(1 << 20)
        if not chunk:
            break
        if (at := chunk.translate(_NOT_JSON_BYTES).find(0)) >= 0:
            line_start = chunk.rfind(b"\n", 0, at) + 1
            col = at - line_start + 1 + (len(raw) - raw.rfind(b"\n") - 1 if not line_start else 0)
            raise ProblemsError([Problem(
                "error", "save-not-json", f"is not a magie save: not valid JSON (the control byte "
                f"0x{chunk[at]:02x}; a save is JSON text)", name, lines + chunk.count(b"\n", 0, at) + 1,
                col)])
        lines += chunk.count(b"\n")
        raw += chunk
    return raw


_NOT_JSON_BYTES = bytes(0 if b < 0x20 and b not in b"\t\n\r" else 1 for b in range(256))
"""A `bytes.translate` table: 0 for a byte never found in JSON text (a control character other
than tab, line feed and carriage return: JSON strings escape them), 1 for any other."""


# ---------------------------------------------------------------------- the text
def decode(raw: bytearray, name: str) -> str:
    """The UTF-8 text of a save nesting at most MAX_DEPTH deep, or ProblemsError."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProblemsError([Problem("error", "save-not-json",
                                     "is not a magie save: not UTF-8 text (a save is a JSON file)", name)]) from None
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise ProblemsError([Problem("error", "save-not-json",
                                     f"is not a magie save: lists and objects nest {depth} deep; "
                                     f"a save nests at most {MAX_DEPTH} deep", name)])
    return text


_BRACKET_OR_QUOTE = re.compile(r'[\[\]{}"]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""The rest of a JSON string after its opening quote (an unclosed one runs to the end)."""


def nesting(text: str) -> int:
    """How deep lists and objects nest in JSON `text` (brackets inside strings not counted)."""
    depth = deepest = 0
    pos = 0
    # the regular expressions skip the text between brackets in C (char by char a 60 MB file took 6 s)
    while (m := _BRACKET_OR_QUOTE.search(text, pos)) is not None:
        ch = m.group()
        pos = m.end()
        if ch == '"':
            rest = _STRING_REST.match(text, pos)        # always matches (maybe nothing)
            pos = rest.end() if rest is not None else len(text)
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        else:
            depth -= 1
    return deepest


class BigNumber:
    """A whole number in a save too long to convert (Python refuses over 4,300 digits, and a
    long one would be slow): kept as its length, refused by the schema as not a number."""

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))


def _parse_int(text: str) -> int | BigNumber:
    return int(text) if len(text) <= MAX_NUMBER_DIGITS + 1 else BigNumber(text)


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number a save holds")


def parse(text: str, name: str) -> Any:
    """The JSON value of `text`, or ProblemsError: not JSON (at its line and column), a key given
    twice in one object (at the second)."""
    duplicates: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                duplicates.append(k)
            out[k] = v
        return out

    try:
        data = json.loads(text, parse_int=_parse_int, object_pairs_hook=pairs,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        # the parser's own words ("Expecting value") name neither an empty file nor one cut short
        if not text.strip():
            why = "is empty, not a save file (a save is a JSON object)"
        elif e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string"):
            why = "is not a complete save file: it ends before its JSON does (cut short?)"
        else:
            why = f"is not a magie save: not valid JSON ({e.msg})"
        raise ProblemsError([Problem("error", "save-not-json", why, name, e.lineno, e.colno)]) from None
    except (ValueError, RecursionError) as e:
        raise ProblemsError([Problem("error", "save-not-json", f"is not a magie save: {e}", name)]) from None
    if duplicates:
        where = Locator(name, text)
        raise ProblemsError([where.duplicate(key) for key in duplicates[:5]])
    return data


# ---------------------------------------------------------------------- where a problem is
class Locator:
    """Places problems of a parsed save in its file: the composed YAML node tree of the text
    (JSON is YAML) gives each node's line and column. Built on error paths only, once."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.text = text
        self._tree: Any = None

    def _root(self) -> Any:
        """The node tree, or None if it cannot be composed."""
        import yaml

        if self._tree is None:
            try:
                self._tree = yaml.compose(self.text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
            except (yaml.YAMLError, RecursionError):
                self._tree = False
        return self._tree or None

    def _position(self, path: Sequence[str | int]) -> tuple[int, int]:
        """(line, col) of the JSON node at `path`, 1-based; (0, 0) if it cannot be found."""
        import yaml

        node = self._root()
        if node is None:
            return (0, 0)
        for key in path:
            if isinstance(node, yaml.MappingNode):
                node = next((v for k, v in node.value if k.value == key), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                node = node.value[key]
            else:
                node = None
            if node is None:
                return (0, 0)
        return (node.start_mark.line + 1, node.start_mark.column + 1)

    def duplicate(self, key: str) -> Problem:
        """The problem of a key given twice in one object, at its second occurrence."""
        import yaml

        line = col = 0
        node = self._root()
        stack = [node] if node else []
        while stack and not line:
            n = stack.pop()
            if isinstance(n, yaml.MappingNode):
                seen = set()
                for k, v in n.value:
                    if k.value == key and key in seen:
                        line, col = k.start_mark.line + 1, k.start_mark.column + 1
                        break
                    seen.add(k.value)
                    stack.append(v)
            elif isinstance(n, yaml.SequenceNode):
                stack.extend(n.value)
        return Problem("error", "save-duplicate-key", f"key {json.dumps(key)[:60]} appears twice in one object; "
                       f"a save gives each key once", self.file, line, col)

    def problem(self, path: Sequence[str | int], code: str, message: str) -> Problem:
        """A problem at the node at `path`, its message led by the node's path (`seats[1].agent`)."""
        line, col = self._position(path)
        return Problem("error", code, f"{path_words(path)}: {message}" if path else message,
                       self.file, line, col, "".join(f"/{k}" for k in path))


def path_words(path: Sequence[str | int]) -> str:
    """A path in the document as people read it: `seats[1].agent`."""
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")
