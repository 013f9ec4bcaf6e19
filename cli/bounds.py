"""The bounds of the numbers the commands take, checked one way and before anything is allocated
(`--bots 10**20` would build that many seats; a seed past 2**63 could not be saved)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import typer

from .i18n import grouped


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
        return _("{opt} must be at most {most}, not {value}").format(opt=opt, most=grouped(most, _),
                                                                    value=grouped(value, _))[:300]
    return _("{opt} must be from {least} to {most}, not {value}").format(
        opt=opt, least=grouped(least, _), most=grouped(most, _), value=grouped(value, _))[:300]


def seed_problem(seed: int | None, opt: str = "--seed", _: Callable[[str], str] = _english) -> str | None:
    """Why `seed` cannot be a game's seed (saves hold seeds from -2**63 to 2**63 - 1), or None."""
    from magie.engine.limits import MAX_SEED, MIN_SEED

    return bound_problem(opt, seed, MIN_SEED, MAX_SEED, _)


def claim_attention_problem(share: float, opt: str = "--claim-attention") -> str | None:
    """Why `share` cannot be the share of rents bots claim (from 0 to 1; not NaN), or None."""
    if 0.0 <= share <= 1.0:
        return None
    return f"{opt} is the share of rents the bots claim, from 0 to 1, not {share:g}"


# ------------------------------------------------------------------ numbers read as text
# A number option is typed as text and read here, not by click: click's check of a number stops the
# command at once, so `-n 0 --players 9 --set rules.nosuch=1` told only the first problem. Read here,
# a wrong number is one more problem of the command line, told with the others in one run.

MAX_DIGITS = 40
"""Most digits of a whole number read from the command line (every bound is far below 10**40;
Python refuses to convert more than 4,300 digits)."""

_WHOLE = re.compile(r"[+-]?[0-9]+")

T = TypeVar("T")


def number_option(*names: str, least: float, most: float, decimal: bool = False, in_help: bool = False,
                  **kw: Any) -> Any:
    """A `typer.Option` for a number read as text by `whole` or `decimal`, from `least` to `most`
    (the bounds the command checks): its help shows the metavar and the whole range as typer shows
    those of a number option (`<int range> [1<=x<=256]`), but typer only passes the text on.
    `in_help`: the range is shown at the end of the help text instead, after the option's own
    metavar (`kw`), where a wide range would squeeze the help's other columns (a seed's, 19 digits
    a side, is shown as powers of two: `[-2^63<=x<=2^63-1]`)."""
    if not in_help:
        return typer.Option(*names, metavar=f"<{'float' if decimal else 'int'} range>", min=least, max=most, **kw)
    kw["help"] = f"{kw.get('help', '')} [{_power(least)}<=x<={_power(most)}]".lstrip()
    return typer.Option(*names, **kw)


def _power(n: float) -> str:
    """`n` as it is, or past 12 digits as a power of two, give or take one (-2^63, 2^63-1: `**` is
    Markdown's bold in the help)."""
    if len(str(n)) <= 12:
        return str(n)
    for k in range(40, 128):
        for shown, value in ((f"2^{k}", 2**k), (f"2^{k}-1", 2**k - 1), (f"-2^{k}", -2**k)):
            if n == value:
                return shown
    return str(n)


def whole(text: str | None, opt: str, least: int | None, most: int, wrong: list[str], fallback: T,
          _: Callable[[str], str] = _english) -> int | T:
    """The whole number given as `text` to `opt`: ASCII digits with an optional sign, within
    [least, most] (least None: no lower bound). `fallback` when not given (None), or when wrong:
    then its problem (what `opt` takes, and what it got) is added to `wrong`, in the words of `_`."""
    if text is None:
        return fallback
    digits = text.strip()
    if not _WHOLE.fullmatch(digits):
        shown = text if len(text) <= 40 else f"{text[:37]}..."
        if least is None:
            message = _("{opt} takes a whole number (at most {most}), not {text!r}")
        else:
            message = _("{opt} takes a whole number from {least} to {most}, not {text!r}")
        wrong.append(message.format(opt=opt, least=grouped(least, _) if least is not None else "",
                                    most=grouped(most, _), text=shown))
        return fallback
    if len(digits.lstrip("+-")) > MAX_DIGITS:
        if least is None:
            message = _("{opt} must be at most {most}, not a number of {n} digits")
        else:
            message = _("{opt} must be from {least} to {most}, not a number of {n} digits")
        wrong.append(message.format(opt=opt, least=grouped(least, _) if least is not None else "",
                                    most=grouped(most, _), n=grouped(len(digits.lstrip("+-")), _)))
        return fallback
    value = int(digits)
    if problem := bound_problem(opt, value, least, most, _):
        wrong.append(problem)
        return fallback
    return value


