"""The manage window: building, selling, mortgaging, trading and edition actions between rolls,
and the same actions (those that raise money) while a player is in debt.

`legal_actions` lists every legal action (for humans and the random bot); `check_action`
checks one answer and raises `IllegalDecision` with the reason; `apply_action` carries it out.
Windows: 'before_roll' (start of the turn), 'after_landing' (after each landing; it also counts
as before the next roll when doubles give one), 'raise' (in debt).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import IllegalDecision
from .decisions import BANKRUPT, DONE, Decision, TradeOffer

if TYPE_CHECKING:
    from .state import Player

MAX_ACTIONS_PER_WINDOW = 500
"""A safety net against an agent that never says done."""


class ManageMixin:
    """Manage windows for `Game`."""

    def _manage(self, p: Player, window: str) -> None:
        """Offer `p` the manage window until they answer done. An agent with a `windows(game)`
        method is asked only in the windows it names (bots that never act before rolling)."""
        if window not in self._windows[p.seat]:
            return
        for _ in range(MAX_ACTIONS_PER_WINDOW):
            if not p.alive or self.over:
                return
            action = self.ask(Decision.of("manage", p, None, self,
                                          {"window": window, "more_rolls": self._more_rolls}))
            if action is DONE or action[0] == "done":
                return
            self.apply_action(p, action, window)

    def legal_actions(self, p: Player, window: str) -> list[tuple]:
        """Every legal action for `p` in `window`, then ('done',); in debt ('raise'), no done, and
        ('bankrupt',) only when everything `p` has cannot pay the debt."""
        acts: list[tuple] = []
        raising = window == "raise"
        for i in sorted(p.deeds):
            if not raising and self.build_problem(p, i, window) is None:
                acts.append(("build", i))
            if self.level[i] and self.sell_problem(p, i) is None:
                acts.append(("sell", i))
            if not self.mortgaged[i] and self.mortgage_problem(p, i) is None:
                acts.append(("mortgage", i))
            if not raising and self.mortgaged[i] and p.cash >= self.unmortgage_cost(i):
                acts.append(("unmortgage", i))
            if self.rules.bank_buys_percent is not None and self.sell_deed_problem(p, i) is None:
                acts.append(("sell_deed", i))
        for g in self.ed.groups:
            if g.buildable and any(self.level[j] for j in g.spaces) and self.owner[g.spaces[0]] is p:
                acts.append(("sell_all", g.id))
        if not raising and self.playable_cards:
            for held in self.playable(p, window):
                acts.append(("play",) + held)
        if not raising:
            for a in self.ed.actions:
                for target in self._action_targets(a):
                    if self.action_problem(p, a, target) is None:
                        acts.append(("act", a.id, target))
        if not raising:
            acts.append(DONE)
        elif p.cash + self.liquidation_value(p) < self._debt_amount:
            acts.append(BANKRUPT)
        return acts

    def check_action(self, p: Player, action: Any, window: str) -> None:
        """Raise `IllegalDecision` unless `action` is legal for `p` in `window`."""
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise IllegalDecision(f"an action is a tuple like ('build', space), not {action!r}")
        kind = action[0]
        raising = window == "raise"
        if kind == "done":
            if raising:
                raise IllegalDecision("you are in debt: raise the money (sell, mortgage) first")
            return
        if kind == "bankrupt":
            if not raising:
                raise IllegalDecision("bankruptcy is declared only when a debt cannot be paid")
            amount = self._debt_amount
            if p.cash + self.liquidation_value(p) >= amount:
                raise IllegalDecision(f"you can still raise {amount}: sell buildings or mortgage")
            return
        if kind == "trade":
            if len(action) != 2 or not isinstance(action[1], TradeOffer):
                raise IllegalDecision("a trade is ('trade', TradeOffer)")
            if action[1].proposer != p.seat:
                raise IllegalDecision("a player proposes trades of their own: the proposer must be "
                                      f"{p.name} (seat {p.seat})")
            problem = self.trade_problem(action[1], window)
        elif kind == "act":
            if len(action) != 3:
                raise IllegalDecision("an edition action is ('act', action_id, target)")
            a = self._action_by_id(action[1])
            problem = self.action_problem(p, a, action[2]) if a else f"no action {action[1]!r}"
            if raising and a:
                problem = "edition actions are not allowed while in debt"
        elif kind == "play":
            problem = None if raising is False and action[1:] in self.playable(p, window) else \
                f"{p.name} cannot play {action[1:]!r} now"
        elif kind == "sell_all":
            g = self.ed.group_by_id.get(action[1]) if len(action) == 2 else None
            if g is None:
                problem = f"no group {action[1:]!r}"
            elif self.owner[g.spaces[0]] is not p or not any(self.level[j] for j in g.spaces):
                problem = f"{p.name} has no buildings on group {g.id}"
            else:
                problem = None
        elif kind in ("build", "sell", "mortgage", "unmortgage", "sell_deed"):
            if len(action) != 2 or not isinstance(action[1], int) or not 0 <= action[1] < self.n:
                raise IllegalDecision(f"{kind} takes a space index, not {action[1:]!r}")
            i = action[1]
            if kind == "build":
                problem = "no building while in debt" if raising else self.build_problem(p, i, window)
            elif kind == "sell":
                problem = self.sell_problem(p, i)
            elif kind == "mortgage":
                problem = self.mortgage_problem(p, i)
            elif kind == "unmortgage":
                problem = ("no unmortgaging while in debt" if raising
                           else self.unmortgage_problem(p, i))
            else:
                problem = self.sell_deed_problem(p, i)
        else:
            raise IllegalDecision(f"unknown action {kind!r}")
        if problem:
            raise IllegalDecision(problem)

    def apply_action(self, p: Player, action: tuple, window: str) -> None:
        """Carry out a checked action."""
        kind = action[0]
        if kind == "build":
            self.request_building(p, action[1], window)
        elif kind == "sell":
            self.sell_building(p, action[1])
        elif kind == "sell_all":
            self.sell_all(p, self.ed.group_by_id[action[1]].index)
        elif kind == "mortgage":
            self.mortgage(p, action[1])
        elif kind == "unmortgage":
            self.unmortgage(p, action[1])
        elif kind == "sell_deed":
            self.sell_deed(p, action[1])
        elif kind == "trade":
            self.propose_trade(action[1])
        elif kind == "act":
            self.run_action(p, self._action_by_id(action[1]), action[2])
        elif kind == "play":
            self.play_card(p, (action[1], action[2]))

    @property
    def _debt_amount(self) -> int:
        return self._debt or 0

    def unmortgage_problem(self, p: Player, i: int) -> str | None:
        """Why `p` may not lift the mortgage on `i` now, or None."""
        if self.owner[i] is not p:
            return f"{p.name} does not own {self.spaces[i].id}"
        if not self.mortgaged[i]:
            return f"{self.spaces[i].id} is not mortgaged"
        cost = self.unmortgage_cost(i)
        if p.cash < cost:
            return f"lifting the mortgage costs {cost}; {p.name} has {p.cash}"
        return None

    def sell_deed_problem(self, p: Player, i: int) -> str | None:
        """Why `p` may not sell the deed of `i` to the bank now, or None."""
        if self.rules.bank_buys_percent is None:
            return "the bank does not buy title deeds in this edition"
        if self.owner[i] is not p:
            return f"{p.name} does not own {self.spaces[i].id}"
        if self.mortgaged[i]:
            return f"{self.spaces[i].id} is mortgaged: the bank would pay nothing for it"
        sp = self.spaces[i]
        if sp.group_index >= 0 and any(self.level[j] for j in self.ed.groups[sp.group_index].spaces):
            return "sell the buildings of the group first"
        return None

    # ------------------------------------------------------------------ edition actions
    def _action_by_id(self, action_id: str):
        for a in self.ed.actions:
            if a.id == action_id:
                return a
        return None

    def _action_targets(self, a) -> list:
        if a.target == "deed":
            return [s.index for s in self.spaces if s.is_deed]
        return [None]

    def action_problem(self, p: Player, a, target) -> str | None:
        """Why `p` may not take edition action `a` on `target` now, or None."""
        if a.target == "deed":
            if not isinstance(target, int) or not 0 <= target < self.n or not self.spaces[target].is_deed:
                return f"{a.id} needs a title deed as its target"
        elif target is not None:
            return f"{a.id} takes no target"
        if a.limit_per_turn is not None and p.actions_used.get(a.id, 0) >= a.limit_per_turn:
            return f"{a.id} may be used {a.limit_per_turn} time(s) per turn"
        if not a.when(self, p, target):
            return f"{a.id} is not allowed now"
        return None

    def run_action(self, p: Player, a, target) -> None:
        """Carry out edition action `a`. Counts it in `stats[a.id]`, and the deeds it moves in
        `stats[a.id + '_deeds']` (court suits filed and won, for simulations)."""
        p.actions_used[a.id] = p.actions_used.get(a.id, 0) + 1
        self.stats[a.id] = self.stats.get(a.id, 0) + 1
        self.emit("action", player=p.seat, action=a.id,
                  target=None if target is None else self.spaces[target].id)
        self._acting = a.id
        try:
            a.do(self, p, target)
        finally:
            self._acting = None

    # ------------------------------------------------------------------ building requests
    def request_building(self, p: Player, i: int, window: str) -> None:
        """Build one level on `i`. When the bank's last buildings of that type are wanted by
        other players too, they are auctioned ([000] 18.3; our reading in docs/rules.md)."""
        if self.rules.shortage_auction and self._shortage(p, i):
            return
        self.build(p, i)
