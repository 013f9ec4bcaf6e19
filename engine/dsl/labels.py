"""The texts of a choice's options, checked against the `labels:` of the item that asks.

A `choose:` option is shown to players by its text under `labels:` of the card, action, declared
kind of space, die symbol or `dice.all_alike` whose effect holds the choice; an option without a
text shows its bare id. `label_problems` warns of each option with no text (a typo such as
`option detur:` beside `labels: {detour: ...}`, with the likely label) and of each label no
option of the item uses: both are warnings, errors under `magie validate --strict`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..hints import suggest
from ..problems import Mark, Problem
from . import nodes as n
from .issues import Issue


def _owner(tree: Any, pointer: str) -> tuple[str, Any]:
    """(pointer, map) of the item whose `labels:` the choices of the snippet at `pointer` show:
    the nearest map around it with an `id` or `labels` (the whole edition not counted), else the
    snippet's own map."""
    parts = pointer.split("/")[1:]
    node: Any = tree
    chain: list[tuple[str, Any]] = []
    for k, seg in enumerate(parts[:-1]):
        try:
            node = node[int(seg)] if isinstance(node, list) else node[seg]
        except (KeyError, IndexError, ValueError, TypeError):
            return ("", None)
        chain.append(("/" + "/".join(parts[:k + 1]), node))
    for ptr, item in reversed(chain):
        if isinstance(item, dict) and ("id" in item or "labels" in item):
            return ptr, item
    return chain[-1] if chain else ("", None)


def label_problems(tree: Any, snippets: Iterable[tuple[Any, n.Effect]],
                   locate: Callable[[str], Mark | None] | None) -> list[Problem]:
    """Warnings for the options without text and the labels without option of an edition.
    `snippets` are (pipeline.Snippet, its checked Effect) pairs; `locate` places a label."""
    out: list[Problem] = []
    used: dict[str, set[str]] = {}
    owners: dict[str, Any] = {}
    for sn, effect in snippets:
        options = [o for node in n.walk(effect) if isinstance(node, n.Choose) for o in node.options]
        if not options:
            continue
        ptr, item = _owner(tree, sn.pointer)
        if not isinstance(item, dict):
            continue
        labels = item.get("labels")
        labels = labels if isinstance(labels, dict) else {}
        owners[ptr] = labels
        used.setdefault(ptr, set())
        for opt in options:
            used[ptr].add(opt.label)
            if opt.label not in labels:
                known = ", ".join(sorted(map(str, labels))) or "none"
                out.append(sn.problem(Issue(
                    "label-without-text",
                    f"option '{opt.label}' has no text under the labels: of this {_what(ptr)} "
                    f"(its labels: {known}), so players see the bare id '{opt.label}'"
                    f"{suggest(opt.label, [str(k) for k in labels])}", opt.pos, (), "warning")))
    for ptr, labels in owners.items():
        for key in labels:
            if key not in used[ptr]:
                lp = f"{ptr}/labels/{key}"
                mark = locate(lp) if locate is not None else None
                out.append(Problem.at(mark, "warning", "unused-label",
                                      f"label '{key}' is the text of no option of a choice here "
                                      f"(options: {', '.join(sorted(used[ptr]))})", lp))
    return out


def _what(pointer: str) -> str:
    """What the item at `pointer` is, in words ("card", "action", ...)."""
    parts = pointer.split("/")
    kinds = {"cards": "card", "actions": "action", "space_kinds": "kind of space", "symbols": "die symbol",
             "all_alike": "throw of all dice alike"}
    return next((kinds[p] for p in reversed(parts) if p in kinds), "item")
