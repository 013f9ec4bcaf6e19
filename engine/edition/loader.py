"""Loading an edition: resolving `extends:`, applying overlays, validating the merged tree.

An edition is named by a built-in id (`classic` is `editions/classic.yaml`) or by a path to a
file (anything with a '/' or ending in .yaml). `extends: BASE` in an edition takes BASE whole and
merges the file on top (see `merge.py` for the rules); chains resolve, loops are reported.
Overlays (house rules: a file with `overlay: true`) are named by a built-in id (the file stem
in `editions/variants/`) or by a path, and are merged on top in the order given.

The merged tree is then validated (schema, meaning, DSL) and schema defaults are filled in.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from ..paths import EDITIONS_DIR
from .merge import Layer, Merger
from .pointers import locate
from .problems import Mark, Problem, ProblemsError
from .schema import apply_defaults, overlay_meta_problems
from .text import one_line
from .validate import check_tree, sort_problems
from .yamlload import MarkedMap, display_path, read_yaml, to_plain

DEFAULT_BASE = "classic"
"""The edition an overlay is checked against by `validate_paths` when it names no `base:`."""

_OVERLAY_META = ("overlay", "id", "name", "description", "base")


@dataclass
class LoadedEdition:
    """A merged, validated edition.

    `tree` is the merged tree (MarkedMap/MarkedSeq containers, marks pointing at the file that
    last set each node, schema defaults filled in). `files` lists the files read in the order
    they were applied: the base-most edition first, then each edition extending it, then the
    overlays. `warnings` holds the problems of severity 'warning'. `content_hash` is the sha256
    (hex) of the canonical JSON of the tree (sorted keys, no marks); a save stores it to notice
    an edition that changed. `variants` are the overlay refs applied, as given.
    """

    id: str
    tree: MarkedMap
    files: list[Path]
    warnings: list[Problem]
    variants: tuple[str, ...] = ()
    content_hash: str = ""

    def locate(self, pointer: str) -> Mark | None:
        """The mark of the node at a JSON pointer (e.g. '/decks/0/cards/3/do'), or None."""
        return locate(self.tree, pointer)


@dataclass
class BuiltinInfo:
    """One built-in edition or overlay, for listings: kind is 'edition' or 'overlay'."""

    kind: str
    id: str
    name: str
    description: str
    path: Path
    broken: bool = False


def content_hash(tree) -> str:
    """sha256 hex of the canonical JSON of a tree: sorted keys, no marks, UTF-8."""
    text = json.dumps(to_plain(tree), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def is_path_ref(ref: str) -> bool:
    """True when an edition or overlay reference is a path rather than a built-in id."""
    return "/" in ref or os.sep in ref or ref.endswith((".yaml", ".yml")) or ref.startswith(".")


def builtin_ids(base_dir: Path | None = None) -> tuple[list[str], list[str]]:
    """(edition ids, overlay ids) of the built-in files, sorted."""
    base_dir = Path(base_dir) if base_dir else EDITIONS_DIR
    editions = sorted(p.stem for p in base_dir.glob("*.yaml"))
    overlays = sorted(p.stem for p in (base_dir / "variants").glob("*.yaml"))
    return editions, overlays


def list_builtin(base_dir: Path | None = None) -> list[BuiltinInfo]:
    """The built-in editions, then the built-in overlays, with their English one-line descriptions.

    Files are only read, not validated; an unreadable one is listed with broken=True.
    """
    base_dir = Path(base_dir) if base_dir else EDITIONS_DIR
    out = []
    for kind, folder in (("edition", base_dir), ("overlay", base_dir / "variants")):
        for path in sorted(folder.glob("*.yaml")):
            yf = read_yaml(path)
            tree = yf.tree or {}
            out.append(BuiltinInfo(kind, path.stem, one_line(tree.get("name")) or path.stem,
                                   one_line(tree.get("description")), path, yf.tree is None))
    return out


@dataclass
class _Load:
    base_dir: Path
    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    merger: Merger = field(default_factory=Merger)

    def error(self, mark: Mark | None, code: str, message: str) -> None:
        self.problems.append(Problem.at(mark, "error", code, message))

    def read(self, path: Path) -> MarkedMap | None:
        yf = read_yaml(path)
        self.problems.extend(yf.problems)
        return yf.tree

    def resolve_edition(self, ref: str, relative_to: Path, mark: Mark | None) -> Path | None:
        if is_path_ref(ref):
            path = (relative_to / ref).resolve()
            if not path.is_file():
                self.error(mark, "file-not-found", f"edition '{ref}': no such file {display_path(path)}")
                return None
            return path
        path = self.base_dir / f"{ref}.yaml"
        if not path.is_file():
            known = ", ".join(builtin_ids(self.base_dir)[0]) or "none"
            self.error(mark, "unknown-edition",
                       f"unknown edition '{ref}' (built-in editions: {known}; "
                       f"to use your own file give its path, e.g. ./{ref}.yaml)")
            return None
        return path

    def resolve_overlay(self, ref: str) -> Path | None:
        if is_path_ref(ref):
            path = Path(ref).resolve()
            if not path.is_file():
                self.error(None, "file-not-found", f"variant '{ref}': no such file {display_path(path)}")
                return None
            return path
        path = self.base_dir / "variants" / f"{ref}.yaml"
        if not path.is_file():
            known = ", ".join(builtin_ids(self.base_dir)[1]) or "none"
            self.error(None, "unknown-variant",
                       f"unknown variant '{ref}' (built-in overlays: {known}; "
                       f"to use your own overlay give its path, e.g. ./{ref}.yaml)")
            return None
        return path

    def edition(self, path: Path, chain: tuple[Path, ...] = ()) -> MarkedMap | None:
        """The file at `path` with its `extends:` chain resolved and merged, or None."""
        tree = self.read(path)
        if tree is None:
            self.files.append(path)
            return None
        if tree.get("overlay") is True:
            self.error(tree.key_marks.get("overlay"), "wrong-file-kind",
                       f"{display_path(path)} is an overlay (overlay: true), not an edition; "
                       f"apply it to an edition with --variant")
            self.files.append(path)
            return None
        ext = tree.get("extends")
        for key in ("extends", "overlay", "base"):
            tree.drop(key)
        if ext is None:
            self.files.append(path)
            return tree
        ext_mark = tree_mark = tree.mark
        ext_mark = self._extends_mark
        return self._extend(path, tree, ext, chain, ext_mark or tree_mark)

    _extends_mark: Mark | None = None

    def _extend(self, path, tree, ext, chain, mark) -> MarkedMap | None:
        raise NotImplementedError


def _never():  # pragma: no cover
    pass
