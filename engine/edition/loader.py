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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..paths import EDITIONS_DIR
from ..problems import Mark, Problem, ProblemsError
from .merge import Layer, Merger, blame_deletions
from .pointers import locate
from .yamlload import MarkedMap, MarkedSeq, display_path, is_regular_file, path_problem, read_yaml, to_plain

if TYPE_CHECKING:
    from ..dsl import EditionAnalysis

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
    an edition that changed. `variants` are the overlay refs applied, as given. `dsl` is the
    tree's DSL as parsed and checked by the load (`analyse_edition`), compiled by
    `build_playable` without parsing again; None when the tree was not loaded that way.
    """

    id: str
    tree: MarkedMap
    files: list[Path]
    warnings: list[Problem]
    variants: tuple[str, ...] = ()
    content_hash: str = ""
    switches: list[LoadedEdition] = field(default_factory=list)
    dsl: EditionAnalysis | None = field(default=None, repr=False, compare=False)

    def locate(self, pointer: str) -> Mark | None:
        """The mark of the node at a JSON pointer (e.g. '/decks/0/cards/3/do'), or None."""
        return locate(self.tree, pointer)


def content_hash(tree) -> str:
    """sha256 hex of the canonical JSON of a tree: sorted keys, no marks, UTF-8."""
    text = json.dumps(to_plain(tree), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _not_a_file(path: Path) -> str:
    """Why `path` cannot be read as an edition file, in words."""
    bad = path_problem(path)
    if bad is not None:
        return bad
    if not path.exists():
        return f"no such file {display_path(path)}"
    if path.is_dir():
        return f"{display_path(path)} is a folder, not a YAML file"
    return f"{display_path(path)} is not a regular file (a pipe or a device?)"


def is_path_ref(ref: str) -> bool:
    """True when an edition or overlay reference is a path rather than a built-in id."""
    return "/" in ref or os.sep in ref or ref.endswith((".yaml", ".yml")) or ref.startswith(".")


def builtin_ids(base_dir: Path | None = None) -> tuple[list[str], list[str]]:
    """(edition ids, overlay ids) of the built-in files, sorted: of the files in `base_dir`, or,
    without it, of the install's files followed by those of the installed plugins (the ids a
    name may take wherever no path is allowed: the browser, a save's edition, the RL registry)."""
    if base_dir:
        folder = Path(base_dir)
        return (sorted(p.stem for p in folder.glob("*.yaml")),
                sorted(p.stem for p in (folder / "variants").glob("*.yaml")))
    from .plugin_files import edition_files

    editions, overlays = builtin_ids(EDITIONS_DIR)
    plugged = edition_files()
    return (editions + sorted(i for k, i in plugged if k == "edition"),
            overlays + sorted(i for k, i in plugged if k == "overlay"))


def plugin_file(what: str, ref: str) -> Path | None:
    """The file of the installed plugins' edition (`what` 'edition') or overlay ('variant') `ref`,
    or None (plugin_files.py)."""
    from .plugin_files import edition_file

    return edition_file("edition" if what == "edition" else "overlay", ref)


def plugin_ids(what: str) -> list[str]:
    """The ids of the installed plugins' editions (`what` 'edition') or overlays ('variant'),
    each with its plugin's name: 'ID (plugin NAME)'."""
    from .plugin_files import edition_files

    kind = "edition" if what == "edition" else "overlay"
    return [f"{f.id} (plugin {f.plugin})" for (k, _), f in sorted(edition_files().items()) if k == kind]


