"""Buildings: levels bought on a lot and sold back, the bank's supply and its shortage.

Rule sources: ../shared/rules/classic.md 16-19 (houses, hotels, shortage, selling); [002]
rule 8 (tags as in ../shared/rules/sources.md); levels above the hotel, buildings on other deeds
and building from majority ownership: the 52-space digest in ../shared/rules/editions/ ([M2] [M8]
[M11] [M12], section 8); parameters under `rules.buildings`.

A lot's buildings are a level on its group's ladder (`Space.ladder`, model.Rung): level 0 is
bare, level k holds `ladder[k-1].count` buildings of `ladder[k-1].kind`. The default ladder is
1 .. `houses_before_hotel` houses, then a hotel (`hotel_level` = houses_before_hotel + 1); an
edition's ladder may go higher than the hotel or sit on other deeds (one building on a railroad).
Changing a level hands the old level's buildings back to the bank's `stock` and takes the new
ones (a hotel returns its four houses). Even building and selling compare levels, so a hotel
counts as one more than the last house level ([000] 16.4, 17.5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from ..edition.text import text_in
from .changes import holdings_changed
from .decisions import Decision
from .ledger import bank_pays
from .limits import supply_problem
from .state import E_BUILD

if TYPE_CHECKING:
    from ..edition.model import Rung
    from .game import Game
    from .player import Player


def group_levels(g: Game, i: int) -> list[int]:
    """The building levels of the lots in the group of `i`."""
    return [g.level[j] for j in g.ed.groups[g.spaces[i].group_index].spaces]


def _plural(kind: str) -> str:
    return kind + "s"


def build_stamp(g: Game, p: Player, i: int, window: str) -> tuple[object, ...]:
    """What a full `build_problem(p, i, window)` depends on, as one tuple: the player, lot and
    window, the turn and whether a throw follows (the window's meaning), `p`'s cash and version
    (its deeds, buildings and mortgages), the versions of the buildings (levels, the bank's
    supply) and of the deeds (owners; a rule switch bumps it too). A check that passes keeps its
    stamp in `g.build_passed` (cleared whenever a decision is asked, asking.py); the engine's
    check of a build answer passes at once when the stamp is the same (manage.py): a bot checks
    its build before it answers, and nothing the engine does that could change the verdict
    leaves the stamp as it was. What covers each input of `build_problem`: `STAMP_COVERS`."""
    return (p, i, window, g.turns, g.more_rolls, p.cash, p.version, g.buildings_version, g.deeds_version)


STAMP_COVERS: Final[dict[str, str]] = {
    # each `g.X` and `p.X` that build_problem reads -> the part of build_stamp that moves whenever
    # it may change ("edition": fixed for a game; "message": only in the reason's words)
    "g.spaces": "edition", "g.ed": "edition",
    "g.rules": "deeds_version",            # a rule switch bumps it (switches.py)
    "g.owner": "deeds_version",            # deeds.set_owner
    "g.level": "buildings_version",        # _set_level
    "g.stock": "buildings_version",        # _set_level, the state's supply setters
    "g.mortgaged": "version",              # only `p`'s own lots are read; mortgages.py bumps it
    "g.before_roll_window": "more_rolls",  # with `window` (manage.before_roll_window)
    "p.name": "message",
    "p.groups": "version",                 # deeds.py
    "p.built_this_turn": "buildings_version",   # moves with every build; reset with the turn (turns)
    "p.built_groups": "buildings_version",
    "p.cash": "cash",
    "g.own_supply": "edition",             # fixed at the start; limits.supply_problem reads the levels
                                           # of `p`'s lots (buildings_version, version)
}
"""The one list of what `build_problem` reads and which part of `build_stamp` covers it: a new
input must be added here, with a part of the stamp that moves with it (tests/game/test_build_stamp.py
reads `build_problem`'s code and fails on an input missing here, or a part missing from the stamp)."""


def build_problem(g: Game, p: Player, i: int, window: str, *, limits: bool = True,
                  cash: bool = True) -> str | None:
    """Why `p` may not build one level on `i` now, or None if they may ([000] 16-18;
    [002] rule 8; [M2] [M8]: the share of the group each level needs; parameters
    under `rules.buildings`). `limits=False` ignores the build window and per-turn limits,
    `cash=False` the price (a card sets its own)."""
    sp = g.spaces[i]
    r = g.rules
    ladder = sp.ladder
    if not ladder:
        return f"{sp.id} is not a lot that takes buildings"
    if g.owner[i] is not p:
        return f"{p.name} does not own {sp.id}"
    lvl = g.level[i]
    top = len(ladder)
    rung = ladder[lvl] if lvl < top else ladder[-1]
    # the share of the group the level needs, and the lots building on `i` is measured
    # against: the whole group, `p`'s lots of it for a majority, `i` alone for any share
    owned = rung.owned
    lots: Sequence[int]
    if owned == "any":
        lots = (i,)
    else:
        grp = g.ed.groups[sp.group_index]
        lots = grp.spaces
        have, size = p.groups[sp.group_index], len(lots)
        if owned == "all" and have < size:
            return f"{p.name} does not own the whole group {grp.id}: " + _held_by_others(g, p, lots)
        if owned == "all_but_one" and have < size - 1:
            return f"{p.name} owns {have} of group {grp.id}; building needs all but one ({size - 1})"
    level, mortgaged, owner = g.level, g.mortgaged, g.owner
    share = owned != "all"                  # a share of the group: `p`'s lots of it alone count
    low = lvl                               # the lowest level of the lots (`i` is one of them)
    for j in lots:
        if share and owner[j] is not p:
            continue
        if mortgaged[j]:
            return f"{g.spaces[j].id} in the group is mortgaged"
        if level[j] < low:
            low = level[j]
    if lvl >= top:
        return f"{sp.id} already has a {rung.kind}"
    if rung.allowed is not None and not rung.allowed(g, p, i):
        return step_refusal(p, sp.id, rung)
    if lvl > low:
        return "build evenly: another lot of the group has fewer buildings"
    if limits:
        if r.build_window == "before_roll" and not g.before_roll_window(window):
            return "buildings may be bought only before rolling"
        if r.max_per_turn is not None and p.built_this_turn >= r.max_per_turn:
            return f"at most {r.max_per_turn} buildings per turn"
        if (r.max_per_group_per_turn is not None
                and p.built_groups.get(g.ed.groups[sp.group_index].id, 0) >= r.max_per_group_per_turn):
            return f"at most {r.max_per_group_per_turn} building per group per turn"
    stock = g.stock.get(rung.kind)
    if stock is not None and stock <= 0:
        return f"the bank has no {_plural(rung.kind)} left"
    if g.own_supply:              # the player's own buildings (rules.limits.buildings, limits.py)
        old = ladder[lvl - 1] if lvl else None
        extra = rung.count - (old.count if old is not None and old.kind == rung.kind else 0)
        problem = supply_problem(g, p, rung.kind, extra)
        if problem is not None:
            return problem
    if cash and p.cash < rung.cost:
        return f"{p.name} has {p.cash}, the building costs {rung.cost}"
    if limits and cash and rung.allowed is None:   # a step's condition may read anything: no stamp
        g.build_passed = build_stamp(g, p, i, window)   # (manage._check_build)
    return None


def _held_by_others(g: Game, p: Player, lots: Sequence[int]) -> str:
    """Who holds the lots of a group that `p` lacks, in words: 'x belongs to Bot 2, y is the bank's'."""
    return ", ".join(f"{g.spaces[j].id} belongs to {o.name}" if (o := g.owner[j]) is not None
                     else f"{g.spaces[j].id} is the bank's" for j in lots if g.owner[j] is not p)


def step_refusal(p: Player, space_id: str, rung: Rung) -> str:
    """Why `p` may not build `rung` on `space_id` when the ladder step's `allowed_if` does
    not hold for them: the step's `refused` text, else the condition as written."""
    why = text_in(rung.refused, "en") if rung.refused else f"only where {rung.allowed_text}"
    return f"{p.name} may not build a {rung.kind} on {space_id}: {why}"


def next_rung(g: Game, i: int) -> Rung | None:
    """The level a build on `i` would add, or None at the top (or on a lot without a ladder)."""
    ladder = g.spaces[i].ladder
    lvl = g.level[i]
    return ladder[lvl] if lvl < len(ladder) else None


def request_building(g: Game, p: Player, i: int, window: str) -> None:
    """Build one level on `i` (legality checked). When the bank's last buildings of that kind
    are wanted by other players too, they are auctioned ([000] 18.3; our reading in
    docs/rules.md)."""
    if g.rules.shortage_auction and _shortage(g, p, i):
        return
    build(g, p, i)


def _shortage(g: Game, p: Player, i: int) -> bool:
    """Building shortage ([000] 18.3), for each kind of building on its own: if the bank has
    no more of the wanted kind than there are other players who could build one now, the
    building is auctioned, opening at its price with `p`'s request as the first bid. The
    winner places it at once by the normal rules and pays the bid, or the printed price of
    that building if it is higher. Returns True if an auction took place (and built)."""
    rung = g.spaces[i].ladder[g.level[i]]
    kind = rung.kind
    stock = g.stock.get(kind)
    if stock is None or stock >= len(g.order):
        return False
    rivals = [q for q in g.others(p) if building_spots(g, q, kind)]
    if len(rivals) < stock:
        return False
    cost = rung.cost
    g.emit("shortage_auction", building=kind, stock=stock)
    winner, price = g.bidding(rivals, cost, high=p, price=cost, building=kind)
    if winner is p:
        build(g, p, i, price)
        return True
    assert winner is not None and price is not None      # p's request is the opening bid
    spots = building_spots(g, winner, kind)
    j = g.ask(Decision.of("place", winner, spots, None, {"optional": False, "reason": "shortage"}))
    # never below the printed price of the building where it goes (our reading of 18.3)
    printed = g.spaces[j].ladder[g.level[j]].cost
    build(g, winner, j, max(price, printed), count=False)
    return True


def building_spots(g: Game, q: Player, kind: str) -> list[int]:
    """Lots where `q` could put (and pay for) a building of `kind` now, turn limits aside."""
    out = []
    level, spaces = g.level, g.spaces
    for j in sorted(q.deeds):
        ladder = spaces[j].ladder        # (next_rung, written out: every deed of each rival)
        lvl = level[j]
        if (lvl < len(ladder) and ladder[lvl].kind == kind and q.cash >= ladder[lvl].cost
                and build_problem(g, q, j, "any", limits=False) is None):
            out.append(j)
    return out


def _set_level(g: Game, i: int, new: int) -> None:
    """Put lot `i` at level `new`: the buildings of its old level go back to the bank's stock
    and those of the new level come out of it (supply checked by the callers)."""
    ladder = g.spaces[i].ladder
    stock = g.stock
    old = g.level[i]
    if old:
        r = ladder[old - 1]
        left = stock.get(r.kind)
        if left is not None:
            stock[r.kind] = left + r.count
    if new:
        r = ladder[new - 1]
        left = stock.get(r.kind)
        if left is not None:
            stock[r.kind] = left - r.count
    g.level[i] = new
    g.buildings_version += 1


def build(g: Game, p: Player, i: int, cost: int | None = None, *, count: bool = True) -> None:
    """Add one level on `i` (legality already checked): a house, or a building of a new kind
    that hands the lot's buildings below back to the bank (a hotel its houses, [000] 17.2).
    `cost` overrides the price (a card)."""
    sp = g.spaces[i]
    price = sp.ladder[g.level[i]].cost if cost is None else cost
    g.pay(p, None, price, "build")
    if not p.alive:
        return
    _set_level(g, i, g.level[i] + 1)
    holdings_changed(g, p)
    if count:
        p.built_this_turn += 1
        key = g.ed.groups[sp.group_index].id     # the group id, as build_problem counts it
        p.built_groups[key] = p.built_groups.get(key, 0) + 1
    if g.log is not None:
        g.event_counts[E_BUILD] += 1
        if g.log_full[E_BUILD]:
            g.log.add({"e": "build", "turn": g.turns, "player": p.seat, "space": sp.id, "level": g.level[i],
                       "cost": price})


def offer_build(g: Game, p: Player, cost: Callable[[int], int]) -> None:
    """A card lets `p` build one house at `cost(space)` ([002] card 32): `p` picks a
    lot where a level of the ladder's first kind (a house) is legal and affordable now, or
    declines."""
    options: list[int | None] = []
    for i in sorted(p.deeds):
        rung = next_rung(g, i)
        if (rung is not None and rung.kind == g.spaces[i].ladder[0].kind
                and build_problem(g, p, i, "card", limits=False, cash=False) is None
                and p.cash >= cost(i)):
            options.append(i)
    if not options:
        return
    choice = g.ask(Decision.of("place", p, options + [None], None, {"optional": True, "reason": "card"}))
    if choice is not None:
        build(g, p, choice, cost(choice), count=False)


def _replaces(ladder: tuple[Rung, ...], lvl: int) -> bool:
    """Does level `lvl` replace buildings of another kind below it (a hotel, or a level above it)?"""
    return lvl >= 2 and ladder[lvl - 1].kind != ladder[lvl - 2].kind


def sell_problem(g: Game, p: Player, i: int) -> str | None:
    """Why `p` may not sell one level on `i` now, or None ([000] 16.6, 18.2, 19; [M11]:
    selling down the ladder takes the buildings of the level below from the bank)."""
    sp = g.spaces[i]
    if g.owner[i] is not p:
        return f"{p.name} does not own {sp.id}"
    lvl = g.level[i]
    if lvl == 0:
        return f"{sp.id} has no buildings"
    ladder = sp.ladder
    if ladder[lvl - 1].owned != "any":
        level, owner = g.level, g.owner
        for j in g.ed.groups[sp.group_index].spaces:
            if level[j] > lvl and owner[j] is p:
                return "sell evenly: another lot of the group has more buildings"
    if _replaces(ladder, lvl):
        kind, below = ladder[lvl - 1].kind, ladder[lvl - 2]
        stock = g.stock.get(below.kind)
        need = below.count * len(_sold_with(g, i))
        if stock is not None and stock < need:
            whole = f"the group's {_plural(kind)}" if need > below.count else f"a {kind}"
            what = below.kind if need == 1 else _plural(below.kind)
            return (f"breaking {whole} down needs {need} {what} in the bank (it has {stock}); "
                    f"sell all the group's buildings at once instead")
        problem = supply_problem(g, p, below.kind, need) if g.own_supply else None
        if problem is not None:
            return problem + "; sell all the group's buildings at once instead"
    return None


def _sold_with(g: Game, i: int) -> list[int]:
    """The lots sold down together with `i`: with `buildings.hotel_sale: together`, every lot
    of the group at the same level when that level replaced another kind (all the group's
    hotels, [000] 19: "All the hotels of one colour group must be sold at the same time"),
    else `i` alone."""
    lvl = g.level[i]
    if g.rules.hotel_sale == "together" and _replaces(g.spaces[i].ladder, lvl):
        return [j for j in g.ed.groups[g.spaces[i].group_index].spaces if g.level[j] == lvl]
    return [i]


def sell_value(g: Game, i: int) -> int:
    """What the bank pays for selling one level on `i` now: the sell-back share of that
    level's cost (a house; a hotel broken down into houses, [000] 19.2, 19.7), times the lots
    sold down together (`buildings.hotel_sale`)."""
    rung = g.spaces[i].ladder[g.level[i] - 1]
    return rung.cost * g.rules.sell_percent // 100 * len(_sold_with(g, i))   # rounded down


def sell_building(g: Game, p: Player, i: int) -> None:
    """Sell one level on `i` back to the bank; a hotel comes back as houses plus the hotel's
    sell-back price ([000] 19.2, 19.7; a level above a hotel as a hotel, [M11]), and with
    `buildings.hotel_sale: together` every such level of the group at the same time ([000] 19)."""
    refund = sell_value(g, i)
    lots = _sold_with(g, i)
    for j in lots:
        _set_level(g, j, g.level[j] - 1)
    holdings_changed(g, p)
    bank_pays(g, p, refund, "sell_building")
    for j in lots:
        if g.log is not None:
            g.emit("sell", player=p.seat, space=g.spaces[j].id, level=g.level[j])


def building_refund(g: Game, i: int, level: int) -> int:
    """What the bank pays back for `level` on `i` sold outright: every level up to it at its
    cost (a hotel counts with the houses it replaced, [000] 19.5: half the hotel plus half
    the houses), rounded down once."""
    if level == 0:
        return 0
    return g.spaces[i].spent[level] * g.rules.sell_percent // 100        # rounded down once


def return_buildings(g: Game, i: int) -> int:
    """Clear all buildings on `i` into the bank's supply; returns their sell-back value (the
    caller decides who, if anyone, is paid it)."""
    refund = building_refund(g, i, g.level[i])
    _set_level(g, i, 0)
    o = g.owner[i]
    if o is not None:
        holdings_changed(g, o)
    return refund


def sell_all(g: Game, p: Player, group_index: int) -> None:
    """Sell every building of a group at once ([000] 19.6; the only sale possible when
    the bank lacks houses to break a hotel down, C23)."""
    total = 0
    for j in g.ed.groups[group_index].spaces:
        if g.level[j] and g.owner[j] is p:
            total += return_buildings(g, j)
    bank_pays(g, p, total, "sell_building")
    g.emit("sell_all", player=p.seat, group=g.ed.groups[group_index].id)
