"""Editions uploaded to `magie serve`: an edition file (and overlay files) sent by a user, validated
like any edition file and then playable like the built-in ones (`POST /api/editions`, docs/web.md).

What an upload may do is bounded: at most `MAX_FILE_BYTES` a file and `MAX_OVERLAYS` overlays,
file names of plain letters ending in .yaml; the edition may extend a built-in edition only (no
path in `extends:`, so no upload makes the server read a file of its own) and the loader's own
limits (nodes, items, numbers, DSL size) hold. Every problem comes back with the uploaded file's
name, line and column. The files are written to a fresh temporary folder only while they are
loaded. The server keeps the last `MAX_UPLOADS` uploads in memory; a game played with one
carries the merged edition in its save, like every web game, so it resumes after a restart.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path

from magie.engine.edition.loader import builtin_ids, is_path_ref, load_edition
from magie.engine.edition.model import Edition
from magie.engine.edition.playable import build_playable
from magie.engine.edition.yamlload import read_yaml, to_plain
from magie.engine.problems import Problem, ProblemsError

from ..saved_edition import EMBEDDED_NAME

MAX_FILE_BYTES = 512 * 1024
"""The largest uploaded file (the built-in classic edition is about 30 kB)."""
MAX_OVERLAYS = 8
MAX_UPLOADS = 64
"""Uploads the server keeps (the oldest is forgotten first)."""
MAX_BODY = MAX_FILE_BYTES * (MAX_OVERLAYS + 1) + 64 * 1024
"""The largest `POST /api/editions` body."""
PREFIX = "upload-"
"""Uploaded editions are named `upload-` and a digest of their files."""

FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,59}\.ya?ml")

_UPLOAD_FOLDER = re.compile(r"[^\s'\"()]*magie-upload-[A-Za-z0-9_]+/")
_SAVE_COPY = re.compile(r"[^\s'\"()]*magie-save-[A-Za-z0-9_]+/edition\.yaml")


class UploadProblem(Exception):
    """An upload that cannot be used: `message`, the JSON `field` at fault (or None), and the
    edition's `problems` as `file:line:col: error[code]: message` lines."""

    def __init__(self, message: str, *, field: str | None = None, problems: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.problems = problems or []


@dataclass(frozen=True)
class UploadedFile:
    name: str
    text: str


@dataclass
class Upload:
    """An uploaded edition and its overlays, with the playable editions built from it so far
    (by the built-in overlays added on top)."""

    id: str
    edition: UploadedFile
    overlays: tuple[UploadedFile, ...]
    built: dict[tuple[str, ...], tuple[Edition, dict]] = field(default_factory=dict)

    def playable(self, variants: tuple[str, ...] = ()) -> tuple[Edition, dict]:
        """The playable edition with built-in overlays `variants` on top, and its merged tree.
        Raises `UploadProblem`."""
        if variants not in self.built:
            if len(self.built) >= 8:
                self.built.pop(next(iter(self.built)))
            self.built[variants] = load_upload(self.edition, self.overlays, variants)
        return self.built[variants]


def check_files(edition: UploadedFile, overlays: list[UploadedFile]) -> None:
    """The names and sizes of the files (before anything is parsed). Raises `UploadProblem`."""
    if len(overlays) > MAX_OVERLAYS:
        raise UploadProblem(f"overlays: at most {MAX_OVERLAYS} overlay files", field="overlays")
    seen: set[str] = set()
    for where, f in [("edition", edition)] + [(f"overlays.{k}", o) for k, o in enumerate(overlays)]:
        if not FILE_NAME.fullmatch(f.name):
            raise UploadProblem(f"{where}.name: expected a file name of letters, digits, '_', '.' and '-' "
                                f"ending in .yaml (at most 64 characters), not {f.name[:70]!r}",
                                field=f"{where}.name")
        if f.name in seen:
            raise UploadProblem(f"{where}.name: two files are called {f.name!r}", field=f"{where}.name")
        seen.add(f.name)
        if len(f.text.encode("utf-8")) > MAX_FILE_BYTES:
            raise UploadProblem(f"{where}.text: {f.name} is larger than {MAX_FILE_BYTES} bytes",
                                field=f"{where}.text")


def upload_id(edition: UploadedFile, overlays: tuple[UploadedFile, ...]) -> str:
    """The id of an upload: the same files give the same id."""
    files = [[edition.name, edition.text]] + [[o.name, o.text] for o in overlays]
    digest = hashlib.sha256(json.dumps(files, ensure_ascii=False).encode("utf-8")).hexdigest()
    return PREFIX + digest[:16]


def load_upload(edition: UploadedFile, overlays: tuple[UploadedFile, ...] | list[UploadedFile],
                variants: tuple[str, ...] = ()) -> tuple[Edition, dict]:
    """The playable edition of uploaded files (overlays in order, then built-in `variants`) and its
    merged tree (what a save embeds). Raises `UploadProblem` listing every problem at the uploaded
    file's name, line and column."""
    try:
        return load_files(edition, overlays, variants)
    except ProblemsError as e:
        lines = [p.format() for p in e.problems if p.severity == "error"]
        lines += [p.format() for p in e.problems if p.severity != "error"]
        count = f"{len(lines)} problem" + ("" if len(lines) == 1 else "s")
        raise UploadProblem(f"the uploaded edition is not valid ({count})", problems=lines) from None


def load_files(edition: UploadedFile, overlays: tuple[UploadedFile, ...] | list[UploadedFile],
               variants: tuple[str, ...] = ()) -> tuple[Edition, dict]:
    """`load_upload`'s work: the playable edition and its merged tree, or `ProblemsError` with
    every problem named by the uploaded file's name, line and column (none names the server's
    folders). Raises `UploadProblem` for files over the limits or an unknown variant."""
    check_files(edition, list(overlays))
    editions, overlay_ids = builtin_ids()
    for v in variants:
        if is_path_ref(v) or v not in overlay_ids:
            raise UploadProblem(f"variants: no overlay '{v[:40]}' (built-in overlays: {', '.join(overlay_ids)})",
                                field="variants")
    with tempfile.TemporaryDirectory(prefix="magie-upload-") as tmp:
        folder = Path(tmp)
        for f in (edition, *overlays):
            (folder / f.name).write_text(f.text, encoding="utf-8")
        problems: list[Problem] = []
        problems += _check_kind(folder / edition.name, edition.name, overlay=False, editions=editions)
        for o in overlays:
            problems += _check_kind(folder / o.name, o.name, overlay=True, editions=editions)
        try:
            if problems:
                raise ProblemsError(problems)
            loaded = load_edition(str(folder / edition.name), [str(folder / o.name) for o in overlays]
                                  + list(variants))
            playable = build_playable(loaded)
        except ProblemsError as e:
            raise ProblemsError([_named(p, folder) for p in e.problems]) from None
        return playable, to_plain(loaded.tree)


def _check_kind(path: Path, name: str, *, overlay: bool, editions: list[str]) -> list[Problem]:
    """What only an upload must not do: extend anything but a built-in edition, or be an edition
    where an overlay is wanted (and the other way round). Syntax problems are the loader's."""
    yf = read_yaml(path, MAX_FILE_BYTES)
    tree = yf.tree
    if tree is None:
        return list(yf.problems)
    out: list[Problem] = []
    is_overlay = tree.get("overlay") is True
    if overlay and not is_overlay:
        out.append(Problem.at(tree.mark, "error", "wrong-file-kind",
                              "an overlay file has 'overlay: true'; upload an edition as the edition"))
    if not overlay and is_overlay:
        out.append(Problem.at(tree.key_marks.get("overlay"), "error", "wrong-file-kind",
                              "this is an overlay; upload it among the overlays, with the edition it changes"))
    ext = tree.get("extends")
    if isinstance(ext, str) and (is_path_ref(ext) or ext not in editions):
        out.append(Problem.at(tree.value_marks.get("extends"), "error", "upload-extends",
                              f"an uploaded edition may extend only a built-in edition ({', '.join(editions)})"))
    return [replace(p, file=str(path)) if not p.file else p for p in out]


def _named(p: Problem, folder: Path) -> Problem:
    """`p` with the temporary folder left out: the uploaded file's own name, in the place and in
    the message (the files in the folder have the uploaded names)."""
    message = p.message.replace(str(folder) + "/", "").replace(str(folder.resolve()) + "/", "")
    if p.file and folder.name in p.file:
        return replace(p, file=Path(p.file).name, message=message)
    return replace(p, message=message)


def public_text(text: str) -> str:
    """`text` (a run-time error of a game, a warning) without the server's temporary folders: a
    file of an upload is named by its uploaded name, the copy of an edition a save carries as
    `saved_edition.EMBEDDED_NAME`. The positions in a compiled edition keep the path its files
    were loaded from, which for an upload or a save's copy is a temporary folder of the server."""
    return _SAVE_COPY.sub(EMBEDDED_NAME, _UPLOAD_FOLDER.sub("", text))


class Uploads:
    """The uploads a server keeps, by id (the newest `MAX_UPLOADS`)."""

    def __init__(self) -> None:
        self._by_id: OrderedDict[str, Upload] = OrderedDict()

    def add(self, edition: UploadedFile, overlays: list[UploadedFile]) -> Upload:
        """Validate and keep an upload (the same files: the upload already kept). Raises
        `UploadProblem`."""
        check_files(edition, overlays)
        uid = upload_id(edition, tuple(overlays))
        known = self._by_id.get(uid)
        if known is not None:
            self._by_id.move_to_end(uid)
            return known
        up = Upload(uid, edition, tuple(overlays))
        up.playable(())
        self._by_id[uid] = up
        while len(self._by_id) > MAX_UPLOADS:
            self._by_id.popitem(last=False)
        return up

    def get(self, uid: str) -> Upload | None:
        return self._by_id.get(uid)

    def __iter__(self):
        return iter(list(self._by_id.values()))


__all__ = ["Upload", "UploadProblem", "UploadedFile", "Uploads", "load_files", "load_upload", "public_text",
           "MAX_BODY", "PREFIX"]