@dataclass
class _Load:
    base_dir: Path
    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    merger: Merger = field(default_factory=Merger)
    edition_ids: list[str] = field(default_factory=list)
    texts: Mapping[Path, str] = field(default_factory=dict)    # resolved path -> unsaved text

    def error(self, mark: Mark | None, code: str, message: str) -> None:
        self.problems.append(Problem.at(mark, "error", code, message))

    def read(self, path: Path) -> MarkedMap | None:
        yf = read_yaml(path, text=self.texts.get(path.resolve()) if self.texts else None)
        self.problems.extend(yf.problems)
        return yf.tree

    def resolve_edition(self, ref: str, relative_to: Path, mark: Mark | None) -> Path | None:
        return self._resolve(ref, "edition", relative_to, self.base_dir, mark)

    def resolve_overlay(self, ref: str) -> Path | None:
        return self._resolve(ref, "variant", Path.cwd(), self.base_dir / "variants", None)

    def _resolve(self, ref: str, what: str, relative_to: Path, folder: Path,
                 mark: Mark | None) -> Path | None:
        """The file of an edition or overlay `ref`: a path (relative to `relative_to`) or a
        built-in id (a file in `folder`); None, with the problem recorded, if there is none."""
        shown = ref if len(ref) <= 80 else ref[:77] + "..."
        if is_path_ref(ref):
            bad = path_problem(ref)
            if bad is not None:
                self.error(mark, "file-not-found", f"{what} '{shown}': {bad}")
                return None
            path = Path(os.path.abspath(relative_to / ref))
            if not is_regular_file(path) and not (self.texts and path.resolve() in self.texts):
                self.error(mark, "file-not-found", f"{what} '{shown}': {_not_a_file(path)}")
                return None
            if mark is not None and path.suffix not in (".yaml", ".yml"):
                # `extends:` in a file names only edition files: never read (and echo) another file
                self.error(mark, "file-not-found", f"{what} '{shown}': an {what} file ends in .yaml or .yml")
                return None
            return path.resolve()
        path = folder / f"{ref}.yaml"
        if not is_regular_file(path) and (plugged := plugin_file(what, ref)) is not None:
            return plugged
        if not is_regular_file(path):
            editions, overlays = builtin_ids(self.base_dir)
            known = ", ".join((editions if what == "edition" else overlays) + plugin_ids(what)) or "none"
            kinds = "editions" if what == "edition" else "overlays"
            own = "file" if what == "edition" else "overlay"
            self.error(mark, f"unknown-{what}",
                       f"unknown {what} '{shown}' (built-in {kinds}: {known}; "
                       f"to use your own {own} give its path, e.g. ./{shown}.yaml)")
            return None
        return path

    def edition(self, path: Path, chain: tuple[Path, ...] = ()) -> MarkedMap | None:
        """The file at `path` with its `extends:` chain resolved and merged, or None."""
        tree = self.read(path)
        if tree is not None and isinstance(tree.get("id"), str):
            self.edition_ids.append(tree["id"])     # the edition and every one it builds on
        if tree is None:
            self.files.append(path)
            return None
        if tree.get("overlay") is True:
            self.error(tree.key_marks.get("overlay"), "wrong-file-kind",
                       f"{display_path(path)} is an overlay (overlay: true), not an edition; "
                       f"apply it to an edition with --variant")
            self.files.append(path)
            return None
        if "base" in tree:
            self.error(tree.key_marks.get("base"), "unknown-key",
                       "'base' is for overlays only; an edition builds on another with 'extends:'")
        ext = tree.get("extends")
        ext_key, ext_val = tree.key_marks.get("extends"), tree.value_marks.get("extends")
        for key in ("extends", "overlay", "base"):
            tree.drop(key)
        if ext is None:
            self.files.append(path)
            return tree
        if not isinstance(ext, str) or not ext:
            self.error(ext_val, "wrong-type", f"extends: expected an edition id or a path, found {ext!r}")
            self.files.append(path)
            return None
        if "id" not in tree:
            self.error(tree.mark, "missing-key", "'id' is required: an edition that extends another needs its own id")
        base_path = self.resolve_edition(ext, path.parent, ext_val)
        if base_path is None:
            self.files.append(path)
            return None
        here = path.resolve()
        if base_path.resolve() in chain + (here,):
            loop = [*chain, here, base_path.resolve()]
            start = loop.index(base_path.resolve())
            self.error(ext_key, "extends-cycle",
                       "editions extend each other in a loop: "
                       + " -> ".join(display_path(p) for p in loop[start:]))
            self.files.append(path)
            return None
        base = self.edition(base_path, chain + (here,))
        self.files.append(path)
        if base is None:
            return None
        layer = Layer("edition", str(tree.get("id", path.stem)), display_path(path))
        return self.merger.apply(base, tree, layer, f"edition '{base.get('id')}'")

    def overlay(self, tree: MarkedMap, ref: str) -> MarkedMap:
        """`tree` with the overlay `ref` merged on top (unchanged when the overlay is unusable)."""
        path = self.resolve_overlay(ref)
        if path is None:
            return tree
        ov = self.read(path)
        self.files.append(path)
        if ov is None:
            return tree
        name = display_path(path)
        if ov.get("overlay") is not True:
            self.error(ov.mark, "wrong-file-kind",
                       f"{name} is not an overlay: an overlay file starts with 'overlay: true' "
                       f"(to build on an edition, use 'extends:' in an edition of your own)")
            return tree
        if "extends" in ov:
            self.error(ov.key_marks.get("extends"), "wrong-file-kind",
                       "an overlay cannot use 'extends:'; it applies to the edition it is used with")
        from .schema import overlay_meta_problems  # jsonschema: not for a listing

        self.problems.extend(overlay_meta_problems(ov))
        base = ov.get("base")
        if isinstance(base, str) and not is_path_ref(base) and base not in self.edition_ids:
            self.problems.append(Problem.at(
                ov.value_marks.get("base"), "warning", "overlay-base",
                f"overlay '{ov.get('id', path.stem)}' is written for edition '{base}', and "
                f"edition '{tree.get('id')}' does not build on it: check that it fits"))
        patch = MarkedMap(ov.mark)
        for k, v in ov.items():
            if k not in _OVERLAY_META and k != "extends":
                patch.put(k, v, ov.key_marks.get(k), ov.value_marks.get(k))
        layer = Layer("overlay", str(ov.get("id", path.stem)), name)
        return self.merger.apply(tree, patch, layer, f"edition '{tree.get('id')}'")


