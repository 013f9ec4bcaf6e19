"""The typer app of the `magie` command and the command modules registered on it
(`magie.cli.app.main()` runs it).

The commands are registered lazily (start-up time, issue 15): `COMMANDS` names each command,
the module that holds it and its one-line help, and `LazyGroup` imports a command's module only
when that command runs or prints its own help. `magie --help` thus needs neither the command
modules nor the engine, jsonschema or lark. Each command module has a `register(app)` function
that adds its commands to a typer app; add a new command to `COMMANDS` (cli/quick.py, which
answers `magie --help` without typer; a test checks that the one-line helps there are those of
the commands themselves).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Literal

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo

from .quick import COMMANDS, HELP, HELP_OPTIONS, VERSION_HELP, version_line

if TYPE_CHECKING:    # click itself up to typer 0.2x, typer's own copy of it since
    from typer import _click as click

MARKUP: Literal["markdown"] = "markdown"
"""The markup of the commands' own help (`magie COMMAND --help`): their docstrings are Markdown
(inline code, **bold**, fenced examples)."""

class _BoolHelp:
    """A command whose `--help` flag defaults to False, not None: typer coerces a None flag
    through a pydantic TypeAdapter, and importing pydantic for that costs more than all of
    `magie editions`."""

    def get_help_option(self, ctx: click.Context) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None and option.default is None:
            option.default = False
        return option


class Command(_BoolHelp, TyperCommand):
    """The class of magie's commands (see `_BoolHelp`): a flag (`--json`, `--counters/--no-counters`,
    `-h/--help`) shows no type in the help, for it takes no value; typer 0.29's rich help shows
    `<bool>` for it, as if `--json true` were read."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        for param in self.params:
            _no_type(param)

    def get_help_option(self, ctx: click.Context) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            _no_type(option)
        return option


def _no_type(param: Any) -> None:
    if getattr(param, "is_flag", False) and param.metavar is None:
        param.metavar = ""              # shown as it is, instead of the type


class _Listed(TyperCommand):
    """A command as `magie --help` lists it (name and one-line help), before its module is
    imported; never run."""

    def __init__(self, name: str, one_line: str) -> None:
        super().__init__(name=name, help=one_line, short_help=one_line)


def module_commands(module: str) -> dict[str, CommandInfo]:
    """What `module`'s `register(app)` adds to a typer app: the commands' infos, by name, not yet
    made into click commands (`command_of`)."""
    sub = typer.Typer()
    importlib.import_module(module).register(sub)
    infos = {}
    for info in sub.registered_commands:
        if info.cls is TyperCommand:    # typer's default: no module asked for its own class
            info.cls = Command
        assert info.callback is not None
        infos[info.name or typer.main.get_command_name(info.callback.__name__)] = info
    return infos


def command_of(info: CommandInfo) -> click.Command:
    """The click command of a registered command, with the markup of the commands' help."""
    return typer.main.get_command_from_info(info, pretty_exceptions_short=app.pretty_exceptions_short,
                                            rich_markup_mode=MARKUP)


class LazyGroup(_BoolHelp, TyperGroup):
    """The `magie` group: lists every command of `COMMANDS` and imports a command's module only
    when the command is looked up to run it (or to print its own help), not to list it in
    `magie --help`."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._listing = False
        for name, (_module, one_line) in COMMANDS.items():
            self.commands.setdefault(name, _Listed(name, one_line))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = self.commands.get(cmd_name)
        if isinstance(cmd, _Listed) and not self._listing:
            cmd = self.commands[cmd_name] = command_of(module_commands(COMMANDS[cmd_name][0])[cmd_name])
        return cmd

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = typer.Typer(
    name="magie",
    cls=LazyGroup,
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    # Plain help for `magie --help` and plain usage errors: both rich markup modes import typer's
    # rich_utils, which imports rich.markdown (markdown_it, pygments) and rich.traceback, three
    # times the cost of all the rest of `--help`. The commands' own help stays rich (`MARKUP`).
    rich_markup_mode=None,
    context_settings={"help_option_names": list(HELP_OPTIONS)},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help=VERSION_HELP)) -> None:
    """magie: Monopoly-family board games from YAML editions."""
