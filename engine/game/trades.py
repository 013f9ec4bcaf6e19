"""Trades between players: title deeds, cash and held cards, never buildings
(../shared/rules/classic.md 20, 14.2, 22; [002] 9/1.3 and 9.2').

Only the player whose turn it is proposes, in a manage window. A two-party `TradeOffer` is
answered by the partner (decision kind `trade`); a `Deal` among more parties (editions whose
`trade.parties` allows it, [002] 9/1.3) by every other party in turn (decision kind `deal`),
all of whom must accept. Either is checked as a whole and carried out at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .decisions import TRADE_OPTIONS, Deal, DealLeg, Decision, Offer, TradeOffer
from .limits import caps_problem

MAX_DEAL_LEGS: Final = 64
"""Most legs one deal may have (a bound on what an offer can make the engine do)."""

if TYPE_CHECKING:
    from .game import Game


def trade_window_problem(g: Game, window: str) -> str | None:
    """Why no trade may be proposed in `window` at all, or None."""
    r = g.rules
    if not r.trade_enabled:
        return "this edition has no trades between players"
    if window == "raise":
        return None if r.trade_while_in_debt else "no trades while a payment is owed"
    if r.trade_window == "before_roll" and not g.before_roll_window(window):
        return "trades are made only before rolling"
    return None


def trade_problem(g: Game, offer: Offer, window: str) -> str | None:
    """Why `offer` (a two-party `TradeOffer` or a `Deal`) may not be made now, or None.

    The offer is checked as a whole: every party exists, is alive and gives or gets something;
    no more parties than `trade.parties` allows; each deed and held card is its giver's and
    appears once; each party's cash given in all its legs is at most its cash."""
    problem = trade_window_problem(g, window)
    if problem:
        return problem
    legs: tuple[Leg, ...]
    if isinstance(offer, TradeOffer):
        seats: tuple[int, ...] = (offer.proposer, offer.partner)
        if offer.proposer == offer.partner and 0 <= offer.proposer < len(g.players):
            return "a player cannot trade with themselves"
        legs = ((offer.proposer, offer.partner, offer.give_deeds, offer.give_cash, offer.give_cards),
                (offer.partner, offer.proposer, offer.get_deeds, offer.get_cash, offer.get_cards))
    elif isinstance(offer, Deal):
        seats = offer.parties
        most = g.rules.trade_parties
        if most is not None and len(seats) > most:
            return f"a deal involves at most {most} players in this edition"
        if len(offer.legs) > MAX_DEAL_LEGS:
            return f"a deal has at most {MAX_DEAL_LEGS} legs"
        legs = tuple((leg.giver, leg.taker, leg.deeds, leg.cash, leg.cards) for leg in offer.legs)
    else:
        return "a trade is a TradeOffer or a Deal"
    players = g.players
    for s in seats:
        if not (isinstance(s, int) and 0 <= s < len(players)):
            return "a trade names a seat that does not exist"
    for s in seats:
        if not players[s].alive:
            return "every party must still be in the game" if isinstance(offer, Deal) else \
                "both players must still be in the game"
    return legs_problem(g, legs, len(seats))


Leg = tuple[int, int, tuple[int, ...], int, tuple[tuple[str, str], ...]]
"""One leg of an offer as `legs_problem` reads it: (giver, taker, deeds, cash, cards), the fields
of a `DealLeg` in order (a plain tuple: a two-party offer is checked without building its
`DealLeg`s, the hot path of the bots' trades)."""


