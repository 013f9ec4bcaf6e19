"""Per-player limits: caps on the deeds one player may own, and each player's own supply of
buildings (`rules.limits`, edition/per_player.py `Limits`; docs/rules.md "Per-player limits").

A cap counts a player's deeds of a kind of space, of a group, or all their deeds (a limited
stock of ownership markers); its `most` is read for the game's number of players
(`GameState.caps`). A player at a cap may not buy another such deed (`rules.limits.at_cap`:
the bank auctions it at once without them, or it goes as a declined purchase), bid for one,
be dealt one at the start, nor get one in a trade. A deed that comes with a bankruptcy is not
refused (our choice: an estate is not a purchase, and refusing it would leave the creditor
unpaid).

A personal supply (`GameState.own_supply`, kind -> count) is the buildings of a kind each player
has of their own (eight houses of the player's colour): the player's buildings of that kind on
the board are counted from the lots' levels, so a hotel that replaces houses gives them back
to the player's supply, and a player whose supply of a kind is all on the board may not build
another (nor break a hotel down into houses they do not have).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..edition.model import Space
    from .game import Game
    from .player import Player


def cap_problem(g: Game, p: Player, i: int) -> str | None:
    """Why `p` may not own the deed `i` too, or None."""
    if not g.caps:
        return None
    return caps_problem(g, p, (i,))


def caps_problem(g: Game, p: Player, gained: Iterable[int], lost: Iterable[int] = ()) -> str | None:
    """Why `p` may not own the deeds `gained` besides their own less `lost`, or None: the first
    cap the deeds would pass."""
    if not g.caps:
        return None
    gained, lost = list(gained), set(lost)
    spaces = g.spaces
    for kind, group, most in g.caps:
        new = [j for j in gained if _counts(spaces[j], kind, group)]
        if not new:
            continue
        have = sum(1 for j in p.deeds if j not in lost and _counts(spaces[j], kind, group))
        if have + len(new) > most:
            return f"{p.name} may own at most {most} {_what(kind, group)}"
    return None


def _counts(space: Space, kind: str | None, group: str | None) -> bool:
    """Does the deed `space` count against a cap of `kind` and `group` (None: any)?"""
    return (kind is None or kind == space.kind) and (group is None or group == space.group)


def _what(kind: str | None, group: str | None) -> str:
    if group is not None:
        return f"deeds of group {group}"
    return f"{kind} deeds" if kind is not None else "deeds"


def may_bid(g: Game, bidders: list[Player], i: int) -> list[Player]:
    """The `bidders` of an auction of the deed `i` who may own it (all when there are no caps)."""
    if not g.caps:
        return bidders
    return [q for q in bidders if cap_problem(g, q, i) is None]


def own_buildings(g: Game, p: Player, kind: str) -> int:
    """How many buildings of `kind` `p` has on the board (on the lots they own)."""
    n = 0
    level = g.level
    for j in p.deeds:
        lvl = level[j]
        if lvl:
            r = g.spaces[j].ladder[lvl - 1]
            if r.kind == kind:
                n += r.count
    return n


def supply_problem(g: Game, p: Player, kind: str, count: int) -> str | None:
    """Why `p` may not put `count` more buildings of `kind` on the board from their own supply,
    or None (no personal supply of that kind, or enough left)."""
    most = g.own_supply.get(kind)
    if most is None:
        return None
    used = own_buildings(g, p, kind)
    if used + count > most:
        return f"{p.name} has {most - used} of their own {kind} buildings left (of {most})"
    return None
