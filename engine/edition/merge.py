"""The merge rules of `extends:` and overlays.

`Merger.apply(base, patch, layer)` returns a new tree: `patch` merged on top of `base`
(neither is changed). The rules, written for authors in docs/authoring.md:

- maps merge deeply, key by key;
- a `null` value deletes the key (its schema default, if any, then applies);
- a list whose items are all maps with an `id`, patching such a list, merges by id: an item with
  a known id is merged into that item (deeply, by these same rules), a new id is appended, and
  `{id: x, delete: true}` removes x; the base's order is kept (board order is meaningful);
- every other list replaces the old list; scalars replace.

Marks survive: every node keeps the mark of the file that last set it. The merger also records
what a later check needs: items appended under a new id (so a patch of a missing id can be
reported as such), and overlays that set the same value differently (a warning; the later wins).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..hints import id_list_text, suggest
from ..problems import Mark, Problem
from .pointers import join
from .yamlload import MarkedMap, MarkedSeq, node_mark


@dataclass(frozen=True)
class ById:
    """A step into a list of items with ids, naming the item by its id."""

    id: str


@dataclass(frozen=True)
class Layer:
    """One file merged on top of what came before: a child edition or an overlay."""

    kind: Literal["edition", "overlay"]
    id: str
    file: str

    def __str__(self) -> str:
        return f"{self.kind} '{self.id}' ({self.file})"


@dataclass
class Appended:
    """An item a layer added to a list of items with ids because its id was new there."""

    path: tuple
    layer: Layer
    mark: Mark | None
    target: str
    known: list[str]


@dataclass
class Deleted:
    """An item a layer deleted (`{id: x, delete: true}`), where the layer says so."""

    path: tuple
    id: str
    layer: Layer
    mark: Mark | None


@dataclass
class _Set:
    layer: Layer
    value: object
    mark: Mark | None


_DELETED = object()


def is_id_list(value) -> bool:
    """True for a non-empty list whose items are all maps with a text `id`."""
    return isinstance(value, list) and bool(value) and all(
        isinstance(i, dict) and isinstance(i.get("id"), str) for i in value)


def path_text(path: tuple) -> str:
    """A logical path as people read it: `rules.jail.fine`, `board[some_street].price`."""
    out = ""
    for step in path:
        if isinstance(step, ById):
            out += f"[{step.id}]"
        elif isinstance(step, int):
            out += f"[{step}]"
        else:
            out += ("." if out else "") + step
    return out


def pointer_of(tree, path: tuple) -> str | None:
    """The JSON pointer, in `tree`, of the node at a logical path (None when it is not there)."""
    node = tree
    tokens: list[str | int] = []
    for step in path:
        if isinstance(step, ById):
            if not isinstance(node, list):
                return None
            idx = next((i for i, it in enumerate(node) if isinstance(it, dict) and it.get("id") == step.id), None)
            if idx is None:
                return None
            node, tokens = node[idx], tokens + [idx]
        elif isinstance(node, dict) and step in node:
            node, tokens = node[step], tokens + [step]
        else:
            return None
    return join(tokens)


@dataclass
class Merger:
    """Applies layers one after another, collecting problems, appended items and conflicts.

    `problems` holds errors (a deletion of a missing id, a malformed delete item, a patch item
    without an id); `conflicts` the overlay conflicts found so far (see `warnings()`), each
    located at the later overlay's value; `appended` lists the items added under a new id;
    `deleted` the items deleted, so that what still names one can be blamed on the deletion.
    """

    problems: list[Problem] = field(default_factory=list)
    conflicts: list[tuple[tuple, Problem]] = field(default_factory=list)
    appended: list[Appended] = field(default_factory=list)
    deleted: list[Deleted] = field(default_factory=list)
    _setters: dict = field(default_factory=dict)
    _target: str = ""

    def apply(self, base: MarkedMap, patch: MarkedMap, layer: Layer, target: str) -> MarkedMap:
        """`patch` (one layer's file, metadata keys already removed) merged on top of `base`.

        `target` names what is patched ("edition 'classic'"), for messages.
        """
        self._target = target
        return self._merge(base, patch, (), layer, patch.mark)

    def warnings(self, tree) -> list[Problem]:
        """The overlay conflicts, with JSON pointers into the final `tree`."""
        out = []
        for path, p in self.conflicts:
            ptr = pointer_of(tree, path) or ""
            out.append(Problem(p.severity, p.code, p.message, p.file, p.line, p.col, ptr))
        return out

    def _merge(self, base, patch, path: tuple, layer: Layer, mark: Mark | None):
        if isinstance(base, MarkedMap) and isinstance(patch, MarkedMap):
            if _is_text(base) and _is_text(patch):
                stale = [k for k in base if k not in patch]
                if stale:
                    self.problems.append(Problem.at(
                        patch.mark or mark, "warning", "partial-translation",
                        f"{layer} changes {path_text(path)} in {', '.join(sorted(patch))} but not in "
                        f"{', '.join(stale)}, which keeps {_show(base[stale[0]])}; give every language, "
                        f"or delete a stale one with {stale[0]}: null"))
            out = MarkedMap(patch.mark)
            for k, v in base.items():
                out.put(k, v, base.key_marks.get(k), base.value_marks.get(k))
            for k, v in patch.items():
                kp = path + (k,)
                km, vm = patch.key_marks.get(k), patch.value_marks.get(k)
                if v is None:
                    out.drop(k)
                    self._record(kp, _DELETED, vm, layer)
                elif k in out:
                    merged = self._merge(out[k], v, kp, layer, vm)
                    out.put(k, merged, km, node_mark(merged) or vm)
                else:
                    self._record(kp, v, vm, layer)
                    out.put(k, v, km, vm)
            return out
        if (isinstance(base, MarkedSeq) and isinstance(patch, MarkedSeq) and is_id_list(base)
                and patch and all(isinstance(i, dict) for i in patch)):
            return self._merge_by_id(base, patch, path, layer)
        self._record(path, patch, mark, layer)
        return patch

    def _merge_by_id(self, base: MarkedSeq, patch: MarkedSeq, path: tuple, layer: Layer) -> MarkedSeq:
        items = list(zip(base, base.item_marks, strict=True))

        def find(iid):
            return next((i for i, (it, _) in enumerate(items) if it.get("id") == iid), None)

        where = path_text(path)
        for item, m in zip(patch, patch.item_marks, strict=True):
            iid = item.get("id")
            if not isinstance(iid, str):
                self.problems.append(Problem.at(m, "error", "missing-key",
                                                f"{layer}: an item that patches {where} needs an 'id' "
                                                f"(the items of {where} are matched by id)"))
                continue
            ip = path + (ById(iid),)
            pos = find(iid)
            known = [it.get("id") for it, _ in items]
            if item.get("delete") is True:
                extra = [k for k in item if k not in ("id", "delete")]
                if extra:
                    self.problems.append(Problem.at(
                        item.key_marks.get(extra[0], m) if isinstance(item, MarkedMap) else m, "error",
                        "bad-delete", f"an item with 'delete: true' has only 'id' and 'delete'; "
                                      f"remove '{extra[0]}' (or drop 'delete' to patch the item)"))
                if pos is None:
                    self.problems.append(Problem.at(
                        m, "error", "unknown-target",
                        f"{layer} deletes {where} item '{iid}', which {self._target} does not have"
                        f"{suggest(iid, known)} ({where}: {id_list_text(known)})"))
                else:
                    del items[pos]
                    self.deleted.append(Deleted(ip, iid, layer, m))
                    self._record(ip, _DELETED, m, layer)
                continue
            if pos is None:
                self.appended.append(Appended(ip, layer, m, self._target, known))
                self._record(ip, item, m, layer)
                items.append((item, m))
            else:
                merged = self._merge(items[pos][0], item, ip, layer, m)
                items[pos] = (merged, node_mark(merged) or m)
        out = MarkedSeq(patch.mark)
        for it, m in items:
            out.push(it, m)
        return out

    def _record(self, path: tuple, value, mark: Mark | None, layer: Layer) -> None:
        """Remember who set each leaf value; warn when two overlays set one differently."""
        if layer.kind != "overlay":
            return
        if isinstance(value, dict):
            for k, v in value.items():
                self._record(path + (k,), v, value.value_marks.get(k) if isinstance(value, MarkedMap) else mark,
                             layer)
            return
        if is_id_list(value):
            for it, m in zip(value, getattr(value, "item_marks", [mark] * len(value)), strict=True):
                self._record(path + (ById(it["id"]),), it, m, layer)
            return
        prev = self._setters.get(path)
        if prev is not None and prev.layer != layer and not _same(prev.value, value):
            where = f" ({prev.mark})" if prev.mark else ""
            self.conflicts.append((path, Problem.at(
                mark, "warning", "overlay-conflict",
                f"{layer} sets {path_text(path)} to {_show(value)}, overriding {_show(prev.value)} "
                f"set by overlay '{prev.layer.id}'{where}; the later overlay wins")))
        self._setters[path] = _Set(layer, value, mark)


_NAMING_CODES = frozenset({"unknown-name", "unknown-group", "unknown-deck", "kind-not-on-board"})


def blame_deletions(problems: list[Problem], deleted: list[Deleted]) -> list[Problem]:
    """Problems caused by a deletion, reported in the file that deleted: an unknown name that is
    the id of an item a layer deleted, found in another file (the base edition), becomes a
    problem at the `delete: true` item, naming what still refers to it and where."""
    if not deleted:
        return problems
    out = []
    for p in problems:
        cause = next((d for d in deleted if p.code in _NAMING_CODES and f"'{d.id}'" in p.message
                      and d.mark is not None and d.mark.file != p.file), None)
        if cause is None:
            out.append(p)
            continue
        where = f"{p.file}:{p.line}:{p.col}" if p.line else p.file
        out.append(Problem.at(
            cause.mark, "error", p.code,
            f"{cause.layer} deletes {path_text(cause.path[:-1])} item '{cause.id}', which is still named "
            f"at {where}: {p.message}", p.pointer))
    return out


def _is_text(node: MarkedMap) -> bool:
    """A player-facing text by language: a map of two-letter codes (values text, or null)."""
    return bool(node) and all(isinstance(k, str) and len(k) == 2 and k.isalpha() and k.islower()
                              and (isinstance(v, str) or v is None) for k, v in node.items())


def _same(a, b) -> bool:
    if a is _DELETED or b is _DELETED:
        return a is b
    return a == b and type(a) is type(b)


def _show(value) -> str:
    if value is _DELETED:
        return "nothing (deleted)"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."
