"""What players hold and what it is worth: read-only counts the DSL formulas, the bots and
the CLI ask (the read side of engine/dsl/runtime.py's `GameRuntime`). Nothing here changes
the game or asks a decision."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import chain
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def built_of(g: Game, p: Player, kind: str) -> int:
    """Buildings of `kind` (a building kind of the edition's ladders) on `p`'s lots."""
    total = 0
    for i in p.deeds:
        lvl = g.level[i]
        if lvl:
            r = g.spaces[i].ladder[lvl - 1]
            if r.kind == kind:
                total += r.count
    return total


def houses_of(g: Game, p: Player) -> int:
    """Houses on `p`'s lots (a hotel is not counted here)."""
    return built_of(g, p, "house")


def hotels_of(g: Game, p: Player) -> int:
    """Hotels on `p`'s lots."""
    return built_of(g, p, "hotel")


def building_on(g: Game, i: int) -> tuple[str, int] | None:
    """The buildings on lot `i` as (kind, count), or None when it is bare."""
    lvl = g.level[i]
    if not lvl:
        return None
    r = g.spaces[i].ladder[lvl - 1]
    return r.kind, r.count


def deeds_of(g: Game, p: Player) -> int:
    """Number of title deeds `p` holds."""
    return len(p.deeds)


def deed_prices(g: Game, p: Player) -> int:
    """Sum of the printed prices of `p`'s deeds, mortgaged or not."""
    sp = g.spaces
    return sum(sp[i].price for i in p.deeds)


def mortgaged_prices(g: Game, p: Player) -> int:
    """Sum of the printed prices of `p`'s mortgaged deeds."""
    sp = g.spaces
    return sum(sp[i].price for i in p.deeds if g.mortgaged[i])


def building_costs(g: Game, p: Player) -> int:
    """Purchase cost of `p`'s buildings; a hotel counts with the houses it replaced (every
    level up to a lot's own at its cost)."""
    total = 0
    for i in p.deeds:
        lvl = g.level[i]
        if lvl:
            total += sum(r.cost for r in g.spaces[i].ladder[:lvl])
    return total


def industries(g: Game, p: Player) -> int:
    """Groups in which `p` holds at least one deed, mortgaged or not ([002] 5)."""
    n = 0
    for c in p.groups:
        if c:
            n += 1
    return n


def monopolies(g: Game, p: Player) -> int:
    """Groups `p` holds whole."""
    n = 0
    held = p.groups
    for grp in g.ed.groups:
        c = held[grp.index]
        if c and c == len(grp.spaces):
            n += 1
    return n


def net_worth(g: Game, p: Player) -> int:
    """The edition's score formula (`end.score`)."""
    score: int = g.ed.end.score(g, p)
    return score


def owned_in_group(g: Game, p: Player, group: str) -> int:
    """How many deeds of `group` (an id) `p` holds."""
    return p.groups[g.ed.group_by_id[group].index]


def completes_group(g: Game, p: Player, space: int) -> bool:
    """Would holding `space` give `p` the whole group of `space`?"""
    gi = g.spaces[space].group_index
    if gi < 0:
        return False
    return p.groups[gi] + (g.owner[space] is not p) == g.group_sizes[gi]


def rent_level(g: Game, space: int) -> int:
    """Index into the rent table: the building level, or the last index at a street's top
    level (a hotel, model._rent_index)."""
    return g.spaces[space].rent_index[g.level[space]]


def rent_table(g: Game, space: int, payer: Player, owner: Player) -> tuple[int, ...]:
    """The rent table of deed `space` when `payer` owes `owner`: of its `rent_tables` the
    first whose condition holds (by the owner's role, whether the group is whole, ...), else
    its `rent`. A rent formula reads it as `table`."""
    sp = g.spaces[space]
    for t in sp.rent_tables:
        if t.when(g, payer, space, owner):
            return t.rent
    return sp.rent


def group_mortgaged(g: Game, space: int) -> bool:
    """Is any deed of the group of `space` mortgaged?"""
    gi = g.spaces[space].group_index
    if gi >= 0:
        mortgaged = g.mortgaged
        for j in g.ed.groups[gi].spaces:
            if mortgaged[j]:
                return True
    return False


def built_in_group(g: Game, p: Player | None, space: int) -> bool:
    """Has `p` a building on any of its lots in the group of `space`? (Selling, mortgaging and
    trading a lot wait for the owner's buildings of its group; with majority building, another
    player's buildings in the group do not count.)"""
    gi = g.spaces[space].group_index
    if gi < 0:
        return False
    level, owner = g.level, g.owner
    for j in g.ed.groups[gi].spaces:
        if level[j] and owner[j] is p:
            return True
    return False


def group_built(g: Game, space: int) -> bool:
    """Has any lot of the group of `space` a building?"""
    gi = g.spaces[space].group_index
    return gi >= 0 and any(g.level[j] for j in g.ed.groups[gi].spaces)


def group_size(g: Game, space: int) -> int:
    """Deeds in the group of `space` (0 outside a group)."""
    gi = g.spaces[space].group_index
    return len(g.ed.groups[gi].spaces) if gi >= 0 else 0


def max_net_worth(g: Game) -> int:
    """The highest net worth of the players still in the game."""
    return max((g.net_worth(p) for p in g.order if p.alive), default=0)


def max_cash(g: Game) -> int:
    """The most cash any player still in the game holds."""
    return max((p.cash for p in g.order if p.alive), default=0)


def min_cash(g: Game) -> int:
    """The least cash any player still in the game holds."""
    return min((p.cash for p in g.order if p.alive), default=0)


def max_laps(g: Game) -> int:
    """The most laps any player still in the game has completed (salaries received)."""
    return max((p.laps for p in g.order if p.alive), default=0)


def min_laps(g: Game) -> int:
    """The fewest laps any player still in the game has completed."""
    return min((p.laps for p in g.order if p.alive), default=0)


# ---------------------------------------------------------------------- sets for DSL loops
def group_ids(g: Game) -> tuple[str, ...]:
    """The edition's group ids, in edition order."""
    return tuple(grp.id for grp in g.ed.groups)


def spaces_of(g: Game, kind: str | None) -> tuple[int, ...]:
    """Board indices in board order: every space (None), the deeds ('deed'), or the spaces of
    a kind (cached)."""
    got = g.space_sets.get(kind)
    if got is None:
        if kind is None:
            got = tuple(range(g.n))
        elif kind == "deed":
            got = tuple(s.index for s in g.spaces if s.is_deed)
        else:
            got = tuple(s.index for s in g.spaces if s.kind == kind)
        g.space_sets[kind] = got
    return got


def unowned_deeds(g: Game) -> int:
    """How many deeds nobody owns (the DSL's `unowned()`): a count of the board's owners in C, no
    loop over the deeds (a space that is no deed has no owner)."""
    return g.owner.count(None) - (g.n - len(spaces_of(g, "deed")))


def ahead(g: Game, p: Player, kind: str | None = None) -> Iterable[int]:
    """Every board index (None), the deeds ('deed') or the spaces of a kind (`spaces_of`), in
    the order met moving forward from `p` (its own space last), as a lazy iterable: `nearest`
    stops at the first space that fits, usually a few steps on, and a kind's spaces alone are
    visited (where none fits, the deeds alone are looked at, not every space of the board)."""
    start = p.pos + 1
    if kind is None:
        return chain(range(start, g.n), range(start))
    spaces = spaces_of(g, kind)
    k = bisect_left(spaces, start)
    return chain(spaces[k:], spaces[:k])