def load_edition(ref: str, variants: Sequence[str] = (), *, base_dir: str | os.PathLike | None = None,
                 texts: Mapping[Path, str] | None = None) -> LoadedEdition:
    """Load, merge and validate an edition with overlays applied in order.

    `ref` is a built-in edition id or a path to an edition file (relative to the current
    folder); each of `variants` is a built-in overlay id or a path to an overlay file.
    `base_dir` is the folder of the built-in editions (default: magie's `editions/`), whose
    `variants/` subfolder holds the built-in overlays. `texts` maps resolved file paths to their
    unsaved content (an editor's buffers): such a file is read from there, not from disk.

    Raises `ProblemsError` carrying every problem found (errors and warnings, sorted by file
    and position) when there is at least one error. Warnings alone do not raise: they are in
    `LoadedEdition.warnings`.
    """
    # the checks (jsonschema, the DSL) are imported here, not by `listing` (`magie editions`)
    from .checks import check_tree, sort_problems
    from .schema import apply_defaults

    job = _Load(Path(base_dir) if base_dir else EDITIONS_DIR, texts=texts or {})
    path = job.resolve_edition(ref, Path.cwd(), None)
    tree = job.edition(path) if path is not None else None
    if tree is None:
        for v in variants:  # report unknown variants too, in the same run
            if (p := job.resolve_overlay(v)) is not None:
                job.read(p)
        raise ProblemsError(sort_problems(job.problems))
    for v in variants:
        tree = job.overlay(tree, v)
    _inline_switches(job, tree)
    apply_defaults(tree)
    dsl = _analyse_dsl(tree)
    problems = job.problems + job.merger.problems + check_tree(tree, job.merger.appended, dsl)
    problems += job.merger.warnings(tree)
    switched = switched_trees(tree, problems) if not any(p.severity == "error" for p in problems) else []
    problems = sort_problems(blame_deletions(problems, job.merger.deleted))
    if any(p.severity == "error" for p in problems):
        raise ProblemsError(problems)
    return LoadedEdition(
        id=str(tree.get("id")), tree=tree, files=job.files,
        warnings=[p for p in problems if p.severity == "warning"],
        variants=tuple(variants), content_hash=content_hash(tree), switches=switched, dsl=dsl)


def _analyse_dsl(tree: MarkedMap) -> EditionAnalysis:
    """The DSL of a merged tree parsed and checked, for `check_tree` and then `build_playable`."""
    from ..dsl import analyse_edition  # lark: not for a listing

    return analyse_edition(tree, lambda pointer: locate(tree, pointer))


