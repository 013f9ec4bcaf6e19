"""`nodes.children` (which skips the fields that hold numbers) finds the nodes that reading every
field finds, in the same order, on every snippet of the built-in editions."""

from __future__ import annotations

from magie.engine.dsl import nodes as n
from magie.engine.dsl.parser import parse
from magie.engine.dsl.pipeline import find_snippets
from magie.engine.edition.loader import load_edition


def every_field(node: n.Node) -> list[n.Node]:
    out: list[n.Node] = []
    for name in node.__dataclass_fields__:
        stack = [getattr(node, name)]
        while stack:
            x = stack.pop()
            if isinstance(x, n.Node):
                out.append(x)
            elif isinstance(x, (list, tuple)):
                stack.extend(reversed(x))
    return out


def test_children_are_those_of_every_field_in_order():
    seen = 0
    for ref in ("classic", "mega", "landlords_game"):
        for sn in find_snippets(load_edition(ref).tree, None):
            if not isinstance(sn.value, str):
                continue
            tree = parse(sn.value, "effect" if sn.context.kind == "effect" else "formula")
            for node in n.walk(tree):
                assert [id(k) for k in n.children(node)] == [id(k) for k in every_field(node)]
                seen += 1
    assert seen > 1000
