"""The strong bot's trades: the offers it makes to complete its color groups, priced at what
the holder's measure of a fair trade accepts, and its judgement of the offers and deals put to
it (no group completed for another player unless one of its own is completed too). All money is
integer units of the edition's currency."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...game.decisions import Deal, TradeOffer
from ..basic import BasicBot

if TYPE_CHECKING:
    from ...edition.model import Group
    from ...game.game import Game
    from ...game.player import Player

OFFER_AGAIN = 12
"""Game turns before the bot makes the same offer again (an offer refused may be accepted later,
when the holder's cash or holdings have moved)."""


class Dealing(BasicBot):
    """The strong bot's trades (see the module docstring). The other players are modelled as
    basic bots: `trade_balance` (the basic bot's measure) says what an offer is worth to them."""

    PARTS: ClassVar[frozenset[str]] = frozenset({"refuse"})
    """The heuristics in force (StrongBot.PARTS); here `refuse`."""

    DEEDS_FIRST: ClassVar[bool] = True
    """Pay for a trade in spare deeds before cash (`price_for`)."""

    CHANGE: ClassVar[bool] = True
    """Ask the holder for cash back when the deeds given are worth more to it than what it gives."""

    STALL_ROUNDS: ClassVar[int] = 100
    """Rounds after which it offers swaps that complete a group for each side (`_swap`)."""

    GIVE_MORTGAGED: ClassVar[bool] = True
    """Give mortgaged deeds in payment too (the basic bot values a deed at its price, mortgaged
    or not)."""

    def __init__(self, seed: int = 0, name: str = "strong", claim_attention: float = 1.0) -> None:
        super().__init__(seed, name, claim_attention)
        self._made: dict[tuple[Any, ...], int] = {}     # offer key -> game turn it was last made

    # -- what it proposes ------------------------------------------------------------------

    def _propose(self, game: Game, p: Player, window: str | None, reserve: int) -> Any:
        """None: `_offer` makes the strong bot's proposals, in every manage window."""
        return None

    def _propose_deal(self, game: Game, p: Player, window: str | None, reserve: int) -> Any:
        """None: a three-way deal completes two other players' groups as well as one of its own."""
        return None

    def _offer(self, game: Game, p: Player, window: str) -> TradeOffer | None:
        """The best offer that brings one of `p`'s color groups whole, or one lot nearer to
        whole where two other players hold the rest: for each such group and holder, the holder's
        lots of the group for the least cash (and deeds `p` has no use for) that the holder's
        measure accepts (`price_for`); the offers are ranked by the group's `group_strength` over
        what they cost (the cash and the printed prices of the deeds given). Each offer is made at
        most once in `OFFER_AGAIN` turns. None: no offer."""
        r = game.rules
        if not r.trade_enabled or game.trade_window_problem(window) is not None:
            return None
        reserve = self._reserve(game)
        best: tuple[float, TradeOffer] | None = None
        for grp in game.ed.groups:
            for h, get in self._targets(game, p, grp):
                offer = self.price_for(game, p, h, get, p.cash - reserve)
                if offer is None:
                    continue
                key = (offer.partner, offer.get_deeds, offer.give_deeds, offer.give_cash)
                if game.turns - self._made.get(key, -OFFER_AGAIN) < OFFER_AGAIN:
                    continue
                cost = offer.give_cash + sum(game.spaces[j].price for j in offer.give_deeds)
                score = group_strength(game, grp) / (cost + 1)
                if best is None or score > best[0]:
                    if game.trade_problem(offer, window) is None:
                        best = (score, offer)
        if best is None:
            if game.round < self.STALL_ROUNDS:
                return None
            return self._swap(game, p, window, reserve)
        offer = best[1]
        self._made[(offer.partner, offer.get_deeds, offer.give_deeds, offer.give_cash)] = game.turns
        return offer

    def _swap(self, game: Game, p: Player, window: str, reserve: int) -> TradeOffer | None:
        """On a table that has played `STALL_ROUNDS` rounds (players that refuse to complete
        each other's groups, strong bots among themselves): a swap that completes a color group
        for each side, `p`'s lots of the holder's group for the holder's lots of `p`'s, with the
        cash the holder's measure asks (or gives back). None: no such swap."""
        owner = game.owner
        for grp in game.ed.groups:
            for h, get in self._targets(game, p, grp):
                if any(owner[j] is not p and j not in get for j in grp.spaces):
                    continue            # two holders: the trade would not complete the group
                for other in game.ed.groups:
                    lots = other.spaces
                    if (other is grp or not other.ladder or any(game.level[j] for j in lots)
                            or not all(owner[j] is h or owner[j] is p for j in lots)
                            or all(owner[j] is h for j in lots)):
                        continue
                    give = tuple(j for j in lots if owner[j] is p)
                    need = -self.trade_balance(game, h, TradeOffer(p.seat, h.seat, give_deeds=give, get_deeds=get))
                    if need > p.cash - reserve:
                        continue
                    offer = self._settled(game, p, h, give, get, need)
                    key = (offer.partner, offer.get_deeds, offer.give_deeds, offer.give_cash)
                    if game.turns - self._made.get(key, -OFFER_AGAIN) < OFFER_AGAIN:
                        continue
                    if game.trade_problem(offer, window) is None:
                        self._made[key] = game.turns
                        return offer
        return None

    def _settled(self, game: Game, p: Player, h: Player, give: tuple[int, ...],
                 get: tuple[int, ...], need: int) -> TradeOffer:
        """The offer of `p` to `h` of deeds `give` for `get` with the cash that settles it: `need`
        (what `h`'s measure is short) from `p`, or where the deeds are worth more to `h` than
        what it gives, the difference from `h` (`CHANGE`) as far as its cash allows above half
        the basic bot's reserve (the basic bot's `_fair` asks that much)."""
        change = 0
        if need < 0 and self.CHANGE:
            change = max(0, min(-need, h.cash - BasicBot.reserve(self, game) // 2))
        return TradeOffer(p.seat, h.seat, give_deeds=give, give_cash=max(need, 0), get_deeds=get, get_cash=change)

    @staticmethod
    def _targets(game: Game, p: Player, grp: Group) -> list[tuple[Player, tuple[int, ...]]]:
        """The trades that bring `grp` nearer to whole for `p`: [(holder, its lots of the group)]
        where `p` holds part of the group (not all), every other lot is held by at most two
        other living players, none bears a building, and after the trade at most one holder is
        left. Empty: none."""
        if not grp.ladder:
            return []
        owner, level = game.owner, game.level
        mine = 0
        held: dict[int, list[int]] = {}
        for j in grp.spaces:
            o = owner[j]
            if level[j]:
                return []
            if o is p:
                mine += 1
            elif o is None or not o.alive:
                return []
            else:
                held.setdefault(o.seat, []).append(j)
        if not mine or not held or len(held) > 2:
            return []
        return [(game.players[seat], tuple(lots)) for seat, lots in held.items()]

    def price_for(self, game: Game, p: Player, h: Player, get: tuple[int, ...],
                  budget: int) -> TradeOffer | None:
        """The offer of `p` to `h` for deeds `get` that `h`'s measure (the basic bot's
        `trade_balance`) just accepts: cash up to `budget`, and when that is short (or first,
        with `DEEDS_FIRST`), deeds of `p` it has no use for (`spare_deeds`), the ones `h` values
        most first. None: `budget` and those deeds are not enough."""
        give: list[int] = []
        spare = sorted(self.spare_deeds(game, p, h), key=lambda j: -self.value(game, h, j))
        while True:
            offer = TradeOffer(p.seat, h.seat, give_deeds=tuple(give), get_deeds=get)
            need = -self.trade_balance(game, h, offer)
            if need <= budget and not (self.DEEDS_FIRST and need > 0 and spare):
                return self._settled(game, p, h, tuple(give), get, need)
            if not spare:
                return None
            give.append(spare.pop(0))

    def spare_deeds(self, game: Game, p: Player, h: Player) -> list[int]:
        """`p`'s deeds it can give away: unmortgaged, of a group with no building, of which `p`
        holds less than half, whose group `h` would not hold whole with it."""
        owner, level, mortgaged = game.owner, game.level, game.mortgaged
        out = []
        for i in p.deeds:
            sp = game.spaces[i]
            if (mortgaged[i] and not self.GIVE_MORTGAGED) or sp.group_index < 0:
                continue
            lots = game.ed.groups[sp.group_index].spaces
            if any(level[j] for j in lots):
                continue
            if 2 * sum(1 for j in lots if owner[j] is p) >= len(lots):
                continue
            if all(owner[j] is h for j in lots if j != i):
                continue
            out.append(i)
        return sorted(out)

    # -- what it accepts ----------------------------------------------------------------------

    def _fair(self, game: Game, p: Player, offer: TradeOffer) -> bool:
        """The basic bot's measure, except that a trade which completes a color group of the
        other player and none of `p`'s is refused."""
        if "refuse" not in self.PARTS:
            return super()._fair(game, p, offer)
        other = offer.partner if offer.proposer == p.seat else offer.proposer
        mine = offer.give_deeds if offer.proposer == p.seat else offer.get_deeds
        theirs = offer.get_deeds if offer.proposer == p.seat else offer.give_deeds
        after = {p.seat: (set(p.deeds) - set(mine)) | set(theirs),
                 other: (set(game.players[other].deeds) - set(theirs)) | set(mine)}
        if _completes(game, other, after) and not _completes(game, p.seat, after):
            return False
        return super()._fair(game, p, offer)

    def _fair_deal(self, game: Game, p: Player, deal: Deal) -> bool:
        """As `_fair`, for a deal of several parties: refused when it completes another party's
        color group and none of `p`'s."""
        if "refuse" not in self.PARTS:
            return super()._fair_deal(game, p, deal)
        after = {s: set(game.players[s].deeds) for s in deal.parties}
        for leg in deal.legs:
            after[leg.giver] -= set(leg.deeds)
            after.setdefault(leg.taker, set(game.players[leg.taker].deeds)).update(leg.deeds)
        if any(_completes(game, s, after) for s in after if s != p.seat) and not _completes(game, p.seat, after):
            return False
        return super()._fair_deal(game, p, deal)


def _completes(game: Game, seat: int, after: dict[int, set[int]]) -> bool:
    """Does holding `after[seat]` make a buildable color group whole for the player at `seat`
    that is not whole for it now?"""
    owner = game.owner
    p = game.players[seat]
    have = after[seat]
    for grp in game.ed.groups:
        if grp.ladder and all(j in have for j in grp.spaces) and not all(owner[j] is p for j in grp.spaces):
            return True
    return False


def group_strength(game: Game, grp: Group) -> float:
    """How much a color group earns for what it costs: the rent of its lots at three houses (or
    its top rent) over their price and the houses' cost (a number, higher is better)."""
    rent = cost = 0
    for j in grp.spaces:
        sp = game.spaces[j]
        k = min(3, len(sp.rent) - 1)
        rent += sp.rent[k] if sp.rent else 0
        cost += sp.price + sum(r.cost for r in sp.ladder[:k])
    return rent / (cost + 1)
