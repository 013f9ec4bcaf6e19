"""All checks of a merged edition tree: the schema, the meaning, and the DSL code."""

from __future__ import annotations

import re

from ..hints import suggest
from ..problems import Problem
from .merge import Appended, path_text, pointer_of
from .pointers import locate
from .schema import schema_problems
from .semantic import semantic_problems

SCHEMA_CODES = frozenset({"missing-key", "unknown-key", "wrong-type", "bad-value"})


def check_tree(tree, appended: list[Appended] = ()) -> list[Problem]:
    """Every problem of a merged tree: schema errors, problems of meaning, then DSL problems.

    The DSL checker (`magie.engine.dsl.check_edition`) runs only when the schema found no
    error, so it can rely on the tree's shape. `appended` lists the items a child edition or
    overlay added under an id the base did not have: when such an item lacks required keys,
    the likelier mistake is a patch of a missing id, and it is reported as `unknown-target`.
    """
    problems = _explain_appended(tree, schema_problems(tree), appended)
    problems += semantic_problems(tree)
    if not any(p.severity == "error" and p.code in SCHEMA_CODES for p in problems):
        from ..dsl import check_edition  # the DSL package may itself import this package

        problems += list(check_edition(tree, lambda pointer: locate(tree, pointer)))
    return problems


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
    """Problems without duplicates, sorted by file, line, column, then code."""
    return sorted(set(problems), key=lambda p: (p.file, p.line, p.col, p.code, p.message))
