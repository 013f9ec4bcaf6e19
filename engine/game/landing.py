"""Landing, and the registry of space kinds.

`SPACE_KINDS` says for each kind of space what stopping on it does (`land`), and optionally
what passing over it (`passed`), moving off it (`left`) and starting a turn on it
(`turn_start`) do. A new kind of space is a module with its procedures plus a row here (and the
kind in schema/edition.schema.json). An edition adds its own kinds as data (`space_kinds:`,
model.DeclaredKind): their hooks are DSL effects, and each game's registry (`g.kinds`) is
`SPACE_KINDS` plus those rows (`kinds_of`); a declared kind with `deed:` lands as a deed.

A landing procedure is `(game, player, space, rent, dice) -> None`: `rent` is a card's change
of the rent (or None), `dice` a card's own dice (or None), both for deeds (rent.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..errors import EditionFault
from .cards import draw
from .jackpot import collect_pot
from .jail import land_go_to_jail
from .rent import land_on_deed
from .state import LandHandler
from .tax import land_on_tax

if TYPE_CHECKING:
    from ..edition.model import DeclaredKind, Edition
    from .game import Game
    from .player import Player

MoveHook = Callable[..., None]
"""A passing or leaving procedure: `(game, player, space) -> None`."""


@dataclass(frozen=True)
class SpaceKind:
    """What a kind of space does: `land` when a token stops on it (None: nothing), `passed`
    when a token moves over it without stopping, `left` when a token moves off it,
    `turn_start` when a player's turn starts with the token on it."""

    name: str
    land: LandHandler | None = None
    passed: MoveHook | None = None
    left: MoveHook | None = None
    turn_start: MoveHook | None = None


def _land_on_card(g: Game, p: Player, i: int, rent: Any, dice: Any) -> None:
    sp = g.spaces[i]
    deck = sp.deck
    for choice in sp.decks:       # a deck by condition on the player (`decks`: by role, say)
        if choice.when(g, p, i):
            deck = choice.deck
            break
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


MAX_HOOK_DEPTH: Final = 20
"""Hooks of declared kinds of space that set off hooks (a landing that moves the player onto
another hooked space, or onto its own) may nest this deep."""


def _bounded(kind: str, event: str, fn: Any) -> MoveHook:
    """The hook `fn` of declared kind `kind`, run with the count of the hooks under way: past
    `MAX_HOOK_DEPTH` in a row it raises `EditionFault`, which the DSL places at the effect that
    moved the player on (a hook that lands the player on its own kind again, or a cycle)."""
    def run(g: Game, p: Player, i: int) -> None:
        g.hooking.append(f"{kind}.on_{event}")
        try:
            if len(g.hooking) > MAX_HOOK_DEPTH:
                chain = list(dict.fromkeys(g.hooking))
                raise EditionFault(
                    f"hooks of kinds of space led to more than {MAX_HOOK_DEPTH} hooks in a row: "
                    + " -> ".join(chain[:8]) + (" ..." if len(chain) > 8 else "")
                    + " keep moving the player onto a space whose hook runs again")
            fn(g, p, i)
        finally:
            g.hooking.pop()
    return run


def _declared(kind: DeclaredKind) -> SpaceKind:
    """The registry row of a kind the edition declares: its DSL hooks as procedures, each
    bounded in depth (`_bounded`). A deed kind (`deed:`) lands as a deed (offer or rent), then
    runs its `on_land` hook, if any, while the player is still in the game and on the space."""
    hooks = {ev: _bounded(kind.id, ev, fn) for ev, fn in kind.hooks.items() if fn is not None}
    on_land = hooks.get("land")
    land: LandHandler | None = land_on_deed if kind.deed is not None else None
    if on_land is not None and kind.deed is not None:
        def land(g: Game, p: Player, i: int, rent: Any, dice: Any, _fn: Any = on_land) -> None:
            land_on_deed(g, p, i, rent, dice)
            if p.alive and p.pos == i and not g.over:
                _fn(g, p, i)
    elif on_land is not None:
        def land(g: Game, p: Player, i: int, rent: Any, dice: Any, _fn: Any = on_land) -> None:
            _fn(g, p, i)
    return SpaceKind(kind.id, land, hooks.get("pass"), hooks.get("leave"), hooks.get("turn_start"))


def kinds_of(ed: Edition) -> dict[str, SpaceKind]:
    """The registry of space kinds of a game of `ed`: `SPACE_KINDS` plus the edition's own."""
    if not ed.space_kinds:
        return SPACE_KINDS
    return {**SPACE_KINDS, **{k.id: _declared(k) for k in ed.space_kinds}}


