"""Amounts set by the number of players, per-player limits and the finite bank, as the model
holds them, and the checks of their tables.

A set-up amount (`setup.start_cash`, `setup.deal_deeds.each`, `setup.auction_deeds.count`,
`setup.bank.cash`, `rules.limits.deeds[].max`, `rules.limits.buildings.KIND`,
`rules.buildings.supply.KIND`) is either a whole
number or a table by the number of players, `{by_players: {2: 600, 3: 500, 4: 400}}` (start
cash by the number of players, as a rule book may give it). The table must name every
player count from `players.min` to `players.max` (`players-table`); an entry outside that range
can never be read (`players-table-extra`, a warning). A game reads an amount once, at its start
(`for_players`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..hints import id_list_text, suggest
from ..kinds import DEED_KINDS
from ..problems import Problem
from .pointers import locate

BANK_WHEN_EMPTY = ("iou", "partial", "end")
"""What a finite bank does when it owes more than it holds (docs/rules.md "A finite bank"):
`iou` pays in full, the part beyond its cash in IOUs that later receipts redeem ([000] 2.12);
`partial` pays what it has and the rest is never paid (ours); `end` pays what it has and the
game ends after the turn, ranked by score (ours)."""

CAP_READINGS = ("auction", "declined")
"""What happens to a deed a player lands on but may not own more of (`rules.limits.at_cap`):
`auction` the purchase is refused and the bank auctions the deed at once (the capped player
does not bid); `declined` the player may not buy, and the deed goes as a declined purchase does
(`rules.purchase.declined`)."""


@dataclass(frozen=True, slots=True)
class ByPlayers:
    """An amount that depends on the number of players: `table` maps a player count to the
    amount (money in the edition's units, or a count)."""

    table: Mapping[int, int]

    def at(self, players: int) -> int:
        """The amount for `players` players. Raises KeyError for a count the table lacks (the
        checks require every count the edition allows)."""
        return self.table[players]


Amount = int | ByPlayers
"""A set-up amount: the same for every number of players, or a `ByPlayers` table."""


def for_players(amount: Amount, players: int) -> int:
    """`amount` for a game of `players` players."""
    return amount.at(players) if isinstance(amount, ByPlayers) else amount


def read_amount(raw: Any) -> Amount:
    """The model's form of a schema-valid set-up amount: an int, or `{by_players: {n: amount}}`
    (keys are text in YAML and JSON)."""
    if isinstance(raw, Mapping):
        return ByPlayers(MappingProxyType({int(k): int(v) for k, v in raw["by_players"].items()}))
    return int(raw)


@dataclass(frozen=True, slots=True)
class DeedCap:
    """At most `most` deeds per player (an amount by the number of players) of the space kind
    `kind`, of the group `group`, or of every deed when both are None (a limited stock of
    ownership markers)."""

    most: Amount
    kind: str | None = None
    group: str | None = None


@dataclass(frozen=True, slots=True)
class Limits:
    """What one player may own (`rules.limits`): the `deeds` caps, what happens when a lander
    is at a cap (`at_cap`, CAP_READINGS), and each player's own supply of buildings by kind
    (`buildings`: kind -> amount; a kind not named is not limited per player)."""

    deeds: tuple[DeedCap, ...] = ()
    at_cap: str = "auction"
    buildings: Mapping[str, Amount] | None = None


def read_limits(raw: Mapping[str, Any] | None) -> Limits | None:
    """The model's `Limits` of a schema-valid `rules.limits` (None when absent)."""
    if not raw:
        return None
    deeds = tuple(DeedCap(read_amount(c["max"]), c.get("kind"), c.get("group")) for c in raw.get("deeds") or ())
    buildings = {k: read_amount(v) for k, v in (raw.get("buildings") or {}).items()}
    return Limits(deeds=deeds, at_cap=raw.get("at_cap") or "auction",
                  buildings=MappingProxyType(buildings) if buildings else None)


@dataclass(frozen=True, slots=True)
class Bank:
    """A finite bank (`setup.bank`): `cash` all the money of the game, the players' start cash
    dealt from it, and what it does when it cannot pay (`when_empty`, BANK_WHEN_EMPTY)."""

    cash: Amount
    when_empty: str = "iou"


def read_bank(raw: Mapping[str, Any] | None) -> Bank | None:
    """The model's `Bank` of a schema-valid `setup.bank` (None: the bank is unlimited)."""
    if not raw:
        return None
    return Bank(read_amount(raw["cash"]), raw.get("when_empty") or "iou")


def amount_pointers(tree: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """(pointer, value) of every set-up amount written in `tree` (see the module docstring)."""
    out: list[tuple[str, Any]] = []
    setup = tree.get("setup")
    if isinstance(setup, Mapping):
        for key, sub in (("start_cash", None), ("deal_deeds", "each"), ("auction_deeds", "count"), ("bank", "cash")):
            v = setup.get(key)
            if sub is not None:
                v = v.get(sub) if isinstance(v, Mapping) else None
                key = f"{key}/{sub}"
            if v is not None:
                out.append((f"/setup/{key}", v))
    rules = tree.get("rules")
    limits = rules.get("limits") if isinstance(rules, Mapping) else None
    if isinstance(limits, Mapping):
        caps = limits.get("deeds")
        for i, c in enumerate(caps if isinstance(caps, list) else ()):
            if isinstance(c, Mapping) and "max" in c:
                out.append((f"/rules/limits/deeds/{i}/max", c["max"]))
        own = limits.get("buildings")
        for k, v in (own.items() if isinstance(own, Mapping) else ()):
            out.append((f"/rules/limits/buildings/{k}", v))
    b = rules.get("buildings") if isinstance(rules, Mapping) else None
    supply = b.get("supply") if isinstance(b, Mapping) else None
    for k, v in (supply.items() if isinstance(supply, Mapping) else ()):
        out.append((f"/rules/buildings/supply/{k}", v))
    return out


def _player_range(tree: Mapping[str, Any]) -> range | None:
    p = tree.get("players")
    if not isinstance(p, Mapping):
        return None
    lo, hi = p.get("min"), p.get("max")
    if not isinstance(lo, int) or not isinstance(hi, int) or isinstance(lo, bool) or isinstance(hi, bool) or lo > hi:
        return None
    return range(lo, hi + 1)


def _table(value: Any) -> dict[int, int] | None:
    """The table of a `{by_players: ...}` amount whose keys are counts and values whole numbers
    (None otherwise: the schema reports the wrong shapes)."""
    if not isinstance(value, Mapping) or not isinstance(value.get("by_players"), Mapping):
        return None
    out = {}
    for k, v in value["by_players"].items():
        if not (isinstance(k, str) and k.isdigit()) or not isinstance(v, int) or isinstance(v, bool):
            return None
        out[int(k)] = v
    return out


def per_player_problems(tree: Any) -> list[Problem]:
    """The problems of the set-up amounts of a merged tree: a table missing a player count the
    edition allows (`players-table`), an entry for a count it does not allow
    (`players-table-extra`, a warning), and a finite bank too small to deal the start cash to
    the most players (`bank-too-small`); a cap naming a group that is not defined
    (`unknown-group`), or a personal supply of a building no ladder builds (`unknown-building`)."""
    if not isinstance(tree, Mapping):
        return []
    problems: list[Problem] = []

    def add(pointer: str, severity: Any, code: str, message: str) -> None:
        problems.append(Problem.at(locate(tree, pointer), severity, code, message, pointer))

    _limit_references(tree, add)
    counts = _player_range(tree)
    if counts is None:
        return problems

    for pointer, value in amount_pointers(tree):
        table = _table(value)
        if table is None:
            continue
        missing = [n for n in counts if n not in table]
        if missing:
            add(pointer + "/by_players", "error", "players-table",
                f"the table has no amount for these numbers of players: {_counts(missing)}; the edition "
                f"allows {counts.start} to {counts.stop - 1} (players.min, players.max)")
        extra = sorted(n for n in table if n not in counts)
        if extra:
            add(f"{pointer}/by_players/{extra[0]}", "warning", "players-table-extra",
                f"the table names numbers of players the edition does not allow ({counts.start} to "
                f"{counts.stop - 1}): {_counts(extra)}; no game reads them")
    _bank_problems(tree, counts, add)
    return problems


def _counts(ns: list[int]) -> str:
    return ", ".join(str(n) for n in ns)


def _bank_problems(tree: Mapping[str, Any], counts: range, add: Any) -> None:
    """`bank-too-small`: the bank's money cannot give every player the start cash."""
    setup = tree.get("setup")
    if not isinstance(setup, Mapping) or not isinstance(setup.get("bank"), Mapping):
        return
    bank = setup["bank"]
    cash, start = bank.get("cash"), setup.get("start_cash")
    for n in counts:
        have, each = _at(cash, n), _at(start, n)
        if have is not None and each is not None and have < n * each:
            add("/setup/bank/cash", "error", "bank-too-small",
                f"the bank holds {have}, less than the start cash of {n} players ({n} × {each} = {n * each}); "
                f"setup.bank.cash is all the money of the game, and the start cash is dealt from it")
            break


def _at(value: Any, n: int) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    table = _table(value)
    return None if table is None else table.get(n)


def _limit_references(tree: Mapping[str, Any], add: Any) -> None:
    """The ids `rules.limits` names: kinds of deed (built in or declared with `deed:`), groups and
    building kinds."""
    rules = tree.get("rules")
    if not isinstance(rules, Mapping) or not isinstance(rules.get("limits"), Mapping):
        return
    limits = rules["limits"]
    groups = [g["id"] for g in tree.get("groups") or () if isinstance(g, Mapping) and isinstance(g.get("id"), str)]
    caps = limits.get("deeds")
    for i, c in enumerate(caps if isinstance(caps, list) else ()):
        if not isinstance(c, Mapping):
            continue
        kind = c.get("kind")
        deed_kinds = list(DEED_KINDS) + [
            k["id"] for k in tree.get("space_kinds") or ()
            if isinstance(k, Mapping) and isinstance(k.get("id"), str) and k.get("deed")]
        if isinstance(kind, str) and kind not in deed_kinds:
            add(f"/rules/limits/deeds/{i}/kind", "error", "unknown-kind",
                f"the cap names the kind '{kind}', which is no kind of deed{suggest(kind, deed_kinds)} "
                f"(kinds of deed: {id_list_text(deed_kinds)})")
        gid = c.get("group")
        if isinstance(gid, str) and gid not in groups:
            add(f"/rules/limits/deeds/{i}/group", "error", "unknown-group",
                f"the cap names group '{gid}', which is not defined{suggest(gid, groups)} "
                f"(defined: {id_list_text(groups)})")
    own = limits.get("buildings")
    if isinstance(own, Mapping):
        kinds = _building_kinds(rules)
        for k in own:
            if k not in kinds:
                add(f"/rules/limits/buildings/{k}", "error", "unknown-building",
                    f"the personal supply names '{k}', which no ladder builds{suggest(k, sorted(kinds))} "
                    f"(kinds: {id_list_text(sorted(kinds))})")


def _building_kinds(rules: Mapping[str, Any]) -> set[str]:
    """The kinds of building the edition's ladders build (house and hotel always)."""
    kinds = {"house", "hotel"}
    b = rules.get("buildings")
    ladders = b.get("ladders") if isinstance(b, Mapping) else None
    for steps in (ladders.values() if isinstance(ladders, Mapping) else ()):
        for st in steps if isinstance(steps, list) else ():
            if isinstance(st, Mapping) and isinstance(st.get("kind"), str):
                kinds.add(st["kind"])
    return kinds
