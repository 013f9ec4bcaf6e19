"""Reading amounts of money typed by a person."""

from __future__ import annotations

import re


def parse_amount(text: str) -> int:
    """A whole amount typed by a person. Amounts are shown in the edition's money format (80k ₽,
    450 β), so `_`, spaces and a trailing currency mark are ignored. Raises ValueError."""
    return int(re.sub(r"[\s_]", "", text).rstrip("kK₽$€£β"))