def legs_problem(g: Game, legs: tuple[Leg, ...], parties: int) -> str | None:
    """Why the `legs` of an offer among `parties` seats cannot be carried out, or None: the one
    check of an offer's legs (`trade_problem` and the terminal's trade builder). A party may not
    end with more deeds than a cap of `rules.limits` allows."""
    r = g.rules
    empty = True
    to_self = False
    active: set[int] = set()
    for giver, taker, deeds, cash, cards in legs:
        if giver == taker:
            to_self = True
        if deeds or cash or cards:
            empty = False
            active.add(giver)
            active.add(taker)
    if empty:
        return "the trade is empty"
    if to_self:
        return "a player cannot trade with themselves"
    if len(active) < parties:
        return "every party of a deal gives or gets something"
    cash_out: dict[int, int] = {}
    for giver, _, _, cash, _ in legs:
        if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0:
            return "cash in a trade is a whole amount of 0 or more"
        cash_out[giver] = cash_out.get(giver, 0) + cash
    for seat, cash in cash_out.items():
        who = g.players[seat]
        if cash > who.cash:
            return f"{who.name} has only {who.cash}"
    seen_deeds: set[int] = set()
    for giver, _, deeds, _, _ in legs:
        who = g.players[giver]
        for i in deeds:
            if not isinstance(i, int) or not 0 <= i < g.n or g.owner[i] is not who:
                return f"{who.name} does not own space {i}"
            if i in seen_deeds:
                return f"{g.spaces[i].id} is in the deal twice"
            seen_deeds.add(i)
            sp = g.spaces[i]
            if g.built_in_group(who, i):
                return f"{sp.id}: sell the group's buildings before trading its lots"
            if g.pledged[i]:
                return f"{sp.id} is pledged for a bank loan: repay the loan first"
            if g.mortgaged[i] and not r.trade_mortgaged:
                return f"{sp.id} is mortgaged and mortgaged deeds cannot be traded"
    if g.caps:                    # no party may pass a cap of rules.limits (limits.py)
        for seat in active:
            gained = [i for _, taker, deeds, _, _ in legs if taker == seat for i in deeds]
            lost = [i for giver, _, deeds, _, _ in legs if giver == seat for i in deeds]
            problem = caps_problem(g, g.players[seat], gained, lost) if gained else None
            if problem is not None:
                return problem
    seen_cards: set[tuple[str, ...]] = set()
    for giver, _, _, _, cards in legs:
        who = g.players[giver]
        if cards and not r.trade_cards:
            return "held cards cannot be traded in this edition"
        for c in cards:
            card = tuple(c)
            if card not in who.held_cards or card in seen_cards:
                return f"{who.name} does not hold card {c}"
            seen_cards.add(card)
    return None


def propose_trade(g: Game, offer: Offer) -> bool:
    """Ask the partner (a `TradeOffer`) or every other party in turn (a `Deal`, decision kind
    `deal`: the first rejection ends it); when all accept, carry the trade out at once.
    Returns whether it happened."""
    if isinstance(offer, Deal):
        return _propose_deal(g, offer)
    a, b = g.players[offer.proposer], g.players[offer.partner]
    if g.log is not None:
        g.emit("trade_offer", **offer.to_json())
    if g.ask(Decision.of("trade", b, TRADE_OPTIONS, None, {"offer": offer})) != "accept":
        if g.log is not None:
            g.emit("trade_rejected", proposer=a.seat, partner=b.seat)
        return False
    if g.log is not None:
        g.emit("trade", proposer=a.seat, partner=b.seat)
    _carry_out(g, offer.legs)
    return True


def _propose_deal(g: Game, deal: Deal) -> bool:
    parties = deal.parties
    g.emit("deal_offer", proposer=deal.proposer, legs=[leg.to_json() for leg in deal.legs])
    for seat in parties[1:]:
        if g.ask(Decision.of("deal", g.players[seat], TRADE_OPTIONS, None, {"offer": deal})) != "accept":
            g.emit("deal_rejected", proposer=deal.proposer, by=seat)
            return False
    g.emit("deal_accepted", proposer=deal.proposer, parties=list(parties))
    _carry_out(g, deal.legs)
    return True


def _carry_out(g: Game, legs: tuple[DealLeg, ...]) -> None:
    """Every leg's cash, then every leg's cards, then every leg's deeds (in leg order: the
    order a two-party trade always had)."""
    for leg in legs:
        if leg.cash:
            g.pay(g.players[leg.giver], g.players[leg.taker], leg.cash, "trade")
    for leg in legs:
        giver, taker = g.players[leg.giver], g.players[leg.taker]
        for c in leg.cards:
            giver.held_cards.remove((c[0], c[1]))
            taker.held_cards.append((c[0], c[1]))
    for leg in legs:
        taker = g.players[leg.taker]
        for i in leg.deeds:
            if taker.alive:
                g.transfer_deed(i, taker)
