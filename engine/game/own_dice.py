"""The edition's own dice (`dice.extra`): which are thrown on a move's throw, what their symbol
faces do, and the throw on which every die shows the same number (`dice.all_alike`).

An edition without its own dice never comes here (`GameState.own_dice` is False), so the
classic turn is unchanged. The faces and what they do are the edition's data: doubles are
judged on the base dice only; a symbol's `instead` replaces the move, its `after` runs after
the move's landing unless that sent the player to jail; when every die (at least three) shows
the same number, `all_alike` replaces the move, the throw is not doubles and the turn ends.
Rule source: the editions that declare dice cite theirs (docs/editions/).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..dsl.runtime import Roll

if TYPE_CHECKING:
    from ..edition.model import ExtraDie
    from .game import Game
    from .player import Player


def move_throw(g: Game, p: Player) -> Roll:
    """A move's throw for `p`: the base dice, plus each of the edition's dice whose `when`
    holds for `p` now."""
    extra: Sequence[ExtraDie] = g.ed.extra_dice
    for d in extra:
        if d.when is not None:      # a die thrown only when its condition holds: these throws' dice
            extra = [d for d in extra if d.when is None or d.when(g, p)]
            break
    if not extra:
        return g.dice.throw(g.ed.dice_count)
    return g.dice.throw_move(g.ed.dice_count, extra)


def all_alike(g: Game, roll: Roll) -> bool:
    """Does `roll` call for `dice.all_alike`: at least three dice thrown, no symbol, all the
    same number?"""
    dice = roll.dice                # (two dice at least: a base die and an own one)
    if g.ed.all_alike is None or not roll.extra or dice[0] != dice[1]:   # (most throws: no set built)
        return False
    return len(dice) >= 3 and len(set(dice)) == 1 and all(isinstance(f, int) for f in roll.faces)


def play_all_alike(g: Game, p: Player, roll: Roll) -> None:
    """`dice.all_alike`: its effect instead of the move; the doubles count is cleared."""
    p.doubles = 0
    if g.log is not None:
        g.emit("all_alike", player=p.seat)
    effect = g.ed.all_alike
    assert effect is not None, "checked by all_alike()"
    effect(g, p, roll)


def move_with_faces(g: Game, p: Player, roll: Roll) -> None:
    """Move by a throw with the edition's own dice: a symbol's `instead` replaces the move
    (else the total is moved, symbols counting 0), then each symbol's `after` runs unless the
    player left the game or went to jail."""
    symbols = [g.ed.symbols[f] for f in roll.faces if isinstance(f, str)]
    if not symbols:           # numbers only: the move, as any throw
        g.move_by(p, roll.total)
        return
    instead = None
    for s in symbols:
        if s.instead is not None:
            instead = s
            break
    if instead is not None and instead.instead is not None:
        if g.log is not None:
            g.emit("symbol", player=p.seat, symbol=instead.id)
        instead.instead(g, p, roll)
    else:
        g.move_by(p, roll.total)
    for s in symbols:
        if s.after is None or not p.alive or p.in_jail or g.over:
            continue
        if g.log is not None:
            g.emit("symbol", player=p.seat, symbol=s.id)
        s.after(g, p, roll)
