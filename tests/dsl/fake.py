"""A small fake of `GameRuntime` (engine/dsl/runtime.py) for running compiled DSL in tests.

It keeps real state (cash, positions, owners, buildings, flags), applies payments, moves and
laps simply but faithfully, and records every call in `calls` so tests can assert exactly what an
effect did. Dice come from a queue given by the test (`dice=[3, 3, 5]`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from magie.engine.dsl.runtime import Roll


@dataclass(eq=False)
class FakePlayer:
    seat: int
    cash: int = 1500
    pos: int = 0
    in_jail: bool = False
    alive: bool = True
    laps: int = 0
    loans: list = field(default_factory=list)
    role: str | None = None

    def __repr__(self) -> str:
        return f"P{self.seat}"


@dataclass(frozen=True)
class FakeSpace:
    index: int
    id: str
    kind: str
    group: str | None = None
    price: int = 0
    mortgage: int = 0
    rent: tuple = ()
    house_cost: int = 0
    hotel_cost: int = 0
    rent_tables: tuple = ()


def spaces_from_tree(tree: dict) -> list[FakeSpace]:
    """The board of an edition tree as `FakeSpace`s (house costs from the groups)."""
    groups = {g["id"]: g for g in tree.get("groups", [])}
    out = []
    for i, s in enumerate(tree["board"]):
        g = groups.get(s.get("group"), {})
        out.append(FakeSpace(i, s["id"], s["kind"], s.get("group"), s.get("price", 0),
                             s.get("mortgage", 0), tuple(s.get("rent", ())),
                             g.get("house_cost", 0), g.get("hotel_cost", 0)))
    return out


class FakeGame:
    """Implements every member of `GameRuntime`. `calls` records (name, *arguments), players
    given as seats and the bank as None."""

    HOUSES_BEFORE_HOTEL = 4

    def __init__(self, spaces: list[FakeSpace], players: int = 3, cash: int = 1500,
                 dice=(), salary: int = 200):
        self.spaces = spaces
        self.owner = [None] * len(spaces)
        self.level = [0] * len(spaces)
        self.mortgaged = [False] * len(spaces)
        self.round = 1
        self.bankruptcies = 0
        self.players = [FakePlayer(i, cash) for i in range(players)]
        self.dice = list(dice)
        self.salary = salary
        self.calls: list[tuple] = []
        self.flags: dict[tuple, str] = {}
        self.counters: dict[tuple, int] = {}
        self.answers: list[str] = []             # labels `choose` returns, in turn
        self.buy_offers = True                   # accept `offer buy`
        self.kept: list[tuple[int, str, str]] = []
        self.last_landed: int | None = None
        self.build_choice: int | None = None     # lot to build on when offered (None: decline)
        self.normal_rent = lambda space, dice: self.spaces[space].rent[0] if self.spaces[space].rent else 0

    # ---- helpers
    def seat(self, p):
        return None if p is None else p.seat

    def index_of(self, space_id: str) -> int:
        return next(s.index for s in self.spaces if s.id == space_id)

    # ---- money
    def pay(self, payer, payee, amount, reason):
        assert isinstance(amount, int) and not isinstance(amount, bool) and amount >= 0, amount
        self.calls.append(("pay", self.seat(payer), self.seat(payee), amount, reason))
        self._transfer(payer, payee, amount)

    def _transfer(self, payer, payee, amount):
        if payer is not None:
            if payer.cash < amount:
                amount = payer.cash
                payer.cash = 0
                payer.alive = False
                self.bankruptcies += 1
            else:
                payer.cash -= amount
        if payee is not None:
            payee.cash += amount

    def pay_each_other(self, payer, amount, reason):
        self.calls.append(("pay_each_other", payer.seat, amount, reason))
        for o in self.others(payer):
            if payer.alive:
                self._transfer(payer, o, amount)

    def collect_each_other(self, payee, amount, reason):
        self.calls.append(("collect_each_other", payee.seat, amount, reason))
        for o in self.others(payee):
            self._transfer(o, payee, amount)

    # ---- movement
    def move_to(self, p, space, *, forward=True, salary=None, rent=None, dice=None):
        self.calls.append(("move_to", p.seat, space, forward, salary, rent is not None, dice))
        lap = forward and (space <= p.pos)
        self._arrive(p, space, lap, salary, rent, dice)

    def move_by(self, p, steps, *, salary=None, rent=None, dice=None):
        self.calls.append(("move_by", p.seat, steps, salary, rent is not None, dice))
        n = len(self.spaces)
        lap = steps > 0 and p.pos + steps >= n
        self._arrive(p, (p.pos + steps) % n, lap, salary, rent, dice)

    def _arrive(self, p, space, lap, salary, rent, dice):
        if lap:
            self._transfer(None, p, self.salary if salary is None else salary)
        p.pos = space
        self.last_landed = space
        owner = self.owner[space]
        self.last_override = rent
        if owner is not None and owner is not p and not self.mortgaged[space]:
            if rent is not None and not rent.needs_rent:
                due = rent(0)                  # the override ignores the normal rent
            else:
                normal = self.normal_rent(space, dice() if callable(dice) else dice)
                due = rent(normal) if rent is not None else normal
            self.calls.append(("rent", p.seat, owner.seat, due))
            self._transfer(p, owner, due)

    def nearest(self, p, kind=None, group=None):
        n = len(self.spaces)
        for k in range(1, n + 1):
            s = self.spaces[(p.pos + k) % n]
            if (kind is not None and s.kind == kind) or (group is not None and s.group == group):
                return s.index
        raise AssertionError("no such space")

    def go_to_jail(self, p):
        self.calls.append(("go_to_jail", p.seat))
        p.pos = next(s.index for s in self.spaces if s.kind == "jail")
        p.in_jail = True

    # ---- cards and dice
    def keep_card(self, p, card, use):
        self.calls.append(("keep_card", p.seat, card, use))
        self.kept.append((p.seat, card, use))

    def draw(self, p, deck):
        self.calls.append(("draw", p.seat, deck))

    def roll(self, n):
        faces = tuple(self.dice.pop(0) for _ in range(n))
        self.calls.append(("roll", n, faces))
        return Roll(faces, sum(faces), n >= 2 and len(set(faces)) == 1)

    # ---- flags and counters (a target is a player or a space index)
    @staticmethod
    def _key(x):
        return ("space", x) if isinstance(x, int) else x.seat

    def set_flag(self, p, name, until, count=0):
        self.calls.append(("set_flag", self._key(p), name, until) + ((count,) if count else ()))
        self.flags[(self._key(p), name)] = until

    def clear_flag(self, p, name):
        self.calls.append(("clear_flag", self._key(p), name))
        self.flags.pop((self._key(p), name), None)

    def has_flag(self, p, name):
        return (self._key(p), name) in self.flags

    def use_flag(self, p, name):
        self.calls.append(("use_flag", self._key(p), name))
        return self.flags.pop((self._key(p), name), None) is not None

    def add_counter(self, p, name, amount):
        self.calls.append(("add_counter", self._key(p), name, amount))
        key = (self._key(p), name)
        self.counters[key] = self.counters.get(key, 0) + amount

    def clear_counter(self, p, name):
        self.calls.append(("clear_counter", self._key(p), name))
        self.counters.pop((self._key(p), name), None)

    def counter(self, p, name):
        return self.counters.get((self._key(p), name), 0)

    # ---- choices, offers, jail, kept cards
    def choose(self, p, options, hint, source):
        """Takes `self.answers` in turn (a label), else the bot hint, else the first option."""
        self.calls.append(("choose", p.seat, tuple(options), hint, source))
        if not options:
            return None
        if self.answers:
            return self.answers.pop(0)
        return hint if hint is not None else options[0]

    def offer_buy(self, p, space, price):
        self.calls.append(("offer_buy", p.seat, space, price))
        if self.owner[space] is None and self.buy_offers:
            self._transfer(p, None, price)
            self.owner[space] = p

    def release(self, p):
        self.calls.append(("release", p.seat))
        p.in_jail = False

    def discard_kept(self, p, use):
        self.calls.append(("discard_kept", p.seat, use))

    def rent_due(self, p, space):
        return 7

    def cards_in(self, deck):
        return 3

    def unowned_deeds(self):
        return sum(1 for s in self.spaces if s.price > 0 and self.owner[s.index] is None)

    def built_of(self, p, kind):
        self.calls.append(("built_of", p.seat, kind))
        return 2

    def holds(self, p, use):
        return sum(1 for seat, _, u in self.kept if seat == p.seat and u == use)

    # ---- sets
    def group_ids(self):
        return list(dict.fromkeys(s.group for s in self.spaces if s.group))

    def spaces_of(self, kind):
        if kind is None:
            return [s.index for s in self.spaces]
        if kind == "deed":
            return [s.index for s in self.spaces if s.price > 0]
        return [s.index for s in self.spaces if s.kind == kind]

    def ahead(self, p, kind=None):
        n = len(self.spaces)
        every = [(p.pos + k) % n for k in range(1, n + 1)]
        return [i for i in every if kind is None or i in self.spaces_of(kind)]

    # ---- property
    def offer_build(self, p, cost):
        lots = [s.index for s in self.spaces if self.owner[s.index] is p and s.kind == "street"
                and self.level[s.index] < self.HOUSES_BEFORE_HOTEL]
        prices = {i: cost(i) for i in lots}
        self.calls.append(("offer_build", p.seat, prices))
        if self.build_choice in prices:
            self._transfer(p, None, prices[self.build_choice])
            self.level[self.build_choice] += 1

    def transfer_deed(self, space, to):
        self.calls.append(("transfer_deed", space, to.seat))
        self.owner[space] = to

    # ---- queries on players
    def others(self, p):
        n = len(self.players)
        return [self.players[(p.seat + k) % n] for k in range(1, n)
                if self.players[(p.seat + k) % n].alive]

    def alive_players(self):
        return [q for q in self.players if q.alive]

    def _lots(self, p):
        return [s for s in self.spaces if self.owner[s.index] is p]

    def houses_of(self, p):
        return sum(self.level[s.index] for s in self._lots(p)
                   if self.level[s.index] <= self.HOUSES_BEFORE_HOTEL)

    def hotels_of(self, p):
        return sum(1 for s in self._lots(p) if self.level[s.index] > self.HOUSES_BEFORE_HOTEL)

    def deeds_of(self, p):
        return len(self._lots(p))

    def deed_prices(self, p):
        return sum(s.price for s in self._lots(p))

    def mortgaged_prices(self, p):
        return sum(s.price for s in self._lots(p) if self.mortgaged[s.index])

    def building_costs(self, p):
        return sum(self.level[s.index] * s.house_cost for s in self._lots(p))

    def industries(self, p):
        return len({s.group for s in self._lots(p) if s.group})

    def monopolies(self, p):
        return sum(1 for g in {s.group for s in self._lots(p) if s.group}
                   if self.owned_in_group(p, g) == self._group_size(g))

    def net_worth(self, p):
        return p.cash + self.deed_prices(p)

    def owned_in_group(self, p, group):
        return sum(1 for s in self._lots(p) if s.group == group)

    def completes_group(self, p, space):
        g = self.spaces[space].group
        owned = self.owned_in_group(p, g) + (0 if self.owner[space] is p else 1)
        return owned == self._group_size(g)

    # ---- queries for rent formulas
    def rent_table(self, space, payer, owner):
        return self.spaces[space].rent

    def rent_level(self, space):
        return min(self.level[space], len(self.spaces[space].rent) - 1)

    def _group_size(self, g):
        return sum(1 for s in self.spaces if s.group == g)

    def group_mortgaged(self, space):
        g = self.spaces[space].group
        return any(self.mortgaged[s.index] for s in self.spaces if s.group == g)

    def group_built(self, space):
        g = self.spaces[space].group
        return any(self.level[s.index] for s in self.spaces if s.group == g)

    def group_size(self, space):
        return self._group_size(self.spaces[space].group)

    # ---- game-level queries
    def max_net_worth(self):
        return max(self.net_worth(p) for p in self.alive_players())

    def max_cash(self):
        return max(p.cash for p in self.alive_players())

    def min_cash(self):
        return min(p.cash for p in self.alive_players())

    def max_laps(self):
        return max(p.laps for p in self.alive_players())

    def min_laps(self):
        return min(p.laps for p in self.alive_players())

    treasury = 0

    def pay_treasury(self, payer, amount, reason):
        self.calls.append(("pay_treasury", payer.seat, amount, reason))

    def treasury_pays(self, payee, amount, reason):
        self.calls.append(("treasury_pays", None if payee is None else payee.seat, amount, reason))

    def landed(self):
        return self.last_landed
