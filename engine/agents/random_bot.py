"""The random bot: any legal answer, for fuzzing the engine."""

from __future__ import annotations

import random
from typing import Any

from ..game.decisions import DONE, Decision, TradeOffer


class RandomBot:
    """Answers every decision with a legal option chosen by its own seeded generator. In manage
    windows it stops with probability 1/2 per step, sometimes proposes a random trade, and
    answers trade offers at random. Bids stay close to the minimum so auctions end."""

    human = False

    def __init__(self, seed: int = 0, name: str = "random"):
        self.rng = random.Random(seed)
        self.name = name

    def decide(self, game, d: Decision) -> Any:
        rng = self.rng
        kind = d.kind
        if kind == "bid":
            if rng.random() < 0.5:
                return None
            hi = d.max if d.max is not None else d.min + 50
            return rng.randint(d.min, max(d.min, min(hi, d.min + 30))) if d.min <= hi else None
        if kind == "manage":
            if rng.random() < 0.5:
                return DONE
            if game.rules.trade_enabled and rng.random() < 0.1:
                offer = self._random_offer(game, d.player)
                if offer is not None and game.trade_problem(offer, d.window) is None:
                    return ("trade", offer)
            return rng.choice(d.options)
        if kind == "raise":
            options = [o for o in d.options if o[0] != "bankrupt"] or d.options
            return rng.choice(options)
        if kind == "place" and not d.options:
            return None
        return rng.choice(list(d.options))

    def _random_offer(self, game, p) -> TradeOffer | None:
        others = game.others(p)
        if not others:
            return None
        q = self.rng.choice(others)
        mine = sorted(p.deeds)
        theirs = sorted(q.deeds)
        give = tuple(self.rng.sample(mine, min(len(mine), self.rng.randint(0, 1))))
        get = tuple(self.rng.sample(theirs, min(len(theirs), self.rng.randint(0, 1))))
        cash = self.rng.randint(0, max(0, min(p.cash, 200)))
        cards = tuple(q.held_cards[:1]) if q.held_cards and self.rng.random() < 0.3 else ()
        return TradeOffer(p.seat, q.seat, give_deeds=give, give_cash=cash, get_deeds=get,
                          get_cards=cards)

    def rejected(self, d: Decision, reason: str) -> None:  # pragma: no cover
        pass
