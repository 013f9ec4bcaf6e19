"""What differs between two merged edition trees, by JSON pointer.

Maps are compared key by key; lists of items with ids are compared item by item, matched by
id (so an inserted space shows as one added item, not as every later space changed); other
lists and scalars are compared as whole values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .merge import is_id_list
from .pointers import join


@dataclass(frozen=True)
class Difference:
    """One difference: `kind` is 'added' (only in B), 'removed' (only in A), 'changed', or
    'reordered' (the same ids in another order). `pointer` is into B, or into A for 'removed';
    `old` and `new` are plain values (None where not applicable)."""

    kind: Literal["added", "removed", "changed", "reordered"]
    pointer: str
    old: object = None
    new: object = None


def diff_trees(a, b) -> list[Difference]:
    """Every difference between trees `a` and `b` (plain or marked), in document order of B."""
    out: list[Difference] = []
    _diff(a, b, (), (), out)
    return out


def _diff(a, b, pa: tuple, pb: tuple, out: list[Difference]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in b:
            if k not in a:
                out.append(Difference("added", join(pb + (k,)), None, b[k]))
            else:
                _diff(a[k], b[k], pa + (k,), pb + (k,), out)
        for k in a:
            if k not in b:
                out.append(Difference("removed", join(pa + (k,)), a[k], None))
        return
    if is_id_list(a) and is_id_list(b):
        a_index = {it["id"]: i for i, it in enumerate(a)}
        b_ids = [it["id"] for it in b]
        common_b = [i for i in b_ids if i in a_index]
        common_a = [it["id"] for it in a if it["id"] in set(b_ids)]
        if common_a != common_b:
            out.append(Difference("reordered", join(pb), common_a, common_b))
        for j, it in enumerate(b):
            if it["id"] in a_index:
                i = a_index[it["id"]]
                _diff(a[i], it, pa + (i,), pb + (j,), out)
            else:
                out.append(Difference("added", join(pb + (j,)), None, it))
        for i, it in enumerate(a):
            if it["id"] not in set(b_ids):
                out.append(Difference("removed", join(pa + (i,)), it, None))
        return
    if a != b or isinstance(a, bool) != isinstance(b, bool):
        out.append(Difference("changed", join(pb), a, b))
