"""Where the data shipped with magie lives, for both a regular and an editable install.

`magie.engine` is the `engine/` folder of the repository (editable install) or
`site-packages/magie/engine` (regular install); the built-in editions and the schema
sit next to it in both cases (`editions/`, `schema/`). Also the user's cache folder.
"""

import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent

EDITIONS_DIR: Path = _ROOT / "editions"
"""Folder of the built-in editions (`*.yaml`)."""

SCHEMA_PATH: Path = _ROOT / "schema" / "edition.schema.json"
"""The published JSON Schema of an edition file."""


def cache_dir() -> Path:
    """The user cache folder for magie: `$MAGIE_CACHE_DIR`, else `$XDG_CACHE_HOME/magie`,
    else `~/.cache/magie` (the DSL parser, the output of `--help`; every entry is checked before
    use and may be deleted at any time)."""
    if os.environ.get("MAGIE_CACHE_DIR"):
        return Path(os.environ["MAGIE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "magie"
