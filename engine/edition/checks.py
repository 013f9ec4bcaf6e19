"""All checks of a merged edition tree: the schema, the meaning, and the DSL code."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..dsl import EditionAnalysis, analyse_edition
from ..hints import suggest
from ..problems import Problem
from .merge import Appended, path_text, pointer_of
from .per_player import per_player_problems
from .plugin_files import plugin_problems
from .pointers import locate
from .schema import schema_problems
from .semantic import semantic_problems

SCHEMA_CODES = frozenset({"missing-key", "unknown-key", "wrong-type", "bad-value"})


def check_tree(tree: Any, appended: Sequence[Appended] = (), dsl: EditionAnalysis | None = None) -> list[Problem]:
    """Every problem of a merged tree: schema errors, problems of meaning, then DSL problems.

    The DSL of every part is checked, except in the parts the schema found wrong (a card with
    an unknown key, a rule of the wrong type): one schema error does not hide the DSL errors of
    the rest of the file. `appended` lists the items a child edition or overlay added under an id
    the base did not have: when such an item lacks required keys, the likelier mistake is a
    patch of a missing id, and it is reported as `unknown-target`. `dsl` is the tree's
    `analyse_edition`, when the caller keeps it to compile the edition after.
    """
    problems = _explain_appended(tree, schema_problems(tree), list(appended))
    problems += semantic_problems(tree)
    problems += per_player_problems(tree)
    problems += plugin_problems(tree)
    broken = [p.pointer for p in problems if p.severity == "error" and p.code in SCHEMA_CODES]
    if dsl is None:
        dsl = analyse_edition(tree, lambda pointer: locate(tree, pointer))
    problems += [p for p in dsl.problems if not any(_same_part(p.pointer, b) for b in broken)]
    return problems


def _same_part(dsl_pointer: str, broken: str) -> bool:
    """True when a schema error at `broken` is in the part holding the DSL at `dsl_pointer`:
    at the snippet, at a map around it, or at a key next to it (`/decks/0/cards/3/foo` for
    `/decks/0/cards/3/do`)."""
    if broken in ("", "/"):
        return True
    def inside(p: str, outer: str) -> bool:
        return p == outer or p.startswith(outer + "/")
    return inside(dsl_pointer, broken) or broken.rsplit("/", 1)[0] == dsl_pointer.rsplit("/", 1)[0]


_REQUIRED = re.compile(r"'([^']+)' is required")


def _explain_appended(tree, problems: list[Problem], appended) -> list[Problem]:
    for item in appended:
        ptr = pointer_of(tree, item.path)
        if ptr is None:
            continue
        missing = [p for p in problems if p.code == "missing-key" and p.pointer == ptr]
        if not missing:
            continue
        keys = [m.group(1) for p in missing if (m := _REQUIRED.search(p.message))]
        iid = item.path[-1].id
        where = path_text(item.path[:-1])
        problems = [p for p in problems if p not in missing]
        problems.append(Problem.at(
            item.mark, "error", "unknown-target",
            f"{item.layer} patches {where} item '{iid}', which {item.target} does not have"
            f"{suggest(iid, item.known)}; to add a new item instead, give all its required keys "
            f"(missing: {', '.join(keys)})", ptr))
    return problems


def sort_problems(problems) -> list[Problem]:
    """Problems without duplicates, sorted by file, line, column, then code. A problem at the
    very place of an unsupported YAML tag (`!!python/object`) or of a list or map too large to
    read is left out: the value there was read without its tag, or empty, so what else is said of
    it would mislead."""
    problems = set(problems)
    unread = ("unsupported-yaml", "file-too-large")
    tagged = {(p.file, p.line, p.col) for p in problems if p.code in unread and p.line}
    if tagged:
        problems = {p for p in problems if p.code in unread or (p.file, p.line, p.col) not in tagged}
    return sorted(problems, key=lambda p: (p.file, p.line, p.col, p.code, p.message))
