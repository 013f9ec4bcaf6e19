"""Agents answer the engine's decisions: bots here, the human at the terminal in `magie.cli`.

`make_bot(kind, seed, seat)` builds a bot by name: 'basic' (a sensible heuristic player) or
'random' (any legal answer, for fuzzing)."""

from .basic import BasicBot
from .random_bot import RandomBot
from .scripted import Scripted

BOTS = {"basic": BasicBot, "random": RandomBot}


def make_bot(kind: str, seed: int = 0, seat: int = 0, claim_attention: float = 1.0):
    """A bot of `kind` ('basic' or 'random') with its own generator seeded from (seed, seat).
    `claim_attention` (0..1) is the share of rents a basic bot claims where owners must claim."""
    try:
        cls = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOTS)})") from None
    if cls is BasicBot:
        return BasicBot(seed=seed * 1009 + seat, name=f"{kind}-{seat + 1}", claim_attention=claim_attention)
    return cls(seed=seed * 1009 + seat, name=f"{kind}-{seat + 1}")


__all__ = ["BasicBot", "RandomBot", "Scripted", "make_bot", "BOTS"]
