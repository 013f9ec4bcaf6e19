"""A configuration to simulate: an edition, overlays, and rule parameters set on the command line.

`--set rules.salary=300` sets one value of the merged edition (after overlays) by its dotted
path; a list is indexed by an item's id or by position (`board.SPACE_ID.price=450`). The value is
read as YAML (`300`, `true`, `"2 * table[0]"`). The edition is then checked again (schema,
meaning, DSL) like any edition file, so a value that makes it invalid is reported with the
usual problems, told at the `--set`. Every problem of every `--set` comes in one run: an unknown
path (code `unknown-parameter`, naming the closest known paths) does not hide the problems of the
values of the others. A value that reads as a number but not a whole one (`1e400`, `2.5`) where the
edition takes an integer is told as such (`wrong-type`), not as a DSL formula it cannot be.
"""

from __future__ import annotations

import difflib
import re
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
    """A `--set` that names no parameter of the edition, is not PATH=VALUE, or whose value cannot
    be read; `code` is the code of its problem (`unknown-parameter`, or the loader's code for a
    value: `yaml-syntax`, `number-out-of-range`, `file-too-large`)."""

    def __init__(self, message: str, code: str = "unknown-parameter"):
        super().__init__(message)
        self.code = code


MAX_SET_PATH = 300
"""Most characters of a `--set` path."""

MAX_SET_TEXT = 10_000
"""Most characters of one `--set` value (an edition's DSL formula is a line or two)."""


class ConfigError(MagieError):
    """A configuration (bots, players, round cap) or sweep that cannot be read; `kinds`: the bot
    kinds it names all the same (to check them too: one problem hides no other)."""

    def __init__(self, message: str, kinds: Sequence[str] = ()):
        super().__init__(message)
        self.kinds = tuple(kinds)


def seat_kinds(bots: str, players: int | None, seats: int, bots_name: str = "--bot",
               players_name: str = "--players") -> tuple[str, ...]:
    """The bot kind of every seat from `bots` (one kind, or a comma-separated kind per seat) and
    `players` (None: not given, then one kind fills `seats` seats). The one rule of `simulate
    --bot/--players` and of compare's `bots=`/`players=` (named `bots_name`, `players_name` in
    the messages): a single kind fills any table; a list gives one kind per seat and must have
    `players` kinds when both are given. Raises `ConfigError` for no kind, an empty one, a list
    that does not fit, or more seats than a table has (`MAX_SEATS`)."""
    from ..limits import MAX_SEATS

    if not bots.strip():
        raise ConfigError(f"{bots_name}: no bot given (one kind for every seat, e.g. basic, or one per "
                          f"seat, e.g. basic,random)")
    if bots.count(",") >= MAX_SEATS:
        raise ConfigError(f"{bots_name} names more kinds than the {MAX_SEATS} seats a table has")
    kinds = tuple(k.strip() for k in bots.split(","))
    named = [k for k in kinds if k]
    if "" in kinds:
        raise ConfigError(f"{bots_name}: seat {kinds.index('') + 1} has no bot (nothing between two commas)",
                          named)
    if players is not None and players > MAX_SEATS:
        raise ConfigError(f"{players_name} must be at most {MAX_SEATS}, not {players:,}"[:300], named)
    if len(kinds) == 1:
        return kinds * (players or seats)
    if players is not None and players != len(kinds):
        raise ConfigError(f"{bots_name} names {len(kinds)} kinds, one per seat, but {players_name} says "
                          f"{players}: give one kind for every seat, or a single kind", named)
    return kinds


UNKNOWN_PARAMETER = "unknown-parameter"
"""The code of the problem of a `--set` whose path names no parameter of the edition."""

PLAIN_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
"""A number as the command line's shares and sweeps take it: digits with an optional point
(0, 0.8, .5, 1., -3); no `_`, exponent, inf or nan."""

_NUMBER = re.compile(r"[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?|[-+]?\.?(inf|nan)", re.IGNORECASE)
"""A number as a person writes it (YAML 1.2 and Python readings: 1e400, 2.5, .5, inf)."""


