"""Wording helpers for problem messages, shared by the edition checks and the DSL checker:
'did you mean' suggestions and short listings of ids."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_names(word: str, known: Iterable[object], n: int = 3) -> tuple[str, ...]:
    """Up to `n` names of `known` (non-strings ignored) close to `word`, the closest first."""
    return tuple(difflib.get_close_matches(word, sorted({k for k in known if isinstance(k, str)}),
                                           n=n, cutoff=0.6))


def suggest(word: str, known: Iterable[object], n: int = 1, listing: str | None = None) -> str:
    """"; did you mean 'x'?" (or "'x', 'y' or 'z'" with `n` > 1) when `word` is close to names in
    `known`, else "; {listing}: a, b, c" when `listing` is given and there are 1 to 15 names,
    else ''. Meant to be appended to a message about an unknown `word`."""
    names = sorted({k for k in known if isinstance(k, str)})
    close = close_names(word, names, n)
    if close:
        quoted = [f"'{c}'" for c in close]
        alternatives = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
        return f"; did you mean {alternatives}?"
    if listing is not None and 0 < len(names) <= 15:
        return f"; {listing}: " + ", ".join(names)
    return ""


def id_list_text(ids: Iterable[str], limit: int = 12) -> str:
    """A short listing of ids: all of them, or the first `limit` and how many in all."""
    ids = list(ids)
    if len(ids) <= limit:
        return ", ".join(ids) if ids else "none"
    return ", ".join(ids[:limit]) + f", ... ({len(ids)} in all)"
