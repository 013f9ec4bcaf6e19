"""The ids an edition defines, as the DSL checker needs them.

`EditionNames.from_tree(tree)` reads them from a merged edition tree (the dict the YAML loader
builds). It is forgiving: a malformed part of the tree (reported by the schema check) is
skipped, never raised on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..kinds import DEED_KINDS
from .vocabulary import ID_PATTERN, FunctionSpec, plugin_functions

_ID = re.compile(ID_PATTERN)


def items_of(node: Any) -> list[tuple[str, Any]]:
    """The (key, item) pairs of a list (key = index as a string) or a map; [] otherwise."""
    if isinstance(node, list):
        return [(str(i), v) for i, v in enumerate(node)]
    if isinstance(node, dict):
        return [(str(k), v) for k, v in node.items()]
    return []


def item_id(key: str, item: Any) -> str:
    """The `id` of a list item or map entry: its `id` field, else its map key or index."""
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return item["id"]
    return key


@dataclass(frozen=True)
class EditionNames:
    """The names a snippet can refer to, from one edition.

    spaces:      space id -> board index (0 = first space of `board`);
    space_kinds: kinds present on the board (for `move to nearest KIND`);
    deeds:       ids of the spaces with a title deed (street, railroad, utility);
    groups:      group ids;
    decks:       deck ids;
    flags:       flags some `set flag` of the edition sets (has_flag/use_flag need one);
    params:      the top-level `params:` map (name -> int or bool);
    card_plays:  ids of the cards with a `play:` section (kept cards of an edition's own use);
    roles:       the ids of the player roles the edition declares (`roles.list`);
    declared_kinds: the kinds of space the edition declares (`space_kinds`), named like the
                 built-in ones;
    holdings:    the holding spaces `go to holding` may name: `jail` and the ids of `rules.holdings`;
    sizes:       how many elements each set of a loop can hold, for the bound on a snippet's
                 work (loops.py): 'space' (the board), 'deed', each kind of space on the board,
                 'group', 'player' (players.max). None: no edition (a snippet checked alone),
                 then `loops.UNKNOWN_SIZES` stands in.
    treasury:    whether the edition may have a treasury (`rules.treasury`, or a switch whose
                 overlays may bring one); None: no edition (a snippet checked alone).
    functions:   the DSL functions of the plugins the edition declares (`plugins:`), by name.
    """

    spaces: dict[str, int] = field(default_factory=dict)
    space_kinds: frozenset[str] = frozenset()
    deeds: frozenset[str] = frozenset()
    groups: frozenset[str] = frozenset()
    decks: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    params: dict[str, Any] = field(default_factory=dict)
    card_plays: frozenset[str] = frozenset()
    declared_kinds: frozenset[str] = frozenset()
    roles: frozenset[str] = frozenset()
    sizes: dict[str, int] | None = None
    holdings: frozenset[str] = frozenset({"jail"})
    treasury: bool | None = None
    functions: dict[str, FunctionSpec] = field(default_factory=dict)

    @classmethod
    def from_tree(cls, tree: Any) -> EditionNames:
        """Collect the ids of a merged edition tree (flags are left empty: they come from the
        effects, see `pipeline.check_edition`)."""
        if not isinstance(tree, dict):
            return cls()
        spaces: dict[str, int] = {}
        kinds: set[str] = set()
        deeds: set[str] = set()
        board = tree.get("board")
        sizes: dict[str, int] = {"space": len(board) if isinstance(board, list) else 0, "deed": 0}
        deed_kinds = set(DEED_KINDS) | {    # and the declared kinds with `deed:`
            k["id"] for _, k in items_of(tree.get("space_kinds"))
            if isinstance(k, dict) and isinstance(k.get("id"), str) and k.get("deed")}
        if isinstance(board, list):
            for i, sp in enumerate(board):
                if isinstance(sp, dict):
                    if isinstance(sp.get("id"), str) and _ID.match(sp["id"]):
                        spaces.setdefault(sp["id"], i)
                    kind = sp.get("kind")
                    if isinstance(kind, str):
                        kinds.add(kind)
                        sizes[kind] = sizes.get(kind, 0) + 1
                        if kind in deed_kinds:
                            sizes["deed"] += 1
                            if isinstance(sp.get("id"), str):
                                deeds.add(sp["id"])
        groups = {item_id(k, g) for k, g in items_of(tree.get("groups"))}
        decks = {item_id(k, d) for k, d in items_of(tree.get("decks"))}
        sizes["group"] = len(items_of(tree.get("groups")))
        players = tree.get("players")
        most = players.get("max") if isinstance(players, dict) else None
        # players.max is at most 12 (the schema); a malformed value counts as that most
        sizes["player"] = most if type(most) is int and 1 <= most <= 12 else 12
        params = tree.get("params")
        params = params if isinstance(params, dict) else {}
        plays = {c["id"] for _, d in items_of(tree.get("decks")) if isinstance(d, dict)
                 for _, c in items_of(d.get("cards"))
                 if isinstance(c, dict) and isinstance(c.get("id"), str) and c.get("play")}
        declared = {k["id"] for _, k in items_of(tree.get("space_kinds"))
                    if isinstance(k, dict) and isinstance(k.get("id"), str) and _ID.match(k["id"])}
        rules = tree.get("rules")
        held = rules.get("holdings") if isinstance(rules, dict) else None
        holdings = {"jail"} | {str(k) for k in (held if isinstance(held, dict) else {})}
        roles_raw = tree.get("roles")
        roles = {item_id(k, r) for k, r in items_of(roles_raw.get("list"))} \
            if isinstance(roles_raw, dict) else set()
        return cls(roles=frozenset(r for r in roles if _ID.match(r)), holdings=frozenset(holdings),
                   card_plays=frozenset(plays), declared_kinds=frozenset(declared), spaces=spaces,
                   space_kinds=frozenset(kinds), deeds=frozenset(deeds),
                   groups=frozenset(g for g in groups if _ID.match(g)),
                   decks=frozenset(d for d in decks if _ID.match(d)),
                   params={str(k): v for k, v in params.items()}, sizes=sizes,
                   treasury=_may_have_treasury(tree), functions=_plugin_functions(tree))

    def with_flags(self, flags: Iterable[str]) -> EditionNames:
        """A copy whose `flags` are `flags`."""
        return replace(self, flags=frozenset(flags))


def _plugin_functions(tree: dict) -> dict[str, FunctionSpec]:
    """The DSL functions of the plugins named by the edition's `plugins:` (none when it names none)."""
    declared = [p for p in tree.get("plugins") or () if isinstance(p, str)] \
        if isinstance(tree.get("plugins"), list) else []
    return plugin_functions(declared) if declared else {}


def _may_have_treasury(tree: dict) -> bool:
    """Whether the edition has a treasury, or may have one once a switch turns on (its overlays
    are read when the edition loads, after this check)."""
    rules = tree.get("rules")
    return (isinstance(rules, dict) and isinstance(rules.get("treasury"), dict)) \
        or bool(items_of(tree.get("switches")))
