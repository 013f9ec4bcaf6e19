"""The economics of an edition: expected rent per opponent roll and payback of every deed and
building level, from the exact per-roll landing odds (`markov.py`) and the edition's own rent
formulas (`rules.rent`), evaluated on a game position set up for the purpose.

For a street the levels are 'lot' (the owner lacks part of the group), 'group' (the whole group,
no building), then each house and the hotel; for railroads and utilities the number of deeds of
the group the owner holds. A dice-dependent rent (utilities) is averaged over all throws of the
edition's dice. Costs are the printed price plus the buildings (house and hotel costs of the
group). Payback is in opponent rolls (cost / expected rent per opponent roll) and in rounds for
`k` players: each round the `k - 1` opponents roll `rolls_per_turn` times each.

Not modelled (documented in docs/editions/classic.md): card rents (`with rent = 2 * rent`),
mortgages, the building supply, the money a player actually has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..dsl.runtime import Roll
from ..edition.model import Edition
from .markov import LandingOdds, dice_outcomes


@dataclass
class Level:
    """One deed at one level: `rent` expected per landing, `per_roll` expected rent per
    opponent roll, `cost` invested in this deed (price plus its buildings), `payback_rolls`
    (None when it earns nothing), `marginal` the extra rent per roll per unit of money of this
    level's step from the previous one (None for the first level)."""

    name: str
    rent: float
    per_roll: float
    cost: int
    payback_rolls: float | None
    marginal: float | None = None


@dataclass
class DeedEconomics:
    """A deed's levels, with its landing probability per roll."""

    space: str
    group: str | None
    kind: str
    price: int
    p_roll: float
    levels: list[Level] = field(default_factory=list)


@dataclass
class GroupEconomics:
    """A whole group at one level (every lot at that level, or all deeds owned): cost, rent per
    opponent roll, payback in rolls and in rounds by number of players."""

    group: str
    level: str
    cost: int
    per_roll: float
    payback_rolls: float | None
    payback_rounds: dict[int, float | None]


@dataclass
class Economics:
    """The deeds and groups of an edition under one jail policy."""

    edition: str
    jail_policy: str
    rolls_per_turn: float
    players: tuple[int, ...]
    deeds: list[DeedEconomics]
    groups: list[GroupEconomics]

    def to_json(self) -> dict[str, Any]:
        """Plain data for `magie analyze --economics --json`."""
        def r(x: float | None, k: int = 4) -> float | None:
            return None if x is None else round(x, k)
        return {
            "edition": self.edition, "jail_policy": self.jail_policy,
            "rolls_per_turn": round(self.rolls_per_turn, 6), "players": list(self.players),
            "deeds": [{"space": d.space, "group": d.group, "kind": d.kind, "price": d.price,
                       "p_roll": round(d.p_roll, 6),
                       "levels": [{"level": lv.name, "rent": r(lv.rent, 2), "per_roll": r(lv.per_roll),
                                   "cost": lv.cost, "payback_rolls": r(lv.payback_rolls, 1),
                                   "marginal": r(lv.marginal, 6)} for lv in d.levels]}
                      for d in self.deeds],
            "groups": [{"group": g.group, "level": g.level, "cost": g.cost, "per_roll": r(g.per_roll),
                        "payback_rolls": r(g.payback_rolls, 1),
                        "payback_rounds": {str(k): r(v, 1) for k, v in g.payback_rounds.items()}}
                       for g in self.groups],
        }


class _Position:
    """A game with the deeds of one group held by seat 0, to evaluate rent formulas on."""

    def __init__(self, ed: Edition):
        from ..agents import make_bot
        from ..game.game import Game
        self.g = Game(ed, [(f"p{i}", make_bot("basic", 0, i)) for i in range(ed.players_min)],
                      seed=0, deal=False, start=False)
        self.owner, self.payer = self.g.players[0], self.g.players[1]
        self.throws = [(Roll((t,), t, d), p) for t, d, p in dice_outcomes(ed.dice_count, ed.dice_sides)]

    def hold(self, spaces: tuple[int, ...] | list[int], level: int = 0) -> None:
        for i in range(len(self.g.spaces)):
            if self.g.owner[i] is not None:
                self.g.set_owner(i, None)
            self.g.level[i] = 0
        for i in spaces:
            self.g.set_owner(i, self.owner)
            self.g.level[i] = level

    def rent(self, i: int) -> float:
        fn = self.g.rules.rent_formulas.get(self.g.spaces[i].kind)
        if fn is None:
            return 0.0
        rents = [(fn(self.g, self.payer, i, self.owner, roll), p) for roll, p in self.throws]
        if all(r == rents[0][0] for r, _ in rents):
            return float(rents[0][0])      # the rent does not depend on the throw: exact
        return sum(r * p for r, p in rents)


