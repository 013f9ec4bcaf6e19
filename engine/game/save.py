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
writes them (`Game(record=True)` keeps them in `game.decisions`). `progress` is informational.
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
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..edition.problems import Problem, ProblemsError

SAVE_FORMAT = "magie-save"
"""The value of a save's "format" key: tells a magie save from any other JSON file."""

SAVE_VERSION = 1
"""The save format version this code writes and the newest it reads."""

AGENT_KINDS = ("human", "basic", "random")
"""Who can sit at a seat by default: a human or one of the first bots. Front ends pass the whole
bot registry to `read_save(agents=...)`, so a new bot needs no change here (and the game layer
does not import the agents)."""

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


@dataclass(frozen=True)
class SaveGame:
    """Everything needed to rebuild a game: the edition (`edition_ref` as given when the game
    started: a built-in id or an absolute path; `edition_id`; `variants`; `content_hash`),
    `seed`, `seats` in the order given to `Game`, `options`, and the recorded `decisions`.
    `round` and `turns` tell how far the game went (shown to people, not used to replay)."""

    edition_ref: str
    edition_id: str
    variants: tuple[str, ...]
    content_hash: str
    seed: int
    seats: tuple[Seat, ...]
    options: dict = field(default_factory=dict)
    decisions: list = field(default_factory=list)
    round: int = 1
    turns: int = 0
    edition_content: dict | None = None

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
        return text[:-2] + ",\n  " + decisions + "\n}\n"


_CONTENT_MARK = "@@edition-content@@"
"""Stands for the embedded edition while the head is indented: the edition goes on one line."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


# ---------------------------------------------------------------------- writing
def write_save(path: str | os.PathLike, save: SaveGame) -> Path:
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
        self._tree = None

    def _position(self, path: Sequence[str | int]) -> tuple[int, int]:
        """(line, col) of the JSON node at `path`, 1-based; (0, 0) if it cannot be found.
        JSON is YAML, so PyYAML's composer gives the positions (on error paths only)."""
        import yaml

        if self._tree is None:
            try:
                self._tree = yaml.compose(self.text, Loader=yaml.SafeLoader)
            except yaml.YAMLError:
                self._tree = False
        node = self._tree
        if not node:
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

    def error(self, path: Sequence[str | int], code: str, message: str) -> None:
        line, col = self._position(path) if path is not None else (0, 0)
        where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path or ())
        pointer = "".join(f"/{k}" for k in path or ())
        self.problems.append(Problem("error", code, f"{where.lstrip('.') or 'the save'}: {message}"
                                     if path else message, self.file, line, col, pointer))

    def typed(self, obj: dict, key: str, types: tuple[type, ...], what: str, path=()) -> Any:
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


def _json_type(value: Any) -> str:
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


def read_save(path: str | os.PathLike, *, agents: Sequence[str] = AGENT_KINDS) -> SaveGame:
    """Read and check a save file; `agents` are the seat kinds allowed (front ends pass
    `("human", *BOTS)`). Raises `ProblemsError` (problems located at file:line:col
    where that applies) when the file cannot be read, is not JSON, is not a magie save, was
    written by a newer format, or has a part of the wrong type."""
    path = Path(path)
    name = str(path)
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise ProblemsError([Problem("error", "save-unreadable", "is a folder, not a save file", name)])
    except FileNotFoundError:
        raise ProblemsError([Problem("error", "save-unreadable", "no such save file", name)])
    except OSError as e:
        raise ProblemsError([Problem("error", "save-unreadable", f"cannot be read: {e.strerror}", name)])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProblemsError([Problem("error", "save-not-json",
                                     "is not a magie save: not UTF-8 text (a save is a JSON file)", name)])
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ProblemsError([Problem("error", "save-not-json",
                                     f"is not a magie save: not valid JSON ({e.msg})", name, e.lineno, e.colno)])
    r = _Reader(name, text)
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


