"""The build-check stamp (buildings.build_stamp) covers every input of `build_problem`: the engine
passes a build answer unchecked when the stamp of the bot's own passing check is unchanged, so a
state field `build_problem` reads that no part of the stamp follows would let a stale verdict
through. `STAMP_COVERS` is the one list of those inputs; these tests read the code of both
functions and fail when they drift apart."""

from __future__ import annotations

import ast
import textwrap

from magie.engine.game.buildings import STAMP_COVERS
from tests.runners import ROOT

NOT_STATE = {"edition", "message"}
"""Parts of STAMP_COVERS that name no part of the stamp: fixed for a game, or words only."""


def _source(function: str) -> str:
    """The text of a function of buildings.py, read from the repository's file (the compiled build
    has no source to give `inspect`)."""
    text = (ROOT / "engine" / "game" / "buildings.py").read_text(encoding="utf-8")
    node = next(n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef) and n.name == function)
    return ast.get_source_segment(text, node) or ""


def _reads(source: str) -> set[str]:
    """Every `g.X` and `p.X` read (not written) in `source`."""
    tree = ast.parse(textwrap.dedent(source))
    return {f"{node.value.id}.{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
            and isinstance(node.value, ast.Name) and node.value.id in ("g", "p")}


def _stamp_parts() -> set[str]:
    """The attribute names in build_stamp's returned tuple (and its plain names: p, i, window)."""
    tree = ast.parse(textwrap.dedent(_source("build_stamp")))
    ret = next(n for n in ast.walk(tree) if isinstance(n, ast.Return))
    assert isinstance(ret.value, ast.Tuple)
    return {e.attr if isinstance(e, ast.Attribute) else e.id for e in ret.value.elts
            if isinstance(e, (ast.Attribute, ast.Name))}


def test_every_input_of_build_problem_is_in_stamp_covers_and_nothing_else():
    assert _reads(_source("build_problem")) == set(STAMP_COVERS)


def test_every_cover_is_a_part_of_the_stamp():
    parts = _stamp_parts()
    assert {"p", "i", "window", "turns", "cash", "version"} <= parts
    for read, cover in STAMP_COVERS.items():
        assert cover in NOT_STATE or cover in parts, f"{read}: {cover} is not in build_stamp"


def test_the_scan_finds_a_new_input():
    # the check above fails when build_problem reads one more field of the player or the game
    first = "    sp = g.spaces[i]\n"
    src = _source("build_problem").replace(first, first + "    _ = p.laps, g.jackpot\n", 1)
    assert src != _source("build_problem")
    assert _reads(src) - set(STAMP_COVERS) == {"p.laps", "g.jackpot"}