def parse_set(text: str) -> tuple[str, str]:
    """'rules.salary=300' -> ('rules.salary', '300'). Raises `SetError`."""
    path, eq, value = text.partition("=")
    path = path.strip()
    if not eq or not path or not value.strip():
        raise SetError(f"--set {text[:80]!r}: expected PATH=VALUE, e.g. rules.salary=300")
    if len(path) > MAX_SET_PATH:
        raise SetError(f"--set {path[:40]!r}...: the path has {len(path):,} characters; a parameter's path is "
                       f"at most {MAX_SET_PATH} (rules.salary, board.SPACE.price)")
    return path, value.strip()


def _flow_depth(text: str) -> int:
    """How deep the brackets of a one-line YAML value nest (`[` and `{` outside quotes): a bound
    told before parsing, so that the answer does not depend on the process's recursion limit."""
    depth = deepest = 0
    quote = ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(depth - 1, 0)
    return deepest


def _check_value(value: Any, most: int, depth: int) -> None:
    """Raise ValueError for a whole number past ±`most` (the bound of numbers in edition files),
    RecursionError for lists and maps nested more than `depth` deep."""
    if depth < 0:
        raise RecursionError
    if isinstance(value, int) and not isinstance(value, bool) and not -most <= value <= most:
        shown = str(value) if value.bit_length() < 64 else "a number this large"
        raise ValueError(f"{shown} is out of range: whole numbers in an edition lie between "
                         f"-{most:,} and {most:,}".replace(",", "_"))
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        _check_value(child, most, depth - 1)


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
    close = difflib.get_close_matches(path, [p for p in _paths(tree) if p != path], n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    return SetError(f"--set {path}: {why}{hint}")


def told_at(path: str, value: str) -> str:
    """Where the problems of a `--set` are told (a `Problem`'s file): `--set PATH=VALUE`, a path
    or value over 80 characters cut (it may be anything)."""
    def cut(text: str) -> str:
        return text if len(text) <= 80 else f"{text[:77]}..."
    return f"--set {cut(path)}={cut(value)}"


def _field_schema(pointer: str) -> dict | None:
    """The edition schema's definition of the value at JSON `pointer` (None when the schema has
    no single definition there: the checks after the set say what is wrong)."""
    from ..edition.schema import load_schema

    root = load_schema()

    def resolve(node: Any) -> Any:
        while isinstance(node, dict) and "$ref" in node:
            node = root["definitions"][node["$ref"].rsplit("/", 1)[-1]]
        return node

    node = resolve(root)
    for token in pointer.split("/")[1:]:
        key = token.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict):
            return None
        if node.get("type") == "array" or "items" in node:
            node = resolve(node.get("items"))
            continue
        branches = [node, *(resolve(b.get("then", {})) for b in node.get("allOf", []) if isinstance(b, dict))]
        found = next((b["properties"][key] for b in branches
                      if isinstance(b, dict) and key in b.get("properties", {})), None)
        if found is None:
            add = node.get("additionalProperties")
            found = add if isinstance(add, dict) else None
        described = found if isinstance(found, dict) and "description" in found else None
        node = resolve(found)
        if described is not None and isinstance(node, dict) and "description" not in node:
            node = {**node, "description": described["description"]}
    return node if isinstance(node, dict) else None


def _not_whole(path: str, value_text: str, value: Any, pointer: str) -> Problem | None:
    """The problem of a number that is not whole (`1e400`, `2.5`: a float, or text that reads as
    a number) set where the edition takes an integer; None otherwise. Without this, `1e400` (text
    to YAML) would be read as a DSL formula and told as a syntax error."""
    if isinstance(value, bool) or isinstance(value, int):
        return None
    if not (isinstance(value, float) or (isinstance(value, str) and _NUMBER.fullmatch(value.strip()))):
        return None
    field = _field_schema(pointer) or {}
    types = field.get("type", [])
    types = types if isinstance(types, list) else [types]
    if "integer" not in types:
        return None
    takes = "an integer or a DSL formula" if "string" in types else "an integer"
    about = field.get("description", "").rstrip(".")
    return Problem("error", "wrong-type",
                   f"{path}: expected {takes}, found the number {value_text} (amounts and counts are whole "
                   f"numbers{'; ' + about[:1].lower() + about[1:] if about else ''})",
                   told_at(path, value_text), pointer=pointer)


