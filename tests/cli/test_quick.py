"""The answers of `magie` without typer (cli/quick.py, start-up of issue 15): `magie`, `--help`,
`-h`, `--version` and `editions` print byte for byte what the typer app prints, at every width
and by every program name; the editions table drawn without rich is rich's own."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table
from typer.testing import CliRunner

from magie.cli import quick
from magie.cli.commands import app
from tests.runners import magie_main

QUICK = magie_main('"quick"')
TYPER = """
import sys
sys.argv = ["magie", *sys.argv[1:]]
from magie.cli.app import _run
import magie.cli.quick
magie.cli.quick.answer = lambda args: None     # every command line to the typer app
try:
    _run()
finally:
    sys.stdout.flush()
    print("loaded:", "typer", file=sys.stderr)
"""
"""The same command lines run by the typer app, as before cli/quick.py (`_run`: exit code 2 -> 1)."""


@pytest.mark.parametrize("width", range(50, 79))
@pytest.mark.parametrize("prog", ["magie", "python -m magie.cli.app", "a-very-long-program-name-for-magie"])
def test_the_help_is_clicks_at_every_width(width, prog):
    r = CliRunner().invoke(app, ["--help"], terminal_width=width, prog_name=prog)
    assert r.exit_code == 0
    assert quick.help_text(prog, width) == r.output


@pytest.mark.parametrize("columns", ["10", "60", "79", "100", "x", "-3", "0", None])
def test_the_help_width_is_clicks(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert quick.help_width() == max(min(shutil.get_terminal_size().columns, 80) - 2, 50)


@pytest.mark.parametrize("args", [[], ["--help"], ["-h"], ["--version"], ["editions"], ["--help", "--version"],
                                  ["--version", "--help"], ["nosuch"], ["--bad"], ["editions", "--help"]])
@pytest.mark.parametrize("columns", ["50", "64", "200"])
def test_each_command_line_prints_what_the_typer_app_prints(tmp_path, args, columns):
    env = {**os.environ, "MAGIE_NO_CACHE": "1", "COLUMNS": columns}
    runs = [subprocess.run([sys.executable, "-c", code, *args], capture_output=True, env=env, check=False)
            for code in (QUICK, TYPER)]
    assert runs[0].stdout == runs[1].stdout and runs[0].returncode == runs[1].returncode
    errs = [r.stderr.splitlines() for r in runs]
    assert errs[0][:-1] == errs[1][:-1]                       # the last line: the marker
    assert (b"usage" in b"".join(errs[0]).lower()) == (args in ([], ["nosuch"], ["--bad"]))


def test_only_the_exact_command_lines_are_answered(monkeypatch):
    assert quick.answer(["--help"]) is not None and quick.answer(["editions"]) is not None
    for args in (["--help", "--version"], ["editions", "-h"], ["show", "classic"], ["Editions"]):
        assert quick.answer(args) is None
    monkeypatch.setenv("_MAGIE_COMPLETE", "bash_complete")   # shell completion is click's to answer
    assert quick.answer(["--help"]) is None


def _rich(rows, width: int, terminal: bool = False) -> str:
    """What rich prints for the editions table at `width`: without styles, or (`terminal`) as on
    a terminal that is not dumb."""
    table = Table(title=quick.EDITIONS_TITLE, title_justify="left")
    for n, name in enumerate(quick.EDITIONS_COLUMNS):
        table.add_column(name, style="bold" if n == quick.EDITIONS_BOLD else None)
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    Console(file=out, highlight=False, markup=False, emoji=False, width=width,
            **({"force_terminal": True, "color_system": "standard"} if terminal else {})).print(table)
    return out.getvalue()


def test_the_editions_table_is_riches_at_every_width():
    rows = quick.editions_rows()
    drawn = 0
    for width in range(20, 241):
        plain = quick.plain_table(quick.EDITIONS_TITLE, quick.EDITIONS_COLUMNS, rows, width)
        if plain is not None:
            drawn += 1
            assert plain == _rich(rows, width), width
    assert quick.plain_table(quick.EDITIONS_TITLE, quick.EDITIONS_COLUMNS, rows, 120) is not None
    assert drawn > 150


def test_the_editions_table_on_a_terminal_is_riches_at_every_width():
    rows = quick.editions_rows()
    drawn = 0
    for width in range(20, 241):
        styled = quick.plain_table(quick.EDITIONS_TITLE, quick.EDITIONS_COLUMNS, rows, width, bold=quick.EDITIONS_BOLD)
        if styled is not None:
            drawn += 1
            assert styled == _rich(rows, width, terminal=True), width
    assert drawn > 150 and "\x1b[1mclassic" in styled


WORDS = st.sampled_from(["a", "bb", "ccc", "dddd", "Biznespolia,", "x" * 15, "y" * 40, "(1906)", "", " ", "é"])
CELL = st.builds(lambda ws, sep, tail: sep.join(ws) + tail, st.lists(WORDS, max_size=12),
                 st.sampled_from([" ", " ", "  "]), st.sampled_from(["", " ", "   "]))


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(st.tuples(CELL, CELL, CELL, CELL), max_size=6), width=st.integers(20, 200))
def test_any_table_drawn_without_rich_is_riches(rows, width):
    plain = quick.plain_table(quick.EDITIONS_TITLE, quick.EDITIONS_COLUMNS, rows, width)
    if plain is not None:
        assert plain == _rich(rows, width)
        styled = quick.plain_table(quick.EDITIONS_TITLE, quick.EDITIONS_COLUMNS, rows, width, bold=quick.EDITIONS_BOLD)
        assert styled == _rich(rows, width, terminal=True)
    if any("é" in c for r in rows for c in r):
        assert plain is None                      # only printable ASCII is drawn without rich


@pytest.mark.parametrize("env, drawn", [({}, "plain"), ({"FORCE_COLOR": "1"}, b"\x1b[1m"),
                                        ({"TTY_COMPATIBLE": "1"}, b"\x1b[1m"),
                                        ({"PYTHONIOENCODING": "latin-1"}, b"+-----")])
def test_magie_editions_is_drawn_by_rich_where_rich_would_style_it(env, drawn):
    out = subprocess.run([sys.executable, "-c", QUICK, "editions"], capture_output=True, check=True,
                         env={**os.environ, "MAGIE_NO_CACHE": "1", **env}).stdout
    if drawn == "plain":
        assert out.decode() == _rich(quick.editions_rows(), 120)
    else:      # styles (bold ids) or an ASCII box: rich's own drawing
        assert drawn in out and b"classic" in out


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("term, styled", [("xterm-256color", True), ("dumb", False)])
def test_magie_editions_on_a_terminal_is_riches_without_rich(term, styled):
    import pty

    main, follower = pty.openpty()
    env = {**os.environ, "MAGIE_NO_CACHE": "1", "COLUMNS": "100", "TERM": term}
    for k in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR"):
        env.pop(k, None)
    run = subprocess.Popen([sys.executable, "-c", magie_main('*sorted(sys.modules)'), "editions"],
                           stdout=follower, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:                       # the child closed its end
            break
        if not chunk:
            break
        chunks.append(chunk)
    loaded = run.communicate(timeout=60)[1].decode().splitlines()[-1].split()[1:]
    os.close(main)
    out = b"".join(chunks).decode().replace("\r\n", "\n")
    assert run.returncode == 0
    if styled:                                # drawn here, as rich draws it on a terminal
        assert out == _rich(quick.editions_rows(), 100, terminal=True)
        assert "rich" not in {m.split(".")[0] for m in loaded}
    else:                # a dumb terminal: rich's own drawing, no styles, 80 columns (rich's rule)
        assert out == _rich(quick.editions_rows(), 80) and "rich.console" in loaded
