"""No function of cli/ (its commands and the web app, nested functions included) is over 80
lines unless docs/architecture.md names it, with its reason, under "Long functions"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_functions_of_cli_over_80_lines_are_those_docs_architecture_names():
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index("### Long functions"):]
    section = section[:section.index("\n#")]
    named = set(re.findall(r"^- `(cli/[a-z_/]+\.py)` `([A-Za-z_.]+)`", section, re.M))
    long = set()
    for path in sorted((REPO / "cli").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno - node.lineno + 1 > 80:
                long.add((path.relative_to(REPO).as_posix(), node.name))
    assert long == named, "name each function of cli/ over 80 lines, with why, in docs/architecture.md"
