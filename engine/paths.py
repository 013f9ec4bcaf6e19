"""Where the data shipped with magie lives, for both a regular and an editable install.

`magie.engine` is the `engine/` folder of the repository (editable install) or
`site-packages/magie/engine` (regular install); the built-in editions and the schema
sit next to it in both cases (`editions/`, `schema/`).
"""

from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent

EDITIONS_DIR: Path = _ROOT / "editions"
"""Folder of the built-in editions (`*.yaml`)."""

SCHEMA_PATH: Path = _ROOT / "schema" / "edition.schema.json"
"""The published JSON Schema of an edition file."""
