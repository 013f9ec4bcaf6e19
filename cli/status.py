"""The status view: who has what, as rich tables (shown by `s` at any prompt of `magie play`).

Players (cash, position, jail, held cards, net worth), every title deed by color group (owner,
buildings, mortgage), and the buildings the bank has left.
"""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.console import JustifyMethod
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .render import Names


def players_table(game, names: Names) -> Table:
    """One row per player, in turn order; the player whose turn it is is marked ▶."""
    t = Table(title="Players", title_justify="left", expand=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("", "left"), ("player", "left"), ("cash", "right"), ("position", "left"),
        ("jail", "left"), ("held cards", "left"), ("deeds", "right"),
        ("net worth", "right"))
    for col, just in columns:
        t.add_column(col, justify=just)
    attempts = game.rules.jail_attempts
    for p in game.order:
        mark = "▶" if p is game.current and not game.over else ""
        if not p.alive:
            t.add_row(mark, Text(p.name, style="strike dim"), "", "", "", "", "", "[dim]bankrupt[/]")
            continue
        jail = f"[red]in jail[/] (try {p.jail_attempts + 1} of {attempts})" if p.in_jail else ""
        cards = ", ".join(names.held_card(c) for c in p.held_cards)
        kind = " [dim](you)[/]" if p.kind == "human" else ""
        t.add_row(mark, f"[bold]{escape(p.name)}[/]{kind}", names.money(p.cash), names.space(p.pos),
                  jail, cards, str(len(p.deeds)), names.money(game.net_worth(p)))
    return t


def deeds_table(game, names: Names) -> Table:
    """Every title deed, grouped by color group: price, owner, buildings, mortgage."""
    t = Table(title="Title deeds", title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("group", "left"), ("deed", "left"), ("price", "right"), ("owner", "left"),
        ("buildings", "left"), ("", "left"))
    for col, just in columns:
        t.add_column(col, justify=just)
    hotel = game.hotel_level
    for g in game.ed.groups:
        first = True
        for i in g.spaces:
            sp = game.spaces[i]
            o = game.owner[i]
            lvl = game.level[i]
            build = "hotel" if lvl == hotel else (f"{lvl} house{'s' if lvl > 1 else ''}" if lvl else "")
            t.add_row(names.group(g.id) if first else "", names.space(i), names.money(sp.price),
                      escape(o.name) if o is not None else "[dim]bank[/]", build,
                      "[red]mortgaged[/]" if game.mortgaged[i] else "")
            first = False
        t.add_section()
    return t


def bank_line(game) -> str:
    """What the bank has left to build with."""
    houses = "unlimited" if game.houses is None else str(game.houses)
    hotels = "unlimited" if game.hotels is None else str(game.hotels)
    return f"Bank: {houses} houses and {hotels} hotels left"


def status_view(game, names: Names) -> RichGroup:
    """The whole status view: players, deeds, the bank."""
    head = f"Round {game.round}, turn {game.turns}"
    return RichGroup(Text(head, style="bold"), players_table(game, names), deeds_table(game, names),
                     Text(bank_line(game)))
