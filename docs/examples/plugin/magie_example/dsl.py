"""The DSL function `digit_sum`: a rule the DSL cannot say with its own words."""

from __future__ import annotations

from typing import Any

from magie.engine.plugins import dsl_function


@dsl_function(params=["int"], returns="int")
def digit_sum(game: Any, n: int) -> int:
    """The sum of the decimal digits of n (of its absolute value): digit_sum(1234) is 10.

    Example: `pay bank 10 * digit_sum(me.cash)`.
    """
    return sum(int(c) for c in str(abs(n)))
