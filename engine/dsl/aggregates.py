"""Run-time helpers of the DSL's loops and aggregates (`count(each ...)`, `sum(... for each
...)`, `most(...)`, a choice's options), added to the globals of every generated module.

They take Python iterables built by the generated code from `GameRuntime` sets
(`alive_players()`, `others(p)`, `group_ids()`, `spaces_of(kind)`, `ahead(p)`), so they are
bounded by the number of players, groups or spaces. Numbers are ints or Fractions; the result
of an empty `sum`, `max` or `min` is 0, of an empty `first`, `most` or `least` none.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def _count(items: Iterable[Any]) -> int:
    """How many items."""
    k = 0
    for _ in items:
        k += 1
    return k


def _exists(items: Iterable[Any]) -> bool:
    """Whether there is an item (stops at the first: `count(...) > 0` compiles to this)."""
    for _ in items:
        return True
    return False


def _first(items: Iterable[Any]) -> Any:
    """The first item, or None."""
    for x in items:
        return x
    return None


def _sum(values: Iterable[Any]) -> Any:
    """The sum (0 for none)."""
    total = 0
    for v in values:
        total += v
    return total


def _maxof(values: Iterable[Any]) -> Any:
    """The largest value (0 for none)."""
    best = None
    for v in values:
        if best is None or v > best:
            best = v
    return 0 if best is None else best


def _minof(values: Iterable[Any]) -> Any:
    """The smallest value (0 for none)."""
    best = None
    for v in values:
        if best is None or v < best:
            best = v
    return 0 if best is None else best


def _most(pairs: Iterable[tuple[Any, Any]]) -> Any:
    """The item of the largest value among (value, item) pairs, the first on ties; or None."""
    best = item = None
    for v, x in pairs:
        if best is None or v > best:
            best, item = v, x
    return item


def _least(pairs: Iterable[tuple[Any, Any]]) -> Any:
    """The item of the smallest value among (value, item) pairs, the first on ties; or None."""
    best = item = None
    for v, x in pairs:
        if best is None or v < best:
            best, item = v, x
    return item


def _duration(k: int) -> int:
    """A flag's duration: a positive whole number."""
    if k <= 0:
        raise ValueError(f"a flag's duration must be positive (it is {k})")
    return k


NAMES = {"_count": _count, "_exists": _exists, "_first": _first, "_sum": _sum, "_maxof": _maxof,
         "_minof": _minof, "_most": _most, "_least": _least, "_duration": _duration}
"""The helpers by the names generated code uses."""
