"""The search bot: chooses by playing the game on with the engine itself.

At the decisions that decide games (buying a deed, bidding in a deed auction, accepting a trade,
building and proposing trades in a manage window, leaving jail or staying) it forks the game once per candidate answer
and rollout, carries the candidate out in the fork, ends the turn there and plays on with basic
bots in every seat (itself included) for at most `horizon` turns. A rollout is worth 1 for a win
(a share on a tie), 0 for a loss, and when the horizon stops it the player's share of the
strength of the players left: net worth plus the rent its deeds can be expected to earn in the
next `rent_rounds` rounds at their current level (`earning_power`). Net worth alone does not see
what a deed or a house is for (buying and building leave it unchanged, buildings count at cost),
so a short horizon would miss it; with the rent counted, a 30-turn horizon did as well as 60 at
two thirds of the cost (benchmarks/results/search.md). The same rollout seeds are used for every
candidate (common random numbers), so differences come from the answer, not the dice. A few
rollouts are noisy, so the basic bot's answer stands unless another candidate beats it, rollout
for rollout, by more than `confidence` standard errors of the mean difference. A close call (a
candidate ahead by `close[0]` to `close[1]` times that) gets `extend` more batches of rollouts
with new seeds before the answer is taken, so the budget goes where it can change the answer;
auctions and build plans, frequent and close by nature, do not. Every other decision (debts,
taxes, placements, the forced fine after the last throw in jail) is the basic bot's.

Determinisation: a fork cannot peek at the real future. Its generator (dice, shuffles) is
re-seeded from the bot's own seed and the decision's number, and its card decks are shuffled, so
rollouts see dice and card orders that are as unknown to the bot as the real ones. The seeds
depend only on (bot seed, how many decisions the bot was asked), so a bot game is still a
function of edition, seed and decisions, and a resumed game goes on as the uninterrupted one.
During a replay (a resumed save) the bot does not search: the recorded answer is used anyway.

Budget: `rollouts` per candidate (8 by default; half for build plans and jail, twice for trade
proposals; twice again on close calls), `horizon` turns per rollout (30). A fork costs
about a millisecond (`GameView.fork`: a copy sharing the edition), a rollout to the end of a
game a few.

The bot reads the game through its view (engine/game/view.py) and plays only on forks: the
view's `fork` gives a `Simulation`, a copy with basic bots in every seat, and the candidate
answers and rollouts are the simulation's own moves. Where it hands the game to the basic bot
(compiled, typed with the concrete `Game`) it holds it as a `Game` too, reading the view's names
only (tests/agents/test_view.py).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..dsl.runtime import Roll
from ..game.decisions import DONE, Agent, Decision, FunctionAgent, TradeOffer
from ..game.ending import GameOver
from ..game.view import rent_formula
from .basic import BasicBot, groups_held_by_one

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.player import Player
    from ..game.view import GameView, PlayerView, Simulation

SEARCHED = frozenset({"buy", "bid", "trade", "manage", "jail"})
"""The decision kinds the search bot searches; it answers the others as the basic bot."""


class BoldBot(BasicBot):
    """The basic bot with a third of its cash reserve: it builds (and buys) more eagerly. One of
    the build policies the search bot tries in a manage window."""

    def reserve(self, game: Game) -> int:
        """A third of the basic bot's reserve (integer money)."""
        return super().reserve(game) // 3


def _forced(bot: Agent, kind: str, answer: Any) -> FunctionAgent:
    """An agent that gives `answer` to the first decision of `kind`, then answers as `bot`."""
    pending = [True]

    def decide(game: GameView, d: Decision) -> Any:
        if pending and d.kind == kind:
            pending.clear()
            return answer
        return bot.decide(game, d)
    return FunctionAgent(bot.name, decide)


def _staying(bot: Agent, answer: str, seat: int) -> FunctionAgent:
    """An agent that answers `answer` to every jail question while the player at `seat` is still
    in jail from the stay it is in now (the jail option kept for the whole stay: throwing for
    doubles means staying as long as the rules allow), then answers as `bot`."""
    pending = [True]

    def decide(game: GameView, d: Decision) -> Any:
        if pending:
            if not game.players[seat].in_jail:
                pending.clear()
            elif d.kind == "jail" and answer in d.options:
                return answer
        return bot.decide(game, d)
    return FunctionAgent(bot.name, decide)


