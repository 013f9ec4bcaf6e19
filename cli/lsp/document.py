"""What the language server knows of one open edition or overlay file: its problems placed in
the file, its own parsed tree, and the ids of the edition it builds on.

Everything here works on the text the editor holds (saved or not) and knows nothing of the
protocol: positions are 0-based (line, column) pairs counted in characters (code points); the
server converts them to the client's units. Nothing here raises for any text: a YAML that
does not parse is a diagnostic, and the features answer from what could be read.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from magie.engine.edition.loader import DEFAULT_BASE, LoadedEdition, is_path_ref, load_edition
from magie.engine.edition.validate import validate_file
from magie.engine.edition.yamlload import MarkedMap, read_yaml
from magie.engine.problems import Mark, Problem, ProblemsError

Position = tuple[int, int]
"""(line, column), both 0-based, the column in characters of the line."""

_WORD = re.compile(r"[A-Za-z0-9_]+")


@dataclass(frozen=True)
class Diagnostic:
    """A problem placed in the open file: `start`/`end` (0-based), `severity` ('error' or
    'warning'), the problem's `code` and `message`, and `elsewhere`: the (file, line, col),
    1-based, of a problem that lies in another file (the base edition) and is shown at the
    `extends:` (or `base:`) line of this one; None for a problem of this file."""

    start: Position
    end: Position
    severity: str
    code: str
    message: str
    elsewhere: tuple[str, int, int] | None = None


def word_range(line: str, col: int) -> tuple[int, int]:
    """The columns [start, end) of the id-like word at or just before column `col` of `line`
    (0-based); (col, col) when there is none."""
    for m in _WORD.finditer(line):
        if m.start() <= col <= m.end():
            return m.start(), m.end()
    return col, col


def same_file(name: str, path: Path) -> bool:
    """Whether a problem's file name (as `display_path` wrote it, relative to the current
    folder) is the file at `path`."""
    try:
        return bool(name) and Path(name).resolve() == path.resolve()
    except (OSError, ValueError):
        return False


@dataclass
class _BaseCache:
    """A loaded base edition, kept while none of its `files` change (their modification times):
    the files it was read from, or, for one that did not load, its own file."""

    loaded: LoadedEdition | None
    files: list[Path]
    stamps: tuple[tuple[str, float], ...]


_BASES: dict[tuple[str, str], _BaseCache] = {}


def _stamps(files: list[Path]) -> tuple[tuple[str, float], ...]:
    out = []
    for f in files:
        try:
            out.append((str(f), os.stat(f).st_mtime))
        except OSError:
            out.append((str(f), -1.0))
    return tuple(out)


def load_base(ref: str, folder: Path) -> LoadedEdition | None:
    """The edition `ref` (a built-in id, or a path relative to `folder`) loaded and merged, or
    None when it does not load (its problems are the open file's diagnostics already). Cached
    until one of its files changes on disk."""
    key = (ref, str(folder))
    cached = _BASES.get(key)
    if cached is not None and _stamps(cached.files) == cached.stamps:
        return cached.loaded
    target = str((folder / ref).resolve()) if is_path_ref(ref) else ref
    try:
        loaded: LoadedEdition | None = load_edition(target)
    except ProblemsError:
        loaded = None
    # a base that does not load is tried again once its file is saved (a built-in one never is)
    files = [Path(f) for f in loaded.files] if loaded else [Path(target)] if is_path_ref(ref) else []
    _BASES[key] = _BaseCache(loaded, files, _stamps(files))
    return loaded


@dataclass
class Document:
    """One open file: its `path`, the `text` the editor holds and its `version`.

    `tree` is the file's own parsed tree: while the YAML does not parse (a quote just opened),
    the `fallback` (the tree of the last text that parsed), else None. `base` is the loaded
    edition the file builds on (`extends:`, or an overlay's `base:`, by default the loader's
    `DEFAULT_BASE`), or None.
    """

    path: Path
    text: str
    version: int = 0
    fallback: MarkedMap | None = None
    _tree: Any = field(default=None, repr=False)
    _parsed: bool = field(default=False, repr=False)

    @cached_property
    def lines(self) -> list[str]:
        """The text's lines, without their line ends."""
        return self.text.split("\n")

    @property
    def tree(self) -> MarkedMap | None:
        """The file's own tree (marks in this file), parsed once per text."""
        own = self.parsed
        return own if own is not None else self.fallback

    @property
    def parsed(self) -> MarkedMap | None:
        """The tree of this very text (no fallback), or None when the YAML does not parse."""
        if not self._parsed:
            self._tree = read_yaml(self.path, text=self.text).tree
            self._parsed = True
        return self._tree

    def is_edition(self) -> bool:
        """Whether the file is an edition or an overlay, so that other YAML files open in the
        editor (CI workflows, configs) get no diagnostics: its top level has `extends`,
        `overlay` or `board`, or it names magie's schema in a comment; a file YAML cannot read
        counts (its problem is shown)."""
        tree = self.parsed
        if tree is None:
            return True
        return any(k in tree for k in ("extends", "overlay", "board")) or \
            any(s in self.text for s in ("edition.schema.json", "patch.schema.json"))

    def is_overlay(self) -> bool:
        """Whether the file is an overlay (`overlay: true`)."""
        return isinstance(self.tree, dict) and self.tree.get("overlay") is True

    def anchor_key(self) -> str | None:
        """The key whose line shows the problems of the files this one builds on."""
        tree = self.tree
        if not isinstance(tree, dict):
            return None
        key = "base" if self.is_overlay() else "extends"
        return key if key in tree else None

    @property
    def base(self) -> LoadedEdition | None:
        """The edition this file builds on, loaded (None for an edition of its own, or one that
        does not load)."""
        tree = self.tree
        if not isinstance(tree, dict):
            return None
        ref = tree.get("base", DEFAULT_BASE) if self.is_overlay() else tree.get("extends")
        if not isinstance(ref, str) or not ref:
            return None
        return load_base(ref, self.path.parent)

    def problems(self) -> list[Problem]:
        """Every problem `magie validate` reports for this file as the editor holds it."""
        return validate_file(self.path, text=self.text)

    def diagnostics(self) -> list[Diagnostic]:
        """The problems of the file placed in it (see `place`)."""
        return [self.place(p) for p in self.problems()]

    def place(self, p: Problem) -> Diagnostic:
        """A problem placed in this file: at its own line and column (spanning the word there)
        when it is this file's, else at the `extends:` (or `base:`) line, or the first line,
        with the place it was found kept in `elsewhere`."""
        lines = self.lines
        if same_file(p.file, self.path):
            line = min(max(p.line - 1, 0), len(lines) - 1)
            col = max(p.col - 1, 0) if p.line else 0
            return Diagnostic(*self._span(lines, line, col), p.severity, p.code, p.message)
        mark = self._anchor_mark()
        line, col = (mark.line - 1, mark.col - 1) if mark is not None else (0, 0)
        where = (p.file, p.line, p.col) if p.file else None
        shown = f"{p.file}:{p.line}:{p.col}: " if p.file and p.line else (f"{p.file}: " if p.file else "")
        text = lines[line] if 0 <= line < len(lines) else ""
        end = (line, len(text.split(" #")[0].rstrip())) if mark is not None else self._span(lines, line, col)[1]
        return Diagnostic((line, col), max(end, (line, col)), p.severity, p.code, shown + p.message, where)

    def _anchor_mark(self) -> Mark | None:
        key = self.anchor_key()
        tree = self.tree
        return tree.value_marks.get(key) if key is not None and isinstance(tree, MarkedMap) else None

    @staticmethod
    def _span(lines: list[str], line: int, col: int) -> tuple[Position, Position]:
        text = lines[line] if 0 <= line < len(lines) else ""
        col = min(col, len(text))
        start, end = word_range(text, col)
        if start != col or end == start:        # not at a word: one character (or the line's end)
            return (line, col), (line, min(col + 1, len(text)) if col < len(text) else col)
        return (line, start), (line, end)
