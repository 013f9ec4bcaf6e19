"""Saved games: what a save holds, writing it safely, reading it back, and replaying it.

A game is a function of (edition content, seed, decisions) (DESIGN.md property 7), so a save
holds exactly that, plus who sits where and the options that shape the game:

```json
{
  "format": "magie-save",
  "version": 1,
  "edition": {"ref": "classic", "id": "classic", "variants": [], "content_hash": "9f2c...",
              "content": {"id": "classic", "board": [...], ...}},
  "seed": 1,
  "seats": [{"name": "Anna", "agent": "human"}, {"name": "Bot 1", "agent": "basic"}],
  "options": {"max_rounds": null, "time_limit": null, "elapsed": 0.0, "auto_claim": true},
  "progress": {"round": 3, "turns": 9},
  "decisions": [
    ["done"],
    "buy",
    ...
  ]
}
```

`edition.content` (optional) is the merged edition the game was played with, as plain JSON
data: a game resumes from it when the edition's file changed or is missing (another machine).

`decisions` are the answers in the order the game asked them, as `decisions.encode_answer`
writes them (`Game(record=True)` keeps them in `game.answers`). `progress` is informational.
`options.elapsed` is the wall-clock seconds already played, for a timed game.

Files are written atomically (a temporary file in the same folder, fsync, `os.replace`), so a
crash while saving leaves the previous save intact. `read_save` refuses a file that is not
JSON, not a save, of a newer format, or of the wrong shape, with a `ProblemsError` whose
problems carry file:line:col where that applies. `check_edition` refuses a save whose edition
content changed.

Replaying: `Game(replay=save.decisions)` gives the recorded answers first. Bots answer every
recorded decision again (their answers are dropped, the recorded one is used), so their own
random generators and caches stand exactly where they stood in the original game and a resumed
game continues as the uninterrupted one would have. `Game.saved_decisions()` is what a new save
holds.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..limits import MAX_ROUNDS, MAX_SEATS, MAX_SEED, MIN_SEED
from ..problems import Problem, ProblemsError
from .trades import MAX_DEAL_LEGS

SAVE_FORMAT = "magie-save"
"""The value of a save's "format" key: tells a magie save from any other JSON file."""

SAVE_VERSION = 1
"""The save format version this code writes and the newest it reads."""

AGENT_KINDS = ("human", "basic", "random")
"""Who can sit at a seat by default: a human or one of the first bots. Front ends pass the whole
bot registry to `read_save(agents=...)`, so a new bot needs no change here (and the game layer
does not import the agents)."""

PLUGIN_KIND = re.compile(r"(?:[A-Za-z_][\w.]*:[A-Za-z_]\w*|cmd:[^\x00-\x1f\x7f]{1,4000})\Z")
"""A seat's agent written as `module:Class` (a user's agent class) or `cmd:PROGRAM ARGS` (a
program, docs/agents.md): always accepted (front ends run one only when the person allows it)."""

OPTION_TYPES: dict[str, tuple[type, ...]] = {
    "max_rounds": (int, type(None)),
    "time_limit": (int, float, type(None)),
    "elapsed": (int, float),
    "auto_claim": (bool,),
}
"""Options a save may hold and their JSON types (unknown keys are kept and ignored)."""


@dataclass(frozen=True)
class Seat:
    """One player: `name` as shown, `agent` "human" or a bot kind of the registry."""

    name: str
    agent: str


PLAYTHROUGH_FORMAT = 1
"""The version of the `playthrough` part of a save this code writes and reads."""


@dataclass(frozen=True)
class Playthrough:
    """What a save holds beyond the answers to be a playthrough: every event of the recorded game
    (`events`, as logged) and, when the game ended because its time ran out, the round at whose
    end it did (`time_up_round`: a clock cannot be replayed, so the round is kept)."""

    events: tuple[dict[str, Any], ...]
    time_up_round: int | None = None



