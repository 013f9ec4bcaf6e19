"""Landing, and the registry of space kinds.

`SPACE_KINDS` says for each kind of space what stopping on it does (`land`), and optionally
what passing over it (`passed`) and moving off it (`left`) do. A new kind of space is a module
with its procedures plus a row here (and the kind in schema/edition.schema.json).

A landing procedure is `(game, player, space, rent, dice) -> None`: `rent` is a card's change
of the rent (or None), `dice` a card's own dice (or None), both for deeds (rent.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import draw
from .jackpot import collect_pot
from .jail import land_go_to_jail
from .rent import land_on_deed
from .state import LandHandler
from .tax import land_on_tax

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

MoveHook = Callable[..., None]
"""A passing or leaving procedure: `(game, player, space) -> None`."""


@dataclass(frozen=True)
class SpaceKind:
    """What a kind of space does: `land` when a token stops on it (None: nothing), `passed`
    when a token moves over it without stopping, `left` when a token moves off it."""

    name: str
    land: LandHandler | None = None
    passed: MoveHook | None = None
    left: MoveHook | None = None


def _land_on_card(g: Game, p: Player, i: int, rent: Any, dice: Any) -> None:
    deck = g.spaces[i].deck
    assert deck is not None, "a card space names its deck (checked when the edition loads)"
    draw(g, p, deck)


SPACE_KINDS: dict[str, SpaceKind] = {k.name: k for k in (
    SpaceKind("start"),                          # the lap and salary are in movement.py
    SpaceKind("street", land_on_deed),
    SpaceKind("railroad", land_on_deed),
    SpaceKind("utility", land_on_deed),
    SpaceKind("tax", land_on_tax),
    SpaceKind("card", _land_on_card),
    SpaceKind("jail", None),                     # just visiting
    SpaceKind("go_to_jail", land_go_to_jail),
    SpaceKind("free_parking", None),             # the jackpot house rule adds its own landing
    SpaceKind("court", None),                    # courts are edition actions (manage window)
    SpaceKind("plain", None),
)}
"""The registry of space kinds, by the `kind` of a space in an edition."""


def wire_spaces(g: Game) -> None:
    """Fix each space's landing procedure for this game (`land_handlers`), and whether any
    space has passing or leaving procedures (`move_hooks`): the jackpot house rule replaces
    the landing of its `collect_on` kind."""
    jp = g.rules.jackpot
    handlers: list[LandHandler | None] = []
    for s in g.spaces:
        handlers.append(collect_pot if jp is not None and s.kind == jp.collect_on else SPACE_KINDS[s.kind].land)
    g.land_handlers = handlers
    g.move_hooks = any(SPACE_KINDS[s.kind].passed or SPACE_KINDS[s.kind].left for s in g.spaces)


def land(g: Game, p: Player, i: int, rent: Any = None, dice: Any = None) -> None:
    """Resolve `p` stopping on space `i`."""
    g.landed_at = i
    g.landings[i] += 1
    if p.intro:
        reroll = g.rules.intro_reroll
        if reroll is not None and g.spaces[i].kind in reroll:
            _intro_reroll(g, p)
            return
    handler = g.land_handlers[i]
    if handler is not None:
        handler(g, p, i, rent, dice)


def _intro_reroll(g: Game, p: Player) -> None:
    """Introductory lap ([002] D4b, 6.2, 9.2): no card, no arrest: move again at once."""
    roll = g.dice.throw(g.ed.dice_count)
    g.last_roll = roll
    g.emit("intro_reroll", player=p.seat, dice=list(roll.dice))
    g.move_by(p, roll.total)


def run_move_hooks(g: Game, p: Player, old: int, steps: int) -> None:
    """The `left` procedure of the space `p` moves off, then `passed` of each space moved over
    (in order, the destination excluded)."""
    kinds = SPACE_KINDS
    hook = kinds[g.spaces[old].kind].left
    if hook is not None:
        hook(g, p, old)
    step = 1 if steps > 0 else -1
    for k in range(1, abs(steps)):
        j = (old + k * step) % g.n
        hook = kinds[g.spaces[j].kind].passed
        if hook is not None:
            hook(g, p, j)
