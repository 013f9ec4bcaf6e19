"""Many games with bots: batches and their summary (batch.py), per-game records (records.py),
comparisons (compare.py), the ladder (ladder.py), and `run` (results.py), which returns the
per-game records as a pandas DataFrame: `from magie.engine.sim import run`."""

from typing import Any


def __getattr__(name: str) -> Any:
    """`run`, imported when first asked for (the batch machinery stays unloaded otherwise)."""
    if name == "run":
        from .results import run
        return run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
