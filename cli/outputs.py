"""The files and folders the commands write, checked before any work is done: the one check of every
option that writes (`simulate --out`, `--report`, `ladder --out`, `board -o`, `play --log` and
`--save-to`, `serve --data`, `schema --write`).

A file the command would hang on (a FIFO no program reads), a folder where a file is written, a
file where a folder is written, and a file that can be opened but not written (`/proc/version`:
the write fails) are told at once, as one more problem of the command line, not after the games.
The words `magie play` told before are those of the catalogue (cli/locale); the newer ones are
English until the catalogue has them.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path
from typing import TextIO, cast

from .i18n import _


def output_problem(path: Path) -> str | None:
    """Why a command cannot write the regular file `path` (made, or replaced) when it is done, in
    words; None when it can, as far as can be told now. A folder, a pipe or a device is refused
    (the records, reports and pictures are files; only `--log` streams, `open_log`); an existing
    file is opened for writing without emptying it and written nothing (the system refuses that
    write where the file cannot be written: `/proc/version`); for a new file, a temporary file is
    made and removed in its folder."""
    import tempfile

    from magie.engine.edition.yamlload import path_problem

    if (bad := path_problem(path)) is not None:
        return bad
    if path.is_dir():
        return _("it is a folder")
    if path.exists():
        if not path.is_file():
            return _("it exists and is not a regular file")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            try:
                os.write(fd, b"")
            finally:
                os.close(fd)
        except OSError as e:
            return _("the system does not let it be written ({why})").format(why=e.strerror or e)
        return None
    folder = path.parent
    if not folder.is_dir():
        return _("there is no folder {folder}").format(folder=folder)
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".magie-check-"):
            pass
    except OSError as e:
        return _("the folder {folder} cannot be written ({why})").format(folder=folder, why=e.strerror or e)
    return None


def replace_problem(path: Path, kind: str) -> str | None:
    """Why the existing file `path` is not to be replaced by what `play` writes there (`kind`:
    'save', a magie save; 'log', an event log), in words: it is neither empty nor a file of that
    kind, told by its first bytes (a save names its format, "magie-save"; a log's lines are JSON
    objects of events, `{"e": ...}`), so that a mistyped path does not overwrite an edition or a
    text. None where it may be replaced, or where `output_problem` tells what is wrong with it."""
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return None
        with path.open("rb") as f:
            head = f.read(4096)
    except OSError:
        return None
    if kind == "save" and b'"magie-save"' in head or kind == "log" and head.startswith(b'{"e":'):
        return None
    what = "a magie save" if kind == "save" else "a magie event log"
    return f"it exists and is not {what}, so it is not replaced (give another path, or remove the file first)"


def same_file(a: Path, b: Path) -> bool:
    """Do `a` and `b` name one file (the same path, or one file through links)?"""
    try:
        if a.exists() and b.exists():
            return a.samefile(b)
    except OSError:
        pass
    return os.path.realpath(a) == os.path.realpath(b)


def folder_problem(path: Path) -> str | None:
    """Why the command cannot write into the folder `path` (made later, with its parents, when
    missing), in words; None when it can, as far as can be told now. Nothing is made here. A file
    where the folder, or one of its parents, would be is told as such ("a folder is expected, and
    PATH is a file"), not in the system's words ("File exists")."""
    from magie.engine.edition.yamlload import path_problem

    if (bad := path_problem(path)) is not None:
        return bad
    there = path
    while not there.exists() and there != there.parent:
        there = there.parent
    if not there.is_dir():
        return (_("a folder is expected, and {path} is a file") if there.is_file() else
                _("a folder is expected, and {path} is not a folder")).format(path=there)
    if not os.access(there, os.W_OK | os.X_OK):
        return _("the folder {folder} cannot be written ({why})").format(folder=there,
                                                                        why=os.strerror(errno.EACCES))
    return None


def log_problem(path: Path) -> str | None:
    """Why the event log cannot be written to `path` (`output_problem`), found before the game; a
    device or a pipe is not opened here (opening and closing a pipe would end its reader):
    `open_log` tells its problem."""
    if path.exists() and not path.is_dir() and not path.is_file():
        return _path_words(path)
    return output_problem(path)


def open_log(path: Path) -> TextIO:
    """The event log `path` opened for writing (text, a line at a time): a regular file (made or
    emptied), a device (`/dev/null`, `/dev/stdout`) or a pipe that a program reads. The standard
    output (or error) named as the log, also through `/dev/stdout` when it is redirected to a file,
    is written through `sys.stdout` (`sys.stderr`) itself: a second opening would write at its own
    offset, over the game's lines. Raises OSError, its strerror the reason: a folder; a FIFO that
    nobody reads (opened without waiting: ENXIO), rather than holding the game until a reader
    comes; a file the system does not let be written (`/proc/version`), found by writing nothing."""
    if (bad := _path_words(path)) is not None:
        raise OSError(0, bad)
    if path.is_dir():
        raise OSError(0, _("it is a folder"))
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, 0o666)
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise OSError(0, _("it is a pipe that no program reads")) from None
        raise
    try:
        st = os.fstat(fd)
        for stream in (sys.stdout, sys.stderr):
            if _same_file(st, stream):
                os.close(fd)
                return cast(TextIO, _Unclosed(stream))
        os.set_blocking(fd, True)
        os.write(fd, b"")
        if stat.S_ISREG(st.st_mode):
            os.ftruncate(fd, 0)
        return os.fdopen(fd, "w", encoding="utf-8", newline="\n", buffering=1)
    except BaseException:
        os.close(fd)
        raise


def _path_words(path: Path) -> str | None:
    from magie.engine.edition.yamlload import path_problem

    return path_problem(path)


def _same_file(st: os.stat_result, stream: TextIO | None) -> bool:
    try:
        other = os.fstat(stream.fileno()) if stream is not None else None
    except (OSError, ValueError, AttributeError):    # no file behind it (a test's buffer)
        return False
    return other is not None and (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)


class _Unclosed:
    """A text stream that is flushed, not closed, when the log closes (the standard output)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()

    def close(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str):
        return getattr(self._stream, name)