def _mix(*parts: int) -> int:
    """A 63-bit seed from integers (a fixed splitmix-style hash, stable across runs)."""
    x = 0x2545F4914F6CDD1D
    for v in parts:
        x = (x ^ (v & 0xFFFFFFFFFFFFFFFF)) * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 29
    return x & 0x7FFFFFFFFFFFFFFF


def rollout_bots(seed: int, seats: int) -> list[BasicBot]:
    """The agents of a fork: a basic bot in every seat, each seeded from `seed` and its seat."""
    return [BasicBot(seed=seed + k, name=f"rollout-{k + 1}") for k in range(seats)]


def _mean_throw(count: int, sides: int) -> Roll:
    """A throw of the mean total (dice sides + 1 per die, halved), for rent formulas that read
    the dice (utilities) when the rollout's value is estimated."""
    total = count * (sides + 1) // 2
    return Roll((total,), total, False)


def earning_power(clone: GameView, q: PlayerView, rounds: float) -> float:
    """The rent `q` can expect in the next `rounds` rounds: for every deed it holds unmortgaged,
    the rent due now (at its level, group and dice of the mean throw) times the landings to
    expect, one in `len(spaces)` per opponent and round (a player lands on about one space of
    the board per turn). Money, as a float."""
    opp = [r for r in clone.players if r.alive and r is not q]
    if not opp or rounds <= 0 or not q.deeds:
        return 0.0
    payer = opp[0]
    throw = _mean_throw(clone.ed.dice_count, clone.ed.dice_sides)
    rent = 0
    for i in q.deeds:
        if not clone.mortgaged[i]:
            rent += rent_formula(clone, i, payer, throw)
    return rent * rounds * len(opp) / len(clone.spaces)


def _value(clone: GameView, seat: int, rent_rounds: float = 0.0) -> float:
    """What a finished or stopped rollout is worth to `seat` (see the module docstring): 1 for a
    win (a share of a tie), 0 for a loss; at the horizon the player's share of the strength of
    the players left, where strength is net worth plus `earning_power` over `rent_rounds`."""
    if clone.over:
        winners = [w.seat for w in clone.winners]
        return 1.0 / len(winners) if seat in winners else 0.0
    p = clone.players[seat]
    if not p.alive:
        return 0.0
    worth = {q.seat: clone.net_worth(q) + earning_power(clone, q, rent_rounds)
             for q in clone.players if q.alive}
    total = sum(worth.values())
    return worth[seat] / total if total > 0 else 1.0 / len(worth)


Candidate = Callable[["Simulation", "PlayerView"], None]
"""Carries one answer out in a fork: `candidate(fork, player)`, the player the fork's own."""


