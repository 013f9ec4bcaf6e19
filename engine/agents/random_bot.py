"""The random bot: any legal answer, for fuzzing the engine."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from ..game.decisions import DONE, Decision, TradeOffer
from ..game.manage import ManageAction, pickable_kinds

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.player import Player
    from ..game.view import GameView, PlayerView


class RandomBot:
    """Answers every decision with a legal option chosen by its own seeded generator, so that
    fuzzing reaches every legal answer with a positive probability (not uniformly).

    A manage window, step by step: done with probability 1/2; else, where trades are allowed,
    with probability 1/10 a random two-party offer (made only if legal); else a kind of action
    uniformly among the kinds this game can offer (`manage.pickable_kinds`), then for a kind
    on a space (build, sell, mortgage, ...) one of the player's deeds uniformly, answered if
    that action is legal and done otherwise, and for the other kinds (sell_all, loan, act, ...)
    one of that kind's legal actions uniformly, done when there is none. So each step checks
    one action, or lists one kind, instead of listing every legal action. In debt ('raise'), a
    legal action uniformly among all of them but bankruptcy (bankruptcy when it is the only
    one). Other decisions: uniformly among `options`; trade offers at random; bids stay close
    to the minimum so auctions end."""

    human = False
    skip_forced = True      # the engine answers decisions with one legal answer (decisions.Agent)

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name
        self._kinds: tuple[ManageAction, ...] = ()
        self._kinds_of: object = None      # the edition `_kinds` was worked out for

    def decide(self, game: GameView, d: Decision) -> Any:
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
            return self._pick(game, d.player, d.window)
        if kind == "raise":
            options = [o for o in d.options if o[0] != "bankrupt"] or d.options
            return rng.choice(options)
        if kind == "place" and not d.options:
            return None
        return rng.choice(list(d.options))

    def _pick(self, view: GameView, p: Player, window: str) -> Any:
        """One manage step after done and trade were passed over (see the class docstring)."""
        game = cast("Game", view)     # the engine's own listings of legal actions take the game itself
        if game.ed is not self._kinds_of:      # a rule switch may change the edition mid-game
            self._kinds = pickable_kinds(game)
            self._kinds_of = game.ed
        rng = self.rng
        k = rng.choice(self._kinds)
        on_space = k.on_space
        if on_space is not None:
            if not p.deeds:
                return DONE
            i = rng.choice(sorted(p.deeds))
            return (k.name, i) if on_space(game, p, i, window) else DONE
        assert k.listing is not None, "pickable_kinds: a per-space check or a listing"
        acts = k.listing(game, p, window)
        return rng.choice(acts) if acts else DONE

    def _random_offer(self, game: GameView, p: PlayerView) -> TradeOffer | None:
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
