"""The JSON Schema of an edition: loading it, checking a tree, and deriving the patch schema.

`schema_problems(tree)` checks a merged, marked tree against `schema/edition.schema.json` and
turns each jsonschema error into a `Problem` in plain English, located through the marks
(an unknown key at the key, a missing key at the map that lacks it), with a 'did you mean'
for misspelt keys and values.

`patch_schema()` is the same schema with nothing required (and `delete` allowed on items with
an id): the form for files with `extends:` or `overlay: true`, which give only what they
change. It is shipped as `schema/patch.schema.json` for editors; regenerate that file with
`python -m magie.engine.edition.schema` after changing the edition schema.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache

from ..hints import suggest
from ..kinds import DEED_KINDS
from ..paths import SCHEMA_PATH
from ..problems import Problem
from .pointers import describe, join, locate, locate_key
from .schema_validator import FastValidator, KnownValid, PlainValidator, prepare
from .yamlload import MarkedMap, MarkedSeq

PATCH_SCHEMA_PATH = SCHEMA_PATH.with_name("patch.schema.json")
"""The published relaxed schema for overlays and editions with `extends:` (editor use only)."""

SCHEMA_ID = "https://magie.dev/schema/edition.schema.json"

_PATTERN_MEANING = {
    "^[a-z][a-z0-9_]*$": "ids are lowercase letters, digits and '_', starting with a letter",
    "^[a-z]{2}$": "languages are two-letter codes such as en, ru",
    "^#[0-9a-fA-F]{6}$": "colours are written #rrggbb",
    "^all$": "expected a number or 'all'",
    "\\{n\\}": "the pattern must contain {n} where the amount goes",
    "^[a-z][a-z0-9_-]*$": "overlay ids are lowercase letters, digits, '_' and '-', starting with a letter",
}

_TYPE_NAMES = {"integer": "an integer", "string": "text", "object": "a map", "array": "a list",
               "boolean": "true or false", "null": "null", "number": "a number"}


@lru_cache(maxsize=1)
def load_schema() -> dict:
    """The edition schema, parsed from `schema/edition.schema.json`."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _checked_schema() -> dict:
    """The schema as the validator checks it (schema_validator.py): error `schema`s point here."""
    return prepare(load_schema())


@lru_cache(maxsize=1)
def _validator():
    return FastValidator(_checked_schema())


_KNOWN_VALID = KnownValid()


def schema_problems(tree) -> list[Problem]:
    """Every schema error of a marked tree, as located problems in plain English."""
    from .loader import content_hash

    try:
        digest: str | None = content_hash(tree)
    except (TypeError, ValueError):     # not JSON (a caller's own tree): checked, not remembered
        digest = None
    if digest in _KNOWN_VALID:
        return []
    out: list[Problem] = []
    declared = _checked_schema()["definitions"]["space_declared"]
    for err in _validator().iter_errors(tree):
        if err.schema is declared and not _is_declared(tree, err.instance):
            continue    # a kind neither built in nor declared: the semantic check names it once
        out.extend(_convert(tree, err))
    if not out and digest is not None:
        _KNOWN_VALID.add(digest)
    return out


def _is_declared(tree, space) -> bool:
    """Is the kind of `space` one the edition declares under `space_kinds`?"""
    kinds = tree.get("space_kinds") if isinstance(tree, dict) else None
    kind = space.get("kind") if isinstance(space, dict) else None
    return isinstance(kinds, list) and any(isinstance(k, dict) and k.get("id") == kind for k in kinds)


OVERLAY_ID_PATTERN = "^[a-z][a-z0-9_-]*$"


@lru_cache(maxsize=1)
def _overlay_meta_validator():
    root = load_schema()
    props = {k: root["properties"][k] for k in ("overlay", "name", "description", "base")}
    props["id"] = {"type": "string", "pattern": OVERLAY_ID_PATTERN}
    return PlainValidator({"definitions": root["definitions"], "type": "object",
                       "required": ["overlay", "id", "name", "description"], "properties": props})


