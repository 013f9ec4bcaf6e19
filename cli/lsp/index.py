"""The ids an edition defines and where: spaces, groups, decks, cards, kinds of space, actions,
roles and params, read from a marked tree (the open file's own, or a loaded base edition's,
whose marks name the file that last set each node). Go to definition, hover and completion
look ids up here; the document outline lists the items of the same sections.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from magie.engine.dsl.names import item_id, items_of
from magie.engine.edition.yamlload import MarkedMap, MarkedSeq
from magie.engine.problems import Mark

SECTIONS: tuple[tuple[str, str], ...] = (
    ("board", "space"),
    ("groups", "group"),
    ("decks", "deck"),
    ("space_kinds", "kind"),
    ("actions", "action"),
    ("switches", "switch"),
)
"""The top-level lists (or maps) whose items carry an id, and what each item is."""


@dataclass(frozen=True)
class Definition:
    """An id defined by an edition: `what` it is ('space', 'group', 'deck', 'card', 'kind',
    'action', 'switch', 'role', 'param'), the `id`, the `mark` of its definition (the `id:`
    value, or the map key), and the `item` (its map, or a param's value)."""

    what: str
    id: str
    mark: Mark | None
    item: Any


def item_mark(container: Any, key: str, item: Any) -> Mark | None:
    """Where an item's id is written: its `id:` value, else its map key, else the item."""
    if isinstance(item, MarkedMap) and "id" in item.value_marks:
        return item.value_marks["id"]
    if isinstance(container, MarkedMap):
        return container.key_marks.get(key) or container.value_marks.get(key)
    if isinstance(container, MarkedSeq) and key.isdigit() and int(key) < len(container.item_marks):
        return container.item_marks[int(key)]
    return None


def definitions(tree: Any) -> Iterator[Definition]:
    """Every id `tree` defines, in file order of its sections."""
    if not isinstance(tree, dict):
        return
    for section, what in SECTIONS:
        node = tree.get(section)
        for key, item in items_of(node):
            iid = item_id(key, item)
            yield Definition(what, iid, item_mark(node, key, item), item)
            if section == "decks" and isinstance(item, dict):
                cards = item.get("cards")
                for ckey, card in items_of(cards):
                    yield Definition("card", item_id(ckey, card), item_mark(cards, ckey, card), card)
    roles = tree.get("roles")
    if isinstance(roles, dict):
        listed = roles.get("list")
        for key, item in items_of(listed):
            yield Definition("role", item_id(key, item), item_mark(listed, key, item), item)
    params = tree.get("params")
    if isinstance(params, MarkedMap):
        for key, value in params.items():
            yield Definition("param", str(key), params.key_marks.get(key), value)


class Index:
    """The ids of an open file and of the edition it builds on: the file's own definitions
    first (they win: a child edition patches its base's items), then the base's."""

    def __init__(self, own: Any, base: Any = None) -> None:
        self.by_id: dict[str, list[Definition]] = {}
        for tree in (own, base):
            for d in definitions(tree):
                self.by_id.setdefault(d.id, []).append(d)

    def find(self, iid: str) -> Definition | None:
        """The first definition of `iid` (the open file's own, if it has one), or None."""
        found = self.by_id.get(iid)
        return found[0] if found else None

    def merged_item(self, iid: str, what: str) -> dict:
        """The fields of item `iid` as the merged edition has them: the base's, with the open
        file's on top (a patch names only what it changes)."""
        out: dict = {}
        for d in reversed(self.by_id.get(iid, [])):
            if d.what == what and isinstance(d.item, dict):
                out.update(d.item)
        return out

    def ids(self, what: str) -> list[str]:
        """The ids of one kind of definition, sorted."""
        return sorted({i for i, ds in self.by_id.items() if any(d.what == what for d in ds)})
