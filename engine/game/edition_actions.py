"""Edition actions: moves an edition defines in its YAML (`actions:`), such as filing a suit
in a court ([002] 9.3'), taken in a manage window as `('act', action_id, target)`.

The edition gives each action a target kind (`deed` or none), a limit per turn, a condition
(`when`, DSL) and an effect (`do`, DSL).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..edition.model import Action
    from .game import Game
    from .player import Player


def action_by_id(g: Game, action_id: Any) -> Action | None:
    """The edition's action `action_id`, or None."""
    for a in g.ed.actions:
        if a.id == action_id:
            return a
    return None


def action_targets(g: Game, a: Action) -> list[int | None]:
    """Every target `a` could take: each title deed, or just None."""
    if a.target == "deed":
        return [s.index for s in g.spaces if s.is_deed]
    return [None]


def action_ready(g: Game, p: Player, a: Action) -> bool:
    """Might `p` take `a` on some target now? False when its limit per turn is used up or the
    part of its `when` that reads no target is false: `action_problem` would then find a
    problem for every target. (The answer is learnt once, not once per target.)"""
    if a.limit_per_turn is not None and p.actions_used and p.actions_used.get(a.id, 0) >= a.limit_per_turn:
        return False    # (actions_used is empty until the player's first action of the turn)
    return a.ready is None or bool(a.ready(g, p, None))


def actions_open(g: Game, p: Player) -> bool:
    """Might `p` take some edition action now (`action_ready` of any)? A promise to pass
    (decisions.Calm) holds only while none might: the engine checks this before relying on one in
    an edition with actions, so that an agent need not be asked in every window to learn that
    no action is open (a suit, say, is open only after a landing on the court)."""
    for a in g.ed.actions:
        if action_ready(g, p, a):
            return True
    return False


def action_problem(g: Game, p: Player, a: Action, target: Any) -> str | None:
    """Why `p` may not take edition action `a` on `target` now, or None."""
    if a.target == "deed":
        if not isinstance(target, int) or not 0 <= target < g.n or not g.spaces[target].is_deed:
            return f"{a.id} needs a title deed as its target"
    elif target is not None:
        return f"{a.id} takes no target"
    if a.limit_per_turn is not None and p.actions_used.get(a.id, 0) >= a.limit_per_turn:
        return f"{a.id} may be used {a.limit_per_turn} time(s) per turn"
    if not a.when(g, p, target):
        return f"{a.id} is not allowed now"
    return None


def run_action(g: Game, p: Player, a: Action, target: Any) -> None:
    """Carry out edition action `a`. Counts it in `stats[a.id]`, and the deeds it moves in
    `stats[a.id + '_deeds']` (court suits filed and won, for simulations)."""
    p.actions_used[a.id] = p.actions_used.get(a.id, 0) + 1
    g.stats[a.id] = g.stats.get(a.id, 0) + 1
    g.emit("action", player=p.seat, action=a.id, target=None if target is None else g.spaces[target].id)
    g.acting = a.id
    try:
        a.do(g, p, target)
    finally:
        g.acting = None
