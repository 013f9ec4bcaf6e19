"""Layering of engine/ and cli/: no import cycles, no upward imports.

Only imports made when a module runs count (those under `if TYPE_CHECKING:` are for the type
checker). A module's parent packages are not counted as imported."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ROOTS = {"engine": "magie.engine", "cli": "magie.cli"}
LAYERS = ["magie.engine.errors", "magie.engine.paths", "magie.engine.extras", "magie.engine.plugins",
          "magie.engine.edition", "magie.engine.dsl", "magie.engine.game", "magie.engine.saves",
          "magie.engine.agents", "magie.engine.analysis", "magie.engine.sim", "magie.cli"]
"""From the bottom up: a module may import only from its own layer and those below. Saves hold the
game's answers as plain JSON and import nothing of the game; the agents write them (a failed game)."""

SHARED = {LAYERS.index("magie.engine.edition"), LAYERS.index("magie.engine.dsl")}
"""Edition and DSL share a layer: the edition's checks and its playable form compile its DSL
(the DSL itself imports nothing of the edition)."""


def _modules() -> dict[str, Path]:
    mods = {}
    for folder, pkg in ROOTS.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            rel = path.relative_to(REPO / folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            mods[".".join([pkg, *parts])] = path
    return mods


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([base] if base else []))
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    out.add(sub if sub in mods else base)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list) and not isinstance(node, ast.If | ast.Import | ast.ImportFrom):
                    visit(inner)
                elif isinstance(node, ast.If) and field in ("body", "orelse"):
                    visit(inner)

    visit(tree.body)
    return {m for m in out if m in mods and m != name}


@functools.cache
def _graph() -> dict[str, set[str]]:
    mods = _modules()
    return {m: _imports(m, p, mods) for m, p in mods.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def _layer(m: str) -> int:
    return max((k for k, prefix in enumerate(LAYERS) if m == prefix or m.startswith(prefix + ".")), default=-1)


def test_the_graph_sees_imports():
    g = _graph()
    assert "magie.engine.game.ledger" in g["magie.engine.game.debt"]
    assert "magie.engine.game.game" not in g["magie.engine.game.debt"]    # only under TYPE_CHECKING


def test_saves_import_nothing_of_the_game():
    g = _graph()
    saves = [m for m in g if m.startswith("magie.engine.saves")]
    assert "magie.engine.saves.reader" in saves
    assert [(m, d) for m in saves for d in g[m] if _layer(d) >= _layer("magie.engine.game")
            and not d.startswith("magie.engine.saves")] == []


@pytest.mark.parametrize("part", ["magie.engine.game", "magie.engine.agents", "magie.engine.sim", "magie.cli"])
def test_no_import_cycles(part):
    cycles = [c for c in _cycles(_graph()) if any(m.startswith(part) for m in c)]
    assert cycles == []


def _package_graph() -> dict[str, set[str]]:
    def pkg(m: str) -> str:
        return ".".join(m.split(".")[:3])
    out: dict[str, set[str]] = {}
    for m, deps in _graph().items():
        out.setdefault(pkg(m), set()).update(pkg(d) for d in deps if pkg(d) != pkg(m))
    return out


def test_no_package_cycles_around_the_game():
    cycles = [c for c in _cycles(_package_graph())
              if {"magie.engine.game", "magie.engine.agents", "magie.engine.sim", "magie.cli.app"} & set(c)]
    assert cycles == []


def test_no_package_cycles_at_all():
    assert _cycles(_package_graph()) == []


def test_no_upward_imports():
    bad = [f"{m} imports {d}" for m, deps in _graph().items() for d in deps
           if _layer(m) >= 0 and _layer(d) > _layer(m)
           and not (_layer(m) == _layer(d))
           and not {_layer(m), _layer(d)} <= SHARED]
    assert bad == []


def test_the_modules_of_the_game_over_400_lines_are_those_docs_architecture_names():
    # docs/architecture.md names each module of engine/game over 400 lines, with why
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    claim = text[text.index("Every module of engine/game is under 400 lines"):]
    claim = claim[:claim.index("\n\n", claim.index("\n- "))]
    named = set(re.findall(r"^- `([a-z_]+\.py)`", claim, re.M))
    long = {p.name for p in (REPO / "engine" / "game").glob("*.py")
            if len(p.read_text(encoding="utf-8").splitlines()) > 400}
    assert long == named, "list the modules of engine/game over 400 lines in docs/architecture.md, and only those"
