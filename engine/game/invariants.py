"""The invariants of a game (DESIGN.md property 8), checked after every turn with
`Game(check_invariants=True)` (the fuzz tests) and on demand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import GameError
from .bank import bank_cash

if TYPE_CHECKING:
    from .game import Game


def check_invariants(g: Game) -> None:
    """Check the invariants of DESIGN.md property 8; raise `GameError` naming a broken one.

    Money is conserved (players' cash changes only by bank flows; a finite bank's cash plus
    everyone else's is constant and not below 0 unless it issues IOUs); each deed has at most
    one owner, and the owner's records agree; buildings on the board plus in the bank equal
    the supply; building is even and only on whole, unmortgaged groups; no player has
    negative cash; every card is in exactly one place (its deck, its discard pile, held,
    or out of the game); eliminated players own nothing."""
    total = sum(p.cash for p in g.players) + g.pot() + g.treasury
    expected = g.start_total + g.bank_out - g.bank_in
    if total != expected:
        raise GameError(f"money not conserved: players hold {total}, expected {expected}")
    bank = bank_cash(g)
    if bank is not None and g.bank_start is not None:   # a finite bank: the game's money is constant (bank.py)
        whole = g.start_total + g.bank_start
        if total + bank != whole:
            raise GameError(f"money not conserved: players hold {total} and the bank {bank}, expected {whole} in all")
        if bank < 0 and g.ed.setup.bank is not None and g.ed.setup.bank.when_empty != "iou":
            raise GameError(f"the bank has {bank}, below 0, though it issues no IOUs")
    for p in g.players:
        if p.cash < 0:
            raise GameError(f"{p.name} has negative cash {p.cash}")
        if not p.alive and (p.deeds or p.held_cards):
            raise GameError(f"eliminated {p.name} still owns something")
        for i in p.deeds:
            if g.owner[i] is not p:
                raise GameError(f"{p.name} lists {g.spaces[i].id} but does not own it")
        for grp in g.ed.groups:
            if p.groups[grp.index] != sum(1 for j in grp.spaces if g.owner[j] is p):
                raise GameError(f"{p.name}'s count of group {grp.id} is wrong")
    for i, o in enumerate(g.owner):
        if o is not None and i not in o.deeds:
            raise GameError(f"{g.spaces[i].id}: owner record disagrees")
        if o is None and (g.level[i] or g.mortgaged[i]):
            raise GameError(f"{g.spaces[i].id}: unowned but built or mortgaged")
    on_board: dict[str, int] = {}
    for i, lvl in enumerate(g.level):
        if lvl:
            r = g.spaces[i].ladder[lvl - 1]
            on_board[r.kind] = on_board.get(r.kind, 0) + r.count
    for kind, start in g.supply_start.items():
        left = g.stock.get(kind)
        if left is not None and left + on_board.get(kind, 0) != start:
            raise GameError(f"{kind}s: {on_board.get(kind, 0)} on the board + {left} in the bank != {start}")
    for grp in g.ed.groups:
        built = [j for j in grp.spaces if g.level[j]]
        if not built:
            continue
        if any(g.mortgaged[j] for j in built):
            raise GameError(f"group {grp.id} has a mortgaged lot with buildings")
        top = max(g.level[j] for j in built)
        if any(r.owned != "all" for r in grp.ladder[:top]):
            continue      # majority or any share: a lot bought later may lag or be mortgaged ([M11])
        owners = {g.owner[j] for j in built}
        if len(owners) != 1:
            raise GameError(f"group {grp.id} has buildings of more than one owner")
        o = owners.pop()
        mine = [j for j in grp.spaces if g.owner[j] is o]
        if any(g.mortgaged[j] for j in mine):
            raise GameError(f"group {grp.id} has buildings and a mortgaged lot")
        levels = [g.level[j] for j in grp.spaces]
        if max(levels) - min(levels) > 1:
            raise GameError(f"group {grp.id} is built unevenly: {levels}")
        if len(mine) != len(grp.spaces):
            raise GameError(f"group {grp.id} has buildings but is not whole")
    for p in g.players:
        for card in p.held_cards:
            if card not in g.kept_uses:
                raise GameError(f"{p.name} holds card {card[1]} with no recorded use")
    for deck in g.ed.decks.values():
        held = [c[1] for p in g.players for c in p.held_cards if c[0] == deck.id]
        out = [c[1] for c in g.removed_cards if c[0] == deck.id]
        pile = [c.id for c in g.discards.get(deck.id, ())]
        places = [c.id for c in g.decks[deck.id]] + pile + held + out
        if sorted(places) != sorted(c.id for c in deck.cards):
            raise GameError(f"deck {deck.id}: {len(g.decks[deck.id])} in the deck + {len(pile)} discarded + "
                            f"{len(held)} held + {len(out)} out are not its {len(deck.cards)} cards, each once")
