"""A quick yes for values a JSON Schema accepts: the recorded answers of a save, thousands a file.

jsonschema takes about 0.1 ms to check a plain answer and 0.3 ms a trade, so checking the 8,000
answers of a 3,000-turn game's save would take longer than replaying it. `accepts(schema, defs)`
turns a schema into a function that answers only True or False, in a few microseconds. It knows
the keywords the save schema uses on answers and answers False for any other (a keyword it does
not know, such as `pattern`, can only make it refuse), so what it accepts the schema accepts:
a refused value goes to jsonschema, whose errors are the verdict and the words of the message.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]
Builder = Callable[[dict[str, Any]], Check]

_IGNORED = frozenset({"description", "title", "$comment", "$schema", "$id", "definitions", "default"})
"""Keywords that say nothing of a value."""

_TYPES: dict[str, tuple[type, ...]] = {
    "null": (type(None),), "boolean": (bool,), "integer": (int,), "number": (int, float),
    "string": (str,), "array": (list,), "object": (dict,),
}
"""The Python types of each JSON type as the save reader's validator sees them: a whole number is
an int (not 5.0, not true); only the JSON parser's own types count (a number too long to convert
is none of them)."""


def accepts(schema: dict[str, Any], defs: dict[str, Any]) -> Check:
    """A function telling whether a value fits `schema` (its `$ref`s name entries of `defs`):
    True only when it does; False when it does not or when `schema` uses a keyword this module
    does not know. Recursive references are allowed (a list of answers is an answer)."""
    made: dict[str, Check] = {}

    def ref(name: str) -> Check:
        if name not in made:
            made[name] = lambda v: made[name](v)        # stands for itself while it is being made
            made[name] = build(defs[name])
        return made[name]

    def build(node: dict[str, Any]) -> Check:
        if "$ref" in node:
            return ref(node["$ref"].rsplit("/", 1)[-1])
        if set(node) - _IGNORED - _KNOWN:
            return lambda v: False
        return _node(node, build)

    return build(schema)


_KNOWN = frozenset({"type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
                    "maxLength", "items", "minItems", "maxItems", "properties", "required",
                    "additionalProperties", "minProperties", "maxProperties", "const"})


def _node(node: dict[str, Any], build: Builder) -> Check:
    """The check of one schema object of known keywords: its type, then the keywords of that type."""
    types = node.get("type", list(_TYPES))
    allowed = frozenset(t for name in ([types] if isinstance(types, str) else types) for t in _TYPES[name])
    number = _number(node)
    longest: float = node.get("maxLength", math.inf)
    shortest: int = node.get("minLength", 0)
    array, obj = _array(node, build), _object(node, build)
    const = node.get("const", _NOTHING)

    def check(v: Any) -> bool:
        kind = type(v)
        if kind not in allowed or (const is not _NOTHING and not (kind is type(const) and v == const)):
            return False
        if kind is str:
            return shortest <= len(v) <= longest
        if kind is int or kind is float:
            return number(v)
        if kind is list:
            return array(v)
        if kind is dict:
            return obj(v)
        return True
    return check


_NOTHING = object()


def _anything(v: Any) -> bool:
    return True


def _number(node: dict[str, Any]) -> Check:
    low, high = node.get("minimum", -math.inf), node.get("maximum", math.inf)
    above, below = node.get("exclusiveMinimum", -math.inf), node.get("exclusiveMaximum", math.inf)
    return lambda v: low <= v <= high and above < v < below


def _array(node: dict[str, Any], build: Builder) -> Check:
    items = node.get("items", {})
    if not isinstance(items, dict):            # a tuple of item schemas: not used by saves
        return lambda v: False
    item = build(items) if items else _anything
    least, most = node.get("minItems", 0), node.get("maxItems", math.inf)

    def check(v: list[Any]) -> bool:
        if not least <= len(v) <= most:
            return False
        for x in v:
            if not item(x):
                return False
        return True
    return check


def _object(node: dict[str, Any], build: Builder) -> Check:
    props = {k: build(s) for k, s in node.get("properties", {}).items()}
    required = tuple(node.get("required", ()))
    others = node.get("additionalProperties", True)
    closed = others is False
    other = build(others) if isinstance(others, dict) else _anything
    least, most = node.get("minProperties", 0), node.get("maxProperties", math.inf)

    def check(v: dict[str, Any]) -> bool:
        if not least <= len(v) <= most or any(k not in v for k in required):
            return False
        for k, x in v.items():
            if k in props:
                if not props[k](x):
                    return False
            elif closed or not other(x):
                return False
        return True
    return check