@dataclass(frozen=True)
class SaveGame:
    """Everything needed to rebuild a game: the edition (`edition_ref` as given when the game
    started: a built-in id or an absolute path; `edition_id`; `variants`; `content_hash`),
    `seed`, `seats` in the order given to `Game`, `options`, and the recorded `decisions`.
    `round` and `turns` tell how far the game went (shown to people, not used to replay).
    A save with `playthrough` (its event log) is a playthrough: a regression test of the edition
    (engine/sim/playthrough.py)."""

    edition_ref: str
    edition_id: str
    variants: tuple[str, ...]
    content_hash: str
    seed: int
    seats: tuple[Seat, ...]
    options: dict[str, Any] = field(default_factory=dict)
    decisions: list[Any] = field(default_factory=list)
    round: int = 1
    turns: int = 0
    edition_content: dict[str, Any] | None = None
    playthrough: Playthrough | None = None

    def at(self, decisions: Sequence[Any], *, round: int, turns: int, **options: Any) -> SaveGame:
        """This save with the game's decisions and progress brought up to date (and options
        changed, e.g. `elapsed`)."""
        return replace(self, decisions=list(decisions), round=round, turns=turns,
                       options={**self.options, **options})

    def to_text(self) -> str:
        """The save as JSON text: metadata indented, one decision per line."""
        edition: dict[str, Any] = {"ref": self.edition_ref, "id": self.edition_id,
                                   "variants": list(self.variants), "content_hash": self.content_hash}
        if self.edition_content is not None:
            edition["content"] = _CONTENT_MARK
        head = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "edition": edition,
            "seed": self.seed,
            "seats": [{"name": s.name, "agent": s.agent} for s in self.seats],
            "options": self.options,
            "progress": {"round": self.round, "turns": self.turns},
        }
        text = json.dumps(head, indent=2, ensure_ascii=False)
        if self.edition_content is not None:
            text = text.replace(json.dumps(_CONTENT_MARK), _dumps(self.edition_content), 1)
        lines = [_dumps(d) for d in self.decisions]
        body = ",\n".join("    " + line for line in lines)
        decisions = '"decisions": [\n' + body + "\n  ]" if lines else '"decisions": []'
        if self.playthrough is not None:
            p = self.playthrough
            events = ",\n".join("      " + _dumps(e) for e in p.events)
            decisions += (f',\n  "playthrough": {{"version": {PLAYTHROUGH_FORMAT}, "time_up_round": '
                          f'{json.dumps(p.time_up_round)}, "events": [\n{events}\n  ]}}')
        return text[:-2] + ",\n  " + decisions + "\n}\n"


_CONTENT_MARK = "@@edition-content@@"
"""Stands for the embedded edition while the head is indented: the edition goes on one line."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


# ---------------------------------------------------------------------- writing
def write_save(path: str | os.PathLike[str], save: SaveGame) -> Path:
    """Write `save` to `path` atomically: a temporary file in the same folder, flushed and
    fsynced, then renamed over `path`. Returns the path written. Raises `OSError` (e.g. the
    folder does not exist or is not writable, or `path` is something other than a regular file,
    such as a folder or a device); the previous file at `path` is then intact. A symbolic link
    is followed: the file it points to is replaced and the link stays."""
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()
    if path.exists() and not path.is_file():
        raise OSError(errno.EEXIST, "it exists and is not a regular file", str(path))
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(save.to_text())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable (not possible on every platform)
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return path
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
    return path


# ---------------------------------------------------------------------- reading
class _Reader:
    """Checks the shape of a parsed save and collects problems located in the file."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.text = text
        self.problems: list[Problem] = []
        self._tree: Any = None

    def _root(self) -> Any:
        """The composed YAML node tree of the text (JSON is YAML), or None if it cannot be
        composed. Built on error paths only, once."""
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

    def duplicate(self, key: str) -> None:
        """A problem for a key given twice in one object, at its second occurrence."""
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
        self.problems.append(Problem("error", "save-duplicate-key",
                                     f"key {json.dumps(key)[:60]} appears twice in one object; "
                                     f"a save gives each key once", self.file, line, col))

    def error(self, path: Sequence[str | int], code: str, message: str) -> None:
        line, col = self._position(path) if path is not None else (0, 0)
        where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path or ())
        pointer = "".join(f"/{k}" for k in path or ())
        self.problems.append(Problem("error", code, f"{where.lstrip('.') or 'the save'}: {message}"
                                     if path else message, self.file, line, col, pointer))

    def typed(self, obj: dict[str, Any], key: str, types: tuple[type, ...], what: str,
              path: Sequence[str | int] = ()) -> Any:
        """obj[key] if it has one of `types` (bool is not an int here), else a problem."""
        value = obj.get(key)
        ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
        if isinstance(value, float) and not math.isfinite(value):
            ok = False
        if key not in obj:
            self.error(list(path), "save-missing-key", f"'{key}' is missing: expected {what}")
            return None
        if not ok:
            self.error([*path, key], "save-wrong-type", f"expected {what}, found {_json_type(value)}")
            return None
        return value


