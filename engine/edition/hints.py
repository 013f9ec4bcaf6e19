"""Wording helpers for problem messages: 'did you mean' suggestions and listings of ids."""

from __future__ import annotations

import difflib


def suggest(word: str, known) -> str:
    """'; did you mean 'x'?' when `word` is close to one of `known`, else ''."""
    close = difflib.get_close_matches(word, [k for k in known if isinstance(k, str)], n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def id_list_text(ids, limit: int = 12) -> str:
    """A short listing of ids: all of them, or the first `limit` and how many in all."""
    ids = list(ids)
    if len(ids) <= limit:
        return ", ".join(ids) if ids else "none"
    return ", ".join(ids[:limit]) + f", ... ({len(ids)} in all)"
