"""The jsonschema validator that checks editions, prepared to do less work for the same errors.

The published schema (`schema/edition.schema.json`) stays plain Draft 7 for editors. Checking
an edition with it as written costs most of a load: every space is tried against each kind's
`if` block, and every `$ref` is looked up again at each use. The validator here checks against
a copy of the schema in which

- each local `$ref` is replaced by the schema it names (Draft 7 ignores a `$ref`'s siblings,
  and jsonschema adds nothing to an error's path for a `$ref`, so the errors are the same);
- the space's `allOf` of per-kind `if`/`then` blocks is evaluated by looking the space's
  `kind` up in a table of those blocks: only the one branch whose `if` holds is descended
  into, with the same schema path (`allOf/<i>/then/...`) as when every `if` is tried.

Both yield exactly the errors, in the same order, of `Draft7Validator` on the published schema
(with integers that are not booleans or floats); tests/edition/test_schema_validator.py
compares the two on every edition and on broken ones.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft7Validator, ValidationError, validators

INTEGER_CHECKER = Draft7Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, v: isinstance(v, int) and not isinstance(v, bool))
"""Money and counts are whole numbers: unlike jsonschema's default, 5.0 is not an integer."""

PlainValidator = validators.extend(Draft7Validator, type_checker=INTEGER_CHECKER)
"""Draft 7 with `INTEGER_CHECKER`: the published schema's meaning, evaluated as written."""


class KindBranches(list):
    """An `allOf` whose items each test the kind: `if: {required: [kind], properties: {kind:
    {const: K}}}, then: S` for distinct K, plus at most one item whose `if` is `kind: {not:
    {enum: [every K]}}` (any other kind). `branch(instance)` is the (index, then) of the one
    item whose `if` holds for a map. Raises ValueError for any other `allOf`."""

    def __init__(self, items: list) -> None:
        super().__init__(items)
        self.by_kind: dict[str, tuple[int, Any]] = {}
        self.other: tuple[int, Any] | None = None
        others: list = []
        for i, item in enumerate(items):
            kind = _kind_test(item)
            if isinstance(kind, str) and kind not in self.by_kind:
                self.by_kind[kind] = (i, item["then"])
            elif isinstance(kind, list) and self.other is None:
                self.other, others = (i, item["then"]), kind
            else:
                raise ValueError(f"allOf item {i} is not a test of the kind")
        if self.other is not None and sorted(others) != sorted(self.by_kind):
            raise ValueError("the other-kinds branch does not exclude exactly the kinds listed")

    def branch(self, instance: dict) -> tuple[int, Any] | None:
        """The (index, then) whose `if` holds for the map `instance`, or None."""
        if "kind" not in instance:
            return None                 # every `if` requires `kind`
        kind = instance["kind"]
        hit = self.by_kind.get(kind) if isinstance(kind, str) else None
        return hit if hit is not None else self.other


def _kind_test(item: Any) -> str | list | None:
    """K for an item `if` kind == K then ..., the excluded kinds for `if` kind not in [...]
    then ..., None for anything else."""
    if not isinstance(item, dict) or set(item) != {"if", "then"}:
        return None
    test = item["if"]
    if not isinstance(test, dict) or set(test) != {"required", "properties"} or test["required"] != ["kind"]:
        return None
    props = test["properties"]
    if not isinstance(props, dict) or set(props) != {"kind"} or not isinstance(props["kind"], dict):
        return None
    kind = props["kind"]
    if set(kind) == {"const"} and isinstance(kind["const"], str):
        return str(kind["const"])
    if set(kind) == {"not"} and isinstance(kind["not"], dict) and set(kind["not"]) == {"enum"} \
            and all(isinstance(k, str) for k in kind["not"]["enum"]):
        return list(kind["not"]["enum"])
    return None


def prepare(schema: dict) -> dict:
    """A copy of `schema` with each local `$ref` replaced by the node it points to and each
    `allOf` of kind tests made a `KindBranches`. Raises ValueError for a `$ref` loop."""
    root = copy.deepcopy(schema)
    done: set[int] = set()

    def target(ref: str) -> Any:
        node: Any = root
        for seg in ref[2:].split("/"):
            node = node[seg.replace("~1", "/").replace("~0", "~")]
        return node

    def walk(node: Any) -> Any:
        seen: set[int] = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
            if id(node) in seen:
                raise ValueError(f"$ref loop at {node['$ref']}")
            seen.add(id(node))
            node = target(node["$ref"])
        if id(node) in done or not isinstance(node, (dict, list)):
            return node
        done.add(id(node))
        if isinstance(node, list):
            node[:] = [walk(x) for x in node]
            return node
        for key, value in node.items():
            if key in ("enum", "const", "default", "examples", "required"):
                continue            # values, not schemas
            if key in ("properties", "patternProperties", "definitions", "dependencies"):
                for name, sub in value.items():
                    value[name] = walk(sub)
            else:
                node[key] = walk(value)
        if isinstance(node.get("allOf"), list) and node["allOf"]:
            try:
                node["allOf"] = KindBranches(node["allOf"])
            except ValueError:
                pass                # another allOf: every item is evaluated
        return node

    return walk(root)


_PLAIN_ALL_OF = Draft7Validator.VALIDATORS["allOf"]


def _all_of(validator: Any, all_of: list, instance: Any, schema: dict) -> Iterator[ValidationError]:
    """`allOf`, descending only into the branch whose `if` holds for `KindBranches`."""
    if not isinstance(all_of, KindBranches) or not isinstance(instance, dict):
        yield from _PLAIN_ALL_OF(validator, all_of, instance, schema)
        return
    hit = all_of.branch(instance)
    if hit is None:
        return
    index, then = hit
    # the path of the `then` reached through `allOf/<index>` and its `if`, as jsonschema makes it
    for error in validator.descend(instance, then, schema_path="then"):
        error.relative_schema_path.appendleft(index)
        yield error


FastValidator = validators.extend(PlainValidator, validators={"allOf": _all_of})
"""`PlainValidator` with the kind dispatch: use it on a `prepare`d schema."""


class KnownValid:
    """The content hashes (`loader.content_hash`: the sha256 of a tree's canonical JSON) of the
    last `size` trees found free of schema errors in this process: an edition loaded again (a
    test run, the studio, the language server re-checking a file) is not walked again. Whether a
    tree has schema errors is a function of that JSON alone (trees hold JSON values only)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.hashes: dict[str, None] = {}       # insertion order: the oldest first
        self.lock = threading.Lock()            # the web server checks editions from several threads

    def __contains__(self, digest: object) -> bool:
        return digest in self.hashes

    def add(self, digest: str) -> None:
        """Remember `digest` as valid, forgetting the oldest beyond `size`."""
        with self.lock:
            self.hashes[digest] = None
            while len(self.hashes) > self.size:
                del self.hashes[next(iter(self.hashes))]
