"""The game: state, the turn machine, movement and landing.

A `Game` is a function of (edition, seed, decisions): it throws dice from its own seeded
generator, shuffles decks with it, and asks every choice through `ask()`, which records the
answers (for saves) and can replay them. Mechanisms that are long enough to live alone are
mixins: money and bankruptcy (`money.py`), deeds and buildings (`property.py`), trades
(`trade.py`), queries the DSL and bots read (`queries.py`).

Rule sources are cited as in ../shared/rules/classic.md: [000] is the Russian rule book.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..edition.model import Edition
from ..errors import DecisionTimeout, GameError, IllegalDecision, ReplayMismatch
from .decisions import DEFAULT_ANSWERS, DONE, Agent, Decision, decode_answer, encode_answer
from .dice import Dice
from .dsl_extras import DslExtrasMixin
from .events import EventLog
from .manage import ManageMixin
from .money import MoneyMixin
from .property import PropertyMixin
from .queries import QueriesMixin
from .state import Player
from .trade import TradeMixin

TIMEOUT = {"timeout": True}
"""How a timed-out decision is recorded in saves."""

MAX_DRAW_DEPTH = 20
"""Cards that draw cards (directly or by moving onto card spaces) may nest this deep."""


class LazyRoll:
    """A roll thrown only when a rent formula first reads it: when a card moved the player, the
    rent is found with a new throw ([000] 9.5), or with the card's own dice (`with dice = ...`),
    and only if rent is due and the formula needs the dice. `throw()` makes the roll."""

    __slots__ = ("_throw", "_roll")

    def __init__(self, throw: Callable[[], Any]):
        self._throw = throw
        self._roll = None

    def _get(self):
        if self._roll is None:
            self._roll = self._throw()
        return self._roll

    @property
    def total(self) -> int:
        return self._get().total

    @property
    def doubles(self) -> bool:
        return self._get().doubles

    @property
    def dice(self):
        return self._get().dice


class GameOver(Exception):
    """Raised inside a turn when the game has ended, to unwind to the turn loop."""


class Game(MoneyMixin, PropertyMixin, ManageMixin, TradeMixin, QueriesMixin, DslExtrasMixin):
    """One game of an edition.

    `players` is a list of (name, agent) in seat order. `seed` drives dice, shuffles and the
    bots' randomness. Test hooks: `dice` (e.g. `ForcedDice`), `first` (seat that starts,
    skipping the order roll), `deal=False` (skip dealing/auctioning deeds at setup).
    `log` receives events (None: no events are built, for speed). `record=True` keeps every
    answer in `self.decisions` (for saves); `replay` is a list of recorded answers to give
    before asking agents live: bots are still asked (their answers dropped) so that their own
    state moves on as in the recorded game; `on_replay_done()` is called once, as the last
    recorded answer is given. `start=False` leaves the set-up (which may ask decisions) to a
    later `start()`. `check_invariants=True` checks the invariants after every turn
    (raises `GameError` naming the broken one). `max_rounds` overrides the edition's round limit
    (`end.max_rounds`); a game that reaches the limit ends with reason 'round_limit'."""

    def __init__(self, edition: Edition, players: Sequence[tuple[str, Agent]], seed: int = 0, *,
                 dice=None, first: int | None = None, deal: bool = True,
                 log: EventLog | None = None, record: bool = False,
                 replay: Sequence[Any] | None = None, check_invariants: bool = False,
                 max_rounds: int | None = None,
                 on_replay_done: Callable[[], None] | None = None, start: bool = True):
        if not edition.players_min <= len(players) <= edition.players_max:
            raise GameError(f"{edition.id} is for {edition.players_min} to {edition.players_max} "
                            f"players, not {len(players)}")
        self.ed = edition
        self.rules = edition.rules
        self.spaces = edition.spaces
        self.n = len(edition.spaces)
        self.seed = seed
        self.rng = random.Random(seed)
        self.dice = dice if dice is not None else Dice(self.rng, edition.dice_sides)
        self.players = [Player(i, name, edition.setup.start_cash, n_groups=len(edition.groups))
                        for i, (name, _) in enumerate(players)]
        self.agents = [agent for _, agent in players]
        for p, a in zip(self.players, self.agents):
            p.kind = "human" if getattr(a, "human", False) else "bot"
        self.owner: list[Player | None] = [None] * self.n
        self.deeds_version = 0  # bumped when a deed changes hands
        self.level = [0] * self.n
        self.mortgaged = [False] * self.n
        r = self.rules
        self.houses = r.houses_supply
        self.hotels = r.hotels_supply
        self.hotel_level = r.houses_before_hotel + 1
        self.decks: dict[str, deque] = {}
        self.round = 1
        self.turns = 0
        self.bankruptcies = 0
        self.over = False
        self.winners: list[Player] = []
        self.end_reason = ""
        self.current: Player | None = None
        self._landed: int | None = None
        self._last_roll = None
        self._draw_depth = 0
        self._in_card = 0
        self._more_rolls = False
        self.log = log
        self.record = record
        self.decisions: list[Any] = []
        self._replay = deque(replay or ())
        self.on_replay_done = on_replay_done
        self.check = check_invariants
        self.max_rounds = max_rounds if max_rounds is not None else edition.end.max_rounds
        self.bank_in = 0
        self.bank_out = 0
        self.jackpot = 0          # money in the pot (house rule), see rules.jackpot
        self.start_total = sum(p.cash for p in self.players)
        self.landings = [0] * self.n
        self.stats: dict[str, int] = {}   # edition actions taken, deeds they moved (simulate)
        self._acting: str | None = None
        self.order: list[Player] = list(self.players)
        self.turn_idx = 0
        self._nearest_cache: dict[tuple, list[int]] = {}
        self._turn_flags: list[Player] = []
        self.debtor: Player | None = None
        self._debt: int | None = None
        self._init_dsl_extras()
        self._land_by_kind = {
            "street": self._land_deed, "railroad": self._land_deed, "utility": self._land_deed,
            "card": self._land_card, "tax": self._land_tax, "go_to_jail": self._land_go_to_jail,
            "free_parking": self._land_free_parking}
        if self.rules.jackpot is not None:
            self._land_by_kind[self.rules.jackpot.collect_on] = self._land_jackpot
        self._handlers = [self._land_by_kind.get(s.kind) for s in self.spaces]
        self._rent_fn = [self.rules.rent_formulas.get(s.kind) for s in self.spaces]
        every = frozenset({"before_roll", "after_landing"})
        self._windows = [a.windows(self) if hasattr(a, "windows") else every for a in self.agents]
        self._wants_before_roll = ["before_roll" in w for w in self._windows]
        self._start = edition.start_index
        if self.rules.intro_reroll is not None:
            for p in self.players:
                p.intro = True
        self._first = first
        self._deal = deal
        self.started = False
        if start:
            self.start()

    # ------------------------------------------------------------------ setup
    def start(self) -> None:
        """Set the game up: shuffle the decks, roll for the order of play, deal or auction deeds
        (which may ask decisions). Called by the constructor unless `start=False` was given, so
        that a caller can hold the game before the first decision (a save made during the start
        auction)."""
        if not self.started:
            self.started = True
            self._setup(self._first, self._deal)

    def _setup(self, first: int | None, deal: bool) -> None:
        for deck in self.ed.decks.values():
            cards = list(deck.cards)
            if deck.shuffle:
                self.rng.shuffle(cards)
            self.decks[deck.id] = deque(cards)
        self.emit("start", edition=self.ed.id, seed=self.seed, players=[p.name for p in self.players])
        if first is None:
            ranking = self._rank(list(self.players))
            if self.rules.turn_order == "ranking":
                self.order = ranking
            else:
                top = ranking[0].seat
                self.order = self.players[top:] + self.players[:top]
        else:
            self.order = self.players[first:] + self.players[:first]
        self.emit("order", order=[p.seat for p in self.order])
        if self.rules.jackpot is not None and self.rules.jackpot.seed:
            self._seed_jackpot()
        if deal:
            try:
                self._deal_deeds()
            except GameOver:          # paying for dealt deeds bankrupted all but one player
                pass

    def _rank(self, group: list[Player]) -> list[Player]:
        """Order players by a throw, highest first; tied players throw again among themselves."""
        throws = {}
        for p in group:
            r = self.dice.throw(self.ed.dice_count)
            throws[p.seat] = r.total
            self.emit("order_roll", player=p.seat, dice=list(r.dice))
        totals = sorted(set(throws.values()), reverse=True)
        ranked: list[Player] = []
        for t in totals:
            tied = [p for p in group if throws[p.seat] == t]
            ranked.extend(self._rank(tied) if len(tied) > 1 else tied)
        return ranked

    def _deal_deeds(self) -> None:
        """Deal or auction title deeds at the start, as the edition's setup says
        (quick game [000-Q] Q1, all deeds dealt [004] V5, start auction [002] 2.1)."""
        s = self.ed.setup
        deeds = [sp.index for sp in self.spaces if sp.is_deed]
        if s.deal_each is not None:
            self.rng.shuffle(deeds)
            per = len(deeds) if s.deal_each == "all" else int(s.deal_each) * len(self.order)
            for k, i in enumerate(deeds[:per]):
                p = self.order[k % len(self.order)]
                self.emit("deal", player=p.seat, space=self.spaces[i].id)
                if s.deal_pay:
                    self.pay(p, None, self.spaces[i].price, "purchase")
                    if not p.alive:
                        continue
                self.set_owner(i, p)
            deeds = deeds[per:]
        if s.auction_count:
            self.rng.shuffle(deeds)
            for k, i in enumerate(deeds[:s.auction_count]):
                if self.over:
                    break
                # the player who bids first goes round the table, from the first player
                opener = self.order[(k - 1) % len(self.order)]
                self.auction(i, start=s.auction_start(self, i), opener=opener)

    # ------------------------------------------------------------------ events, decisions
    def emit(self, e: str, **fields: Any) -> None:
        """Add an event to the log (no-op when the game has no log)."""
        if self.log is not None:
            fields = {"e": e, "turn": self.turns, **fields}
            self.log.add(fields)

    def ask(self, d: Decision, check: Callable[[Any], None] | None = None) -> Any:
        """Ask `d.player`'s agent (or take the next replayed answer), check the answer (manage
        and raise actions by `check_action`, others by `check` or against `d.options`), record
        it and return it. A human is told the reason and asked again; a bot's illegal answer is
        a `GameError` naming the bot and the decision."""
        agent = self.agents[d.player.seat]
        while True:
            if self._replay:
                if not getattr(agent, "human", False):
                    agent.decide(self, d)       # the bot's state moves on as in the recorded game
                answer = decode_answer(self._replay.popleft())
                replayed = True
                if not self._replay and self.on_replay_done is not None:
                    self.on_replay_done()
            else:
                try:
                    answer = agent.decide(self, d)
                except DecisionTimeout:
                    answer = TIMEOUT
                replayed = False
            if answer == TIMEOUT:
                if self.record:
                    self.decisions.append(TIMEOUT)
                return self._timed_out(d)
            if answer is not DONE:
                try:
                    if d.game is not None:
                        self.check_action(d.player, answer, d.ctx["window"])
                    elif check is not None:
                        check(answer)
                    elif d._options is not None and answer not in d._options:
                        raise IllegalDecision(f"{answer!r} is not one of {list(d._options)!r}")
                except IllegalDecision as exc:
                    if replayed:
                        raise ReplayMismatch(
                            f"the save does not fit this game: a recorded answer to '{d.kind}' for "
                            f"{d.player.name} is not allowed here ({exc.reason})") from None
                    if getattr(agent, "human", False):
                        agent.rejected(d, exc.reason)
                        continue
                    raise GameError(f"bot {agent.name!r} (seat {d.player.seat}, {d.player.name}) gave "
                                    f"an illegal answer to '{d.kind}': {exc.reason}") from None
            if self.record:
                self.decisions.append(encode_answer(answer))
            return answer

    @property
    def replaying(self) -> bool:
        """True while recorded answers remain to be given."""
        return bool(self._replay)

    def saved_decisions(self) -> list:
        """The answers a save must hold now: those given so far and, while replaying, the
        recorded ones not yet reached (a save made during a replay loses nothing)."""
        return list(self.decisions) + list(self._replay)

    def _timed_out(self, d: Decision) -> Any:
        """A human let `d` time out: the default answer, after making the player bankrupt to
        the bank if the edition says so ([001b] 20, `rules.decision_timeout`)."""
        p = d.player
        self.emit("timeout", player=p.seat, decision=d.kind)
        if self.rules.decision_timeout == "bankrupt" and p.alive:
            self.bankrupt(p, None, 0)
        if d.kind == "raise":
            return ("bankrupt",) if not p.alive else self._default_raise(p)
        if d.kind == "place":
            return None if d.ctx.get("optional", True) else d.options[0]
        return DEFAULT_ANSWERS.get(d.kind)

    def _default_raise(self, p: Player) -> tuple:
        from ..agents.liquidate import raise_money_action
        return raise_money_action(self, p)

    # ------------------------------------------------------------------ the turn machine
    def play(self, max_turns: int | None = None) -> Game:
        """Play turns until the game is over (or `max_turns` more turns were played)."""
        played = 0
        while not self.over and (max_turns is None or played < max_turns):
            self.play_turn()
            played += 1
        return self

    def play_turn(self) -> None:
        """One player's turn, including extra rolls after doubles ([000] 3-4, jail 15)."""
        if not self.order[self.turn_idx].alive:   # went bankrupt before the first turn (a start auction)
            self._advance()
            if self.over:
                return
        p = self.order[self.turn_idx]
        self.current = p
        self.turns += 1
        p.doubles = 0
        p.built_this_turn = 0
        if p.built_groups:
            p.built_groups.clear()
        if p.actions_used:
            p.actions_used.clear()
        self._landed = None
        self._last_roll = None
        if self.log is not None:
            self.emit("turn", player=p.seat, round=self.round, cash=p.cash, pos=self.spaces[p.pos].id)
        try:
            self._turn_body(p)
        except GameOver:
            pass
        self._end_turn(p)

    def _turn_body(self, p: Player) -> None:
        r = self.rules
        self._more_rolls = False
        if self._wants_before_roll[p.seat]:
            self._manage(p, "before_roll")
        roll = None
        single = False                 # a jail exit that allows one throw only (C16 b)
        if p.in_jail:
            roll = self._jail_turn(p)
            if roll is False:          # the turn ends in jail
                return
            single = roll is None and r.jail_paid_exit == "one_throw"
        while p.alive and not p.in_jail:
            if roll is None:
                roll = self.dice.throw(self.ed.dice_count)
                self._last_roll = roll
                if self.log is not None:
                    self.emit("roll", player=p.seat, dice=list(roll.dice))
                doubles = roll.doubles and not p.intro
                if doubles:
                    p.doubles += 1
                    if r.doubles_jail_after and p.doubles >= r.doubles_jail_after:
                        self.emit("doubles_jail", player=p.seat)
                        self.go_to_jail(p)
                        return
                again = doubles and r.doubles_roll_again and not single
            else:   # the throw that freed the player from jail
                again = roll.doubles and r.jail_doubles_roll_again
                if again:
                    p.doubles += 1
            self.move_by(p, roll.total)
            if not p.alive or p.in_jail:
                return
            self._more_rolls = again
            self._manage(p, "after_landing")
            if not again:
                return
            roll = None

    def _jail_turn(self, p: Player):
        """A turn that starts in jail ([000] 15.4-15.6; three-cell jail [002] 9.3). Returns the
        roll to move by, None for a normal turn, or False when the turn ends in jail."""
        r = self.rules
        if p.free_next_turn:
            self._release(p, "served")
            return None
        options = []
        if r.jail_fine > 0 and p.cash >= r.jail_fine:
            options.append("pay")
        if any(self._card_use(c) == "get_out_of_jail" for c in p.held_cards):
            options.append("card")
        options.append("roll")
        answer = self.ask(Decision("jail", p, options, attempts=p.jail_attempts, fine=r.jail_fine))
        if not p.alive:
            return False
        if answer == "pay":
            self.pay(p, None, r.jail_fine, "fine")
            if not p.alive:
                return False
            self._release(p, "paid")
            return None
        if answer == "card":
            self._use_jail_card(p)
            self._release(p, "card")
            return None
        roll = self.dice.throw(self.ed.dice_count)
        self._last_roll = roll
        self.emit("roll", player=p.seat, dice=list(roll.dice), jail=True)
        if roll.doubles:
            self._release(p, "doubles")
            return roll
        p.jail_attempts += 1
        if p.jail_attempts < r.jail_attempts:
            self.emit("jail_stay", player=p.seat, attempts=p.jail_attempts)
            return False
        mode = r.jail_after_attempts
        if mode == "leave_next_turn":
            p.free_next_turn = True
            self.emit("jail_stay", player=p.seat, attempts=p.jail_attempts)
            return False
        if mode == "pay_and_move":
            self.pay(p, None, r.jail_fine, "fine")
            if not p.alive:
                return False
        self._release(p, "forced")
        return roll

    def _release(self, p: Player, how: str) -> None:
        p.in_jail = False
        p.jail_attempts = 0
        p.free_next_turn = False
        self.emit("jail_leave", player=p.seat, how=how)

    def _end_turn(self, p: Player) -> None:
        if self._turn_flags:
            for q in self._turn_flags:
                for name in [k for k, v in q.flags.items() if v in ("end_of_turn", "next_move")]:
                    del q.flags[name]
            self._turn_flags.clear()
        if self._timed:
            self._tick_flags("turns", p)
        if self.space_flags:
            for key in [k for k, v in self.space_flags.items() if v == "end_of_turn"]:
                del self.space_flags[key]
        if self.check:
            self.check_invariants()
        if self.over:
            return
        self._check_end()
        if self.over:
            return
        self._advance()

    def _advance(self) -> None:
        """Pass the turn to the next player still in the game; a wrap starts a new round (and
        may reach the round limit)."""
        idx = self.turn_idx
        n = len(self.order)
        while True:
            idx = (idx + 1) % n
            if idx == 0:
                self.round += 1
                if self._timed:
                    self._tick_flags("rounds")
                if self.max_rounds is not None and self.round > self.max_rounds:
                    self.turn_idx = idx
                    self.finish_richest("round_limit")
                    return
            if self.order[idx].alive:
                break
        self.turn_idx = idx

    def _check_end(self) -> None:
        """End the game if an end condition of the edition holds (the richest wins)."""
        for cond in self.ed.end.when:
            if cond(self):
                self.finish_richest("condition")
                return

    def finish_richest(self, reason: str) -> None:
        """End the game now: the richest player still in it wins (by `end.score`; ties share).
        `reason` is recorded in the end event ('condition', 'round_limit', 'time_limit')."""
        alive = [p for p in self.order if p.alive]
        scores = {p.seat: self.net_worth(p) for p in alive}
        best = max(scores.values())
        self.winners = [p for p in alive if scores[p.seat] == best]
        self.over = True
        self.end_reason = reason
        self.emit("end", reason=reason, winners=[p.seat for p in self.winners], scores=scores)

    def _finish_last(self) -> None:
        alive = [p for p in self.order if p.alive]
        self.winners = alive[:1]
        self.over = True
        self.end_reason = "last_standing"
        self.emit("end", reason="last_standing", winners=[p.seat for p in self.winners])

    # ------------------------------------------------------------------ movement
    def move_by(self, p: Player, steps: int, *, salary: int | None = None, rent=None, dice=None) -> None:
        """Move `p` by `steps` (negative: backwards, no lap) and resolve the landing. Passing or
        reaching the start space moving forward completes a lap ([000] 5.1, 5.6)."""
        n = self.n
        old = p.pos
        new = (old + steps) % n
        p.pos = new
        if p.flags:
            self._clear_move_flags(p)
        if self.log is not None:
            self.emit("move", player=p.seat, to=self.spaces[new].id, steps=steps)
        if steps > 0:
            dist = (self._start - old) % n or n
            if steps >= dist:
                self._complete_lap(p, salary)
                if not p.alive:
                    return
        self.land(p, new, rent, dice)

    def move_to(self, p: Player, space: int, *, forward: bool = True, salary: int | None = None,
                rent=None, dice=None) -> None:
        """Move `p` to `space`, forward (lap counted) or backwards, and resolve the landing."""
        if forward:
            self.move_by(p, (space - p.pos) % self.n or self.n, salary=salary, rent=rent, dice=dice)
        else:
            self.move_by(p, -((p.pos - space) % self.n), salary=salary, rent=rent, dice=dice)

    def nearest(self, p: Player, kind: str | None = None, group: str | None = None) -> int:
        """The first space ahead of `p` of `kind` or in `group` (its own space excluded)."""
        key = (kind, group)
        table = self._nearest_cache.get(key)
        if table is None:
            n = self.n
            match = [(kind is None or s.kind == kind) and (group is None or s.group == group)
                     for s in self.spaces]
            table = []
            for i in range(n):
                for d in range(1, n + 1):
                    j = (i + d) % n
                    if match[j]:
                        table.append(j)
                        break
                else:
                    raise GameError(f"no space of kind {kind!r} / group {group!r} on the board")
            self._nearest_cache[key] = table
        return table[p.pos]

    def _complete_lap(self, p: Player, salary: int | None) -> None:
        """A lap ends: salary (or the card's amount instead), then lap-end duties
        ([000] 5.1; [002] 5: salary minus a tax per industry, 9/1.1: mortgage redemption)."""
        p.laps += 1
        p.intro = False
        if self._timed:
            self._tick_flags("laps", p)
        amount = self.rules.salary(self, p) if salary is None else salary
        if self.log is not None:
            self.emit("lap", player=p.seat, salary=amount)
        if amount > 0:
            self.bank_pays(p, amount, "salary")
        elif amount < 0:
            self.pay(p, None, -amount, "salary")
            if not p.alive:
                return
        if self.rules.redeem_at_lap_end:
            self._redeem_at_lap_end(p)

    def go_to_jail(self, p: Player) -> None:
        """Straight to jail: no lap, no salary; the turn ends ([000] 15.1-15.3)."""
        jail = self.ed.jail_index
        if jail is None:
            raise GameError("this edition has no jail space")
        p.pos = jail
        p.in_jail = True
        p.jail_attempts = 0
        p.free_next_turn = False
        p.doubles = 0
        self.emit("jail", player=p.seat)

    # ------------------------------------------------------------------ landing
    def land(self, p: Player, i: int, rent=None, dice=None) -> None:
        """Resolve `p` stopping on space `i`."""
        self._landed = i
        self.landings[i] += 1
        if p.intro and self.spaces[i].kind in self.rules.intro_reroll:
            self._intro_reroll(p)
            return
        handler = self._handlers[i]
        if handler is not None:
            handler(p, i, rent, dice)

    def _intro_reroll(self, p: Player) -> None:
        """Introductory lap ([002] D4b, 6.2, 9.2): no card, no arrest: move again at once."""
        roll = self.dice.throw(self.ed.dice_count)
        self._last_roll = roll
        self.emit("intro_reroll", player=p.seat, dice=list(roll.dice))
        self.move_by(p, roll.total)

    def _land_deed(self, p: Player, i: int, rent, dice) -> None:
        o = self.owner[i]
        if o is None:
            self.offer_purchase(p, i)
        elif o is not p and not self.mortgaged[i]:
            if o.in_jail and not self.rules.rent_jailed_owner_collects:
                return
            if rent is not None and not getattr(rent, "needs_rent", True):
                amount = rent(0)        # the card's rent ignores the normal one: do not roll for it
            else:
                if dice is not None:       # a card's own dice
                    dice = LazyRoll(dice)
                elif self._in_card:
                    dice = LazyRoll(lambda: self.roll(self.ed.dice_count))
                else:
                    dice = self._last_roll
                amount = self._rent_fn[i](self, p, i, o, dice)
                if rent is not None:
                    amount = rent(amount)
            if amount <= 0:
                return
            if self._rent_plays and p.held_cards and self._rent_play(p, o, amount):
                return
            if self.rules.rent_claim == "owner_claims":
                if not self.ask(Decision("claim", o, (True, False), space=i, amount=amount, payer=p.seat)):
                    self.emit("rent_unclaimed", player=p.seat, owner=o.seat, space=self.spaces[i].id)
                    return
            self.pay(p, o, amount, "rent")

    def _land_card(self, p: Player, i: int, rent, dice) -> None:
        self.draw(p, self.spaces[i].deck)

    def _land_tax(self, p: Player, i: int, rent, dice) -> None:
        sp = self.spaces[i]
        if sp.tax_alternative is not None:
            # the player chooses before counting ([004] 11.2)
            fixed = sp.tax(self, p)
            choice = self.ask(Decision("tax", p, ("fixed", "alternative"), space=i, fixed=fixed))
            amount = fixed if choice == "fixed" else sp.tax_alternative(self, p)
        else:
            amount = sp.tax(self, p)
        self.pay(p, None, amount, "tax")

    def _land_go_to_jail(self, p: Player, i: int, rent, dice) -> None:
        self.go_to_jail(p)

    def _land_free_parking(self, p: Player, i: int, rent, dice) -> None:
        pass

    def _land_jackpot(self, p: Player, i: int, rent, dice) -> None:
        """The free-parking house rule ([004] V4): the lander takes the whole pot."""
        pot = self.jackpot
        if pot:
            self.jackpot = 0
            p.cash += pot
            self.emit("jackpot", player=p.seat, amount=pot)
            self._seed_jackpot()

    def _seed_jackpot(self) -> None:
        seed = self.rules.jackpot.seed
        if seed:
            self.jackpot += seed
            self.bank_out += seed

    # ------------------------------------------------------------------ cards
    def draw(self, p: Player, deck_id: str) -> None:
        """`p` draws the top card of `deck_id` and carries it out at once; it goes to the bottom
        of its deck unless kept ([000] 13.1-13.4)."""
        dq = self.decks[deck_id]
        if not dq:
            self.emit("deck_empty", player=p.seat, deck=deck_id)
            return
        card = dq.popleft()
        dq.append(card)
        if self.log is not None:
            self.emit("card", player=p.seat, deck=deck_id, card=card.id)
        self._draw_depth += 1
        if self._draw_depth > MAX_DRAW_DEPTH:
            self._draw_depth = 0
            raise GameError(f"card '{card.id}': cards led to more than {MAX_DRAW_DEPTH} draws in a row")
        self._in_card += 1
        try:
            card.effect(self, p)
        finally:
            self._in_card -= 1
            self._draw_depth -= 1

    def keep_card(self, p: Player, card: str, use: str) -> None:
        """`p` keeps `card` (the one being carried out) out of its deck ([000] 14.1)."""
        for deck_id, dq in self.decks.items():
            for c in reversed(dq):
                if c.id == card:
                    dq.remove(c)
                    p.held_cards.append((deck_id, card))
                    self._held_use[(deck_id, card)] = use
                    self.emit("card_kept", player=p.seat, card=card)
                    return
        raise GameError(f"card '{card}' is not in a deck and cannot be kept")

    def _use_jail_card(self, p: Player) -> None:
        """Use a held get-out-of-jail card; it goes to the bottom of its own deck ([004] 14.3)."""
        for k, held in enumerate(p.held_cards):
            if self._card_use(held) == "get_out_of_jail":
                del p.held_cards[k]
                self._return_card(held)
                return
        raise GameError(f"{p.name} holds no get-out-of-jail card")

    def _return_card(self, held: tuple[str, str]) -> None:
        deck_id, card_id = held
        deck = self.ed.decks[deck_id]
        self.decks[deck_id].append(next(c for c in deck.cards if c.id == card_id))

    def roll(self, n: int):
        """A throw that is not a move (a card's or a court's roll)."""
        r = self.dice.throw(n)
        self.emit("roll", player=self.current.seat if self.current else -1, dice=list(r.dice), extra=True)
        return r

    # ------------------------------------------------------------------ flags (see dsl_extras.py)
    def _clear_move_flags(self, p: Player) -> None:
        for name in [k for k, v in p.flags.items() if v == "next_move"]:
            del p.flags[name]

    def landed(self) -> int | None:
        """The space where the current player's last move this turn ended, or None."""
        return self._landed

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Check the invariants of DESIGN.md property 8; raise `GameError` naming a broken one.

        Money is conserved (players' cash changes only by bank flows); each deed has at most
        one owner, and the owner's records agree; buildings on the board plus in the bank equal
        the supply; building is even and only on whole, unmortgaged groups; no player has
        negative cash; every card is in its deck or held; eliminated players own nothing."""
        total = sum(p.cash for p in self.players) + self.pot()
        expected = self.start_total + self.bank_out - self.bank_in
        if total != expected:
            raise GameError(f"money not conserved: players hold {total}, expected {expected}")
        for p in self.players:
            if p.cash < 0:
                raise GameError(f"{p.name} has negative cash {p.cash}")
            if not p.alive and (p.deeds or p.held_cards):
                raise GameError(f"eliminated {p.name} still owns something")
            for i in p.deeds:
                if self.owner[i] is not p:
                    raise GameError(f"{p.name} lists {self.spaces[i].id} but does not own it")
            for g in self.ed.groups:
                if p.groups[g.index] != sum(1 for j in g.spaces if self.owner[j] is p):
                    raise GameError(f"{p.name}'s count of group {g.id} is wrong")
        for i, o in enumerate(self.owner):
            if o is not None and i not in o.deeds:
                raise GameError(f"{self.spaces[i].id}: owner record disagrees")
            if o is None and (self.level[i] or self.mortgaged[i]):
                raise GameError(f"{self.spaces[i].id}: unowned but built or mortgaged")
        h = self.hotel_level
        on_board_houses = sum(l for l in self.level if l < h)
        on_board_hotels = sum(1 for l in self.level if l == h)
        r = self.rules
        if self.houses is not None and self.houses + on_board_houses != r.houses_supply:
            raise GameError(f"houses: {on_board_houses} on the board + {self.houses} in the bank "
                            f"!= {r.houses_supply}")
        if self.hotels is not None and self.hotels + on_board_hotels != r.hotels_supply:
            raise GameError(f"hotels: {on_board_hotels} on the board + {self.hotels} in the bank "
                            f"!= {r.hotels_supply}")
        for g in self.ed.groups:
            levels = [self.level[j] for j in g.spaces]
            if any(levels):
                if max(levels) - min(levels) > 1:
                    raise GameError(f"group {g.id} is built unevenly: {levels}")
                owners = {self.owner[j] for j in g.spaces}
                if len(owners) != 1 or any(self.mortgaged[j] for j in g.spaces):
                    raise GameError(f"group {g.id} has buildings but is not whole and unmortgaged")
        for deck in self.ed.decks.values():
            held = sum(1 for p in self.players for c in p.held_cards if c[0] == deck.id)
            if len(self.decks[deck.id]) + held != len(deck.cards):
                raise GameError(f"deck {deck.id}: {len(self.decks[deck.id])} in the deck + {held} held "
                                f"!= {len(deck.cards)}")

    def pot(self) -> int:
        """Money lying in the jackpot (house rule), 0 without one."""
        return self.jackpot

    # ------------------------------------------------------------------ results
    def result(self) -> dict:
        """A summary: over, reason, winners (seats), rounds, turns, per-player cash and worth."""
        return {
            "over": self.over, "reason": self.end_reason,
            "winners": [p.seat for p in self.winners], "round": self.round, "turns": self.turns,
            "players": [{"seat": p.seat, "name": p.name, "alive": p.alive, "cash": p.cash,
                         "net_worth": self.net_worth(p) if p.alive else 0} for p in self.players],
        }