def decimal(text: str | None, opt: str, least: float, most: float, wrong: list[str], fallback: T) -> float | T:
    """The decimal number given as `text` to `opt`, a plain decimal (0.8, .5, 1; no `_`, exponent,
    inf or nan) from `least` to `most`; `fallback` when not given, or when wrong: then its problem
    is added to `wrong`."""
    from magie.engine.sim.config import PLAIN_DECIMAL

    if text is None:
        return fallback
    if not PLAIN_DECIMAL.fullmatch(text.strip()):
        shown = text if len(text) <= 40 else f"{text[:37]}..."
        wrong.append(f"{opt} takes a plain decimal number from {least:g} to {most:g}, not {shown!r}")
        return fallback
    value = float(text) + 0.0           # + 0.0: -0 is 0
    if not least <= value <= most:
        wrong.append(f"{opt} must be from {least:g} to {most:g}, not {value:g}")
        return fallback
    return value


def given_once(values: list[str] | None, opt: str, wrong: list[str], default: T, why: str = "") -> str | T:
    """The value of an option given at most once (`values`, as click gathers a repeatable option),
    or `default` when it is not given. Given more than once, the problem (naming each value) is
    added to `wrong`, as a `--set` path given twice is: the later value would replace the earlier
    one silently, and a repeat is most likely a slip; `why` is said after. The last value is returned, so that its own
    problems are told too."""
    if not values:
        return default
    if len(values) > 1:
        times = "twice" if len(values) == 2 else f"{len(values)} times"
        shown = " and ".join(f"{opt} {v if len(v) <= 40 else v[:37] + '...'}" for v in values[:3])
        wrong.append(f"{opt} is given {times} ({shown}{' ...' if len(values) > 3 else ''}); give it once"
                     + (f": {why}" if why else ""))
    return values[-1]


# ------------------------------------------------------------------ choices and required arguments read as text
# As numbers: click's check of a choice or of a missing argument stops the command at once, before
# magie's own checks, so `simulate --backend nope -n 0` told only the first problem.

def choice_option(*names: str, choices: Sequence[str], **kw: Any) -> Any:
    """A `typer.Option` for one of `choices`, read as text by `choice`: its help shows the choices
    as typer shows those of a choice option (`<process|ray>`)."""
    return typer.Option(*names, metavar=f"<{'|'.join(choices)}>", **kw)


def choice(text: str, opt: str, choices: Sequence[str], wrong: list[str], fallback: T) -> str | T:
    """`text` when it is one of `choices`; else `fallback`, and the problem (what `opt` takes, and
    what it got) is added to `wrong`."""
    if text in choices:
        return text
    shown = text if len(text) <= 40 else f"{text[:37]}..."
    wrong.append(f"{opt} takes {', '.join(choices[:-1])} or {choices[-1]}, not {shown!r}")
    return fallback


def edition_argument(**kw: Any) -> Any:
    """The `EDITION` argument of a command, optional for click (a missing one is told by
    `edition_problem` with the command line's other problems)."""
    return typer.Argument(metavar="EDITION", show_default=False, **kw)


def edition_problem(edition: str | None, example: str) -> str | None:
    """Why the command cannot run without `edition` (None when it is given)."""
    if edition is not None:
        return None
    return f"which edition? Give an edition id (see `magie editions`) or the path of an edition file, e.g. `{example}`"
