"""Locating run-time errors of generated code in the edition's DSL text.

`make_fail` builds the per-module `_fail`, which turns a Python error raised by generated code
(division by zero, an index out of range, a value that is none) into an `EffectError` naming the
card or formula and the file:line:col of the failing DSL text.
"""

from __future__ import annotations

import fractions
from collections.abc import Callable

from ..errors import EditionFault, EffectError, MagieError
from . import aggregates, prelude

# Frames in these files are the DSL's own helpers, not the engine: an error raised there is the
# edition's (a division by zero in `_div`, a Fraction operation), so it is located in the DSL.
_OWN_FILES = {prelude.namespace.__code__.co_filename, fractions.__file__,
              aggregates._count.__code__.co_filename}


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
    in the edition); else, and for an `EditionFault` wherever it was raised (the edition asked
    for what it does not allow), an `EffectError` located at the failing DSL text.
    """

    def _fail(exc: BaseException, fid: int) -> BaseException:
        fault = isinstance(exc, EditionFault)     # the edition's, wherever the engine raised it
        if isinstance(exc, MagieError) and not fault:
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
        if ours is None or (foreign and not fault):
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
        err = EffectError(where(owner, pos), str(exc) if fault else _message(exc))
        err.__cause__ = exc
        return err

    return _fail
