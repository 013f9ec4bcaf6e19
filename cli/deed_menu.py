"""The turn's menu at the terminal grouped by deed, as the browser's deed panel groups it: the
menu lists one line per deed with something possible now (what can be done, with its money),
and a deed's own menu lists its actions with their costs and the actions that are closed, each
with its reason (cli/reasons.py). The actions that act on no deed (a loan, a vote, an edition
action without a target, a kept card) stay lines of the turn's menu.

This module sorts a manage or raise decision's options by deed and words them; the questions
are asked in human.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magie.engine.edition.text import text_in

from .reasons import reason_in
from .render import N_, Names, building_mark, describe_action

if TYPE_CHECKING:
    from magie.engine.game.view import GameView

ORDER = {"build": 0, "sell": 1, "sell_all": 2, "unmortgage": 3, "mortgage": 4, "sell_deed": 5, "act": 6}
"""The order of a deed's actions in its menu: building and selling buildings, the mortgage,
the sale to the bank, then the edition's actions."""

SHORT = {"build": N_("build {cost}"), "sell": N_("sell a building +{cost}"),
         "sell_all": N_("sell all the group's buildings +{cost}"), "mortgage": N_("mortgage +{cost}"),
         "unmortgage": N_("lift the mortgage {cost}"), "sell_deed": N_("sell to the bank +{cost}")}
"""A deed's action in a few words with its money, for the deed's line in the turn's menu."""


def deeds_of(game: GameView, action: tuple) -> list[int]:
    """The board indices of the deeds `action` belongs under in the menu: the space it acts on
    (building, selling, mortgaging, lifting, selling to the bank, an edition action aimed at a
    deed, whoever holds it); for selling every building of a group, the group's deeds of the
    player with buildings. Empty for an action on no deed."""
    kind = action[0]
    if kind in ("build", "sell", "mortgage", "unmortgage", "sell_deed") and isinstance(action[1], int):
        return [action[1]]
    if kind == "act" and len(action) > 2 and isinstance(action[2], int):
        return [action[2]]
    if kind == "sell_all":
        g = game.ed.group_by_id.get(action[1])
        return [i for i in g.spaces if game.level[i]] if g is not None else []
    return []


def by_deed(game: GameView, actions: list[tuple]) -> tuple[dict[int, list[tuple]], list[tuple]]:
    """`actions` sorted into (deed -> its actions in `ORDER`, by board order of the deeds; the
    actions on no deed, in their order)."""
    deeds: dict[int, list[tuple]] = {}
    others: list[tuple] = []
    for a in actions:
        where = deeds_of(game, a)
        for i in where:
            deeds.setdefault(i, []).append(a)
        if not where:
            others.append(a)
    return ({i: sorted(deeds[i], key=lambda a: ORDER.get(a[0], 9)) for i in sorted(deeds)}, others)


def _cost(game: GameView, action: tuple) -> int:
    """The money of a deed's action: what it costs (build, lift) or raises (the others)."""
    kind, i = action[0], action[1]
    if kind == "build":
        rung = game.next_rung(i)
        if rung is not None:
            return rung.cost
        sp = game.spaces[i]
        return sp.hotel_cost if game.level[i] == game.hotel_level - 1 else sp.house_cost
    if kind == "sell":
        return game.sell_value(i)
    if kind == "sell_all":
        g = game.ed.group_by_id[i]
        return sum(game.building_refund(j, game.level[j]) for j in g.spaces)
    if kind == "mortgage":
        return game.spaces[i].mortgage
    if kind == "unmortgage":
        return game.unmortgage_cost(i)
    return game.bank_sale_value(i)


def short_label(n: Names, game: GameView, action: tuple) -> str:
    """A deed's action in a few words with its money ('mortgage +100k ₽'); an edition action
    by its name."""
    if action[0] == "act":
        a = next((a for a in game.ed.actions if a.id == action[1]), None)
        return n._esc(text_in(a.name, n.lang) or a.id) if a else n._esc(str(action[1]))
    return n._(SHORT[action[0]]).format(cost=n.money(_cost(game, action)))


def deed_state(n: Names, game: GameView, i: int, me: Any) -> str:
    """What stands on deed `i` and who holds it, in a few words: '(Brown; ⌂⌂)', '(Brown;
    mortgaged)', '(Pink; Bot 1's)' for a deed of another player."""
    sp = game.spaces[i]
    parts = [n.group(sp.group)] if sp.group else []
    mark = building_mark(n, sp.building_at(game.level[i])) if game.level[i] else ""
    if mark:
        parts.append(mark)
    if game.mortgaged[i]:
        parts.append(n._("mortgaged"))
    owner = game.owner[i]
    if owner is not None and owner is not me:
        parts.append(n._("{player}'s").format(player=n.player(owner.seat)))
    return f"({'; '.join(parts)})" if parts else ""


def deed_line(n: Names, game: GameView, i: int, actions: list[tuple], me: Any) -> str:
    """The deed's line in the turn's menu: its name, state and what can be done on it now:
    'Zhitnaya Street (Brown): build 50k ₽ · mortgage +30k ₽'."""
    state = deed_state(n, game, i, me)
    # selling every building of the group is said once, in the deed's own menu, unless it is all
    said = [a for a in actions if a[0] != "sell_all"] or actions
    return f"{n.space(i)}{' ' + state if state else ''}: " + " · ".join(short_label(n, game, a) for a in said)


def deed_header(n: Names, game: GameView, i: int, me: Any) -> str:
    """The first line of a deed's own menu: its name, state and rents."""
    sp = game.spaces[i]
    state = deed_state(n, game, i, me)
    head = (f"[bold]{n.space(i)}[/]" if n.markup else n.space(i)) + (f" {state}" if state else "")
    return f"{head}: " + n._("rents {rents}").format(rents=n.rents(sp)) if sp.rent else head


def closed_on(n: Names, game: GameView, me: Any, window: str, i: int) -> list[str]:
    """The actions on deed `i` not open to `me` in `window` now, each with its reason in words."""
    return [f"{describe_action(n, game, a)}: {reason_in(n, why)}"
            for a, why in game.closed_actions(me, window) if a[1] == i]
