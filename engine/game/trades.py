"""Trades between players: title deeds, cash and held cards, never buildings
(../shared/rules/classic.md 20, 14.2, 22; [002] 9/1.3 and 9.2').

Only the player whose turn it is proposes, in a manage window; the partner's agent answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import TRADE_OPTIONS, Decision, TradeOffer

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


def trade_problem(g: Game, offer: TradeOffer, window: str) -> str | None:
    """Why `offer` may not be made now, or None."""
    r = g.rules
    problem = trade_window_problem(g, window)
    if problem:
        return problem
    if not (0 <= offer.proposer < len(g.players) and 0 <= offer.partner < len(g.players)):
        return "a trade names a seat that does not exist"
    a, b = g.players[offer.proposer], g.players[offer.partner]
    if a is b:
        return "a player cannot trade with themselves"
    if not a.alive or not b.alive:
        return "both players must still be in the game"
    if not (offer.give_deeds or offer.get_deeds or offer.give_cash or offer.get_cash
            or offer.give_cards or offer.get_cards):
        return "the trade is empty"
    for who, cash in ((a, offer.give_cash), (b, offer.get_cash)):
        if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0:
            return "cash in a trade is a whole amount of 0 or more"
        if cash > who.cash:
            return f"{who.name} has only {who.cash}"
    for who, deeds in ((a, offer.give_deeds), (b, offer.get_deeds)):
        for i in deeds:
            if not isinstance(i, int) or not 0 <= i < g.n or g.owner[i] is not who:
                return f"{who.name} does not own space {i}"
            sp = g.spaces[i]
            if g.built_in_group(who, i):
                return f"{sp.id}: sell the group's buildings before trading its lots"
            if g.mortgaged[i] and not r.trade_mortgaged:
                return f"{sp.id} is mortgaged and mortgaged deeds cannot be traded"
    for who, cards in ((a, offer.give_cards), (b, offer.get_cards)):
        if cards and not r.trade_cards:
            return "held cards cannot be traded in this edition"
        for c in cards:
            if tuple(c) not in who.held_cards:
                return f"{who.name} does not hold card {c}"
    return None


def propose_trade(g: Game, offer: TradeOffer) -> bool:
    """Ask the partner; on 'accept' carry the trade out. Returns whether it happened."""
    a, b = g.players[offer.proposer], g.players[offer.partner]
    g.emit("trade_offer", **offer.to_json())
    if g.ask(Decision("trade", b, TRADE_OPTIONS, offer=offer)) != "accept":
        g.emit("trade_rejected", proposer=a.seat, partner=b.seat)
        return False
    g.emit("trade", proposer=a.seat, partner=b.seat)
    for payer, payee, cash in ((a, b, offer.give_cash), (b, a, offer.get_cash)):
        if cash:
            g.pay(payer, payee, cash, "trade")
    for giver, taker, cards in ((a, b, offer.give_cards), (b, a, offer.get_cards)):
        for c in cards:
            giver.held_cards.remove((c[0], c[1]))
            taker.held_cards.append((c[0], c[1]))
    for taker, deeds in ((b, offer.give_deeds), (a, offer.get_deeds)):
        for i in deeds:
            if taker.alive:
                g.transfer_deed(i, taker)
    return True
