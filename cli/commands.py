"""The typer app of the `magie` command and the command modules registered on it
(`magie.cli.app.main()` runs it).

The commands are registered lazily, so that `magie --help` starts fast: `COMMANDS` names each
command, the module that holds it and its one-line help, and `LazyGroup` imports a command's
module only when that command runs or prints its own help. `magie --help` thus needs neither
the command modules nor the engine, jsonschema or lark. Each command module has a
`register(app)` function that adds its commands to a typer app; add a new command to `COMMANDS`
(a test checks that the one-line helps there are those of the commands themselves).

The help is click's plain help (`rich_markup_mode=None`): typer's rich help imports
rich.markdown (markdown_it, pygments) and rich.traceback, which cost more than all the rest of
`magie COMMAND --help`. The commands' docstrings are therefore plain text; an example block
starts with click's `\\b` line so that it is printed as written, not re-wrapped.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo

if TYPE_CHECKING:    # click itself up to typer 0.2x, typer's own copy of it since
    from typer import _click as click

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("magie.cli.edition_commands",
                 "Check edition and overlay files: YAML, schema, meaning, and DSL code."),
    "editions": ("magie.cli.edition_commands",
                 "List the built-in editions and overlays with a one-line description of each."),
    "show": ("magie.cli.edition_commands",
             "Show an edition's board as a table, or the whole merged edition as YAML."),
    "diff": ("magie.cli.edition_commands",
             "Show what differs between two editions after merging, by JSON pointer."),
    "schema": ("magie.cli.edition_commands",
               "Print the JSON Schema of edition files, or its path (for editor setup)."),
    "watch": ("magie.cli.watch",
              "Validate an edition on every save and replay seeded games: what did the edit change?"),
    "check": ("magie.cli.check",
              "Self-test an edition: bot games with every invariant, replays, and what never fired."),
    "explain": ("magie.cli.explain",
                "Say why actions are not open at the decision a saved game stopped at."),
    "play": ("magie.cli.play",
             "Play a game at the terminal: people and bots, with a readable log, saves and resume."),
    "simulate": ("magie.cli.simulate",
                 "Play many games with bots and report statistics with confidence intervals."),
    "analyze": ("magie.cli.analyze",
                "Exact long-run landing odds of an edition, solved as a Markov chain (no simulation)."),
    "compare": ("magie.cli.compare",
                "Compare configurations on the same seeds: differences with confidence intervals."),
    "ladder": ("magie.cli.ladder",
               "Rate bot kinds against each other: round-robin tables over many seeds, openskill "
               "ratings."),
    "board": ("magie.cli.web_commands",
              "Draw the board of an edition: spaces as it lays them out, colour bands, names, prices."),
    "serve": ("magie.cli.web_commands",
              "Play in the browser: people at several browsers (or sharing one) and bots at one "
              "table."),
    "lsp": ("magie.cli.lsp",
            "Run the language server for edition and overlay files (for editors), over stdio."),
}
"""Command name -> (the module whose `register(app)` adds it, its one-line help), in the order
`magie --help` lists them."""

HELP = ("magie: Monopoly-family board games from YAML editions.\n\n"
        "Editions (boards, deeds, cards, rules) are YAML files checked by a JSON Schema; "
        "overlays add house rules. Start with `magie editions` and `magie show classic`.")
"""The help of the `magie` app (`magie --help`)."""


def version_line() -> str:
    """`magie --version`: the version and whether the engine runs compiled."""
    from magie.engine import __version__

    compiled = compiled_modules()
    build = f"compiled with mypyc: {len(compiled)} modules" if compiled else "pure Python"
    return f"magie {__version__} ({build})"


def compiled_modules() -> list[str]:
    """The engine modules this install runs compiled (the mypyc build an install makes where a C
    compiler works, README): those with an extension module beside their source; [] for a
    pure-Python install. Looks at files only, so that it imports nothing."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import magie.engine
    root = os.path.dirname(os.path.abspath(magie.engine.__file__ or ""))
    found = set()
    for folder, _dirs, files in os.walk(root):
        for f in files:
            if any(f.endswith(suffix) for suffix in EXTENSION_SUFFIXES):
                rel = os.path.relpath(os.path.join(folder, f), root)
                found.add(rel.split(".")[0].replace(os.sep, "."))
    return sorted(found)


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
    """The class of magie's commands (see `_BoolHelp`)."""


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
    """The click command of a registered command, with click's plain help."""
    return typer.main.get_command_from_info(info, pretty_exceptions_short=app.pretty_exceptions_short,
                                            rich_markup_mode=None)


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
    rich_markup_mode=None,      # plain help and usage errors (see the module's docstring)
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print magie's version and exit.")) -> None:
    """magie: Monopoly-family board games from YAML editions."""
