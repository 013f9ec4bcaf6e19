"""Start-up stays light: `magie --help`, `magie COMMAND --help` and `magie editions` import
neither the engine's game, the DSL (lark), jsonschema nor rich's Markdown (the target is at most
0.15 s of CPU, benchmarks/bench_startup.py), and nothing is written to a cache."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.runners import magie_main

HEAVY = ("jsonschema", "lark", "magie.engine.game", "magie.engine.dsl", "magie.engine.edition.checks")

NEVER = ("markdown_it", "pygments", "pydantic", "typer.rich_utils", "rich.markdown", "rich.traceback")
"""Neither imported for any help: typer's rich help (and pydantic, which typer uses to coerce a
flag without a default) cost more than all the rest of `magie COMMAND --help`."""

MAIN = magie_main("*sorted(sys.modules)")


def _loaded(args: list[str], env: dict[str, str]) -> set[str]:
    run = subprocess.run([sys.executable, "-c", MAIN, *args], capture_output=True, check=True, env=env)
    return set(run.stderr.decode().splitlines()[-1].split()[1:])


@pytest.mark.parametrize("args", [["--help"], ["editions"], ["simulate", "--help"], ["play", "--help"],
                                  ["validate", "--help"], ["serve", "--help"], ["lsp", "--help"], ["--version"]])
def test_light_commands_do_not_import_the_engine_or_rich_markdown(tmp_path, args):
    env = {**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("MAGIE_NO_CACHE", None)
    loaded = _loaded(args, env)
    assert not [m for m in loaded if m in HEAVY or m.startswith(HEAVY[:2])]
    assert not [m for m in loaded if m.split(".")[0] in NEVER[:3] or m in NEVER[3:]]
    assert not (tmp_path / "cache").exists()            # no output or listing written to a cache


def test_the_top_level_help_imports_no_command_module():
    loaded = _loaded(["--help"], dict(os.environ))
    assert {m for m in loaded if m.startswith("magie.")} == {
        "magie.cli", "magie.cli.app", "magie.cli.commands"}


def test_engine_names_still_importable_lazily():
    import magie.engine as engine
    from magie.engine.agents import BOT_KINDS, BOTS

    assert BOT_KINDS == tuple(BOTS)
    assert engine.Game.__name__ == "Game" and engine.make_bot("basic").name == "basic-1"
    assert isinstance(engine.__version__, str)
    with pytest.raises(AttributeError):
        engine.no_such_name  # noqa: B018