def wire_spaces(g: Game) -> None:
    """Fix this game's registry of kinds (`kinds`), each space's landing procedure
    (`land_handlers`) and its number (`land_codes`, `_code`), and whether any space has passing
    or leaving procedures (`move_hooks`) or turn-start ones (`turn_hooks`): the jackpot house
    rule replaces the landing of its `collect_on` kind. They depend on the edition alone: built
    once per edition, shared."""
    ed = g.ed
    g.kinds, g.land_handlers, g.land_codes, g.move_hooks, g.turn_hooks = ed.shared("wiring", lambda: _wiring(ed))


LAND_OTHER: Final = 0
LAND_DEED: Final = 1
LAND_CARD: Final = 2
LAND_TAX: Final = 3
"""The numbers of the landing procedures `land` calls by name (`land_codes`): a deed, a card
space, a tax; any other procedure (or none) is `LAND_OTHER`, called through `land_handlers`.
In the compiled build a call by name is a direct call, where a call through the list is a
generic call of a function object (its arguments boxed and parsed again): about 200
instructions a landing."""


def _code(handler: LandHandler | None) -> int:
    """The number of the landing procedure `handler` (`LAND_OTHER` for one `land` does not name)."""
    if handler is land_on_deed:
        return LAND_DEED
    if handler is _land_on_card:
        return LAND_CARD
    if handler is land_on_tax:
        return LAND_TAX
    return LAND_OTHER


def _wiring(ed: Edition) -> tuple[dict[str, SpaceKind], list[LandHandler | None], list[int], bool, bool]:
    """`wire_spaces`'s tables of `ed`."""
    kinds = kinds_of(ed)
    jp = ed.rules.jackpot
    handlers: list[LandHandler | None] = []
    for s in ed.spaces:
        handlers.append(collect_pot if jp is not None and s.kind == jp.collect_on else kinds[s.kind].land)
    return (kinds, handlers, [_code(h) for h in handlers],
            any(kinds[s.kind].passed or kinds[s.kind].left for s in ed.spaces),
            any(kinds[s.kind].turn_start for s in ed.spaces))


def land(g: Game, p: Player, i: int, rent: Any = None, dice: Any = None) -> None:
    """Resolve `p` stopping on space `i`: the space's landing procedure (`land_handlers[i]`),
    called by name where `land_codes[i]` names it."""
    g.landed_at = i
    landings = g.landings
    landings[i] = landings[i] + 1       # (not `+=`: the compiled build adds boxed numbers there)
    if p.intro:
        reroll = g.rules.intro_reroll
        if reroll is not None and g.spaces[i].kind in reroll:
            _intro_reroll(g, p)
            return
    code = g.land_codes[i]
    if code == LAND_DEED:
        land_on_deed(g, p, i, rent, dice)
    elif code == LAND_CARD:
        _land_on_card(g, p, i, rent, dice)
    elif code == LAND_TAX:
        land_on_tax(g, p, i, rent, dice)
    else:
        handler = g.land_handlers[i]
        if handler is not None:
            handler(g, p, i, rent, dice)


def _intro_reroll(g: Game, p: Player) -> None:
    """Introductory lap ([002] D4b, 6.2, 9.2): no card, no arrest: move again at once."""
    roll = g.dice.throw(g.ed.dice_count)
    g.last_roll = roll
    g.emit("intro_reroll", player=p.seat, dice=list(roll.dice))
    g.move_by(p, roll.total)


def run_move_hooks(g: Game, p: Player, old: int, steps: int) -> bool:
    """The `left` procedure of the space `p` moves off, then `passed` of each space moved over
    (in order, the destination excluded). Returns False when a hook ended the move: it moved
    the player elsewhere, sent them to jail or they went bankrupt (the move's lap and landing
    are then not resolved)."""
    kinds = g.kinds
    new = p.pos
    hook = kinds[g.spaces[old].kind].left
    if hook is not None:
        hook(g, p, old)
        if not p.alive or p.in_jail or p.pos != new:
            return False
    step = 1 if steps > 0 else -1
    for k in range(1, abs(steps)):
        j = (old + k * step) % g.n
        hook = kinds[g.spaces[j].kind].passed
        if hook is not None:
            hook(g, p, j)
            if not p.alive or p.in_jail or p.pos != new:
                return False
    return True


def run_turn_start(g: Game, p: Player) -> None:
    """The `turn_start` procedure of the space `p` starts the turn on, if its kind has one."""
    hook = g.kinds[g.spaces[p.pos].kind].turn_start
    if hook is not None:
        hook(g, p, p.pos)
