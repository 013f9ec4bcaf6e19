"""Buildings: houses and hotels, bought and sold back, the bank's supply and its shortage.

Rule sources: ../shared/rules/classic.md 16-19 (houses, hotels, shortage, selling); [002]
rule 8 (tags as in ../shared/rules/sources.md); parameters under `rules.buildings`.

Building levels: 0 .. `houses_before_hotel` houses, then `hotel_level` (= houses_before_hotel + 1)
for a hotel. Even building and selling compare levels, so a hotel counts as one more than the
last house level ([000] 16.4, 17.5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..edition.model import round_div
from .decisions import Decision
from .ledger import bank_pays

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def group_levels(g: Game, i: int) -> list[int]:
    """The building levels of the lots in the group of `i`."""
    return [g.level[j] for j in g.ed.groups[g.spaces[i].group_index].spaces]


def build_problem(g: Game, p: Player, i: int, window: str, *, limits: bool = True,
                  cash: bool = True) -> str | None:
    """Why `p` may not build one level on `i` now, or None if they may ([000] 16-18;
    [002] rule 8; parameters under `rules.buildings`). `limits=False` ignores the
    build window and per-turn limits, `cash=False` the price (a card sets its own)."""
    sp = g.spaces[i]
    r = g.rules
    if not sp.buildable:
        return f"{sp.id} is not a lot that takes buildings"
    if g.owner[i] is not p:
        return f"{p.name} does not own {sp.id}"
    grp = g.ed.groups[sp.group_index]
    if not g.owns_group(p, sp.group_index):
        return f"{p.name} does not own the whole group {grp.id}"
    for j in grp.spaces:
        if g.mortgaged[j]:
            return f"{g.spaces[j].id} in the group is mortgaged"
    lvl = g.level[i]
    if lvl >= g.hotel_level:
        return f"{sp.id} already has a hotel"
    if lvl > min(g.level[j] for j in grp.spaces):
        return "build evenly: another lot of the group has fewer buildings"
    if limits:
        if r.build_window == "before_roll" and not g.before_roll_window(window):
            return "buildings may be bought only before rolling"
        if r.max_per_turn is not None and p.built_this_turn >= r.max_per_turn:
            return f"at most {r.max_per_turn} buildings per turn"
        if (r.max_per_group_per_turn is not None
                and p.built_groups.get(grp.id, 0) >= r.max_per_group_per_turn):
            return f"at most {r.max_per_group_per_turn} building per group per turn"
    if lvl == g.hotel_level - 1:
        if g.hotels is not None and g.hotels <= 0:
            return "the bank has no hotels left"
        cost = sp.hotel_cost
    else:
        if g.houses is not None and g.houses <= 0:
            return "the bank has no houses left"
        cost = sp.house_cost
    if cash and p.cash < cost:
        return f"{p.name} has {p.cash}, the building costs {cost}"
    return None


def request_building(g: Game, p: Player, i: int, window: str) -> None:
    """Build one level on `i` (legality checked). When the bank's last buildings of that type
    are wanted by other players too, they are auctioned ([000] 18.3; our reading in
    docs/rules.md)."""
    if g.rules.shortage_auction and _shortage(g, p, i):
        return
    build(g, p, i)


def _shortage(g: Game, p: Player, i: int) -> bool:
    """Building shortage ([000] 18.3): if the bank has no more of the wanted building
    (house or hotel) than there are other players who could build one now, the building is
    auctioned, opening at its price with `p`'s request as the first bid. The winner places
    it at once by the normal rules and pays the bid, or the printed price of that building
    if it is higher. Returns True if an auction took place (and built)."""
    hotel = g.level[i] == g.hotel_level - 1
    stock = g.hotels if hotel else g.houses
    if stock is None or stock >= len(g.order):
        return False
    rivals = [q for q in g.others(p) if building_spots(g, q, hotel)]
    if len(rivals) < stock:
        return False
    sp = g.spaces[i]
    cost = sp.hotel_cost if hotel else sp.house_cost
    kind = "hotel" if hotel else "house"
    g.emit("shortage_auction", building=kind, stock=stock)
    winner, price = g.bidding(rivals, cost, high=p, price=cost, building=kind)
    if winner is p:
        build(g, p, i, price)
        return True
    assert winner is not None and price is not None      # p's request is the opening bid
    spots = building_spots(g, winner, hotel)
    j = g.ask(Decision("place", winner, spots, optional=False, reason="shortage"))
    # never below the printed price of the building where it goes (our reading of 18.3)
    printed = g.spaces[j].hotel_cost if hotel else g.spaces[j].house_cost
    build(g, winner, j, max(price, printed), count=False)
    return True


def building_spots(g: Game, q: Player, hotel: bool) -> list[int]:
    """Lots where `q` could put (and pay for) a house or a hotel now, turn limits aside."""
    want = g.hotel_level - 1
    return [j for j in sorted(q.deeds)
            if (g.level[j] == want) == hotel
            and build_problem(g, q, j, "any", limits=False) is None]


def build(g: Game, p: Player, i: int, cost: int | None = None, *, count: bool = True) -> None:
    """Add one level on `i` (legality already checked): a house, or a hotel that hands the
    lot's houses back to the bank ([000] 17.2). `cost` overrides the price (a card)."""
    sp = g.spaces[i]
    hotel = g.level[i] == g.hotel_level - 1
    price = (sp.hotel_cost if hotel else sp.house_cost) if cost is None else cost
    g.pay(p, None, price, "build")
    if not p.alive:
        return
    if hotel:
        if g.hotels is not None:
            g.hotels -= 1
        if g.houses is not None:
            g.houses += g.rules.houses_before_hotel
    elif g.houses is not None:
        g.houses -= 1
    g.level[i] += 1
    p.version += 1
    if count:
        p.built_this_turn += 1
        key = g.ed.groups[sp.group_index].id     # the group id, as build_problem counts it
        p.built_groups[key] = p.built_groups.get(key, 0) + 1
    if g.log is not None:
        g.emit("build", player=p.seat, space=sp.id, level=g.level[i], cost=price)


