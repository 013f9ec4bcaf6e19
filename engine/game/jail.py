"""Jail and the other holding spaces: going there, a turn that starts there, and the ways out.

Rule sources: ../shared/rules/classic.md 15 ([000] 15.1-15.6); three-cell jail [002] 9.3;
parameters under `rules.jail`. A holding space of `rules.holdings` holds a player as the jail
does, with its own exit rules (model.Holding: each left out is the jail's); `Player.held` names
the one a player is held in (`jail` for the jail). Kept cards whose use belongs to the `jail`
decision (cards.KEPT_CARD_USES) and that the holding lists (`Holding.cards`) are offered as ways out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

from ..dsl.runtime import Roll
from ..errors import GameError
from .cards import KEPT_CARD_USES, holds_card_for, use_card
from .decisions import Decision
from .state import E_ROLL

if TYPE_CHECKING:
    from ..edition.model import Holding
    from .game import Game
    from .player import Player

_JAIL_USES: Final = [u for u in KEPT_CARD_USES.values() if u.decision == "jail"]


def go_to_jail(g: Game, p: Player) -> None:
    """Straight to jail: no lap, no salary; the turn ends ([000] 15.1-15.3). Raises
    `GameError` on a board without a jail."""
    if g.ed.jail_index is None:
        raise GameError("this edition has no jail space")
    go_to_holding(g, p, "jail")


def go_to_holding(g: Game, p: Player, holding: str) -> None:
    """Straight to the holding space `holding` (`jail` or an id of `rules.holdings`), held there
    as in jail: no lap, no salary; the turn ends. Raises `GameError` for a holding the edition
    does not have (the checks refuse such an edition)."""
    h = g.ed.holdings.get(holding)
    if h is None:
        raise GameError(f"this edition has no holding space {holding!r}")
    p.pos = h.index
    p.in_jail = True
    p.held = holding
    p.jail_attempts = 0
    p.free_next_turn = False
    p.doubles = 0
    if g.log is not None:
        if holding == "jail":
            g.emit("jail", player=p.seat)
        else:
            g.emit("jail", player=p.seat, holding=holding)


def holding_of(g: Game, p: Player) -> Holding:
    """The holding space `p` is (or was last) held in: its exit rules."""
    return g.ed.holdings[p.held]


def jail_turn(g: Game, p: Player) -> Roll | Literal[False] | None:
    """A turn that starts in jail or another holding space, by that holding's rules
    ([000] 15.4-15.6; three-cell jail [002] 9.3). Returns the roll to move by, None for a
    normal turn, or False when the turn ends held."""
    h = holding_of(g, p)
    if p.free_next_turn:
        release(g, p, "served")
        return None
    options = []
    fine = jail_fine(g, p)
    if fine > 0 and p.cash >= fine:
        options.append("pay")
    uses = [u for u in _JAIL_USES if u.name in h.cards]
    for use in uses:
        if holds_card_for(g, p, use.name):
            options.append(use.option)
    options.append("roll")
    answer = g.ask(Decision.of("jail", p, options, None,
                               {"attempts": p.jail_attempts, "fine": fine, "holding": h.id}))
    if not p.alive:
        return False
    if answer == "pay":
        g.pay(p, None, fine, "fine")
        if not p.alive:
            return False
        release(g, p, "paid")
        return None
    for use in uses:
        if answer == use.option:
            use_card(g, p, use.name)
            release(g, p, use.option)
            return None
    roll = g.dice.throw(g.ed.dice_count)
    g.last_roll = roll
    if g.log is not None:
        g.event_counts[E_ROLL] += 1
        if g.log_full[E_ROLL]:
            g.log.add({"e": "roll", "turn": g.turns, "player": p.seat, "dice": list(roll.dice), "jail": True})
    if roll.doubles:
        release(g, p, "doubles")
        return roll
    p.jail_attempts += 1
    if p.jail_attempts < h.attempts:
        _stay(g, p)
        return False
    mode = h.after_attempts
    if mode == "leave_next_turn":
        p.free_next_turn = True
        _stay(g, p)
        return False
    if mode == "pay_and_move":
        card = forced_fine_card(g, p)
        if card is not None:
            use_card(g, p, card.name)
            release(g, p, card.option)
            return roll
        g.pay(p, None, fine, "fine")
        if not p.alive:
            return False
    release(g, p, "forced")
    return roll


def _stay(g: Game, p: Player) -> None:
    """`p` stays held (the event names a holding space other than the jail)."""
    if g.log is not None:
        if p.held == "jail":
            g.emit("jail_stay", player=p.seat, attempts=p.jail_attempts)
        else:
            g.emit("jail_stay", player=p.seat, attempts=p.jail_attempts, holding=p.held)


def jail_fine(g: Game, p: Player) -> int:
    """The fine `p` pays to leave the holding space it is in. In the jail: of `rules.jail.fines`
    the first whose condition holds for `p` (a fine by role, say), else `rules.jail.fine`
    ([000] 15.5); in another holding space, its own `fine`. Units of money."""
    h = holding_of(g, p)
    if h.id != "jail":
        return h.fine
    r = g.rules
    for when, fine in r.jail_fines:
        if when(g, p, g.ed.jail_index):
            return fine
    return r.jail_fine


def forced_fine_card(g: Game, p: Player) -> Any | None:
    """After the last failed throw, with `card_after_attempts` (of the jail or the holding),
    `p` may use a kept card instead of the forced fine (case C15): the use chosen, or None to
    pay. Asked as a `jail` decision with options pay and the card (no roll)."""
    h = holding_of(g, p)
    if not h.card_after_attempts:
        return None
    uses = [u for u in _JAIL_USES if u.name in h.cards and holds_card_for(g, p, u.name)]
    if not uses:
        return None
    answer = g.ask(Decision.of("jail", p, ["pay"] + [u.option for u in uses], None,
                               {"attempts": p.jail_attempts, "fine": jail_fine(g, p), "holding": h.id}))
    return next((u for u in uses if u.option == answer), None)


def release(g: Game, p: Player, how: str) -> None:
    """`p` leaves jail or its holding space (`how`: served, paid, card, doubles, forced, effect)."""
    p.in_jail = False
    p.jail_attempts = 0
    p.free_next_turn = False
    if g.log is not None:
        if p.held == "jail":
            g.emit("jail_leave", player=p.seat, how=how)
        else:
            g.emit("jail_leave", player=p.seat, how=how, holding=p.held)


def release_by_effect(g: Game, p: Player) -> None:
    """A card or a space releases `p` from jail or the holding space it is held in (the DSL's
    `release from jail`); `p` stays on that space. Nothing when `p` is not held."""
    if p.in_jail:
        release(g, p, "effect")


def land_go_to_jail(g: Game, p: Player, i: int, rent: Any, dice: Any) -> None:
    """The go-to-jail space."""
    go_to_jail(g, p)
