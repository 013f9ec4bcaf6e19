"""Read-only questions about the game that the DSL, the bots and the CLI ask."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import Player


class QueriesMixin:
    """Queries for `Game` (the read side of engine/dsl/runtime.py's `GameRuntime`)."""

    def others(self, p: Player) -> list:
        """The other players still in the game, in turn order starting after `p`."""
        order = self.order
        k = order.index(p) if p in order else 0
        return [q for q in order[k + 1:] + order[:k] if q.alive]

    def alive_players(self) -> list:
        """The players still in the game, in turn order."""
        return [q for q in self.order if q.alive]

    def houses_of(self, p: Player) -> int:
        """Houses on `p`'s lots (a hotel is not counted here)."""
        h = self.hotel_level
        return sum(self.level[i] for i in p.deeds if self.level[i] < h)

    def hotels_of(self, p: Player) -> int:
        """Hotels on `p`'s lots."""
        h = self.hotel_level
        return sum(1 for i in p.deeds if self.level[i] == h)

    def deeds_of(self, p: Player) -> int:
        """Number of title deeds `p` holds."""
        return len(p.deeds)

    def deed_prices(self, p: Player) -> int:
        """Sum of the printed prices of `p`'s deeds, mortgaged or not."""
        sp = self.spaces
        return sum(sp[i].price for i in p.deeds)

    def mortgaged_prices(self, p: Player) -> int:
        """Sum of the printed prices of `p`'s mortgaged deeds."""
        sp = self.spaces
        return sum(sp[i].price for i in p.deeds if self.mortgaged[i])

    def building_costs(self, p: Player) -> int:
        """Purchase cost of `p`'s buildings; a hotel counts with the houses it replaced."""
        total = 0
        h = self.hotel_level
        hbh = self.rules.houses_before_hotel
        for i in p.deeds:
            lvl = self.level[i]
            if lvl:
                sp = self.spaces[i]
                total += sp.hotel_cost + hbh * sp.house_cost if lvl == h else lvl * sp.house_cost
        return total

    def industries(self, p: Player) -> int:
        """Groups in which `p` holds at least one deed, mortgaged or not ([002] 5)."""
        return sum(1 for c in p.groups if c)

    def monopolies(self, p: Player) -> int:
        """Groups `p` holds whole."""
        return sum(1 for g, c in zip(self.ed.groups, p.groups) if c and c == len(g.spaces))

    def net_worth(self, p: Player) -> int:
        """The edition's score formula (`end.score`)."""
        return self.ed.end.score(self, p)

    def owned_in_group(self, p: Player, group: str) -> int:
        """How many deeds of `group` (an id) `p` holds."""
        return p.groups[self.ed.group_by_id[group].index]

    def owned_unmortgaged_in_group(self, p: Player, group: str) -> int:
        """How many unmortgaged deeds of `group` `p` holds."""
        return sum(1 for j in self.ed.group_by_id[group].spaces
                   if self.owner[j] is p and not self.mortgaged[j])

    def completes_group(self, p: Player, space: int) -> bool:
        """Would holding `space` give `p` the whole group of `space`?"""
        g = self.spaces[space].group_index
        if g < 0:
            return False
        return p.groups[g] + (self.owner[space] is not p) == len(self.ed.groups[g].spaces)

    def rent_level(self, space: int) -> int:
        """Index into the rent table: the number of houses, or the last index for a hotel."""
        lvl = self.level[space]
        if lvl == self.hotel_level:
            return len(self.spaces[space].rent) - 1
        return lvl

    def group_mortgaged(self, space: int) -> bool:
        """Is any deed of the group of `space` mortgaged?"""
        g = self.spaces[space].group_index
        return g >= 0 and any(self.mortgaged[j] for j in self.ed.groups[g].spaces)

    def group_built(self, space: int) -> bool:
        """Has any lot of the group of `space` a building?"""
        g = self.spaces[space].group_index
        return g >= 0 and any(self.level[j] for j in self.ed.groups[g].spaces)

    def group_size(self, space: int) -> int:
        """Deeds in the group of `space` (0 outside a group)."""
        g = self.spaces[space].group_index
        return len(self.ed.groups[g].spaces) if g >= 0 else 0

    def max_net_worth(self) -> int:
        """The highest net worth of the players still in the game."""
        return max((self.net_worth(p) for p in self.order if p.alive), default=0)

    def max_cash(self) -> int:
        """The most cash any player still in the game holds."""
        return max((p.cash for p in self.order if p.alive), default=0)