def overlay_meta_problems(overlay) -> list[Problem]:
    """Problems with an overlay file's own keys: overlay, id, name, description, base.

    The rest of the overlay is checked after merging, as part of the edition it changes.
    """
    out: list[Problem] = []
    for err in _overlay_meta_validator().iter_errors(overlay):
        out.extend(_convert(overlay, err))
    return out


@lru_cache(maxsize=1)
def _space_kinds() -> dict[str, dict]:
    """Kind of space -> its definition (`space_<kind>`: the keys that kind has)."""
    defs = load_schema()["definitions"]
    return {k.removeprefix("space_"): d for k, d in defs.items() if k.startswith("space_")}


def _is_space_kind(schema) -> bool:
    """Is `schema` (an error's) the definition of a kind of space, in the checked schema?"""
    defs = _checked_schema()["definitions"]
    return any(schema is d for k, d in defs.items() if k.startswith("space_"))


def _owners(key: str) -> str:
    """The kinds of space that have `key`, in words ('' when none has it)."""
    kinds = [k for k, d in _space_kinds().items() if key in d.get("properties", {})]
    if len(kinds) == len(_space_kinds()):
        return ""
    if set(kinds) == {*DEED_KINDS, "declared"}:
        return "deeds (street, railroad, utility, a declared kind with `deed:`)"
    return " and ".join(f"{k} spaces" for k in kinds) if kinds else ""


def _where(tree, pointer: str) -> str:
    d = describe(tree, pointer)
    return f"{d}: " if d else ""


def _found(v) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if v is None:
        return "nothing (null)"
    if isinstance(v, int):
        return f"the integer {v}"
    if isinstance(v, float):
        return f"the number {v}"
    if isinstance(v, str):
        return f"the text {v!r}"
    return "a map" if isinstance(v, dict) else "a list"


def _convert(tree, err) -> list[Problem]:
    """The problems of one jsonschema error, in plain English at their place in the tree: a
    missing or unknown key at its map, a key of another kind of space, a wrong type or value."""
    v = err.validator
    if v == "required":
        return _missing(tree, err)
    if v == "dependencies":
        return _needs(tree, err)
    if v == "additionalProperties":
        return _unknown_keys(tree, err)
    if v == "not" and err.validator_value == {}:
        return _other_kinds_key(tree, err)
    if "propertyNames" in err.schema_path:
        return _bad_key(tree, err)
    return [_bad_value(tree, err)]


def _missing(tree, err) -> list[Problem]:
    ptr = join(err.absolute_path)
    inst = err.instance
    missing = [p for p in err.validator_value if p not in inst and repr(p) in err.message][:1]
    key = missing[0] if missing else err.validator_value[0]
    kind = inst.get("kind") if "then" in err.schema_path and isinstance(inst, dict) else None
    for_what = f" for a {kind} space" if isinstance(kind, str) else ""
    return [Problem.at(locate(tree, ptr), "error", "missing-key",
                       f"{_where(tree, ptr)}'{key}' is required{for_what}", ptr)]


def _needs(tree, err) -> list[Problem]:
    ptr = join(err.absolute_path)
    inst = err.instance
    out = []
    for prop, needs in err.validator_value.items():
        for need in needs:
            if prop in inst and need not in inst and repr(need) in err.message:
                # at the map: when a patch deleted `need`, the map is where it was changed
                out.append(Problem.at(locate(tree, ptr), "error", "missing-key",
                                      f"{_where(tree, ptr)}'{prop}' needs '{need}' too", ptr))
    return out


def _unknown_keys(tree, err) -> list[Problem]:
    where = _where(tree, join(err.absolute_path))
    inst = err.instance
    allowed = list(err.schema.get("properties", {}))
    kind = inst.get("kind") if isinstance(inst, dict) and _is_space_kind(err.schema) else None
    out = []
    for key in inst:
        if key not in allowed:
            kp = join([*err.absolute_path, key])
            owners = _owners(key)
            if isinstance(kind, str) and owners:
                msg = (f"{where}'{key}' does not belong here: only {owners} have '{key}' "
                       f"(a {kind} space has: {', '.join(allowed)})")
            else:
                msg = f"{where}unknown key '{key}'{suggest(key, allowed)} (allowed here: {', '.join(allowed)})"
            out.append(Problem.at(locate_key(tree, kp), "error", "unknown-key", msg, kp))
    return out


