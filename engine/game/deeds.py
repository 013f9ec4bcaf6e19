"""Title deeds: who holds each one, and how deeds change hands (dealt, bought, traded,
inherited, sold to the bank).

Rule sources: ../shared/rules/classic.md 22 (mortgaged deeds passed on), 24.6; [002] 9/1.2
(deeds sold to the bank).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import EditionFault
from .buildings import sell_all
from .changes import deed_changed, holdings_changed
from .decisions import Decision
from .ledger import bank_pays
from .state import E_DEED

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def set_owner(g: Game, i: int, p: Player | None) -> None:
    """Record `p` (None: the bank) as the holder of the title deed of space `i`; keeps the
    players' deed sets, group counts and versions in step; the quiet between turns of both
    players and of every QUIET one ends (between_turns.py), but a `Quiet(cash, whole=True)` only
    where the group of `i` becomes whole or stops being whole for its player."""
    old = g.owner[i]
    grp = g.spaces[i].group_index
    if old is not None:
        old.deeds.discard(i)
        if grp >= 0:
            old.groups[grp] -= 1
    g.owner[i] = p
    if p is not None:
        p.deeds.add(i)
        if grp >= 0:
            p.groups[grp] += 1
    deed_changed(g, old, p, grp)


def _must_be_deed(g: Game, i: int) -> None:
    """A space the DSL names for a change of owner must hold a title deed (the checker refuses a
    space named outright; one reached through an expression is told here, at run time)."""
    if not g.spaces[i].is_deed:
        raise EditionFault(f"space '{g.spaces[i].id}' has no title deed: only a title deed changes owner")


def return_deed(g: Game, i: int) -> None:
    """The deed of `i` goes back to the bank (the DSL's `transfer SPACE to bank`: a title deed
    that "goes back to the pack"): the buildings of its group are first sold to the bank, paid
    to the owner as when a deed changes hands, and the bank holds it unmortgaged, for sale
    again. Nothing when the bank holds it already. Raises `EditionFault` for a space without a
    title deed (placed by the DSL at the statement)."""
    _must_be_deed(g, i)
    old = g.owner[i]
    if old is None:
        return
    if g.built_in_group(old, i):
        sell_all(g, old, g.spaces[i].group_index)
    g.mortgaged[i] = False
    set_owner(g, i, None)
    if g.log is not None:
        g.event_counts[E_DEED] += 1
        if g.log_full[E_DEED]:
            g.log.add({"e": "deed", "turn": g.turns, "space": g.spaces[i].id, "frm": old.seat, "to": None})


def transfer_deed(g: Game, i: int, to: Player) -> None:
    """Pass the deed of `i` to `to`, with its mortgage. A new owner of a mortgaged deed
    pays the interest at once, then lifts the mortgage now or keeps it ([000] 22.2-22.3,
    24.6; parameter `mortgage.transfer_interest`).

    A deed changes hands without buildings: when its group has any, every building of the group
    is first sold to the bank at the sell-back price, paid to the old owner, as before a sale
    between players ([000] 19.6; ours for card and court transfers, docs/rules.md), so that
    buildings stay on whole groups only."""
    _must_be_deed(g, i)
    old = g.owner[i]
    gi = g.spaces[i].group_index
    if old is not None and old is not to and g.built_in_group(old, i):
        sell_all(g, old, gi)
    set_owner(g, i, to)
    if g.acting is not None:
        key = g.acting + "_deeds"
        g.stats[key] = g.stats.get(key, 0) + 1
    if g.log is not None:
        g.event_counts[E_DEED] += 1
        if g.log_full[E_DEED]:
            g.log.add({"e": "deed", "turn": g.turns, "space": g.spaces[i].id,
                       "frm": None if old is None else old.seat, "to": to.seat})
    if g.mortgaged[i] and g.rules.transfer_interest:
        interest = g.interest(i)
        value = g.spaces[i].mortgage
        choice = g.ask(Decision.of("inherited_mortgage", to, ("lift", "keep"), None,
                                   {"space": i, "interest": interest, "value": value}))
        if choice == "lift" and to.cash >= value + interest:
            g.pay(to, None, value + interest, "unmortgage")
            g.mortgaged[i] = False
            holdings_changed(g, to)
            if g.log is not None:
                g.emit("unmortgage", player=to.seat, space=g.spaces[i].id)
        else:
            g.pay(to, None, interest, "interest")


def bank_sale_value(g: Game, i: int) -> int:
    """What the bank pays for the deed of `i` where the edition lets players sell deeds to
    the bank ([002] 9/1.2), else 0. A mortgaged deed brings nothing more."""
    pct = g.rules.bank_buys_percent
    if pct is None or g.mortgaged[i]:
        return 0
    return g.spaces[i].price * pct // 100         # rounded down


def sell_deed_problem(g: Game, p: Player, i: int) -> str | None:
    """Why `p` may not sell the deed of `i` to the bank now, or None."""
    if g.rules.bank_buys_percent is None:
        return "the bank does not buy title deeds in this edition"
    if g.owner[i] is not p:
        return f"{p.name} does not own {g.spaces[i].id}"
    if g.mortgaged[i]:
        return f"{g.spaces[i].id} is mortgaged: the bank would pay nothing for it"
    if g.pledged[i]:
        return f"{g.spaces[i].id} is pledged for a bank loan: repay the loan first"
    if g.built_in_group(p, i):
        return "sell the buildings of the group first"
    return None


def sell_deed(g: Game, p: Player, i: int) -> None:
    """Sell the deed of `i` to the bank ([002] 9/1.2); it becomes free for sale."""
    value = bank_sale_value(g, i)
    set_owner(g, i, None)
    g.mortgaged[i] = False
    bank_pays(g, p, value, "sell_deed")
    g.emit("sell_deed", player=p.seat, space=g.spaces[i].id, value=value)


def owns_group(g: Game, p: Player, group_index: int) -> bool:
    """Does `p` hold every deed of the group?"""
    return p.groups[group_index] == len(g.ed.groups[group_index].spaces)
