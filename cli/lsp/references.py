"""Where an id is used, for find-references and rename: each place in a marked edition tree that
names a space, deck, group, card, kind of space, action, switch, role or param id.

An id is used where a YAML value is that id (a space's `group:`, a `kind:`, `id:` itself, an
item of a list of ids), where a section that maps ids to items has it as a key, and where a
DSL snippet names it (a word of the snippet outside its string literals, not after a `.`; a
param after `params.`). Texts for players (`name`, `text`, `description`, `labels`) are not
looked into. A value under `kind:`, `group:` or `deck:` is a use only of an id of that kind, so
that renaming a deck does not rename a kind of space of the same name; a word of the DSL is a
use of every id it spells (the DSL's own checker resolves words, and an id of two kinds of
thing is rare).

Protocol-free: places are `Place`s, 0-based; server.py turns them into LSP locations and edits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from magie.engine.dsl import find_snippets
from magie.engine.dsl.positions import file_position
from magie.engine.edition.pointers import locate
from magie.engine.edition.yamlload import MarkedMap, MarkedSeq
from magie.engine.problems import Mark

from .document import Document, Position
from .index import SECTIONS, Definition, Index

TEXT_KEYS = frozenset({"name", "text", "description", "labels"})
"""Keys whose values are texts for players, never ids."""

TYPED_KEYS = {"kind": "kind", "group": "group", "deck": "deck"}
"""Keys whose value is an id of one kind of thing."""

ID = re.compile(r"^[a-z][a-z0-9_]*$")
"""What an id may be (the schema's `definitions/id`)."""

_KEYED = {section for section, _what in SECTIONS} | {"cards", "list", "params"}
"""Sections (and a deck's `cards`, the roles' `list`, `params`) that may map ids to items."""


@dataclass(frozen=True)
class Place:
    """A use of an id: `file` as the marks name it (None: the open file), `line` and `col`
    0-based, and the id's `length` in characters."""

    file: str | None
    line: int
    col: int
    length: int


def _escape(seg: str) -> str:
    return seg.replace("~", "~0").replace("/", "~1")


def _scalar_place(mark: Mark | None, length: int) -> Place | None:
    """Where a scalar that is exactly the id is written (a quoted one starts after its quote)."""
    if mark is None:
        return None
    shift = 1 if mark.style in ('"', "'") else 0
    return Place(mark.file, mark.line - 1, mark.col - 1 + shift, length)


def _word(iid: str, what: str) -> re.Pattern[str]:
    """The id as a word of the DSL: a param after `params.`, anything else not after a `.`."""
    if what == "param":
        return re.compile(r"(?<=params\.)" + re.escape(iid) + r"(?!\w)")
    return re.compile(r"(?<![\w.])" + re.escape(iid) + r"(?!\w)")


def _dsl_places(text: str, mark: Mark | None, word: re.Pattern[str]) -> Iterator[Place]:
    """The uses of `word` in a DSL snippet, outside its string literals, placed in the file."""
    for n, line in enumerate(text.split("\n"), start=1):
        quoted = [m.span() for m in re.finditer(r'"(?:[^"\\]|\\.)*"?', line)]
        for m in word.finditer(line):
            if any(a <= m.start() < b for a, b in quoted):
                continue
            file, ln, col = file_position(mark, n, m.start() + 1)
            yield Place(file or None, ln - 1, col - 1, len(m.group()))


def uses(tree: Any, iid: str, what: str) -> list[Place]:
    """Every use of id `iid` (a `what`: 'space', 'deck', ...) in a marked edition tree, in the
    order found (YAML values and keys first, then the DSL), each place once."""
    if not isinstance(tree, dict):
        return []
    snippets = {sn.pointer: sn for sn in find_snippets(tree, lambda pointer: locate(tree, pointer))}
    word = _word(iid, what)
    found: list[Place] = []

    def visit(node: Any, pointer: str, key: str) -> None:
        if isinstance(node, MarkedMap):
            for k, v in node.items():
                if not isinstance(k, str) or k in TEXT_KEYS:
                    continue
                if k == iid and key in _KEYED:
                    place = _scalar_place(node.key_marks.get(k), len(iid))
                    if place is not None:
                        found.append(place)
                at = f"{pointer}/{_escape(k)}"
                if isinstance(v, str):
                    scalar(v, node.value_marks.get(k), at, k)
                else:
                    visit(v, at, k)
        elif isinstance(node, MarkedSeq):
            for i, v in enumerate(node):
                at = f"{pointer}/{i}"
                mark = node.item_marks[i] if i < len(node.item_marks) else None
                if isinstance(v, str):
                    scalar(v, mark, at, key)
                else:
                    visit(v, at, key)

    def scalar(value: str, mark: Mark | None, pointer: str, key: str) -> None:
        sn = snippets.get(pointer)
        if sn is not None:
            found.extend(_dsl_places(value, sn.mark, word))
        elif value == iid and TYPED_KEYS.get(key, what) == what and what != "param":
            place = _scalar_place(mark, len(iid))
            if place is not None:
                found.append(place)

    visit(tree, "", "")
    return list(dict.fromkeys(found))


def id_at(doc: Document, index: Index, pos: Position) -> tuple[Definition, int, int] | None:
    """The id at `pos` with its definition and the columns [start, end) of the word, or None.
    The word must be a use of the id (`uses`): a word that only spells one, such as the key
    `jail:` of `rules:` or a word of a player's text, is none, so that references and rename
    start only where the id is used."""
    lines = doc.lines
    if not 0 <= pos[0] < len(lines):
        return None
    line = lines[pos[0]]
    for m in re.finditer(r"[A-Za-z_][\w]*", line):
        if m.start() <= pos[1] <= m.end():
            d = index.find(m.group())
            if d is None or not any(p.line == pos[0] and p.col == m.start()
                                    for p in uses(doc.tree, d.id, d.what)):
                return None
            return d, m.start(), m.end()
    return None


def references(doc: Document, index: Index, pos: Position) -> list[Place] | None:
    """Every use of the id at `pos`: in the open file (places with `file` None), then in the
    edition it builds on (its files as the base's marks name them); None for a word that is no
    id."""
    got = id_at(doc, index, pos)
    if got is None:
        return None
    d = got[0]
    own = [Place(None, p.line, p.col, p.length) for p in uses(doc.tree, d.id, d.what)]
    base = doc.base
    theirs = uses(base.tree, d.id, d.what) if base is not None else []
    return own + [p for p in theirs if p.file]


class RenameRefused(Exception):
    """Why the id at a position cannot be renamed (the message is for the author)."""


def rename_span(doc: Document, index: Index, pos: Position) -> tuple[Position, Position]:
    """The span of the id at `pos` when it can be renamed in the open file; raises
    `RenameRefused` (with why) when it cannot: no id there, or one the base edition defines
    (renaming it here alone would break the uses the base has)."""
    got = id_at(doc, index, pos)
    if got is None:
        raise RenameRefused("no space, deck, group, card or other id here")
    d, start, end = got
    base = doc.base
    if base is not None and d.id in Index(base.tree).by_id:
        raise RenameRefused(f"'{d.id}' is defined in the edition this file builds on: rename it there")
    return (pos[0], start), (pos[0], end)


def rename(doc: Document, index: Index, pos: Position, new: str) -> list[Place]:
    """The places of the open file to rewrite as `new` to rename the id at `pos`; raises
    `RenameRefused` when it cannot be renamed (`rename_span`), `new` is no id, or another id of
    the edition already has that name."""
    rename_span(doc, index, pos)
    got = id_at(doc, index, pos)
    assert got is not None, "checked by rename_span"
    d = got[0]
    if not ID.match(new):
        raise RenameRefused(f"'{new}' is not an id: lowercase letters, digits and '_', starting with a letter")
    if new != d.id and index.find(new) is not None:
        raise RenameRefused(f"'{new}' is already an id of this edition")
    return [Place(None, p.line, p.col, p.length) for p in uses(doc.tree, d.id, d.what)]
