"""`magie lsp`: a language server for edition and overlay files, over stdin and stdout.

An editor with a generic LSP client runs `magie lsp` and gets, as the author types: every
problem `magie validate` reports, at its place (a DSL error at its column inside the YAML
string; a problem of the edition this one builds on at the `extends:` line), completion of DSL
words and the edition's ids inside DSL snippets and of YAML keys elsewhere, hover docs, go to
definition (into the base edition too) and an outline. docs/authoring.md "Editor setup" says how
to set up VS Code, Neovim and Helix.

The modules: document.py (one open file: its problems placed in it, its tree, its base
edition), index.py (the ids an edition defines and where), keys.py (YAML key paths and the JSON
Schema's keys), features.py (completion, hover, definition, outline), server.py (the protocol,
with pygls: the `lsp` extra). This module only registers the command: pygls is imported when the
server starts.
"""

from __future__ import annotations

import typer


def lsp(
    stdio: bool = typer.Option(True, "--stdio", hidden=True,
                               help="Talk over stdin and stdout (the only transport; accepted because "
                                    "editors pass it)."),
) -> None:
    """Run the language server for edition and overlay files (for editors), over stdio.

    Diagnostics (everything magie validate reports, as you type), completion of DSL words, ids
    and YAML keys, hover docs, go to definition and the outline. Needs the lsp extra (pygls).
    docs/authoring.md "Editor setup" shows the VS Code, Neovim and Helix settings.

    Example (an editor runs it; it then reads LSP messages on stdin):

    \b
      magie lsp
    """
    try:
        from .server import serve
    except ImportError as e:
        from magie.engine.extras import install_hint

        missing = (e.name or "pygls").split(".")[0]
        typer.echo(f"magie: magie lsp needs the lsp extra ({missing} is missing): {install_hint('lsp')}", err=True)
        raise typer.Exit(1) from None
    serve()


def register(app: typer.Typer) -> None:
    """Add `magie lsp` to the app."""
    app.command()(lsp)
