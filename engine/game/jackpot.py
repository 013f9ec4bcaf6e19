"""The free-parking jackpot house rule ([004] V4): payments to the bank for some reasons go
into a pot (debt.pay), and landing on a space of kind `rules.jackpot.collect_on` takes it all;
the pot may start (and restart) with a seed paid by the bank."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ledger import POT, transfer

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def collect_pot(g: Game, p: Player, i: int, rent: Any, dice: Any) -> None:
    """The lander takes the whole pot; the bank seeds it again."""
    pot = g.jackpot
    if pot:
        transfer(g, POT, p, pot, "jackpot", event=False)      # recorded by the jackpot event
        g.emit("jackpot", player=p.seat, amount=pot)
        seed_pot(g)


def seed_pot(g: Game) -> None:
    """The bank puts the rule's seed into the pot (`rules.jackpot.seed`, 0: none)."""
    jp = g.rules.jackpot
    if jp is not None and jp.seed:
        transfer(g, None, POT, jp.seed, "jackpot_seed", event=False)
