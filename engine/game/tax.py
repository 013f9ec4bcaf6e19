"""Tax spaces: a fixed amount, or the player's choice between two ([004] 11.2: income tax
of 200 or 10% of the net worth, chosen before counting)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .decisions import Decision

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def land_on_tax(g: Game, p: Player, i: int, rent: Any, dice: Any) -> None:
    """`p` pays the tax of space `i` to the bank (or the pot, with the jackpot house rule)."""
    sp = g.spaces[i]
    tax, alternative = sp.tax, sp.tax_alternative
    assert tax is not None, "a tax space has its amount (checked when the edition loads)"
    if alternative is not None:
        # the player chooses before counting ([004] 11.2)
        fixed = tax(g, p)
        choice = g.ask(Decision.of("tax", p, ("fixed", "alternative"), None, {"space": i, "fixed": fixed}))
        amount = fixed if choice == "fixed" else alternative(g, p)
    else:
        amount = tax(g, p)
    g.pay(p, None, amount, "tax")
