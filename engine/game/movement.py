"""Movement and laps: moving a token, passing the start space, the salary, the lap's duties,
and throws that are not moves.

Rule sources: ../shared/rules/classic.md 5 ([000] 5.1, 5.6: a lap ends on passing or reaching
the start space moving forward); [002] 5 (salary minus a tax per industry), 9/1.1 (mortgages
redeemed at the lap end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import GameError
from .cards import clear_move_flags, tick_flags
from .landing import land, run_move_hooks
from .ledger import bank_pays
from .loans import charge_interest
from .state import E_LAP, E_MOVE

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def move_by(g: Game, p: Player, steps: int, *, salary: int | None = None, rent: Any = None,
            dice: Any = None) -> None:
    """Move `p` by `steps` (negative: backwards, no lap) and resolve the landing. Passing or
    reaching the start space moving forward completes a lap ([000] 5.1, 5.6); `salary`
    replaces the lap's salary (a card's amount), `rent`/`dice` go to the landing (rent.py)."""
    n = g.n
    old = p.pos
    new = (old + steps) % n
    p.pos = new
    if p.flags:
        clear_move_flags(p)
    if g.log is not None:
        g.event_counts[E_MOVE] += 1
        if g.log_full[E_MOVE]:
            g.log.add({"e": "move", "turn": g.turns, "player": p.seat, "to": g.spaces[new].id, "steps": steps})
    if g.move_hooks and not run_move_hooks(g, p, old, steps):
        return
    if steps > 0:
        dist = (g.start_index - old) % n or n
        if steps >= dist:
            complete_lap(g, p, salary)
            if not p.alive:
                return
    land(g, p, new, rent, dice)


def move_to(g: Game, p: Player, space: int, *, forward: bool = True, salary: int | None = None,
            rent: Any = None, dice: Any = None) -> None:
    """Move `p` to `space`, forward (lap counted) or backwards, and resolve the landing."""
    if forward:
        move_by(g, p, (space - p.pos) % g.n or g.n, salary=salary, rent=rent, dice=dice)
    else:
        move_by(g, p, -((p.pos - space) % g.n), salary=salary, rent=rent, dice=dice)


def nearest(g: Game, p: Player, kind: str | None = None, group: str | None = None) -> int:
    """The first space ahead of `p` of `kind` or in `group` (its own space excluded). Raises
    `GameError` when the board has none."""
    key = (kind, group)
    table = g.nearest_cache.get(key)
    if table is None:
        n = g.n
        match = [(kind is None or s.kind == kind) and (group is None or s.group == group)
                 for s in g.spaces]
        table = []
        for i in range(n):
            for d in range(1, n + 1):
                j = (i + d) % n
                if match[j]:
                    table.append(j)
                    break
            else:
                raise GameError(f"no space of kind {kind!r} / group {group!r} on the board")
        g.nearest_cache[key] = table
    return table[p.pos]


def complete_lap(g: Game, p: Player, salary: int | None) -> None:
    """A lap ends: salary (or the card's amount instead), then lap-end duties
    ([000] 5.1; [002] 5: salary minus a tax per industry, 9/1.1: mortgage redemption), then
    the interest of bank loans charged per lap (loans.py). `p.laps` counts this lap already
    when the salary formula reads it."""
    p.intro = False
    p.laps += 1
    if g.timed_flags:
        tick_flags(g, "laps", p)
    amount = g.rules.salary(g, p) if salary is None else salary
    if g.log is not None:
        g.event_counts[E_LAP] += 1
        if g.log_full[E_LAP]:
            g.log.add({"e": "lap", "turn": g.turns, "player": p.seat, "salary": amount})
    if amount > 0:
        bank_pays(g, p, amount, "salary")
    elif amount < 0:
        g.pay(p, None, -amount, "salary")
        if not p.alive:
            return
    if g.rules.redeem_at_lap_end:
        g.redeem_at_lap_end(p)
    if p.loans:
        charge_interest(g, p, "lap")


def space_ahead(g: Game, p: Player, steps: int) -> int:
    """The space `steps` ahead of `p` (behind for negative `steps`), round the board."""
    return (p.pos + steps) % g.n


def roll(g: Game, n: int) -> Any:
    """A throw of `n` dice that is not a move (a card's or a court's roll)."""
    r = g.dice.throw(n)
    g.emit("roll", player=g.current.seat if g.current else -1, dice=list(r.dice), extra=True)
    return r