def _is_control(ch: str) -> bool:
    return ord(ch) < 32 or 127 <= ord(ch) < 160


def _json_type(value: Any) -> str:
    if isinstance(value, _BigNumber):
        return f"a number of {value.digits:,} digits"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {json.dumps(value, ensure_ascii=False)[:40]}"
    if isinstance(value, list):
        return "a list"
    return "an object"


MAX_SAVE_BYTES = 64 * 1024 * 1024
"""Largest save file read (a long game's save is a few MB); a larger one is refused unread."""

MAX_DEPTH = 16
"""Deepest nesting of lists and objects in a save (a recorded trade is 4 deep)."""

MAX_NUMBER_DIGITS = 19
"""Longest whole number in a save (seeds are below 2**63); longer ones are refused unconverted."""

MAX_DECISIONS = 5_000_000
"""Most recorded answers in a save."""

MAX_SECONDS = 10**7
"""Largest time limit or elapsed time, in seconds (about 115 days)."""

MAX_TEXT = 4096
"""Longest text in a save (an edition path)."""

MAX_NAME = 64
"""Longest player name, in characters: in a save, at `magie play --players` and in the web's seats
(a name is printed on every line of the log)."""


class _BigNumber:
    """A whole number in a save too long to convert (Python refuses over 4,300 digits, and a
    long one would be slow): kept as its length, reported as a wrong type."""

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))


def _parse_int(text: str) -> int | _BigNumber:
    return int(text) if len(text) <= MAX_NUMBER_DIGITS + 1 else _BigNumber(text)


class _Duplicates(list[tuple[str, Any]]):
    """Keys found twice in one object, as (key, first value) pairs, while parsing."""