def economics(ed: Edition, odds: LandingOdds) -> Economics:
    """The economics of `ed` with the per-roll odds `odds` (of the same edition)."""
    pos = _Position(ed)
    players = tuple(range(2, ed.players_max + 1))
    hotel = ed.rules.houses_before_hotel + 1
    deeds: list[DeedEconomics] = []
    groups: list[GroupEconomics] = []

    def rounds(rolls: float | None) -> dict[int, float | None]:
        return {k: (None if rolls is None else rolls / ((k - 1) * odds.rolls_per_turn)) for k in players}

    def payback(cost: int, per_roll: float) -> float | None:
        return cost / per_roll if per_roll > 0 else None

    for grp in ed.groups:
        lots = grp.spaces
        if not lots:
            continue
        group_rows: list[tuple[str, int, float]] = []
        per_space: dict[int, DeedEconomics] = {}
        for i in lots:
            sp = ed.spaces[i]
            per_space[i] = DeedEconomics(space=sp.id, group=grp.id, kind=sp.kind, price=sp.price,
                                         p_roll=odds.per_roll.get(sp.id, 0.0))
        if grp.buildable and all(ed.spaces[i].kind == "street" for i in lots):
            names = ["lot", "group"] + [f"{h} house{'s' if h > 1 else ''}" for h in range(1, hotel)] + ["hotel"]
            for li, name in enumerate(names):
                level = max(0, li - 1)
                houses = min(level, hotel - 1)
                build_cost = houses * grp.house_cost + (grp.hotel_cost if level == hotel else 0)
                g_cost, g_per_roll = 0, 0.0
                if li > 0:
                    pos.hold(lots, level)
                for i in lots:
                    d = per_space[i]
                    if li == 0:            # the owner holds this lot alone
                        pos.hold((i,), 0)
                    rent = pos.rent(i)
                    cost = d.price + build_cost
                    per_roll = d.p_roll * rent
                    prev = d.levels[-1] if d.levels else None
                    marginal = None
                    if prev is not None and cost > prev.cost:
                        marginal = (per_roll - prev.per_roll) / (cost - prev.cost)
                    d.levels.append(Level(name, rent, per_roll, cost, payback(cost, per_roll), marginal))
                    g_cost += cost
                    g_per_roll += per_roll
                if li > 0:
                    group_rows.append((name, g_cost, g_per_roll))
        else:
            for count in range(1, len(lots) + 1):
                name = f"{count} of {len(lots)}"
                for i in lots:
                    d = per_space[i]
                    # this deed's rent when its owner holds `count` of the group (it among them)
                    pos.hold([i] + [j for j in lots if j != i][:count - 1])
                    rent = pos.rent(i)
                    per_roll = d.p_roll * rent
                    d.levels.append(Level(name, rent, per_roll, d.price, payback(d.price, per_roll)))
            pos.hold(lots)
            all_cost = sum(ed.spaces[i].price for i in lots)
            all_per_roll = sum(per_space[i].levels[-1].per_roll for i in lots)
            group_rows.append((f"all {len(lots)}", all_cost, all_per_roll))
        deeds.extend(per_space[i] for i in lots)
        for name, cost, per_roll in group_rows:
            pb = payback(cost, per_roll)
            groups.append(GroupEconomics(grp.id, name, cost, per_roll, pb, rounds(pb)))
    return Economics(edition=ed.id, jail_policy=odds.jail_policy, rolls_per_turn=odds.rolls_per_turn,
                     players=players, deeds=deeds, groups=groups)


def best_marginal_level(d: DeedEconomics) -> str | None:
    """The building step with the highest extra rent per unit of money (e.g. '3 houses')."""
    steps = [lv for lv in d.levels if lv.marginal is not None]
    return max(steps, key=lambda lv: lv.marginal or 0.0).name if steps else None


def fastest_groups(econ: Economics, level: str) -> list[GroupEconomics]:
    """Groups at `level` (e.g. '3 houses'), fastest payback first."""
    rows = [g for g in econ.groups if g.level == level and g.payback_rolls is not None]
    return sorted(rows, key=lambda g: g.payback_rolls or 0.0)