def _other_kinds_key(tree, err) -> list[Problem]:
    """A key that belongs to another kind of space (see the space's if/then in the schema)."""
    ptr = join(err.absolute_path)
    key = err.absolute_path[-1] if err.absolute_path else "?"
    parent = join(list(err.absolute_path)[:-1])
    reason = err.schema.get("description", "")
    return [Problem.at(locate_key(tree, ptr), "error", "unknown-key",
                       f"{_where(tree, parent)}'{key}' does not belong here: {reason[:1].lower()}{reason[1:]}",
                       ptr)]


def _bad_key(tree, err) -> list[Problem]:
    inst = err.instance
    kp = join([*err.absolute_path, inst])
    meaning = _PATTERN_MEANING.get(err.validator_value, "") if err.validator == "pattern" else ""
    return [Problem.at(locate_key(tree, kp), "error", "bad-value",
                       f"{_where(tree, join(err.absolute_path))}the key '{inst}' is not allowed here"
                       + (f": {meaning}" if meaning else ""), kp)]


def _bad_value(tree, err) -> Problem:
    ptr = join(err.absolute_path)
    where = _where(tree, ptr)
    v, inst = err.validator, err.instance
    mark = locate(tree, ptr)
    if v == "type":
        types = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        expected = " or ".join(_TYPE_NAMES.get(t, str(t)) for t in types)
        hint = ""
        if "string" in types and isinstance(inst, (int, float)) and not isinstance(inst, bool):
            hint = f' (write it in quotes: "{inst}")'
        elif "integer" in types and isinstance(inst, float):
            hint = " (amounts are whole numbers)"
        return Problem.at(mark, "error", "wrong-type", f"{where}expected {expected}, found {_found(inst)}{hint}", ptr)
    if v == "enum":
        options = [str(o) for o in err.validator_value]
        sugg = suggest(inst, options) if isinstance(inst, str) else ""
        return Problem.at(mark, "error", "bad-value",
                          f"{where}{_found(inst)} is not one of: {', '.join(options)}{sugg}", ptr)
    if v == "pattern":
        meaning = _PATTERN_MEANING.get(err.validator_value, f"expected text matching {err.validator_value}")
        return Problem.at(mark, "error", "bad-value", f"{where}{inst!r} is not allowed: {meaning}", ptr)
    return Problem.at(mark, "error", "bad-value", f"{where}{_out_of_range(err)}", ptr)


def _out_of_range(err) -> str:
    v, inst = err.validator, err.instance
    if v in ("minimum", "exclusiveMinimum"):
        return f"{inst} is too small (the least allowed is {err.validator_value})"
    if v in ("maximum", "exclusiveMaximum"):
        return f"{inst} is too large (the most allowed is {err.validator_value})"
    if v == "minItems":
        return f"needs at least {err.validator_value} item{'s' if err.validator_value != 1 else ''}"
    if v == "maxItems":   # never the list itself: it may be thousands of items long
        n = len(inst) if isinstance(inst, list) else 0
        return f"has {n:,} items; at most {err.validator_value:,} are allowed"
    if v == "minLength":
        return "must not be empty"
    return err.message


def _resolve(schema: dict, root: dict) -> dict:
    while isinstance(schema, dict) and "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = root["definitions"][name]
    return schema


def apply_defaults(tree, schema: dict | None = None) -> None:
    """Fill in, in place, the schema's `default` for every absent key whose map is present.

    Defaults have no mark (`locate` gives None for them). Only `properties` and `items` are
    followed, which is where the edition schema puts its defaults.
    """
    root = load_schema() if schema is None else schema

    def walk(node, sch):
        sch = _resolve(sch, root)
        if isinstance(node, dict):
            for key, sub in sch.get("properties", {}).items():
                if key not in node and "default" in sub:
                    node[key] = _marked(copy.deepcopy(sub["default"]))
                elif key in node:
                    walk(node[key], sub)
        elif isinstance(node, list) and isinstance(sch.get("items"), dict):
            for item in node:
                walk(item, sch["items"])

    walk(tree, root)


