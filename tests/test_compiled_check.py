"""CI's check of the compiled build (tools/compiled_check.py) refuses to pass vacuously and sees a
difference: a pure tree is not taken for the compiled build, and `simulate --json` of a tree whose
rules differ is reported. (The check itself, with its build, runs in .ci/run.)"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys

import pytest

from magie.cli.commands import compiled_modules
from tests.runners import ROOT, load_tool

compiled_check = load_tool("compiled_check")


def test_the_modules_checked_are_the_compiled_list_as_importable_names():
    assert len(compiled_check.MODULES) == len(compiled_check.COMPILED) >= 38
    assert "magie.engine.game.game" in compiled_check.MODULES
    assert "magie.engine.agents.basic.answers" in compiled_check.MODULES
    for name in compiled_check.MODULES:
        assert importlib.util.find_spec(name) is not None, name


def test_a_pure_tree_is_not_taken_for_the_compiled_build(tmp_path):
    pure = compiled_check.pure_tree(tmp_path / "pure")
    with pytest.raises(SystemExit, match=r"says 'magie 0\.1\.0 \(pure Python\)'.*not \(compiled with mypyc: "
                                         rf"{len(compiled_check.COMPILED)} modules\)"):
        compiled_check.assert_compiled(pure)


def _guard(kind: str, tree, modules: str = "magie.engine.game.dice,magie.engine.game.rent"):
    return subprocess.run([sys.executable, "-c", compiled_check.GUARD, *compiled_check._guard_args(kind, tree)[:3],
                           modules], env=compiled_check._env(tree), capture_output=True, text=True)


@pytest.mark.parametrize("installed", [False, True])
def test_the_guard_names_each_module_not_imported_from_an_extension_of_the_build(tmp_path, installed):
    # a pure tree (or a pure install) is taken neither for a compiled build folder nor for a
    # compiled install; a compiled install (CI's) is
    pure = compiled_check.pure_tree(tmp_path / "pure")
    out = _guard("compiled", None if installed else pure)
    if installed and compiled_modules():
        assert out.returncode == 0, out.stderr
        return
    assert out.returncode == 1
    assert out.stderr.startswith("not the compiled build: magie.engine.game.dice from ")
    assert "dice.py; magie.engine.game.rent from " in out.stderr and out.stderr.rstrip().endswith("rent.py")


def test_the_guard_takes_the_pure_source_for_the_pure_build(tmp_path):
    pure = compiled_check.pure_tree(tmp_path / "pure")
    assert _guard("pure", pure).returncode == 0
    elsewhere = tmp_path / "copy"
    shutil.copytree(ROOT / "engine", elsewhere / "magie" / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    out = _guard("pure", elsewhere, "magie.engine.game.dice")
    assert out.returncode == 1 and out.stderr.startswith("not the pure build: magie.engine.game.dice from ")


def test_simulate_outputs_that_differ_are_reported_and_equal_ones_pass(tmp_path):
    pure = compiled_check.pure_tree(tmp_path / "pure")
    other = tmp_path / "other"
    (other / "magie").mkdir(parents=True)
    for package, folder in compiled_check.PARTS.items():   # copies: the engine finds the editions beside it
        shutil.copytree(ROOT / folder, other / "magie" / package, ignore=shutil.ignore_patterns("__pycache__"))
    classic = other / "magie" / "editions" / "classic.yaml"
    text = classic.read_text(encoding="utf-8")
    assert "salary: 200" in text
    classic.write_text(text.replace("salary: 200", "salary: 210", 1), encoding="utf-8")
    run = ["classic", "-n", "3", "--seed", "1", "--jobs", "1", "--max-rounds", "30"]
    assert compiled_check.compare_simulations(pure, pure, [run]) == []
    problems = compiled_check.compare_simulations(other, pure, [run])
    assert len(problems) == 1 and problems[0].startswith(f"simulate {' '.join(run)} --json differs:\n--- pure\n")
    assert '-  "content_hash": ' in problems[0] and '+  "content_hash": ' in problems[0]