def _read_bytes(path: Path, name: str) -> bytearray:
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
            # read in pieces (f.read(MAX_SAVE_BYTES + 1) reserves all of it at once), each piece
            # looked at as it comes: a byte that JSON never holds (a file of zeros) ends the reading
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
    except OSError as e:
        raise fail(f"cannot be read: {e.strerror}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise fail(f"is over {MAX_SAVE_BYTES:,} bytes, the limit for save files")
    return raw


_NOT_JSON_BYTES = bytes(0 if b < 0x20 and b not in b"\t\n\r" else 1 for b in range(256))
"""A `bytes.translate` table: 0 for a byte never found in JSON text (a control character other
than tab, line feed and carriage return: JSON strings escape them), 1 for any other."""

_BRACKET_OR_QUOTE = re.compile(r'[\[\]{}"]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""The rest of a JSON string after its opening quote (an unclosed one runs to the end)."""


def read_save(path: str | os.PathLike[str], *, agents: Sequence[str] = AGENT_KINDS) -> SaveGame:
    """Read and check a save file; `agents` are the seat kinds allowed (front ends pass
    `("human", *BOTS)`). Raises `ProblemsError` (problems located at file:line:col
    where that applies) when the file cannot be read (not a regular file, over MAX_SAVE_BYTES),
    is not JSON, is not a magie save, was written by a newer format, has a key twice in one
    object, nests deeper than MAX_DEPTH, or has a part of the wrong type or out of range."""
    path = Path(path)
    name = str(path) if len(str(path)) <= 200 else str(path)[:197] + "..."
    raw = _read_bytes(path, name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProblemsError([Problem("error", "save-not-json",
                                     "is not a magie save: not UTF-8 text (a save is a JSON file)", name)]) from None
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        raise ProblemsError([Problem("error", "save-not-json",
                                     f"is not a magie save: lists and objects nest {depth} deep; "
                                     f"a save nests at most {MAX_DEPTH} deep", name)])
    duplicates = _Duplicates()

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                duplicates.append((k, out[k]))
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
    r = _Reader(name, text)
    for key, _ in duplicates[:5]:
        r.duplicate(key)
    if duplicates:
        raise ProblemsError(r.problems)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        r.error([], "save-not-a-save",
                f'is not a magie save: expected a JSON object with "format": "{SAVE_FORMAT}" '
                f"(saves are written by `magie play`)")
        raise ProblemsError(r.problems)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        r.error(["version"], "save-wrong-type", f"expected the save format version (a whole number from 1), "
                f"found {_json_type(version)}")
        raise ProblemsError(r.problems)
    if version > SAVE_VERSION:
        r.error(["version"], "save-newer-format",
                f"this save has format version {version}, written by a newer magie; this one reads "
                f"versions up to {SAVE_VERSION}: update magie to resume it")
        raise ProblemsError(r.problems)
    return _parse(r, data, tuple(agents))


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number a save holds")


def _nesting(text: str) -> int:
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


def _parse(r: _Reader, data: dict[str, Any], kinds: tuple[str, ...]) -> SaveGame:
    ed = r.typed(data, "edition", (dict,), "an object with ref, id, variants, content_hash") or {}
    ref = r.typed(ed, "ref", (str,), "the edition's id or file path", ["edition"]) if ed else None
    ed_id = r.typed(ed, "id", (str,), "the edition's id", ["edition"]) if ed else None
    variants = r.typed(ed, "variants", (list,), "a list of overlay ids or paths", ["edition"]) if ed else None
    for key, value in (("ref", ref), ("id", ed_id)):
        if isinstance(value, str) and not 0 < len(value) <= MAX_TEXT:
            r.error(["edition", key], "save-bad-value", f"expected 1 to {MAX_TEXT} characters, found {len(value)}")
    if variants is not None and len(variants) > 64:
        r.error(["edition", "variants"], "save-bad-value", f"expected at most 64 overlays, found {len(variants)}")
        variants = []
    for k, v in enumerate(variants or []):
        if not isinstance(v, str):
            r.error(["edition", "variants", k], "save-wrong-type",
                    f"expected an overlay id or path, found {_json_type(v)}")
        elif not 0 < len(v) <= MAX_TEXT:
            r.error(["edition", "variants", k], "save-bad-value",
                    f"expected 1 to {MAX_TEXT} characters, found {len(v)}")
    chash = r.typed(ed, "content_hash", (str,), "the edition's content hash", ["edition"]) if ed else None
    content = ed.get("content") if ed else None
    if content is not None and not isinstance(content, dict):
        r.error(["edition", "content"], "save-wrong-type",
                f"expected the merged edition (an object), found {_json_type(content)}")
        content = None
    seed = r.typed(data, "seed", (int,), "the game's seed (a whole number)")
    if isinstance(seed, int) and not MIN_SEED <= seed <= MAX_SEED:
        r.error(["seed"], "save-bad-value", "expected a seed between -2**63 and 2**63 - 1")
    seats_raw = r.typed(data, "seats", (list,), "a list of seats ({name, agent})") or []
    if isinstance(data.get("seats"), list) and not 1 <= len(seats_raw) <= MAX_SEATS:
        r.error(["seats"], "save-bad-value", f"expected 1 to {MAX_SEATS} seats, found {len(seats_raw)}")
        seats_raw = seats_raw[:MAX_SEATS]
    seats: list[Seat] = []
    for k, s in enumerate(seats_raw):
        if not isinstance(s, dict):
            r.error(["seats", k], "save-wrong-type", f"expected a seat object {{name, agent}}, found {_json_type(s)}")
            continue
        name = r.typed(s, "name", (str,), "the player's name", ["seats", k])
        agent = r.typed(s, "agent", (str,), f"one of {', '.join(kinds)}", ["seats", k])
        if agent is not None and agent not in kinds and not PLUGIN_KIND.match(agent):
            r.error(["seats", k, "agent"], "save-bad-value",
                    f"expected one of {', '.join(kinds)} or module:Class, found {json.dumps(agent)}")
        if name is not None and (not name.strip() or name.casefold() in {x.name.casefold() for x in seats}):
            r.error(["seats", k, "name"], "save-bad-value",
                    f"expected a name of its own for each seat, found {json.dumps(name)[:80]}")
        elif name is not None and (len(name) > MAX_NAME or any(_is_control(c) for c in name)):
            r.error(["seats", k, "name"], "save-bad-value",
                    f"expected a name of at most {MAX_NAME} characters with no control characters "
                    "(new lines, tabs, terminal escapes)")
        seats.append(Seat(name or "", agent or ""))
    options = data.get("options", {})
    if not isinstance(options, dict):
        r.error(["options"], "save-wrong-type", f"expected an object, found {_json_type(options)}")
        options = {}
    for key, types in OPTION_TYPES.items():
        if key in options:
            value = r.typed(options, key, types, _describe(types), ["options"])
            if key in ("max_rounds", "time_limit") and isinstance(value, (int, float)) and value <= 0:
                r.error(["options", key], "save-bad-value", f"expected a number above 0 or null, found {value}")
            top = MAX_ROUNDS if key == "max_rounds" else MAX_SECONDS
            if key != "auto_claim" and isinstance(value, (int, float)) and value > top:
                r.error(["options", key], "save-bad-value", f"expected at most {top:,}, found {value:,}")
            if key == "elapsed" and isinstance(value, (int, float)) and value < 0:
                r.error(["options", key], "save-bad-value", f"expected the seconds played (0 or more), found {value}")
    progress = data.get("progress", {})
    if not isinstance(progress, dict):
        progress = {}
    for key in ("round", "turns"):
        v = progress.get(key, 0)
        if not (type(v) is int and 0 <= v <= 10**12):
            r.error(["progress", key], "save-bad-value", f"expected a count (a whole number from 0), "
                                                         f"found {_json_type(v)}")
    decisions = r.typed(data, "decisions", (list,), "the list of recorded answers") or []
    if len(decisions) > MAX_DECISIONS:
        r.error(["decisions"], "save-bad-value",
                f"expected at most {MAX_DECISIONS:,} answers, found {len(decisions):,}")
        decisions = []
    for k, d in enumerate(decisions):
        problem = _answer_problem(d)
        if problem:
            r.error(["decisions", k], "save-bad-decision", problem)
    playthrough = _playthrough(r, data.get("playthrough"))
    if r.problems:
        raise ProblemsError(r.problems)
    # no problem: every typed field was found with its type
    assert ref is not None and ed_id is not None and variants is not None and chash is not None
    rnd, turns = progress.get("round", 1), progress.get("turns", 0)
    return SaveGame(
        edition_ref=ref, edition_id=ed_id, variants=tuple(variants), content_hash=chash,
        seed=seed, seats=tuple(seats), options=dict(options), decisions=list(decisions),
        round=rnd if isinstance(rnd, int) else 1, turns=turns if isinstance(turns, int) else 0,
        edition_content=content, playthrough=playthrough)


def _playthrough(r: _Reader, part: Any) -> Playthrough | None:
    """The `playthrough` part of a save (None when there is none), its problems told to `r`."""
    if part is None:
        return None
    if not isinstance(part, dict):
        r.error(["playthrough"], "save-wrong-type", f"expected an object with version, time_up_round and events, "
                                                    f"found {_json_type(part)}")
        return None
    version = part.get("version")
    if type(version) is not int or not 1 <= version <= PLAYTHROUGH_FORMAT:
        r.error(["playthrough", "version"], "save-bad-value",
                f"expected a playthrough version from 1 to {PLAYTHROUGH_FORMAT}, found {_json_type(version)}")
    up = part.get("time_up_round")
    if up is not None and not (type(up) is int and 1 <= up <= MAX_ROUNDS):
        r.error(["playthrough", "time_up_round"], "save-bad-value",
                f"expected the round the time ran out (1 to {MAX_ROUNDS:,}) or null, found {_json_type(up)}")
    events = r.typed(part, "events", (list,), "the list of the game's events", ["playthrough"])
    if events is None:
        return None
    if len(events) > MAX_DECISIONS:
        r.error(["playthrough", "events"], "save-bad-value",
                f"expected at most {MAX_DECISIONS:,} events, found {len(events):,}")
        return None
    for k, e in enumerate(events):
        if not isinstance(e, dict) or not isinstance(e.get("e"), str):
            r.error(["playthrough", "events", k], "save-wrong-type",
                    f"expected an event (an object with its kind in \"e\"), found {_json_type(e)}")
            break
        if (big := _big_number(e)) is not None:
            r.error(["playthrough", "events", k], "save-bad-value",
                    f"expected an event as magie logs it, found {_json_type(big)}")
            break
    return Playthrough(tuple(events), up if type(up) is int else None)


def _big_number(value: Any) -> _BigNumber | None:
    """The first number too long to read in `value` (nested lists and objects), or None."""
    if isinstance(value, _BigNumber):
        return value
    inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return next((b for v in inner if (b := _big_number(v)) is not None), None)


def _describe(types: tuple[type, ...]) -> str:
    names = {int: "a whole number", float: "a number", bool: "true or false", type(None): "null"}
    return " or ".join(dict.fromkeys(names[t] for t in types))


_TRADE_INTS = ("proposer", "partner", "give_cash", "get_cash")
_TRADE_LISTS = ("give_deeds", "get_deeds", "give_cards", "get_cards")
_LEG_INTS = ("giver", "taker", "cash")
_LEG_LISTS = ("deeds", "cards")


def _offer_fields_problem(where: str, t: dict[str, Any], ints: tuple[str, ...], lists: tuple[str, ...]) -> str | None:
    """Why the fields of a recorded trade or deal leg `t` are malformed, or None."""
    for k in ints:
        if k in t and (not isinstance(t[k], int) or isinstance(t[k], bool)):
            return f"{where}.{k}: expected a whole number, found {_json_type(t[k])}"
    for k in lists:
        items = t.get(k, [])
        if not isinstance(items, list):
            return f"{where}.{k}: expected a list, found {_json_type(items)}"
        for it in items:
            if k.endswith("deeds") and (not isinstance(it, int) or isinstance(it, bool)):
                return f"{where}.{k}: expected space numbers, found {_json_type(it)}"
            if k.endswith("cards") and not (isinstance(it, list) and len(it) == 2
                                            and all(isinstance(x, str) for x in it)):
                return f"{where}.{k}: expected [deck, card] pairs, found {_json_type(it)}"
    return None


def _answer_problem(value: Any, depth: int = 0) -> str | None:
    """Why `value` cannot be a recorded answer (see decisions.encode_answer), or None."""
    if isinstance(value, int) and not isinstance(value, bool) and not -10**12 <= value <= 10**12:
        return f"an answer holds numbers up to 10**12, not {_json_type(value)}"
    if value is None or isinstance(value, (bool, int)):
        return None
    if isinstance(value, str):
        return None if len(value) <= MAX_TEXT else f"an answer holds words up to {MAX_TEXT} characters"
    if isinstance(value, float):
        return f"an answer holds whole numbers, not {value}"
    if isinstance(value, list) and depth < 3:
        for v in value:
            p = _answer_problem(v, depth + 1)
            if p:
                return p
        return None
    if value == {"timeout": True}:      # a decision the player let time out (Game.ask)
        return None
    if isinstance(value, dict) and set(value) == {"trade"} and isinstance(value["trade"], dict):
        t = value["trade"]
        p = _offer_fields_problem("trade", t, _TRADE_INTS, ())
        if p:
            return p
        if "proposer" not in t or "partner" not in t:
            return "a trade names its proposer and partner (seat numbers)"
        return _offer_fields_problem("trade", t, (), _TRADE_LISTS)
    if isinstance(value, dict) and set(value) == {"deal"} and isinstance(value["deal"], dict):
        t = value["deal"]
        if not isinstance(t.get("proposer"), int) or isinstance(t["proposer"], bool):
            return "a deal names its proposer (a seat number)"
        legs = t.get("legs")
        if not isinstance(legs, list) or len(legs) > MAX_DEAL_LEGS:
            return f"deal.legs: expected a list of at most {MAX_DEAL_LEGS} legs"
        for n, leg in enumerate(legs):
            if not isinstance(leg, dict) or "giver" not in leg or "taker" not in leg:
                return f"deal.legs[{n}]: a leg names its giver and taker (seat numbers)"
            p = _offer_fields_problem(f"deal.legs[{n}]", leg, _LEG_INTS, _LEG_LISTS)
            if p:
                return p
        return None
    return (f"expected a recorded answer (a word, number, true/false, null, a list, a trade, a deal or "
            f"{{\"timeout\": true}}), found {_json_type(value)}")


def check_edition(save: SaveGame, content_hash: str, file: str = "") -> None:
    """Raise `ProblemsError` when the edition loaded for `save` is not the one it was played
    with (its content hash differs): the recorded decisions would not fit."""
    if save.content_hash != content_hash:
        variants = f" with {', '.join(save.variants)}" if save.variants else ""
        raise ProblemsError([Problem(
            "error", "save-edition-changed",
            f"this game was played with edition '{save.edition_id}'{variants} as it was then "
            f"(content {save.content_hash[:12]}); that edition has changed since (now "
            f"{content_hash[:12]}), so the recorded game cannot be replayed on it. Restore the "
            f"edition file ({save.edition_ref}) as it was when the game was saved, or start a new game",
            file)])


# ---------------------------------------------------------------------- replay
