"""Buying title deeds and auctions: the offer on landing, the bank's open auction, and the
bidding rounds shared with the building-shortage auction (buildings.py).

Rule sources: ../shared/rules/classic.md 6-7 ([000] 6.2-6.4, 7; C25 binding bids);
parameters under `rules.auction`, `rules.purchase.declined` and `rules.purchase.compulsory`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import IllegalDecision
from .decisions import BUY_OPTIONS, Decision
from .limits import cap_problem, may_bid
from .state import E_BID, E_BUY

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def offer_purchase(g: Game, p: Player, i: int) -> None:
    """`p` stopped on the unowned deed `i`: buy at the printed price, or decline and the
    bank auctions it at once ([000] 6.2-6.4, 7). A player short of cash may buy if selling
    and mortgaging can raise the price (they are asked to raise it first); one who could not
    raise it may only decline. A compulsory deed (`rules.purchase.compulsory`) is bought
    without asking. A player at a cap of `rules.limits` is not asked, nor made to buy a
    compulsory deed: the cap comes first (limits.py)."""
    if g.caps and cap_problem(g, p, i) is not None:
        _at_cap(g, p, i)
        return
    price = g.spaces[i].price
    if g.spaces[i].compulsory:
        # no decision, so no decline and no auction: the price is a debt to the bank like any
        # other, raised or ending in bankruptcy to the bank; the deed then stays with the bank,
        # unsold (our choice: nobody declined it, so nothing calls for an auction; docs/rules.md)
        buy_at(g, p, i, price)
        return
    affordable = p.cash >= price or p.cash + g.liquidation_value(p) >= price
    options = BUY_OPTIONS if affordable else ("decline",)
    if g.ask(Decision.of("buy", p, options, None, {"space": i, "price": price})) == "buy":
        g.pay(p, None, price, "purchase")
        if not p.alive:     # raising the price failed (a loan pledged what a mortgage would
            return          # have raised): the deed stays with the bank
        g.set_owner(i, p)
        if g.log is not None:
            g.event_counts[E_BUY] += 1
            if g.log_full[E_BUY]:
                g.log.add({"e": "buy", "turn": g.turns, "player": p.seat, "space": g.spaces[i].id, "price": price})
        return
    if g.log is not None:
        g.emit("decline", player=p.seat, space=g.spaces[i].id)
    if g.rules.purchase_declined == "auction":
        auction(g, i, opener=p, exclude=None if g.rules.auction_decliner_may_bid else p)


def buy_at(g: Game, p: Player, i: int, price: int) -> None:
    """`p` pays `price` to the bank for the deed `i` and takes it. The price is a debt like any
    other (debt.pay): a player short of cash is asked to raise it; one who cannot goes bankrupt
    to the bank and the deed stays with the bank."""
    g.pay(p, None, price, "purchase")
    if not p.alive:
        return
    g.set_owner(i, p)
    if g.log is not None:
        g.emit("buy", player=p.seat, space=g.spaces[i].id, price=price)


def _at_cap(g: Game, p: Player, i: int) -> None:
    """`p` landed on the unowned deed `i` but may own no more such deeds: with
    `rules.limits.at_cap: auction` the bank auctions it at once, else it goes as a declined
    purchase (`rules.purchase.declined`); `p` does not bid either way."""
    if g.log is not None:
        g.emit("cap_refused", player=p.seat, space=g.spaces[i].id)
    limits = g.rules.limits
    if (limits is not None and limits.at_cap == "auction") or g.rules.purchase_declined == "auction":
        auction(g, i, opener=p, exclude=p)


def auction_deed(g: Game, p: Player, i: int) -> None:
    """The DSL's `auction SPACE`: the bank auctions deed `i` (bidding starts after `p`, who
    may bid too). Nothing when the deed has an owner."""
    if g.owner[i] is None and g.spaces[i].is_deed:
        auction(g, i, opener=p)


def offer_buy(g: Game, p: Player, i: int, price: int) -> None:
    """A card offers `p` the deed `i` at `price` (the DSL's `offer buy`): bought if `p`
    accepts (a `buy` decision with `offer=True`), else it stays with the bank, no auction.
    Nothing when the deed has an owner; `p` at a cap of `rules.limits` is not asked."""
    if g.owner[i] is not None or not g.spaces[i].is_deed:
        return
    if g.caps and cap_problem(g, p, i) is not None:
        if g.log is not None:
            g.emit("cap_refused", player=p.seat, space=g.spaces[i].id)
        return
    affordable = p.cash >= price or p.cash + g.liquidation_value(p) >= price
    options = BUY_OPTIONS if affordable else ("decline",)
    if g.ask(Decision.of("buy", p, options, None, {"space": i, "price": price, "offer": True})) == "buy":
        buy_at(g, p, i, price)
    elif g.log is not None:
        g.emit("decline", player=p.seat, space=g.spaces[i].id)


def auction(g: Game, i: int, *, opener: Player | None = None, exclude: Player | None = None,
            start: int | None = None) -> Player | None:
    """The bank auctions the deed of `i`: an open ascending auction ([000] 7; parameters
    under `rules.auction`). Bidding goes round in seat order from the player after `opener`;
    each bid beats the last by at least `step`, the first is at least `start`; a pass is
    final; the last bidder left wins and pays the bank. With `bid_limit: cash` no bid may
    exceed the bidder's cash; with `binding` any bid stands and an unpaid bid is a debt
    (C25). Players at a cap of `rules.limits` do not bid (limits.py). Unsold: the deed stays
    with the bank. Returns the winner or None."""
    r = g.rules
    if start is None:
        start = r.auction_start(g, i)
    seats = [q for q in g.order if q.alive]
    if opener is not None and opener in g.order:
        k = g.order.index(opener)
        seats = [q for q in g.order[k + 1:] + g.order[:k + 1] if q.alive]
    if g.log is not None:
        g.emit("auction", space=g.spaces[i].id, start=start)
    high, price = bidding(g, may_bid(g, [q for q in seats if q is not exclude], i), start, space=i)
    if high is None or price is None:
        g.emit("unsold", space=g.spaces[i].id)
        return None
    g.pay(high, None, price, "auction")
    if not high.alive:      # a binding bid the winner could not pay (C25)
        if r.auction_unpaid == "reauction" and not g.over:
            return auction(g, i, opener=opener)
        return None         # 'bank': the deed stays with the bank ([002] G20)
    if g.log is not None:
        g.emit("sold", space=g.spaces[i].id, player=high.seat, price=price)
    if g.mortgaged[i]:      # a bankrupt's deed sold still mortgaged (C30, a reading)
        g.transfer_deed(i, high)
    else:
        g.set_owner(i, high)
    return high


def bidding(g: Game, bidders: list[Player], start: int, *, high: Player | None = None,
            price: int | None = None, **subject: Any) -> tuple[Player | None, int | None]:
    """Run an open ascending auction among `bidders` (in bidding order) and return
    (winner, price), or (None, None) if nobody bid. `high`/`price` give an opening bid
    already made. Each bid beats the last by `rules.auction.step`, the first is at least
    `start`; a pass is final; `bid_limit: cash` caps a bid at the bidder's cash. `subject`
    (space= or building=) goes into each `bid` decision. With `auction.reask` the rivals are
    asked once more before the sale and may re-enter ([002] 9/1.4)."""
    high, price = _bidding_round(g, list(bidders), start, high, price, subject)
    while g.rules.auction_reask and high is not None:
        back = _reask(g, bidders, start, high, price, subject)
        if back is None:
            break
        high, price = _bidding_round(g, [q for q in bidders if q.alive and q is not back[0]],
                                     start, back[0], back[1], subject)
    return high, price


def _reask(g: Game, bidders: list[Player], start: int, high: Player, price: int | None,
           subject: dict[str, Any]) -> tuple[Player, int] | None:
    """[002] 9/1.4: the last bidder left asks each rival once more, in bidding order, whether
    they name a higher sum: the first who does re-opens the bidding (returned with the bid)."""
    for q in bidders:
        if q is high or not q.alive:
            continue
        bid = _ask_bid(g, q, start, high, price, subject, "reask", True)
        if bid is not None:
            return q, bid
    return None


def _ask_bid(g: Game, q: Player, start: int, high: Player | None, price: int | None,
             subject: dict[str, Any], key: str, value: Any) -> int | None:
    """Ask `q` for a bid above `price` (None: a pass, or no bid within the cash limit); the
    decision's details are the bid's, then `subject`'s, then `key`: `value` (the round's
    `still_in` or a re-ask's `reask`). (A dict and a pair, not keyword arguments: CPython
    matches each keyword that lands in `**` against every parameter name.)"""
    lo = start if price is None else price + g.rules.auction_step
    hi = None if g.rules.auction_bid_limit == "binding" else q.cash
    if hi is not None and lo > hi:
        return None
    ctx: dict[str, Any] = {"min": lo, "max": hi, "price": price, "high_bidder": None if high is None else high.seat}
    ctx.update(subject)
    ctx[key] = value
    bid: int | None = g.ask(Decision.of("bid", q, None, None, ctx), check=check_bid)
    if bid is not None and g.log is not None:
        g.event_counts[E_BID] += 1
        if g.log_full[E_BID]:
            g.log.add({"e": "bid", "turn": g.turns, "player": q.seat, "amount": bid})
    return bid


def _bidding_round(g: Game, bidders: list[Player], start: int, high: Player | None,
                   price: int | None, subject: dict[str, Any]) -> tuple[Player | None, int | None]:
    """Bid round the table until one bidder is left (passes are final within the round)."""
    active = list(bidders)
    if high is not None and high not in active:
        active.insert(0, high)
    while active and not (len(active) == 1 and active[0] is high):
        for q in list(active):
            if q is high:
                continue
            bid = _ask_bid(g, q, start, high, price, subject, "still_in", tuple([x.seat for x in active]))
            if bid is None:
                active.remove(q)
            else:
                price, high = bid, q
            if len(active) == 1 and active[0] is high:
                break
    return high, price


def check_bid(d: Decision, bid: Any) -> None:
    """Raise `IllegalDecision` unless `bid`, the answer to the bid decision `d`, is a pass
    (None) or a whole number in [`d.min`, `d.max`] (`max` None: no upper bound)."""
    if bid is None:
        return
    if not isinstance(bid, int) or isinstance(bid, bool):
        raise IllegalDecision(f"a bid is a whole number or a pass, not {bid!r}")
    ctx = d.ctx
    lo, hi = ctx["min"], ctx["max"]
    if bid < lo:
        raise IllegalDecision(f"the bid must be at least {lo}")
    if hi is not None and bid > hi:
        raise IllegalDecision(f"the bid may not exceed your cash ({hi})")
