"""Reading one YAML file into plain containers that remember where each node came from.

`read_yaml(path)` parses a file with pyyaml's safe loader (compose nodes, then build the
containers here) and returns a `MarkedMap` (a dict) whose maps and lists are `MarkedMap` and
`MarkedSeq`. Scalars are plain Python values (str, int, float, bool, None): they cannot carry
attributes, so the container that holds a scalar keeps its `Mark`.

Only YAML's safe subset is accepted: maps, lists, strings, numbers, booleans, null, anchors,
aliases and `<<` merge keys. Keys are always read as text (`on:` is the key "on", not True).
Timestamps are kept as the text written. Any other tag (`!!python/...`, `!!binary`, `!foo`)
is a problem.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..problems import Mark, Problem

MAX_FILE_BYTES = 5 * 1024 * 1024
"""Largest edition file read; a larger file is refused by its size before reading it."""

MAX_EVENTS = 50_000
"""Largest number of YAML events (values, starts and ends of maps and lists) in a file, counted
while parsing so that a huge file is refused in a fraction of a second (the built-in editions
have under 2,000)."""

MAX_NODES = 100_000
"""Largest number of values a file may expand to (aliases can multiply a small file)."""

MAX_DEPTH = 64
"""Deepest nesting of maps and lists (the built-in editions nest 6 deep), checked while parsing,
so that "[[[[..." is refused at its line and column before the recursive composer sees it."""

MAX_ITEMS = 5_000
"""Most items in one list, or keys in one map."""

MAX_INT = 10**12
"""Every whole number in an edition (money, counts, prices) lies within -MAX_INT..MAX_INT, so that
sums, products and rent tables stay exact and printable; a number outside is a problem at its line."""

# libyaml's parser when pyyaml was built with it (ten times faster; the same marks).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_STR = "tag:yaml.org,2002:str"
_SAFE_SCALAR_TAGS = {
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float", _STR,
}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_MERGE = "tag:yaml.org,2002:merge"
_INT = "tag:yaml.org,2002:int"
_SURROGATE = re.compile("[\ud800-\udfff]")   # half a UTF-16 pair, not a character
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")   # control characters but tab and new line
_INT_CHARS = 40     # longer int text (digits, '_', sign, '0x') cannot be within MAX_INT anyway


class MarkedMap(dict):
    """A YAML map: a dict that also holds the marks of itself, its keys and its values.

    `mark` is where the map starts; `key_marks[k]` where key `k` is written;
    `value_marks[k]` where its value starts (for a container value, the container's own mark).
    """

    __slots__ = ("mark", "key_marks", "value_marks")

    def __init__(self, mark: Mark | None = None):
        super().__init__()
        self.mark = mark
        self.key_marks: dict[str, Mark] = {}
        self.value_marks: dict[str, Mark] = {}

    def put(self, key: str, value, key_mark: Mark | None, value_mark: Mark | None) -> None:
        """Set `key` to `value`, remembering both marks."""
        self[key] = value
        if key_mark is not None:
            self.key_marks[key] = key_mark
        if value_mark is not None:
            self.value_marks[key] = value_mark

    def drop(self, key: str) -> None:
        """Remove `key` and its marks (no error when absent)."""
        self.pop(key, None)
        self.key_marks.pop(key, None)
        self.value_marks.pop(key, None)


class MarkedSeq(list):
    """A YAML list: a list that also holds its own mark and the mark of each item."""

    __slots__ = ("mark", "item_marks")

    def __init__(self, mark: Mark | None = None):
        super().__init__()
        self.mark = mark
        self.item_marks: list[Mark | None] = []

    def push(self, value, mark: Mark | None) -> None:
        """Append `value`, remembering its mark."""
        self.append(value)
        self.item_marks.append(mark)


def value_mark(container, key) -> Mark | None:
    """The mark of `container[key]` (a key of a MarkedMap or an index of a MarkedSeq), or None."""
    if isinstance(container, MarkedMap):
        return container.value_marks.get(key)
    if isinstance(container, MarkedSeq) and isinstance(key, int) and 0 <= key < len(container.item_marks):
        return container.item_marks[key]
    return None


def node_mark(node) -> Mark | None:
    """The mark of a container node itself (None for scalars and unmarked containers)."""
    return getattr(node, "mark", None)


def to_plain(node):
    """A deep copy of a marked tree as plain dicts and lists (for JSON, YAML output, hashing)."""
    if isinstance(node, dict):
        return {k: to_plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    return node


def display_path(path: Path) -> str:
    """How a file is named in messages: relative to the current folder when inside it (the
    current folder itself as given, not '.')."""
    try:
        if Path(path).resolve().is_relative_to(Path.cwd().resolve()):
            rel = os.path.relpath(path)
            return str(path) if rel == "." else rel
        return str(path)
    except (OSError, ValueError):
        return str(path)


NAME_MAX = 255
"""Longest file or folder name (in bytes, UTF-8) the usual file systems allow."""

PATH_MAX = 4096
"""Longest path (in bytes, UTF-8) the usual file systems allow."""


def path_problem(path: str | os.PathLike) -> str | None:
    """Why `path` cannot name a file on this system (a name or the whole path too long, a NUL
    byte), in words; None when it can. Checked before touching the file system, whose errors
    (ENAMETOOLONG) would otherwise surface as exceptions."""
    text = os.fspath(path)
    if "\0" in text:
        return "the path contains a NUL character"
    size = len(text.encode("utf-8", "surrogateescape"))
    if size > PATH_MAX:
        return f"the path is {size:,} bytes long; paths are limited to {PATH_MAX:,}"
    for part in Path(text).parts:
        if len(part.encode("utf-8", "surrogateescape")) > NAME_MAX:
            shown = part[:40] + "..."
            return f"the name '{shown}' is longer than {NAME_MAX} bytes, the limit of file names"
    return None


def is_regular_file(path: Path) -> bool:
    """`path.is_file()`, False instead of an error for a path the system refuses."""
    try:
        return path_problem(path) is None and path.is_file()
    except (OSError, ValueError):
        return False


@dataclass
class YamlFile:
    """The result of reading one file: `tree` is None when the file could not be read at all."""

    path: Path
    name: str
    tree: MarkedMap | None
    problems: list[Problem] = field(default_factory=list)


def read_yaml(path: str | os.PathLike, max_bytes: int = MAX_FILE_BYTES, *, text: str | None = None) -> YamlFile:
    """Read one YAML file whose top level must be a map.

    `text`, when given, is the file's content as an editor holds it (unsaved): it is parsed
    instead of the file on disk (which need not exist), with the same limits and the same
    problems, named and placed as the file's own.

    Never raises for bad input: every problem found (missing file, size over `max_bytes`,
    bytes that are not UTF-8, a syntax error, tabs used for indentation, duplicate keys,
    unsupported tags, an empty file, a top level that is not a map) is returned in
    `YamlFile.problems`, located at file:line:col. `tree` is None when the YAML could not be
    parsed at all; when it could, every problem of the file is reported together.
    """
    path = Path(path)
    bad = path_problem(path)
    name = (str(path)[:60] + "..." if len(str(path)) > 60 else str(path)) if bad else display_path(path)

    def fail(code: str, msg: str, line: int = 0, col: int = 0) -> YamlFile:
        return YamlFile(path, name, None, [Problem("error", code, msg, name, line, col)])

    if bad is not None:
        return fail("file-not-found", f"cannot read this file: {bad}")
    if text is not None:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            return fail("file-too-large", f"file is {_size(size)}; edition files are limited to {_size(max_bytes)}")
        half = _SURROGATE.search(text)
        if half is not None:            # an editor's text may hold half a UTF-16 pair: no UTF-8 for it
            line, col = _line_col(text, half.start())
            return fail("not-utf8", f"the text holds U+{ord(half.group()):04X}, half of a UTF-16 pair, "
                                    f"which is not a character and has no UTF-8; remove it", line, col)
        return _parse(path, name, text[1:] if text.startswith("\ufeff") else text)
    try:
        st = path.stat()
    except FileNotFoundError:
        return fail("file-not-found", f"no such file: {name}")
    except OSError as e:
        return fail("file-not-found", f"cannot read {name}: {e.strerror}")
    if stat.S_ISDIR(st.st_mode):
        return fail("file-not-found", f"{name} is a folder, not a YAML file")
    if not stat.S_ISREG(st.st_mode):    # a pipe or a device: reading it could block forever
        return fail("file-not-found", f"{name} is not a regular file (a pipe or a device?), not a YAML file")
    if st.st_size > max_bytes:
        return fail("file-too-large",
                    f"file is {_size(st.st_size)}; edition files are limited to {_size(max_bytes)}")
    try:
        with path.open("rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as e:
        return fail("file-not-found", f"cannot read {name}: {e.strerror}")
    if len(data) > max_bytes:  # grew between stat and read
        return fail("file-too-large", f"file is over {_size(max_bytes)}, the limit for edition files")

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        line_start = data.rfind(b"\n", 0, e.start) + 1
        col = len(data[line_start:e.start].decode("utf-8", errors="replace")) + 1
        return fail("not-utf8",
                    f"byte 0x{data[e.start]:02x} is not valid UTF-8; save the file as UTF-8", line, col)
    if text.startswith("\ufeff"):
        text = text[1:]
    return _parse(path, name, text)


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB" if n >= 1024 * 1024 else f"{n} bytes"


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, col) of character `offset` of `text`."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _char_offset(text: str, position: int) -> int:
    """The character offset in `text` of a reader error's `position`: libyaml's reader (the C
    loader) counts bytes of the UTF-8 text, the pure-Python one characters."""
    if _LOADER is yaml.SafeLoader:
        return position
    return len(text.encode("utf-8")[:position].decode("utf-8", errors="ignore"))


def _too_many_events(text: str) -> Problem | None:
    """A problem when the YAML of `text` has more than MAX_EVENTS events or nests deeper than
    MAX_DEPTH (None otherwise, and for a syntax error, which composing reports with its position)."""
    try:
        return _count_events(text, _LOADER)
    except (yaml.YAMLError, RecursionError):
        # libyaml (from 0.2.5) refuses flow nesting past 1,000 while it scans ahead, before the
        # depth seen here reaches MAX_DEPTH: the pure-Python parser finds the place to report
        if _LOADER is yaml.SafeLoader:
            return None
    try:
        return _count_events(text, yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return None


def _count_events(text: str, loader: type) -> Problem | None:
    """`_too_many_events` with one parser; YAML errors propagate."""
    count = depth = 0
    for event in yaml.parse(text, Loader=loader):
        count += 1
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                m = event.start_mark
                line, col = (m.line + 1, m.column + 1) if m is not None else (1, 1)
                return Problem("error", "unsupported-yaml",
                               f"maps and lists are nested more than {MAX_DEPTH} deep here; "
                               f"edition files are limited to that", "", line, col)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if count > MAX_EVENTS:
            m = event.start_mark
            line, col = (m.line + 1, m.column + 1) if m is not None else (1, 1)
            return Problem("error", "file-too-large",
                           f"the file has more than {MAX_EVENTS:,} values (maps, lists and scalars); "
                           f"edition files are limited to that", "", line, col)
    return None


PARSES_KEPT = 32
"""Files whose parse `read_yaml` keeps in this process, by path, shown name and text: a load
reads its edition and overlays again each time (a test run, the studio, the language server)."""

KEPT_TEXT_CHARS = 200_000
"""Longer texts are parsed each time and not kept, so that the kept parses stay within some tens
of megabytes whatever files a long-running process is given (built-in editions are under 40,000
characters)."""


def _parse(path: Path, name: str, text: str) -> YamlFile:
    """The parse of `text` (`_parse_now`), from the kept ones when the same text was parsed under
    the same name: a new tree of containers (callers change trees) sharing the immutable values
    and marks, a fortieth of parsing's cost."""
    if len(text) > KEPT_TEXT_CHARS:
        return _parse_now(path, name, text)
    kept = _parsed(path, name, text)
    return YamlFile(path, name, None if kept.tree is None else copy_marked(kept.tree), list(kept.problems))


@lru_cache(maxsize=PARSES_KEPT)
def _parsed(path: Path, name: str, text: str) -> YamlFile:
    return _parse_now(path, name, text)


def copy_marked(node):
    """A copy of a tree of MarkedMap, MarkedSeq and plain values: new containers with the same
    marks; the values in them (texts, numbers, booleans, None) and the marks are immutable and
    shared."""
    if isinstance(node, MarkedMap):
        out = MarkedMap(node.mark)
        for key, value in node.items():
            out[key] = copy_marked(value) if isinstance(value, (dict, list)) else value
        out.key_marks = dict(node.key_marks)
        out.value_marks = dict(node.value_marks)
        return out
    if isinstance(node, MarkedSeq):
        seq = MarkedSeq(node.mark)
        seq.extend([copy_marked(v) if isinstance(v, (dict, list)) else v for v in node])
        seq.item_marks = list(node.item_marks)
        return seq
    if isinstance(node, dict):
        return {k: copy_marked(v) for k, v in node.items()}
    if isinstance(node, list):
        return [copy_marked(v) for v in node]
    return node


def _parse_now(path: Path, name: str, text: str) -> YamlFile:
    big = _too_many_events(text)
    if big is not None:
        return YamlFile(path, name, None, [Problem(big.severity, big.code, big.message, name, big.line, big.col)])
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as e:
        return YamlFile(path, name, None, _syntax_problems(name, text, e))
    except yaml.reader.ReaderError as e:  # a control character: placed at its own line and column
        line, col = _line_col(text, _char_offset(text, e.position))
        what = f"control character U+{e.character:04X}" if isinstance(e.character, int) else "character"
        return YamlFile(path, name, None, [Problem(
            "error", "yaml-syntax", f"YAML syntax error: a {what} is not allowed in YAML text "
            f"(write it as an escape such as \\x07 inside double quotes, or remove it)", name, line, col)])
    except yaml.YAMLError as e:  # other unmarked errors
        return YamlFile(path, name, None, [Problem("error", "yaml-syntax", f"YAML syntax error: {e}",
                                                   name, 1, 1)])
    except RecursionError:
        return YamlFile(path, name, None, [Problem("error", "unsupported-yaml",
                                                   "the YAML is nested too deeply", name, 1, 1)])
    if root is None:
        return YamlFile(path, name, None, [Problem(
            "error", "empty-file",
            "the file is empty (or only comments); an edition is a map with keys such as id, name, board",
            name, 1, 1)])
    builder = _Builder(name, text.splitlines())
    try:
        tree = builder.build(root)
    except _TooBig:
        return YamlFile(path, name, None, [Problem(
            "error", "unsupported-yaml",
            f"the file expands to more than {MAX_NODES:,} values (aliases used in a loop?)",
            name, 1, 1)])
    except RecursionError:
        return YamlFile(path, name, None, [Problem("error", "unsupported-yaml",
                                                   "the YAML is nested too deeply", name, 1, 1)])
    problems = builder.problems
    if not isinstance(tree, MarkedMap):
        m = builder.mark(root)
        # never echo the content: the file may be anything (extends: /etc/passwd)
        what = "a list" if isinstance(tree, list) else f"a single {_scalar_kind(tree)}"
        problems.append(Problem("error", "not-a-mapping",
                                f"the top level of the file must be a map of keys (id, name, board, ...), "
                                f"not {what}", name, m.line, m.col))
        return YamlFile(path, name, None, problems)
    return YamlFile(path, name, tree, problems)


def _scalar_kind(value: object) -> str:
    if isinstance(value, bool):
        return "true/false value"
    if isinstance(value, (int, float)):
        return "number"
    return "text" if isinstance(value, str) else "value"


def _syntax_problems(name: str, text: str, e: yaml.MarkedYAMLError) -> list[Problem]:
    """One problem for a YAML syntax error, or one per tab-indented line when tabs are the cause."""
    tabbed = []
    for i, text_line in enumerate(text.splitlines(), 1):
        lead = text_line[: len(text_line) - len(text_line.lstrip(" \t"))]
        if "\t" in lead:
            tabbed.append(Problem("error", "yaml-tab",
                                  "a tab is used for indentation; YAML indents with spaces only",
                                  name, i, lead.index("\t") + 1))
    pm = e.problem_mark or e.context_mark
    line = pm.line + 1 if pm else 1
    col = pm.column + 1 if pm else 1
    if tabbed and line >= tabbed[0].line:
        return tabbed  # the syntax error is the tabs' doing
    what = e.problem or "syntax error"
    ctx = f" ({e.context}" + (f" at line {e.context_mark.line + 1}" if e.context_mark else "") + ")" \
        if e.context else ""
    lines = text.splitlines()
    hint = _colon_hint(lines[line - 1]) if 0 < line <= len(lines) else ""
    return [Problem("error", "yaml-syntax", f"YAML syntax error: {what}{ctx}{hint}", name, line, col)]


# `key: value` whose plain value holds ': ' itself (`do: if cash > 5: pay bank 5`)
_COLON_IN_VALUE = re.compile(r"([A-Za-z_][\w-]*):[ \t]+(?!['\"|>\[{])[^#\n,]*?:(?:\s|$)")


def _colon_hint(line: str) -> str:
    """A hint for a plain value with ': ' inside, the usual cause of 'mapping values are not allowed'
    in a DSL effect: quote it or write it as a block."""
    m = _COLON_IN_VALUE.search(line)
    if m is None:
        return ""
    key = m.group(1)
    return (f"; the value of '{key}' contains ': ', which YAML reads as a new key: put the value in "
            f"quotes ({key}: \"...\") or write it as a block ({key}: | and the text on the next lines, "
            f"indented)")


def _tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


_ESCAPES = yaml.scanner.Scanner.ESCAPE_REPLACEMENTS
_ESCAPE_CODES = yaml.scanner.Scanner.ESCAPE_CODES


def flow_chars(lines: list[str], node: ScalarNode) -> tuple[tuple[tuple[int, int], ...], ...] | None:
    r"""Where each character of a plain or quoted scalar's text is in the file, when the text does
    not follow the source column by column: a double-quoted escape (`\n`, `\"`, `\x41`), a
    single-quoted `''`, or several lines folded into one (a line break read as a space, blank
    lines as line breaks). One row per line of the text: the (line, col), 1-based, of each of its
    characters, then of the line break that ends it (if any).

    None when the text is its source as written on one line (the mark's column says all), and
    when the source cannot be followed (a line continuation: `\` at the end of a line); positions
    are then reckoned from the mark, as for any scalar."""
    sm, em = node.start_mark, node.end_mark
    text, style = node.value, node.style or None      # libyaml says '' for plain, pyyaml None
    if not isinstance(text, str) or node.tag != _STR or style not in (None, '"', "'"):
        return None
    q = 1 if style else 0
    first = lines[sm.line] if sm.line < len(lines) else ""
    if sm.line == em.line and first[sm.column + q:em.column - q] == text:
        return None
    raw: list[tuple[str, int, int]] = []     # the source characters between the quotes
    for ln in range(sm.line, em.line + 1):
        line = lines[ln] if ln < len(lines) else ""
        a = sm.column + q if ln == sm.line else 0
        b = em.column - q if ln == em.line else len(line)
        raw += [(line[c], ln + 1, c + 1) for c in range(a, b)]
        if ln != em.line:
            raw.append(("\n", ln + 1, len(line) + 1))
    out = _read_flow(raw, style)
    if out is None or "".join(ch for ch, _ in out) != text:
        return None
    rows: list[tuple[tuple[int, int], ...]] = []
    row: list[tuple[int, int]] = []
    for ch, at in out:
        row.append(at)
        if ch == "\n":
            rows.append(tuple(row))
            row = []
    rows.append(tuple(row))
    return tuple(rows)


def _read_flow(raw: list[tuple[str, int, int]], style: str | None) -> list[tuple[str, tuple[int, int]]] | None:
    """The characters a plain or quoted scalar's source reads as (YAML's folding and escapes),
    each with the (line, col) it comes from; None for a source this does not follow."""
    out: list[tuple[str, tuple[int, int]]] = []
    i = 0
    while i < len(raw):
        ch, ln, col = raw[i]
        if ch in " \t\n":                   # a run of blanks: kept, or folded where it breaks a line
            j = i
            while j < len(raw) and raw[j][0] in " \t\n":
                j += 1
            breaks = [r for r in raw[i:j] if r[0] == "\n"]
            if not breaks:
                out += [(r[0], (r[1], r[2])) for r in raw[i:j]]
            elif len(breaks) == 1:
                out.append((" ", (breaks[0][1], breaks[0][2])))
            else:
                out += [("\n", (b[1], b[2])) for b in breaks[1:]]
            i = j
            continue
        step = 1
        if style == '"' and ch == "\\":
            code = raw[i + 1][0] if i + 1 < len(raw) else ""
            if code in _ESCAPES:
                ch, step = _ESCAPES[code], 2
            elif code in _ESCAPE_CODES:
                size = _ESCAPE_CODES[code]
                try:
                    ch, step = chr(int("".join(r[0] for r in raw[i + 2:i + 2 + size]), 16)), 2 + size
                except ValueError:
                    return None
            else:
                return None
        elif style == "'" and ch == "'" and i + 1 < len(raw) and raw[i + 1][0] == "'":
            step = 2
        out.append((ch, (ln, col)))
        i += step
    return out


class _TooBig(Exception):
    pass


class _Builder:
    """Builds marked containers from composed nodes, collecting problems on the way."""

    def __init__(self, name: str, lines: list[str]):
        self.name = name
        self.lines = lines
        self.problems: list[Problem] = []
        self.count = 0
        self.active: set[int] = set()  # nodes being built: an alias to one of them is a loop
        self.constructor = SafeConstructor()

    def mark(self, node: Node) -> Mark:
        m = node.start_mark
        style = node.style if isinstance(node, ScalarNode) and node.style in ("|", ">", '"', "'") else None
        indent = self._block_indent(node) if isinstance(node, ScalarNode) and style in ("|", ">") else None
        chars = flow_chars(self.lines, node) if isinstance(node, ScalarNode) and style not in ("|", ">") else None
        return Mark(self.name, m.line + 1, m.column + 1, style, indent, chars)

    def _block_indent(self, node: ScalarNode) -> int | None:
        """Indentation of a block scalar's content lines, read from the file text."""
        first, last = node.start_mark.line + 1, node.end_mark.line
        for i in range(first, min(last + 1, len(self.lines))):
            line = self.lines[i]
            if line.strip():
                return len(line) - len(line.lstrip(" "))
        return None

    def problem(self, node: Node, code: str, message: str) -> None:
        m = self.mark(node)
        self.problems.append(Problem("error", code, message, self.name, m.line, m.col))

    def build(self, node: Node):
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooBig
        if id(node) in self.active:
            self.problem(node, "unsupported-yaml", "an alias refers to a node that contains it (a loop)")
            return None
        if isinstance(node, ScalarNode):
            return self._scalar(node)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                if node.tag != _SEQ:
                    self.problem(node, "unsupported-yaml", f"unsupported tag {_tag(node.tag)}; only plain YAML is read")
                seq = MarkedSeq(self.mark(node))
                if len(node.value) > MAX_ITEMS:
                    self.problem(node, "file-too-large", f"this list has {len(node.value):,} items; "
                                                         f"at most {MAX_ITEMS:,} are allowed")
                    return seq
                for item in node.value:
                    seq.push(self.build(item), self.mark(item))
                return seq
            if node.tag != _MAP:
                self.problem(node, "unsupported-yaml", f"unsupported tag {_tag(node.tag)}; only plain YAML is read")
            assert isinstance(node, MappingNode)    # the composer makes only these three kinds
            return self._map(node)
        finally:
            self.active.discard(id(node))

    def _scalar(self, node: ScalarNode):
        if node.tag == _TIMESTAMP:
            return node.value
        if node.tag not in _SAFE_SCALAR_TAGS:
            self.problem(node, "unsupported-yaml", f"unsupported tag {_tag(node.tag)}; only plain YAML is read")
            return node.value
        if node.tag == _INT and len(node.value) > _INT_CHARS:   # Python refuses to convert > 4300 digits
            self._out_of_range(node)
            return 0
        try:
            value = self.constructor.construct_object(node)
        except ValueError:     # an int too long for Python, a malformed number
            self._out_of_range(node)
            return 0
        if type(value) is int and not -MAX_INT <= value <= MAX_INT:
            self._out_of_range(node)
            return 0
        control = _CONTROL.search(value) if isinstance(value, str) else None
        if control is not None:
            ch = control.group()
            self.problem(node, "control-character",
                         f"this text holds the control character U+{ord(ch):04X} (a terminal escape?); "
                         f"texts are printed to players' terminals, so only new lines and tabs are allowed")
            return _CONTROL.sub("", str(value))
        return value

    def _out_of_range(self, node: ScalarNode) -> None:
        shown = node.value if len(node.value) <= 20 else f"a number of {len(node.value)} characters"
        self.problem(node, "number-out-of-range",
                     f"{shown} is out of range: whole numbers in an edition lie between "
                     f"-{MAX_INT:,} and {MAX_INT:,}".replace(",", "_"))

    def _map(self, node: MappingNode) -> MarkedMap:
        out = MarkedMap(self.mark(node))
        if len(node.value) > MAX_ITEMS:
            self.problem(node, "file-too-large", f"this map has {len(node.value):,} keys; "
                                                 f"at most {MAX_ITEMS:,} are allowed")
            return out
        merged: list[tuple[str, object, Mark, Mark]] = []  # from `<<` keys: explicit keys win
        for knode, vnode in node.value:
            if knode.tag == _MERGE:
                merged.extend(self._merge_key(vnode))
                continue
            if not isinstance(knode, ScalarNode):
                self.problem(knode, "unsupported-yaml", "a key must be a plain word or text, not a map or list")
                continue
            key = knode.value
            if key in out:
                first = out.key_marks[key]
                self.problem(knode, "duplicate-key",
                             f"key '{key}' appears twice in this map (first at line {first.line}); "
                             f"YAML would silently keep only one")
                continue
            out.put(key, self.build(vnode), self.mark(knode), self.mark(vnode))
        for key, value, km, vm in merged:
            if key not in out:
                out.put(key, value, km, vm)
        return out

    def _merge_key(self, vnode: Node):
        sources = vnode.value if isinstance(vnode, SequenceNode) else [vnode]
        for src in sources:
            built = self.build(src)
            if not isinstance(built, MarkedMap):
                self.problem(src, "unsupported-yaml", "'<<' merges only maps (an alias to a map)")
                continue
            for k, v in built.items():
                yield k, v, built.key_marks[k], built.value_marks[k]
