"""The start of a game: decks shuffled, the order of play thrown, roles given (roles.py), deeds
dealt or auctioned.

Rule sources: ../shared/rules/classic.md 3 (the order of play); quick game [000-Q] Q1, all
deeds dealt [004] V5, start auction [002] 2.1.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ..edition.per_player import for_players
from .ending import GameOver
from .jackpot import seed_pot
from .limits import cap_problem
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


def _dealt_to(g: Game, k: int, i: int) -> Player | None:
    """Who is dealt the `k`-th deed, `i`: the players in turn, one at a cap of `rules.limits`
    passing it to the next (limits.py); None when all are."""
    order = g.order
    for step in range(len(order)):
        p = order[(k + step) % len(order)]
        if cap_problem(g, p, i) is None:
            return p
    return None


def _deal_deeds(g: Game) -> None:
    """Deal or auction title deeds at the start, as the edition's setup says
    (quick game [000-Q] Q1, all deeds dealt [004] V5, start auction [002] 2.1)."""
    s = g.ed.setup
    players = len(g.players)
    auction_count = for_players(s.auction_count, players)
    if s.deal_each is None and not auction_count:
        return
    deeds = [sp.index for sp in g.spaces if sp.is_deed]
    if s.deal_each is not None:
        g.rng.shuffle(deeds)
        each = s.deal_each
        per = len(deeds) if isinstance(each, str) else for_players(each, players) * len(g.order)
        for k, i in enumerate(deeds[:per]):
            p = _dealt_to(g, k, i)
            if p is None:
                continue          # every player is at a cap of rules.limits: it stays with the bank
            g.emit("deal", player=p.seat, space=g.spaces[i].id)
            if s.deal_pay:
                g.pay(p, None, g.spaces[i].price, "purchase")
                if not p.alive:
                    continue
            g.set_owner(i, p)
        deeds = deeds[per:]
    if auction_count:
        g.rng.shuffle(deeds)
        for k, i in enumerate(deeds[:auction_count]):
            if g.over:
                break
            # the player who bids first goes round the table, from the first player
            opener = g.order[(k - 1) % len(g.order)]
            opening = s.auction_start
            assert opening is not None, "a start auction has its opening bid (checked when the edition loads)"
            g.auction(i, start=opening(g, i), opener=opener)
