"""Start-up stays light: `magie --help` and `magie editions` import neither the engine's game,
the DSL (lark) nor jsonschema (issue 15: at most 0.15 s of CPU)."""

from __future__ import annotations

import subprocess
import sys

import pytest

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


def test_engine_names_still_importable_lazily():
    import magie.engine as engine
    from magie.engine.agents import BOT_KINDS, BOTS

    assert BOT_KINDS == tuple(BOTS)
    assert engine.Game.__name__ == "Game" and engine.make_bot("basic").name == "basic-1"
    assert isinstance(engine.__version__, str)
    with pytest.raises(AttributeError):
        engine.no_such_name  # noqa: B018
