"""The start of a game: decks shuffled, the order of play thrown, roles given (roles.py), deeds
dealt or auctioned.

Rule sources: ../shared/rules/classic.md 3 (the order of play); quick game [000-Q] Q1, all
deeds dealt [004] V5, start auction [002] 2.1.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .ending import GameOver
from .jackpot import seed_pot
from .treasury import seed_treasury

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def start(g: Game) -> None:
    """Set the game up: shuffle the decks, roll for the order of play, deal or auction deeds
    (which may ask decisions). Called by the constructor unless `start=False` was given, so
    that a caller can hold the game before the first decision (a save made during the start
    auction). A second call does nothing."""
    if g.started:
        return
    g.started = True
    for deck in g.ed.decks.values():
        cards = list(deck.cards)
        if deck.shuffle:
            g.rng.shuffle(cards)
        g.decks[deck.id] = deque(cards)
        g.discards[deck.id] = []
    if g.log is not None:         # (emit does nothing without a log: the lists are not built)
        g.emit("start", edition=g.ed.id, seed=g.seed, players=[p.name for p in g.players])
    first = g.first
    if first is None:
        ranking = _rank(g, list(g.players))
        if g.rules.turn_order == "ranking":
            g.order = ranking
        else:
            top = ranking[0].seat
            g.order = g.players[top:] + g.players[:top]
    else:
        g.order = g.players[first:] + g.players[:first]
    if g.log is not None:
        g.emit("order", order=[p.seat for p in g.order])
    g.assign_roles()
    seed_pot(g)
    seed_treasury(g)
    if g.deal:
        try:
            _deal_deeds(g)
        except GameOver:          # paying for dealt deeds bankrupted all but one player
            pass


def _rank(g: Game, group: list[Player]) -> list[Player]:
    """Order players by a throw, highest first; tied players throw again among themselves."""
    throws = {}
    for p in group:
        r = g.dice.throw(g.ed.dice_count)
        throws[p.seat] = r.total
        if g.log is not None:
            g.emit("order_roll", player=p.seat, dice=list(r.dice))
    totals = sorted(set(throws.values()), reverse=True)
    ranked: list[Player] = []
    for t in totals:
        tied = [p for p in group if throws[p.seat] == t]
        ranked.extend(_rank(g, tied) if len(tied) > 1 else tied)
    return ranked


def _deal_deeds(g: Game) -> None:
    """Deal or auction title deeds at the start, as the edition's setup says
    (quick game [000-Q] Q1, all deeds dealt [004] V5, start auction [002] 2.1)."""
    s = g.ed.setup
    if s.deal_each is None and not s.auction_count:
        return
    deeds = [sp.index for sp in g.spaces if sp.is_deed]
    if s.deal_each is not None:
        g.rng.shuffle(deeds)
        per = len(deeds) if s.deal_each == "all" else int(s.deal_each) * len(g.order)
        for k, i in enumerate(deeds[:per]):
            p = g.order[k % len(g.order)]
            g.emit("deal", player=p.seat, space=g.spaces[i].id)
            if s.deal_pay:
                g.pay(p, None, g.spaces[i].price, "purchase")
                if not p.alive:
                    continue
            g.set_owner(i, p)
        deeds = deeds[per:]
    if s.auction_count:
        g.rng.shuffle(deeds)
        for k, i in enumerate(deeds[:s.auction_count]):
            if g.over:
                break
            # the player who bids first goes round the table, from the first player
            opener = g.order[(k - 1) % len(g.order)]
            opening = s.auction_start
            assert opening is not None, "a start auction has its opening bid (checked when the edition loads)"
            g.auction(i, start=opening(g, i), opener=opener)
