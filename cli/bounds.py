"""The bounds of the numbers the commands take, checked one way and before anything is allocated
(`--bots 10**20` would build that many seats; a seed past 2**63 could not be saved)."""

from __future__ import annotations

from collections.abc import Callable


def _english(message: str) -> str:
    return message


def bound_problem(opt: str, value: int | None, least: int | None, most: int,
                  _: Callable[[str], str] = _english) -> str | None:
    """Why `value` of option `opt` is out of [least, most] (least None: no lower bound), or None,
    in the words of `_` (a catalogue's gettext; English by default). The message is cut to 300
    characters (a number may have thousands of digits)."""
    if value is None or ((least is None or least <= value) and value <= most):
        return None
    if least is None:
        return _("{opt} must be at most {most}, not {value}").format(opt=opt, most=f"{most:,}",
                                                                    value=f"{value:,}")[:300]
    return _("{opt} must be from {least} to {most}, not {value}").format(
        opt=opt, least=f"{least:,}", most=f"{most:,}", value=f"{value:,}")[:300]


def seed_problem(seed: int | None, opt: str = "--seed", _: Callable[[str], str] = _english) -> str | None:
    """Why `seed` cannot be a game's seed (saves hold seeds from -2**63 to 2**63 - 1), or None."""
    from magie.engine.game.save import MAX_SEED, MIN_SEED

    return bound_problem(opt, seed, MIN_SEED, MAX_SEED, _)


def claim_attention_problem(share: float, opt: str = "--claim-attention") -> str | None:
    """Why `share` cannot be the share of rents bots claim (from 0 to 1; not NaN), or None."""
    if 0.0 <= share <= 1.0:
        return None
    return f"{opt} is the share of rents the bots claim, from 0 to 1, not {share:g}"
