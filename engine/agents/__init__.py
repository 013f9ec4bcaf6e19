"""Agents answer the engine's decisions: bots here, the human at the terminal in `magie.cli`.

`make_bot(kind, seed, seat)` builds a bot by name: 'basic' (a sensible heuristic player) or
'random' (any legal answer, for fuzzing). The bot classes are imported on first use, so that
`BOT_KINDS` (for help texts) costs nothing."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

BOT_KINDS = ("basic", "random")
"""The names `make_bot` knows, in the order of `BOTS`."""

_WHERE = {"BasicBot": ".basic", "RandomBot": ".random_bot", "Scripted": ".scripted"}

if TYPE_CHECKING:
    from .basic import BasicBot
    from .random_bot import RandomBot
    from .scripted import Scripted

    BOTS: dict[str, type]


def __getattr__(name: str) -> Any:
    """The bot classes and `BOTS` (kind -> class), imported on first use."""
    if name == "BOTS":
        value: Any = {"basic": __getattr__("BasicBot"), "random": __getattr__("RandomBot")}
    elif name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def make_bot(kind: str, seed: int = 0, seat: int = 0):
    """A bot of `kind` ('basic' or 'random') with its own generator seeded from (seed, seat)."""
    bots = globals().get("BOTS") or __getattr__("BOTS")
    try:
        cls = bots[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)})") from None
    return cls(seed=seed * 1009 + seat, name=f"{kind}-{seat + 1}")


__all__ = ["BOT_KINDS", "BOTS", "BasicBot", "RandomBot", "Scripted", "make_bot"]