def offer_build(g: Game, p: Player, cost: Callable[[int], int]) -> None:
    """A card lets `p` build one house at `cost(space)` ([002] card 32): `p` picks a
    lot where a house is legal and affordable now, or declines."""
    options: list[int | None] = [i for i in sorted(p.deeds)
                                 if g.level[i] < g.hotel_level - 1
                                 and build_problem(g, p, i, "card", limits=False, cash=False) is None
                                 and p.cash >= cost(i)]
    if not options:
        return
    choice = g.ask(Decision("place", p, options + [None], optional=True, reason="card"))
    if choice is not None:
        build(g, p, choice, cost(choice), count=False)


def sell_problem(g: Game, p: Player, i: int) -> str | None:
    """Why `p` may not sell one level on `i` now, or None ([000] 16.6, 18.2, 19)."""
    sp = g.spaces[i]
    if g.owner[i] is not p:
        return f"{p.name} does not own {sp.id}"
    lvl = g.level[i]
    if lvl == 0:
        return f"{sp.id} has no buildings"
    if lvl < max(group_levels(g, i)):
        return "sell evenly: another lot of the group has more buildings"
    hbh = g.rules.houses_before_hotel
    if lvl == g.hotel_level:
        need = hbh * len(_hotels_sold_with(g, i))
        if g.houses is not None and g.houses < need:
            return (f"breaking {'the group' + chr(39) + 's hotels' if need > hbh else 'a hotel'} down needs "
                    f"{need} houses in the bank (it has {g.houses}); sell all the group's buildings at once instead")
    return None


def _hotels_sold_with(g: Game, i: int) -> list[int]:
    """The lots whose hotels are broken down when the hotel on `i` is: all the group's hotels
    with `buildings.hotel_sale: together` ([000] 19: "All the hotels of one colour group must
    be sold at the same time"), else `i` alone."""
    if g.rules.hotel_sale == "together":
        return [j for j in g.ed.groups[g.spaces[i].group_index].spaces if g.level[j] == g.hotel_level]
    return [i]


def sell_value(g: Game, i: int) -> int:
    """What the bank pays for selling one level on `i` now: the sell-back share of a house, or
    of the hotel when breaking it down into houses ([000] 19.2, 19.7), times the hotels
    broken down together (`buildings.hotel_sale`)."""
    sp = g.spaces[i]
    if g.level[i] == g.hotel_level:
        return round_div(sp.hotel_cost * g.rules.sell_percent, 100, "down") * len(_hotels_sold_with(g, i))
    return round_div(sp.house_cost * g.rules.sell_percent, 100, "down")


def sell_building(g: Game, p: Player, i: int) -> None:
    """Sell one level on `i` back to the bank; a hotel comes back as houses plus the hotel's
    sell-back price ([000] 19.2, 19.7), and with `buildings.hotel_sale: together` every hotel
    of the group does so at the same time ([000] 19)."""
    refund = sell_value(g, i)
    if g.level[i] == g.hotel_level:
        lots = _hotels_sold_with(g, i)
        for j in lots:
            if g.hotels is not None:
                g.hotels += 1
            if g.houses is not None:
                g.houses -= g.rules.houses_before_hotel
            g.level[j] -= 1
    else:
        lots = [i]
        if g.houses is not None:
            g.houses += 1
        g.level[i] -= 1
    p.version += 1
    bank_pays(g, p, refund, "sell_building")
    for j in lots:
        g.emit("sell", player=p.seat, space=g.spaces[j].id, level=g.level[j])


def building_refund(g: Game, i: int, level: int) -> int:
    """What the bank pays back for `level` on `i` sold outright: a hotel counts with the
    houses it replaced ([000] 19.5: half the hotel plus half the houses)."""
    if level == 0:
        return 0
    sp = g.spaces[i]
    pct = g.rules.sell_percent
    if level == g.hotel_level:
        return round_div((sp.hotel_cost + g.rules.houses_before_hotel * sp.house_cost) * pct, 100, "down")
    return round_div(level * sp.house_cost * pct, 100, "down")


def return_buildings(g: Game, i: int) -> int:
    """Clear all buildings on `i` into the bank's supply; returns their sell-back value (the
    caller decides who, if anyone, is paid it)."""
    lvl = g.level[i]
    refund = building_refund(g, i, lvl)
    if lvl == g.hotel_level:
        if g.hotels is not None:
            g.hotels += 1
    elif g.houses is not None:
        g.houses += lvl
    g.level[i] = 0
    o = g.owner[i]
    if o is not None:
        o.version += 1
    return refund


def sell_all(g: Game, p: Player, group_index: int) -> None:
    """Sell every building of a group at once ([000] 19.6; the only sale possible when
    the bank lacks houses to break a hotel down, C23)."""
    total = 0
    for j in g.ed.groups[group_index].spaces:
        if g.level[j]:
            total += return_buildings(g, j)
    bank_pays(g, p, total, "sell_building")
    g.emit("sell_all", player=p.seat, group=g.ed.groups[group_index].id)
