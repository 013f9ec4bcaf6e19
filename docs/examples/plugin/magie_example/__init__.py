"""An example magie plugin: the edition `digits` (classic with a card that reads `digit_sum`),
the bot `thrifty` and the DSL function `digit_sum`, declared as entry points in pyproject.toml."""

from pathlib import Path

EDITIONS = Path(__file__).resolve().parent / "editions"
"""The plugin's editions (`*.yaml`) and overlays (`variants/*.yaml`), for the `magie.editions` entry point."""
