"""The installed plugins' editions and overlays (`magie.editions` entry points, engine/plugins.py),
and the check that the plugins an edition declares (`plugins:`) are installed.

An entry point of `magie.editions` loads to a folder laid out like magie's `editions/` (editions
`*.yaml` at the top, overlays in `variants/*.yaml`), to one `.yaml` file (an overlay when it says
`overlay: true`), or to a list of these. Their ids are the file stems.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import plugins
from ..paths import EDITIONS_DIR
from ..problems import Problem
from .pointers import locate

_ID = re.compile(r"^[a-z][a-z0-9_-]*$")
"""A plugin file's id (its stem), as the built-in files' are named: lower case, with `-` or `_`."""


@dataclass(frozen=True)
class PluginFile:
    """An edition or overlay file a plugin provides: kind 'edition' or 'overlay', its id (the
    file stem), its path, and the plugin's (distribution's) name."""

    kind: str
    id: str
    path: Path
    plugin: str


def edition_files() -> dict[tuple[str, str], PluginFile]:
    """The plugins' editions and overlays by (kind, id), looked up once a process. An entry point
    that names no folder or .yaml file, and an id that a built-in file or an earlier plugin (by
    name) has already, are told on stderr and left out."""
    return plugins.remember("edition files", _edition_files)


def edition_file(kind: str, ref: str) -> Path | None:
    """The file of the plugins' edition or overlay `ref` (`kind` 'edition' or 'overlay'), or None."""
    f = edition_files().get((kind, ref))
    return f.path if f is not None else None


def _edition_files() -> dict[tuple[str, str], PluginFile]:
    out: dict[tuple[str, str], PluginFile] = {}
    for dist, ep in plugins.entries(plugins.EDITIONS_GROUP):
        for f in _files(dist, ep):
            folder = EDITIONS_DIR if f.kind == "edition" else EDITIONS_DIR / "variants"
            if (folder / f"{f.id}.yaml").is_file():
                plugins.tell(dist, f"{f.kind} {f.id!r} is a built-in {f.kind}'s id")
            elif (f.kind, f.id) in out:
                plugins.tell(dist, f"{f.kind} {f.id!r} is {out[(f.kind, f.id)].plugin!r}'s already")
            elif not _ID.match(f.id):
                plugins.tell(dist, f"{f.kind} file {f.path.name!r}: an id is lower case letters, digits, - and _")
            else:
                out[(f.kind, f.id)] = f
    return out


def _files(dist: str, ep: Any) -> list[PluginFile]:
    """The edition and overlay files of one `magie.editions` entry point."""
    value = plugins.load(dist, ep, "editions")
    if value is None:
        return []
    out: list[PluginFile] = []
    for v in list(value) if isinstance(value, (list, tuple)) else [value]:
        if not isinstance(v, (str, os.PathLike)):
            plugins.tell(dist, f"editions {ep.name!r} ({ep.value}) is {type(v).__name__}, not a path to a "
                               f"folder or a .yaml file")
            continue
        path = Path(v)
        if path.is_dir():
            out += [PluginFile("edition", p.stem, p, dist) for p in sorted(path.glob("*.yaml"))]
            out += [PluginFile("overlay", p.stem, p, dist) for p in sorted((path / "variants").glob("*.yaml"))]
        elif path.is_file() and path.suffix in (".yaml", ".yml"):
            out.append(PluginFile("overlay" if _is_overlay(path) else "edition", path.stem, path, dist))
        else:
            plugins.tell(dist, f"editions {ep.name!r} ({ep.value}) names {os.fspath(path)!r}, which is "
                               f"neither a folder nor a .yaml file")
    return out


def _is_overlay(path: Path) -> bool:
    """Does the YAML file at `path` say `overlay: true`? (An unreadable one is taken as an
    edition, whose loading then reports what is wrong with it.)"""
    from .yamlload import read_yaml

    tree = read_yaml(path).tree
    return isinstance(tree, dict) and tree.get("overlay") is True


def plugin_problems(tree: Any) -> list[Problem]:
    """A `missing-plugin` error for each name of the tree's `plugins:` list that no installed
    distribution with magie entry points has (names compared as packaging does: case, `-_.`).
    Items that are not strings are the schema's to report."""
    declared = tree.get("plugins") if isinstance(tree, dict) else None
    if not isinstance(declared, list) or not declared:
        return []
    have = plugins.installed()
    out = []
    for k, name in enumerate(declared):
        if isinstance(name, str) and plugins.normalize(name) not in have:
            shown = name if len(name) <= 80 else name[:77] + "..."
            known = ", ".join(sorted(have.values())) or "none"
            out.append(Problem.at(locate(tree, f"/plugins/{k}"), "error", "missing-plugin",
                                  f"the edition needs the plugin '{shown}', which is not installed "
                                  f"(install it: pip install {shown}; plugins installed: {known})",
                                  f"/plugins/{k}"))
    return out
