"""JSON pointers into a marked tree: finding a node's mark and naming a node for people."""

from __future__ import annotations

from ..problems import Mark
from .yamlload import node_mark, value_mark


def split(pointer: str) -> list[str]:
    """The unescaped tokens of a JSON pointer ('' is the root): '/a~1b/0' -> ['a/b', '0']."""
    if not pointer:
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"a JSON pointer starts with '/': {pointer!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def join(tokens) -> str:
    """The JSON pointer of a sequence of keys and indexes."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def _step(node, token: str):
    """(child, key) for one pointer token, or (None, None) when there is no such child."""
    if isinstance(node, dict):
        return (node[token], token) if token in node else (None, None)
    if isinstance(node, list) and token.isdigit() and int(token) < len(node):
        return node[int(token)], int(token)
    return None, None


def locate(tree, pointer: str) -> Mark | None:
    """The mark of the node at `pointer` in a marked tree, or None when there is no such node
    (or it has no mark, e.g. a value filled in from a schema default)."""
    try:
        tokens = split(pointer)
    except ValueError:
        return None
    if not tokens:
        return node_mark(tree)
    node = tree
    for token in tokens[:-1]:
        node, _ = _step(node, token)
        if node is None:
            return None
    child, key = _step(node, tokens[-1])
    if key is None:
        return None
    return node_mark(child) or value_mark(node, key)


def locate_key(tree, pointer: str) -> Mark | None:
    """The mark of the key of the map entry at `pointer` (falls back to its value's mark)."""
    tokens = split(pointer)
    if not tokens:
        return node_mark(tree)
    parent = tree
    for token in tokens[:-1]:
        parent, _ = _step(parent, token)
        if parent is None:
            return None
    km = getattr(parent, "key_marks", {}).get(tokens[-1])
    return km or locate(tree, pointer)


def describe(tree, pointer: str) -> str:
    """A node named for people: '/board/4/tax' -> 'board[4] (income_tax).tax'."""
    out, node = "", tree
    for token in split(pointer):
        child, key = _step(node, token)
        if isinstance(key, int):
            out += f"[{key}]"
            if isinstance(child, dict) and isinstance(child.get("id"), str):
                out += f" ({child['id']})"
        else:
            out += ("." if out else "") + token
        if child is None:
            break
        node = child
    return out
