"""A small YAML loader for the DSL tests: the tree plus `locate(pointer) -> Mark`.

The real loader lives in engine/edition/; these tests only need marks that follow the same
convention (1-based line and column of the node; for block scalars the indicator line and the
content indentation), so they carry their own.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from magie.engine.problems import Mark


def _escape(seg: str) -> str:
    return seg.replace("~", "~0").replace("/", "~1")


def load_with_marks(text: str, file: str = "test.yaml"):
    """Parse YAML `text`; returns (tree, locate) where locate(pointer) gives the node's Mark."""
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
        lines = text.splitlines()
        marks: dict[str, Mark] = {}

        def mark_of(node) -> Mark:
            m = node.start_mark
            style = node.style if isinstance(node, ScalarNode) and node.style else None
            indent = None
            if style in ("|", ">"):
                for ln in lines[m.line + 1:]:
                    if ln.strip():
                        indent = len(ln) - len(ln.lstrip(" "))
                        break
            return Mark(file, m.line + 1, m.column + 1, style, indent)

        def build(node, pointer: str):
            marks[pointer] = mark_of(node)
            if isinstance(node, MappingNode):
                out = {}
                for k, v in node.value:
                    key = loader.construct_object(k, deep=True)
                    out[key] = build(v, f"{pointer}/{_escape(str(key))}")
                return out
            if isinstance(node, SequenceNode):
                return [build(v, f"{pointer}/{i}") for i, v in enumerate(node.value)]
            return loader.construct_object(node, deep=True)

        tree = build(root, "")
    finally:
        loader.dispose()
    return tree, marks.get


def load_file(path) -> tuple:
    path = Path(path)
    return load_with_marks(path.read_text(encoding="utf-8"), str(path))
