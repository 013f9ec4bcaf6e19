"""The typer app of the `magie` command and the command modules registered on it
(`magie.cli.app.main()` runs it).

Each command module has a `register(app)` function that adds its commands; add a new module to
`_COMMAND_MODULES` to register it.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="magie",
    help="magie: Monopoly-family board games from YAML editions.\n\n"
         "Editions (boards, deeds, cards, rules) are YAML files checked by a JSON Schema; "
         "overlays add house rules. Start with `magie editions` and `magie show classic`.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

_COMMAND_MODULES = [
    "magie.cli.edition_commands",
    "magie.cli.play",
    "magie.cli.simulate",
    "magie.cli.analyze",
    "magie.cli.compare",
    "magie.cli.ladder",
    "magie.cli.web_commands",
]

for _name in _COMMAND_MODULES:
    importlib.import_module(_name).register(app)


def compiled_modules() -> list[str]:
    """The engine modules this install runs compiled (the opt-in mypyc build, README): those with
    an extension module beside their source; [] for the default pure-Python install. Looks at
    files only, so that it imports nothing."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    import magie.engine
    root = Path(magie.engine.__file__).parent
    found = {str(f.relative_to(root)).split(".")[0].replace("/", ".")
             for suffix in EXTENSION_SUFFIXES for f in root.rglob(f"*{suffix}")}
    return sorted(found)


def _version(value: bool) -> None:
    if value:
        from magie.engine import __version__
        compiled = compiled_modules()
        build = f"compiled with mypyc: {len(compiled)} modules" if compiled else "pure Python"
        typer.echo(f"magie {__version__} ({build})")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print magie's version and exit.")) -> None:
    """magie: Monopoly-family board games from YAML editions."""
