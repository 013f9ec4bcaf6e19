"""The listing of the built-in editions and overlays (`magie editions`, the web's menu), with two
indexes so that a listing need not parse every file (start-up): one shipped in the
package for the built-in files as released (`PACKAGED_INDEX`), one in the user cache folder for
the others.

Parsing the 21 built-in files with pyyaml costs about ten times the rest of `magie editions`.
What a listing shows of a file (its name, its one-line description, whether it can be read) is a
function of the file's bytes and of the code that reads them, so an index maps the digest of a
file's bytes to what was shown; neither is trusted blindly: every file is read and hashed on
every listing, and an entry is used only for exactly the bytes it was made from. The packaged
index (JSON, made by `python tools/listing_index.py`; a test fails when it is not current) is
used only when it was made by this very code: it holds the digest of the sources of this module,
`text` and `yamlload` (`code_digest`), which are read and hashed again on every listing; it is
part of the install, so it serves with the cache off (`MAGIE_NO_CACHE`) too. A file it does not
hold (an edited, added or large one) is looked up in the user cache's index, used only when
written by this very code (the stamps of this module, `text` and `yamlload`, and of pyyaml);
else it is parsed as before, and the user's index written again. Only this user's own index is
read (`paths.read_private`); both are data (marshal, JSON), never code. With the cache off
every file the packaged index does not hold is parsed.
"""

from __future__ import annotations

import json
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

PACKAGED_INDEX = EDITIONS_DIR / "listing-index.json"
"""The index of the built-in files shipped in the package, beside them: `{"format": FORMAT, "code":
code_digest(), "entries": {digest of a file's bytes: [name, description, broken]}}`
(`build_packaged_index`)."""

CODE_FILES = ("listing.py", "text.py", "yamlload.py")
"""The sources (in this folder) of the code that makes what a listing shows of a file."""


@dataclass
class BuiltinInfo:
    """One built-in edition or overlay, for listings: kind is 'edition' or 'overlay'; `plugin`
    names the installed plugin that provides it ('' for magie's own, `list_plugins`)."""

    kind: str
    id: str
    name: str
    description: str
    path: Path
    broken: bool = False
    plugin: str = ""


def list_builtin(base_dir: Path | None = None) -> list[BuiltinInfo]:
    """The built-in editions (`BASE/*.yaml`), then the built-in overlays (`BASE/variants/*.yaml`),
    each sorted by file name, with their English names and one-line descriptions. Files are only
    read, not validated; an unreadable one is listed with broken=True. `base_dir` defaults to
    the install's editions folder."""
    base_dir = Path(base_dir) if base_dir else EDITIONS_DIR
    packaged = packaged_index()
    index: dict[str, Shown] | None = None       # the user cache's, read at the first file packaged misses
    index_path = code = None
    used: dict[str, Shown] = {}
    out = []
    for kind, folder in (("edition", base_dir), ("overlay", base_dir / "variants")):
        for path in sorted(folder.glob("*.yaml")):
            digest = _digest(path)
            shown = packaged.get(digest) if digest is not None else None
            if shown is None:
                if index is None:
                    cache = cache_dir()
                    index_path = os.path.join(cache, INDEX_NAME) if cache is not None else None
                    code = _code_stamp() if index_path is not None else ()
                    index = _load_index(index_path, code) if index_path is not None else {}
                shown = index.get(digest) if digest is not None else None
                if shown is None:
                    shown = _shown(path)
                if digest is not None:
                    used[digest] = shown
            name, description, broken = shown
            out.append(BuiltinInfo(kind, path.stem, name or path.stem, description, path, broken))
    if index is not None and index_path is not None and not used.items() <= index.items():
        _save_index(index_path, code or (), {**index, **used} if len(index) < 256 else used)
    return out


def list_plugins() -> list[BuiltinInfo]:
    """The editions, then the overlays, of the installed plugins (plugin_files.py), each sorted
    by id, with their names and one-line descriptions (every file parsed: plugins are few)."""
    from .plugin_files import edition_files

    out = []
    for (kind, _), f in sorted(edition_files().items()):
        name, description, broken = _shown(f.path)
        out.append(BuiltinInfo(kind, f.id, name or f.id, description, f.path, broken, f.plugin))
    return out


def code_digest() -> str:
    """The digest of the sources of `CODE_FILES` (their names and bytes); '' when one cannot be
    read (no packaged index is then used)."""
    here = os.path.dirname(os.path.abspath(__file__))
    h = blake2b(digest_size=20)
    for name in CODE_FILES:
        try:
            with open(os.path.join(here, name), "rb") as f:
                data = f.read()
        except OSError:
            return ""
        h.update(f"{name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def packaged_index(path: Path = PACKAGED_INDEX) -> dict[str, Shown]:
    """The entries of the packaged index at `path` if it is well formed and was made by this very
    code (`code_digest`); else none."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(MAX_INDEX + 1)[:MAX_INDEX])
        if not isinstance(data, dict) or data.get("format") != FORMAT or not data.get("code") \
                or data.get("code") != code_digest() or not isinstance(data.get("entries"), dict):
            return {}
        return {k: (v[0], v[1], v[2]) for k, v in data["entries"].items()
                if isinstance(k, str) and isinstance(v, list) and len(v) == 3 and isinstance(v[0], str)
                and isinstance(v[1], str) and isinstance(v[2], bool)}
    except (OSError, ValueError):   # missing (a source tree's own edits), garbled: parse instead
        return {}


def build_packaged_index(base_dir: Path | None = None) -> dict:
    """The packaged index of the built-in files under `base_dir` (default: the install's editions
    folder), every file parsed (tools/listing_index.py writes it to `PACKAGED_INDEX`)."""
    base_dir = Path(base_dir) if base_dir else EDITIONS_DIR
    entries = {}
    for folder in (base_dir, base_dir / "variants"):
        for path in sorted(folder.glob("*.yaml")):
            digest = _digest(path)
            if digest is not None:
                entries[digest] = list(_shown(path))
    return {"format": FORMAT, "code": code_digest(), "entries": dict(sorted(entries.items()))}


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
