"""The save format: what a save holds (`SaveGame`, `Seat`), its JSON text, and writing it safely.

Files are written atomically (a temporary file in the same folder, fsync, `os.replace`), so a
crash while saving leaves the previous save intact. Reading a save back, with every check, is
`reader.py`; the shape of the document is `schema/save.schema.json`.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

SAVE_FORMAT = "magie-save"
"""The value of a save's "format" key: tells a magie save from any other JSON file."""

SAVE_VERSION = 1
"""The save format version this code writes and the newest it reads."""


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
    `edition_content` is the merged edition as plain JSON data, or None. A save with
    `playthrough` (its event log) is a playthrough: a regression test of the edition
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
