"""A configuration to simulate: an edition, overlays, and rule parameters set on the command line.

`--set rules.salary=300` sets one value of the merged edition (after overlays) by its dotted
path; a list is indexed by an item's id or by position (`board.SPACE_ID.price=450`). The value is
read as YAML (`300`, `true`, `"2 * table[0]"`). The edition is then checked again (schema,
meaning, DSL) like any edition file, so a value that makes it invalid is reported with the
usual problems. An unknown path is a `SetError` naming the closest known paths.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

import yaml

from ..edition.model import Edition
from ..errors import MagieError
from ..problems import Problem

Sets = tuple[tuple[str, str], ...]
"""(dotted path, value as YAML text) pairs, applied in order."""


class SetError(MagieError):
    """A `--set` that names no parameter of the edition, or is not PATH=VALUE."""


def parse_set(text: str) -> tuple[str, str]:
    """'rules.salary=300' -> ('rules.salary', '300'). Raises `SetError`."""
    path, eq, value = text.partition("=")
    path = path.strip()
    if not eq or not path or not value.strip():
        raise SetError(f"--set {text!r}: expected PATH=VALUE, e.g. rules.salary=300")
    return path, value.strip()


def _paths(node: Any, prefix: str = "") -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            p = f"{prefix}.{k}" if prefix else str(k)
            yield p
            yield from _paths(v, p)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            key = v.get("id", i) if isinstance(v, dict) else i
            p = f"{prefix}.{key}"
            yield p
            yield from _paths(v, p)


def _unknown(tree: Any, path: str, why: str) -> SetError:
    close = difflib.get_close_matches(path, list(_paths(tree)), n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    return SetError(f"--set {path}: {why}{hint}")


def _token(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def apply_set(tree: Any, path: str, value_text: str) -> str:
    """Set the value at dotted `path` of `tree` in place; returns the JSON pointer of the value
    set (so that its problems are told at the `--set`, not in the file it replaced). Raises
    `SetError`."""
    try:
        value = yaml.safe_load(value_text)
    except yaml.YAMLError as e:
        why = getattr(e, "problem", None) or e
        raise SetError(f"--set {path}={value_text}: the value is not valid YAML ({why})") from None
    parts = path.split(".")
    node = tree
    pointer = ""
    for depth, seg in enumerate(parts):
        last = depth == len(parts) - 1
        if isinstance(node, dict):
            if seg not in node:
                raise _unknown(tree, path, f"the edition has no parameter '{'.'.join(parts[:depth + 1])}'")
            if last:
                if isinstance(node[seg], (dict, list)):
                    raise _unknown(tree, path, "this is a section, not a single value; set one of its keys")
                node[seg] = value
                return f"{pointer}/{_token(seg)}"
            pointer += f"/{_token(seg)}"
            node = node[seg]
        elif isinstance(node, list):
            idx = next((i for i, item in enumerate(node) if isinstance(item, dict) and item.get("id") == seg), None)
            if idx is None and seg.isdigit() and int(seg) < len(node):
                idx = int(seg)
            if idx is None:
                raise _unknown(tree, path, f"no item '{seg}' in '{'.'.join(parts[:depth])}'")
            if last:
                node[idx] = value
                return f"{pointer}/{idx}"
            pointer += f"/{idx}"
            node = node[idx]
        else:
            raise _unknown(tree, path, f"'{'.'.join(parts[:depth])}' is a single value, it has no '{seg}'")
    raise _unknown(tree, path, "no such parameter")   # not reached: the last part returns or raises


def _told_at_sets(problems: list[Problem], sets: Sets, pointers: Sequence[str]) -> list[Problem]:
    """`problems` with those about a value given by `--set` located at that `--set` (the file
    the value replaced is not where the mistake is)."""
    out = []
    for p in problems:
        for (path, value), ptr in zip(sets, pointers, strict=True):
            if p.pointer == ptr or p.pointer.startswith(ptr + "/"):
                p = replace(p, file=f"--set {path}={value}", line=0, col=0)
        out.append(p)
    return out


@lru_cache(maxsize=32)
def load_config(edition: str, variants: tuple[str, ...] = (), sets: Sets = ()) -> Edition:
    """The playable edition `edition` with `variants` applied, then `sets`. Without sets this is
    `load_playable_cached`. Raises `ProblemsError` (an invalid edition, also one made invalid by
    a set) or `SetError`."""
    from ..edition.playable import load_playable_cached
    if not sets:
        return load_playable_cached(edition, variants)
    tree = load_tree(edition, variants, sets)
    from ..dsl import compile_edition
    from ..edition.loader import content_hash
    from ..edition.model import build_edition
    from ..edition.pointers import locate
    from ..problems import ProblemsError
    try:
        compiled = compile_edition(tree, lambda p: locate(tree, p))
    except ProblemsError as e:
        pointers = [_set_pointer(tree, path) for path, _ in sets]
        raise ProblemsError(_told_at_sets(e.problems, sets, pointers)) from None
    return build_edition(tree, compiled, content_hash=content_hash(tree), variants=variants)


def _set_pointer(tree: Any, path: str) -> str:
    """The JSON pointer of a dotted path already checked by `apply_set`."""
    pointer, node = "", tree
    for seg in path.split("."):
        if isinstance(node, list):
            idx = next((i for i, item in enumerate(node) if isinstance(item, dict) and item.get("id") == seg), None)
            key: Any = int(seg) if idx is None else idx
        else:
            key = seg
        pointer += f"/{_token(key)}"
        node = node[key]
    return pointer


def load_tree(edition: str, variants: Sequence[str] = (), sets: Sets = ()) -> Any:
    """The merged, checked tree of the configuration (for the analysis of card movements).
    Raises `ProblemsError` or `SetError`."""
    from ..edition.checks import check_tree, sort_problems
    from ..edition.loader import load_edition
    from ..problems import ProblemsError
    tree = load_edition(edition, tuple(variants)).tree
    if not sets:
        return tree
    pointers = [apply_set(tree, path, value) for path, value in sets]
    problems = [p for p in check_tree(tree) if p.severity == "error"]
    if problems:
        raise ProblemsError(_told_at_sets(sort_problems(problems), sets, pointers))
    return tree


def describe(edition: str, variants: Sequence[str] = (), sets: Sets = ()) -> str:
    """A short name of a configuration: 'classic+online rules.salary=300'."""
    name = "+".join([edition, *variants])
    return " ".join([name, *(f"{p}={v}" for p, v in sets)])
