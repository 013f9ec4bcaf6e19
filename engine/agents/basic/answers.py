"""The basic bot's answers to every decision kind but the manage windows' (`BasicBot.ANSWERS`):
buy, bid, jail, debt, tax, rent claims, inherited mortgages, lap-end redemption, choices,
votes, roles; `BasicBot` is the whole bot (valuation, trading, building, the manage windows and
these answers). All money is integer units of the edition's currency."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...game.decisions import Decision, TradeOffer
from ...game.view import holding_of
from .idle import Managing

if TYPE_CHECKING:
    from ...game.game import Game
    from ...game.player import Player


class BidValue:
    """`Valuation.value` of the deed last auctioned to the bot (`BasicBot._bid_value`): `board` the
    game's `owner` list, `version` its deeds version, `space` and `player` what was valued."""

    __slots__ = ("board", "version", "space", "player", "value")

    def __init__(self) -> None:
        self.board: object = None
        self.version = -1
        self.space = -1
        self.player: object = None
        self.value = 0


class BasicBot(Managing):
    """The basic bot (see the package docstring). `seed` drives its (rare) random choices; `name`
    labels it; `claim_attention` is the share of rents it claims where owners must claim."""

    human: ClassVar[bool] = False

    skip_forced: ClassVar[bool] = True      # the engine answers decisions with one legal answer (decisions.Agent)

    takes_hints: ClassVar[frozenset[str]] = frozenset({"choice", "pick", "play_card"})
    """The kinds the bot answers with the decision's hint (their rows of `ANSWERS`): the engine
    gives it the hint without asking (decisions.Agent)."""

    def __init__(self, seed: int = 0, name: str = "basic", claim_attention: float = 1.0) -> None:
        super().__init__(seed, name, claim_attention)
        self._auction = BidValue()     # the value of the deed auctioned (_bid_value)

    def decide(self, game: Game, d: Decision) -> Any:
        """Answer `d` (every kind of `DECISION_KINDS` has a row in `ANSWERS`)."""
        kind = d.kind
        if kind == "manage":        # the hot path: after every landing
            return self._manage(game, d.player, d.ctx["window"])
        if kind == "buy":           # the next commonest, as their rows of ANSWERS answer them
            return self._answer_buy(game, d)
        if kind == "bid":
            return self._bid(game, d.player, d)
        if kind == "raise":
            return self._answer_raise(game, d)
        return self.ANSWERS[kind](self, game, d)

    def _answer_buy(self, game: Game, d: Decision) -> str:
        ctx = d.ctx      # (not d.space: a miss of the slots costs an exception in Decision.__getattr__)
        return self._buy(game, d.player, ctx["space"], ctx["price"]) if "buy" in d.options else "decline"

    def _answer_tax(self, game: Game, d: Decision) -> str:
        sp = game.spaces[d.ctx["space"]]
        return "fixed" if sp.tax(game, d.player) <= sp.tax_alternative(game, d.player) else "alternative"

    def _answer_inherited_mortgage(self, game: Game, d: Decision) -> str:
        cost = game.unmortgage_cost(d.ctx["space"])
        return "lift" if d.player.cash - cost >= self._reserve(game) else "keep"

    def _answer_redeem(self, game: Game, d: Decision) -> str:
        ok = "redeem" in d.options and d.player.cash - d.ctx["cost"] >= self._reserve(game) // 2
        return "redeem" if ok else "release"

    ANSWERS: ClassVar[dict[str, Callable[[BasicBot, Any, Decision], Any]]] = {
        "manage": lambda self, game, d: self.decide(game, d),
        "buy": lambda self, game, d: self._answer_buy(game, d),
        "bid": lambda self, game, d: self._bid(game, d.player, d),
        "raise": lambda self, game, d: self._answer_raise(game, d),
        "jail": lambda self, game, d: self._jail(game, d.player, d.options),
        "trade": lambda self, game, d: "accept" if self._fair(game, d.player, d.ctx["offer"]) else "reject",
        "deal": lambda self, game, d: "accept" if self._fair_deal(game, d.player, d.ctx["offer"]) else "reject",
        "tax": lambda self, game, d: self._answer_tax(game, d),
        "claim": lambda self, game, d: self._claim_rent(),
        "inherited_mortgage": lambda self, game, d: self._answer_inherited_mortgage(game, d),
        "redeem": lambda self, game, d: self._answer_redeem(game, d),
        "place": lambda self, game, d: d.options[0],
        "choice": lambda self, game, d: d.hint,       # the edition's hint (else its first option)
        "pick": lambda self, game, d: d.hint,         # the space of the largest value the edition gives
        "play_card": lambda self, game, d: d.hint,    # the card's bot hint (None: pay)
        "vote": lambda self, game, d: d.hint,         # the vote's bot formula (none: no)
        "role": lambda self, game, d: _least_taken_role(d),
    }
    """How the bot answers each decision kind (a new kind needs a row: tests/agents check it)."""

    def _buy(self, game: Game, p: Player, i: int, price: int) -> str:
        left = p.cash - price
        if game.completes_group(p, i) and left >= 0:
            return "buy"
        return "buy" if left >= self._reserve(game) else "decline"

    def _bid(self, game: Game, p: Player, d: Decision) -> int | None:
        ctx = d.ctx       # (the least of two by comparisons: a call of min costs more)
        lo: int = ctx["min"]
        if ctx.get("building"):
            limit = p.cash - self._reserve(game)
            most = lo * 3 // 2
        else:
            limit = self._bid_value(game, p, ctx["space"])
            most = p.cash - self._reserve(game) // 2
        if most < limit:
            limit = most
        hi = ctx["max"]
        if hi is not None and hi < limit:
            limit = hi
        if lo > limit:
            return None
        return lo + (limit - lo) // 2

    def _bid_value(self, game: Game, p: Player, i: int) -> int:
        """`self.value(game, p, i)` for the deed auctioned, kept for the auction's later rounds
        (a value reads only who owns the deeds: it holds while no deed changes hands)."""
        c = self._auction
        if c.board is not game.owner or c.version != game.deeds_version or c.space != i or c.player is not p:
            c.board, c.version, c.space, c.player = game.owner, game.deeds_version, i, p
            c.value = self.value(game, p, i)
        return c.value

    def _jail(self, game: Game, p: Player, options: Sequence[Any]) -> str:
        if "roll" not in options:        # the forced fine after the last throw: a kept card saves it
            return self._jail_forced_fine(game, p, options)
        if self._unowned(game) >= 6:     # early in the game
            if "card" in options:
                return "card"
            if "pay" in options and p.cash - holding_of(game, p).fine >= self._reserve(game):
                return "pay"
        return "roll"

    def _answer_raise(self, game: Game, d: Decision) -> tuple[Any, ...]:
        act = game.default_raise_action(d.player)     # the engine's order, read once for both
        return self._pay_in_deeds(game, d, act) or self._raise_money(game, d.player, act)

    @staticmethod
    def _raise_money(game: Game, p: Player, act: tuple[Any, ...] | None = None) -> tuple[Any, ...]:
        """The engine's liquidation order, except that where the bank buys deeds and takes
        unredeemed mortgages at the lap end ([002] 9/1.2, D8), a lone lot (the only one of its
        group the player owns) is sold to the bank rather than mortgaged: the money is the same
        or more, and the mortgage would only be lost or cost 10% more at the next lap. `act`:
        the engine's `default_raise_action`, if the caller has it."""
        if act is None:
            act = game.default_raise_action(p)
        r = game.rules
        if act[0] != "mortgage" or r.bank_buys_percent is None or not r.redeem_at_lap_end:
            return act
        i = act[1]
        sp = game.spaces[i]
        lone = sp.group_index < 0 or game.owned_in_group(p, sp.group) == 1
        if lone and game.sell_deed_problem(p, i) is None and game.bank_sale_value(i) >= sp.mortgage:
            return ("sell_deed", i)
        return act

    def _pay_in_deeds(self, game: Game, d: Decision,
                      act: tuple[Any, ...] | None = None) -> tuple[Any, ...] | None:
        """A debt to a player paid partly in a deed ([000] 23.1, `trade.while_in_debt`): where
        the engine's liquidation order would mortgage a lone deed (no other lot of its group is
        the debtor's, no buildings), offer it to the creditor at its printed price instead. The
        debtor gets the full price rather than half, and the creditor takes the deed against the
        debt. Never a deed that would complete the creditor's group; each deed offered to a
        creditor once per turn (a refusal is not re-asked). None: no such offer. `act`: the
        engine's `default_raise_action`, if the caller has it."""
        r = game.rules
        creditor = d.ctx["creditor"]
        if creditor is None or not r.trade_enabled or not r.trade_while_in_debt:
            return None
        p, q = d.player, game.players[creditor]
        if act is None:
            act = game.default_raise_action(p)
        if act[0] != "mortgage" or not q.alive:
            return None
        i = act[1]
        sp = game.spaces[i]
        if game.level[i] or (sp.group_index >= 0 and game.owned_in_group(p, sp.group) != 1):
            return None
        if sp.group_index >= 0 and all(game.owner[j] is q for j in game.ed.groups[sp.group_index].spaces
                                       if j != i):
            return None
        key = ("debt", q.seat, i)
        if self._offers.get(key) == game.turns or q.cash < sp.price:
            return None
        offer = TradeOffer(p.seat, q.seat, give_deeds=(i,), get_cash=sp.price)
        if game.trade_problem(offer, "raise") is not None:
            return None
        self._offers[key] = game.turns
        return ("trade", offer)

    def _claim_rent(self) -> bool:
        """Claim the rent (`rent.claim: owner_claims`) with probability `claim_attention`:
        a bot that always claims plays the house rule exactly as classic."""
        return self.claim_attention >= 1.0 or self.rng.random() < self.claim_attention

    def _jail_forced_fine(self, game: Game, p: Player, options: Sequence[Any]) -> str:
        """After the last failed throw (`jail.card_after_attempts`): the kept card saves the fine."""
        return "card" if "card" in options else "pay"

    def rejected(self, d: Decision, reason: str) -> None:  # pragma: no cover
        pass


def _least_taken_role(d: Decision) -> str:
    """A `role` answer: of the roles the balance rule allows, the one fewest players hold so
    far (the edition's first on ties), so that every class of player is in the game: the roles'
    rules differ, and a role nobody plays leaves its rules untested by the table."""
    taken: dict[str, int] = d.ctx["taken"]
    role: str = min(d.options, key=lambda r: taken[r])
    return role
