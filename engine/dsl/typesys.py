"""The value types of the DSL, as the checker sees them.

There are no type annotations in the language: every name, attribute and function has a known
type, and the checker works out the type of each expression from them. Numbers are split in two:
`INT` (always a whole number) and `NUM` (may be fractional: the result of `/`). Money must be
`INT`; `floor`, `ceil`, `round` and `//` turn a `NUM` into an `INT`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Type:
    """A DSL type. `name` is one of: int, num, bool, player, space, group, kind, roll, none,
    role, list (with `item`), any (unknown after an error; accepted everywhere to avoid cascades)."""

    name: str
    item: Type | None = None

    def __str__(self) -> str:
        return describe(self)

    @property
    def is_number(self) -> bool:
        """int, num, or any (unknown after an error)."""
        return self.name in ("int", "num", "any")


INT = Type("int")
NUM = Type("num")
BOOL = Type("bool")
PLAYER = Type("player")
SPACE = Type("space")
GROUP = Type("group")
KIND = Type("kind")
ROLE = Type("role")
ROLL = Type("roll")
NONE = Type("none")
ANY = Type("any")


def list_of(item: Type) -> Type:
    """The type of a list whose items are `item`."""
    return Type("list", item)


_WORDS = {
    "int": "a whole number",
    "num": "a number that may be fractional",
    "bool": "true or false",
    "player": "a player",
    "space": "a space",
    "group": "a group",
    "kind": "a kind of space",
    "role": "a player role",
    "roll": "a roll of dice",
    "none": "none",
    "any": "a value",
}


_LIST_WORDS = {
    "int": "a list of whole numbers",
    "num": "a list of numbers",
    "bool": "a list of true/false values",
    "player": "a list of players",
    "space": "a list of spaces",
    "group": "a list of groups",
    "kind": "a list of kinds of space",
    "role": "a list of player roles",
    "roll": "a list of rolls",
    "none": "a list of nones",
}


def describe(t: Type) -> str:
    """Plain-English name of a type, for messages: 'a whole number', 'a list of players'."""
    if t.name == "list":
        if t.item is None or t.item.name not in _LIST_WORDS:
            return "a list"
        return _LIST_WORDS[t.item.name]
    return _WORDS[t.name]


NULLABLE = ("player", "space", "group")


def unify(a: Type, b: Type) -> Type | None:
    """The type of a value that is either `a` or `b` (both branches of `x if c else y`, the
    items of a list), or None when they do not mix."""
    if a.name == "any":
        return b
    if b.name == "any":
        return a
    if a == b:
        return a
    if a.is_number and b.is_number:
        return NUM
    if a.name == "none" and b.name in NULLABLE:
        return b
    if b.name == "none" and a.name in NULLABLE:
        return a
    if a.name == "list" and b.name == "list" and a.item and b.item:
        item = unify(a.item, b.item)
        return list_of(item) if item else None
    return None


def comparable(a: Type, b: Type) -> bool:
    """Can `a == b` be asked? Numbers with numbers, like with like, none with players, spaces
    and groups."""
    if a.name == "any" or b.name == "any":
        return True
    if a.is_number and b.is_number:
        return True
    if a == b:
        return True
    if a.name == "none" and b.name in NULLABLE + ("none",):
        return True
    if b.name == "none" and a.name in NULLABLE:
        return True
    return False
