"""YAML keys by place: where in the edition a line of the file is (its key path, read from the
indentation of the lines above, so that it works on a file half typed), and what the JSON
Schema of editions says may be written there (the keys, by space kind on the board, and each
key's description).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from magie.engine.edition.schema import load_schema
from magie.engine.paths import EDITIONS_DIR

_LINE = re.compile(r"^(?P<ind> *)(?P<dash>(?:- +)?)(?P<rest>.*)$")
_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*:(?:\s+(?P<value>[^#]*?))?\s*(?:#.*)?$")

KeyPath = list[str]
"""The keys from the top of the file down to a place; '*' stands for an item of a list."""


class _Line:
    """One line of YAML in block style: its indent, whether it opens a list item (`- `), the
    column its key starts at, its key and its plain value (None when it has none)."""

    __slots__ = ("ind", "dash", "col", "key", "value")

    def __init__(self, text: str) -> None:
        m = _LINE.match(text)
        rest = m.group("rest").strip() if m else ""
        if m is None or (not rest and not m.group("dash")) or rest.startswith("#"):
            self.ind, self.dash, self.col, self.key, self.value = -1, False, -1, None, None
            return
        self.ind = len(m.group("ind"))
        self.dash = bool(m.group("dash"))
        self.col = self.ind + len(m.group("dash"))
        k = _KEY.match(rest)
        self.key = k.group("key") if k else None
        value = (k.group("value") or "").strip() if k else ""
        self.value = value.strip("'\"") if value and value[0] not in "{[|>&*" else None

    @property
    def blank(self) -> bool:
        return self.ind < 0


def _parse(lines: list[str], i: int) -> _Line:
    if 0 <= i < len(lines):
        return _Line(lines[i])
    return _Line("")


def key_path(lines: list[str], line: int, indent: int) -> tuple[KeyPath, dict[str, str]]:
    """The key path of the map that a key at column `indent` (0-based) of line `line` belongs
    to, and the plain `key: value` pairs written in that map (e.g. the `kind:` of a space),
    read from the indentation of the lines around it, so that a file half typed (which YAML
    cannot parse) still answers. Block style only (`flow_path` reads a flow map on one line)."""
    path: KeyPath = []
    need, in_list = indent, False
    here = _parse(lines, line)
    if not here.blank and here.dash and here.col == indent:
        path.append("*")                    # `- key`: this line opens an item of a list
        need, in_list = here.ind, True
    for i in range(min(line, len(lines)) - 1, -1, -1):
        if need == 0 and not in_list:
            break
        ln = _parse(lines, i)
        if ln.blank:
            continue
        if in_list:
            if ln.ind > need or (ln.ind == need and ln.dash):
                continue                    # inside a sibling item, or the sibling's dash
        elif ln.col > need or (ln.col == need and not (ln.dash and ln.ind < need)):
            continue                        # a sibling key, or deeper
        elif ln.col == need:                # `- first_key: ...`: the item this map is
            path.append("*")
            need, in_list = ln.ind, True
            continue
        if ln.key is None:
            continue
        path.append(ln.key)
        if ln.dash:
            path.append("*")
            need, in_list = ln.ind, True
        else:
            need, in_list = ln.col, False
    path.reverse()
    return path, _siblings(lines, line, indent)


_FLOW_KEY = re.compile(r"([A-Za-z_][\w-]*)\s*:\s*$")
_BLOCK_ITEM = re.compile(r"^( *)((?:- +)?)$")
_BLOCK_KEY = re.compile(r"^( *)((?:- +)?)([A-Za-z_][\w-]*)\s*:\s*$")


def _brackets(text: str) -> tuple[list[tuple[str, int, str | None]], int] | None:
    """The brackets of a flow collection still open at the end of `text` (one line), outermost
    first, each as (bracket, column, the key it is the value of or None), and where the current
    item of the innermost one starts; None inside a quoted string or after a comment."""
    stack: list[tuple[str, int, str | None]] = []
    quote = ""
    item = 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return None
        elif ch in "{[":
            key = _FLOW_KEY.search(text[item:i]) if stack else None
            stack.append((ch, i, key.group(1) if key else None))
            item = i + 1
        elif ch in "}]" and stack:
            stack.pop()
            item = i + 1
        elif ch == "," and stack:
            item = i + 1
    return (stack, item) if not quote else None


def _flow_values(text: str) -> dict[str, str]:
    """The `key: value` pairs written in the text of one flow map (its nested maps and lists
    skipped; a value that is no plain scalar is "")."""
    out: dict[str, str] = {}
    depth, part, quote = 0, "", ""
    parts: list[str] = []
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth < 0:
                break
        elif ch == "," and depth == 0:
            parts.append(part)
            part = ""
            continue
        part += ch
    parts.append(part)
    for piece in parts:
        k = _KEY.match(piece.strip())
        if k is not None:
            value = (k.group("value") or "").strip()
            out[k.group("key")] = value.strip("'\"") if value and value[0] not in "{[|>&*" else ""
    return out


def flow_path(lines: list[str], line: int, col: int) -> tuple[KeyPath, dict[str, str]] | None:
    """Where a key is being written at column `col` of line `line` inside a flow map on that
    line (`- {kind: street, pr`): the key path of the map and the plain `key: value` pairs
    written in it (before the cursor and after it), as `key_path` gives them for block maps;
    None when the cursor is not at a key of a flow map, or the map spans lines."""
    text = lines[line] if 0 <= line < len(lines) else ""
    got = _brackets(text[:col])
    if got is None or not got[0] or got[0][-1][0] != "{":
        return None
    stack, item = got
    if not re.match(r"^\s*([A-Za-z_][\w-]*)?$", text[item:col]):
        return None                          # a value is being written, not a key
    block = text[:stack[0][1]]
    if (m := _BLOCK_ITEM.match(block)) is not None:
        path = key_path(lines, line, len(m.group(1)) + len(m.group(2)))[0] if m.group(2) else None
    elif (m := _BLOCK_KEY.match(block)) is not None:
        path = key_path(lines, line, len(m.group(1)) + len(m.group(2)))[0] + [m.group(3)]
    else:
        path = None
    if path is None:
        return None
    for (parent, _col, _key), (_ch, _at, key) in zip(stack, stack[1:], strict=False):
        if parent == "[":
            path.append("*")
        elif key is None:
            return None
        else:
            path.append(key)
    opened = stack[-1][1] + 1
    return path, _flow_values(text[opened:item] + "," + text[col:])


def _siblings(lines: list[str], line: int, indent: int) -> dict[str, str]:
    """The keys written at column `indent` in the map around line `line`, each with its plain
    value ("" for a map, a list or a block below it)."""
    found: dict[str, str] = {}
    for i in range(line, -1, -1):
        ln = _parse(lines, i)
        if ln.blank:
            continue
        if ln.col == indent and ln.key:
            found.setdefault(ln.key, ln.value or "")
        if ln.ind < indent:
            break                           # the line opening the item (`- id: ...`), or the parent
    for i in range(line + 1, len(lines)):
        ln = _parse(lines, i)
        if ln.blank:
            continue
        if ln.ind < indent:
            break
        if ln.ind == indent and not ln.dash and ln.key:
            found.setdefault(ln.key, ln.value or "")
    return found


def _resolve(node: Any, schema: dict) -> dict:
    """A schema node with its `$ref` followed (descriptions of the referring node kept)."""
    seen = 0
    while isinstance(node, dict) and "$ref" in node and seen < 20:
        ref = node["$ref"]
        target: Any = schema
        for part in ref.lstrip("#/").split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        merged = dict(target) if isinstance(target, dict) else {}
        if "description" in node:
            merged["description"] = node["description"]
        node, seen = merged, seen + 1
    return node if isinstance(node, dict) else {}


def _holds(cond: dict, values: dict[str, str]) -> bool:
    """Whether an `if` of the schema (`{required, properties: {k: {const | not enum}}}`) holds for
    the sibling values read from the text."""
    for key, rule in (cond.get("properties") or {}).items():
        value = values.get(key)
        if not value:                       # not written, or not a plain value
            return False
        if "const" in rule and rule["const"] != value:
            return False
        if "not" in rule and value in (rule["not"].get("enum") or []):
            return False
    return True


def properties(node: dict, values: dict[str, str], schema: dict) -> dict[str, dict]:
    """The keys a map of schema `node` may have (name -> its schema), with the branches of its
    `allOf: [{if, then}]` that hold for `values` (a space's kind) merged in."""
    node = _resolve(node, schema)
    props = {k: _resolve(v, schema) | ({"description": v["description"]} if "description" in v else {})
             for k, v in (node.get("properties") or {}).items()}
    for part in node.get("allOf") or []:
        branch = part.get("then") if "if" in part and _holds(part["if"], values) else \
            (part if "if" not in part else None)
        if isinstance(branch, dict):
            for k, v in properties(branch, values, schema).items():
                props.setdefault(k, v) if "description" not in v else props.__setitem__(k, v)
    return props


def schema_at(path: KeyPath, values: dict[str, str] | None = None) -> dict:
    """The schema of the node at `path` ({} when the schema says nothing of it); `values` are
    the sibling values of the map at the end (a space's kind)."""
    schema = load_schema()
    node: dict = schema
    for step in path:
        node = _resolve(node, schema)
        if step == "*":
            items = node.get("items") or node.get("additionalProperties")
            node = items if isinstance(items, dict) else {}
        else:
            props = properties(node, {}, schema)
            if step in props:
                node = props[step]
            elif isinstance(node.get("additionalProperties"), dict):
                node = node["additionalProperties"]
            else:
                return {}
    return _resolve(node, schema) if values is None else {"properties": properties(node, values, schema)}


def keys_at(path: KeyPath, values: dict[str, str]) -> dict[str, str]:
    """The keys that may be written in the map at `path` (name -> description)."""
    props = schema_at(path, values).get("properties") or {}
    return {k: str(v.get("description", "")) for k, v in props.items()}


def describe(path: KeyPath, key: str, values: dict[str, str]) -> str | None:
    """The schema's description of `key` in the map at `path`, or None."""
    props = schema_at(path, values).get("properties") or {}
    node = props.get(key)
    return str(node["description"]) if isinstance(node, dict) and node.get("description") else None


RULES_DOC = EDITIONS_DIR.parent / "docs" / "rules.md"
"""docs/rules.md: each rule parameter with its value in the reference edition, its readings and their sources
(in a checkout or an editable install; a wheel has no docs, and hover then gives the schema's
description alone)."""

_ROW = re.compile(r"^\| `([\w.]+)` \| ([^|]*) \| (.*) \|\s*$")


@lru_cache(maxsize=1)
def _rule_rows() -> dict[str, tuple[str, str]]:
    try:
        text = RULES_DOC.read_text(encoding="utf-8")
    except OSError:
        return {}
    return {m.group(1): (m.group(2).strip(), m.group(3).strip())
            for line in text.splitlines() if (m := _ROW.match(line))}


def rule_note(path: KeyPath, key: str) -> str | None:
    """What docs/rules.md says of the rule parameter `rules.<...>.key` at `path` (its value in
    the reference edition, meaning, readings and sources), or None."""
    if not path or path[0] != "rules":
        return None
    name = ".".join([p for p in path[1:] if p != "*"] + [key])
    row = _rule_rows().get(name)
    if row is None:
        return None
    value, meaning = row
    return f"docs/rules.md (reference value {value}): {meaning}"