def _token(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def apply_set(tree: Any, path: str, value_text: str) -> str:
    """Set the value at dotted `path` of `tree` in place; returns the JSON pointer of the value
    set (so that its problems are told at the `--set`, not in the file it replaced). Raises
    `SetError`."""
    from ..edition.yamlload import MAX_DEPTH, MAX_INT

    if len(value_text) > MAX_SET_TEXT:
        raise SetError(f"--set {path}: the value has {len(value_text):,} characters; at most {MAX_SET_TEXT:,}",
                       "file-too-large")
    try:
        if _flow_depth(value_text) > MAX_DEPTH:   # before the parser, whose own limit is Python's recursion limit
            raise RecursionError
        try:
            value = yaml.safe_load(value_text)
        except ValueError:          # an int of more than Python's 4,300 digits
            raise ValueError(f"a number this large is out of range: whole numbers in an edition lie between "
                             f"-{MAX_INT:,} and {MAX_INT:,}".replace(",", "_")) from None
        _check_value(value, MAX_INT, MAX_DEPTH)
    except (yaml.YAMLError, RecursionError) as e:
        why = getattr(e, "problem", None) or "nested too deeply"
        raise SetError(f"--set {path}: the value is not valid YAML ({why})", "yaml-syntax") from None
    except ValueError as e:
        raise SetError(f"--set {path}: {e}", "number-out-of-range") from None
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
                p = replace(p, file=told_at(path, value), line=0, col=0)
        out.append(p)
    return out


@lru_cache(maxsize=32)
def load_config(edition: str, variants: tuple[str, ...] = (), sets: Sets = ()) -> Edition:
    """The playable edition `edition` with `variants` applied, then `sets`. Without sets this is
    `load_playable_cached`. Raises `ProblemsError`: an invalid edition, also one made invalid by
    a set, and every set naming no parameter (code `unknown-parameter`)."""
    from ..edition.playable import load_playable_cached
    if not sets:
        return load_playable_cached(edition, variants)
    tree = load_tree(edition, variants, sets)
    from ..edition.loader import LoadedEdition, content_hash, switched_trees
    from ..edition.playable import build_playable
    from ..problems import ProblemsError
    problems: list[Problem] = []
    # the rule switches play the edition as set too: each switch's overlays on the set tree
    switched = switched_trees(tree, problems)
    pointers = [_set_pointer(tree, path) for path, _ in sets]
    if any(p.severity == "error" for p in problems):
        raise ProblemsError(_told_at_sets(problems, sets, pointers))
    loaded = LoadedEdition(id=str(tree.get("id")), tree=tree, files=[], warnings=[],
                           variants=tuple(variants), content_hash=content_hash(tree), switches=switched)
    try:
        return build_playable(loaded)
    except ProblemsError as e:
        raise ProblemsError(_told_at_sets(e.problems, sets, pointers)) from None


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
    Raises `ProblemsError` with every problem of the sets (see `load_config`)."""
    from ..edition.checks import check_tree, sort_problems
    from ..edition.loader import load_edition
    from ..problems import ProblemsError
    tree = load_edition(edition, tuple(variants)).tree
    if not sets:
        return tree
    told: list[Problem] = []          # problems of the sets themselves, in the order given
    applied: list[tuple[str, str]] = []
    pointers: list[str] = []
    for path, value in sets:
        try:
            pointer = apply_set(tree, path, value)
        except SetError as e:
            told.append(Problem("error", e.code, str(e).removeprefix(f"--set {path}: "), told_at(path, value)))
            continue
        applied.append((path, value))
        pointers.append(pointer)
        node = _value_at(tree, pointer)
        if (p := _not_whole(path, value, node, pointer)) is not None:
            told.append(p)
    broken = {p.pointer for p in told if p.pointer}
    problems = [p for p in check_tree(tree) if p.severity == "error"
                and not any(p.pointer == b or p.pointer.startswith(b + "/") for b in broken)]
    if told or problems:
        raise ProblemsError(told + _told_at_sets(sort_problems(problems), tuple(applied), pointers))
    return tree


def _value_at(tree: Any, pointer: str) -> Any:
    node = tree
    for token in pointer.split("/")[1:]:
        key = token.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def describe(edition: str, variants: Sequence[str] = (), sets: Sets = ()) -> str:
    """A short name of a configuration: 'EDITION+OVERLAY rules.salary=300'."""
    name = "+".join([edition, *variants])
    return " ".join([name, *(f"{p}={v}" for p, v in sets)])
