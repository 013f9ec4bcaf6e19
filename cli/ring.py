"""The board on one screen for the terminal (`m` at any prompt of `magie play`): the ring of
spaces laid round a square as on the printed board, the start space at the bottom right, each
space two lines: its name (cut to fit, in its group's color) and its owner's mark with the
buildings (h a house, H a hotel, M mortgaged) and the tokens standing there (*mark). The middle
holds the legend: each player's mark, name and cash.
"""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.text import Text

from magie.engine.edition.model import text_in

from .render import Names

CELL = 6
"""Characters per space (a 40-space board is 11 spaces a side: 76 columns)."""


def ring_cells(n: int) -> tuple[int, dict[int, tuple[int, int]]]:
    """The grid for a board of `n` spaces: its side `k + 1` and the (row, column) of every space,
    index 0 in the bottom-right corner, then leftwards, up, rightwards and down as on the board."""
    k = -(-n // 4)
    where: dict[int, tuple[int, int]] = {}
    for i in range(n):
        side, j = divmod(i, k)
        where[i] = [(k, k - j), (k - j, 0), (0, j), (j, k)][side]
    return k + 1, where


def marks(game) -> dict[int, str]:
    """A one-character mark per seat: the first letter of the name, or the seat number when two
    names begin alike."""
    firsts = [p.name[:1].upper() or "?" for p in game.players]
    return {p.seat: (f if firsts.count(f) == 1 else str(p.seat + 1)[-1])
            for p, f in zip(game.players, firsts, strict=True)}


def ring_view(game, names: Names) -> RichGroup:
    """The compact board of `game` (see the module docstring) as rich text lines."""
    n = game.n
    size, where = ring_cells(n)
    grid: dict[tuple[int, int], int] = {rc: i for i, rc in where.items()}
    mark = marks(game)
    hotel = game.hotel_level
    legend = [f"{mark[p.seat]} {p.name} {game.ed.currency.show(p.cash, names.lang)}"
              + ("" if p.alive else f" ({names._('bankrupt')})")
              + (f" ({names._('in jail')})" if p.alive and p.in_jail else "")
              for p in game.order]
    rows: list[Text] = []
    for r in range(size):
        top, bottom = Text(), Text()
        c = 0
        while c < size:
            i = grid.get((r, c))
            if i is None:
                if 0 < r < size - 1 and 0 < c < size - 1:     # the middle: the legend
                    width = (size - 2) * (CELL + 1) - 1
                    k = 2 * (r - 1)
                    top.append(" " + (legend[k] if k < len(legend) else "").ljust(width)[:width])
                    bottom.append(" " + (legend[k + 1] if k + 1 < len(legend) else "").ljust(width)[:width])
                    c = size - 1
                    continue
                top.append(" " * (CELL + (1 if c else 0)))
                bottom.append(" " * (CELL + (1 if c else 0)))
                c += 1
                continue
            sp = game.spaces[i]
            sep = " " if c else ""
            name = (text_in(sp.name, names.lang) or sp.id)[:CELL].ljust(CELL)
            color = game.ed.groups[sp.group_index].color if sp.group_index >= 0 else "bold"
            top.append(sep)
            top.append(name, style=color)
            o = game.owner[i]
            lvl = game.level[i]
            state = (mark[o.seat] if o is not None else "") + ("H" if lvl == hotel else "h" * lvl)
            state += "M" if game.mortgaged[i] else ""
            tokens = "".join(mark[p.seat] for p in game.players if p.alive and p.pos == i)
            cell = (state + ("*" + tokens if tokens else ""))[:CELL].ljust(CELL)
            bottom.append(sep + cell)
            c += 1
        rows += [top, bottom]
    return RichGroup(*rows)
