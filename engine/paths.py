"""Where the data shipped with magie lives, for both a regular and an editable install.

`magie.engine` is the `engine/` folder of the repository (editable install) or
`site-packages/magie/engine` (regular install); the built-in editions and the schema
sit next to it in both cases (`editions/`, `schema/`). Also the user's cache folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import IO

_ROOT = Path(__file__).resolve().parent.parent

EDITIONS_DIR: Path = _ROOT / "editions"
"""Folder of the built-in editions (`*.yaml`)."""

SCHEMA_PATH: Path = _ROOT / "schema" / "edition.schema.json"
"""The published JSON Schema of an edition file."""

SAVE_SCHEMA_PATH: Path = _ROOT / "schema" / "save.schema.json"
"""The published JSON Schema of a save file."""


_NOT_SET = frozenset({"", "0", "no", "false", "off"})
"""The values of `MAGIE_NO_CACHE` that leave the cache on (the usual spellings of no)."""


def cache_dir() -> Path | None:
    """The user cache folder for magie, or None when the cache is off: `$MAGIE_NO_CACHE` set
    (to anything but empty, 0, no, false or off), or
    `$MAGIE_CACHE_DIR` not an absolute path (told once on stderr: a relative folder would be made
    in whatever folder magie runs from; `~/x` is taken as the home's x). Else `$MAGIE_CACHE_DIR`,
    else `$XDG_CACHE_HOME/magie` (ignored when relative, as the XDG spec says), else
    `~/.cache/magie`. It holds the DSL parser and the listing index of built-in edition files
    changed since the package was made; every entry is checked before use and may be deleted at any time."""
    global _told_relative
    if os.environ.get("MAGIE_NO_CACHE", "").strip().lower() not in _NOT_SET:
        return None
    given = os.environ.get("MAGIE_CACHE_DIR")
    if given:
        folder = Path(given).expanduser()
        if folder.is_absolute():
            return folder
        if not _told_relative:
            _told_relative = True
            import sys
            example = os.path.join(os.path.expanduser("~"), ".cache", "magie")
            sys.stderr.write(f"magie: MAGIE_CACHE_DIR={given!r} is not an absolute path; the cache is off "
                             f"(give an absolute path, e.g. {example})\n")
        return None
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path(os.path.expanduser("~")) / ".cache"
    return base / "magie" if base.is_absolute() else None


_told_relative = False
"""Whether the relative `$MAGIE_CACHE_DIR` was told (once a process)."""


def read_private(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """The bytes of the cache entry at `path`, or None when it is missing, not a regular file,
    a symbolic link, more than `limit` bytes, or (POSIX) owned by another user or writable by
    group or others. A cache folder may sit in a shared place (`MAGIE_CACHE_DIR=/tmp/x`): nobody
    else may choose what magie prints or unpickles, and no entry makes it read without bound."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        if hasattr(os, "geteuid") and (st.st_uid != os.geteuid() or st.st_mode & 0o022):
            return None
        data = f.read(limit + 1)
    return data if len(data) <= limit else None


def write_atomic(path: str | os.PathLike[str], fill: Callable[[IO[bytes]], object], suffix: str = "") -> bool:
    """Write a cache entry at `path` atomically: `fill(f)` writes into a temporary file in the
    same folder (made if missing), which is then renamed over `path`, so a reader never sees half
    a file. Returns whether it was written; any error is swallowed (every cache is optional) and
    the temporary file removed."""
    folder = os.path.dirname(os.fspath(path))
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        # as tempfile.mkstemp makes it (a new file, this user's only), without importing tempfile
        # (random, shutil...: a tenth of `magie --help`'s first run)
        name = os.path.join(folder, f".tmp-{os.getpid()}-{os.urandom(8).hex()}{suffix}")
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_CLOEXEC", 0), 0o600)
        tmp = name
        with os.fdopen(fd, "wb") as f:
            fill(f)
        os.replace(tmp, path)
        tmp = None
        return True
    except Exception:
        return False
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def prune(folder: str | os.PathLike[str], prefix: str, suffix: str, keep: int,
          spare: str | os.PathLike[str] | None = None) -> None:
    """Remove the oldest cache entries named `prefix*suffix` in `folder` (by modification time)
    until at most `keep` are left, never the entry `spare` (the one just written). Only entries
    `read_private` could read are counted and removed: this user's own regular files; links (never
    followed), other users' files and other names stay. Any error is swallowed."""
    import stat

    spared = os.path.basename(os.fspath(spare)) if spare is not None else None
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    try:
        found = []
        with os.scandir(folder) as it:
            for e in it:
                if not (e.name.startswith(prefix) and e.name.endswith(suffix)) or e.name == spared:
                    continue
                st = e.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and (uid is None or st.st_uid == uid):
                    found.append((st.st_mtime_ns, e.name))
        found.sort(reverse=True)
        for _, name in found[max(keep - (spared is not None), 0):]:
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass
    except OSError:
        pass
