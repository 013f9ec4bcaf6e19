"""The `magie` command line (typer + rich)."""
