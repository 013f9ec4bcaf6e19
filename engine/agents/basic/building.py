"""The basic bot's building planner: the lots it builds on evenly (its whole groups, and lots
built on from majority ownership or alone), the next build or mortgage lift worth its cash, and
the builds between other players' turns. All money is integer units of the edition's currency."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...game.decisions import DONE
from ...game.player import NO_WAKE
from .board import ASK, INF, UNTIL_CHANGED, UNTIL_WHOLE, Lots, board_of
from .trading import Trading

if TYPE_CHECKING:
    from ...edition.model import Edition, Rung
    from ...game.game import Game
    from ...game.player import Player

Step = tuple[int, tuple[str, int]]
"""One candidate of the plan: (cash to spare it needs, the action: ('build' | 'unmortgage', space))."""


class Plan:
    """`_develop`'s candidates (`Building._steps`) with what they were worked out from: `board`
    the game's `owner` list, `version` the player's version, `whole` the bot's `_whole`; `steps`,
    `lowest` the least cash to spare of any (INF: none), `where` the index in `whole` each step is
    of (-1: a mortgaged deed outside them). Filled in place."""

    __slots__ = ("board", "version", "whole", "steps", "lowest", "where")

    def __init__(self) -> None:
        self.board: object = None
        self.version = -1
        self.whole: list[Lots] | tuple[Lots, ...] | None = None
        self.steps: tuple[Step, ...] = ()
        self.lowest = INF
        self.where: tuple[int, ...] = ()


class LastBuild:
    """The last build the bot answered (`Building._develop`): the plan's `version`, the `step`
    index in it, the `lot` and its `level` then (-1: none yet)."""

    __slots__ = ("version", "step", "lot", "level")

    def __init__(self) -> None:
        self.version = -1
        self.step = 0
        self.lot = 0
        self.level = 0


class LiftCosts(dict[int, int]):
    """What lifting each mortgage costs (space -> money) in the game whose `owner` list is
    `board`, under `rules`; filled on use by `Building._steps`."""

    def __init__(self, board: object, rules: object) -> None:
        super().__init__()
        self.board = board
        self.rules = rules


class Building(Trading):
    """The basic bot's building (see the module docstring)."""

    def __init__(self, seed: int = 0, name: str = "basic", claim_attention: float = 1.0) -> None:
        super().__init__(seed, name, claim_attention)
        self._pver = -1        # the player's version when _trigger was computed
        self._trigger = 0      # cash from which developing is worth a look
        self._whole: list[Lots] | tuple[Lots, ...] = []  # the sets of lots the player builds on (as of _wver)
        self._shares = False   # some of _whole may be lots of a group not held whole (majority, single lots)
        self._wver = -1        # the deeds version when _whole was computed
        self._wdeeds: frozenset[int] = frozenset()   # the player's deeds then (lots held by shares)
        self._wboard: object = None                   # and the game's `owner` list then
        self._idle_quiet = UNTIL_CHANGED  # idle's answer between turns while _whole is empty (_refresh)
        self._mask = 0         # the bits (1 << space) of the lots in _whole
        self._plan = Plan()
        self._built = LastBuild()
        self._lift = LiftCosts(None, None)

    SHORTAGE: ClassVar[int] = 6
    """Houses left in the bank at which the bot builds between turns wherever it can."""

    def _refresh(self, game: Game, p: Player) -> None:
        """Forget the cash trigger when `p` changed, and recompute the lots it builds on when
        ownership changed (whole groups change only then)."""
        if p.version != self._pver:
            self._pver = p.version
            self._trigger = 0
            if game.deeds_version != self._wver:
                self._wver = game.deeds_version
                b = board_of(game.ed)
                self._shares = bool(b.majority or b.single)
                if self._shares:
                    if self._wboard is game.owner and not self._lots_moved(game, p):
                        return
                    self._wboard, self._wdeeds = game.owner, frozenset(p.deeds)
                    whole = self._whole_groups(game, p)
                    self._idle_quiet = UNTIL_CHANGED
                else:           # the whole groups alone: they follow the counts
                    whole = self._groups_of(game, p)[1]
                    self._idle_quiet = UNTIL_WHOLE
                    if whole is self._whole:
                        return
                self._whole = whole
                mask = 0
                for lots in whole:
                    for j in lots:
                        mask |= 1 << j
                self._mask = mask

    def _lots_moved(self, game: Game, p: Player) -> bool:
        """Might `_whole_groups` give other lots than when `_whole` was worked out, `p`'s deeds
        then being `_wdeeds`? Only where a deed that came or went is of a group `p` holds (or
        held) enough of to build on (`_build_counts`). Keeps `_wdeeds` up to date when not."""
        old = self._wdeeds
        if p.deeds == old:
            return False
        need = game.ed.shared("basic_build_counts", lambda: _build_counts(game.ed))
        held = p.groups
        spaces = game.spaces
        gone = len(old - p.deeds)       # a group held before may hold as many more as went
        for j in p.deeds ^ old:
            gi = spaces[j].group_index
            if gi >= 0 and held[gi] + gone >= need[gi]:
                return True
        self._wdeeds = frozenset(p.deeds)
        return False

    def _between_turns(self, game: Game, p: Player, dry: bool = False) -> Any:
        """In the interval between other players' turns ([000], rules.between_turns): build only
        where building now rather than on its own turn pays: the next player's throw may land on
        one of its whole groups (dice_count to dice_count x sides steps ahead), or the bank's
        houses are running short (at most SHORTAGE left: another player could take them first).
        It neither trades nor lifts mortgages there (its own turn does those as well). A `dry`
        run (idle) answers `ASK` where a build would need the window's check."""
        if p.version != self._pver:
            self._refresh(game, p)
        if not self._whole or p.cash < self._trigger:
            return DONE
        houses = game.stock.get("house")
        if not (houses is not None and houses <= self.SHORTAGE):
            if not self._mask & board_of(game.ed).reach[game.order[game.turn_idx].pos]:
                return DONE
        act, trigger = self._develop(game, p, None if dry else "between_turns")
        if act is ASK:
            return ASK
        if act is None or act[0] != "build":
            self._trigger = trigger if act is None else self._trigger
            return DONE
        return act

    def _develop(self, game: Game, p: Player, window: str | None) -> tuple[Any, int]:
        """The next build or unmortgage worth doing, or (None, the cash at which one would be;
        NO_WAKE: none until the plan changes with `p`'s holdings).
        With no window (a dry run) an affordable build is (`ASK`, 0): its check needs the window.
        The candidates, in order: for each set of lots of `_whole`, its first mortgaged lot to
        lift, else the next even build; then each mortgaged deed of `p` to lift with twice its
        cost to spare (`_steps`)."""
        plan = self._plan
        if plan.version != p.version or plan.board is not game.owner or plan.whole is not self._whole:
            if not self._whole and not any(game.mortgaged):   # (any: a truth test a lot, not a comparison)
                return None, NO_WAKE    # no candidate: _steps would find none (the plan is left as it was)
            b = self._built
            if (b.version == plan.version and plan.version + 1 == p.version and plan.board is game.owner
                    and plan.whole is self._whole and game.level[b.lot] == b.level + 1):
                self._after_build(game, p, plan, b.step)
            else:
                plan.steps, plan.where, plan.lowest = self._steps(game, p)
                plan.board, plan.version, plan.whole = game.owner, p.version, self._whole
        if plan.lowest == INF:         # no candidate (the reserve does not matter)
            return None, NO_WAKE   # (as a cash trigger: a one-digit int, compared on CPython's fast path)
        reserve = self._reserve(game)
        spare = p.cash - reserve
        if spare < plan.lowest:    # nothing affordable: the loop below would find the same
            return None, plan.lowest + reserve
        trigger = INF
        k = 0
        for need, act in plan.steps:
            if need <= spare:
                if act[0] == "unmortgage":
                    return act, 0
                if window is None:
                    return ASK, 0
                j = act[1]
                if game.build_problem(p, j, window) is None:
                    b = self._built
                    b.version, b.step, b.lot, b.level = plan.version, k, j, game.level[j]
                    return act, 0
                trigger = 0      # blocked by a limit or the supply: look again next time
            elif need + reserve < trigger:
                trigger = need + reserve
            k += 1
        return None, trigger

    def _steps(self, game: Game, p: Player) -> tuple[tuple[Step, ...], tuple[int, ...], int]:
        """`_develop`'s candidates as (cash to spare, action), the index in `_whole` of the lots
        each is of (-1: a mortgaged deed outside them), and the least cash to spare of any (INF:
        none); they change only with `p`'s version (its deeds, levels and mortgages) and `_whole`."""
        out = []
        where = []
        lowest = INF
        level = game.level
        mortgaged = game.mortgaged
        spaces = game.spaces
        shares = self._shares
        t = 0
        for lots in self._whole:
            low = INF
            j = -1
            for k in lots:
                if mortgaged[k]:
                    cost = self._lift_cost(game, k)
                    out.append((cost, ("unmortgage", k)))
                    where.append(t)
                    if cost < lowest:
                        lowest = cost
                    break
                if level[k] < low:
                    low = level[k]
                    j = k
            else:
                ladder = spaces[lots[0]].ladder
                if low < len(ladder) and (not shares or self._may_climb(game, p, lots, ladder[low])):
                    cost = ladder[low].cost
                    out.append((cost, ("build", j)))
                    where.append(t)
                    if cost < lowest:
                        lowest = cost
            t += 1
        if any(mortgaged):         # (a scan in C: most of a game has no mortgage at all)
            for i in p.deeds:
                if mortgaged[i]:
                    cost = self._lift_cost(game, i) * 2
                    out.append((cost, ("unmortgage", i)))
                    where.append(-1)
                    if cost < lowest:
                        lowest = cost
        return tuple(out), tuple(where), lowest

    def _after_build(self, game: Game, p: Player, plan: Plan, k: int) -> None:
        """Bring `plan` up to date, in place, after the build of its step `k` and nothing else
        (the player's version moved by one, the lot's level by one): only that step's lots have a
        new next build (none of them is mortgaged: the step was a build), so only that step is
        worked out again."""
        steps, where = plan.steps, plan.where
        lots = self._whole[where[k]]
        level = game.level
        low = INF
        j = -1
        for x in lots:
            if level[x] < low:
                low = level[x]
                j = x
        ladder = game.spaces[lots[0]].ladder
        if low < len(ladder) and (not self._shares or self._may_climb(game, p, lots, ladder[low])):
            steps = steps[:k] + ((ladder[low].cost, ("build", j)),) + steps[k + 1:]
        else:
            steps = steps[:k] + steps[k + 1:]
            plan.where = where[:k] + where[k + 1:]
        # (a step's need first: the least of the steps in C, ties settled by the actions' order)
        plan.version, plan.steps, plan.lowest = p.version, steps, min(steps)[0] if steps else INF

    @staticmethod
    def _may_climb(game: Game, p: Player, lots: Lots, rung: Rung) -> bool:
        """May `p`'s lots `lots` of one group take `rung` as far as the share of the group it
        needs goes (buildings.build_problem's test)? Not a level that needs the whole group (as
        the top of a ladder may) on a group `p` holds by majority: the check would refuse it at every
        look while the group stays split (the other checks, supply and cash, are the window's)."""
        if rung.owned != "all":
            return True
        gi = game.spaces[lots[0]].group_index
        return p.groups[gi] >= len(game.ed.groups[gi].spaces)

    def _lift_cost(self, game: Game, i: int) -> int:
        """`game.unmortgage_cost(i)`, memoised for the game's rules (`_lift_costs`)."""
        lift = self._lift_costs(game)
        cost = lift.get(i)
        if cost is None:
            cost = lift[i] = game.unmortgage_cost(i)
        return cost

    def _lift_costs(self, game: Game) -> LiftCosts:
        """`game.unmortgage_cost(i)` by space, memoised for the game's rules (it reads only them
        and the deed)."""
        c = self._lift
        if c.board is not game.owner or c.rules is not game.rules:
            c = self._lift = LiftCosts(game.owner, game.rules)
        return c

    def _whole_groups(self, game: Game, p: Player) -> list[Lots] | tuple[Lots, ...]:
        """The sets of lots `p` builds on evenly: the buildable groups it owns whole, then its
        lots of groups it may build on from majority ownership, then each deed that takes a
        building of its own (the ladders' `owned` share)."""
        b = board_of(game.ed)
        whole = self._groups_of(game, p)[1]
        if b.majority or b.single:
            return list(whole) + self._majority_lots(game, p) + self._single_lots(game, p)
        return whole

    @staticmethod
    def _majority_lots(game: Game, p: Player) -> list[Lots]:
        """`p`'s lots of each group it holds all but one of, where the ladder's first level
        needs only that (building from majority ownership, a ladder with `owned: all_but_one`)."""
        pg = p.groups
        owner = game.owner
        groups = game.ed.groups
        return [tuple(j for j in groups[gi].spaces if owner[j] is p)
                for gi, need in board_of(game.ed).majority if pg[gi] == need and need > 0]

    @staticmethod
    def _single_lots(game: Game, p: Player) -> list[Lots]:
        """Each deed of `p` whose ladder needs no other deed of the group (`owned: any`, as a
        building on a railroad): built on its own."""
        return [(i,) for i in sorted(p.deeds & board_of(game.ed).single)]


def _build_counts(ed: Edition) -> list[int]:
    """For each group (by index), how many of its deeds a player needs before any of them are
    lots of `Building._whole_groups`: all (a whole group), all but one (a ladder whose first
    level needs that, building from majority ownership), none (each deed built on alone), or
    more than any group has where the group takes no buildings."""
    out = []
    for grp in ed.groups:
        owned = grp.ladder[0].owned if grp.ladder else None
        size = len(grp.spaces)
        out.append(INF if owned is None else 0 if owned == "any" else size - 1 if owned == "all_but_one"
                   else size)
    return out
