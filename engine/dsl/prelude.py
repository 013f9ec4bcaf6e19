"""The prelude of generated code: the only globals a compiled snippet sees, besides the game `g`.

Compiled snippets run with `{'__builtins__': {}}` plus exactly the names in `namespace()`:
no Python builtins, no imports. Numbers are `int`, or `Fraction` after `/` (exact, so results
do not depend on floating point); money is always `int` (the checker sees to it).
Run-time errors raised here are located in the DSL text by `failures.make_fail`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..plugins import PluginFault, PluginFunction
from .vocabulary import LIMITS, MONEY_LIMIT

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
    """An amount of money: never negative, at most MONEY_LIMIT."""
    if not 0 <= a <= MONEY_LIMIT:
        if a < 0:
            raise ValueError(f"an amount of money cannot be negative (it is {a})")
        raise ValueError(f"the amount {_big(a)} is beyond {MONEY_LIMIT:_}, the most money a game handles")
    return a


def _money(a: int) -> int:
    """A formula's value in money: within ±MONEY_LIMIT (it may be negative: a score)."""
    if not -MONEY_LIMIT <= a <= MONEY_LIMIT:
        raise ValueError(f"the value {_big(a)} is beyond ±{MONEY_LIMIT:_}, the most money a game handles")
    return a


def _big(a: int) -> str:
    digits = len(str(abs(a))) if abs(a) < 10**4000 else 4000
    return f"{a:_}" if digits <= 30 else f"({'minus ' if a < 0 else ''}a number of about {digits} digits)"


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


_RESULT_WORDS = {"int": f"a whole number within ±{MONEY_LIMIT:,}".replace(",", " "), "bool": "true or false",
                 "player": "a player of the game or None", "space": "a space's board index or None",
                 "group": "a group id of the board or None"}


def plugin_call(f: PluginFunction) -> Callable[..., Any]:
    """A plugin's DSL function `f` as generated code calls it, `(g, *args)` (the `_P` of a module
    that calls one): an exception it raises, or a result not of its declared type (an int beyond
    ±MONEY_LIMIT too), is a `PluginFault` naming the function and the plugin, which `_fail`
    places at the call in the DSL text."""
    fn, who, returns = f.fn, f"DSL function {f.name}() of plugin {f.plugin!r}", f.returns

    def call(g: Any, *args: Any) -> Any:
        try:
            result = fn(g, *args)
        except Exception as e:
            raise PluginFault(f"{who} failed: {type(e).__name__}: {e}") from None
        if returns == "int":
            ok = type(result) is int and -MONEY_LIMIT <= result <= MONEY_LIMIT
        elif returns == "bool":
            ok = type(result) is bool
        elif result is None:
            ok = True
        elif returns == "space":
            ok = type(result) is int and 0 <= result < len(g.spaces)
        elif returns == "group":
            ok = isinstance(result, str) and any(s.group == result for s in g.spaces)
        else:
            ok = any(result is p for p in g.players)
        if not ok:
            try:
                shown = repr(result)
            except Exception:
                shown = f"a {type(result).__name__}"
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise PluginFault(f"{who} returned {shown}, not {_RESULT_WORDS[returns]}")
        return result
    return call


def namespace() -> dict:
    """The globals of a generated module (before `_fail` and the constants are added)."""
    return {
        "__builtins__": {},
        "_Exception": Exception,
        "_div": _div, "_floor": _floor, "_ceil": _ceil, "_round": _round, "_at": _at,
        "_amount": _amount, "_money": _money, "_steps": _steps, "_roll": _roll,
        "_owned_unmortgaged": _owned_unmortgaged, "_override": _override,
        "_min": min, "_max": max, "_abs": abs, "_len": len,
    }
