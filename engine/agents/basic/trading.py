"""The basic bot's trading: two-party offers that complete one of its groups, three-way deals
where no two-party trade does, its judgement of the offers and deals put to it, and why it
refuses one (for the front ends). All money is integer units of the edition's currency."""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, count
from operator import eq, itemgetter
from typing import TYPE_CHECKING, Any

from ...game.decisions import Deal, DealLeg, TradeOffer
from .board import ASK, INF, Lots, board_of, groups_held_by_one
from .valuation import Valuation

if TYPE_CHECKING:
    from ...edition.model import Group
    from ...game.game import Game
    from ...game.player import Player

Offer = tuple["Player", Lots, int, tuple[int, Lots, int]]
"""One of `_propose`'s offers: (holder, the deeds it would sell, the cash offered, the key under
which the offer is remembered)."""


class Candidates:
    """`_propose`'s offers for a game's deeds version (`Trading._new_candidates`), with what they
    were worked out from: `board` the game's `owner` list, `player`, `deeds` the deeds version,
    `offers`, `version` the player's version, `near` its `near_groups`, `held` a getter of the
    holders of those groups' lots (None: no group a trade could complete) and `holders` what it
    read. Filled in place."""

    __slots__ = ("board", "player", "deeds", "offers", "version", "near", "held", "holders")

    def __init__(self) -> None:
        self.board: object = None
        self.player: Player | None = None
        self.deeds = -1
        self.offers: list[Offer] | tuple[()] = ()
        self.version = -1
        self.near: tuple[Group, ...] = ()
        self.held: Callable[[Any], Any] | None = None
        self.holders: Any = None


