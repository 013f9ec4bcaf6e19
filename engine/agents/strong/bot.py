"""The strong bot (`StrongBot`): the basic bot with the trades of `dealing`, auction bids to its
own valuation, and mortgages of deeds outside its whole groups to build them up to three houses.
All money is integer units of the edition's currency."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...game.decisions import DONE, Calm, Decision, Quiet
from .dealing import Dealing

if TYPE_CHECKING:
    from ...game.game import Game
    from ...game.player import Player


class StrongBot(Dealing):
    """A bot that beats the basic bot (package docstring). `seed` drives its (rare) random
    choices; `name` labels it."""

    PARTS: ClassVar[frozenset[str]] = frozenset({"offer", "refuse", "bid", "buy", "fund"})
    """The heuristics in force, each one apart from the basic bot's play (benchmarks/results
    measures them one by one): `offer` its trade offers, `refuse` refusing trades that complete
    another player's group, `bid` its auction bids, `buy` its buying, `fund` its mortgages for
    houses. A heuristic left out is answered as the basic bot answers."""

    FUND_LEVEL: ClassVar[int] = 3
    """The level up to which it mortgages other deeds to build on its whole groups (the third
    house is where a lot's rent jumps most)."""

    RESERVE_SHARE: ClassVar[int] = 4
    """It keeps a quarter of the basic bot's cash reserve (`reserve`): houses bought with the
    rest earn more than the cash saves it in debts (benchmarks/results/strong.md)."""

    def reserve(self, game: Game) -> int:
        """The basic bot's reserve divided by `RESERVE_SHARE` (integer money)."""
        return super().reserve(game) // self.RESERVE_SHARE

    def idle(self, game: Game, p: Player, window: str) -> bool | Quiet | Calm:
        """Between turns, the basic bot's promise (it builds there as the basic bot does); in its
        own windows False: it is always asked (its trades and mortgages read more than the
        basic bot's promise names)."""
        if window == "between_turns":
            return super().idle(game, p, window)
        return False

    def _manage(self, game: Game, p: Player, window: str) -> Any:
        """Its own trade offer first, then the basic bot's answer, then a mortgage that pays for
        a house (`_fund`)."""
        if window == "between_turns":
            return self._between_turns(game, p)
        if window != "raise" and "offer" in self.PARTS:
            offer = self._offer(game, p, window)
            if offer is not None:
                return ("trade", offer)
        act = super()._manage(game, p, window)
        if act is DONE and window != "raise" and "fund" in self.PARTS:
            return self._fund(game, p, window) or DONE
        return act

    def _fund(self, game: Game, p: Player, window: str) -> tuple[str, int] | None:
        """A mortgage on a deed of `p` outside its whole groups, when its money lets `p` build the
        next house on a whole group below `FUND_LEVEL` that its cash above the reserve does not
        pay for: ('mortgage', space), or None."""
        self._refresh(game, p)
        if not self._whole:
            return None
        level, spaces = game.level, game.spaces
        need = None
        for lots in self._whole:
            low = min(level[j] for j in lots)
            if low < self.FUND_LEVEL and not any(game.mortgaged[j] for j in lots):
                j = next(j for j in lots if level[j] == low)
                ladder = spaces[j].ladder
                # (not `build_problem`: it refuses for want of the cash the mortgage brings)
                if low < len(ladder) and game.stock.get(ladder[low].kind, 1) > 0:
                    cost = ladder[low].cost
                    need = cost if need is None or cost < need else need
        if need is None:
            return None
        spare = p.cash - self._reserve(game)
        if spare >= need:
            return None
        in_whole = {j for lots in self._whole for j in lots}
        closed = None
        for i in sorted(p.deeds, key=lambda i: spaces[i].mortgage):
            if i in in_whole or game.mortgaged[i] or level[i] or spaces[i].mortgage <= 0:
                continue
            if spare + spaces[i].mortgage < need:
                continue
            if closed is None:
                closed = {a for a, _why in game.closed_actions(p, window)}
            if ("mortgage", i) not in closed:
                return ("mortgage", i)
        return None

    def _buy(self, game: Game, p: Player, i: int, price: int) -> str:
        """Buy when it keeps half its reserve (the basic bot keeps all of it), always when the deed
        completes its group or blocks another player's."""
        if "buy" not in self.PARTS:
            return super()._buy(game, p, i, price)
        left = p.cash - price
        if left < 0:
            return "decline"
        if game.completes_group(p, i) or self._blocks(game, p, i):
            return "buy"
        return "buy" if left >= self._reserve(game) // 2 else "decline"

    def _bid(self, game: Game, p: Player, d: Decision) -> int | None:
        """The smallest bid while it stays within its limit (`worth`, and cash less half the
        reserve); the basic bot's bid for buildings."""
        ctx = d.ctx
        if ctx.get("building") or "bid" not in self.PARTS:
            return super()._bid(game, p, d)
        lo: int = ctx["min"]
        limit = min(self.worth(game, p, ctx["space"]), p.cash - self._reserve(game) // 2)
        hi = ctx["max"]
        if hi is not None and hi < limit:
            limit = hi
        return lo if lo <= limit else None

    def worth(self, game: Game, p: Player, i: int) -> int:
        """What deed `i` is worth to `p` at auction: twice its price if it completes `p`'s group,
        1.6 times if it blocks another player's, the basic bot's `value` plus a tenth otherwise."""
        price = game.spaces[i].price
        if game.completes_group(p, i):
            return price * 2
        if self._blocks(game, p, i):
            return price * 8 // 5
        return self.value(game, p, i) * 11 // 10

    @staticmethod
    def _blocks(game: Game, p: Player, i: int) -> bool:
        """Would deed `i` complete another single player's group (one other player holds every
        other lot of it)?"""
        g = game.spaces[i].group_index
        if g < 0:
            return False
        others = {game.owner[j] for j in game.ed.groups[g].spaces if j != i}
        if len(others) != 1:
            return False
        (o,) = others
        return o is not None and o is not p


def hard_bot(seed: int = 0, name: str = "hard") -> StrongBot:
    """The 'hard' level for people (the `hard` kind of `make_bot`): the strong bot."""
    return StrongBot(seed=seed, name=name)
