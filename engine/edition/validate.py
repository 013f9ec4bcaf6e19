"""Validating files and folders of editions and overlays, as `magie validate` does.

An edition file is loaded with its `extends:` chain and checked (schema, meaning, DSL).
An overlay file (`overlay: true`) is checked by applying it to the edition named by its
`base:` key (a built-in id, or a path relative to the overlay file), or to `classic` when it
names none: an overlay is only meaningful on top of an edition.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..paths import EDITIONS_DIR
from ..problems import Problem, ProblemsError
from .checks import sort_problems
from .loader import DEFAULT_BASE, is_path_ref, load_edition, plugin_file, plugin_ids
from .yamlload import display_path, path_problem, read_yaml

YAML_SUFFIXES = (".yaml", ".yml")


def expand_paths(paths: Iterable[str | os.PathLike], *, base_dir: str | os.PathLike | None = None
                 ) -> tuple[list[Path], list[Problem]]:
    """The files named by `paths`, and the problems of paths that name nothing to check.

    A folder stands for every .yaml/.yml file under it (subfolders included); a name that is
    not an existing path but a built-in edition id stands for that edition's file.
    """
    builtin = Path(base_dir) if base_dir else EDITIONS_DIR
    files: list[Path] = []
    problems: list[Problem] = []
    for raw in paths:
        path = Path(raw)
        bad = path_problem(path)
        if bad is not None:
            shown = str(raw) if len(str(raw)) <= 80 else str(raw)[:77] + "..."
            problems.append(Problem("error", "file-not-found", f"cannot use {shown}: {bad}", shown))
            continue
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())
            if not found:
                problems.append(Problem("error", "no-yaml-files",
                                        f"the folder {display_path(path)} has no .yaml files",
                                        display_path(path)))
            files.extend(found)
        elif path.exists():
            files.append(path)
        elif not is_path_ref(str(raw)) and (builtin / f"{raw}.yaml").is_file():
            files.append(builtin / f"{raw}.yaml")
        elif not is_path_ref(str(raw)) and (plugged := plugin_file("edition", str(raw))) is not None:
            files.append(plugged)
        elif not is_path_ref(str(raw)):     # an id: say which ids there are
            ids = ", ".join(sorted(p.stem for p in builtin.glob("*.yaml")) + plugin_ids("edition"))
            problems.append(Problem("error", "file-not-found", f"no such file or folder, and no built-in edition "
                                    f"'{raw}' (built-in editions: {ids})", str(raw)))
        else:
            problems.append(Problem("error", "file-not-found", f"no such file or folder: {raw}", str(raw)))
    return files, problems


def validate_paths(paths: Iterable[str | os.PathLike], variants: Sequence[str] = (), *,
                   base_dir: str | os.PathLike | None = None) -> list[Problem]:
    """Every problem (errors and warnings) of the given files and folders, sorted and deduplicated.

    Folders and built-in ids are expanded by `expand_paths`; a folder without YAML files is a
    `no-yaml-files` error. `variants` (overlay ids or paths) are applied, in order, to every
    edition checked (not to overlay files, which are checked on their base alone), so that
    overlays can be checked together. Never raises for bad input.
    """
    files, problems = expand_paths(paths, base_dir=base_dir)
    for f in files:
        problems.extend(validate_file(f, variants, base_dir=base_dir))
    return sort_problems(problems)


def validate_file(path: str | os.PathLike, variants: Sequence[str] = (), *,
                  base_dir: str | os.PathLike | None = None, text: str | None = None) -> list[Problem]:
    """Every problem of one edition or overlay file (see the module docstring); `variants`
    are applied to an edition file, not to an overlay file. `text`, when given, is the file's
    unsaved content (an editor's buffer, `magie lsp`): it is checked instead of the file on
    disk, with the files it builds on read from disk."""
    path = Path(path)
    yf = read_yaml(path, text=text)
    texts = {path.resolve(): text} if text is not None else None
    if yf.tree is None:
        return yf.problems
    try:
        if yf.tree.get("overlay") is True:
            base = yf.tree.get("base", DEFAULT_BASE)
            if not isinstance(base, str) or not base:
                return [Problem.at(yf.tree.value_marks.get("base"), "error", "wrong-type",
                                   f"base: expected an edition id or a path, found {base!r}", "/base")]
            ref = str((path.parent / base).resolve()) if is_path_ref(base) else base
            loaded = load_edition(ref, [str(path.resolve())], base_dir=base_dir, texts=texts)
        else:
            loaded = load_edition(str(path.resolve()), variants, base_dir=base_dir, texts=texts)
    except ProblemsError as e:
        return _relocate(e.problems, yf.tree, "base" if yf.tree.get("overlay") is True else None)
    return loaded.warnings


def _relocate(problems: list[Problem], tree, key: str | None) -> list[Problem]:
    """Place a base edition that cannot be found at the overlay's `base:` line."""
    if key is None:
        return problems
    mark = tree.value_marks.get(key) or tree.mark
    return [Problem(p.severity, p.code, f"base: {p.message}", mark.file, mark.line, mark.col, p.pointer)
            if p.code in ("unknown-edition", "file-not-found") and not p.file else p for p in problems]
