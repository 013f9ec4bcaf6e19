"""The plugins an edition declares (`plugins:`) must be installed: else a `missing-plugin`
problem at the name, saying how to install it (engine/plugins.py reads what is installed)."""

from __future__ import annotations

from typing import Any

from ..problems import Problem
from .pointers import locate


def plugin_problems(tree: Any) -> list[Problem]:
    """A `missing-plugin` error for each name of the tree's `plugins:` list that no installed
    distribution with magie entry points has (names compared as packaging does: case, `-_.`).
    Items that are not strings are the schema's to report."""
    declared = tree.get("plugins") if isinstance(tree, dict) else None
    if not isinstance(declared, list) or not declared:
        return []
    from ..plugins import installed, normalize

    have = installed()
    out = []
    for k, name in enumerate(declared):
        if isinstance(name, str) and normalize(name) not in have:
            shown = name if len(name) <= 80 else name[:77] + "..."
            known = ", ".join(sorted(have.values())) or "none"
            out.append(Problem.at(locate(tree, f"/plugins/{k}"), "error", "missing-plugin",
                                  f"the edition needs the plugin '{shown}', which is not installed "
                                  f"(install it: pip install {shown}; plugins installed: {known})",
                                  f"/plugins/{k}"))
    return out