class Trading(Valuation):
    """The basic bot's trades (see the module docstring)."""

    def __init__(self, seed: int = 0, name: str = "basic", claim_attention: float = 1.0) -> None:
        super().__init__(seed, name, claim_attention)
        self._offers: dict[tuple[Any, ...], int] = {}   # the game turn each offer was last made
        self._cands = Candidates()
        cls = type(self)
        self._plain = (cls._propose is Trading._propose and cls._propose_deal is Trading._propose_deal
                       and cls._new_candidates is Trading._new_candidates)
        """The proposals are this class's, which find nothing while the player holds no group a
        trade could complete (`_look_at_trades` skips them then)."""

    def _look_at_trades(self, game: Game, p: Player, window: str | None) -> Any:
        """`_propose`'s offer, else `_propose_deal`'s, else None. For this class's proposals
        (`_plain`) neither is asked when it would find nothing: `_propose` when its candidates
        (`_cands`, for the deeds version) are none, `_propose_deal` when the rules allow no deal
        of three or `p` holds no group a trade could complete (a deal's group lacks one lot)."""
        if self._plain:
            c = self._cands
            if c.deeds != game.deeds_version or c.board is not game.owner or c.player is not p:
                c = self._cands = self._new_candidates(game, p, c)
            if not c.offers:
                if c.held is None:
                    return None
                most = game.rules.trade_parties
                if most is not None and most < 3:
                    return None
        reserve = self._reserve(game)
        return self._propose(game, p, window, reserve) or self._propose_deal(game, p, window, reserve)

    def _propose(self, game: Game, p: Player, window: str | None, reserve: int) -> Any:
        """Offer cash for the deeds that would complete one of `p`'s groups, when one other
        player holds them all: their value to that player plus a premium of half their price.
        With no window (a dry run) an offer worth checking is `ASK`: its check needs the window."""
        if not game.rules.trade_enabled:
            return None
        c = self._cands
        if c.board is not game.owner or c.player is not p or c.deeds != game.deeds_version:
            c = self._cands = self._new_candidates(game, p, c)
        for q, missing, cash, key in c.offers:
            if p.cash - cash < reserve:
                continue
            if game.turns - self._offers.get(key, -INF) < 40:
                continue
            if window is None:
                return ASK
            offer = TradeOffer(p.seat, q.seat, give_cash=cash, get_deeds=missing)
            if game.trade_problem(offer, window) is None:
                self._offers[key] = game.turns
                return offer
        return None

    def _new_candidates(self, game: Game, p: Player, c: Candidates) -> Candidates:
        """`c` (`_cands`) brought to the game's deeds version, in place. The groups a trade could
        complete change only with `p`'s deeds (its version, then its group counts), and without
        them there is no offer; the offers (their deeds, and the holder's value of them) read only
        who holds the lots of those groups, so they are kept while the holders are the same
        (`c.holders`, read by `c.held`)."""
        owner, version = game.owner, p.version
        if c.board is owner and c.player is p and (c.version == version or self._groups_of(game, p)[0] == c.near):
            c.deeds, c.version = game.deeds_version, version
            held = c.held
            if held is None:
                c.offers = ()
                return c
            holders = held(owner)
            if holders == c.holders:
                return c
            near = c.near
        else:
            c.board, c.player, c.deeds, c.version = owner, p, game.deeds_version, version
            near = c.near = self._groups_of(game, p)[0]
            if not near:
                c.offers, c.held, c.holders = (), None, None
                return c
            held = c.held = itemgetter(*[j for g in near for j in g.spaces])
            holders = held(owner)
        c.offers, c.holders = self._candidates(game, p, near), holders
        return c

    def _candidates(self, game: Game, p: Player, near: tuple[Group, ...] | None = None) -> list[Offer]:
        """`_propose`'s offers as (holder, deeds, cash, key): they change only with ownership.
        `near`: `near_groups(game, p)`, if the caller has it."""
        out = []
        spaces = game.spaces
        for _grp, missing, q in groups_held_by_one(game, p, near):
            price = worth = 0
            for j in missing:
                price += spaces[j].price
                worth += self.value(game, q, j)
            cash = worth * 11 // 10 + price // 2
            out.append((q, missing, cash, (q.seat, missing, cash)))
        return out

    def _fair(self, game: Game, p: Player, offer: TradeOffer) -> bool:
        """Accept when what `p` receives is worth at least what it gives, counting a premium
        of half the price of a deed whose loss completes the other player's group."""
        cash_out = offer.give_cash if offer.proposer == p.seat else offer.get_cash
        return self.trade_balance(game, p, offer) >= 0 and p.cash - cash_out >= self._reserve(game) // 2

    def deal_balance(self, game: Game, p: Player, deal: Deal) -> int:
        """What `deal` is worth to `p` in money by `_fair`'s measure: the cash and the value of
        the deeds it gets, less the cash and value of those it gives, less half the price of a
        given deed whose group the deal completes for another player."""
        give, cash_out, _ = deal.gives(p.seat)
        get, cash_in, _ = deal.gets(p.seat)
        gain = cash_in - cash_out + sum(self.value(game, p, j) for j in get)
        after: dict[int, set[int]] = {}
        for leg in deal.legs:
            if leg.taker != p.seat:
                after.setdefault(leg.taker, set(game.players[leg.taker].deeds)).update(leg.deeds)
        for j in give:
            gain -= self.value(game, p, j)
            g = game.spaces[j].group_index
            taker = next(leg.taker for leg in deal.legs if j in leg.deeds)
            if g >= 0 and all(k in after.get(taker, ()) for k in game.ed.groups[g].spaces):
                gain -= game.spaces[j].price // 2
        return gain

    def _fair_deal(self, game: Game, p: Player, deal: Deal) -> bool:
        """Accept a deal of several parties on the same terms as a two-party trade: worth at least
        what it costs `p`, and the cash it pays leaves half the reserve."""
        cash_out = deal.gives(p.seat)[1]
        return self.deal_balance(game, p, deal) >= 0 and p.cash - cash_out >= self._reserve(game) // 2

    def _propose_deal(self, game: Game, p: Player, window: str | None, reserve: int) -> Any:
        """A three-way swap that completes `p`'s group where no two-party trade does ([002] 9/1.3):
        `p` lacks one deed X of a group, held by q; q lacks one deed Y of its group, held by r;
        r lacks one deed Z of its group, held by `p`. Legs: q gives X to `p`, r gives Y to q, `p`
        gives Z to r, with cash from `p` to any party the swap leaves short by this bot's
        valuation, up to what X is worth to `p` (when `p` keeps its reserve)."""
        most = game.rules.trade_parties
        if not game.rules.trade_enabled or (most is not None and most < 3):
            return None
        players = game.players
        for x, q in self._missing_one(game, p):
            for y, r in self._missing_one(game, q):
                if r is p:
                    continue
                zs = [z for z, holder in self._missing_one(game, r) if holder is p]
                if not zs:
                    continue
                z = zs[0]
                legs = [DealLeg(q.seat, p.seat, deeds=(x,)), DealLeg(r.seat, q.seat, deeds=(y,)),
                        DealLeg(p.seat, r.seat, deeds=(z,))]
                deal = Deal(p.seat, tuple(legs))
                extra = []
                for other in (q, r):
                    short = -self.deal_balance(game, other, deal)
                    if short > 0:
                        extra.append(DealLeg(p.seat, other.seat, cash=short))
                cash = sum(leg.cash for leg in extra)
                if p.cash - cash < reserve or cash > self.value(game, p, x):
                    continue
                deal = Deal(p.seat, tuple(legs + extra))
                key = ("deal", tuple(seat for seat in deal.parties), (x, y, z), cash)
                if game.turns - self._offers.get(key, -INF) < 40:
                    continue
                if all(self._fair_deal(game, players[s], deal) for s in deal.parties[1:]):
                    if window is None:      # a dry run (idle): the check needs the window
                        return ASK
                    if game.trade_problem(deal, window) is None:
                        self._offers[key] = game.turns
                        return deal
        return None

    @staticmethod
    def _missing_one(game: Game, p: Player) -> list[tuple[int, Player]]:
        """(deed, holder) for each buildable group `p` lacks exactly one deed of, held by another
        living player and free of buildings."""
        out = []
        groups, owner, level = game.ed.groups, game.owner, game.level
        # the groups p lacks one deed of, found by the C loops of map and compress (most are not)
        for gi in compress(count(), map(eq, p.groups, board_of(game.ed).one_short)):
            spaces = groups[gi].spaces
            j = next(j for j in spaces if owner[j] is not p)
            q = owner[j]
            if q is not None and q.alive and not any(level[k] for k in spaces):
                out.append((j, q))
        return out

    def trade_balance(self, game: Game, p: Player, offer: TradeOffer) -> int:
        """What `offer` is worth to `p` by `_fair`'s measure, in money (negative: `p` loses)."""
        me_proposer = offer.proposer == p.seat
        other = game.players[offer.partner if me_proposer else offer.proposer]
        give = offer.give_deeds if me_proposer else offer.get_deeds
        get = offer.get_deeds if me_proposer else offer.give_deeds
        gain = ((offer.get_cash if me_proposer else offer.give_cash)
                - (offer.give_cash if me_proposer else offer.get_cash)
                + sum(self.value(game, p, j) for j in get))
        after = other.deeds | set(give)
        for j in give:
            gain -= self.value(game, p, j)
            g = game.spaces[j].group_index
            if g >= 0 and all(k in after for k in game.ed.groups[g].spaces):
                gain -= game.spaces[j].price // 2
        return gain

    def trade_reason(self, game: Game, p: Player, offer: TradeOffer) -> str:
        """Why `p` (this bot, the partner) rejects `offer`, in English ('' if it would accept)."""
        parts = self.trade_reason_parts(game, p, offer)
        return parts[0].format(**parts[1]) if parts else ""

    def trade_reason_parts(self, game: Game, p: Player, offer: TradeOffer) -> tuple[str, dict[str, int]] | None:
        """`trade_reason` as an English message with `{amount}` in it and the amount (integer
        money), so a front end can translate the message and show the amount in the currency;
        None if `p` would accept."""
        if self._fair(game, p, offer):
            return None
        cash_out = offer.give_cash if offer.proposer == p.seat else offer.get_cash
        if cash_out and p.cash - cash_out < self._reserve(game) // 2:
            return "paying {amount} would leave too little cash in reserve", {"amount": cash_out}
        short = -self.trade_balance(game, p, offer)
        return "what it gets is worth {amount} less to it than what it gives", {"amount": short}

    def counter_offer(self, game: Game, p: Player, offer: TradeOffer, window: str = "any") -> TradeOffer | None:
        """The same trade with the cash changed so that `p` (the partner) would accept it, or
        None (no cash moves it, or the counter is not a legal trade)."""
        if offer.partner != p.seat or self._fair(game, p, offer):
            return None
        short = -self.trade_balance(game, p, offer)
        give_cash, get_cash = offer.give_cash, offer.get_cash
        if get_cash >= short:           # ask less of p
            get_cash -= short
        else:                           # the proposer adds cash
            give_cash += short - get_cash
            get_cash = 0
        counter = TradeOffer(offer.proposer, offer.partner, give_deeds=offer.give_deeds,
                             give_cash=give_cash, give_cards=offer.give_cards,
                             get_deeds=offer.get_deeds, get_cash=get_cash, get_cards=offer.get_cards)
        if not self._fair(game, p, counter) or game.trade_problem(counter, window) is not None:
            return None
        if game.players[offer.proposer].cash < give_cash:
            return None
        return counter