def _marked(value):
    if isinstance(value, dict):
        out = MarkedMap()
        for k, v in value.items():
            out.put(k, _marked(v), None, None)
        return out
    if isinstance(value, list):
        seq = MarkedSeq()
        for v in value:
            seq.push(_marked(v), None)
        return seq
    return value


_RELAXED = ("required", "dependencies", "allOf", "if", "then", "else", "minItems", "default")



def patch_schema() -> dict:
    """The edition schema with nothing required, for files that give only what they change.

    Items with an `id` (spaces, groups, decks, cards, actions) also accept `delete: true`.
    """
    root = load_schema()
    kinds = _space_kinds()

    def relax(node, top=False):
        if isinstance(node, list):
            return [relax(x) for x in node]
        if not isinstance(node, dict):
            return node
        if node is root["definitions"]["space"]:
            # a patched space may leave out its kind: every kind's keys are allowed
            union = dict(node["properties"])
            for d in kinds.values():
                union.update({k: p for k, p in d["properties"].items() if k not in union})
            node = dict(node, additionalProperties=False, properties=union)
        out = {k: relax(v) for k, v in node.items() if k not in _RELAXED}
        props = out.get("properties")
        if isinstance(props, dict):
            # `null` deletes a key when merging (an edition's own `null`s are checked after merging)
            for key, sub in list(props.items()):
                if not (top and key in ("overlay", "id")):
                    props[key] = _or_null(sub)
            if "id" in props and not top:
                props["delete"] = {"const": True, "description":
                                   "true removes the item with this id from the edition patched; "
                                   "such an item has only id and delete."}
        return out

    schema = relax(root, top=True)
    schema["definitions"] = {k: v for k, v in schema["definitions"].items() if not k.startswith("space_")}
    # an overlay's id may contain '-' (the built-in overlays' file names)
    schema["properties"]["id"] = {"type": "string", "pattern": OVERLAY_ID_PATTERN,
                                  "description": root["properties"]["id"]["description"]
                                  + " An overlay's id may also contain '-'."}
    schema["$id"] = SCHEMA_ID.replace("edition.schema.json", "patch.schema.json")
    schema["title"] = "magie edition patch (extends or overlay)"
    schema["description"] = (
        "A file that changes an edition: an edition with `extends:` or an overlay (`overlay: true`). "
        "Every key is optional; maps merge deeply, `null` deletes a key, items with an id merge by id "
        "(`{id: x, delete: true}` removes x), other lists replace. This file is generated from "
        "edition.schema.json by `python -m magie.engine.edition.schema`.")
    return schema


def _or_null(sub: dict) -> dict:
    """`sub`, or null. A typed schema gets 'null' added to its types (so errors in its items keep
    their own wording); a bare `$ref` becomes an anyOf with the description kept on top."""
    if sub == {"not": {}} or "const" in sub:
        return sub
    if "type" in sub:
        types = sub["type"] if isinstance(sub["type"], list) else [sub["type"]]
        out = dict(sub, type=types if "null" in types else [*types, "null"])
        if "enum" in out and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
        return out
    desc = sub.get("description")
    inner = {k: v for k, v in sub.items() if k != "description"}
    wrapped: dict = {"anyOf": [inner, {"type": "null"}]}
    return {"description": desc, **wrapped} if desc else wrapped


def patch_schema_text() -> str:
    """The text of `schema/patch.schema.json` as generated from the edition schema."""
    return json.dumps(patch_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # regenerate schema/patch.schema.json
    PATCH_SCHEMA_PATH.write_text(patch_schema_text(), encoding="utf-8")
    print(f"wrote {PATCH_SCHEMA_PATH}")