def _parse(r: _Reader, data: dict, kinds: tuple[str, ...]) -> SaveGame:
    ed = r.typed(data, "edition", (dict,), "an object with ref, id, variants, content_hash") or {}
    ref = r.typed(ed, "ref", (str,), "the edition's id or file path", ["edition"]) if ed else None
    ed_id = r.typed(ed, "id", (str,), "the edition's id", ["edition"]) if ed else None
    variants = r.typed(ed, "variants", (list,), "a list of overlay ids or paths", ["edition"]) if ed else None
    for k, v in enumerate(variants or []):
        if not isinstance(v, str):
            r.error(["edition", "variants", k], "save-wrong-type", f"expected an overlay id or path, found {_json_type(v)}")
    chash = r.typed(ed, "content_hash", (str,), "the edition's content hash", ["edition"]) if ed else None
    content = ed.get("content") if ed else None
    if content is not None and not isinstance(content, dict):
        r.error(["edition", "content"], "save-wrong-type",
                f"expected the merged edition (an object), found {_json_type(content)}")
        content = None
    seed = r.typed(data, "seed", (int,), "the game's seed (a whole number)")
    seats_raw = r.typed(data, "seats", (list,), "a list of seats ({name, agent})") or []
    seats: list[Seat] = []
    for k, s in enumerate(seats_raw):
        if not isinstance(s, dict):
            r.error(["seats", k], "save-wrong-type", f"expected a seat object {{name, agent}}, found {_json_type(s)}")
            continue
        name = r.typed(s, "name", (str,), "the player's name", ["seats", k])
        agent = r.typed(s, "agent", (str,), f"one of {', '.join(kinds)}", ["seats", k])
        if agent is not None and agent not in kinds:
            r.error(["seats", k, "agent"], "save-bad-value",
                    f"expected one of {', '.join(kinds)}, found {json.dumps(agent)}")
        if name is not None and (not name.strip() or name.casefold() in {x.name.casefold() for x in seats}):
            r.error(["seats", k, "name"], "save-bad-value",
                    f"expected a name of its own for each seat, found {json.dumps(name)}")
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
    progress = data.get("progress", {})
    if not isinstance(progress, dict):
        progress = {}
    decisions = r.typed(data, "decisions", (list,), "the list of recorded answers") or []
    for k, d in enumerate(decisions):
        problem = _answer_problem(d)
        if problem:
            r.error(["decisions", k], "save-bad-decision", problem)
    if r.problems:
        raise ProblemsError(r.problems)
    rnd, turns = progress.get("round", 1), progress.get("turns", 0)
    return SaveGame(
        edition_ref=ref, edition_id=ed_id, variants=tuple(variants), content_hash=chash,
        seed=seed, seats=tuple(seats), options=dict(options), decisions=list(decisions),
        round=rnd if isinstance(rnd, int) else 1, turns=turns if isinstance(turns, int) else 0,
        edition_content=content)


def _describe(types: tuple[type, ...]) -> str:
    names = {int: "a whole number", float: "a number", bool: "true or false", type(None): "null"}
    return " or ".join(dict.fromkeys(names[t] for t in types))


_TRADE_INTS = ("proposer", "partner", "give_cash", "get_cash")
_TRADE_LISTS = ("give_deeds", "get_deeds", "give_cards", "get_cards")


def _answer_problem(value: Any, depth: int = 0) -> str | None:
    """Why `value` cannot be a recorded answer (see decisions.encode_answer), or None."""
    if value is None or isinstance(value, (bool, int, str)):
        return None
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
        for k in _TRADE_INTS:
            if k in t and (not isinstance(t[k], int) or isinstance(t[k], bool)):
                return f"trade.{k}: expected a whole number, found {_json_type(t[k])}"
        if "proposer" not in t or "partner" not in t:
            return "a trade names its proposer and partner (seat numbers)"
        for k in _TRADE_LISTS:
            items = t.get(k, [])
            if not isinstance(items, list):
                return f"trade.{k}: expected a list, found {_json_type(items)}"
            for it in items:
                if k.endswith("deeds") and (not isinstance(it, int) or isinstance(it, bool)):
                    return f"trade.{k}: expected space numbers, found {_json_type(it)}"
                if k.endswith("cards") and not (isinstance(it, list) and len(it) == 2
                                                and all(isinstance(x, str) for x in it)):
                    return f"trade.{k}: expected [deck, card] pairs, found {_json_type(it)}"
        return None
    return (f"expected a recorded answer (a word, number, true/false, null, a list, a trade or "
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
