"""Why an action on a deed is closed, in the player's language, for the terminal's help at a
manage prompt and the browser's deed panel. The engine says it in English with ids ("lot_a has
no buildings", buildings.build_problem and the like); the reasons met most are read here by
their pattern and told again from the interface's catalogue with names and amounts (the
space's name in the game's language for its id, amounts in the edition's currency). Any other
reason stays the engine's text with names for ids, as the terminal shows it.

Each message below is both the catalogue's id and the pattern of the engine's text: `{player}`
stands for a name, `{space}`, `{group}` and `{kind}` for ids, `{cash}` and `{cost}` for amounts,
`{count}` for a number, `{holders}` for who holds the lots of a group a player lacks ("x belongs to Bot 2, y is the
bank's", each told by `HOLDERS`).
"""

from __future__ import annotations

import re

from rich.markup import escape

from .render import N_, Names

REASONS = (
    N_("{player} does not own the whole group {group}: {holders}"),
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
    N_("no building while in debt"),
    N_("no unmortgaging while in debt"),
    N_("{space} is pledged for a bank loan: repay the loan first"),
    N_("at most {count} buildings per turn"),
    N_("at most {count} building per group per turn"),
)

HOLDERS = (N_("{space} belongs to {player}"), N_("{space} is the bank's"))
"""The parts of `{holders}`, joined by ', '."""

_FIELDS = {"player": r".+?", "space": r"\w+", "group": r"\w+", "kind": r"\w+", "cash": r"-?\d+", "cost": r"-?\d+",
           "holders": r".+", "count": r"\d+"}


def _pattern(message: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", message)     # text, field, text, field, ..., text
    return re.compile("".join(re.escape(p) if k % 2 == 0 else f"(?P<{p}>{_FIELDS[p]})"
                              for k, p in enumerate(parts)) + "$")


_PATTERNS = tuple((_pattern(m), m) for m in REASONS)
_HOLDERS = tuple((_pattern(m), m) for m in HOLDERS)


def reason_in(words: Names, text: str) -> str:
    """The engine's reason `text` in `words`' language (rich markup where `words.markup`, as the
    terminal prints; plain text for the web page): one of `REASONS` from the catalogue with names
    (a space, a group, a building kind) and amounts in the edition's currency; any other text
    with names for its ids."""
    told = _told(words, text, _PATTERNS)
    if told is not None:
        return told
    return words.ids_to_names(escape(text) if words.markup else text)


def _told(words: Names, text: str, patterns: tuple[tuple[re.Pattern[str], str], ...]) -> str | None:
    for pattern, message in patterns:
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
            elif field == "holders":
                shown[field] = ", ".join(_told(words, part, _HOLDERS) or part for part in value.split(", "))
            else:
                shown[field] = escape(value) if words.markup else value
        return words._(message).format(**shown)
    return None
