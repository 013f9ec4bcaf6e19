"""Rent: landing on a deed someone else holds.

The amount comes from the edition's rent formula for the space's kind (`rules.rent_formulas`,
compiled DSL); a card that moved the player may change it (`rent`) or bring its own dice
(`dice`). Rule sources: ../shared/rules/classic.md 8-9 ([000] 9.5: after a card's move the
dice for a utility's rent are thrown anew); the owner in jail ([000] 15.7,
`rent.jailed_owner_collects`); rent that must be claimed ([000], [004], `rent.claim`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..dsl.runtime import Roll
from .decisions import Decision

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


class LazyRoll:
    """A roll thrown only when a rent formula first reads it: when a card moved the player, the
    rent is found with a new throw ([000] 9.5), or with the card's own dice (`with dice = ...`),
    and only if rent is due and the formula needs the dice. `throw()` makes the roll."""

    __slots__ = ("_throw", "_roll")

    def __init__(self, throw: Callable[[], Roll]):
        self._throw = throw
        self._roll: Roll | None = None

    def _get(self) -> Roll:
        if self._roll is None:
            self._roll = self._throw()
        return self._roll

    @property
    def total(self) -> int:
        """The sum of the dice."""
        return self._get().total

    @property
    def doubles(self) -> bool:
        """Did the dice show the same number?"""
        return self._get().doubles

    @property
    def base_total(self) -> int:
        """The sum of the base dice."""
        return self._get().base_total

    @property
    def dice(self) -> tuple[int, ...]:
        """The numbers shown."""
        return self._get().dice


_NO_THROW: Final = Roll((), 0, False)


def rent_due(g: Game, p: Player, i: int) -> int:
    """The rent `p` would pay on landing on deed `i` now, by the edition's formula (the DSL's
    `rent_of`): 0 when it is unowned, `p`'s own, mortgaged, not a deed, or its owner is in
    jail where that stops rent; a utility counts the last throw of the turn (0 without one).
    Nothing is thrown or paid."""
    o = g.owner[i]
    if o is None or o is p or g.mortgaged[i] or not g.spaces[i].is_deed:
        return 0
    if o.in_jail and not g.rules.rent_jailed_owner_collects:
        return 0
    return g.rent_fns[i](g, p, i, o, g.last_roll if g.last_roll is not None else _NO_THROW)


def land_on_deed(g: Game, p: Player, i: int, rent: Any, dice: Any) -> None:
    """Landing on a deed: offered for sale when unowned, else rent to its owner (none on a
    mortgaged deed or to oneself). With `rent.unbought`, a lander who did not buy pays that
    rent: to the buyer if the auction sold the deed, else to the bank (the treasury, when it
    receives rent). With `rent.public`, the public part of the rent of the deed's kind is paid
    to the bank (the treasury) first, whoever owns the deed; the owner gets the rest."""
    o = g.owner[i]
    if o is None:
        g.offer_purchase(p, i)
        if g.rules.rent_unbought is not None:
            _unbought_rent(g, p, i)
        return
    if g.rules.rent_public and not g.mortgaged[i]:
        _public_rent(g, p, i, o)
        if not p.alive:
            return
    if o is not p and not g.mortgaged[i]:
        if o.in_jail and not g.rules.rent_jailed_owner_collects:
            return
        if rent is not None and not getattr(rent, "needs_rent", True):
            amount = rent(0)        # the card's rent ignores the normal one: do not roll for it
        else:
            if dice is not None:       # a card's own dice
                dice = LazyRoll(dice)
            elif g.in_card:
                dice = LazyRoll(lambda: g.roll(g.ed.dice_count))
            else:
                dice = g.last_roll
            amount = g.rent_fns[i](g, p, i, o, dice)
            if rent is not None:
                amount = rent(amount)
        if amount <= 0:
            return
        if g.rent_plays and p.held_cards and g.rent_play(p, o, amount):
            return
        if g.rules.rent_claim == "owner_claims":
            if not g.ask(Decision.of("claim", o, (True, False), None, {"space": i, "amount": amount, "payer": p.seat})):
                g.emit("rent_unclaimed", player=p.seat, owner=o.seat, space=g.spaces[i].id)
                return
        g.pay(p, o, amount, "rent")


def _unbought_rent(g: Game, p: Player, i: int) -> None:
    """`rent.unbought` after a purchase offer the lander did not take."""
    fn = g.rules.rent_unbought
    buyer = g.owner[i]
    if fn is None or not p.alive or buyer is p or g.over:
        return
    amount = fn(g, p, i)
    if amount > 0:
        g.pay(p, buyer, amount, "rent")


def _public_rent(g: Game, p: Player, i: int, o: Player) -> None:
    """`rent.public`: the part of the rent of `i`'s kind paid to the bank (the treasury)."""
    fn = g.rules.rent_public.get(g.spaces[i].kind)
    if fn is None:
        return
    amount = fn(g, p, i, o, g.last_roll)
    if amount > 0:
        g.pay(p, None, amount, "rent")
