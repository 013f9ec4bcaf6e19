"""The status views (at any prompt of `magie play`): `s` the compact one (a line per player, a
line per color group with each deed's owner, buildings and rent due now, the bank), `full` the
tables (players with cash, position, jail, held cards, net worth; every title deed; the bank).
"""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.console import JustifyMethod
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from magie.engine.game.bank import bank_cash
from magie.engine.game.view import GameView, rent_formula

from .render import MORTGAGE_MARK, Names, building_mark


def players_table(game: GameView, names: Names) -> Table:
    """One row per player, in turn order; the player whose turn it is is marked ▶."""
    _ = names._
    t = Table(title=_("Players"), title_justify="left", expand=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("", "left"), (_("player"), "left"), (_("cash"), "right"), (_("position"), "left"),
        (_("jail"), "left"), (_("held cards"), "left"), (_("deeds"), "right"),
        (_("net worth"), "right"))
    for col, just in columns:
        t.add_column(col, justify=just)
    attempts = game.rules.jail_attempts
    for p in game.order:
        mark = "▶" if p is game.current and not game.over else ""
        if not p.alive:
            t.add_row(mark, Text(p.name, style="strike dim"), "", "", "", "", "", f"[dim]{_('bankrupt')}[/]")
            continue
        jail = f"[red]{_('in jail')}[/] " + _("(try {attempt} of {most})").format(
            attempt=p.jail_attempts + 1, most=attempts) if p.in_jail else ""
        cards = ", ".join(names.held_card(c) for c in p.held_cards)
        kind = f" [dim]({_('you')})[/]" if p.kind == "human" else ""
        if p.role is not None:
            kind += f" [dim]{names.role(p.role)}[/]"
        t.add_row(mark, f"[bold]{escape(p.name)}[/]{kind}", names.money(p.cash), names.space(p.pos),
                  jail, cards, str(len(p.deeds)), names.money(game.net_worth(p)))
    return t


def deeds_table(game: GameView, names: Names) -> Table:
    """Every title deed, grouped by color group: price, owner, buildings, mortgage."""
    _ = names._
    t = Table(title=_("Title deeds"), title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        (_("group"), "left"), (_("deed"), "left"), (_("price"), "right"), (_("owner"), "left"),
        (_("buildings"), "left"), ("", "left"))
    for col, just in columns:
        t.add_column(col, justify=just)
    for g in game.ed.groups:
        first = True
        for i in g.spaces:
            sp = game.spaces[i]
            o = game.owner[i]
            lvl = game.level[i]
            b = sp.building_at(lvl)
            if b is None:
                build = ""
            elif b[0] == "house":
                build = names.n_("{count} house", "{count} houses", b[1]).format(count=b[1])
            elif b[0] == "hotel" and b[1] > 1:
                build = names.n_("{count} hotel", "{count} hotels", b[1]).format(count=b[1])
            else:
                build = _(b[0]) if b[1] == 1 else f"{b[1]} {_(b[0])}"
            t.add_row(names.group(g.id) if first else "", names.space(i), names.money(sp.price),
                      escape(o.name) if o is not None else f"[dim]{_('bank')}[/]", build,
                      f"[red]{_('mortgaged')}[/]" if game.mortgaged[i] else "")
            first = False
        t.add_section()
    return t


def bank_line(game: GameView, names: Names) -> str:
    """What the bank has left to build with, and a finite bank's cash (with the IOUs it has out)."""
    _ = names._
    houses = (_("unlimited houses") if game.houses is None
              else names.n_("{count} house", "{count} houses", game.houses).format(count=game.houses))
    hotels = (_("unlimited hotels") if game.hotels is None
              else names.n_("{count} hotel", "{count} hotels", game.hotels).format(count=game.hotels))
    line = _("Bank: {houses} and {hotels} left").format(houses=houses, hotels=hotels)
    cash = bank_cash(game)
    if cash is None:
        return line
    line += "; " + _("its cash: {amount}").format(amount=names.money(max(0, cash)))
    if cash < 0:
        line += " " + _("({amount} in IOUs out)").format(amount=names.money(-cash))
    return line


def status_view(game: GameView, names: Names) -> RichGroup:
    """The whole status view: players, deeds, the bank."""
    head = names._("Round {round}, turn {turn}").format(round=game.round, turn=game.turns)
    return RichGroup(Text(head, style="bold"), players_table(game, names), deeds_table(game, names),
                     Text(bank_line(game, names)))


def rent_now(game: GameView, i: int, names: Names) -> str:
    """The rent a visitor would owe on deed `i` now ('' for the bank's or a mortgaged deed):
    money, or for a utility the multiplier of the dice throw."""
    o = game.owner[i]
    if o is None or game.mortgaged[i]:
        return ""
    sp = game.spaces[i]
    if sp.kind == "utility":
        k = o.groups[sp.group_index] if sp.group_index >= 0 else 1
        return f"{sp.rent[min(k, len(sp.rent)) - 1]}× {names._('dice')}" if sp.rent else ""
    try:
        return names.money(rent_formula(game, i))
    except Exception:       # a formula that reads the dice: no amount before the throw
        return ""


def compact_view(game: GameView, names: Names) -> RichGroup:
    """The status on one screen: a line per player, a line per color group (each deed with its
    owner's initial, buildings: h houses, H hotel, M mortgaged, and the rent due now), the bank."""
    _ = names._
    lines = [Text(_("Round {round}, turn {turn}").format(round=game.round, turn=game.turns), style="bold")]
    for p in game.order:
        mark = "▶ " if p is game.current and not game.over else "  "
        if not p.alive:
            lines.append(Text.from_markup(f"{mark}[strike dim]{escape(p.name)}[/] [dim]{_('bankrupt')}[/]"))
            continue
        extra = f" [red]{_('in jail')}[/]" if p.in_jail else ""
        if p.role is not None:
            extra = f" · {names.role(p.role)}" + extra
        if p.held_cards:
            k = len(p.held_cards)
            extra += " · " + names.n_("{count} card", "{count} cards", k).format(count=k)
        deeds = names.n_("{count} deed", "{count} deeds", len(p.deeds)).format(count=len(p.deeds))
        worth = _("worth {amount}").format(amount=names.money(game.net_worth(p)))
        lines.append(Text.from_markup(
            f"{mark}[bold]{escape(p.name)}[/] {names.money(p.cash)} · {names.space(p.pos)} · "
            f"{deeds} · {worth}{extra}"))
    for g in game.ed.groups:
        cells = []
        for i in g.spaces:
            o = game.owner[i]
            lvl = game.level[i]
            b = game.spaces[i].building_at(lvl)
            build = building_mark(names, b)
            owner = escape(o.name) if o is not None else f"[dim]{_('bank')}[/]"
            mort = f" [red]{MORTGAGE_MARK}[/]" if game.mortgaged[i] else ""
            rent = rent_now(game, i, names)
            cells.append(f"{names.space(i)} {owner}{' ' + build if build else ''}{mort}"
                         + (f" [dim]{_('rent')}[/] {rent}" if rent else ""))
        lines.append(Text.from_markup(f"{names.group(g.id)}: " + " · ".join(cells)))
    lines.append(Text(bank_line(game, names) + "  (" + _("type full for the whole tables") + ")"))
    return RichGroup(*lines)
