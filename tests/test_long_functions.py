"""No function of engine/ or cli/ over 80 lines unless docs/architecture.md names it, with its
reason, under "Long functions"; and the list names no function that is short or gone. Functions
are the module's and its classes' (a method as `Class.method`); a nested function counts in the
lines of the one that holds it."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MOST = 80
"""Most lines of a function (from `def` to its last line, nested functions included)."""

ENTRY = re.compile(r"^- `(?P<file>[^`]+)` `(?P<function>[^`]+)`: (?P<reason>\S.*)$")


@cache
def long_functions(root: Path = REPO) -> dict[tuple[str, str], int]:
    """(file, function name) -> lines, of every function over MOST lines in engine/ and cli/
    (read once a session: two tests read the repository's)."""
    out = {}
    for folder in ("engine", "cli"):
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for holder in [tree, *(n for n in tree.body if isinstance(n, ast.ClassDef))]:
                for node in holder.body:
                    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                        lines = (node.end_lineno or node.lineno) - node.lineno + 1
                        name = f"{holder.name}.{node.name}" if isinstance(holder, ast.ClassDef) else node.name
                        if lines > MOST:
                            out[(path.relative_to(root).as_posix(), name)] = lines
    return out


def allowed() -> dict[tuple[str, str], str]:
    """(file, function name) -> reason, from the "Long functions" section of docs/architecture.md
    (an entry's reason may go on over the lines below it, indented)."""
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n### Long functions\n", 1)[1].split("\n#", 1)[0]
    out = {}
    for entry in re.split(r"\n(?=- )", section[section.index("\n- ") + 1:].strip()):
        m = ENTRY.match(" ".join(entry.split()))
        assert m, f"an entry is `file` `function`: reason, not {entry!r}"
        out[(m["file"], m["function"])] = m["reason"]
    return out


def test_every_long_function_is_named_with_its_reason():
    named = allowed()
    unnamed = [f"{file} {name} ({lines} lines)" for (file, name), lines in long_functions().items()
               if (file, name) not in named]
    assert unnamed == [], "split these into named steps or name them in docs/architecture.md 'Long functions'"


def test_the_list_names_only_long_functions():
    found = long_functions()
    assert [f"{file} {name}" for file, name in allowed() if (file, name) not in found] == []


def test_the_count_sees_long_functions_and_methods_nested_ones_included(tmp_path):
    (tmp_path / "engine").mkdir()

    def function(name: str, lines: int) -> str:
        return f"def {name}():\n" + "\n".join(f"    x{i} = {i}" for i in range(lines - 1)) + "\n"
    inner = "\n".join("    " + line for line in function("inner", 40).splitlines())
    method = "\n".join("    " + line for line in function("method", MOST + 1).splitlines())
    (tmp_path / "engine" / "m.py").write_text(
        function("short", MOST) + function("long", MOST + 1) + function("outer", 41) + inner + "\n"
        + "class C:\n" + method + "\n", encoding="utf-8")
    assert long_functions(tmp_path) == {("engine/m.py", "long"): MOST + 1, ("engine/m.py", "outer"): 81,
                                        ("engine/m.py", "C.method"): MOST + 1}
