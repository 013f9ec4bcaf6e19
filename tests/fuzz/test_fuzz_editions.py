"""Mutated built-in editions at the YAML, reference and DSL levels.

Each example is one mutation of a built-in edition, validated (never raising, within budget,
every problem placed); one that validates is played. Failing examples found by hypothesis are
kept below as `@example`s, so they stay regression tests."""

from __future__ import annotations

import copy
import re
from functools import cache
from typing import Any

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from magie.engine.dsl import find_snippets

from .support import EDITIONS, FUZZ, examples, validate_text

pytestmark = pytest.mark.slow

EXAMPLES = examples(40)
"""Mutations per level and run: with the saves, about a minute in CI (each validation plays a game
when it passes). MAGIE_FUZZ_EXAMPLES=25 runs 25 times as many, for a long local run."""

BASES = ("classic", "biznespolia", "mega", "landlords_game", "uk")

ODD_TEXT = ["9" * 5000, "-1", "0", "1e999", "10000000000000", "-10000000000000", "\x07", "\t", ": x",
            "&a [*a, *a]", "!!python/object:os.system", "{", "[", "- ", "null", "~", "'", '"', "<<: *x",
            "? [a]", "é", "\ufeff", "0x7fffffffffffffffffff", ".inf", "\x1b[2J", "*undefined"]


@cache
def _text(base: str) -> str:
    return (EDITIONS / f"{base}.yaml").read_text(encoding="utf-8")


@cache
def _tree(base: str) -> dict:
    return yaml.safe_load(_text(base))


def _dump(tree: Any) -> str:
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=200)


# ------------------------------------------------------------------ YAML level

@st.composite
def yaml_mutations(draw) -> str:
    """The text of a built-in edition with a few lines deleted, doubled, swapped or spliced."""
    lines = _text(draw(st.sampled_from(BASES))).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["delete", "double", "swap", "splice", "insert", "truncate"]))
        if op == "delete":
            del lines[i]
        elif op == "double":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "splice" and lines[i]:
            at = draw(st.integers(0, len(lines[i])))
            cut = draw(st.integers(0, 6))
            lines[i] = lines[i][:at] + draw(st.sampled_from(ODD_TEXT)) + lines[i][at + cut:]
        elif op == "insert":
            lines.insert(i, draw(st.sampled_from(ODD_TEXT)))
        else:
            lines = lines[:i]
        if not lines:
            break
    return "\n".join(lines) + "\n"


@settings(FUZZ, max_examples=EXAMPLES)
@given(yaml_mutations())
@example("id: x\nname: X\nstart: " + "9" * 5000 + "\n")
@example("id: x\nname: \x07\n")
def test_yaml_mutations_validate_and_play(text):
    validate_text(text)


# ------------------------------------------------------------------ references and values

def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, path + (i,))
    return out


def _ids(tree: dict) -> list[str]:
    out = []
    for key in ("board", "groups", "decks"):
        out += [x["id"] for x in tree.get(key, []) if isinstance(x, dict) and "id" in x]
    return out


@st.composite
def tree_mutations(draw) -> str:
    """A built-in edition with a node replaced (by an edge value or another id), deleted or doubled."""
    base = draw(st.sampled_from(BASES))
    tree = copy.deepcopy(_tree(base))
    paths = _paths(tree)
    ids = _ids(tree)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths[1:]))
        parent = tree
        try:
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        op = draw(st.sampled_from(["number", "number", "value", "id", "delete", "double"]))
        old = parent[path[-1]]
        if op == "number" and type(old) is int:
            parent[path[-1]] = draw(st.sampled_from([0, 1, -1, 2, old + 1, old - 1, old * 10, old // 2, 10**12]))
        elif op == "value":
            parent[path[-1]] = draw(st.sampled_from(
                [None, 0, -1, 1, 10**12, 10**12 + 1, -(10**12), 2.5, True, "", "x", [], {}, [0], {"id": "x"}]))
        elif op == "id":
            parent[path[-1]] = draw(st.sampled_from(ids + ["nowhere", "x-y", "Go"]))
        elif op == "delete":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
        paths = _paths(tree)
    return _dump(tree)


@settings(FUZZ, max_examples=EXAMPLES)
@given(tree_mutations())
def test_reference_and_value_mutations_validate_and_play(text):
    validate_text(text)


# ------------------------------------------------------------------ DSL

DSL_WORDS = ["pay", "bank", "collect", "from", "each", "player", "move", "to", "nearest", "back", "forward",
             "with", "rent", "go", "jail", "if", "else", ":", "let", "x", "=", "cash", "houses", "roll(2)",
             "roll(-1)", "(", ")", "[", "]", "[1, 2][5]", ".total", "0", "-1", "10000000000000", "+", "-", "*",
             "/", "//", "% 0", "and", "or", "not", "true", "none", "floor", "min(", "keep as", "draw from",
             "transfer", "to me", "cash * cash", "net_worth", "\n", "\n  ", "'", "#"]


_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d[\d_]*|//|==|!=|<=|>=|\n[ \t]*|[^\s]")


def _join(tokens: list[str]) -> str:
    """DSL text from tokens, spaced as people write it (no space around '.', inside brackets)."""
    out = ""
    for t in tokens:
        if out and not out.endswith(("\n", " ", ".", "(", "[")) and not t.startswith("\n") \
                and t not in (".", ")", "]", ",", ":"):
            out += " "
        out += t
    return out


@st.composite
def dsl_mutations(draw) -> str:
    """A built-in edition with one DSL snippet edited word by word."""
    base = draw(st.sampled_from(BASES))
    tree = copy.deepcopy(_tree(base))
    snippets = [s for s in find_snippets(tree, None) if isinstance(s.value, str)]
    sn = draw(st.sampled_from(snippets))
    words = _TOKEN.findall(sn.value)
    ids = _ids(tree)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["number", "name", "replace", "insert", "delete"]))
        i = draw(st.integers(0, max(len(words) - 1, 0)))
        word = draw(st.sampled_from(DSL_WORDS + ids[:60]))
        numbers = [k for k, w in enumerate(words) if w.isdigit()]
        names = [k for k, w in enumerate(words) if w in ids]
        if op == "number" and numbers:
            words[draw(st.sampled_from(numbers))] = draw(st.sampled_from(["0", "1", "2", "7", "100", "99999"]))
        elif op == "name" and names:
            words[draw(st.sampled_from(names))] = draw(st.sampled_from(ids))
        elif op in ("number", "name"):
            continue
        elif op == "insert" or not words:
            words.insert(i, word)
        elif op == "replace":
            words[i] = word
        else:
            del words[i]
    node: Any = tree
    steps = [int(s) if s.isdigit() else s for s in sn.pointer.strip("/").split("/")]
    for step in steps[:-1]:
        node = node[step]
    node[steps[-1]] = _join(words)
    return _dump(tree)


@settings(FUZZ, max_examples=EXAMPLES)
@given(dsl_mutations())
def test_dsl_mutations_validate_and_play(text):
    validate_text(text)
