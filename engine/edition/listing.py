"""The listing of the built-in editions and overlays (`magie editions`, the web's menu), with an
index in the user cache folder so that a listing need not parse every file (start-up, issue 15).

Parsing the 21 built-in files with pyyaml costs about ten times the rest of `magie editions`.
What a listing shows of a file (its name, its one-line description, whether it can be read) is a
function of the file's bytes and of the code that reads them, so the index maps the digest of a
file's bytes to what was shown; it is never trusted blindly: every file is read and hashed on
every listing, an entry is used only for exactly the bytes it was made from, and the whole
index only when it was written by this very code (the stamps of this module, `text` and
`yamlload`, and of pyyaml). Any other file (a changed one, a new one, a large one) is parsed as
before, and the index written again. Only this user's own index is read (`paths.read_private`);
the index is data (marshal), never code. With the cache off (`MAGIE_NO_CACHE`) every file is
parsed.
"""

from __future__ import annotations

import marshal
import os
import stat
from dataclasses import dataclass
from pathlib import Path

try:
    from _blake2 import blake2b  # hashlib without loading OpenSSL
except ImportError:  # pragma: no cover - a Python without the builtin module
    from hashlib import blake2b

from ..paths import EDITIONS_DIR, cache_dir, read_private, write_atomic

FORMAT = 1
"""Version of the index layout; an index of another version is ignored."""

INDEX_NAME = "editions-index.marshal"
"""The index's file in the user cache folder (`paths.cache_dir`)."""

MAX_INDEXED_BYTES = 1 << 20
"""Files larger than this are parsed on every listing, not indexed (built-in files are ~50 kB)."""

MAX_INDEX = 1 << 20
"""Bytes of the largest index read."""

Shown = tuple[str, str, bool]
"""What a listing shows of a file: (name, one-line description, broken); name '' for none."""


@dataclass
class BuiltinInfo:
    """One built-in edition or overlay, for listings: kind is 'edition' or 'overlay'."""

    kind: str
    id: str
    name: str
    description: str
    path: Path
    broken: bool = False


def list_builtin(base_dir: Path | None = None) -> list[BuiltinInfo]:
    """The built-in editions (`BASE/*.yaml`), then the built-in overlays (`BASE/variants/*.yaml`),
    each sorted by file name, with their English names and one-line descriptions. Files are only
    read, not validated; an unreadable one is listed with broken=True. `base_dir` defaults to
    the install's editions folder."""
    base_dir = Path(base_dir) if base_dir else EDITIONS_DIR
    folder = cache_dir()
    index_path = os.path.join(folder, INDEX_NAME) if folder is not None else None
    code = _code_stamp() if index_path is not None else ()
    index = _load_index(index_path, code) if index_path is not None else {}
    used: dict[str, Shown] = {}
    out = []
    for kind, folder in (("edition", base_dir), ("overlay", base_dir / "variants")):
        for path in sorted(folder.glob("*.yaml")):
            digest = _digest(path)
            shown = index.get(digest) if digest is not None else None
            if shown is None:
                shown = _shown(path)
            if digest is not None:
                used[digest] = shown
            name, description, broken = shown
            out.append(BuiltinInfo(kind, path.stem, name or path.stem, description, path, broken))
    if index_path is not None and not used.items() <= index.items():
        _save_index(index_path, code, {**index, **used} if len(index) < 256 else used)
    return out


def _shown(path: Path) -> Shown:
    """Parse `path` and return what a listing shows of it."""
    from .text import one_line
    from .yamlload import read_yaml

    yf = read_yaml(path)
    tree: dict = yf.tree or {}
    return one_line(tree.get("name")), one_line(tree.get("description")), yf.tree is None


def _digest(path: Path) -> str | None:
    """The digest of the bytes of `path`, a regular file of at most `MAX_INDEXED_BYTES`; None
    for anything else (it is then parsed, which reports what is wrong with it)."""
    try:
        # O_NONBLOCK: opening a FIFO waits for a writer otherwise (read_yaml then tells what it is)
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_INDEXED_BYTES:
                return None
            data = f.read(MAX_INDEXED_BYTES + 1)
    except (OSError, ValueError):
        return None
    if len(data) > MAX_INDEXED_BYTES:
        return None
    return blake2b(data, digest_size=20).hexdigest()


def _code_stamp() -> tuple:
    """Stamps (path, size, modification time in ns) of the code that makes what a listing shows:
    this module, `text`, `yamlload` and pyyaml's package; an index made by other code is ignored."""
    from importlib.util import find_spec

    here = os.path.dirname(os.path.abspath(__file__))
    files = [os.path.join(here, f) for f in ("listing.py", "text.py", "yamlload.py")]
    try:
        spec = find_spec("yaml")
        files.append(spec.origin if spec is not None and spec.origin else "")
    except (ImportError, ValueError):
        files.append("")
    out: list[tuple[str, int, int]] = []
    for f in files:
        try:
            st = os.stat(f)
            out.append((f, st.st_size, st.st_mtime_ns))
        except (OSError, ValueError):
            out.append((f, -1, -1))
    return (FORMAT, tuple(out))


def _load_index(path: str, code: tuple) -> dict[str, Shown]:
    """The index at `path` if it is this user's own, well formed and made by this code (`code`);
    else an empty one."""
    try:
        data = read_private(path, MAX_INDEX)
        if data is None:
            return {}
        saved_code, entries = marshal.loads(data)
        if saved_code != code or not isinstance(entries, dict):
            return {}
        return {k: v for k, v in entries.items()
                if isinstance(k, str) and isinstance(v, tuple) and len(v) == 3
                and isinstance(v[0], str) and isinstance(v[1], str) and isinstance(v[2], bool)}
    except Exception:   # truncated, foreign, of another Python: ignored
        return {}


def _save_index(path: str, code: tuple, entries: dict[str, Shown]) -> None:
    """Write the index atomically; any error is ignored (the index is only a shortcut)."""
    write_atomic(path, lambda f: marshal.dump((code, entries), f), ".marshal")
