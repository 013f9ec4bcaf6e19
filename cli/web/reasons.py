"""Why a deed action is closed, in the page's language. The engine says it in English with ids
("arbat has no buildings", buildings.build_problem and the like); the reasons a deed's panel
shows most are read here by their pattern and told again from the interface's catalogue with
names and amounts ("Arbat Street has no buildings", «Улица Арбат» без построек). Any other
reason stays the engine's text with names for ids (`Words.plain`), as the terminal shows it.

Each message below is both the catalogue's id and the pattern of the engine's text: `{player}`
stands for a name, `{space}`, `{group}` and `{kind}` for ids, `{cash}` and `{cost}` for amounts.
"""

from __future__ import annotations

import re

from ..render import N_
from .narrate import Words

REASONS = (
    N_("{player} does not own the whole group {group}"),
    N_("build evenly: another lot of the group has fewer buildings"),
    N_("sell evenly: another lot of the group has more buildings"),
    N_("{space} has no buildings"),
    N_("{space} already has a {kind}"),
    N_("{space} in the group is mortgaged"),
    N_("{space} is not mortgaged"),
    N_("{space} is already mortgaged"),
    N_("{space} is mortgaged: the bank would pay nothing for it"),
    N_("sell the buildings on {space} first"),
    N_("sell the buildings of the whole group first"),
    N_("sell the buildings of the group first"),
    N_("the bank does not buy title deeds in this edition"),
    N_("buildings may be bought only before rolling"),
    N_("{player} has {cash}, the building costs {cost}"),
    N_("lifting the mortgage costs {cost}; {player} has {cash}"),
)

_FIELDS = {"player": r".+?", "space": r"\w+", "group": r"\w+", "kind": r"\w+", "cash": r"-?\d+", "cost": r"-?\d+"}


def _pattern(message: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", message)     # text, field, text, field, ..., text
    return re.compile("".join(re.escape(p) if k % 2 == 0 else f"(?P<{p}>{_FIELDS[p]})"
                              for k, p in enumerate(parts)) + "$")


_PATTERNS = tuple((_pattern(m), m) for m in REASONS)


def reason_in(words: Words, text: str) -> str:
    """The engine's reason `text` in `words`' language: one of `REASONS` from the catalogue with
    names (a space, a group, a building kind) and amounts in the edition's currency; any other
    text with names for its ids."""
    for pattern, message in _PATTERNS:
        m = pattern.match(text)
        if m is None:
            continue
        shown = {}
        for field, value in m.groupdict().items():
            if field == "space":
                shown[field] = words.space(value)
            elif field == "group":
                shown[field] = words.group(value)
            elif field == "kind":
                shown[field] = words._(value)
            elif field in ("cash", "cost"):
                shown[field] = words.money(int(value))
            else:
                shown[field] = value
        return words._(message).format(**shown)
    return words.plain(text)
