"""The lazy registration of magie's commands (cli/commands.py): the app
lists every command from `COMMANDS` without importing its module, and each command's help and
behaviour are those of the same commands registered eagerly on a typer app, as before."""

from __future__ import annotations

import importlib

import pytest
import typer
from typer.core import TyperCommand
from typer.testing import CliRunner

from magie.cli.commands import COMMANDS, Command, app

MODULES = list(dict.fromkeys(module for module, _ in COMMANDS.values()))


def _eager() -> typer.Typer:
    """The app as it was built before the lazy group: every module registered at once."""
    eager = typer.Typer(name="magie", no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                        context_settings={"help_option_names": ["-h", "--help"]})
    for module in MODULES:
        importlib.import_module(module).register(eager)
    for info in eager.registered_commands:      # the class of magie's commands, as module_commands gives
        if info.cls is TyperCommand:
            info.cls = Command
    return eager


def _names_and_helps(t: typer.Typer) -> dict[str, str]:
    group = typer.main.get_group(t)
    return {name: cmd.help.split("\n\n")[0].replace("\n", " ").strip()
            for name, cmd in group.commands.items()}


def test_commands_lists_exactly_the_registered_commands_with_their_one_line_help():
    registered = _names_and_helps(_eager())
    assert list(registered) == list(COMMANDS)       # the same commands, in the same order
    assert {name: one_line for name, (_, one_line) in COMMANDS.items()} == registered


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_help_is_the_one_of_the_eager_app(name):
    runner = CliRunner()
    lazy = runner.invoke(app, [name, "--help"], terminal_width=100)
    eager = runner.invoke(_eager(), [name, "--help"], terminal_width=100)
    assert lazy.exit_code == eager.exit_code == 0
    assert lazy.output == eager.output and "--help" in lazy.output


def test_the_top_level_help_lists_every_command_and_option():
    out = CliRunner().invoke(app, ["--help"], terminal_width=100).output
    assert out.startswith("Usage: magie [OPTIONS] COMMAND [ARGS]...")
    for name, (_, one_line) in COMMANDS.items():
        assert f"  {name} " in out and one_line.split()[-1] in out
    assert "--version" in out and "-h, --help" in out and "Start with `magie editions`" in out


def test_a_command_runs_and_a_typo_is_suggested_like_before():
    runner = CliRunner()
    r = runner.invoke(app, ["editions"], terminal_width=200)
    assert r.exit_code == 0 and "classic" in r.output
    r = runner.invoke(app, ["simulat"])
    assert r.exit_code == 2 and "No such command 'simulat'. Did you mean 'simulate'?" in r.output
    r = runner.invoke(app, ["simulate", "--nope"])
    assert r.exit_code == 2 and "No such option: --nope" in r.output
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and r.output.startswith("magie ")
