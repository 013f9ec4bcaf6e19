"""The edition a saved game is played with: loaded for a new game together with the merged tree a
save carries, and found again on resume (the edition file as it is now, or the copy in the save).

Both front ends (`magie play` and `magie serve`) use these, so a save resumes the same way at the
terminal and in the browser, on another machine or after the edition file changed.
"""

from __future__ import annotations

import json
import shlex
import tempfile
from collections.abc import Collection, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from magie.engine.edition.loader import load_edition
from magie.engine.edition.model import Edition
from magie.engine.edition.playable import build_playable
from magie.engine.edition.yamlload import to_plain
from magie.engine.problems import Problem, ProblemsError
from magie.engine.saves import SaveGame, read_save

MAX_EMBEDDED_BYTES = 4_000_000
"""The largest merged edition a save may carry (the built-in ones are about 30 kB)."""

EMBEDDED_NAME = "the edition in the save"
"""How problems found in a save's embedded edition name their file."""


def read_game_save(path: str | Path, plugins: Collection[str] | None = ()) -> SaveGame:
    """`read_save` allowing every bot of the registry at a seat, and of the plug-in bots
    (`module:Class`) only those in `plugins` (None: any): a plug-in is imported and called, so a
    save (a file anyone can send) never picks code to run; the person names it (`magie play
    --resume SAVE --bot module:Class`). Raises `ProblemsError`."""
    from magie.engine.agents import BOTS, is_plugin

    save = read_save(path, agents=("human", *BOTS))
    foreign = sorted({s.agent for s in save.seats
                      if is_plugin(s.agent) and plugins is not None and s.agent not in plugins})
    if foreign:
        named = ", ".join(foreign)
        raise ProblemsError([Problem(
            "error", "save-plugin-bot",
            f"seats: the save seats your own bot class or program {named}, which would import and run that "
            f"code; magie runs no code a save names. If you trust it, allow it: magie play --resume SAVE "
            f"--bot {shlex.quote(','.join(foreign))}", str(path))])
    return save


def load_with_content(ref: str, variants: Sequence[str] = ()) -> tuple[Edition, dict]:
    """The playable edition `ref` with `variants`, and its merged tree as plain JSON data (what a
    save embeds). Raises `ProblemsError` like `load_playable`."""
    loaded = load_edition(ref, tuple(variants))
    return build_playable(loaded), to_plain(loaded.tree)


def load_embedded(content: Any, *, file: str = EMBEDDED_NAME) -> Edition:
    """The playable edition from a save's embedded merged tree. It is validated and compiled like
    any edition file; it may not extend another edition (the tree is already merged, and this
    keeps a save from making magie read files named in it). Raises `ProblemsError` whose problems
    name `file` with the line and column in the tree written out as indented JSON."""
    if not isinstance(content, dict):
        raise ProblemsError([Problem("error", "save-wrong-type", "the embedded edition must be an object", file)])
    if "extends" in content or "overlay" in content:
        raise ProblemsError([Problem("error", "save-bad-value",
                                     "the embedded edition is a merged edition: it may not extend another "
                                     "edition or be an overlay", file)])
    text = json.dumps(content, indent=1, ensure_ascii=False)
    if len(text.encode("utf-8")) > MAX_EMBEDDED_BYTES:
        raise ProblemsError([Problem("error", "save-too-large",
                                     f"the embedded edition is larger than {MAX_EMBEDDED_BYTES} bytes", file)])
    with tempfile.TemporaryDirectory(prefix="magie-save-") as tmp:
        path = Path(tmp) / "edition.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            return build_playable(load_edition(str(path)))
        except ProblemsError as e:
            names = {str(path), path.name}
            raise ProblemsError([replace(p, file=file) if p.file in names or p.file.endswith(path.name) else p
                                 for p in e.problems]) from None


def _not_edition_files(save: SaveGame) -> ProblemsError | None:
    """Why the files a save names are not read: a path that is not a .yaml or .yml file (a save
    is a file anyone can send, so it may not make magie read, and echo, any other file, as
    `extends:` may not), or None."""
    from magie.engine.edition.loader import is_path_ref

    for what, ref in (("edition", save.edition_ref), *(("variant", v) for v in save.variants)):
        if is_path_ref(ref) and Path(ref).suffix not in (".yaml", ".yml"):
            shown = ref if len(ref) <= 80 else ref[:77] + "..."
            return ProblemsError([Problem("error", "save-bad-value",
                                          f"{what}: the save names '{shown}', which is not an edition file "
                                          f"(.yaml or .yml): it is not read")])
    return None


def edition_for_save(save: SaveGame) -> tuple[Edition, str | None]:
    """The edition to resume `save` on, and a note for the player when it is not the edition file
    as it stands now. The file is used when it still has the content the game was played with;
    otherwise (changed, missing, broken) the copy the save carries. Raises `ProblemsError` when
    neither fits: the file's problems, or why the save cannot be replayed."""
    from magie.engine.saves import check_edition

    file_error: ProblemsError | None = _not_edition_files(save)
    if file_error is None:
        try:
            ed = build_playable(load_edition(save.edition_ref, save.variants))
        except ProblemsError as e:
            file_error = e
        else:
            if ed.content_hash == save.content_hash:
                return ed, None
    if save.edition_content is None:
        if file_error is not None:
            raise file_error
        check_edition(save, ed.content_hash)     # raises: the edition changed and the save has no copy
    embedded = load_embedded(save.edition_content)
    check_edition(save, embedded.content_hash)
    why = "cannot be loaded now" if file_error is not None else "has changed since"
    return embedded, (f"edition '{save.edition_ref}' {why}: the game goes on with the edition as it was "
                      f"when the game was saved (carried in the save)")
