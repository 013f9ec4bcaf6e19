"""The helpers generated code may call, besides the game object `g`.

Compiled snippets run with `{'__builtins__': {}}` plus exactly the names in `namespace()`:
no Python builtins, no imports. Numbers are `int`, or `Fraction` after `/` (exact, so results
do not depend on floating point); money is always `int` (the checker sees to it).

`make_fail` builds the per-module `_fail`, which turns a Python error raised by generated code
(division by zero, an index out of range, a value that is none) into an `EffectError` naming the
card or formula and the file:line:col of the failing DSL text.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from ..errors import EffectError, MagieError
from .vocabulary import LIMITS

_HALF = Fraction(1, 2)


def _div(a, b):
    """a / b, exactly: an int when it divides evenly, else a Fraction."""
    if b == 0:
        raise ZeroDivisionError("division by zero")
    q = Fraction(a) / b
    return q.numerator if q.denominator == 1 else q


def _floor(x) -> int:
    return x if type(x) is int else math.floor(x)


def _ceil(x) -> int:
    return x if type(x) is int else math.ceil(x)


def _round(x) -> int:
    """Nearest whole number; halves round up (2.5 -> 3, -2.5 -> -2)."""
    return x if type(x) is int else math.floor(x + _HALF)


def _at(seq, i):
    """seq[i], for 0 <= i < len(seq) only (no Python negative indexing)."""
    if 0 <= i < len(seq):
        return seq[i]
    raise IndexError(f"index {i} is out of range: the list has {len(seq)} items, "
                     f"indexed from 0 to {len(seq) - 1}")


def _amount(a: int) -> int:
    """An amount of money: never negative."""
    if a < 0:
        raise ValueError(f"an amount of money cannot be negative (it is {a})")
    return a


def _steps(k: int) -> int:
    if k < 0:
        raise ValueError(f"the number of steps cannot be negative (it is {k})")
    return k


def _roll(g, k: int):
    if not 1 <= k <= LIMITS["dice"]:
        raise ValueError(f"roll() throws 1 to {LIMITS['dice']} dice, not {k}")
    return g.roll(k)


def _owned_unmortgaged(g, owner, space: int) -> int:
    """Deeds of the group of `space` that `owner` has and has not mortgaged."""
    group = g.spaces[space].group
    if group is None:
        return 1 if g.owner[space] is owner and not g.mortgaged[space] else 0
    return sum(1 for s in g.spaces
               if s.group == group and g.owner[s.index] is owner and not g.mortgaged[s.index])


def _override(fn, needs_rent: bool):
    """A rent override, marked with whether it reads the normal rent (`needs_rent`): when it
    does not (`with rent = 10 * roll(2).total`), the engine need not compute the normal rent,
    nor throw dice for it."""
    fn.needs_rent = needs_rent
    return fn


def namespace() -> dict:
    """The globals of a generated module (before `_fail` and the constants are added)."""
    return {
        "__builtins__": {},
        "_Exception": Exception,
        "_div": _div, "_floor": _floor, "_ceil": _ceil, "_round": _round, "_at": _at,
        "_amount": _amount, "_steps": _steps, "_roll": _roll,
        "_owned_unmortgaged": _owned_unmortgaged, "_override": _override,
        "_min": min, "_max": max, "_abs": abs, "_len": len,
    }


# ------------------------------------------------------------------ run-time errors

import fractions as _fractions

_OWN_FILES = {_div.__code__.co_filename, _fractions.__file__}


def _message(e: BaseException) -> str:
    text = str(e)
    if isinstance(e, ZeroDivisionError):
        return "division by zero"
    if isinstance(e, IndexError):
        return text if text.startswith("index ") else "index out of range: the list is shorter"
    if isinstance(e, (TypeError, AttributeError)) and "None" in text:
        if isinstance(e, AttributeError) and "attribute '" in text:
            attr = text.split("attribute '", 1)[1].rstrip("'")
            return f"this value is none (no player or space), so it has no '{attr}'"
        return "a value is none here (no player or space) where one is needed"
    return text or type(e).__name__


def make_fail(filename: str, lines: dict[int, tuple[int, tuple, list]],
              where: Callable[[int, tuple], str]) -> Callable:
    """Build `_fail(exc, fid)` for one generated module.

    `lines` maps a generated line number to (snippet fid, default DSL position, spans), spans
    being (start col, end col, DSL position) of generated sub-expressions. `where(fid, pos)`
    names the snippet and the file:line:col of DSL position `pos`.

    `_fail` returns the exception to raise: `exc` itself when it is a MagieError (an engine or
    nested-card error, already worded) or when it was raised inside the engine (a bug there, not
    in the edition); else an `EffectError` located at the failing DSL text.
    """

    def _fail(exc: BaseException, fid: int) -> BaseException:
        if isinstance(exc, MagieError):
            return exc
        tb = exc.__traceback__
        ours = None          # deepest traceback entry in generated code
        foreign = False      # a frame below it that is neither ours nor a helper
        while tb is not None:
            fname = tb.tb_frame.f_code.co_filename
            if fname == filename:
                ours, foreign = tb, False
            elif fname not in _OWN_FILES:
                foreign = True
            tb = tb.tb_next
        if ours is None or foreign:
            return exc
        line = ours.tb_lineno
        info = lines.get(line)
        if info is None:
            return exc
        owner, pos, spans = info
        col = end = None
        try:
            positions = list(ours.tb_frame.f_code.co_positions())
            _, _, col, end = positions[ours.tb_lasti // 2]
        except (AttributeError, IndexError, ValueError):
            pass
        if col is not None and spans:
            exact = [s for s in spans if s[0] == col and s[1] == end]
            around = [s for s in spans if s[0] <= col and (end is None or s[1] >= end)]
            if exact:
                pos = exact[0][2]
            elif around:
                pos = min(around, key=lambda s: s[1] - s[0])[2]
        err = EffectError(where(owner, pos), _message(exc))
        err.__cause__ = exc
        return err

    return _fail