class SearchBot:
    """See the module docstring. `seed` seeds the rollouts; `rollouts` per candidate answer;
    `horizon` in turns; `searched` the decision kinds to search; `confidence` in standard errors,
    `extend` (batches) and `close` (a range in units of `confidence`) as in the module
    docstring; `rent_rounds` the rounds of rent counted in a rollout's value at
    the horizon (`earning_power`). Measured in CPU seconds of this process (`time.process_time`):
    `timing` collects, per decision kind, [decisions, seconds] spent deciding (searched or not),
    `times[kind]` the seconds of each decision, `rolled_times` those of the decisions that ran
    rollouts, `turn_seconds[t]` the seconds spent deciding in
    game turn `t`; `overturned[kind]` counts [searched, answered otherwise than the basic bot]."""

    human = False

    def __init__(self, seed: int = 0, name: str = "search", rollouts: int = 8, horizon: int = 30,
                 searched: frozenset[str] = SEARCHED, confidence: float = 1.0, rent_rounds: float = 10.0,
                 extend: int = 1, close: tuple[float, float] = (0.5, 2.0)):
        self.seed = seed
        self.extend = extend
        self.close = close
        self.name = name
        self.rollouts = rollouts
        self.horizon = horizon
        self.searched = searched
        self.confidence = confidence
        self.rent_rounds = rent_rounds
        self.overturned: dict[str, list[int]] = {}
        self.base = BasicBot(seed, name)
        self.bold = BoldBot(seed, name)
        self.asked = 0
        self.timing: dict[str, list[float]] = {}
        self.times: dict[str, list[float]] = {}
        self.rolled_times: list[float] = []
        self._rolled = False
        self.turn_seconds: dict[int, float] = {}
        self._bid_limits: dict[tuple[Any, ...], int | None] = {}
        self._plans: dict[tuple[Any, ...], str] = {}
        self._tried: dict[tuple[Any, ...], int] = {}
        self._plan_memo: dict[tuple[Any, ...], str] = {}

    def windows(self, game: Game) -> frozenset[str]:
        """The manage windows it wants: the basic bot's, except between other players' turns
        (its forks search its own turn's windows)."""
        return self.base.windows(game) - {"between_turns"}

    # ------------------------------------------------------------------ decisions
    def decide(self, game: Game, d: Decision) -> Any:
        t0 = time.process_time()
        self.asked += 1
        self._rolled = False
        answer = self.base.decide(game, d)      # always, so the basic bot's own state moves on
        if d.kind in self.searched and not game.replaying and self.rollouts > 0:
            basic = answer
            answer = getattr(self, "_" + d.kind)(game, d, answer)
            o = self.overturned.setdefault(d.kind, [0, 0])
            o[0] += 1
            o[1] += answer != basic
        dt = time.process_time() - t0
        t = self.timing.setdefault(d.kind, [0, 0.0])
        t[0] += 1
        t[1] += dt
        self.times.setdefault(d.kind, []).append(dt)
        if self._rolled:
            self.rolled_times.append(dt)
        self.turn_seconds[game.turns] = self.turn_seconds.get(game.turns, 0.0) + dt
        return answer

    def rejected(self, d: Decision, reason: str) -> None:  # pragma: no cover - bots are not re-asked
        pass

    def _values(self, game: GameView, d: Decision, candidates: list[Candidate], rollouts: int | None = None,
                start: int = 0) -> list[list[float]]:
        """The value of each rollout of each candidate for `d.player` (`rollouts` of them,
        default the bot's budget, numbered from `start`); rollout r of every candidate has the
        same seed."""
        n = self.rollouts if rollouts is None else rollouts
        self._rolled = True
        seat = d.player.seat
        seats = len(game.players)
        values: list[list[float]] = [[] for _ in candidates]
        for r in range(start, start + n):
            seed = _mix(self.seed, self.asked, r)
            for k, apply in enumerate(candidates):
                clone = game.fork(seed, rollout_bots(seed, seats))
                try:
                    apply(clone, clone.players[seat])
                except GameOver:
                    pass
                clone.stop_turn()
                if not clone.over:
                    clone.play(max_turns=self.horizon)
                values[k].append(_value(clone, seat, self.rent_rounds))
        return values

    @staticmethod
    def _paired(better: list[float], base: list[float]) -> tuple[float, float]:
        """The mean of the paired differences `better - base` and its standard error."""
        n = len(base)
        diffs = [x - y for x, y in zip(better, base, strict=True)]
        mean = sum(diffs) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n) if n > 1 else 0.0
        return mean, se

    def _gain(self, better: list[float], base: list[float]) -> float:
        """The mean gain of `better` over `base` (paired rollouts), or 0 unless it exceeds
        `confidence` standard errors (a few rollouts are noisy: the default answer stands
        unless the rollouts clearly say otherwise)."""
        mean, se = self._paired(better, base)
        return mean if mean > 0 and mean > self.confidence * se else 0.0

    def _is_close(self, values: list[list[float]], pairs: list[tuple[int, int]]) -> bool:
        """Whether some pair (challenger, base) is a close call: the challenger ahead by
        between `close[0]` and `close[1]` standard errors (times `confidence`), where more
        rollouts could change the answer. Clear calls either way are not extended."""
        lo, hi = self.close[0] * self.confidence, self.close[1] * self.confidence
        for k, b in pairs:
            mean, se = self._paired(values[k], values[b])
            if mean > 0 and (lo * se <= mean < hi * se):
                return True
        return False

    def _sampled(self, game: GameView, d: Decision, candidates: list[Candidate], pairs: list[tuple[int, int]],
                 rollouts: int | None = None, extend: bool = True) -> list[list[float]]:
        """`_values`, then, while a pair is a close call (`_is_close`), up to `extend` more
        batches of as many rollouts (new seeds, the same for every candidate): the budget goes
        where it can change the answer. `extend=False`: the first batch only."""
        n = self.rollouts if rollouts is None else rollouts
        values = self._values(game, d, candidates, n)
        for _ in range(self.extend if extend else 0):
            if not self._is_close(values, pairs):
                break
            more = self._values(game, d, candidates, n, start=len(values[0]))
            values = [a + b for a, b in zip(values, more, strict=True)]
        return values

    def _choose(self, game: GameView, d: Decision, candidates: list[Candidate], default: int,
                rollouts: int | None = None, extend: bool = True) -> int:
        """The index of the candidate to take: the one with the largest clear gain over
        candidate `default` (see `_gain`), else `default`. Close calls get more rollouts
        (`_sampled`) unless `extend` is false."""
        values = self._sampled(game, d, candidates, [(k, default) for k in range(len(candidates)) if k != default],
                               rollouts, extend)
        best, gain = default, 0.0
        for k, v in enumerate(values):
            if k != default:
                g = self._gain(v, values[default])
                if g > gain:
                    best, gain = k, g
        return best

    @staticmethod
    def _reenter(kind: str, answer: Any, call: Callable[[Any, Any], None], seat: int) -> Candidate:
        """A candidate that asks the decision again in the fork, through the engine's own
        `call(fork, player)`, with `answer` given by the player's rollout bot."""
        def apply(clone: Simulation, p: PlayerView) -> None:
            bot = clone.agents[seat]
            clone.agents[seat] = _forced(bot, kind, answer)
            try:
                call(clone, p)
            finally:
                clone.agents[seat] = bot
        return apply

    # ------------------------------------------------------------------ buy
    def _buy(self, game: GameView, d: Decision, basic: Any) -> Any:
        if "buy" not in d.options:
            return basic
        i = d.space
        seat = d.player.seat

        def offer(clone: Simulation, p: PlayerView) -> None:
            clone.offer_purchase(p, i)
        options = ("buy", "decline")
        k = self._choose(game, d, [self._reenter("buy", a, offer, seat) for a in options],
                         default=options.index(basic) if basic in options else 0)
        return options[k]

    # ------------------------------------------------------------------ jail
    def _jail(self, game: GameView, d: Decision, basic: Any) -> Any:
        """At the start of a turn in jail (pay, use a kept card, or throw for doubles): each
        option is carried out in the fork and the rest of the turn played from there
        (`from_the_throw`); the player's rollout bot keeps the option for the rest of this stay
        (`_staying`: throwing means staying as long as the rules allow, not one turn and then
        the basic bot's exit). The forced fine after the last throw is the basic bot's."""
        options = list(d.options)
        if "roll" not in options or len(options) < 2:
            return basic
        seat = d.player.seat

        def stay(answer: str) -> Candidate:
            def apply(clone: Simulation, p: PlayerView) -> None:
                bot = clone.agents[seat]
                clone.agents[seat] = _staying(bot, answer, seat)
                clone.from_the_throw(p)
            return apply
        k = self._choose(game, d, [stay(a) for a in options],
                         default=options.index(basic) if basic in options else len(options) - 1,
                         rollouts=max(2, self.rollouts // 2))     # a few a game: half the budget
        return options[k]

    # ------------------------------------------------------------------ trade offers
    def _trade(self, game: GameView, d: Decision, basic: Any) -> Any:
        offer = d.offer
        seat = d.player.seat

        def propose(clone: Simulation, p: PlayerView) -> None:
            clone.propose_trade(offer)
        options = ("accept", "reject")
        k = self._choose(game, d, [self._reenter("trade", a, propose, seat) for a in options],
                         default=options.index(basic) if basic in options else 1)
        return options[k]

    # ------------------------------------------------------------------ auctions
    def _bid(self, game: Game, d: Decision, basic: Any) -> Any:
        """Find once per auction the highest price at which winning the deed beats letting it
        go (tried at the opening bid, the printed price and twice it), then bid the minimum
        while it stays at or under that limit."""
        i = d.ctx.get("space")
        if i is None or d.ctx.get("building"):
            return basic
        key = (game.turns, game.round, i)
        if key not in self._bid_limits:
            self._bid_limits = {key: self._bid_limit(game, d, i)}
        limit = self._bid_limits[key]
        if limit == -1:                # the rollouts could not tell: bid as the basic bot
            return basic
        if limit is None or d.min > limit:
            return None
        return d.min

    def _bid_limit(self, game: Game, d: Decision, i: int) -> int | None:
        p = d.player
        cap = p.cash if d.max is None else min(d.max, p.cash)
        printed = game.spaces[i].price
        levels = sorted({x for x in (d.min, printed, printed * 2) if d.min <= x <= cap})
        if not levels:
            return None

        def mine(price: int) -> Candidate:
            def apply(clone: Simulation, q: PlayerView) -> None:
                clone.pay(q, None, price, "auction")
                if q.alive:
                    (clone.transfer_deed if clone.mortgaged[i] else clone.set_owner)(i, q)
            return apply

        rival, rival_price = self._rival(game, d, i)

        def other(clone: Simulation, q: PlayerView) -> None:
            if rival is not None:
                r = clone.players[rival]
                clone.pay(r, None, rival_price, "auction")
                if r.alive:
                    (clone.transfer_deed if clone.mortgaged[i] else clone.set_owner)(i, r)
        # frequent (a dozen auctions a game) and close by nature: no more rollouts on close calls
        values = self._values(game, d, [mine(x) for x in levels] + [other])
        limit = None
        for x, v in zip(levels, values, strict=False):
            if self._gain(v, values[-1]) > 0:
                limit = x
        if limit is None and not self._gain(values[-1], values[0]) > 0:
            return -1                  # neither clearly better: the basic bot's bid
        return limit

    def _rival(self, game: Game, d: Decision, i: int) -> tuple[int | None, int]:
        """Who gets the deed if this bot lets it go, and at what price: the high bidder at the
        current bid, else the other player who values it most (by the basic bot's valuation)
        at the opening bid; (None, 0) when nobody could pay."""
        if d.ctx.get("high_bidder") is not None and d.ctx.get("price") is not None:
            return d.high_bidder, d.price
        others = [q for q in game.players if q.alive and q is not d.player and q.cash >= d.min]
        if not others:
            return None, 0
        q = max(others, key=lambda q: (self.base.value(game, q, i), q.cash))
        return q.seat, d.min

    # ------------------------------------------------------------------ manage windows
    def _manage(self, game: Game, d: Decision, basic: Any) -> Any:
        """When the basic bot would build, trade or unmortgage (or the bold bot would build),
        choose once per window among: the basic bot's plan, the bold bot's, and doing nothing;
        then follow the chosen plan for the rest of the window."""
        p = d.player
        key = (game.turns, d.window, p.seat)
        plan = self._plans.get(key)
        if plan is None and (basic is DONE or basic[0] == "trade"):
            offer = self._trade_offer(game, d)
            if offer is not None:
                return ("trade", offer)
        if plan is None:
            bold = self.bold.decide(game, d)
            if basic is DONE and bold is DONE:
                return basic
            if basic is not DONE and basic[0] not in ("build", "trade", "unmortgage") and bold is DONE:
                return basic          # edition actions and the like: the basic bot's
            window = d.window
            seat = p.seat
            # a plan found for the same holdings and about the same cash is still good
            state = (p.version, game.deeds_version, p.cash * 20 // max(1, game.start_cash), window)
            plan = self._plan_memo.get(state)
            if plan is None:
                policies = ["basic", "bold", "none"]
                # frequent: half the budget, and no more on close calls
                k = self._choose(game, d, [self._run_plan(name, window, seat) for name in policies], default=0,
                                 rollouts=max(2, self.rollouts // 2), extend=False)
                plan = policies[k]
                self._plan_memo = {state: plan}
            self._plans = {key: plan}
            if plan == "bold":
                return bold
        if plan == "basic":
            return basic
        if plan == "bold":
            return self.bold.decide(game, d)
        return DONE

    def _trade_offer(self, game: Game, d: Decision) -> TradeOffer | None:
        """An offer for the deeds that complete one of the player's groups, when one other
        player holds them all: for cash (the least the basic bot would accept), and, when this
        player holds what completes a group of the other player, as a swap of those deeds
        (plus the least cash that makes it acceptable). Proposed only if rollouts (twice the
        budget: rare and decisive) find it better than not trading; each pair of deed sets is
        tried once per 40 turns."""
        if not game.rules.trade_enabled:
            return None
        p = d.player
        judge = BasicBot()
        offers: list[TradeOffer] = []
        for grp, missing, q in groups_held_by_one(game, p):
            swaps: list[tuple[int, ...]] = [()]
            for g2, theirs in zip(game.ed.groups, q.groups, strict=True):
                need = tuple(j for j in g2.spaces if game.owner[j] is not q)
                if g2 is not grp and theirs and need and all(game.owner[j] is p and not game.level[j] for j in need):
                    swaps.append(need)
            for give in swaps:
                key = (q.seat, missing, give)
                if game.turns - self._tried.get(key, -1 << 30) < 40:
                    continue
                self._tried[key] = game.turns
                offer = self._least_cash(game, judge, p, q, give, missing)
                if offer is not None and game.trade_problem(offer, d.window) is None:
                    offers.append(offer)
        if not offers:
            return None

        def propose(offer: TradeOffer) -> Candidate:
            def apply(clone: Simulation, me: PlayerView) -> None:
                clone.propose_trade(offer)
            return apply
        k = self._choose(game, d, [propose(o) for o in offers] + [lambda clone, me: None], default=len(offers),
                         rollouts=2 * self.rollouts)
        return offers[k] if k < len(offers) else None

    @staticmethod
    def _least_cash(game: Game, judge: BasicBot, p: Player, q: Player, give: tuple[int, ...],
                    get: tuple[int, ...]) -> TradeOffer | None:
        """The offer of `give` (deeds) plus the least cash for `get` that the basic bot `q`
        accepts, or None if even all of `p`'s cash is not enough."""
        def offer_of(cash: int) -> TradeOffer:
            return TradeOffer(p.seat, q.seat, give_deeds=give, give_cash=cash, get_deeds=get)
        if judge._fair(game, q, offer_of(0)):
            return offer_of(0)
        if not judge._fair(game, q, offer_of(p.cash)):
            return None
        lo, hi = 0, p.cash              # the least cash accepted is in (lo, hi]
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if judge._fair(game, q, offer_of(mid)):
                hi = mid
            else:
                lo = mid
        return offer_of(hi)

    @staticmethod
    def _run_plan(name: str, window: str, seat: int) -> Candidate:
        """A candidate that plays the rest of the manage window in the fork as plan `name`."""
        def apply(clone: Simulation, p: PlayerView) -> None:
            if name != "none":
                clone.manage_with(p, window, BasicBot(name="plan") if name == "basic" else BoldBot(name="plan"), 60)
        return apply


def search_bot(seed: int = 0, name: str = "search") -> SearchBot:
    """The search bot with its default budget (8 rollouts per candidate, 30-turn horizon, 10
    rounds of rent in the value at the horizon)."""
    return SearchBot(seed=seed, name=name)


__all__ = ["SearchBot", "BoldBot", "rollout_bots", "search_bot", "SEARCHED"]