def _inline_switches(job: _Load, tree: MarkedMap) -> None:
    """Each rule switch's overlays, read now and kept in the tree as `patches` (so the merged
    tree, and a save embedding it, carries them). A switch that has `patches` already (an
    embedded edition) is left as it is: its overlays are not read again."""
    switches = tree.get("switches")
    if not isinstance(switches, list):
        return
    for sw in switches:
        if not isinstance(sw, MarkedMap) or "patches" in sw or not isinstance(sw.get("overlays"), list):
            continue
        refs = sw["overlays"]
        patches = MarkedSeq(sw.value_marks.get("overlays"))
        for k, ref in enumerate(refs):
            if not isinstance(ref, str):
                continue
            mark = refs.item_marks[k] if isinstance(refs, MarkedSeq) and k < len(refs.item_marks) else None
            path = job._resolve(ref, "variant", Path.cwd(), job.base_dir / "variants", mark)
            if path is None:
                continue
            ov = job.read(path)
            if ov is None:
                continue
            if ov.get("overlay") is not True:
                job.error(mark, "wrong-file-kind", f"switch '{sw.get('id')}': {display_path(path)} is not an "
                                                   f"overlay (an overlay file starts with 'overlay: true')")
                continue
            patch = MarkedMap(ov.mark)
            for key, v in ov.items():
                if key not in _OVERLAY_META and key != "extends":
                    patch.put(key, v, ov.key_marks.get(key), ov.value_marks.get(key))
            patch.put("_layer", [str(ov.get("id", path.stem)), display_path(path)], None, None)
            patches.append(patch)
            patches.item_marks.append(ov.mark)
        sw.put("patches", patches, None, None)


SWITCH_KEEPS = ("board", "groups", "decks")
"""What a rule switch may not change the shape of: the ids of the spaces (in order), groups, decks."""


def _ids(tree, key: str) -> list:
    return [item.get("id") for item in tree.get(key) or [] if isinstance(item, dict)]


def switched_trees(tree: MarkedMap, problems: list[Problem]) -> list[LoadedEdition]:
    """The edition with each rule switch's patches merged on top (the switch itself removed),
    validated; problems are added to `problems` (a switch that changes the board's spaces,
    groups or decks is the error `switch-changes-board`)."""
    out: list[LoadedEdition] = []
    for sw in tree.get("switches") or []:
        base = MarkedMap(tree.mark)
        for key, v in tree.items():
            if key != "switches":
                base.put(key, v, tree.key_marks.get(key), tree.value_marks.get(key))
        merger = Merger()
        for patch in sw.get("patches") or []:
            layer_id, file = (patch.get("_layer") or [str(sw.get("id")), "switch"])[:2]
            body = MarkedMap(getattr(patch, "mark", None))
            for key, v in patch.items():
                if key != "_layer":
                    body.put(key, v, getattr(patch, "key_marks", {}).get(key),
                             getattr(patch, "value_marks", {}).get(key))
            base = merger.apply(base, body, Layer("overlay", str(layer_id), str(file)),
                                f"edition '{tree.get('id')}'")
        from .checks import check_tree  # lazy, as in load_edition
        from .schema import apply_defaults
        apply_defaults(base)
        dsl = _analyse_dsl(base)
        found = merger.problems + check_tree(base, merger.appended, dsl)
        mark = sw.mark if isinstance(sw, MarkedMap) else None
        for key in SWITCH_KEEPS:
            if _ids(base, key) != _ids(tree, key):
                found.append(Problem.at(mark, "error", "switch-changes-board",
                                        f"switch '{sw.get('id')}' changes the {key} (its ids or their order): "
                                        f"a rule switch may change rules, formulas, texts and space fields only"))
        problems.extend(blame_deletions(found, merger.deleted))
        base.put("id", tree.get("id"), None, None)
        out.append(LoadedEdition(id=f"{tree.get('id')}+{sw.get('id')}", tree=base, files=[],
                                 warnings=[], content_hash=content_hash(base), dsl=dsl))
    return out
