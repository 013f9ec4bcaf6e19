"""Start-up stays light: `magie --help` and `magie editions` import neither the engine's game,
the DSL (lark) nor jsonschema (issue 15: at most 0.15 s of CPU)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.runners import magie_main

HEAVY = ("jsonschema", "lark", "magie.engine.game", "magie.engine.dsl", "magie.engine.edition.checks")

PROBE = """
import sys
from typer.testing import CliRunner
from magie.cli.app import app
r = CliRunner().invoke(app, {args!r})
assert r.exit_code == 0, r.output
print(" ".join(m for m in {heavy!r} if m in sys.modules))
"""


@pytest.mark.parametrize("args", [["--help"], ["editions"], ["simulate", "--help"], ["play", "--help"]])
def test_light_commands_do_not_import_the_engine(args):
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=args, heavy=HEAVY)],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""


MAIN = magie_main("*sorted(sys.modules)")

LIGHT_MAGIE = {"magie", "magie.cli", "magie.cli.app", "magie.cli.quick", "magie.cli.output_cache",
               "magie.engine", "magie.engine.paths"}
"""The magie modules `magie --help` loads: no command module, not the typer app (cli/commands.py),
of the engine only its paths (the cache folder)."""

EDITIONS_MAGIE = LIGHT_MAGIE | {"magie.engine.edition", "magie.engine.edition.listing"}
"""And `magie editions`: the listing, served by the packaged index (no edition file parsed)."""

NEVER = ("typer", "click", "rich", "jsonschema", "lark", "pydantic", "markdown_it", "pygments", "yaml")
"""Libraries neither imports (typer and its click: cli/quick.py answers both; rich: the editions
table drawn by `quick.plain_table`, piped or on a terminal (tests/cli/test_quick.py); yaml: the packaged index)."""


@pytest.mark.parametrize("args, magie", [(["--help"], LIGHT_MAGIE), (["editions"], EDITIONS_MAGIE)])
def test_the_first_run_after_a_change_imports_only_what_it_prints(tmp_path, args, magie):
    env = {**os.environ, "MAGIE_CACHE_DIR": str(tmp_path)}
    env.pop("MAGIE_NO_CACHE", None)
    runs = []
    for cache in ("on", "on", "off"):
        for entry in tmp_path.glob("output-*"):
            entry.unlink()                    # as after a change: the output cache misses
        runs.append(subprocess.run([sys.executable, "-c", MAIN, *args], capture_output=True, check=True,
                                   env={**env, "MAGIE_NO_CACHE": "1"} if cache == "off" else env))
    for run in runs:
        loaded = set(run.stderr.decode().splitlines()[-1].split()[1:])
        assert {m for m in loaded if m.startswith("magie")} == magie      # quick ran: not served
        assert not [m for m in loaded if m.split(".")[0] in NEVER]
        assert run.stdout == runs[0].stdout
    assert not list(tmp_path.glob("editions-index*"))   # no user index needed for the built-in files


def test_engine_names_still_importable_lazily():
    import magie.engine as engine
    from magie.engine.agents import BOT_KINDS, BOTS

    assert BOT_KINDS == tuple(BOTS)
    assert engine.Game.__name__ == "Game" and engine.make_bot("basic").name == "basic-1"
    assert isinstance(engine.__version__, str)
    with pytest.raises(AttributeError):
        engine.no_such_name  # noqa: B018
