"""Title deeds and buildings: purchase, auction, building and selling, mortgages, transfers.

Rule sources: ../shared/rules/classic.md sections 6-7 (buying, auctions), 16-19 (houses,
hotels, shortage, selling), 21-22 (mortgage); [002] rule 8 and 9/1.1-9/1.4 (tags as in
../shared/rules/sources.md).

Building levels: 0 .. `houses_before_hotel` houses, then `hotel_level` (= houses_before_hotel + 1)
for a hotel. Even building and selling compare levels, so a hotel counts as one more than the
last house level ([000] 16.4, 17.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..edition.model import round_div
from ..errors import IllegalDecision
from .decisions import BUY_OPTIONS, Decision

if TYPE_CHECKING:
    from .state import Player


class PropertyMixin:
    """Deeds and buildings for `Game`."""

    # ------------------------------------------------------------------ ownership
    def set_owner(self, i: int, p: Player | None) -> None:
        """Record `p` (None: the bank) as the holder of the title deed of space `i`."""
        self.deeds_version += 1
        old = self.owner[i]
        g = self.spaces[i].group_index
        if old is not None:
            old.deeds.discard(i)
            old.version += 1
            if g >= 0:
                old.groups[g] -= 1
        self.owner[i] = p
        if p is not None:
            p.deeds.add(i)
            p.version += 1
            if g >= 0:
                p.groups[g] += 1

    def transfer_deed(self, i: int, to: Player) -> None:
        """Pass the deed of `i` to `to`, with its mortgage. A new owner of a mortgaged deed
        pays the interest at once, then lifts the mortgage now or keeps it ([000] 22.2-22.3,
        24.6; parameter `mortgage.transfer_interest`)."""
        old = self.owner[i]
        self.set_owner(i, to)
        if self._acting is not None:
            key = self._acting + "_deeds"
            self.stats[key] = self.stats.get(key, 0) + 1
        self.emit("deed", space=self.spaces[i].id, frm=None if old is None else old.seat, to=to.seat)
        if self.mortgaged[i] and self.rules.transfer_interest:
            interest = self.interest(i)
            choice = self.ask(Decision("inherited_mortgage", to, ("lift", "keep"), space=i,
                                       interest=interest, value=self.spaces[i].mortgage))
            if choice == "lift" and to.cash >= self.spaces[i].mortgage + interest:
                self.pay(to, None, self.spaces[i].mortgage + interest, "unmortgage")
                self.mortgaged[i] = False
                to.version += 1
                self.emit("unmortgage", player=to.seat, space=self.spaces[i].id)
            else:
                self.pay(to, None, interest, "interest")

    def interest(self, i: int) -> int:
        """The interest on the mortgage of `i` ([000] 21.4: 10%, rounding by the edition)."""
        return self.rules.percent(self.spaces[i].mortgage, self.rules.interest_percent)

    def unmortgage_cost(self, i: int) -> int:
        """Lifting the mortgage on `i`: its value plus the interest ([000] 21.4)."""
        return self.spaces[i].mortgage + self.interest(i)

    def bank_sale_value(self, i: int) -> int:
        """What the bank pays for the deed of `i` where the edition lets players sell deeds to
        the bank ([002] 9/1.2), else 0. A mortgaged deed brings nothing more."""
        pct = self.rules.bank_buys_percent
        if pct is None or self.mortgaged[i]:
            return 0
        return round_div(self.spaces[i].price * pct, 100, "down")

    # ------------------------------------------------------------------ purchase and auction
    def offer_purchase(self, p: Player, i: int) -> None:
        """`p` stopped on the unowned deed `i`: buy at the printed price, or decline and the
        bank auctions it at once ([000] 6.2-6.4, 7). A player short of cash may buy if selling
        and mortgaging can raise the price (they are asked to raise it first); one who could not
        raise it may only decline."""
        price = self.spaces[i].price
        affordable = p.cash >= price or p.cash + self.liquidation_value(p) >= price
        options = BUY_OPTIONS if affordable else ("decline",)
        if self.ask(Decision("buy", p, options, space=i, price=price)) == "buy":
            self.pay(p, None, price, "purchase")
            self.set_owner(i, p)
            if self.log is not None:
                self.emit("buy", player=p.seat, space=self.spaces[i].id, price=price)
            return
        if self.log is not None:
            self.emit("decline", player=p.seat, space=self.spaces[i].id)
        if self.rules.purchase_declined == "auction":
            self.auction(i, opener=p, exclude=None if self.rules.auction_decliner_may_bid else p)

    def auction(self, i: int, *, opener: Player | None = None, exclude: Player | None = None,
                start: int | None = None) -> Player | None:
        """The bank auctions the deed of `i`: an open ascending auction ([000] 7; parameters
        under `rules.auction`). Bidding goes round in seat order from the player after `opener`;
        each bid beats the last by at least `step`, the first is at least `start`; a pass is
        final; the last bidder left wins and pays the bank. With `bid_limit: cash` no bid may
        exceed the bidder's cash; with `binding` any bid stands and an unpaid bid is a debt
        (C25). Unsold: the deed stays with the bank. Returns the winner or None."""
        r = self.rules
        if start is None:
            start = r.auction_start(self, i)
        seats = [q for q in self.order if q.alive]
        if opener is not None and opener in self.order:
            k = self.order.index(opener)
            seats = [q for q in self.order[k + 1:] + self.order[:k + 1] if q.alive]
        self.emit("auction", space=self.spaces[i].id, start=start)
        high, price = self._bidding([q for q in seats if q is not exclude], start, space=i)
        if high is None:
            self.emit("unsold", space=self.spaces[i].id)
            return None
        self.pay(high, None, price, "auction")
        if not high.alive:      # a binding bid the winner could not pay (C25)
            if self.rules.auction_unpaid == "reauction" and not self.over:
                return self.auction(i, opener=opener)
            return None         # 'bank': the deed stays with the bank ([002] G20)
        self.emit("sold", space=self.spaces[i].id, player=high.seat, price=price)
        if self.mortgaged[i]:      # a bankrupt's deed sold still mortgaged (C30, a reading)
            self.transfer_deed(i, high)
        else:
            self.set_owner(i, high)
        return high

    def _bidding(self, bidders: list, start: int, *, high=None, price: int | None = None,
                 **subject) -> tuple:
        """Run an open ascending auction among `bidders` (in bidding order) and return
        (winner, price), or (None, None) if nobody bid. `high`/`price` give an opening bid
        already made. Each bid beats the last by `rules.auction.step`, the first is at least
        `start`; a pass is final; `bid_limit: cash` caps a bid at the bidder's cash."""
        binding = self.rules.auction_bid_limit == "binding"
        step = self.rules.auction_step
        active = list(bidders)
        if high is not None and high not in active:
            active.insert(0, high)
        while active and not (len(active) == 1 and active[0] is high):
            for q in list(active):
                if q is high:
                    continue
                lo = start if price is None else price + step
                hi = None if binding else q.cash
                if hi is not None and lo > hi:
                    active.remove(q)
                    continue
                bid = self.ask(Decision("bid", q, min=lo, max=hi, price=price,
                                        high_bidder=None if high is None else high.seat, **subject),
                               check=lambda b, lo=lo, hi=hi: _check_bid(b, lo, hi))
                if bid is None:
                    active.remove(q)
                else:
                    price, high = bid, q
                    if self.log is not None:
                        self.emit("bid", player=q.seat, amount=bid)
                if len(active) == 1 and active[0] is high:
                    break
        return high, price

    # ------------------------------------------------------------------ buildings
    def group_levels(self, i: int) -> list[int]:
        """The building levels of the lots in the group of `i`."""
        return [self.level[j] for j in self.ed.groups[self.spaces[i].group_index].spaces]

    def owns_group(self, p: Player, group_index: int) -> bool:
        """Does `p` hold every deed of the group?"""
        return p.groups[group_index] == len(self.ed.groups[group_index].spaces)

    def build_problem(self, p: Player, i: int, window: str, *, limits: bool = True,
                      cash: bool = True) -> str | None:
        """Why `p` may not build one level on `i` now, or None if they may ([000] 16-18;
        [002] rule 8; parameters under `rules.buildings`). `limits=False` ignores the
        build window and per-turn limits, `cash=False` the price (a card sets its own)."""
        sp = self.spaces[i]
        r = self.rules
        if not sp.buildable:
            return f"{sp.id} is not a lot that takes buildings"
        if self.owner[i] is not p:
            return f"{p.name} does not own {sp.id}"
        grp = self.ed.groups[sp.group_index]
        if not self.owns_group(p, sp.group_index):
            return f"{p.name} does not own the whole group {grp.id}"
        for j in grp.spaces:
            if self.mortgaged[j]:
                return f"{self.spaces[j].id} in the group is mortgaged"
        lvl = self.level[i]
        if lvl >= self.hotel_level:
            return f"{sp.id} already has a hotel"
        if lvl > min(self.level[j] for j in grp.spaces):
            return "build evenly: another lot of the group has fewer buildings"
        if limits:
            if r.build_window == "before_roll" and not self._before_roll_window(window):
                return "buildings may be bought only before rolling"
            if r.max_per_turn is not None and p.built_this_turn >= r.max_per_turn:
                return f"at most {r.max_per_turn} buildings per turn"
            if (r.max_per_group_per_turn is not None
                    and p.built_groups.get(grp.id, 0) >= r.max_per_group_per_turn):
                return f"at most {r.max_per_group_per_turn} building per group per turn"
        if lvl == self.hotel_level - 1:
            if self.hotels is not None and self.hotels <= 0:
                return "the bank has no hotels left"
            cost = sp.hotel_cost
        else:
            if self.houses is not None and self.houses <= 0:
                return "the bank has no houses left"
            cost = sp.house_cost
        if cash and p.cash < cost:
            return f"{p.name} has {p.cash}, the building costs {cost}"
        return None

    def _shortage(self, p: Player, i: int) -> bool:
        """Building shortage ([000] 18.3): if the bank has no more of the wanted building
        (house or hotel) than there are other players who could build one now, the building is
        auctioned, opening at its price with `p`'s request as the first bid. The winner places
        it at once by the normal rules and pays the bid, or the printed price of that building
        if it is higher. Returns True if an auction took place (and built)."""
        hotel = self.level[i] == self.hotel_level - 1
        stock = self.hotels if hotel else self.houses
        if stock is None or stock >= len(self.order):
            return False
        rivals = [q for q in self.others(p) if self._building_spots(q, hotel)]
        if len(rivals) < stock:
            return False
        sp = self.spaces[i]
        cost = sp.hotel_cost if hotel else sp.house_cost
        kind = "hotel" if hotel else "house"
        self.emit("shortage_auction", building=kind, stock=stock)
        winner, price = self._bidding(rivals, cost, high=p, price=cost, building=kind)
        if winner is p:
            self.build(p, i, price)
            return True
        spots = self._building_spots(winner, hotel)
        j = self.ask(Decision("place", winner, spots, optional=False, reason="shortage"))
        # never below the printed price of the building where it goes (our reading of 18.3)
        printed = self.spaces[j].hotel_cost if hotel else self.spaces[j].house_cost
        self.build(winner, j, max(price, printed), count=False)
        return True

    def _building_spots(self, q: Player, hotel: bool) -> list[int]:
        """Lots where `q` could put (and pay for) a house or a hotel now, turn limits aside."""
        want = self.hotel_level - 1
        return [j for j in sorted(q.deeds)
                if (self.level[j] == want) == hotel
                and self.build_problem(q, j, "any", limits=False) is None]

    def _before_roll_window(self, window: str) -> bool:
        return window == "before_roll" or (window == "after_landing" and self._more_rolls)

    def build(self, p: Player, i: int, cost: int | None = None, *, count: bool = True) -> None:
        """Add one level on `i` (legality already checked): a house, or a hotel that hands the
        lot's houses back to the bank ([000] 17.2). `cost` overrides the price (a card)."""
        sp = self.spaces[i]
        hotel = self.level[i] == self.hotel_level - 1
        price = (sp.hotel_cost if hotel else sp.house_cost) if cost is None else cost
        self.pay(p, None, price, "build")
        if not p.alive:
            return
        if hotel:
            if self.hotels is not None:
                self.hotels -= 1
            if self.houses is not None:
                self.houses += self.rules.houses_before_hotel
        elif self.houses is not None:
            self.houses -= 1
        self.level[i] += 1
        p.version += 1
        if count:
            p.built_this_turn += 1
            p.built_groups[sp.group] = p.built_groups.get(sp.group, 0) + 1
        if self.log is not None:
            self.emit("build", player=p.seat, space=sp.id, level=self.level[i], cost=price)

    def sell_problem(self, p: Player, i: int) -> str | None:
        """Why `p` may not sell one level on `i` now, or None ([000] 16.6, 18.2, 19)."""
        sp = self.spaces[i]
        if self.owner[i] is not p:
            return f"{p.name} does not own {sp.id}"
        lvl = self.level[i]
        if lvl == 0:
            return f"{sp.id} has no buildings"
        if lvl < max(self.group_levels(i)):
            return "sell evenly: another lot of the group has more buildings"
        if lvl == self.hotel_level and self.houses is not None and self.houses < self.rules.houses_before_hotel:
            return (f"breaking a hotel down needs {self.rules.houses_before_hotel} houses in the bank "
                    f"(it has {self.houses}); sell all the group's buildings at once instead")
        return None

    def sell_value(self, i: int) -> int:
        """What the bank pays for one level sold on `i` now: the sell-back share of a house, or
        of the hotel when breaking it down into houses ([000] 19.2, 19.7)."""
        sp = self.spaces[i]
        cost = sp.hotel_cost if self.level[i] == self.hotel_level else sp.house_cost
        return round_div(cost * self.rules.sell_percent, 100, "down")

    def sell_building(self, p: Player, i: int) -> None:
        """Sell one level on `i` back to the bank; a hotel comes back as houses plus the hotel's
        sell-back price ([000] 19.2, 19.7)."""
        sp = self.spaces[i]
        hotel = self.level[i] == self.hotel_level
        refund = self.sell_value(i)
        if hotel:
            if self.hotels is not None:
                self.hotels += 1
            if self.houses is not None:
                self.houses -= self.rules.houses_before_hotel
        elif self.houses is not None:
            self.houses += 1
        self.level[i] -= 1
        p.version += 1
        self.bank_pays(p, refund, "sell_building")
        self.emit("sell", player=p.seat, space=sp.id, level=self.level[i])

    def building_refund(self, i: int, level: int) -> int:
        """What the bank pays back for `level` on `i` sold outright: a hotel counts with the
        houses it replaced ([000] 19.5: half the hotel plus half the houses)."""
        if level == 0:
            return 0
        sp = self.spaces[i]
        pct = self.rules.sell_percent
        if level == self.hotel_level:
            return round_div((sp.hotel_cost + self.rules.houses_before_hotel * sp.house_cost) * pct, 100, "down")
        return round_div(level * sp.house_cost * pct, 100, "down")

    def _return_buildings(self, i: int) -> int:
        """Clear all buildings on `i` into the bank's supply; returns their sell-back value."""
        lvl = self.level[i]
        refund = self.building_refund(i, lvl)
        if lvl == self.hotel_level:
            if self.hotels is not None:
                self.hotels += 1
        elif self.houses is not None:
            self.houses += lvl
        self.level[i] = 0
        if self.owner[i] is not None:
            self.owner[i].version += 1
        return refund

    def sell_all(self, p: Player, group_index: int) -> None:
        """Sell every building of a group at once ([000] 19.6; the only sale possible when
        the bank lacks houses to break a hotel down, C23)."""
        total = 0
        for j in self.ed.groups[group_index].spaces:
            if self.level[j]:
                total += self._return_buildings(j)
        self.bank_pays(p, total, "sell_building")
        self.emit("sell_all", player=p.seat, group=self.ed.groups[group_index].id)

    # ------------------------------------------------------------------ mortgages
    def mortgage_problem(self, p: Player, i: int) -> str | None:
        """Why `p` may not mortgage `i` now, or None ([000] 21; `mortgage.sell_buildings_first`)."""
        sp = self.spaces[i]
        if self.owner[i] is not p:
            return f"{p.name} does not own {sp.id}"
        if self.mortgaged[i]:
            return f"{sp.id} is already mortgaged"
        if self.rules.sell_buildings_first == "group" and sp.group_index >= 0:
            if any(self.level[j] for j in self.ed.groups[sp.group_index].spaces):
                return "sell the buildings of the whole group first"
        elif self.level[i]:
            return f"sell the buildings on {sp.id} first"
        return None

    def mortgage(self, p: Player, i: int) -> None:
        """Mortgage `i`: the bank pays the mortgage value ([000] 21.3)."""
        self.mortgaged[i] = True
        p.version += 1
        self.bank_pays(p, self.spaces[i].mortgage, "mortgage")
        self.emit("mortgage", player=p.seat, space=self.spaces[i].id)

    def unmortgage(self, p: Player, i: int) -> None:
        """Lift the mortgage on `i`: value plus interest ([000] 21.4)."""
        self.pay(p, None, self.unmortgage_cost(i), "unmortgage")
        if p.alive:
            self.mortgaged[i] = False
            p.version += 1
            self.emit("unmortgage", player=p.seat, space=self.spaces[i].id)

    def sell_deed(self, p: Player, i: int) -> None:
        """Sell the deed of `i` to the bank ([002] 9/1.2); it becomes free for sale."""
        value = self.bank_sale_value(i)
        self.set_owner(i, None)
        self.mortgaged[i] = False
        self.bank_pays(p, value, "sell_deed")
        self.emit("sell_deed", player=p.seat, space=self.spaces[i].id, value=value)

    def _redeem_at_lap_end(self, p: Player) -> None:
        """At a lap end each mortgaged deed must be redeemed or the bank takes it
        ([002] D8, 9/1.1; parameter `mortgage.redeem_at_lap_end`)."""
        due = [i for i in sorted(p.deeds) if self.mortgaged[i]]   # not those mortgaged to pay now
        for i in due:
            if self.owner[i] is not p or not self.mortgaged[i] or not p.alive:
                continue
            cost = self.unmortgage_cost(i)
            # like buying: selling and mortgaging other lots may raise the money
            affordable = p.cash >= cost or p.cash + self.liquidation_value(p) >= cost
            options = ("redeem", "release") if affordable else ("release",)
            if self.ask(Decision("redeem", p, options, space=i, cost=cost)) == "redeem":
                self.unmortgage(p, i)
            else:
                self.set_owner(i, None)
                self.mortgaged[i] = False
                self.emit("released", player=p.seat, space=self.spaces[i].id)

    def offer_build(self, p: Player, cost) -> None:
        """A card lets `p` build one house at `cost(space)` ([002] card 32): `p` picks a
        lot where a house is legal and affordable now, or declines."""
        options = [i for i in sorted(p.deeds)
                   if self.level[i] < self.hotel_level - 1
                   and self.build_problem(p, i, "card", limits=False, cash=False) is None
                   and p.cash >= cost(i)]
        if not options:
            return
        choice = self.ask(Decision("place", p, options + [None], optional=True, reason="card"))
        if choice is not None:
            self.build(p, choice, cost(choice), count=False)


def _check_bid(bid, lo: int, hi: int | None) -> None:
    if bid is None:
        return
    if not isinstance(bid, int) or isinstance(bid, bool):
        raise IllegalDecision(f"a bid is a whole number or a pass, not {bid!r}")
    if bid < lo:
        raise IllegalDecision(f"the bid must be at least {lo}")
    if hi is not None and bid > hi:
        raise IllegalDecision(f"the bid may not exceed your cash ({hi})")
